#pragma once
// NTRU's kernel family (kernel_dispatch.hpp) for parameter set P: the
// coefficient arithmetic, sampling, packing and the S_3 / S_2 inversions
// outside the multiplier. Backends: portable, avx2 (the AVX2 twins of
// arith_kernels.hpp, pack_kernels.hpp, inverse_kernels.hpp and sort.hpp), and
// avx512 with VBMI2 (the S_3 divsteps). Every backend computes the portable
// functions' values (each AVX2 kernel is tested against its portable twin).
#include <array>
#include <cstdint>
#include <span>
#include <tuple>

#include "pqmul/algorithms/kernel_dispatch.hpp"
#include "pqmul/schemes/ntru/arith.hpp"
#include "pqmul/schemes/ntru/arith_kernels.hpp"
#include "pqmul/schemes/ntru/inverse.hpp"
#include "pqmul/schemes/ntru/pack.hpp"
#include "pqmul/schemes/ntru/pack_kernels.hpp"
#include "pqmul/schemes/ntru/sample.hpp"

namespace pqmul::ntru {

template <ParameterSet P>
struct NtruKernels {
  using Packed = std::span<const std::uint8_t, P::rq_bytes>;
  using PackedTrits = std::span<const std::uint8_t, P::trinary_bytes>;

  Kernel<Rq<P>(const S3<P>&)> to_rq;
  Kernel<S3<P>(const Rq<P>&)> rq_to_s3;
  Kernel<S3<P>(const Rq<P>&)> trinary_from_rq;
  Kernel<void(Rq<P>&)> reduce_phi;
  Kernel<Rq<P>(const Rq<P>&, const Rq<P>&)> add_rq;
  Kernel<Rq<P>(const Rq<P>&, const Rq<P>&)> sub_rq;
  Kernel<Rq<P>(const S3<P>&)> lift;
  Kernel<S3<P>(std::span<const std::uint8_t, P::iid_bytes>)> sample_iid;
  // HPS only (null for HRSS): P::fixed_type_bytes bytes.
  Kernel<S3<P>(const std::uint8_t*)> sample_fixed_type;
  Kernel<void(const Rq<P>&, std::span<std::uint8_t, P::rq_bytes>)> pack_sq;
  Kernel<Rq<P>(Packed)> unpack_sq;
  Kernel<Rq<P>(Packed)> unpack_rq_sum_zero;
  Kernel<S3<P>(PackedTrits)> unpack_s3;
  // 1 unless r_0 .. r_{n-2} are in {0, 1, q-1} and r_{n-1} = 0.
  Kernel<std::uint8_t(const Rq<P>&)> invalid_r;
  Kernel<bool(const S3<P>&, S3<P>&)> invert_s3;
  Kernel<bool(const std::array<std::uint8_t, P::n>&, std::array<std::uint8_t, P::n>&)> invert_s2;

  static constexpr auto entries = std::tuple{
      KernelEntry{"to_rq", &NtruKernels::to_rq},
      KernelEntry{"rq_to_s3", &NtruKernels::rq_to_s3},
      KernelEntry{"trinary_from_rq", &NtruKernels::trinary_from_rq},
      KernelEntry{"reduce_phi", &NtruKernels::reduce_phi},
      KernelEntry{"add_rq", &NtruKernels::add_rq},
      KernelEntry{"sub_rq", &NtruKernels::sub_rq},
      KernelEntry{"lift", &NtruKernels::lift},
      KernelEntry{"sample_iid", &NtruKernels::sample_iid},
      KernelEntry{"sample_fixed_type", &NtruKernels::sample_fixed_type},
      KernelEntry{"pack_sq", &NtruKernels::pack_sq},
      KernelEntry{"unpack_sq", &NtruKernels::unpack_sq},
      KernelEntry{"unpack_rq_sum_zero", &NtruKernels::unpack_rq_sum_zero},
      KernelEntry{"unpack_s3", &NtruKernels::unpack_s3},
      KernelEntry{"invalid_r", &NtruKernels::invalid_r},
      KernelEntry{"invert_s3", &NtruKernels::invert_s3},
      KernelEntry{"invert_s2", &NtruKernels::invert_s2},
  };
  static std::span<const KernelBackend<NtruKernels>> backends();
};

namespace detail {

// 1 unless every coefficient 0 .. n-2 of r is in {0, 1, q-1} and r_{n-1} = 0.
template <ParameterSet P>
std::uint8_t invalid_r(const Rq<P>& r) {
  std::uint32_t bad = 0;
  for (std::size_t i = 0; i + 1 < P::n; ++i) {
    const std::uint32_t c = r[i];
    bad |= (c + 1) & (P::q - 4);  // 0 iff c + 1 is in {0, 1, 2, 3} mod q
    bad |= (c + 2) & 4;           // 4 if c = 2
  }
  bad |= r[P::n - 1];
  return static_cast<std::uint8_t>((0u - bad) >> 31);
}

// The portable functions, and the sampler and inversions instantiated for K.
template <ParameterSet P, Kernels K>
constexpr NtruKernels<P> kernels_of() {
  NtruKernels<P> k;
  k.to_rq = {&ntru::to_rq<P>};
  k.rq_to_s3 = {&ntru::rq_to_s3<P>};
  k.trinary_from_rq = {&ntru::trinary_from_rq<P>};
  k.reduce_phi = {&ntru::reduce_phi<P>};
  k.add_rq = {&ntru::add_rq<P>};
  k.sub_rq = {&ntru::sub_rq<P>};
  k.lift = {&ntru::lift<P>};
  k.sample_iid = {&ntru::sample_iid<P>};
  if constexpr (P::variant == Variant::hps)
    k.sample_fixed_type = {[](const std::uint8_t* u) {
      return sample_fixed_type<P, K>(std::span<const std::uint8_t, P::fixed_type_bytes>(u, P::fixed_type_bytes));
    }};
  k.pack_sq = {&ntru::pack_sq<P>};
  k.unpack_sq = {&ntru::unpack_sq<P>};
  k.unpack_rq_sum_zero = {&ntru::unpack_rq_sum_zero<P>};
  k.unpack_s3 = {&ntru::unpack_s3<P>};
  k.invalid_r = {&invalid_r<P>};
  k.invert_s3 = {&invert_s3<P::n, K>};
  k.invert_s2 = {&invert_s2<P::n, K>};
  return k;
}

#if defined(PQMUL_X86_SIMD)
// The AVX2 twins (arith_kernels.hpp, pack_kernels.hpp) write every
// coefficient of their results, which therefore start uninitialized; packed
// forms leave coefficient n-1 to be set here.
template <ParameterSet P>
constexpr NtruKernels<P> avx2_kernels() {
  constexpr auto q = static_cast<std::uint16_t>(P::q);
  using namespace kernels;
  NtruKernels<P> k = kernels_of<P, Kernels::avx2>();
  k.to_rq = {[](const S3<P>& a) {
    Rq<P> r(uninitialized);
    trits_to_rq_avx2(a.coeffs.data(), P::n, q, r.coeffs.data());
    return r;
  }};
  k.rq_to_s3 = {[](const Rq<P>& a) {
    S3<P> r(uninitialized);
    rq_to_s3_avx2(a.coeffs.data(), P::n, P::log_q, r.coeffs.data());
    return r;
  }};
  k.trinary_from_rq = {[](const Rq<P>& a) {
    S3<P> r(uninitialized);
    trinary_from_rq_avx2(a.coeffs.data(), P::n, P::log_q, r.coeffs.data());
    return r;
  }};
  k.reduce_phi = {[](Rq<P>& a) { reduce_phi_rq_avx2(a.coeffs.data(), P::n, q); }};
  k.add_rq = {[](const Rq<P>& a, const Rq<P>& b) {
    Rq<P> r(uninitialized);
    add_rq_avx2(a.coeffs.data(), b.coeffs.data(), P::n, q, r.coeffs.data());
    return r;
  }};
  k.sub_rq = {[](const Rq<P>& a, const Rq<P>& b) {
    Rq<P> r(uninitialized);
    sub_rq_avx2(a.coeffs.data(), b.coeffs.data(), P::n, q, r.coeffs.data());
    return r;
  }};
  if constexpr (P::variant == Variant::hps) {
    k.lift = k.to_rq;
  } else {
    k.lift = {[](const S3<P>& m) {
      Rq<P> r(uninitialized);
      lift_hrss_avx2(m.coeffs.data(), P::n, q, r.coeffs.data());
      return r;
    }};
  }
  k.sample_iid = {[](std::span<const std::uint8_t, P::iid_bytes> bytes) {
    S3<P> r(uninitialized);
    bytes_mod3_avx2(bytes.data(), P::n - 1, r.coeffs.data());
    r[P::n - 1] = 0;
    return r;
  }};
  k.pack_sq = {[](const Rq<P>& a, std::span<std::uint8_t, P::rq_bytes> out) {
    pack_bits_avx2(a.coeffs.data(), P::pack_degree, P::log_q, out.data(), P::rq_bytes);
  }};
  k.unpack_sq = {[](typename NtruKernels<P>::Packed in) {
    Rq<P> a(uninitialized);
    unpack_bits_avx2(in.data(), P::rq_bytes, P::pack_degree, P::log_q, a.coeffs.data());
    a[P::n - 1] = 0;
    return a;
  }};
  k.unpack_rq_sum_zero = {[](typename NtruKernels<P>::Packed in) {
    Rq<P> a(uninitialized);
    const std::uint32_t sum = unpack_bits_avx2(in.data(), P::rq_bytes, P::pack_degree, P::log_q, a.coeffs.data());
    a[P::n - 1] = mod_q<P>(0u - sum);
    return a;
  }};
  k.unpack_s3 = {[](typename NtruKernels<P>::PackedTrits in) {
    S3<P> a(uninitialized);
    unpack_s3_avx2(in.data(), P::trinary_bytes, P::pack_degree, a.coeffs.data());
    a[P::n - 1] = 0;
    return a;
  }};
  k.invalid_r = {[](const Rq<P>& r) { return invalid_r_avx2(r.coeffs.data(), P::n, q); }};
  return k;
}

template <ParameterSet P>
constexpr NtruKernels<P> vbmi2_kernels() {
  NtruKernels<P> k;
  k.invert_s3 = {&invert_s3<P::n, Kernels::avx2, true>};
  return k;
}
#endif

#if defined(PQMUL_ARM_SIMD)
// The inversions' divstep loops pay on NEON (two words per operation, bit
// selects for the choices); the other kernels stay portable.
template <ParameterSet P>
constexpr NtruKernels<P> neon_kernels() {
  NtruKernels<P> k;
  k.invert_s3 = {&invert_s3<P::n, Kernels::neon>};
  k.invert_s2 = {&invert_s2<P::n, Kernels::neon>};
  return k;
}
#endif

}  // namespace detail

template <ParameterSet P>
std::span<const KernelBackend<NtruKernels<P>>> NtruKernels<P>::backends() {
  using Backend = KernelBackend<NtruKernels<P>>;
  static const std::array list {
    Backend{Isa::portable, [](const CpuFeatures&) { return true; }, detail::kernels_of<P, Kernels::portable>()},
#if defined(PQMUL_X86_SIMD)
        Backend{Isa::avx2, [](const CpuFeatures& f) { return f.avx2; }, detail::avx2_kernels<P>()},
        Backend{Isa::avx512, [](const CpuFeatures& f) { return f.avx512_vbmi2; }, detail::vbmi2_kernels<P>()},
#endif
#if defined(PQMUL_ARM_SIMD)
        Backend{Isa::neon, [](const CpuFeatures& f) { return f.neon; }, detail::neon_kernels<P>()},
#endif
  };
  return list;
}

// The NTRU kernels of an object built for `isa` (kernels_for).
template <ParameterSet P>
const NtruKernels<P>& ntru_kernels(Isa isa) {
  return kernels_for<NtruKernels<P>>(isa);
}

}  // namespace pqmul::ntru
