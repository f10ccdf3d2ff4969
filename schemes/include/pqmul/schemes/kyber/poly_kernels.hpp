#pragma once
// Kyber's polynomial kernel family (kernel_dispatch.hpp): sampling,
// encoding, compression and coefficient arithmetic of FIPS 203 section 4.
// Backends: portable (primitives.cpp), neon (poly_neon.hpp, the NEON samplers), avx2 (compress_avx2.hpp,
// encode_avx2.hpp, the AVX2 samplers), avx512 (Compress), avx512 with VBMI2
// (rejection sampling and CBD). Every entry computes exactly its portable
// twin's values; the primitives' overloads taking a table (primitives.hpp)
// check the sizes and call it.
#include <cstddef>
#include <cstdint>
#include <span>
#include <tuple>

#include "pqmul/algorithms/kernel_dispatch.hpp"
#include "pqmul/algorithms/poly.hpp"
#include "pqmul/algorithms/ring.hpp"

namespace pqmul::kyber {

using KPoly = Poly<KyberRing>;

struct PolyKernels {
  // Appends the candidates below q of bytes[0, length) (12 bits each, two per
  // 3 bytes, FIPS 203 Algorithm 7) to f from position `filled` on, until 256
  // are there; returns the new count.
  Kernel<std::size_t(KPoly& f, std::size_t filled, const std::uint8_t* bytes, std::size_t length)> rej_uniform;
  // SamplePolyCBD_eta of the 64 eta bytes at prf, eta in {2, 3}.
  Kernel<void(const std::uint8_t* prf, unsigned eta, KPoly& out)> cbd;
  Kernel<void(const KPoly& f, unsigned d, std::uint8_t* out)> byte_encode;
  Kernel<void(const KPoly& f, std::size_t from, std::size_t to, std::uint8_t* out)> byte_encode_12_part;
  Kernel<void(const std::uint8_t* in, unsigned d, KPoly& out)> byte_decode;
  Kernel<void(const KPoly& f, unsigned d, KPoly& out)> compress;
  Kernel<void(const KPoly& f, unsigned d, KPoly& out)> decompress;
  Kernel<void(const std::uint8_t* m, KPoly& out)> message_to_poly;
  Kernel<void(const KPoly& w, std::uint8_t* m)> poly_to_message;
  Kernel<void(const KPoly& a, const KPoly& b, KPoly& out)> add_mod_q;
  Kernel<void(const KPoly& a, const KPoly& b, KPoly& out)> sub_mod_q;

  static constexpr auto entries = std::tuple{
      KernelEntry{"rej_uniform", &PolyKernels::rej_uniform},
      KernelEntry{"cbd", &PolyKernels::cbd},
      KernelEntry{"byte_encode", &PolyKernels::byte_encode},
      KernelEntry{"byte_encode_12_part", &PolyKernels::byte_encode_12_part},
      KernelEntry{"byte_decode", &PolyKernels::byte_decode},
      KernelEntry{"compress", &PolyKernels::compress},
      KernelEntry{"decompress", &PolyKernels::decompress},
      KernelEntry{"message_to_poly", &PolyKernels::message_to_poly},
      KernelEntry{"poly_to_message", &PolyKernels::poly_to_message},
      KernelEntry{"add_mod_q", &PolyKernels::add_mod_q},
      KernelEntry{"sub_mod_q", &PolyKernels::sub_mod_q},
  };
  static std::span<const KernelBackend<PolyKernels>> backends();
};

// The polynomial kernels of an object built for `isa` (kernels_for).
inline const PolyKernels& poly_kernels(Isa isa) { return kernels_for<PolyKernels>(isa); }

}  // namespace pqmul::kyber
