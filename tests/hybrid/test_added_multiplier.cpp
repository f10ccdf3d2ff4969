// The promise of "Adding a multiplier" (README): a multiplier class written
// outside the library and registered with one line runs in every KEM of the
// registry. Here: one Karatsuba level over a schoolbook of the halves,
// written for this test, checked against the published KAT digests of all
// 13 KEMs under each strategy the scheme has (all 100 entries under one
// strategy, entry 0 under the others).
#include <catch2/catch.hpp>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <map>
#include <vector>

#include "pqmul/algorithms/registry_adapter.hpp"
#include "pqmul/schemes/kem.hpp"
#include "pqmul/schemes/nist_kat.hpp"
#include "pqmul/schemes/saber/saber.hpp"

namespace pqmul_tests::hybrid_test_added_multiplier {

namespace {

// a = a0 + x^h a1 (h = ceil(n/2)); transform keeps a0, a1 and a0 + a1 as
// integers, the accumulator the three integer products, and the inverse puts
// a0 b0 + x^h ((a0 + a1)(b0 + b1) - a0 b0 - a1 b1) + x^2h a1 b1 together and
// folds it modulo x^n -+ 1 and q.
template <pqmul::RingDescription R>
class HalfKaratsuba {
  static constexpr std::size_t h = (R::n + 1) / 2;
  static constexpr std::size_t product = 2 * h - 1;

 public:
  using ring = R;
  // (Storage of its own: how to clear it once it held a secret.)
  struct operand {
    std::vector<std::uint64_t> low, high, sum;
    void wipe() noexcept { pqmul::wipe(low), pqmul::wipe(high), pqmul::wipe(sum); }
  };
  struct accumulator {
    std::vector<std::uint64_t> low, middle, high;
    void wipe() noexcept { pqmul::wipe(low), pqmul::wipe(middle), pqmul::wipe(high); }
  };
  static inline std::atomic<std::size_t> transforms{0};  // calls, read by the tests below

  std::string name() const { return "half-karatsuba"; }
  operand make_operand() const {
    return {std::vector<std::uint64_t>(h), std::vector<std::uint64_t>(h), std::vector<std::uint64_t>(h)};
  }
  accumulator make_accumulator() const {
    return {std::vector<std::uint64_t>(product), std::vector<std::uint64_t>(product),
            std::vector<std::uint64_t>(product)};
  }
  void transform(const pqmul::Poly<R>& a, operand& x) const {
    ++transforms;
    for (std::size_t i = 0; i < h; ++i) {
      x.low[i] = a[i];
      x.high[i] = h + i < R::n ? a[h + i] : 0;
      x.sum[i] = x.low[i] + x.high[i];
    }
  }
  void clear(accumulator& acc) const {
    for (auto* part : {&acc.low, &acc.middle, &acc.high}) std::fill(part->begin(), part->end(), 0);
  }
  void multiply_accumulate(accumulator& acc, const operand& x, const operand& y) const {
    schoolbook(acc.low, x.low, y.low);
    schoolbook(acc.middle, x.sum, y.sum);
    schoolbook(acc.high, x.high, y.high);
  }
  void inverse(const accumulator& acc, pqmul::Poly<R>& out) const {
    std::vector<std::uint64_t> c(2 * R::n + 2, 0);
    for (std::size_t i = 0; i < product; ++i) {
      c[i] += acc.low[i];
      c[h + i] += acc.middle[i] - acc.low[i] - acc.high[i];  // exact: every term is non-negative
      c[2 * h + i] += acc.high[i];
    }
    for (std::size_t i = 0; i < R::n; ++i) {
      const std::uint64_t folded = c[R::n + i] % R::q;
      const std::uint64_t v = c[i] % R::q;
      out[i] = static_cast<std::uint16_t>(R::wrap == pqmul::Wrap::cyclic ? (v + folded) % R::q
                                                                         : (v + R::q - folded) % R::q);
    }
  }
  std::size_t operand_bytes() const { return 3 * h * sizeof(std::uint64_t); }
  std::size_t accumulator_bytes() const { return 3 * product * sizeof(std::uint64_t); }
  // Each coefficient of a product is at most h (2q)^2 < 2^41: far from 2^64.
  std::size_t max_accumulated() const { return std::size_t{1} << 20; }

 private:
  static void schoolbook(std::vector<std::uint64_t>& acc, const std::vector<std::uint64_t>& a,
                         const std::vector<std::uint64_t>& b) {
    for (std::size_t i = 0; i < h; ++i)
      for (std::size_t j = 0; j < h; ++j) acc[i + j] += a[i] * b[j];
  }
};

const pqmul::RingsRegistration<HalfKaratsuba> registration("half-karatsuba", "one Karatsuba level (test only)");

const std::map<std::string, pqmul::PublishedKatHashes>& published() {
  static const auto hashes = pqmul::read_kat_hashes(PQMUL_VECTORS_DIR "/kem/KAT_HASHES.txt");
  return hashes;
}

std::size_t transforms_of(const std::string& ring) {
  std::size_t n = 0;
  pqmul::for_each_ring([&]<class R>() {
    if (R::name == ring) n = HalfKaratsuba<R>::transforms.load();
  });
  return n;
}

// Fixed bytes for the KEM operations whose steps are counted.
struct CountingRandom final : pqmul::RandomSource {
  std::uint8_t next = 1;
  void fill(std::span<std::uint8_t> out) override {
    for (auto& b : out) b = next++;
  }
};

struct Counted {
  std::size_t transforms = 0;
  std::size_t peak_bytes = 0;
};

// Key generation, encapsulation and decapsulation once, with the transforms
// the test multiplier counted and the bytes the KEM measured.
Counted run_once(const pqmul::Kem& kem, const std::string& ring) {
  std::vector<std::uint8_t> pk(kem.public_key_bytes()), sk(kem.secret_key_bytes()), ct(kem.ciphertext_bytes()),
      ss(kem.shared_secret_bytes());
  CountingRandom rng;
  const std::size_t before = transforms_of(ring);
  kem.keypair(pk, sk, rng);
  kem.encaps(ct, ss, pk, rng);
  kem.decaps(ss, ct, sk);
  return {transforms_of(ring) - before, kem.measured_bytes_held().value_or(0)};
}

}  // namespace

TEST_CASE("a registered multiplier passes the KATs of every KEM under every strategy", "[kem][registry][kat]") {
  std::size_t kems = 0;
  for (const auto& e : pqmul::kem_registry()) {
    CHECK(std::find(e.multipliers.begin(), e.multipliers.end(), "half-karatsuba") != e.multipliers.end());
    const auto& digests = published().at(e.scheme);
    // All 100 entries under the first strategy, entry 0 under the others: a strategy
    // changes when operands are transformed, not what is computed, and 100 entries
    // for each made this the slowest test of the sanitizer tree.
    bool first = true;
    for (auto strategy : e.strategies) {
      INFO(e.scheme << " " << to_string(strategy));
      const auto kem = pqmul::make_kem(e.scheme, "half-karatsuba", strategy, pqmul::Isa::portable);
      CHECK(kem->multiplier() == "half-karatsuba");
      CHECK(kem->strategy() == strategy);
      const std::size_t before = transforms_of(e.ring);
      if (first)
        CHECK(pqmul::kat_digest_all(pqmul::nist_kat_entries(*kem, 0, 100)) == digests.all);
      else
        CHECK(pqmul::kat_digest_single(pqmul::nist_kat_entries(*kem, 0, 1)) == digests.single);
      first = false;
      CHECK(transforms_of(e.ring) > before);  // the products ran through it
    }
    ++kems;
  }
  CHECK(kems == 13);
}

TEST_CASE("a registered multiplier keeps the strategies' meaning in Saber", "[kem][registry][saber]") {
  using pqmul::Strategy;
  for (const auto& scheme : pqmul::saber::saber_schemes()) {
    INFO(scheme);
    std::map<Strategy, Counted> counted;
    std::size_t l = 0;
    for (auto strategy : pqmul::all_strategies) {
      const auto kem = pqmul::saber::make_saber(scheme, "half-karatsuba", strategy);
      l = kem->rank();
      counted[strategy] = run_once(*kem, "saber");
    }
    // keypair A^T s, encaps A s' and b^T s', decaps b^T s and the re-encryption:
    // eager and lazy transform both factors of each product; cached transforms
    // each secret once (s' once for both products of an encryption).
    const std::size_t products = l * l + (l * l + l) + l + (l * l + l);
    CHECK(counted[Strategy::eager].transforms == 2 * products);
    CHECK(counted[Strategy::lazy].transforms == 2 * products);
    CHECK(counted[Strategy::cached].transforms == products + l + l + l + l);
    // Held at once: two operands and an accumulator, or the cached vector of l
    // operands beside one operand and an accumulator.
    const HalfKaratsuba<pqmul::SaberRing> m;
    const std::size_t op = m.operand_bytes(), acc = m.accumulator_bytes();
    CHECK(counted[Strategy::eager].peak_bytes == 2 * op + acc);
    CHECK(counted[Strategy::lazy].peak_bytes == 2 * op + acc);
    CHECK(counted[Strategy::cached].peak_bytes == (l + 1) * op + acc);
  }
}

TEST_CASE("a registered multiplier keeps the strategies' meaning in Kyber", "[kem][registry][kyber]") {
  using pqmul::Strategy;
  for (const char* scheme : {"ml-kem-512", "kyber1024"}) {
    INFO(scheme);
    std::map<Strategy, Counted> counted;
    for (auto strategy : pqmul::all_strategies)
      counted[strategy] = run_once(*pqmul::make_kem(scheme, "half-karatsuba", strategy), "kyber");
    CHECK(counted[Strategy::cached].transforms < counted[Strategy::lazy].transforms);
    CHECK(counted[Strategy::cached].peak_bytes > counted[Strategy::lazy].peak_bytes);
    CHECK(counted[Strategy::lazy].peak_bytes > 0);
  }
}

TEST_CASE("entries tagged with a typed path keep their typed KEMs; the others run on the generic path",
          "[kem][registry]") {
  // Only the generic path (DynamicMultiplier) measures the bytes it holds.
  for (const auto& e : pqmul::kem_registry()) {
    INFO(e.scheme);
    for (const auto& multiplier : e.multipliers) {
      INFO(multiplier);
      const auto* entry = pqmul::find_registry_entry(e.ring, multiplier);
      REQUIRE(entry != nullptr);
      const auto kem = pqmul::make_kem(e.scheme, multiplier, e.strategies.front(), pqmul::Isa::portable);
      CHECK(kem->measured_bytes_held().has_value() == (entry->typed == pqmul::TypedPath::none));
    }
  }
}

TEST_CASE("a multiplier registered after the registry was read is refused", "[registry]") {
  (void)pqmul::multiplier_registry();
  pqmul::RegistryEntry late{"saber", "late", "registered too late", {""}, [](const pqmul::Params&) {
                              return std::unique_ptr<pqmul::RingMultiplier>();
                            }};
  CHECK_THROWS_AS(pqmul::register_multiplier(late), std::logic_error);
  CHECK(pqmul::find_registry_entry("saber", "late") == nullptr);
}

}  // namespace pqmul_tests::hybrid_test_added_multiplier
