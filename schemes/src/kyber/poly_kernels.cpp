// The backends of Kyber's polynomial kernel family (poly_kernels.hpp).
// Portable code: the SIMD kernels are only reached through a table resolved
// for a CPU that runs them.
#include "pqmul/schemes/kyber/poly_kernels.hpp"

#include <array>

#include "poly_backends.hpp"
#include "pqmul/schemes/kyber/compress_avx2.hpp"
#include "pqmul/schemes/kyber/compress_avx512.hpp"
#include "pqmul/schemes/kyber/encode_avx2.hpp"
#include "pqmul/schemes/kyber/poly_neon.hpp"
#include "pqmul/schemes/kyber/primitives.hpp"
#include "pqmul/schemes/kyber/sampling_multiway.hpp"

namespace pqmul::kyber {
namespace {

using Backend = KernelBackend<PolyKernels>;

#if defined(PQMUL_X86_SIMD)
// The AVX2 encoders and compressors cover the widths Kyber and ML-KEM use;
// other widths take the portable code.
const PolyKernels avx2_kernels{
    {[](KPoly& f, std::size_t filled, const std::uint8_t* bytes, std::size_t length) {
      return kyber_rej_uniform_avx2(f.coeffs.data(), filled, bytes, length);
    }},
    {[](const std::uint8_t* prf, unsigned eta, KPoly& out) { kyber_cbd_avx2(out.coeffs.data(), prf, eta); }},
    {[](const KPoly& f, unsigned d, std::uint8_t* out) {
      if (!avx2::byte_encode(out, f.coeffs.data(), d)) byte_encode(f, d, std::span(out, 32 * d));
    }},
    {[](const KPoly& f, std::size_t from, std::size_t to, std::uint8_t* out) {
      avx2::byte_encode_12_part(out, f.coeffs.data(), from, to);
    }},
    {[](const std::uint8_t* in, unsigned d, KPoly& out) {
      switch (d) {
        case 1:
          return avx2::byte_decode_1(out.coeffs.data(), in);
        case 4:
          return avx2::byte_decode_4(out.coeffs.data(), in);
        case 5:
          return avx2::byte_decode_5(out.coeffs.data(), in);
        case 10:
          return avx2::byte_decode_10(out.coeffs.data(), in);
        case 11:
          return avx2::byte_decode_11(out.coeffs.data(), in);
        case 12:
          return avx2::byte_decode_12(out.coeffs.data(), in);
        default:
          out = byte_decode(std::span(in, 32 * d), d);
      }
    }},
    {[](const KPoly& f, unsigned d, KPoly& out) {
      if (!avx2::compress(out.coeffs.data(), f.coeffs.data(), d)) out = compress(f, d);
    }},
    {[](const KPoly& f, unsigned d, KPoly& out) {
      if (!avx2::decompress(out.coeffs.data(), f.coeffs.data(), d)) out = decompress(f, d);
    }},
    {[](const std::uint8_t* m, KPoly& out) { avx2::decode_message(out.coeffs.data(), m); }},
    {[](const KPoly& w, std::uint8_t* m) {
      KPoly bits(uninitialized);
      avx2::compress(bits.coeffs.data(), w.coeffs.data(), 1);
      avx2::byte_encode(m, bits.coeffs.data(), 1);
    }},
    {[](const KPoly& a, const KPoly& b, KPoly& out) {
      avx2::add_mod_q(out.coeffs.data(), a.coeffs.data(), b.coeffs.data());
    }},
    {[](const KPoly& a, const KPoly& b, KPoly& out) {
      avx2::sub_mod_q(out.coeffs.data(), a.coeffs.data(), b.coeffs.data());
    }},
};

PolyKernels avx512_only_compress() {
  PolyKernels k;
  k.compress = {[](const KPoly& f, unsigned d, KPoly& out) {
    if (!avx512::compress(out.coeffs.data(), f.coeffs.data(), d)) avx2_kernels.compress(f, d, out);
  }};
  return k;
}

PolyKernels avx512_vbmi2_samplers() {
  PolyKernels k;
  k.rej_uniform = {[](KPoly& f, std::size_t filled, const std::uint8_t* bytes, std::size_t length) {
    return kyber_rej_uniform_avx512vbmi2(f.coeffs.data(), filled, bytes, length);
  }};
  k.cbd = {
      [](const std::uint8_t* prf, unsigned eta, KPoly& out) { kyber_cbd_avx512vbmi(out.coeffs.data(), prf, eta); }};
  return k;
}

#endif

#if defined(PQMUL_ARM_SIMD)
// The NEON samplers, and codecs and compressors for the widths Kyber and
// ML-KEM use; other widths take the portable code.
PolyKernels neon_kernels() {
  PolyKernels k;
  k.rej_uniform = {[](KPoly& f, std::size_t filled, const std::uint8_t* bytes, std::size_t length) {
    return kyber_rej_uniform_neon(f.coeffs.data(), filled, bytes, length);
  }};
  k.cbd = {[](const std::uint8_t* prf, unsigned eta, KPoly& out) { kyber_cbd_neon(out.coeffs.data(), prf, eta); }};
  k.byte_encode = {[](const KPoly& f, unsigned d, std::uint8_t* out) {
    if (!neon::byte_encode(out, f.coeffs.data(), d)) byte_encode(f, d, std::span(out, 32 * d));
  }};
  k.byte_encode_12_part = {[](const KPoly& f, std::size_t from, std::size_t to, std::uint8_t* out) {
    neon::byte_encode_12_part(out, f.coeffs.data(), from, to);
  }};
  k.byte_decode = {[](const std::uint8_t* in, unsigned d, KPoly& out) {
    if (!neon::byte_decode(out.coeffs.data(), in, d)) out = byte_decode(std::span(in, 32 * d), d);
  }};
  k.compress = {[](const KPoly& f, unsigned d, KPoly& out) {
    if (!neon::compress(out.coeffs.data(), f.coeffs.data(), d)) out = compress(f, d);
  }};
  k.decompress = {[](const KPoly& f, unsigned d, KPoly& out) {
    if (!neon::decompress(out.coeffs.data(), f.coeffs.data(), d)) out = decompress(f, d);
  }};
  k.message_to_poly = {[](const std::uint8_t* m, KPoly& out) { neon::decode_message(out.coeffs.data(), m); }};
  k.poly_to_message = {[](const KPoly& w, std::uint8_t* m) { neon::encode_message(m, w.coeffs.data()); }};
  k.add_mod_q = {[](const KPoly& a, const KPoly& b, KPoly& out) {
    neon::add_mod_q(out.coeffs.data(), a.coeffs.data(), b.coeffs.data());
  }};
  k.sub_mod_q = {[](const KPoly& a, const KPoly& b, KPoly& out) {
    neon::sub_mod_q(out.coeffs.data(), a.coeffs.data(), b.coeffs.data());
  }};
  return k;
}
#endif

}  // namespace

std::span<const KernelBackend<PolyKernels>> PolyKernels::backends() {
  // (Built on first use, after the tables above whatever the initialisation order of other files.)
  static const std::array list {
    Backend{Isa::portable, [](const CpuFeatures&) { return true; }, portable_poly_kernels()},
#if defined(PQMUL_X86_SIMD)
        Backend{Isa::avx2, [](const CpuFeatures& f) { return f.avx2; }, avx2_kernels},
        Backend{Isa::avx512, [](const CpuFeatures& f) { return f.avx512; }, avx512_only_compress()},
        Backend{Isa::avx512, [](const CpuFeatures& f) { return f.avx512_vbmi2; }, avx512_vbmi2_samplers()},
#endif
#if defined(PQMUL_ARM_SIMD)
        Backend{Isa::neon, [](const CpuFeatures& f) { return f.neon; }, neon_kernels()},
#endif
  };
  return list;
}

}  // namespace pqmul::kyber
