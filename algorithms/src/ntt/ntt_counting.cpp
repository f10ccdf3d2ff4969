// The NTT family's counting twins (ntt_counting.hpp), one instantiation per
// ring that has the entry.
#include "ntt_counting.hpp"

#include "pqmul/algorithms/ntt/kyber_ntt.hpp"
#include "pqmul/algorithms/ntt/ntt16_good.hpp"
#include "pqmul/algorithms/ntt/ntt16_pairs.hpp"
#include "pqmul/algorithms/ntt/ntt16_pieces.hpp"
#include "pqmul/algorithms/ntt/ntt_tally.hpp"
#include "pqmul/algorithms/registry_adapter.hpp"

namespace pqmul::ntt_counting {
namespace {
OpCounts read_ntt_tally() { return ntt_tally::Counted::read_and_reset(); }
}  // namespace

template <RingDescription R>
OpCounts big_ntt(const BigNttConfig& config, Strategy s, std::size_t rank) {
  return count_with(BigNtt<R, ntt_tally::Counted>(config), s, rank, read_ntt_tally);
}

OpCounts kyber_ntt(Strategy s, std::size_t rank) {
  return count_with(CountingKyberNttMultiplier{}, s, rank, read_ntt_tally);
}

template <RingDescription R>
OpCounts ntt16_complete(const ntt16::Config& config, Strategy s, std::size_t rank) {
  return count_with(Ntt16<R, ntt_tally::Counted>(config), s, rank, read_ntt_tally);
}

template <RingDescription R>
OpCounts ntt16_pieces(const ntt16::Config& config, Strategy s, std::size_t rank) {
  return count_with(Ntt16Pieces<R, ntt16::PortableKernels<ntt_tally::Counted>>(config), s, rank, read_ntt_tally);
}

template <RingDescription R>
OpCounts ntt16_good(const ntt16::Config& config, Strategy s, std::size_t rank) {
  return count_with(Ntt16Good<R, ntt16::PortableGoodKernels<ntt_tally::Counted>>(config), s, rank, read_ntt_tally);
}

template <RingDescription R>
OpCounts ntt16_pairs(const ntt16::Config& config, Strategy s, std::size_t rank) {
  return count_with(Ntt16Pairs<R, ntt16::PortablePairKernels<ntt_tally::Counted>>(config), s, rank, read_ntt_tally);
}

template OpCounts big_ntt<KyberRing>(const BigNttConfig&, Strategy, std::size_t);
template OpCounts big_ntt<SaberRing>(const BigNttConfig&, Strategy, std::size_t);
template OpCounts big_ntt<SaberPRing>(const BigNttConfig&, Strategy, std::size_t);
template OpCounts big_ntt<NtruHps2048509Ring>(const BigNttConfig&, Strategy, std::size_t);
template OpCounts big_ntt<NtruHps2048677Ring>(const BigNttConfig&, Strategy, std::size_t);
template OpCounts big_ntt<NtruHrss701Ring>(const BigNttConfig&, Strategy, std::size_t);
template OpCounts big_ntt<NtruHps4096821Ring>(const BigNttConfig&, Strategy, std::size_t);
template OpCounts ntt16_complete<SaberRing>(const ntt16::Config&, Strategy, std::size_t);
template OpCounts ntt16_complete<SaberPRing>(const ntt16::Config&, Strategy, std::size_t);
template OpCounts ntt16_pieces<NtruHps2048509Ring>(const ntt16::Config&, Strategy, std::size_t);
template OpCounts ntt16_pieces<NtruHps2048677Ring>(const ntt16::Config&, Strategy, std::size_t);
template OpCounts ntt16_pieces<NtruHrss701Ring>(const ntt16::Config&, Strategy, std::size_t);
template OpCounts ntt16_pieces<NtruHps4096821Ring>(const ntt16::Config&, Strategy, std::size_t);
template OpCounts ntt16_good<NtruHps2048509Ring>(const ntt16::Config&, Strategy, std::size_t);
template OpCounts ntt16_good<NtruHps2048677Ring>(const ntt16::Config&, Strategy, std::size_t);
template OpCounts ntt16_good<NtruHrss701Ring>(const ntt16::Config&, Strategy, std::size_t);
template OpCounts ntt16_pairs<NtruHps2048509Ring>(const ntt16::Config&, Strategy, std::size_t);

}  // namespace pqmul::ntt_counting
