#pragma once
// BigNtt on AVX2, AVX-512 or NEON: the same transforms, base products and CRT as
// BigNtt<R> (big_ntt.hpp), run by the kernels of big_ntt_kernels.hpp. The
// operand and accumulator are BigNtt<R>'s (residues per prime in the NTT
// domain, canonical), and every kernel returns its portable twin's values, so
// products equal the portable ones and are counted by BigNtt<R, Counted>.
//
// Rings with a power-of-two q only (the final reduction is a mask): Saber's
// and NTRU's. The class is compiled for baseline x86-64 (big_ntt_simd.cpp,
// explicit instantiations); it calls the kernels through a table of function
// pointers chosen by the ISA at construction.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "pqmul/algorithms/isa.hpp"
#include "pqmul/algorithms/ntt/big_ntt.hpp"
#include "pqmul/algorithms/ntt/big_ntt_kernels.hpp"
#include "pqmul/algorithms/ring.hpp"

namespace pqmul {

namespace big_ntt_simd_detail {

// One ISA's kernels.
struct KernelSet {
  std::size_t lanes;
  void (*forward)(const big_ntt_kernels::PrimeKernelTables&, std::uint32_t*, std::size_t, unsigned, std::size_t);
  void (*inverse)(const big_ntt_kernels::PrimeKernelTables&, std::uint32_t*, const std::uint32_t*, std::size_t,
                  unsigned);
  void (*base_multiply_accumulate)(const big_ntt_kernels::PrimeKernelTables&, std::uint32_t*, const std::uint32_t*,
                                   const std::uint32_t*, std::size_t, unsigned);
  void (*lift_centred)(std::uint32_t*, const std::uint16_t*, std::size_t, std::size_t, std::uint32_t, std::uint32_t);
  void (*crt_to_q)(const big_ntt_kernels::CrtKernelConstants&, std::uint16_t*, const std::uint32_t*,
                   const std::uint32_t*, std::size_t, std::size_t);
};
// The ISAs with kernels in this build: avx2 and avx512 on x86-64, neon on
// AArch64 (everything that offers "ntt" on a SIMD ISA derives from this).
std::vector<Isa> kernel_isas();
// Throws std::invalid_argument unless isa is one of kernel_isas(), supported
// by the CPU (cpu_supports: tests may force the portable path and
// still call kernels; the registry checks isa_available).
const KernelSet& kernel_set(Isa isa);

// One prime's tables in the layout the kernels of `lanes` lanes read; view()
// points into them (so it is rebuilt after a copy).
struct KernelTables {
  std::uint32_t p = 0, minus_p_inverse = 0;
  std::vector<std::uint32_t> zetas, zetas_shoup, forward_lanes, inverse_lanes, gammas, gammas_shoup, gamma_lanes,
      gamma_lanes_shoup;
  std::uint32_t scale = 0, scale_shoup = 0, last_zeta_scaled = 0, last_zeta_scaled_shoup = 0;
  big_ntt_kernels::PrimeKernelTables view() const;
};
KernelTables make_kernel_tables(const big_ntt_detail::PrimeTables& t, std::size_t length, unsigned layers,
                                std::size_t lanes);

// The coefficient (within a chunk of 2 * lanes) that lane l of the low inputs
// of layer `len` holds in the lower layers' shuffles (see the kernel files).
std::size_t low_input_index(std::size_t lanes, std::size_t len, std::size_t l);

// The CRT constants of one or two primes (descending) for q = 2^k.
big_ntt_kernels::CrtKernelConstants make_crt_constants(const std::vector<std::uint32_t>& primes, std::uint32_t q);

}  // namespace big_ntt_simd_detail

template <RingDescription R>
class BigNttSimd {
  static_assert(std::has_single_bit(R::q), "the SIMD big-prime NTT reduces mod q by a mask");

 public:
  using ring = R;
  using portable = BigNtt<R>;
  using operand = typename portable::operand;
  using accumulator = typename portable::accumulator;
  static constexpr std::size_t length = portable::length;
  static constexpr unsigned complete_layers = portable::complete_layers;
  static constexpr std::uint32_t full_bound = portable::full_bound;

  // Throws std::invalid_argument for an invalid configuration (as BigNtt) or
  // an ISA outside kernel_isas() or that this CPU lacks.
  BigNttSimd(BigNttConfig config, Isa isa);

  Isa isa() const { return isa_; }
  const BigNttConfig& config() const { return portable_.config(); }
  const std::vector<std::uint32_t>& primes() const { return portable_.primes(); }
  std::uint64_t modulus() const { return portable_.modulus(); }

  std::string name() const { return "ntt"; }
  operand make_operand() const { return portable_.make_operand(); }
  accumulator make_accumulator() const { return portable_.make_accumulator(); }
  std::size_t operand_bytes() const { return portable_.operand_bytes(); }
  std::size_t accumulator_bytes() const { return portable_.accumulator_bytes(); }
  std::size_t max_accumulated() const { return portable_.max_accumulated(); }

  void transform(const Poly<R>& a, operand& x) const;
  void clear(accumulator& acc) const { portable_.clear(acc); }
  void multiply_accumulate(accumulator& acc, const operand& x, const operand& y) const;
  void inverse(const accumulator& acc, Poly<R>& out) const;

 private:
  struct State {
    std::vector<big_ntt_simd_detail::KernelTables> tables;
    std::vector<big_ntt_kernels::PrimeKernelTables> views;
    big_ntt_kernels::CrtKernelConstants crt;
  };
  portable portable_;
  Isa isa_;
  const big_ntt_simd_detail::KernelSet* kernels_;
  std::shared_ptr<const State> state_;  // immutable, shared by copies
};

// make_big_ntt's parameters, on the given ISA.
template <RingDescription R>
BigNttSimd<R> make_big_ntt_simd(const Params& params, Isa isa) {
  return BigNttSimd<R>(make_big_ntt<R>(params).config(), isa);
}

extern template class BigNttSimd<SaberRing>;
extern template class BigNttSimd<SaberPRing>;
extern template class BigNttSimd<NtruHps2048509Ring>;
extern template class BigNttSimd<NtruHps2048677Ring>;
extern template class BigNttSimd<NtruHrss701Ring>;
extern template class BigNttSimd<NtruHps4096821Ring>;

}  // namespace pqmul
