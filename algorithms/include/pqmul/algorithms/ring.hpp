#pragma once
// Compile-time descriptions of the polynomial rings Z_q[x]/(x^n -+ 1) that the
// KEMs use (DESIGN.md section 2).
#include <bit>
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace pqmul {

// x^n - 1 (cyclic) or x^n + 1 (negacyclic).
enum class Wrap { cyclic, negacyclic };

template <class R>
concept RingDescription = requires {
  { R::name } -> std::convertible_to<std::string_view>;
  { R::n } -> std::convertible_to<std::size_t>;
  { R::q } -> std::convertible_to<std::uint32_t>;
  { R::wrap } -> std::convertible_to<Wrap>;
} && (R::n > 0) && (R::q >= 2) && (R::q <= 65536);

template <std::size_t N, std::uint32_t Q, Wrap W>
struct RingShape {
  static constexpr std::size_t n = N;
  static constexpr std::uint32_t q = Q;
  static constexpr Wrap wrap = W;
  // A power-of-two q makes the ring NTT-unfriendly and lets Toom-Cook run in
  // wrapping machine words.
  static constexpr bool power_of_two_q = std::has_single_bit(Q);
  static constexpr unsigned q_bits = std::bit_width(Q - 1);
};

struct KyberRing : RingShape<256, 3329, Wrap::negacyclic> {
  static constexpr std::string_view name = "kyber";
};
struct SaberRing : RingShape<256, 8192, Wrap::negacyclic> {
  static constexpr std::string_view name = "saber";
};
struct SaberPRing : RingShape<256, 1024, Wrap::negacyclic> {
  static constexpr std::string_view name = "saber-p";
};
struct NtruHps2048509Ring : RingShape<509, 2048, Wrap::cyclic> {
  static constexpr std::string_view name = "ntru-hps2048509";
};
struct NtruHps2048677Ring : RingShape<677, 2048, Wrap::cyclic> {
  static constexpr std::string_view name = "ntru-hps2048677";
};
struct NtruHrss701Ring : RingShape<701, 8192, Wrap::cyclic> {
  static constexpr std::string_view name = "ntru-hrss701";
};
struct NtruHps4096821Ring : RingShape<821, 4096, Wrap::cyclic> {
  static constexpr std::string_view name = "ntru-hps4096821";
};

// Run-time view of a ring, for the registry and the CLI.
struct RingInfo {
  std::string_view name;
  std::size_t n;
  std::uint32_t q;
  Wrap wrap;
};

template <RingDescription R>
constexpr RingInfo ring_info() {
  return {R::name, R::n, R::q, R::wrap};
}

// Calls f.template operator()<R>() for every ring of the catalogue.
template <class F>
constexpr void for_each_ring(F&& f) {
  f.template operator()<KyberRing>();
  f.template operator()<SaberRing>();
  f.template operator()<SaberPRing>();
  f.template operator()<NtruHps2048509Ring>();
  f.template operator()<NtruHps2048677Ring>();
  f.template operator()<NtruHrss701Ring>();
  f.template operator()<NtruHps4096821Ring>();
}

}  // namespace pqmul
