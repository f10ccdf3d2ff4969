// NTRU over the big-prime NTT on AVX2 / AVX-512: Ntru<P, BigNttSimd<ring>>
// with the two multipliers of the portable "ntt" (a full-range one and one for
// products with a short factor, same primes and layers), so the bytes are the
// portable ones. Compiled with the baseline flags; the SIMD work happens in
// the kernels.
#include <stdexcept>
#include <string>

#include "ntt_simd_factory.hpp"
#include "pqmul/algorithms/isa.hpp"
#include "pqmul/algorithms/ntt/big_ntt_simd.hpp"
#include "pqmul/schemes/ntru/kem_adapter.hpp"
#include "pqmul/schemes/ntru/scheme_impl.hpp"

namespace pqmul::ntru {

template class Ntru<Hps2048509, BigNttSimd<Hps2048509::ring>>;
template class Ntru<Hps2048677, BigNttSimd<Hps2048677::ring>>;
template class Ntru<Hps4096821, BigNttSimd<Hps4096821::ring>>;
template class Ntru<Hrss701, BigNttSimd<Hrss701::ring>>;

namespace {

// NtruKem with two multipliers reports isa "portable"; this Kem forwards to it
// and reports the ISA its multipliers run on.
class IsaNamedKem final : public Kem {
 public:
  IsaNamedKem(std::unique_ptr<Kem> inner, std::string isa) : inner_(std::move(inner)), isa_(std::move(isa)) {}

  std::string scheme() const override { return inner_->scheme(); }
  std::string multiplier() const override { return inner_->multiplier(); }
  Strategy strategy() const override { return inner_->strategy(); }
  std::string isa() const override { return isa_; }
  std::size_t public_key_bytes() const override { return inner_->public_key_bytes(); }
  std::size_t secret_key_bytes() const override { return inner_->secret_key_bytes(); }
  std::size_t ciphertext_bytes() const override { return inner_->ciphertext_bytes(); }
  std::size_t shared_secret_bytes() const override { return inner_->shared_secret_bytes(); }
  void keypair(std::span<std::uint8_t> pk, std::span<std::uint8_t> sk, RandomSource &rng) const override {
    inner_->keypair(pk, sk, rng);
  }
  void encaps(std::span<std::uint8_t> ct, std::span<std::uint8_t> ss, std::span<const std::uint8_t> pk,
              RandomSource &rng) const override {
    inner_->encaps(ct, ss, pk, rng);
  }
  void decaps(std::span<std::uint8_t> ss, std::span<const std::uint8_t> ct,
              std::span<const std::uint8_t> sk) const override {
    inner_->decaps(ss, ct, sk);
  }
  void check_public_key(std::span<const std::uint8_t> pk) const override { inner_->check_public_key(pk); }
  void check_secret_key(std::span<const std::uint8_t> sk) const override { inner_->check_secret_key(sk); }
  void encaps_checked_key(std::span<std::uint8_t> ct, std::span<std::uint8_t> ss, std::span<const std::uint8_t> pk,
                          RandomSource &rng) const override {
    inner_->encaps_checked_key(ct, ss, pk, rng);
  }
  void decaps_checked_key(std::span<std::uint8_t> ss, std::span<const std::uint8_t> ct,
                          std::span<const std::uint8_t> sk) const override {
    inner_->decaps_checked_key(ss, ct, sk);
  }

 private:
  std::unique_ptr<Kem> inner_;
  std::string isa_;
};

}  // namespace

template <ParameterSet P>
std::unique_ptr<Kem> make_ntt_simd_kem(std::string_view multiplier, Isa isa) {
  using R = typename P::ring;
  const auto [name, param_text] = pqmul::split_multiplier(multiplier);
  const Params params = Params::parse(param_text);
  const std::string label = params.empty() ? name : name + ":" + params.to_string();
  if (name != "ntt")
    throw std::invalid_argument(std::string(P::name) + ": no SIMD version of multiplier '" + label + "' here");
  if (isa != Isa::avx2 && isa != Isa::avx512)
    throw std::invalid_argument(std::string(P::name) + "/" + label + ": no " + std::string(isa_name(isa)) + " version");
  if (const std::string why = isa_unavailable_reason(isa); !why.empty())
    throw std::invalid_argument(std::string(P::name) + "/" + label + "/" + std::string(isa_name(isa)) +
                                " cannot run: " + why);
  try {
    auto [general, for_short] = make_ntts<P>(params);
    BigNttSimd<R> g(general.config(), isa), s(for_short.config(), isa);
    return std::make_unique<IsaNamedKem>(std::make_unique<NtruKem<P, BigNttSimd<R>>>(std::move(g), std::move(s), label),
                                         std::string(isa_name(isa)));
  } catch (const std::invalid_argument &e) {
    throw std::invalid_argument(std::string(P::name) + ": multiplier " + label + " is invalid: " + e.what());
  }
}

template std::unique_ptr<Kem> make_ntt_simd_kem<Hps2048509>(std::string_view, Isa);
template std::unique_ptr<Kem> make_ntt_simd_kem<Hps2048677>(std::string_view, Isa);
template std::unique_ptr<Kem> make_ntt_simd_kem<Hps4096821>(std::string_view, Isa);
template std::unique_ptr<Kem> make_ntt_simd_kem<Hrss701>(std::string_view, Isa);

}  // namespace pqmul::ntru
