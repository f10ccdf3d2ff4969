#pragma once
// Start states of the divstep loops (inverse.hpp's bit-sliced layout) for the
// twin tests of their SIMD kernels.
#include <array>
#include <cstddef>
#include <cstdint>
#include <random>

namespace ntru_test {

// A state of up to 8 planes of W words with every bit at or above n clear.
template <std::size_t W>
struct alignas(32) State {
  std::array<std::uint64_t, 8 * W> words{};
  friend bool operator==(const State&, const State&) = default;
};

// f and g zero (kind 0), all ones (1) or random (2); v = 0 and w a constant,
// the kernels' precondition.
template <std::size_t W>
State<W> make_state(std::size_t planes, std::size_t n, int kind, std::mt19937_64& rng) {
  State<W> s;
  for (std::size_t p = 0; p < planes / 2; ++p)  // f and g
    for (std::size_t i = 0; i < n; ++i) {
      const std::uint64_t bit = kind == 0 ? 0 : kind == 1 ? 1 : rng() & 1;
      s.words[p * W + i / 64] |= bit << (i % 64);
    }
  if (planes == 4) s.words[0] |= 1;  // f(0) = 1, as the GF(2) kernels require
  const std::size_t w_plane = planes == 8 ? 6 : 3;
  s.words[w_plane * W] = kind == 0 ? 0 : rng() & 1;
  if (planes == 8) s.words[(w_plane + 1) * W] = rng() & 1;
  if (planes == 8)  // one-hot trits: a coefficient is never both 1 and 2
    for (std::size_t p = 0; p < 8; p += 2)
      for (std::size_t i = 0; i < W; ++i) s.words[(p + 1) * W + i] &= ~s.words[p * W + i];
  return s;
}

// The cases of the twin tests of the divstep kernels: lengths from 200 to
// 1024 (one to four units of four words), f and g zero, all ones or random,
// four start deltas, GF(3) (8 planes) and GF(2) (4 planes) states, and step
// counts that end inside a unit (v and w still growing) or are an
// inversion's count. Calls check.template operator()<W>(start, n, planes,
// steps, delta, kind) for each.
template <class Check>
void for_each_divstep_case(std::mt19937_64& rng, Check&& check) {
  auto length = [&]<std::size_t W>(std::size_t n) {
    for (int kind = 0; kind < 6; ++kind)
      for (std::int32_t delta : {1, -3, 0, 40})
        for (std::size_t planes : {std::size_t{8}, std::size_t{4}}) {
          const State<W> start = make_state<W>(planes, n, kind < 2 ? kind : 2, rng);
          const std::size_t steps = kind >= 4 ? 2 * n - 3 : 97 + 64 * static_cast<std::size_t>(kind);
          check.template operator()<W>(start, n, planes, steps, delta, kind);
        }
  };
  length.template operator()<4>(200);
  length.template operator()<4>(256);
  length.template operator()<8>(509);
  length.template operator()<12>(677);
  length.template operator()<12>(701);
  length.template operator()<16>(821);
  length.template operator()<16>(1024);
}

}  // namespace ntru_test
