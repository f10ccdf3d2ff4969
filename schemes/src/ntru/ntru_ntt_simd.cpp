// NTRU over an NTT on AVX2, AVX-512 or NEON: Ntru<P, BigNttSimd<ring>> ("ntt"),
// Ntru<P, Ntt16PiecesSimd<ring>> ("ntt16"), Ntru<P, Ntt16GoodSimd<ring>>
// ("ntt16-1536") or Ntru<P, Ntt16PairsSimd<ring>> ("ntt16-1024"), the last two
// on the sets whose ring they take, with the two multipliers of the
// portable KEM (a full-range one and one for products with a short factor,
// the same configurations), so the bytes are the portable ones. Compiled with
// the baseline flags; the SIMD work happens in the kernels.
#include <algorithm>
#include <stdexcept>
#include <string>

#include "ntt_simd_factory.hpp"
#include "pqmul/algorithms/isa.hpp"
#include "pqmul/algorithms/ntt/big_ntt_simd.hpp"
#include "pqmul/algorithms/ntt/ntt16_good.hpp"
#include "pqmul/algorithms/ntt/ntt16_pairs.hpp"
#include "pqmul/algorithms/ntt/ntt16_pieces.hpp"
#include "pqmul/schemes/ntru/kem_adapter.hpp"
#include "pqmul/schemes/ntru/scheme_impl.hpp"

namespace pqmul::ntru {

template class Ntru<Hps2048509, BigNttSimd<Hps2048509::ring>>;
template class Ntru<Hps2048677, BigNttSimd<Hps2048677::ring>>;
template class Ntru<Hps4096821, BigNttSimd<Hps4096821::ring>>;
template class Ntru<Hrss701, BigNttSimd<Hrss701::ring>>;
template class Ntru<Hps2048509, Ntt16PiecesSimd<Hps2048509::ring>>;
template class Ntru<Hps2048677, Ntt16PiecesSimd<Hps2048677::ring>>;
template class Ntru<Hps4096821, Ntt16PiecesSimd<Hps4096821::ring>>;
template class Ntru<Hrss701, Ntt16PiecesSimd<Hrss701::ring>>;
template class Ntru<Hps2048509, Ntt16GoodSimd<Hps2048509::ring>>;
template class Ntru<Hps2048677, Ntt16GoodSimd<Hps2048677::ring>>;
template class Ntru<Hrss701, Ntt16GoodSimd<Hrss701::ring>>;
template class Ntru<Hps2048509, Ntt16PairsSimd<Hps2048509::ring>>;

template <ParameterSet P>
std::vector<Isa> ntt_simd_isas(std::string_view multiplier) {
  const std::string name = pqmul::split_multiplier(multiplier).name;
  if (name == "ntt") return big_ntt_simd_detail::kernel_isas();
  if (name == "ntt16") return ntt16::kernel_isas();
  if (name == "ntt16-1536" && ntt16::good_fits<typename P::ring>) return ntt16::kernel_isas();
  if (name == "ntt16-1024" && ntt16::pairs_fit<typename P::ring>) return ntt16::kernel_isas();
  return {};
}

template <ParameterSet P>
std::unique_ptr<Kem> make_ntt_simd_kem(std::string_view multiplier, Isa isa) {
  using R = typename P::ring;
  const auto [name, param_text] = pqmul::split_multiplier(multiplier);
  const Params params = Params::parse(param_text);
  const std::string label = params.empty() ? name : name + ":" + params.to_string();
  const auto isas = ntt_simd_isas<P>(name);
  if (isas.empty())
    throw std::invalid_argument(std::string(P::name) + ": no SIMD version of multiplier '" + label + "' here");
  if (std::find(isas.begin(), isas.end(), isa) == isas.end())
    throw std::invalid_argument(std::string(P::name) + "/" + label + ": no " + std::string(isa_name(isa)) + " version");
  if (const std::string why = isa_unavailable_reason(isa); !why.empty())
    throw std::invalid_argument(std::string(P::name) + "/" + label + "/" + std::string(isa_name(isa)) +
                                " cannot run: " + why);
  // Every kernel of the KEM on the ISA: the multipliers, the AVX2 sorting,
  // inversion and packing kernels (ntru_kernels), and the Keccak.
  try {
    if (name == "ntt16") {
      const auto [general, for_short] = ntt16_configs<P, Ntt16PiecesSimd<R>>(params);
      const ntt16::SimdKernels kernels(isa);
      return std::make_unique<NtruKem<P, Ntt16PiecesSimd<R>>>(
          Ntt16PiecesSimd<R>(general, kernels), Ntt16PiecesSimd<R>(for_short, kernels), label, isa);
    }
    if constexpr (ntt16::good_fits<R>) {
      if (name == "ntt16-1536") {
        const auto [general, for_short] = ntt16_configs<P, Ntt16GoodSimd<R>>(params);
        const ntt16::SimdGoodKernels kernels(isa);
        return std::make_unique<NtruKem<P, Ntt16GoodSimd<R>>>(
            Ntt16GoodSimd<R>(general, kernels), Ntt16GoodSimd<R>(for_short, kernels), label, isa);
      }
    }
    if constexpr (ntt16::pairs_fit<R>) {
      if (name == "ntt16-1024") {
        const auto [general, for_short] = ntt16_configs<P, Ntt16PairsSimd<R>>(params);
        const ntt16::SimdPairKernels kernels(isa);
        return std::make_unique<NtruKem<P, Ntt16PairsSimd<R>>>(
            Ntt16PairsSimd<R>(general, kernels), Ntt16PairsSimd<R>(for_short, kernels), label, isa);
      }
    }
    auto [general, for_short] = make_ntts<P>(params);
    BigNttSimd<R> g(general.config(), isa), s(for_short.config(), isa);
    return std::make_unique<NtruKem<P, BigNttSimd<R>>>(std::move(g), std::move(s), label, isa);
  } catch (const std::invalid_argument& e) {
    throw std::invalid_argument(std::string(P::name) + ": multiplier " + label + " is invalid: " + e.what());
  }
}

template std::unique_ptr<Kem> make_ntt_simd_kem<Hps2048509>(std::string_view, Isa);
template std::unique_ptr<Kem> make_ntt_simd_kem<Hps2048677>(std::string_view, Isa);
template std::unique_ptr<Kem> make_ntt_simd_kem<Hps4096821>(std::string_view, Isa);
template std::unique_ptr<Kem> make_ntt_simd_kem<Hrss701>(std::string_view, Isa);
template std::vector<Isa> ntt_simd_isas<Hps2048509>(std::string_view);
template std::vector<Isa> ntt_simd_isas<Hps2048677>(std::string_view);
template std::vector<Isa> ntt_simd_isas<Hps4096821>(std::string_view);
template std::vector<Isa> ntt_simd_isas<Hrss701>(std::string_view);

}  // namespace pqmul::ntru
