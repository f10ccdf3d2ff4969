// pqmul model-probe (internal, run by `pqmul model` under qemu-user): the
// bench cases of a selection, each run once to warm up, then --repeat times
// between two calls of the marker (model.hpp); their rows as CSV on stdout.
#include <fmt/core.h>

#include <iostream>

#include "command.hpp"
#include "numeric_options.hpp"
#include "pqmul/experiments/bench_plan.hpp"
#include "pqmul/experiments/context.hpp"
#include "pqmul/experiments/data_paths.hpp"
#include "pqmul/experiments/model.hpp"
#include "selection_options.hpp"

extern "C" void pqmul_model_mark();

namespace pqmul::cli {
namespace {

using namespace pqmul::experiments;

struct ProbeOptions : SelectionText {
  std::size_t repeat = 2;
};

void run_probe(const ProbeOptions& o) {
  BenchSelection s = o.selection();
  s.check = true;  // each case checked as pqmul bench checks it
  if (!s.schemes.empty()) {
    s.kat_hashes = kat_hashes_path();
    s.vectors_dir = std::filesystem::path(s.kat_hashes).parent_path().parent_path().string();
  }
  std::vector<std::string> notes;
  std::vector<BenchCase> cases;
  try {
    cases = plan_benchmarks(s, &notes);
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  }
  if (cases.empty()) throw UsageError("the selection holds no case");
  const std::string date = utc_now();
  std::vector<Row> rows;
  for (auto& c : cases) {
    c.run();  // translated and warm before the traced runs
    pqmul_model_mark();
    for (std::size_t r = 0; r < o.repeat; ++r) c.run();
    pqmul_model_mark();
    stamp(c.row, build_context(), date);
    rows.push_back(c.row);
  }
  std::cout << to_csv(rows) << std::flush;
}

const CommandRegistration probe_registration([](CLI::App& app) {
  auto o = std::make_shared<ProbeOptions>();
  auto* cmd = app.add_subcommand("model-probe", "");  // internal: no description, not listed
  cmd->group("");
  cmd->add_option("--scheme", o->schemes);
  cmd->add_option("--ring", o->rings);
  cmd->add_option("--multiplier", o->multipliers);
  cmd->add_option("--params", o->params);
  cmd->add_option("--strategy", o->strategies);
  cmd->add_option("--isa", o->isas);
  cmd->add_option("--ops", o->ops);
  cmd->add_option("--rank", o->rank)->check(whole_in(1, max_rank));
  cmd->add_option("--repeat", o->repeat)->check(whole_in(1, 1000));
  cmd->callback([o] { run_probe(*o); });
});

}  // namespace
}  // namespace pqmul::cli
