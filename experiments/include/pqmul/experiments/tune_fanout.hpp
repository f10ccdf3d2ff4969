#pragma once
// A tuning run that outgrows one machine: the candidates dealt into chunks,
// each searched by its own `pqmul tune --chunk I/N` (on its own node, into
// its own directory), and `pqmul tune merge` joining the parts' final rungs
// into one front. The catalogue's plans go to chunk 0 only, so no case is
// measured twice; rows of different CPUs are never on one front.
#include <string>
#include <vector>

#include "pqmul/experiments/sweep_fanout.hpp"
#include "pqmul/experiments/tune.hpp"

namespace pqmul::experiments {

// Chunk `chunk` of the candidates: the catalogue's in chunk 0, the others dealt round-robin.
std::vector<TuneCandidate> chunk_candidates(const std::vector<TuneCandidate>& all, const Chunk& chunk);

// The parts' final rungs as one result (front per ring, ISA, compiler, CPU,
// operation), and the settings they share. Each directory must hold a
// finished search (state.json done, tune.json, results.csv) of the same ring
// and ISA, chunks of one split, each chunk at most once. Throws
// std::runtime_error naming the part and the problem.
struct MergedTune {
  TuneSettings settings;
  TuneResult result;
  std::vector<std::string> parts;  // "dir: chunk I/N on <cpu>"
};
MergedTune merge_tune_parts(const std::vector<std::string>& dirs);

}  // namespace pqmul::experiments
