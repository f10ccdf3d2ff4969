// Multi-way Keccak against the scalar Keccak (itself checked against FIPS 202
// values and OpenSSL in test_keccak.cpp): the AVX2 x4 and AVX-512 x8 kernels
// state by state, and the multi-way SHAKE / SHA3 sponges byte by byte, on
// every kernel family including the forced portable path.
#include <catch2/catch.hpp>

#include <array>
#include <utility>
#include <vector>

#include "pqmul/algorithms/isa.hpp"
#include "pqmul/schemes/common/keccak.hpp"
#include "pqmul/schemes/common/keccak_multiway.hpp"
#include "test_util.hpp"
#include "isa_gate.hpp"

namespace pqmul_tests::common_test_keccak_multiway {

using namespace pqmul;

namespace {

using State = std::array<std::uint64_t, 25>;

using pqmul::test::ForcePortable;

// Permutes `states` (Ways of them) with `kernel` on the interleaved layout and
// checks each against the scalar permutation.
template <std::size_t Ways, class Kernel>
void check_kernel(std::array<State, Ways> states, Kernel kernel) {
  alignas(64) std::uint64_t interleaved[25 * Ways];
  for (std::size_t i = 0; i < 25; ++i)
    for (std::size_t k = 0; k < Ways; ++k) interleaved[Ways * i + k] = states[k][i];
  kernel(interleaved);
  for (std::size_t k = 0; k < Ways; ++k) {
    keccak::permute(states[k]);
    State got;
    for (std::size_t i = 0; i < 25; ++i) got[i] = interleaved[Ways * i + k];
    INFO("way " << k);
    REQUIRE(got == states[k]);
  }
}

// Zero states, every single set bit (spread over the ways), all ones, and
// seeded random states.
template <std::size_t Ways, class Kernel>
void check_kernel_on_all_inputs(Kernel kernel) {
  // Plain blocks rather than SECTIONs: the caller loops over kernel families.
  check_kernel<Ways>(std::array<State, Ways>{}, kernel);
  {
    for (std::size_t bit = 0; bit < 1600; bit += Ways) {
      std::array<State, Ways> states{};
      for (std::size_t k = 0; k < Ways; ++k) {
        const std::size_t b = (bit + k) % 1600;
        states[k][b / 64] = std::uint64_t{1} << (b % 64);
      }
      check_kernel<Ways>(states, kernel);
    }
  }
  {
    std::array<State, Ways> states;
    for (auto& s : states) s.fill(~std::uint64_t{0});
    check_kernel<Ways>(states, kernel);
  }
  {
    test::TestPrng prng(Ways);
    for (int round = 0; round < 64; ++round) {
      std::array<State, Ways> states;
      for (auto& s : states)
        for (auto& lane : s) lane = prng.next();
      check_kernel<Ways>(states, kernel);
    }
  }
}

constexpr std::array<Isa, 4> families = {Isa::portable, Isa::avx2, Isa::avx512, Isa::neon};

// Scalar SHAKE of each input; the reference for the multi-way sponges.
std::vector<std::uint8_t> scalar_shake(std::size_t rate, const std::vector<std::uint8_t>& in, std::size_t out_len) {
  std::vector<std::uint8_t> out(out_len);
  if (rate == 168)
    keccak::shake128(out, in);
  else
    keccak::shake256(out, in);
  return out;
}

template <std::size_t Ways>
void check_shake(std::size_t rate, Isa isa, std::size_t in_len, std::size_t out_len, test::TestPrng& prng) {
  std::array<std::vector<std::uint8_t>, Ways> inputs;
  typename keccak::MultiSponge<Ways>::Inputs in_spans;
  std::array<std::vector<std::uint8_t>, Ways> outputs;
  typename keccak::MultiSponge<Ways>::Outputs out_spans;
  for (std::size_t k = 0; k < Ways; ++k) {
    inputs[k] = prng.bytes(in_len);
    in_spans[k] = inputs[k];
    outputs[k].assign(out_len, 0xEE);
    out_spans[k] = outputs[k];
  }
  keccak::MultiSponge<Ways> sponge(rate, 0x1F, isa);
  sponge.absorb(in_spans);
  sponge.squeeze(out_spans);
  for (std::size_t k = 0; k < Ways; ++k) {
    INFO("rate " << rate << ", isa " << isa_name(isa) << ", in " << in_len << ", out " << out_len << ", way " << k);
    REQUIRE(outputs[k] == scalar_shake(rate, inputs[k], out_len));
  }
}

template <std::size_t Ways>
void check_shake_lengths(Isa isa) {
  test::TestPrng prng(1000 + Ways);
  for (std::size_t rate : {std::size_t{168}, std::size_t{136}}) {
    for (std::size_t in_len : {std::size_t{0}, std::size_t{1}, rate - 1, rate, rate + 1, std::size_t{200}})
      for (std::size_t out_len : {std::size_t{1}, std::size_t{32}, rate - 1, rate, rate + 1, 3 * rate + 5})
        check_shake<Ways>(rate, isa, in_len, out_len, prng);
  }
}

// Absorbing and squeezing in uneven pieces gives the one-shot streams.
template <std::size_t Ways>
void check_incremental(Isa isa) {
  test::TestPrng prng(77 + Ways);
  const std::size_t rate = 168, in_len = 3 * rate + 11, out_len = 2 * rate + 50;
  std::array<std::vector<std::uint8_t>, Ways> inputs, outputs;
  for (std::size_t k = 0; k < Ways; ++k) {
    inputs[k] = prng.bytes(in_len);
    outputs[k].resize(out_len);
  }
  keccak::MultiSponge<Ways> sponge(rate, 0x1F, isa);
  const std::size_t in_cuts[] = {0, 5, 5, rate + 7, 2 * rate + 7, 3 * rate, in_len};
  for (std::size_t c = 0; c + 1 < std::size(in_cuts); ++c) {
    typename keccak::MultiSponge<Ways>::Inputs pieces;
    for (std::size_t k = 0; k < Ways; ++k)
      pieces[k] = std::span<const std::uint8_t>(inputs[k]).subspan(in_cuts[c], in_cuts[c + 1] - in_cuts[c]);
    sponge.absorb(pieces);
  }
  const std::size_t out_cuts[] = {0, 3, rate - 1, rate, rate + 2, 2 * rate + 2, out_len};
  for (std::size_t c = 0; c + 1 < std::size(out_cuts); ++c) {
    typename keccak::MultiSponge<Ways>::Outputs pieces;
    for (std::size_t k = 0; k < Ways; ++k)
      pieces[k] = std::span<std::uint8_t>(outputs[k]).subspan(out_cuts[c], out_cuts[c + 1] - out_cuts[c]);
    sponge.squeeze(pieces);
  }
  for (std::size_t k = 0; k < Ways; ++k) {
    INFO("isa " << isa_name(isa) << ", way " << k);
    REQUIRE(outputs[k] == scalar_shake(rate, inputs[k], out_len));
  }
}

}  // namespace

#if defined(PQMUL_X86_SIMD)
TEST_CASE("keccak_f1600_x4_avx2 equals the scalar permutation", "[keccak][multiway][avx2]") {
  if (!pqmul::test::runs_here(Isa::avx2)) {
    CHECK_FALSE(isa_unavailable_reason(Isa::avx2).empty());
    return;
  }
  check_kernel_on_all_inputs<4>([](std::uint64_t* s) { keccak::keccak_f1600_x4_avx2(s); });
}

TEST_CASE("keccak_f1600_x8_avx512 and keccak_f1600_x4_avx512 equal the scalar permutation",
          "[keccak][multiway][avx512]") {
  if (!pqmul::test::runs_here(Isa::avx512)) {
    CHECK_FALSE(isa_unavailable_reason(Isa::avx512).empty());
    return;
  }
  check_kernel_on_all_inputs<8>([](std::uint64_t* s) { keccak::keccak_f1600_x8_avx512(s); });
  check_kernel_on_all_inputs<4>([](std::uint64_t* s) { keccak::keccak_f1600_x4_avx512(s); });
}
#endif

TEST_CASE("permute_x4 and permute_x8 equal the scalar permutation on every kernel family", "[keccak][multiway]") {
  for (Isa isa : families) {
    INFO("isa " << isa_name(isa));
    check_kernel_on_all_inputs<4>([isa](std::uint64_t* s) { keccak::permute_x4(s, isa); });
    check_kernel_on_all_inputs<8>([isa](std::uint64_t* s) { keccak::permute_x8(s, isa); });
  }
}

TEST_CASE("the sponges run the kernel the CPU offers", "[keccak][multiway]") {
  const Isa fastest = keccak::fastest_keccak_isa();
  CHECK(fastest == (isa_available(Isa::avx512) ? Isa::avx512 : isa_available(Isa::avx2) ? Isa::avx2 : Isa::portable));
  CHECK(keccak::Shake128X8().isa() == fastest);
  CHECK(keccak::Shake128X4().isa() == fastest);
  // No NEON Keccak (the scalar permutation modelled faster): a NEON object
  // hashes with the portable kernels.
  CHECK(keccak::Shake128X4(Isa::neon).isa() == Isa::portable);
  CHECK(keccak::lower_keccak_isa(Isa::neon, 4) == Isa::portable);
  CHECK(keccak::Shake256X8(Isa::avx2).isa() == (isa_available(Isa::avx2) ? Isa::avx2 : Isa::portable));
  CHECK(keccak::Shake256X4(Isa::portable).isa() == Isa::portable);
}

TEST_CASE("multi-way SHAKE128 / SHAKE256 equal scalar SHAKE", "[keccak][multiway]") {
  for (Isa isa : families) {
    check_shake_lengths<4>(isa);
    check_shake_lengths<8>(isa);
    check_incremental<4>(isa);
    check_incremental<8>(isa);
  }
}

TEST_CASE("one-shot multi-way SHAKE and SHA3 equal the scalar functions", "[keccak][multiway]") {
  test::TestPrng prng(5);
  std::array<std::vector<std::uint8_t>, 8> in;
  for (std::size_t k = 0; k < 8; ++k) in[k] = prng.bytes(33);
  std::array<std::array<std::uint8_t, 100>, 8> out;
  const keccak::MultiSponge<4>::Inputs in4 = {in[0], in[1], in[2], in[3]};
  const keccak::MultiSponge<8>::Inputs in8 = {in[0], in[1], in[2], in[3], in[4], in[5], in[6], in[7]};
  const keccak::MultiSponge<4>::Outputs out4 = {out[0], out[1], out[2], out[3]};
  const keccak::MultiSponge<8>::Outputs out8 = {out[0], out[1], out[2], out[3], out[4], out[5], out[6], out[7]};
  std::array<std::uint8_t, 100> expected;

  keccak::shake128_x4(out4, in4);
  for (std::size_t k = 0; k < 4; ++k) {
    keccak::shake128(expected, in[k]);
    CHECK(out[k] == expected);
  }
  keccak::shake256_x4(out4, in4);
  for (std::size_t k = 0; k < 4; ++k) {
    keccak::shake256(expected, in[k]);
    CHECK(out[k] == expected);
  }
  keccak::shake128_x8(out8, in8);
  for (std::size_t k = 0; k < 8; ++k) {
    keccak::shake128(expected, in[k]);
    CHECK(out[k] == expected);
  }
  keccak::shake256_x8(out8, in8);
  for (std::size_t k = 0; k < 8; ++k) {
    keccak::shake256(expected, in[k]);
    CHECK(out[k] == expected);
  }
  // SHA3 over lengths around the SHA3-512 rate (72) and the SHA3-256 rate (136).
  for (std::size_t len : {std::size_t{0}, std::size_t{71}, std::size_t{72}, std::size_t{136}, std::size_t{137}}) {
    std::array<std::vector<std::uint8_t>, 4> msg;
    for (auto& m : msg) m = prng.bytes(len);
    const keccak::MultiSponge<4>::Inputs spans = {msg[0], msg[1], msg[2], msg[3]};
    const auto d256 = keccak::sha3_256_x4(spans);
    const auto d512 = keccak::sha3_512_x4(spans);
    for (std::size_t k = 0; k < 4; ++k) {
      INFO("length " << len << ", way " << k);
      CHECK(d256[k] == keccak::sha3_256(msg[k]));
      CHECK(d512[k] == keccak::sha3_512(msg[k]));
    }
  }
}

TEST_CASE("the forced portable path gives the same bytes", "[keccak][multiway]") {
  test::TestPrng prng(9);
  std::array<std::vector<std::uint8_t>, 8> in;
  for (auto& v : in) v = prng.bytes(34);
  const keccak::MultiSponge<8>::Inputs spans = {in[0], in[1], in[2], in[3], in[4], in[5], in[6], in[7]};
  auto run = [&] {
    keccak::Shake128X8 h;
    h.absorb(spans);
    std::array<std::array<std::uint8_t, 504>, 8> out;
    h.squeeze({out[0], out[1], out[2], out[3], out[4], out[5], out[6], out[7]});
    return std::pair{h.isa(), out};
  };
  const auto [best_isa_used, best] = run();
  {
    ForcePortable forced;
    CHECK(keccak::fastest_keccak_isa() == Isa::portable);
    const auto [portable_isa_used, portable] = run();
    CHECK(portable_isa_used == Isa::portable);
    CHECK(portable == best);
  }
  CHECK(keccak::fastest_keccak_isa() == best_isa_used);
  for (std::size_t k = 0; k < 8; ++k) {
    std::array<std::uint8_t, 504> expected;
    keccak::shake128(expected, in[k]);
    CHECK(best[k] == expected);
  }
}

TEST_CASE("multi-way sponges reject unequal lengths and absorb after squeeze", "[keccak][multiway]") {
  std::array<std::uint8_t, 8> a{}, b{};
  std::array<std::uint8_t, 9> c{};
  keccak::Shake128X4 h;
  CHECK_THROWS_AS(h.absorb({a, b, c, a}), std::invalid_argument);
  h.absorb({a, b, a, b});
  CHECK_THROWS_AS(h.squeeze({a, b, c, a}), std::invalid_argument);
  h.squeeze({a, b, a, b});
  CHECK_THROWS_AS(h.absorb({a, b, a, b}), std::logic_error);
  CHECK_THROWS_AS(keccak::MultiSponge<4>(100, 0x1F), std::invalid_argument);
}

}  // namespace pqmul_tests::common_test_keccak_multiway
