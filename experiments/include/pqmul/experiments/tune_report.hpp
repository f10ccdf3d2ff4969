#pragma once
// What a tuning run leaves behind and prints: results.csv (the final rung's
// rows), front.csv (the Pareto front's rows), tune.json (the space, the
// rungs, the front as multiplier strings, how the catalogue's plans fared),
// and the known-answer tests of the winners.
#include <iosfwd>
#include <string>

#include "pqmul/experiments/tune.hpp"

namespace pqmul::experiments {

// The fastest front member of each (operation, rank, CPU): indices into result.final_rows.
std::vector<std::size_t> tune_winners(const TuneResult& result);

// Writes the three files through temporary files (nothing half-written);
// `parts` lists merged parts (tune_fanout.hpp), if any.
void write_tune_outputs(const std::string& dir, const TuneSettings& settings, const TuneResult& result,
                        const std::vector<std::string>& parts = {});

// The front per operation with each catalogue plan's standing, for the terminal.
std::string tune_summary(const TuneSettings& settings, const TuneResult& result, const std::string& dir);

// Runs the 100 known-answer tests of every KEM of the ring with each winner
// (its strategy where it has one), comparing digests with `hashes`; one line
// per KEM to `out`. Returns how many failed.
std::size_t check_winners(const TuneSettings& settings, const TuneResult& result, const std::string& hashes,
                          std::ostream& out);

}  // namespace pqmul::experiments
