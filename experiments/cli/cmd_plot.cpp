// pqmul plot: figures through gnuplot-iostream: grouped bars (median, 95%
// interval error bars) by multiplier, ISA or compiler; scaling (ticks
// against n, log-log) of ring multiplications; or claims (the paper's range
// beside our ratio, from the claims.json of `pqmul reproduce`). FIG.png.dat
// and FIG.png.gp are written beside the figure. Trees without
// gnuplot-iostream (the cross tree lacks the compiled Boost libraries it
// needs) say so instead.
#include <fmt/core.h>

#include <filesystem>
#include <system_error>
#include <vector>

#include "command.hpp"
#include "label_options.hpp"
#include "pqmul/experiments/bench_plan.hpp"
#include "pqmul/experiments/input_limits.hpp"
#include "pqmul/experiments/plot.hpp"
#include "pqmul/experiments/table.hpp"
#include "pqmul/schemes/common/input_files.hpp"
#include "pqmul/schemes/common/output_files.hpp"

#if defined(PQMUL_HAVE_GNUPLOT_IOSTREAM)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wpedantic"
#pragma GCC diagnostic ignored "-Wunused-parameter"
#include <gnuplot-iostream.h>
#pragma GCC diagnostic pop
#endif

namespace pqmul::cli {
namespace {

using namespace pqmul::experiments;

struct PlotCommand {
  std::string results;
  std::string kind = "bars";
  std::string by = "multiplier";
  std::string ops;
  std::vector<std::string> where;
  std::string title;
  std::string unit = "auto";
  LabelOptions labels;
  std::string output;
  bool log = false, linear = false;
};

#if defined(PQMUL_HAVE_GNUPLOT_IOSTREAM)
// The claims file of a results directory, or the file itself.
std::filesystem::path claims_file(const std::string& path) {
  namespace fs = std::filesystem;
  return fs::is_directory(path) ? fs::path(path) / "claims.json" : fs::path(path);
}

std::string claims_text(const std::string& path) {
  return read_bounded_file(claims_file(path), max_results_bytes, "claims file (write it with pqmul reproduce)");
}
#endif

void run(const PlotCommand& c) {
#if !defined(PQMUL_HAVE_GNUPLOT_IOSTREAM)
  (void)c;
  throw Failure(1, "pqmul plot is not built in this tree (gnuplot-iostream and the Boost iostreams, filesystem and "
                   "system libraries were not found at configure time)");
#else
  PlotOptions o;
  o.kind = c.kind;
  o.series_by = c.by;
  o.operations = split_list(c.ops);
  o.title = c.title;
  o.unit = c.unit;
  o.output = c.output;
  if (c.log) o.log_y = true;
  if (c.linear) o.log_y = false;
  namespace fs = std::filesystem;
  // The figure, its data and its script appear together, and replace none of
  // the inputs: refused before anything is read.
  std::vector<fs::path> inputs =
      c.kind == "claim" ? std::vector<fs::path>{claims_file(c.results)} : results_inputs(c.results);
  if (!c.labels.spec.empty()) inputs.emplace_back(c.labels.spec);
  const PlotFiles files = plot_files(c.output);
  if (const fs::path dir = fs::path(files.image).parent_path(); !dir.empty()) fs::create_directories(dir);
  OutputFiles out(std::move(inputs));
  const auto access = OutputFiles::Access::world_readable;
  for (const auto& file : {files.data, files.script, files.image}) (void)out.add(file, access);
  PlotText plot;
  try {
    o.filter = parse_selector(c.where);
    o.names = c.labels.names();
    if (o.kind == "claim")
      plot = plot_text({}, o, claims_text(c.results));
    else
      plot = plot_text(read_results(c.results), o);
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  } catch (const std::runtime_error& e) {
    throw UsageError(e.what());  // malformed results file
  }
  out.write(files.data, plot.data, access);
  out.write(files.script, plot.script, access);
  // gnuplot writes the staged image; this process writes nothing to it.
  const fs::path staged_image = out.staged_path(files.image);
  {
    // The session ends (and gnuplot has drawn) when `gp` goes out of scope.
    // The script reads and writes the staged files until they are committed.
    Gnuplot gp("gnuplot");
    gp << "data_file = " << gnuplot_quote(out.staged_path(files.data).string()) << "\n";
    gp << "output_file = " << gnuplot_quote(staged_image.string()) << "\n";
    gp << "load " << gnuplot_quote(out.staged_path(files.script).string()) << "\n";
  }
  std::error_code ec;
  if (fs::file_size(staged_image, ec) == 0 || ec)
    throw Failure(1, "gnuplot did not draw " + files.image + " (see its messages above; nothing written)");
  out.commit();
  fmt::print("wrote {} (data {}, script {})\n", files.image, files.data, files.script);
#endif
}

const CommandRegistration plot_registration([](CLI::App& app) {
  auto* cmd = app.add_subcommand("plot", "Draw results: grouped bars, scaling against n, or claims against the papers");
  static PlotCommand c;
  cmd->add_option("results",
                  c.results, "results directory or a CSV / JSON file of rows; --kind claim: claims.json or its directory")
      ->required();
  cmd->add_option("--kind", c.kind, "bars, scaling, claim or pareto (pqmul tune results: median ticks against stack bytes)")
      ->check(CLI::IsMember({"bars", "scaling", "claim", "pareto"}))
      ->capture_default_str();
  cmd->add_option("-o,--output", c.output, "figure FILE.svg, FILE.pdf or FILE.png (FILE.png.dat and FILE.png.gp beside it)")
      ->required();
  cmd->add_option("--by", c.by, "bars: the field whose values are the bars of each cluster (multiplier, isa, compiler, ...)")
      ->capture_default_str();
  cmd->add_option("--ops", c.ops, "operations (bars: default keygen,encaps,decaps if present; scaling: mul)");
  cmd->add_option("--where", c.where, "only rows with FIELD=VALUE (or FIELD=V1|V2); repeatable; claim: id=ID|ID");
  cmd->add_option("--title", c.title, "figure title");
  cmd->add_option("--unit", c.unit, "auto (us where rows carry counter_hz, else cycles or ticks), ticks, cycles or us")
      ->check(CLI::IsMember({"auto", "ticks", "cycles", "us"}))
      ->capture_default_str();
  c.labels.add_to(cmd);
  auto* log = cmd->add_flag("--log", c.log, "logarithmic value axis (default: when the figures span more than 20x)");
  cmd->add_flag("--linear", c.linear, "linear value axis")->excludes(log);
  cmd->callback([] { run(c); });
});

}  // namespace
}  // namespace pqmul::cli
