// pqmul plot: figures of a sweep's rows through gnuplot-iostream: grouped bars
// (median, p10-p90 error bars) by multiplier, ISA or compiler, or scaling
// (ticks against n, log-log) of ring multiplications. The .dat and .gp files
// are written beside the figure. Trees without gnuplot-iostream (the cross
// tree lacks the compiled Boost libraries it needs) say so instead.
#include <fmt/core.h>

#include <filesystem>

#include "command.hpp"
#include "pqmul/experiments/bench_plan.hpp"
#include "pqmul/experiments/plot.hpp"
#include "pqmul/experiments/table.hpp"

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
  std::string output;
  bool log = false, linear = false;
};

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
  o.output = c.output;
  if (c.log) o.log_y = true;
  if (c.linear) o.log_y = false;
  PlotFiles files;
  try {
    o.filter = parse_selector(c.where);
    files = write_plot_files(read_results(c.results), o);
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  } catch (const std::runtime_error& e) {
    throw UsageError(e.what());  // malformed results file
  }
  namespace fs = std::filesystem;
  fs::remove(files.image);
  {
    // The session ends (and gnuplot has drawn) when `gp` goes out of scope.
    Gnuplot gp("gnuplot");
    gp << "load '" << files.script << "'\n";
  }
  if (!fs::exists(files.image) || fs::file_size(files.image) == 0)
    throw Failure(1, "gnuplot did not draw " + files.image + " (see its messages above; script " + files.script + ")");
  fmt::print("wrote {} (data {}, script {})\n", files.image, files.data, files.script);
#endif
}

const CommandRegistration registration([](CLI::App& app) {
  auto* cmd = app.add_subcommand("plot", "Draw sweep results: grouped bars or scaling against n (gnuplot)");
  static PlotCommand c;
  cmd->add_option("results", c.results, "results directory (results.csv or results.json) or a CSV / JSON file")
      ->required();
  cmd->add_option("--kind", c.kind, "bars or scaling")->check(CLI::IsMember({"bars", "scaling"}))->capture_default_str();
  cmd->add_option("-o,--output", c.output, "figure FILE.svg, FILE.pdf or FILE.png (FILE.dat and FILE.gp beside it)")
      ->required();
  cmd->add_option("--by", c.by, "bars: the field whose values are the bars of each cluster (multiplier, isa, compiler, ...)")
      ->capture_default_str();
  cmd->add_option("--ops", c.ops, "operations (bars: default keygen,encaps,decaps if present; scaling: mul)");
  cmd->add_option("--where", c.where, "only rows with FIELD=VALUE (or FIELD=V1|V2); repeatable");
  cmd->add_option("--title", c.title, "figure title");
  auto* log = cmd->add_flag("--log", c.log, "logarithmic y axis (bars)");
  cmd->add_flag("--linear", c.linear, "linear y axis (bars)")->excludes(log);
  cmd->callback([] { run(c); });
});

}  // namespace
}  // namespace pqmul::cli
