#pragma once
// The four NTRU round-3 parameter sets (NIST submission of October 2020):
// ring, variant (HPS: fixed-weight m and g; HRSS: i.i.d. sampling and the
// (x-1) lift) and the byte sizes of seeds, keys and ciphertexts.
#include <bit>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "pqmul/algorithms/ring.hpp"

namespace pqmul::ntru {

enum class Variant { hps, hrss };

template <RingDescription Ring, Variant V>
struct ParamSet {
  static_assert(Ring::wrap == Wrap::cyclic && Ring::power_of_two_q, "NTRU works in Z_q[x]/(x^n - 1), q = 2^k");
  using ring = Ring;
  static constexpr Variant variant = V;
  static constexpr std::size_t n = Ring::n;
  static constexpr std::uint32_t q = Ring::q;
  static constexpr unsigned log_q = static_cast<unsigned>(std::countr_zero(Ring::q));
  // HPS: m and g have weight/2 coefficients +1 and weight/2 coefficients -1.
  static constexpr std::size_t weight = q / 8 - 2;

  static constexpr std::size_t iid_bytes = n - 1;                        // one byte per trit
  static constexpr std::size_t fixed_type_bytes = (30 * (n - 1) + 7) / 8;  // 30 bits per sort key
  static constexpr std::size_t fg_bytes = V == Variant::hps ? iid_bytes + fixed_type_bytes : 2 * iid_bytes;
  static constexpr std::size_t rm_bytes = fg_bytes;

  // Packed objects hold n-1 coefficients: elements of S_3 / S_q have a zero
  // last coefficient, elements of R_q with sum 0 recover it.
  static constexpr std::size_t pack_degree = n - 1;
  static constexpr std::size_t trinary_bytes = (pack_degree + 4) / 5;  // 5 trits per byte
  static constexpr std::size_t message_bytes = 2 * trinary_bytes;      // packed (r, m)
  static constexpr std::size_t rq_bytes = (log_q * pack_degree + 7) / 8;
  static constexpr std::size_t prf_key_bytes = 32;

  static constexpr std::size_t public_key_bytes = rq_bytes;
  static constexpr std::size_t owcpa_secret_key_bytes = 2 * trinary_bytes + rq_bytes;
  static constexpr std::size_t secret_key_bytes = owcpa_secret_key_bytes + prf_key_bytes;
  static constexpr std::size_t ciphertext_bytes = rq_bytes;
  static constexpr std::size_t shared_secret_bytes = 32;
};

struct Hps2048509 : ParamSet<NtruHps2048509Ring, Variant::hps> {
  static constexpr std::string_view name = "ntruhps2048509";
};
struct Hps2048677 : ParamSet<NtruHps2048677Ring, Variant::hps> {
  static constexpr std::string_view name = "ntruhps2048677";
};
struct Hps4096821 : ParamSet<NtruHps4096821Ring, Variant::hps> {
  static constexpr std::string_view name = "ntruhps4096821";
};
struct Hrss701 : ParamSet<NtruHrss701Ring, Variant::hrss> {
  static constexpr std::string_view name = "ntruhrss701";
};

// Sizes of the official KAT files (PQCkemKAT_<sk bytes>.rsp).
static_assert(Hps2048509::public_key_bytes == 699 && Hps2048509::secret_key_bytes == 935);
static_assert(Hps2048677::public_key_bytes == 930 && Hps2048677::secret_key_bytes == 1234);
static_assert(Hps4096821::public_key_bytes == 1230 && Hps4096821::secret_key_bytes == 1590);
static_assert(Hrss701::public_key_bytes == 1138 && Hrss701::secret_key_bytes == 1450);
// The fixed-type sampler reads whole groups of four 30-bit keys (15 bytes).
static_assert((Hps2048509::n - 1) % 4 == 0 && (Hps2048677::n - 1) % 4 == 0 && (Hps4096821::n - 1) % 4 == 0);

template <class P>
concept ParameterSet = requires {
  typename P::ring;
  { P::name } -> std::convertible_to<std::string_view>;
  { P::variant } -> std::convertible_to<Variant>;
};

// Calls f.template operator()<P>() for every parameter set.
template <class F>
constexpr void for_each_parameter_set(F&& f) {
  f.template operator()<Hps2048509>();
  f.template operator()<Hps2048677>();
  f.template operator()<Hps4096821>();
  f.template operator()<Hrss701>();
}

}  // namespace pqmul::ntru
