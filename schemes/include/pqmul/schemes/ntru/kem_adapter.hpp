#pragma once
// The run-time Kem of one (parameter set, multiplier) pair, and the factory
// that builds it from a multiplier name. Included by the files that
// instantiate the scheme (schemes/src/ntru/ntru_<set>.cpp).
#include <algorithm>
#include <array>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "pqmul/algorithms/kronecker.hpp"
#include "pqmul/algorithms/ntt/big_ntt.hpp"
#include "pqmul/algorithms/ntt/ntt16_good.hpp"
#include "pqmul/algorithms/ntt/ntt16_pairs.hpp"
#include "pqmul/algorithms/ntt/ntt16_pieces.hpp"
#include "pqmul/algorithms/params.hpp"
#include "pqmul/algorithms/toom_cook.hpp"
#include "pqmul/algorithms/wipe.hpp"
#include "pqmul/schemes/common/ring_multipliers.hpp"
#include "pqmul/schemes/kem.hpp"
#include "pqmul/schemes/ntru/factory.hpp"
#include "pqmul/schemes/ntru/scheme.hpp"

namespace pqmul::ntru {

template <ParameterSet P, Multiplier M>
class NtruKem final : public Kem {
 public:
  // isa: the ISA of every kernel outside the multiplier (see Ntru).
  NtruKem(M multiplier, std::string label, Isa isa = Isa::portable)
      : scheme_(std::move(multiplier), isa), label_(std::move(label)) {}
  NtruKem(M multiplier, M for_short, std::string label, Isa isa = Isa::portable)
      : scheme_(std::move(multiplier), std::move(for_short), isa), label_(std::move(label)) {}

  std::string scheme() const override { return std::string(P::name); }
  std::string multiplier() const override { return label_; }
  Strategy strategy() const override { return Strategy::eager; }
  std::string isa() const override { return std::string(isa_name(scheme_.isa())); }

  std::size_t public_key_bytes() const override { return P::public_key_bytes; }
  std::size_t secret_key_bytes() const override { return P::secret_key_bytes; }
  std::size_t ciphertext_bytes() const override { return P::ciphertext_bytes; }
  std::size_t shared_secret_bytes() const override { return P::shared_secret_bytes; }

  void keypair(std::span<std::uint8_t> pk, std::span<std::uint8_t> sk, RandomSource& rng) const override {
    require(pk.size(), P::public_key_bytes, "public key");
    require(sk.size(), P::secret_key_bytes, "secret key");
    std::array<std::uint8_t, P::fg_bytes> seed;
    std::array<std::uint8_t, P::prf_key_bytes> prf_key;
    const WipeOnExit wipe_seeds(seed, prf_key);
    rng.fill(seed);
    rng.fill(prf_key);
    scheme_.keypair(pk.template first<P::public_key_bytes>(), sk.template first<P::secret_key_bytes>(), seed,
                    prf_key);
  }

  void encaps(std::span<std::uint8_t> ct, std::span<std::uint8_t> ss, std::span<const std::uint8_t> pk,
              RandomSource& rng) const override {
    require(ct.size(), P::ciphertext_bytes, "ciphertext");
    require(ss.size(), P::shared_secret_bytes, "shared secret");
    require(pk.size(), P::public_key_bytes, "public key");
    std::array<std::uint8_t, P::rm_bytes> coins;
    const WipeOnExit wipe_coins(coins);
    rng.fill(coins);
    scheme_.encaps(ct.template first<P::ciphertext_bytes>(), ss.template first<P::shared_secret_bytes>(),
                   pk.template first<P::public_key_bytes>(), coins);
  }

  void decaps(std::span<std::uint8_t> ss, std::span<const std::uint8_t> ct,
              std::span<const std::uint8_t> sk) const override {
    require(ss.size(), P::shared_secret_bytes, "shared secret");
    require(ct.size(), P::ciphertext_bytes, "ciphertext");
    require(sk.size(), P::secret_key_bytes, "secret key");
    scheme_.decaps(ss.template first<P::shared_secret_bytes>(), ct.template first<P::ciphertext_bytes>(),
                   sk.template first<P::secret_key_bytes>());
  }

  const Ntru<P, M>& typed() const { return scheme_; }
  // The short-factor multiplier is a copy of the other one or a typed NTT: one ledger.
  std::optional<std::size_t> measured_bytes_held() const override { return measured_bytes_of(scheme_.multiplier()); }

 private:
  static void require(std::size_t got, std::size_t expected, const char* what) {
    if (got != expected)
      throw InvalidInput(std::string(P::name) + ": " + what + " must be " + std::to_string(expected) +
                         " bytes, got " + std::to_string(got));
  }
  Ntru<P, M> scheme_;
  std::string label_;
};

// The "ntt" multiplier of a parameter set: a BigNtt for full-range products
// and one for products with a short factor (|b_i| <= short_bound), each over
// the fewest primes that hold one exact product unless primes=1|2 is given;
// layers=L applies to both.
template <ParameterSet P>
std::pair<BigNtt<typename P::ring>, BigNtt<typename P::ring>> make_ntts(const Params& params) {
  using R = typename P::ring;
  params.require_only({"primes", "layers"});
  const std::string base = params.to_string();
  auto with = [&](std::uint32_t bound_b) {
    std::string text = base;
    auto append = [&text](const std::string& item) { text += (text.empty() ? "" : ";") + item; };
    if (bound_b != 0) append("bound-b=" + std::to_string(bound_b));
    if (!params.has("primes")) {
      BigNttConfig one;
      one.primes = 1;
      one.layers = static_cast<unsigned>(params.get_size("layers", 0));
      one.bound_b = bound_b;
      append(std::string("primes=") + (BigNtt<R>::max_accumulated_for(one) >= 1 ? "1" : "2"));
    }
    return make_big_ntt<R>(Params::parse(text));
  };
  return {with(0), with(Ntru<P, BigNtt<R>>::short_bound)};
}

// The configurations of the "ntt16" multipliers of a parameter set: one for
// full-range products and one for products with a short factor (bound-b at
// most short_bound), each over the fewest primes that hold one exact product
// unless primes= is given (M: the multiplier, whose CRT sets what they hold).
template <ParameterSet P, class M>
std::pair<ntt16::Config, ntt16::Config> ntt16_configs(const Params& params) {
  using R = typename P::ring;
  const ntt16::Config general = ntt16::config_from(params, R::q, R::n, M::kCrtInputs);
  ntt16::Config for_short = general;
  for_short.bound_b = std::min(general.bound_b, Ntru<P, M>::short_bound);
  if (!params.has("primes")) for_short.primes = 0;
  return {general, ntt16::resolve(for_short, R::q, R::n, M::kCrtInputs)};
}

// The multipliers of a choice, handed to typed(general, for_short): the one
// for full-range products and, where the KEM keeps another for products with
// a short factor, that one (std::nullopt: the first serves both); registered()
// for a multiplier without a typed path. One dispatch for the KEM factory and
// the benchmarks of the KEM's products.
template <ParameterSet P, class Typed, class Registered>
auto visit_kem_multipliers(const MultiplierChoice& c, Typed&& typed, Registered&& registered) {
  using R = typename P::ring;
  switch (c.typed()) {
    case TypedPath::toom_cook:
      // Instantiated for 16-bit words; the registry's 32-bit plans take the generic path.
      if (c.params.has("word")) return registered();
      return typed(make_toom_cook<R>(c.name, c.params), std::optional<ToomCook<R>>());
    case TypedPath::big_ntt: {
      auto [general, for_short] = make_ntts<P>(c.params);
      return typed(std::move(general), std::optional<BigNtt<R>>(std::move(for_short)));
    }
    case TypedPath::ntt16: {
      const auto [general, for_short] = ntt16_configs<P, Ntt16Pieces<R>>(c.params);
      return typed(Ntt16Pieces<R>(general), std::optional<Ntt16Pieces<R>>(Ntt16Pieces<R>(for_short)));
    }
    case TypedPath::ntt16_good:
      // (The registry has the entry only for the rings it takes.)
      if constexpr (ntt16::good_fits<R>) {
        const auto [general, for_short] = ntt16_configs<P, Ntt16Good<R>>(c.params);
        return typed(Ntt16Good<R>(general), std::optional<Ntt16Good<R>>(Ntt16Good<R>(for_short)));
      } else {
        return registered();
      }
    case TypedPath::ntt16_pairs:
      if constexpr (ntt16::pairs_fit<R>) {
        const auto [general, for_short] = ntt16_configs<P, Ntt16Pairs<R>>(c.params);
        return typed(Ntt16Pairs<R>(general), std::optional<Ntt16Pairs<R>>(Ntt16Pairs<R>(for_short)));
      } else {
        return registered();
      }
    case TypedPath::kronecker:
      c.params.require_only({});
      return typed(Kronecker<R>{}, std::optional<Kronecker<R>>());
    default:
      return registered();
  }
}

template <ParameterSet P>
std::unique_ptr<Kem> make_kem(std::string_view multiplier) {
  using R = typename P::ring;
  const std::string_view spec = multiplier.empty() ? std::string_view(kem_multipliers<P>().front()) : multiplier;
  const MultiplierChoice c = choose_multiplier(P::name, R::name, spec);
  try {
    return visit_kem_multipliers<P>(
        c,
        [&]<Multiplier M>(M general, std::optional<M> for_short) -> std::unique_ptr<Kem> {
          if (for_short) return std::make_unique<NtruKem<P, M>>(std::move(general), std::move(*for_short), c.label);
          return std::make_unique<NtruKem<P, M>>(std::move(general), c.label);
        },
        [&]() -> std::unique_ptr<Kem> { return make_registered_kem<P>(c); });
  } catch (const std::invalid_argument& e) {
    throw std::invalid_argument(std::string(P::name) + ": multiplier " + c.label + " is invalid: " + e.what());
  }
}

}  // namespace pqmul::ntru
