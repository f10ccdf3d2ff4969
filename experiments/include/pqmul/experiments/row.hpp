#pragma once
// One row schema for every measurement (multiplier steps, module products,
// KEM operations, AEAD), shared by `pqmul bench`, the sweep, the claims, the
// tables, the plots and the notebooks. Column order = field order below.
// Columns added later come last and may be missing from older files.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace pqmul::experiments {

struct Row {
  std::string id;             // <scheme or ring>/<multiplier>[-<params>]/<isa>
  std::string scheme;         // KEM scheme, ring, or AEAD name, e.g. "saber", "ml-kem-768", "kyber" (ring)
  std::string parameter_set;  // e.g. "saber" / "768" / ring name
  std::string operation;      // keygen, encaps, decaps, matrix-vector, inner-product, mul, transform,
                              // multiply_accumulate, inverse, encrypt, ...
  std::string multiplier;     // catalogue name, e.g. "toom4-k2"
  std::string params;         // multiplier parameters (canonical key=value;...)
  std::string strategy;       // eager / lazy / cached / "" where it does not apply
  std::optional<std::uint64_t> rank;  // module rank of matrix-vector / inner-product / KEM rows
  std::string isa;            // portable / avx2 / avx512 / neon
  std::string compiler;       // gcc / clang
  std::string compiler_version;
  std::string flags;          // compile flags of the measured build
  bool vectorize = true;      // auto-vectorisation of portable code on/off
  std::string counter;        // tsc / perf-cycles / papi-cycles / cntvct / "" (emulated)
  std::optional<double> counter_overhead;  // ticks of an empty measurement
  std::optional<double> median, p10, p90;  // empty for emulated rows
  // 95% confidence interval of `median`, distribution-free (order statistics
  // over interval_units(row); see statistics.hpp). Empty when fewer units
  // than a 95% interval needs, or not timed.
  std::optional<double> ci_low, ci_high;
  std::uint64_t repetitions = 0;              // repetitions behind the row (0 when not timed)
  std::vector<double> repetition_medians;     // one median per repetition, in run order
  // Rounds: separate processes of the same benchmark, spread over a sweep
  // (each round runs every job once). A process's own repetitions share its
  // memory layout and its minute of the machine's load, so they miss
  // between-process variation; rounds do not. With several rounds, `median`,
  // the interval and every ratio rest on the round medians, and p10 / p90 are
  // the lowest p10 and the highest p90 of any round.
  std::uint64_t rounds = 0;                   // processes behind the row (0 when not timed)
  std::vector<double> round_medians;          // one median per round, in run order (empty for one round)
  bool noisy = false;                         // interval too wide, or measured under steal / load
  std::string noise;                          // why the row is noisy ("" when it is not)
  std::optional<double> counter_hz;           // counter ticks per second where known (TSC frequency)
  std::uint64_t samples = 0;
  std::optional<std::uint64_t> instructions;  // callgrind, optional
  std::string instructions_note;              // why instructions are missing, if they are
  std::optional<std::uint64_t> bytes_held;
  std::string correct;        // "pass" / "fail" / "" (not checked): KAT digest or oracle verdict of that build
  bool emulated = false;      // ran under qemu: correctness only
  std::string commit;
  std::string cpu;
  std::string date;           // ISO 8601 UTC
  // The multiplier's running time depends on its operands (variable_time.hpp):
  // the row measures a test oracle, not something to run on secrets. Last, and
  // absent from files written before it existed (read as false).
  bool variable_time = false;
  // Memory of one call (memory_use.hpp), added later still, absent from older
  // files (read as empty): the stack it reached, measured on a painted stack
  // of its own; the bytes and blocks it took from operator new; and, on ring
  // rows, the code bytes of its multiplier's functions in the executable
  // (code_size.hpp). memory_note says why a figure is missing.
  std::optional<std::uint64_t> stack_bytes;
  std::optional<std::uint64_t> heap_bytes;
  std::optional<std::uint64_t> heap_allocations;
  std::optional<std::uint64_t> code_bytes;
  std::string memory_note;
};

// The independent measurements a row's median and interval rest on: its
// round medians when it has several rounds, else its repetition medians.
inline const std::vector<double>& interval_units(const Row& row) {
  return row.round_medians.size() >= 2 ? row.round_medians : row.repetition_medians;
}

// Row::id of a measurement: <scheme or ring>/<multiplier>[-<params>]/<isa>,
// `multiplier` named "name" or "name:params".
std::string row_id(const std::string& target, const std::string& multiplier, const std::string& isa);

std::vector<std::string> row_columns();
std::string to_csv_header();
std::string to_csv_line(const Row& row);
// Throws std::runtime_error naming the line and column on malformed input.
std::vector<Row> read_csv(const std::string& path);
// The same from text in memory; `source` names it in error messages.
std::vector<Row> read_csv_text(const std::string& text, const std::string& source);
std::string to_csv(const std::vector<Row>& rows);  // header line and one line per row
void write_csv(const std::string& path, const std::vector<Row>& rows);
std::string to_json(const std::vector<Row>& rows);  // array of objects, one per row
// Throws std::runtime_error naming the row and column on malformed input.
std::vector<Row> from_json(const std::string& text);

}  // namespace pqmul::experiments
