#pragma once
// Wraps a typed multiplier in the run-time RingMultiplier interface. Include it
// only in the .cpp that explicitly instantiates a multiplier for the registry.
#include <algorithm>
#include <cassert>
#include <functional>
#include <memory>
#include <stdexcept>
#include <utility>
#include <vector>

#include "pqmul/algorithms/erased_multiplier.hpp"
#include "pqmul/algorithms/module.hpp"
#include "pqmul/algorithms/registry.hpp"

namespace pqmul {

template <RingDescription R>
Poly<R> poly_from_span(std::span<const std::uint16_t> c) {
  if (c.size() != R::n) throw std::invalid_argument("polynomial of wrong length");
  Poly<R> p;
  for (std::size_t i = 0; i < R::n; ++i) {
    if (c[i] >= R::q) throw std::invalid_argument("coefficient not reduced mod q");
    p[i] = c[i];
  }
  return p;
}

template <RingDescription R>
std::vector<Poly<R>> polys_from_span(std::span<const std::uint16_t> c, std::size_t count) {
  if (c.size() != count * R::n) throw std::invalid_argument("polynomial vector of wrong length");
  std::vector<Poly<R>> v(count);
  for (std::size_t k = 0; k < count; ++k) v[k] = poly_from_span<R>(c.subspan(k * R::n, R::n));
  return v;
}

template <RingDescription R>
void polys_to_span(std::span<const Poly<R>> v, std::span<std::uint16_t> out) {
  if (out.size() != v.size() * R::n) throw std::invalid_argument("output of wrong length");
  for (std::size_t k = 0; k < v.size(); ++k) std::copy(v[k].coeffs.begin(), v[k].coeffs.end(), out.begin() + k * R::n);
}

// Counts one product (rank 0) or one rank-L matrix-vector product.
using CountFunction = std::function<OpCounts(Strategy, std::size_t rank)>;

// The steps (ErasedMultiplierOf) let a KEM family run the multiplier through
// DynamicMultiplier without copying its inputs.
template <Multiplier M>
class RingMultiplierAdapter final : public RingMultiplier, public ErasedMultiplierOf<M> {
  using R = typename M::ring;
  using P = Poly<R>;
  using ErasedMultiplierOf<M>::m_;

 public:
  RingMultiplierAdapter(M m, std::string name, std::string params, std::string isa,
                        CountFunction counter = {}, std::string no_count_reason = {})
      : ErasedMultiplierOf<M>(std::move(m)), name_(std::move(name)), params_(std::move(params)), isa_(std::move(isa)),
        counter_(std::move(counter)), no_count_reason_(std::move(no_count_reason)) {}

  using ErasedMultiplierOf<M>::typed;
  RingInfo ring() const override { return ring_info<R>(); }
  std::string name() const override { return name_; }
  std::string params() const override { return params_; }
  std::string isa() const override { return isa_; }

  void mul(std::span<const std::uint16_t> a, std::span<const std::uint16_t> b,
           std::span<std::uint16_t> out) const override {
    P r = pqmul::mul(m_, poly_from_span<R>(a), poly_from_span<R>(b));
    polys_to_span<R>(std::span<const P>(&r, 1), out);
  }
  void inner_product(std::span<const std::uint16_t> a, std::span<const std::uint16_t> b,
                     std::span<std::uint16_t> out, std::size_t rank, Strategy s,
                     ModuleStats* stats) const override {
    auto va = polys_from_span<R>(a, rank), vb = polys_from_span<R>(b, rank);
    P r;
    pqmul::inner_product(m_, std::span<const P>(va), std::span<const P>(vb), r, s, stats);
    polys_to_span<R>(std::span<const P>(&r, 1), out);
  }
  void matrix_vector(std::span<const std::uint16_t> matrix, std::span<const std::uint16_t> v,
                     std::span<std::uint16_t> out, std::size_t rank, Transpose t, Strategy s,
                     ModuleStats* stats) const override {
    auto A = polys_from_span<R>(matrix, rank * rank), vv = polys_from_span<R>(v, rank);
    std::vector<P> r(rank);
    pqmul::matrix_vector(m_, std::span<const P>(A), std::span<const P>(vv), std::span<P>(r), t, s, stats);
    polys_to_span<R>(std::span<const P>(r), out);
  }
  std::size_t bytes_held(Strategy s, std::size_t rank) const override {
    return strategy_bytes(m_, s, rank);
  }
  std::size_t max_accumulated() const override { return m_.max_accumulated(); }
  std::optional<OpCounts> count(Strategy s, std::size_t rank, std::string* why_not) const override {
    if (!counter_) {
      if (why_not) *why_not = no_count_reason_.empty() ? "no counting arithmetic" : no_count_reason_;
      return std::nullopt;
    }
    return counter_(s, rank);
  }

  class Steps final : public StepRunner {
   public:
    Steps(const M& m, P a, P b)
        : m_(m), a_(a), b_(b), x_(m.make_operand()), y_(m.make_operand()), acc_(m.make_accumulator()) {
      m_.transform(a_, x_);
      m_.transform(b_, y_);
      // The inverse step inverts a product: of a cleared accumulator some
      // multipliers only note that it is empty and return zeros.
      m_.clear(acc_);
      m_.multiply_accumulate(acc_, x_, y_);
    }
    void transform() override { m_.transform(a_, x_); }
    void multiply_accumulate() override { m_.multiply_accumulate(acc_, x_, y_); }
    void inverse() override { m_.inverse(acc_, out_); }
    void mul() override { out_ = pqmul::mul(m_, a_, b_); }

   private:
    const M& m_;
    P a_, b_, out_;
    typename M::operand x_, y_;
    typename M::accumulator acc_;
  };

  std::unique_ptr<StepRunner> steps(std::span<const std::uint16_t> a,
                                    std::span<const std::uint16_t> b) const override {
    return std::make_unique<Steps>(m_, poly_from_span<R>(a), poly_from_span<R>(b));
  }

  class Module final : public ModuleRunner {
   public:
    Module(const M& m, std::vector<P> matrix, std::vector<P> v, Strategy s)
        : m_(m), matrix_(std::move(matrix)), v_(std::move(v)), out_(v_.size()), s_(s) {
      matrix_vector();  // refuses what the multiplier cannot compute, before any timing
    }
    void matrix_vector() override {
      pqmul::matrix_vector(m_, std::span<const P>(matrix_), std::span<const P>(v_), std::span<P>(out_),
                           Transpose::no, s_, nullptr);
    }
    void inner_product() override {
      pqmul::inner_product(m_, std::span<const P>(matrix_.data(), v_.size()), std::span<const P>(v_), out_[0], s_,
                           nullptr);
    }
    void read_output(std::span<std::uint16_t> out) const override { polys_to_span<R>(std::span<const P>(out_), out); }

   private:
    const M& m_;
    std::vector<P> matrix_, v_, out_;
    Strategy s_;
  };

  std::unique_ptr<ModuleRunner> module(std::span<const std::uint16_t> matrix, std::span<const std::uint16_t> v,
                                       std::size_t rank, Strategy s) const override {
    return std::make_unique<Module>(m_, polys_from_span<R>(matrix, rank * rank), polys_from_span<R>(v, rank), s);
  }

 private:
  std::string name_, params_, isa_;
  CountFunction counter_;
  std::string no_count_reason_;
};

// Counts by running the module code of a counting twin of the multiplier on
// zero inputs; the tally is read from the twin's arithmetic.
template <Multiplier CM, class Tally>
OpCounts count_with(const CM& counting_twin, Strategy s, std::size_t rank, Tally&& read_and_reset) {
  using P = Poly<typename CM::ring>;
  read_and_reset();
  ModuleStats stats;
  if (rank == 0) {
    (void)pqmul::mul(counting_twin, P{}, P{});
  } else {
    std::vector<P> A(rank * rank), v(rank), out(rank);
    pqmul::matrix_vector(counting_twin, std::span<const P>(A), std::span<const P>(v), std::span<P>(out),
                         Transpose::no, s, &stats);
  }
  OpCounts counts = read_and_reset();
  // Whole-polynomial sums done by the eager strategy outside the multiplier.
  counts.additions += stats.poly_additions * CM::ring::n;
  return counts;
}

// The entry of a multiplier class without parameters, portable only, and no
// typed path in the KEM families (they run it through DynamicMultiplier).
template <template <RingDescription> class M, RingDescription R>
RegistryEntry plain_entry(const std::string& name, const std::string& description) {
  return {std::string(R::name), name, description, {""}, [name](const Params& p) -> std::unique_ptr<RingMultiplier> {
            p.require_only({});
            return std::make_unique<RingMultiplierAdapter<M<R>>>(M<R>{}, name, "", "portable");
          }};
}

// Registers M<R> for every ring of the catalogue under `name`, from a
// namespace-scope object of the binary that holds M:
//   const RingsRegistration<MyMultiplier> registration("mine", "what it is");
template <template <RingDescription> class M>
struct RingsRegistration {
  RingsRegistration(const std::string& name, const std::string& description) {
    for_each_ring([&]<class R>() { register_multiplier(plain_entry<M, R>(name, description)); });
  }
};

}  // namespace pqmul
