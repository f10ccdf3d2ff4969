// NTRU over the big-prime NTT on AVX2, AVX-512 or NEON: Ntru<P, BigNttSimd<ring>>
// with the two multipliers of the portable "ntt" (a full-range one and one for
// products with a short factor, same primes and layers), so the bytes are the
// portable ones. Compiled with the baseline flags; the SIMD work happens in
// the kernels.
#include <algorithm>
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

template <ParameterSet P>
std::unique_ptr<Kem> make_ntt_simd_kem(std::string_view multiplier, Isa isa) {
  using R = typename P::ring;
  const auto [name, param_text] = pqmul::split_multiplier(multiplier);
  const Params params = Params::parse(param_text);
  const std::string label = params.empty() ? name : name + ":" + params.to_string();
  if (name != "ntt")
    throw std::invalid_argument(std::string(P::name) + ": no SIMD version of multiplier '" + label + "' here");
  if (const auto isas = big_ntt_simd_detail::kernel_isas(); std::find(isas.begin(), isas.end(), isa) == isas.end())
    throw std::invalid_argument(std::string(P::name) + "/" + label + ": no " + std::string(isa_name(isa)) + " version");
  if (const std::string why = isa_unavailable_reason(isa); !why.empty())
    throw std::invalid_argument(std::string(P::name) + "/" + label + "/" + std::string(isa_name(isa)) +
                                " cannot run: " + why);
  try {
    auto [general, for_short] = make_ntts<P>(params);
    BigNttSimd<R> g(general.config(), isa), s(for_short.config(), isa);
    // Every kernel of the KEM on the ISA: the multipliers, the AVX2 sorting,
    // inversion and packing kernels (ntru_kernels), and the Keccak.
    return std::make_unique<NtruKem<P, BigNttSimd<R>>>(std::move(g), std::move(s), label, isa);
  } catch (const std::invalid_argument& e) {
    throw std::invalid_argument(std::string(P::name) + ": multiplier " + label + " is invalid: " + e.what());
  }
}

template std::unique_ptr<Kem> make_ntt_simd_kem<Hps2048509>(std::string_view, Isa);
template std::unique_ptr<Kem> make_ntt_simd_kem<Hps2048677>(std::string_view, Isa);
template std::unique_ptr<Kem> make_ntt_simd_kem<Hps4096821>(std::string_view, Isa);
template std::unique_ptr<Kem> make_ntt_simd_kem<Hrss701>(std::string_view, Isa);

}  // namespace pqmul::ntru
