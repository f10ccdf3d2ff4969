// The module products of every Saber multiplier and strategy against
// Kronecker substitution (an independent big-integer oracle, itself checked
// against a plain integer schoolbook), on random and extreme inputs; and the
// transform / inverse counts and bytes that make up the time-memory trade-off.
#include <catch2/catch.hpp>

#include <cstdint>
#include <vector>

#include "../common/test_util.hpp"
#include "pqmul/algorithms/kronecker.hpp"
#include "pqmul/schemes/saber/saber.hpp"

namespace pqmul_tests::saber_test_products {

namespace {

using pqmul::SaberRing;
using pqmul::Strategy;
using pqmul::Transpose;
using Poly = pqmul::saber::SaberPoly;
constexpr std::uint32_t q = SaberRing::q;

Poly random_uniform(pqmul::test::TestPrng& prng, std::uint32_t bound) {
  Poly p;
  for (auto& c : p.coeffs) c = static_cast<std::uint16_t>(prng.below(bound));
  return p;
}

Poly random_secret(pqmul::test::TestPrng& prng, unsigned mu) {
  Poly p;
  for (auto& c : p.coeffs) {
    const int v = static_cast<int>(prng.below(mu + 1)) - static_cast<int>(mu / 2);
    c = static_cast<std::uint16_t>((v + static_cast<int>(q)) % static_cast<int>(q));
  }
  return p;
}

Poly constant(std::uint16_t value) {
  Poly p;
  p.coeffs.fill(value);
  return p;
}

// x^n + 1 schoolbook over the integers, then mod q.
Poly integer_schoolbook(const Poly& a, const Poly& b) {
  std::vector<std::int64_t> c(SaberRing::n, 0);
  for (std::size_t i = 0; i < SaberRing::n; ++i)
    for (std::size_t j = 0; j < SaberRing::n; ++j) {
      const std::int64_t t = std::int64_t{a[i]} * b[j];
      if (i + j < SaberRing::n) c[i + j] += t; else c[i + j - SaberRing::n] -= t;
    }
  Poly r;
  for (std::size_t i = 0; i < SaberRing::n; ++i) r[i] = static_cast<std::uint16_t>(((c[i] % q) + q) % q);
  return r;
}

struct Inputs {
  std::vector<Poly> a, s, b;  // l*l uniform mod q, l secret, l mod p
};

// One random input, and the extremes: every coefficient at the largest centred
// magnitude (q/2, the lowest secret -mu/2 and the highest +mu/2, p - 1).
std::vector<Inputs> inputs_for(std::size_t l, unsigned mu) {
  std::vector<Inputs> all;
  pqmul::test::TestPrng prng(1000 + l);
  {
    Inputs in;
    for (std::size_t i = 0; i < l * l; ++i) in.a.push_back(random_uniform(prng, q));
    for (std::size_t i = 0; i < l; ++i) in.s.push_back(random_secret(prng, mu));
    for (std::size_t i = 0; i < l; ++i) in.b.push_back(random_uniform(prng, 1024));
    all.push_back(in);
  }
  const auto low = static_cast<std::uint16_t>(q - mu / 2), high = static_cast<std::uint16_t>(mu / 2);
  all.push_back({std::vector<Poly>(l * l, constant(q / 2)), std::vector<Poly>(l, constant(low)),
                 std::vector<Poly>(l, constant(1023))});
  all.push_back({std::vector<Poly>(l * l, constant(q / 2)), std::vector<Poly>(l, constant(high)),
                 std::vector<Poly>(l, constant(q / 2))});
  return all;
}

}  // namespace

TEST_CASE("Kronecker oracle agrees with an integer schoolbook", "[saber][products]") {
  const pqmul::Kronecker<SaberRing> kron;
  pqmul::test::TestPrng prng(7);
  for (int round = 0; round < 3; ++round) {
    const Poly a = round == 2 ? constant(q - 1) : random_uniform(prng, q);
    const Poly b = round == 2 ? constant(q - 1) : random_secret(prng, 10);
    CHECK(pqmul::mul(kron, a, b) == integer_schoolbook(a, b));
  }
}

TEST_CASE("every Saber multiplier and strategy computes the module products of the oracle", "[saber][products]") {
  const pqmul::Kronecker<SaberRing> kron;
  for (const auto& scheme : pqmul::saber::saber_schemes()) {
    // The oracle's results, once per parameter set.
    const auto probe = pqmul::saber::make_saber(scheme, "schoolbook", Strategy::lazy);
    const std::size_t l = probe->rank();
    const auto inputs = inputs_for(l, probe->mu());
    struct Expected {
      std::vector<Poly> as, ats;
      Poly bs;
    };
    std::vector<Expected> expected;
    for (const auto& in : inputs) {
      Expected e{std::vector<Poly>(l), std::vector<Poly>(l), {}};
      pqmul::matrix_vector(kron, std::span<const Poly>(in.a), std::span<const Poly>(in.s), std::span<Poly>(e.as),
                           Transpose::no, Strategy::lazy);
      pqmul::matrix_vector(kron, std::span<const Poly>(in.a), std::span<const Poly>(in.s), std::span<Poly>(e.ats),
                           Transpose::yes, Strategy::lazy);
      pqmul::inner_product(kron, std::span<const Poly>(in.b), std::span<const Poly>(in.s), e.bs, Strategy::lazy);
      expected.push_back(e);
    }
    for (const auto& multiplier : pqmul::saber::saber_multipliers()) {
      if (multiplier == "kronecker") continue;  // the oracle itself
      for (auto strategy : pqmul::all_strategies) {
        const auto kem = pqmul::saber::make_saber(scheme, multiplier, strategy);
        for (std::size_t k = 0; k < inputs.size(); ++k) {
          INFO(scheme << " " << multiplier << " " << to_string(strategy) << " input " << k);
          const auto& in = inputs[k];
          std::vector<Poly> got(l), enc_bp(l);
          kem->matrix_vector(in.a, in.s, got, Transpose::no, nullptr);
          CHECK(got == expected[k].as);
          kem->matrix_vector(in.a, in.s, got, Transpose::yes, nullptr);
          CHECK(got == expected[k].ats);
          Poly got_v, enc_v;
          kem->inner_product(in.b, in.s, got_v, nullptr);
          CHECK(got_v == expected[k].bs);
          kem->encryption_products(in.a, in.s, in.b, enc_bp, enc_v, nullptr);
          CHECK(enc_bp == expected[k].as);
          CHECK(enc_v == expected[k].bs);
        }
      }
    }
  }
}

TEST_CASE("strategy counts: eager 2l^2 transforms / l^2 inverses, cached l^2+l / l", "[saber][products]") {
  for (const auto& scheme : pqmul::saber::saber_schemes()) {
    for (const std::string multiplier : {"toom4-k2", "ntt"}) {
      INFO(scheme << " " << multiplier);
      std::size_t held[3] = {};
      for (auto strategy : pqmul::all_strategies) {
        const auto kem = pqmul::saber::make_saber(scheme, multiplier, strategy);
        const std::size_t l = kem->rank();
        const auto inputs = inputs_for(l, kem->mu());
        const auto& in = inputs.front();
        std::vector<Poly> out(l);
        pqmul::ModuleStats mv;
        kem->matrix_vector(in.a, in.s, out, Transpose::no, &mv);
        pqmul::ModuleStats enc;
        Poly v;
        kem->encryption_products(in.a, in.s, in.b, out, v, &enc);
        CHECK(mv.products == l * l);
        CHECK(enc.products == l * l + l);
        switch (strategy) {
          case Strategy::eager:
            CHECK(mv.transforms == 2 * l * l);
            CHECK(mv.inverses == l * l);
            CHECK(enc.transforms == 2 * l * l + 2 * l);
            CHECK(enc.inverses == l * l + l);
            break;
          case Strategy::lazy:
            CHECK(mv.transforms == 2 * l * l);
            CHECK(mv.inverses == l);
            CHECK(enc.transforms == 2 * l * l + 2 * l);
            CHECK(enc.inverses == l + 1);
            break;
          case Strategy::cached:
            CHECK(mv.transforms == l * l + l);
            CHECK(mv.inverses == l);
            // s' is transformed once for both products: l (s') + l^2 (A) + l (b).
            CHECK(enc.transforms == l * l + 2 * l);
            CHECK(enc.inverses == l + 1);
            break;
        }
        CHECK(mv.bytes_held == kem->bytes_held());
        CHECK(enc.bytes_held == kem->bytes_held());
        held[static_cast<int>(strategy)] = kem->bytes_held();

        // The whole KEM: encapsulation is one encryption; decapsulation adds decryption's inner product.
        pqmul::test::TestPrng prng(3);
        struct Fixed : pqmul::RandomSource {
          pqmul::test::TestPrng* prng;
          void fill(std::span<std::uint8_t> out) override {
            for (auto& b : out) b = static_cast<std::uint8_t>(prng->next());
          }
        } rng;
        rng.prng = &prng;
        std::vector<std::uint8_t> pk(kem->public_key_bytes()), sk(kem->secret_key_bytes()),
            ct(kem->ciphertext_bytes()), ss(32);
        pqmul::ModuleStats keygen, encaps, decaps;
        kem->keypair(pk, sk, rng, &keygen);
        kem->encaps(ct, ss, pk, rng, &encaps);
        kem->decaps(ss, ct, sk, &decaps);
        CHECK(keygen.transforms == mv.transforms);
        CHECK(encaps.transforms == enc.transforms);
        const std::size_t decrypt_transforms = 2 * l;
        CHECK(decaps.transforms == enc.transforms + decrypt_transforms);
        CHECK(decaps.inverses == enc.inverses + (strategy == Strategy::eager ? l : 1));
      }
      // Memory grows as interpolations fall: eager keeps a product polynomial, cached keeps l transforms.
      CHECK(held[static_cast<int>(Strategy::cached)] > held[static_cast<int>(Strategy::lazy)]);
      CHECK(held[static_cast<int>(Strategy::eager)] > held[static_cast<int>(Strategy::lazy)]);
    }
  }
}

}  // namespace pqmul_tests::saber_test_products
