#pragma once
// Parameter sets of Kyber (round 3, specification v3.02) and ML-KEM (FIPS 203).
// Both share the ring, the sampling and the compression; they differ in how
// keys, messages and shared secrets are hashed (see kyber_scheme.hpp).
#include <cstddef>
#include <string_view>

namespace pqmul::kyber {

enum class Version { round3, fips203 };

template <Version V, unsigned K>
struct ParameterSet {
  static constexpr Version version = V;
  static constexpr unsigned k = K;
  static constexpr unsigned eta1 = K == 2 ? 3 : 2;
  static constexpr unsigned eta2 = 2;
  static constexpr unsigned du = K == 4 ? 11 : 10;
  static constexpr unsigned dv = K == 4 ? 5 : 4;

  static constexpr std::size_t poly_bytes = 384;  // ByteEncode_12 of one polynomial
  static constexpr std::size_t ek_bytes = poly_bytes * K + 32;
  static constexpr std::size_t dk_pke_bytes = poly_bytes * K;
  static constexpr std::size_t dk_bytes = dk_pke_bytes + ek_bytes + 32 + 32;
  static constexpr std::size_t c1_bytes = 32 * du * K;
  static constexpr std::size_t c2_bytes = 32 * dv;
  static constexpr std::size_t ct_bytes = c1_bytes + c2_bytes;
  static constexpr std::size_t ss_bytes = 32;

  static constexpr std::string_view name = V == Version::round3 ? (K == 2 ? "kyber512" : K == 3 ? "kyber768" : "kyber1024")
                                                                : (K == 2 ? "ml-kem-512" : K == 3 ? "ml-kem-768" : "ml-kem-1024");
  // The pq-crystals KAT generator prints CRYPTO_ALGNAME, which is "Kyber<n>"
  // for both versions (tests/vectors/kem/KAT_HASHES.txt).
  static constexpr std::string_view kat_header = K == 2 ? "# Kyber512" : K == 3 ? "# Kyber768" : "# Kyber1024";
};

using Kyber512 = ParameterSet<Version::round3, 2>;
using Kyber768 = ParameterSet<Version::round3, 3>;
using Kyber1024 = ParameterSet<Version::round3, 4>;
using MlKem512 = ParameterSet<Version::fips203, 2>;
using MlKem768 = ParameterSet<Version::fips203, 3>;
using MlKem1024 = ParameterSet<Version::fips203, 4>;

static_assert(Kyber768::ek_bytes == 1184 && Kyber768::dk_bytes == 2400 && Kyber768::ct_bytes == 1088);
static_assert(MlKem512::ct_bytes == 768 && MlKem1024::ct_bytes == 1568 && MlKem1024::dk_bytes == 3168);

}  // namespace pqmul::kyber
