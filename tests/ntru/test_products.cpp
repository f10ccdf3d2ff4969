// Every multiplier the NTRU KEM accepts computes the same R_q products as
// Kronecker substitution (an independent big-integer oracle), on random and
// extreme operands, and on the short operands the short-factor NTTs are sized
// for (the SIMD versions of ntt16 too, on the ISAs this CPU runs).
#include <catch2/catch.hpp>

#include <random>

#include "pqmul/algorithms/kronecker.hpp"
#include "pqmul/algorithms/module.hpp"
#include "pqmul/algorithms/toom_cook.hpp"
#include "pqmul/schemes/ntru/factory.hpp"
#include "pqmul/schemes/ntru/kem_adapter.hpp"
#include "pqmul/schemes/ntru/scheme.hpp"
#include "test_support.hpp"

namespace pqmul_tests::ntru_test_products {

using namespace pqmul::ntru;

namespace {

template <ParameterSet P>
struct Case {
  std::string label;
  Rq<P> a, b, expected;
};

template <ParameterSet P>
Rq<P> filled(std::uint32_t value) {
  Rq<P> a;
  a.coeffs.fill(static_cast<std::uint16_t>(value % P::q));
  return a;
}

// Full-range pairs (random and the extremes -1, -q/2, one large coefficient)
// and pairs whose second factor is short (ternary, +-short_bound), each with
// Kronecker's product.
template <ParameterSet P>
std::pair<std::vector<Case<P>>, std::vector<Case<P>>> cases(std::uint32_t bound) {
  std::mt19937_64 rng(5);
  const auto x = ntru_test::random_rq<P>(rng), y = ntru_test::random_rq<P>(rng);
  const auto minus_one = filled<P>(P::q - 1), most_negative = filled<P>(P::q / 2);
  Rq<P> single;
  single[P::n - 1] = static_cast<std::uint16_t>(P::q / 2);
  const auto ternary = to_rq<P>(ntru_test::random_s3<P>(rng, false));
  const auto plus = filled<P>(bound), minus = filled<P>(P::q - bound);
  const pqmul::Kronecker<typename P::ring> oracle;
  auto make = [&](std::string label, const Rq<P>& a, const Rq<P>& b) {
    return Case<P>{std::move(label), a, b, pqmul::mul(oracle, a, b)};
  };
  std::vector<Case<P>> full = {make("random * random", x, y), make("-1 * -1", minus_one, minus_one),
                               make("-q/2 * -q/2", most_negative, most_negative),
                               make("q/2 x^(n-1) * random", single, x), make("random * -q/2", x, most_negative)};
  std::vector<Case<P>> short_ = {make("random * ternary", x, ternary), make("-q/2 * +bound", most_negative, plus),
                                 make("-q/2 * -bound", most_negative, minus), make("-1 * ternary", minus_one, ternary),
                                 make("ternary * ternary", ternary, ternary)};
  return {full, short_};
}

template <ParameterSet P, pqmul::Multiplier M>
void check_cases(const M& m, const std::string& name, const std::vector<Case<P>>& list) {
  for (const auto& c : list) {
    INFO(P::name << " " << name << ": " << c.label);
    CHECK(pqmul::mul(m, c.a, c.b) == c.expected);
  }
}

// A whole-product NTT of ntt16's ("ntt16-1536", "ntt16-1024"): the KEM's two
// configurations, portable and on each SIMD ISA this CPU runs.
template <ParameterSet P, class Portable, class Simd, class Kernels>
void check_whole_product_ntt(const std::string& name, const std::vector<Case<P>>& full,
                             const std::vector<Case<P>>& short_) {
  const auto [general, for_short] = ntt16_configs<P, Portable>(pqmul::Params{});
  check_cases<P>(Portable(general), name, full);
  check_cases<P>(Portable(for_short), "short " + name, short_);
  for (pqmul::Isa isa : pqmul::ntt16::kernel_isas()) {
    if (!pqmul::isa_available(isa)) continue;
    const std::string on = std::string(" on ") + std::string(pqmul::isa_name(isa));
    const Kernels kernels(isa);
    check_cases<P>(Simd(general, kernels), name + on, full);
    check_cases<P>(Simd(for_short, kernels), "short " + name + on, short_);
  }
}

}  // namespace

TEMPLATE_TEST_CASE("ntru R_q products of every multiplier equal Kronecker's", "[ntru][products]", Hps2048509,
                   Hps2048677, Hps4096821, Hrss701) {
  using P = TestType;
  using R = typename P::ring;
  const auto [full, short_] = cases<P>(Ntru<P, pqmul::BigNtt<R>>::short_bound);
  for (const auto& name : kem_multipliers<P>()) {
    if (name == "kronecker") continue;
    if (name == "ntt") {
      for (const char* params : {"", "layers=5", "primes=2"}) {
        auto [general, for_short] = make_ntts<P>(pqmul::Params::parse(params));
        check_cases<P>(general, std::string("ntt ") + params, full);
        check_cases<P>(general, std::string("ntt ") + params, short_);
        check_cases<P>(for_short, std::string("short ntt ") + params, short_);
      }
      continue;
    }
    if (name == "ntt16") {
      for (const char* params : {"", "primes=3"}) {
        const auto [general, for_short] = ntt16_configs<P, pqmul::Ntt16Pieces<R>>(pqmul::Params::parse(params));
        check_cases<P>(pqmul::Ntt16Pieces<R>(general), std::string("ntt16 ") + params, full);
        check_cases<P>(pqmul::Ntt16Pieces<R>(for_short), std::string("short ntt16 ") + params, short_);
        for (pqmul::Isa isa : pqmul::ntt16::kernel_isas()) {
          if (!pqmul::isa_available(isa)) continue;
          const std::string on = std::string(" on ") + std::string(pqmul::isa_name(isa));
          const pqmul::ntt16::SimdKernels kernels(isa);
          check_cases<P>(pqmul::Ntt16PiecesSimd<R>(general, kernels), "ntt16 " + std::string(params) + on, full);
          check_cases<P>(pqmul::Ntt16PiecesSimd<R>(for_short, kernels), "short ntt16 " + std::string(params) + on,
                         short_);
        }
      }
      continue;
    }
    if constexpr (pqmul::ntt16::good_fits<R>) {
      if (name == "ntt16-1536") {
        check_whole_product_ntt<P, pqmul::Ntt16Good<R>, pqmul::Ntt16GoodSimd<R>, pqmul::ntt16::SimdGoodKernels>(
            name, full, short_);
        continue;
      }
    }
    if constexpr (pqmul::ntt16::pairs_fit<R>) {
      if (name == "ntt16-1024") {
        check_whole_product_ntt<P, pqmul::Ntt16Pairs<R>, pqmul::Ntt16PairsSimd<R>, pqmul::ntt16::SimdPairKernels>(
            name, full, short_);
        continue;
      }
    }
    const auto plan = name == "toom-k" ? default_toom_k_params() : pqmul::Params{};
    const auto m = pqmul::make_toom_cook<R>(name, plan);
    check_cases<P>(m, name, full);
  }
}

TEMPLATE_TEST_CASE("ntru S_3 products through R_q equal the definition", "[ntru][products]", Hps2048509,
                   Hps2048677, Hps4096821, Hrss701) {
  using P = TestType;
  using R = typename P::ring;
  std::mt19937_64 rng(6);
  const Ntru<P, pqmul::ToomCook<R>> toom(pqmul::make_toom_cook<R>("toom4-k2"));
  auto [general, for_short] = make_ntts<P>({});
  const Ntru<P, pqmul::BigNtt<R>> ntt(std::move(general), std::move(for_short));
  S3<P> a = ntru_test::random_s3<P>(rng), b = ntru_test::random_s3<P>(rng), twos;
  twos.coeffs.fill(2);  // all -1: the largest exact coefficient, n - 1 after reduction
  twos[P::n - 1] = 0;
  for (const auto& [x, y] : {std::pair{a, b}, std::pair{twos, twos}, std::pair{a, twos}}) {
    const auto expected = ntru_test::s3_product_by_definition<P>(x, y);
    CHECK(toom.mul_s3(x, y) == expected);
    CHECK(ntt.mul_s3(x, y) == expected);
  }
}

}  // namespace pqmul_tests::ntru_test_products
