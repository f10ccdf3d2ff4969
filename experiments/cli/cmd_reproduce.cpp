// pqmul reproduce: every published claim (experiments/claims/*.toml) beside
// our figure, from an existing sweep's rows and from counts the module code
// reports, with a verdict each; writes claims.md, claims.tex and claims.json.
#include <fmt/format.h>

#include <algorithm>
#include <filesystem>

#include "command.hpp"
#include "pqmul/experiments/claims.hpp"
#include "pqmul/experiments/data_paths.hpp"
#include "pqmul/experiments/plot.hpp"
#include "pqmul/experiments/table.hpp"
#include "pqmul/schemes/common/output_files.hpp"

namespace pqmul::cli {
namespace {

namespace fs = std::filesystem;
using namespace pqmul::experiments;

struct ReproduceOptions {
  std::vector<std::string> ids;
  std::string results;
  std::string claims = claims_location().path.string();
  std::string output;
};

// The newest results/<timestamp>/ holding results.csv (timestamps sort by name),
// under the working directory's results/ or else the source tree's.
std::string newest_results(std::vector<std::string>& looked_in) {
  for (const fs::path& root : {fs::path("results"), fs::path(PQMUL_SOURCE_DIR) / "results"}) {
    looked_in.push_back(root.string());
    if (!fs::is_directory(root)) continue;
    std::vector<fs::path> dirs;
    for (const auto& e : fs::directory_iterator(root))
      if (e.is_directory() && fs::exists(e.path() / "results.csv")) dirs.push_back(e.path());
    if (!dirs.empty()) return std::max_element(dirs.begin(), dirs.end())->string();
  }
  return "";
}

void run(const ReproduceOptions& o) {
  std::vector<ClaimSpec> specs;
  try {
    specs = read_claims(o.claims);
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  }
  if (!o.ids.empty()) {
    std::vector<ClaimSpec> chosen;
    for (const auto& id : o.ids) {
      const auto it = std::find_if(specs.begin(), specs.end(), [&](const ClaimSpec& s) { return s.id == id; });
      if (it == specs.end()) {
        std::vector<std::string> valid;
        for (const auto& s : specs) valid.push_back(s.id);
        throw UsageError(fmt::format("unknown claim '{}' (valid: {})", id, fmt::join(valid, ", ")));
      }
      chosen.push_back(*it);
    }
    specs = std::move(chosen);
  }

  // Counted claims (tmto-evals) run the module code and need no sweep rows.
  const bool needs_rows =
      std::any_of(specs.begin(), specs.end(), [](const ClaimSpec& s) { return !s.comparisons.empty(); });
  std::string results = o.results;
  std::vector<std::string> looked_in;
  if (results.empty() && needs_rows) results = newest_results(looked_in);
  std::vector<Row> rows;
  std::string context;
  if (results.empty() && !needs_rows) {
    context = "Counted claims only: no sweep results needed.";
  } else if (results.empty()) {
    fmt::print(
        "No sweep results found (looked in {}). Claims measured from rows need a sweep first:\n"
        "  pqmul sweep experiments/sweeps/quick.toml\n"
        "Their missing rows are listed below; counted claims are computed now.\n\n",
        fmt::join(looked_in, ", "));
    context = "No sweep results: counted claims only.";
  } else {
    try {
      rows = read_results(results);
      // Modelled rows (pqmul model) live in files of their own beside the
      // measured ones: model.csv, model-<anything>.csv (one per target build).
      std::vector<fs::path> models;
      if (fs::is_directory(results))
        for (const auto& e : fs::directory_iterator(results)) {
          const std::string name = e.path().filename().string();
          if (e.is_regular_file() && (name == "model.csv" || (name.starts_with("model-") && name.ends_with(".csv"))))
            models.push_back(e.path());
        }
      std::sort(models.begin(), models.end());
      for (const auto& model : models)
        for (auto& r : read_csv(model.string())) {
          if (!is_model_row(r) || !r.emulated)
            throw std::invalid_argument(fmt::format("{} holds a row that is not modelled ({} {}, counter '{}')",
                                                    model.string(), r.id, r.operation, r.counter));
          rows.push_back(std::move(r));
        }
    } catch (const std::exception& e) {
      throw UsageError(e.what());
    }
    context = fmt::format("Results {} ({} rows); {}.", results, rows.size(), figure_stamp(rows));
    fmt::print("{}\n\n", context);
  }

  std::vector<ClaimResult> evaluated;
  try {
    for (const auto& spec : specs) evaluated.push_back(evaluate_claim(spec, rows));
  } catch (const std::invalid_argument& e) {
    // A side matching several rows: nothing is written rather than a pooled figure.
    throw Failure(1, e.what());
  }
  fmt::print("{}", claims_text(evaluated));

  const std::string out_dir = o.output.empty() ? results : o.output;
  if (out_dir.empty()) {
    fmt::print("(claims.md / claims.tex not written: no results directory; give -o DIR)\n");
    return;
  }
  fs::create_directories(out_dir);
  // The three files appear together or not at all.
  OutputFiles out(results.empty() ? std::vector<fs::path>{} : std::vector<fs::path>{results});
  const auto access = OutputFiles::Access::world_readable;
  out.write(fs::path(out_dir) / "claims.md", claims_markdown(evaluated, context), access);
  out.write(fs::path(out_dir) / "claims.tex", claims_latex(evaluated, context), access);
  out.write(fs::path(out_dir) / "claims.json", claims_json(evaluated, context), access);
  out.commit();
  fmt::print("wrote {0}/claims.md, {0}/claims.tex, {0}/claims.json\n", out_dir);
}

const CommandRegistration reproduce_registration([](CLI::App& app) {
  auto* cmd = app.add_subcommand("reproduce", "Print every published claim beside our figure, with a verdict");
  static ReproduceOptions o;
  cmd->add_option("ids", o.ids, "claim identifiers (default: all)");
  cmd->add_option("--results", o.results, "sweep results directory (default: the newest results/*/ with results.csv)");
  cmd->add_option("--claims", o.claims, "directory of the claim specs")->capture_default_str();
  cmd->add_option("-o,--output", o.output,
                  "where claims.md / claims.tex / claims.json go (default: the results directory)");
  cmd->callback([] { run(o); });
});

}  // namespace
}  // namespace pqmul::cli
