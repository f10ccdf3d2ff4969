#pragma once
// NTRU's kernel family (kernel_dispatch.hpp) for parameter set P: the
// coefficient arithmetic, sampling, packing and the S_3 / S_2 inversions
// outside the multiplier. Backends: portable, avx2 (the AVX2 twins of
// arith_kernels.hpp, pack_kernels.hpp, inverse_kernels.hpp and sort.hpp), and
// avx512 with VBMI2 (the S_3 divsteps). Each entry is the select:: /
// inversion / sampling template instantiated for that backend's Kernels, so
// every backend computes the same values.
#include <array>
#include <cstdint>
#include <span>
#include <tuple>

#include "pqmul/algorithms/kernel_dispatch.hpp"
#include "pqmul/schemes/ntru/arith_select.hpp"
#include "pqmul/schemes/ntru/inverse.hpp"
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

template <ParameterSet P, Kernels K>
constexpr NtruKernels<P> kernels_of() {
  NtruKernels<P> k;
  k.to_rq = {&select::to_rq<P, K>};
  k.rq_to_s3 = {&select::rq_to_s3<P, K>};
  k.trinary_from_rq = {&select::trinary_from_rq<P, K>};
  k.reduce_phi = {&select::reduce_phi<P, K>};
  k.add_rq = {&select::add_rq<P, K>};
  k.sub_rq = {&select::sub_rq<P, K>};
  k.lift = {&select::lift<P, K>};
  k.sample_iid = {&select::sample_iid<P, K>};
  if constexpr (P::variant == Variant::hps)
    k.sample_fixed_type = {[](const std::uint8_t* u) {
      return sample_fixed_type<P, K>(std::span<const std::uint8_t, P::fixed_type_bytes>(u, P::fixed_type_bytes));
    }};
  k.pack_sq = {&select::pack_sq<P, K>};
  k.unpack_sq = {&select::unpack_sq<P, K>};
  k.unpack_rq_sum_zero = {&select::unpack_rq_sum_zero<P, K>};
  k.unpack_s3 = {&select::unpack_s3<P, K>};
  k.invalid_r = {&select::invalid_r<P, K>};
  k.invert_s3 = {&invert_s3<P::n, K>};
  k.invert_s2 = {&invert_s2<P::n, K>};
  return k;
}

#if defined(PQMUL_X86_SIMD)
template <ParameterSet P>
constexpr NtruKernels<P> vbmi2_kernels() {
  NtruKernels<P> k;
  k.invert_s3 = {&invert_s3<P::n, Kernels::avx2, true>};
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
        Backend{Isa::avx2, [](const CpuFeatures& f) { return f.avx2; }, detail::kernels_of<P, Kernels::avx2>()},
        Backend{Isa::avx512, [](const CpuFeatures& f) { return f.avx512_vbmi2; }, detail::vbmi2_kernels<P>()},
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
