// Claim specs (`pqmul reproduce --claims DIR`): the TOML reader, then the
// claim judged on the committed run's rows (docs/results) and rendered.
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <stdexcept>

#include "fuzz_support.hpp"
#include "pqmul/experiments/claims.hpp"
#include "pqmul/experiments/row.hpp"

namespace {

// The rows of the newest committed run.
std::vector<pqmul::experiments::Row> committed_rows() {
  std::filesystem::path newest;
  for (const auto& run : std::filesystem::directory_iterator(std::string(PQMUL_SOURCE_DIR) + "/docs/results"))
    if (std::filesystem::exists(run.path() / "results.csv") && run.path() > newest) newest = run.path();
  if (newest.empty()) pqmul::fuzz::finding("no committed run under docs/results");
  return pqmul::experiments::read_csv((newest / "results.csv").string());
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace pqmul;
  static const std::vector<experiments::Row> rows = committed_rows();
  const std::string text = fuzz::text_of(data, size);
  experiments::ClaimSpec spec;
  if (!fuzz::completes<std::invalid_argument>([&] { spec = experiments::parse_claim(text, "input"); })) return 0;
  experiments::ClaimResult result;
  if (!fuzz::completes<std::invalid_argument>([&] { result = experiments::evaluate_claim(spec, rows); })) return 0;
  fuzz::require(fuzz::completes<>([&] {
                  (void)experiments::claims_text({result});
                  (void)experiments::claims_markdown({result}, "fuzz");
                  (void)experiments::claims_latex({result}, "fuzz");
                  (void)experiments::claims_json({result}, "fuzz");
                }),
                "a judged claim cannot be rendered");
  return 0;
}
