// pqmul plot: figures through gnuplot-iostream: grouped bars (median, 95%
// interval error bars) by multiplier, ISA or compiler; scaling (ticks
// against n, log-log) of ring multiplications; or claims (the paper's range
// beside our ratio, from the claims.json of `pqmul reproduce`). FIG.png.dat
// and FIG.png.gp are written beside the figure. Trees without
// gnuplot-iostream (the cross tree lacks the compiled Boost libraries it
// needs) say so instead.
#include <fmt/core.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "command.hpp"
#include "label_options.hpp"
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
  std::string unit = "auto";
  LabelOptions labels;
  std::string output;
  bool log = false, linear = false;
};

#if defined(PQMUL_HAVE_GNUPLOT_IOSTREAM)
// The claims file of a results directory, or the file itself.
std::string claims_text(const std::string& path) {
  namespace fs = std::filesystem;
  const fs::path p = fs::is_directory(path) ? fs::path(path) / "claims.json" : fs::path(path);
  std::ifstream in(p);
  if (!in) throw std::invalid_argument("cannot read " + p.string() + " (write it with pqmul reproduce)");
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
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
  PlotFiles files;
  try {
    o.filter = parse_selector(c.where);
    o.names = c.labels.names();
    if (o.kind == "claim") files = write_plot_files({}, o, claims_text(c.results));
    else files = write_plot_files(read_results(c.results), o);
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
    gp << "load " << gnuplot_quote(files.script) << "\n";
  }
  if (!fs::exists(files.image) || fs::file_size(files.image) == 0)
    throw Failure(1, "gnuplot did not draw " + files.image + " (see its messages above; script " + files.script + ")");
  fmt::print("wrote {} (data {}, script {})\n", files.image, files.data, files.script);
#endif
}

const CommandRegistration plot_registration([](CLI::App& app) {
  auto* cmd = app.add_subcommand("plot", "Draw results: grouped bars, scaling against n, or claims against the papers");
  static PlotCommand c;
  cmd->add_option("results",
                  c.results, "results directory or a CSV / JSON file of rows; --kind claim: claims.json or its directory")
      ->required();
  cmd->add_option("--kind", c.kind, "bars, scaling or claim")
      ->check(CLI::IsMember({"bars", "scaling", "claim"}))
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
