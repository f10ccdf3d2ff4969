#pragma once
// Deterministic instruction counts with valgrind's callgrind: the process
// re-runs itself under `valgrind --tool=callgrind --collect-atstart=no`, and
// collection is switched on only around the measured calls through the
// callgrind client requests, one dump per measured operation.
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace pqmul::experiments {

// True when the client requests are compiled in (valgrind/callgrind.h found).
bool callgrind_requests_available();
// True when this process runs under valgrind.
bool running_on_valgrind();

void callgrind_start();
void callgrind_stop_and_dump(const std::string& label);

// Runs `calls` calls of op with collection on, then dumps the counts under
// `label` (the dump's description). Outside valgrind it only runs op.
template <class Op>
void collect_instructions(const std::string& label, std::size_t calls, Op&& op) {
  op();  // first call outside collection: lazy initialisation is not counted
  callgrind_start();
  for (std::size_t i = 0; i < calls; ++i) op();
  callgrind_stop_and_dump(label);
}

// Instruction totals (event Ir) of every dump file `<prefix>*` callgrind
// wrote, keyed by the label given to callgrind_stop_and_dump.
std::map<std::string, std::uint64_t> read_callgrind_dumps(const std::string& prefix);

// The valgrind executable on PATH, or "" when there is none.
std::string find_valgrind();

// Why instructions cannot be counted for code of this ISA under valgrind, or
// "" when they can (valgrind stops with SIGILL on AVX-512).
std::string instructions_unsupported_reason(const std::string& isa);

}  // namespace pqmul::experiments
