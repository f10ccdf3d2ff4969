#pragma once
// How a multiplier of the kyber ring meets the values FIPS 203 fixes in the
// NTT domain (the matrix A^, t^ in ek, s^ in dk): NttBridge<M> converts with
// the standard's NTT for a multiplier of the normal domain, and passes them
// through for the NTT multipliers, which share the standard's domain.
#include <array>
#include <concepts>
#include <cstddef>
#include <cstdint>

#include "pqmul/algorithms/multiplier.hpp"
#include "pqmul/algorithms/ntt/kyber_ntt.hpp"
#include "pqmul/algorithms/wipe.hpp"
#include "pqmul/schemes/kyber/primitives.hpp"

namespace pqmul::kyber {

// A multiplier of the normal domain: NTT-domain values are converted.
template <Multiplier M>
struct NttBridge {
  using operand = typename M::operand;
  using accumulator = typename M::accumulator;
  static void from_ntt(const M& m, const KPoly& f_hat, operand& x) {
    const KPoly f = inverse_ntt(f_hat);
    const WipeOnExit wipe_f(f);  // (s where f^ is s^)
    m.transform(f, x);
  }
  // Rows of t^ by parts (see the NTT multipliers' bridge): not here, the
  // product of a converted entry mixes all its coefficients.
  static constexpr bool by_parts = false;
  // acc = f * x (`first`) or acc += f * x, for f given in the NTT domain
  // (`scratch` holds f's operand).
  static void multiply_ntt(const M& m, accumulator& acc, const KPoly& f_hat, operand& scratch, const operand& x,
                           bool first) {
    if (first) m.clear(acc);
    from_ntt(m, f_hat, scratch);
    m.multiply_accumulate(acc, scratch, x);
  }
  // NTT(sum in acc + e), canonical.
  static KPoly sum_to_ntt(const M& m, const accumulator& acc, const KPoly& e) {
    KPoly sum;
    m.inverse(acc, sum);
    return ntt(add(sum, e));
  }
  // NTT(f) in [0, q) (the operand `x` of f, when given, is of no use here).
  static KPoly ntt_of(const M&, const KPoly& f, const operand*) { return ntt(f); }
};

// The NTT multipliers (KyberNttMultiplier and its SIMD twins, which share
// its domain types) work in the standard's domain without conversion.
template <Multiplier M>
  requires std::same_as<typename M::operand, KyberNttMultiplier::operand>
struct NttBridge<M> {
  // Whether the multiplier computes rows of t^ = A^ o s^ + e^ by parts of
  // their coefficients (as the base multiplication is coefficient-wise):
  // multiply_canonical and ntt_sum_coefficients over [from, to), given the
  // unreduced NTT of e from transform_unreduced.
  static constexpr bool by_parts =
      requires(typename M::accumulator& acc, const std::array<std::uint16_t, 256>& c, const typename M::operand& y,
               typename M::operand& x, const KPoly& e, std::array<std::uint16_t, 256>& out) {
        M::multiply_canonical(acc, c, y, true, std::size_t{0}, std::size_t{256});
        M::transform_unreduced(e, x);
        M::ntt_sum_coefficients(out, acc, y, std::size_t{0}, std::size_t{256});
      };
  // f_hat is canonical (sampled or decoded below q): one centring step
  // makes the operand, on the multiplier's ISA.
  static void from_ntt(const M&, const KPoly& f_hat, typename M::operand& x) { M::from_canonical_ntt(f_hat.coeffs, x); }
  // acc = f^ o x (`first`) or acc += f^ o x, f^ canonical: centred inside the
  // product, and the first one written rather than added to a cleared
  // accumulator, where the multiplier can; else through its operand (`scratch`).
  static void multiply_ntt(const M& m, typename M::accumulator& acc, const KPoly& f_hat,
                           typename M::operand& scratch, const typename M::operand& x, bool first) {
    if constexpr (requires { M::multiply_canonical(acc, f_hat.coeffs, x, first); }) {
      M::multiply_canonical(acc, f_hat.coeffs, x, first);
    } else {
      if (first) m.clear(acc);
      from_ntt(m, f_hat, scratch);
      m.multiply_accumulate(acc, scratch, x);
    }
  }
  static KPoly sum_to_ntt(const M& m, const typename M::accumulator& acc, const KPoly& e) {
    KPoly out(uninitialized);
    if constexpr (requires { M::ntt_sum_coefficients(acc, e); }) {
      out.coeffs = M::ntt_sum_coefficients(acc, e);  // one reduction pass where the multiplier has it
    } else {
      auto e_hat = m.make_operand();
      m.transform(e, e_hat);
      auto sum = acc;
      M::add_ntt(sum, e_hat);
      auto t_hat = m.make_operand();
      M::to_ntt(sum, t_hat);
      out.coeffs = M::ntt_coefficients(t_hat);
    }
    return out;
  }
  // NTT(f) in [0, q) by the multiplier's own transform, or from `x` = the
  // operand of f when it was transformed already.
  static KPoly ntt_of(const M& m, const KPoly& f, const typename M::operand* x) {
    KPoly out(uninitialized);
    if (x == nullptr) {
      auto y = m.make_operand();
      m.transform(f, y);
      out.coeffs = M::ntt_coefficients(y);
    } else {
      out.coeffs = M::ntt_coefficients(*x);
    }
    return out;
  }
};

}  // namespace pqmul::kyber
