#pragma once
// The NTT family's counting twins (pqmul count): each multiplier of
// ntt_registry.cpp over ntt_tally::Counted, run through count_with. Defined
// and instantiated in ntt_counting.cpp, a unit compiled for build speed rather
// than run time: they count operations and are never timed.
#include <cstddef>

#include "pqmul/algorithms/module.hpp"
#include "pqmul/algorithms/ntt/big_ntt.hpp"
#include "pqmul/algorithms/ntt/ntt16.hpp"
#include "pqmul/algorithms/op_counts.hpp"
#include "pqmul/algorithms/ring.hpp"

namespace pqmul::ntt_counting {

template <RingDescription R>
OpCounts big_ntt(const BigNttConfig& config, Strategy s, std::size_t rank);
OpCounts kyber_ntt(Strategy s, std::size_t rank);
// Saber's rings: complete NTTs of length 256 (Ntt16).
template <RingDescription R>
OpCounts ntt16_complete(const ntt16::Config& config, Strategy s, std::size_t rank);
// NTRU's rings: the same NTTs of 128-coefficient pieces (Ntt16Pieces).
template <RingDescription R>
OpCounts ntt16_pieces(const ntt16::Config& config, Strategy s, std::size_t rank);
// NTRU's rings with 2n - 1 <= 1536: one cyclic convolution of 1536 (Ntt16Good).
template <RingDescription R>
OpCounts ntt16_good(const ntt16::Config& config, Strategy s, std::size_t rank);
// NTRU's rings with 2n - 1 <= 1024: one cyclic convolution of 1024 (Ntt16Pairs).
template <RingDescription R>
OpCounts ntt16_pairs(const ntt16::Config& config, Strategy s, std::size_t rank);

}  // namespace pqmul::ntt_counting
