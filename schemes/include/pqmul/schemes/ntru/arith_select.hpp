#pragma once
// The coefficient arithmetic of arith.hpp and the encodings of pack.hpp through the kernels an
// instantiation uses (kernels.hpp): the portable functions, or their AVX2
// twins (arith_kernels.hpp) for the AVX2 instantiations. Same results.
#include "pqmul/schemes/ntru/arith.hpp"
#include "pqmul/schemes/ntru/arith_kernels.hpp"
#include "pqmul/schemes/ntru/kernels.hpp"
#include "pqmul/schemes/ntru/pack.hpp"
#include "pqmul/schemes/ntru/pack_kernels.hpp"
#include "pqmul/schemes/ntru/sample.hpp"

// (The kernels write every coefficient of their results, which therefore
// start uninitialized.)
namespace pqmul::ntru::select {

template <ParameterSet P, Kernels K>
Rq<P> to_rq(const S3<P>& a) {
#if defined(PQMUL_X86_SIMD)
  if constexpr (K == Kernels::avx2) {
    Rq<P> r(uninitialized);
    kernels::trits_to_rq_avx2(a.coeffs.data(), P::n, static_cast<std::uint16_t>(P::q), r.coeffs.data());
    return r;
  }
#endif
  return ntru::to_rq<P>(a);
}

template <ParameterSet P, Kernels K>
S3<P> rq_to_s3(const Rq<P>& a) {
#if defined(PQMUL_X86_SIMD)
  if constexpr (K == Kernels::avx2) {
    S3<P> r(uninitialized);
    kernels::rq_to_s3_avx2(a.coeffs.data(), P::n, P::log_q, r.coeffs.data());
    return r;
  }
#endif
  return ntru::rq_to_s3<P>(a);
}

template <ParameterSet P, Kernels K>
S3<P> trinary_from_rq(const Rq<P>& a) {
#if defined(PQMUL_X86_SIMD)
  if constexpr (K == Kernels::avx2) {
    S3<P> r(uninitialized);
    kernels::trinary_from_rq_avx2(a.coeffs.data(), P::n, P::log_q, r.coeffs.data());
    return r;
  }
#endif
  return ntru::trinary_from_rq<P>(a);
}

template <ParameterSet P, Kernels K>
void reduce_phi(Rq<P>& a) {
#if defined(PQMUL_X86_SIMD)
  if constexpr (K == Kernels::avx2) {
    kernels::reduce_phi_rq_avx2(a.coeffs.data(), P::n, static_cast<std::uint16_t>(P::q));
    return;
  }
#endif
  ntru::reduce_phi<P>(a);
}

template <ParameterSet P, Kernels K>
Rq<P> add_rq(const Rq<P>& a, const Rq<P>& b) {
#if defined(PQMUL_X86_SIMD)
  if constexpr (K == Kernels::avx2) {
    Rq<P> r(uninitialized);
    kernels::add_rq_avx2(a.coeffs.data(), b.coeffs.data(), P::n, static_cast<std::uint16_t>(P::q), r.coeffs.data());
    return r;
  }
#endif
  return ntru::add_rq<P>(a, b);
}

template <ParameterSet P, Kernels K>
Rq<P> sub_rq(const Rq<P>& a, const Rq<P>& b) {
#if defined(PQMUL_X86_SIMD)
  if constexpr (K == Kernels::avx2) {
    Rq<P> r(uninitialized);
    kernels::sub_rq_avx2(a.coeffs.data(), b.coeffs.data(), P::n, static_cast<std::uint16_t>(P::q), r.coeffs.data());
    return r;
  }
#endif
  return ntru::sub_rq<P>(a, b);
}

// The message lift (of an element of S_3, coefficients 0, 1, 2).
template <ParameterSet P, Kernels K>
Rq<P> lift(const S3<P>& m) {
  if constexpr (P::variant == Variant::hps) {
    return to_rq<P, K>(m);
  } else {
#if defined(PQMUL_X86_SIMD)
    if constexpr (K == Kernels::avx2) {
      Rq<P> r(uninitialized);
      kernels::lift_hrss_avx2(m.coeffs.data(), P::n, static_cast<std::uint16_t>(P::q), r.coeffs.data());
      return r;
    }
#endif
    return ntru::lift<P>(m);
  }
}

template <ParameterSet P, Kernels K>
S3<P> sample_iid(std::span<const std::uint8_t, P::iid_bytes> bytes) {
#if defined(PQMUL_X86_SIMD)
  if constexpr (K == Kernels::avx2) {
    S3<P> r(uninitialized);
    kernels::bytes_mod3_avx2(bytes.data(), P::n - 1, r.coeffs.data());
    r[P::n - 1] = 0;
    return r;
  }
#endif
  return ntru::sample_iid<P>(bytes);
}

template <ParameterSet P, Kernels K>
void pack_sq(const Rq<P>& a, std::span<std::uint8_t, P::rq_bytes> out) {
#if defined(PQMUL_X86_SIMD)
  if constexpr (K == Kernels::avx2) {
    kernels::pack_bits_avx2(a.coeffs.data(), P::pack_degree, P::log_q, out.data(), P::rq_bytes);
    return;
  }
#endif
  ntru::pack_sq<P>(a, out);
}

template <ParameterSet P, Kernels K>
Rq<P> unpack_sq(std::span<const std::uint8_t, P::rq_bytes> in) {
#if defined(PQMUL_X86_SIMD)
  if constexpr (K == Kernels::avx2) {
    Rq<P> a(uninitialized);
    kernels::unpack_bits_avx2(in.data(), P::rq_bytes, P::pack_degree, P::log_q, a.coeffs.data());
    a[P::n - 1] = 0;
    return a;
  }
#endif
  return ntru::unpack_sq<P>(in);
}

template <ParameterSet P, Kernels K>
Rq<P> unpack_rq_sum_zero(std::span<const std::uint8_t, P::rq_bytes> in) {
#if defined(PQMUL_X86_SIMD)
  if constexpr (K == Kernels::avx2) {
    Rq<P> a(uninitialized);
    const std::uint32_t sum = kernels::unpack_bits_avx2(in.data(), P::rq_bytes, P::pack_degree, P::log_q, a.coeffs.data());
    a[P::n - 1] = mod_q<P>(0u - sum);
    return a;
  }
#endif
  return ntru::unpack_rq_sum_zero<P>(in);
}

template <ParameterSet P, Kernels K>
S3<P> unpack_s3(std::span<const std::uint8_t, P::trinary_bytes> in) {
#if defined(PQMUL_X86_SIMD)
  if constexpr (K == Kernels::avx2) {
    S3<P> a(uninitialized);
    kernels::unpack_s3_avx2(in.data(), P::trinary_bytes, P::pack_degree, a.coeffs.data());
    a[P::n - 1] = 0;
    return a;
  }
#endif
  return ntru::unpack_s3<P>(in);
}

// 1 unless every coefficient 0 .. n-2 of r is in {0, 1, q-1} and r_{n-1} = 0.
template <ParameterSet P>
std::uint8_t invalid_r_portable(const Rq<P>& r) {
  std::uint32_t bad = 0;
  for (std::size_t i = 0; i + 1 < P::n; ++i) {
    const std::uint32_t c = r[i];
    bad |= (c + 1) & (P::q - 4);  // 0 iff c + 1 is in {0, 1, 2, 3} mod q
    bad |= (c + 2) & 4;           // 4 if c = 2
  }
  bad |= r[P::n - 1];
  return static_cast<std::uint8_t>((0u - bad) >> 31);
}

template <ParameterSet P, Kernels K>
std::uint8_t invalid_r(const Rq<P>& r) {
#if defined(PQMUL_X86_SIMD)
  if constexpr (K == Kernels::avx2)
    return kernels::invalid_r_avx2(r.coeffs.data(), P::n, static_cast<std::uint16_t>(P::q));
#endif
  return invalid_r_portable<P>(r);
}

}  // namespace pqmul::ntru::select
