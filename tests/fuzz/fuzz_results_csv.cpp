// Results CSV files (`pqmul table FILE`, `pqmul reproduce --results`): the
// reader, then what is done with the rows it accepts (results_checks.hpp).
#include <cstddef>
#include <cstdint>
#include <stdexcept>

#include "fuzz_support.hpp"
#include "pqmul/experiments/row.hpp"
#include "results_checks.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace pqmul;
  const std::string text = fuzz::text_of(data, size);
  std::vector<experiments::Row> rows;
  if (fuzz::completes<std::runtime_error>([&] { rows = experiments::read_csv_text(text, "input"); }))
    fuzz::check_rows(rows, size);
  return 0;
}
