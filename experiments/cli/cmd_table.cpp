// pqmul table: a sweep's rows as a paper-shaped table (implementations x
// keygen/encaps/decaps, sections per scheme, ratio lines; or transposed; or
// the paper's figures beside ours), in Markdown, LaTeX (booktabs, siunitx) or CSV.
#include <fmt/core.h>

#include <filesystem>
#include <optional>
#include <vector>

#include "command.hpp"
#include "label_options.hpp"
#include "pqmul/experiments/bench_plan.hpp"
#include "pqmul/experiments/table.hpp"
#include "pqmul/schemes/common/output_files.hpp"

namespace pqmul::cli {
namespace {

using namespace pqmul::experiments;

struct TableCommand {
  std::vector<std::string> results;
  std::string format = "markdown";
  std::string group_by = "scheme";
  std::vector<std::string> ratios;
  std::string ops;
  std::vector<std::string> where;
  std::string value = "median";
  std::string layout = "rows";
  std::string unit = "auto";
  LabelOptions labels;
  std::vector<std::string> line_order;
  std::string paper;
  std::string output;
};

void run(const TableCommand& c) {
  TableOptions o;
  o.group_by = c.group_by;
  if (!c.ratios.empty()) o.ratios = c.ratios;
  o.operations = split_list(c.ops);
  o.value = c.value;
  o.layout = c.layout;
  o.unit = c.unit;
  o.line_order = c.line_order;
  // The output may replace none of the files read; refused before anything is read.
  std::optional<OutputFiles> output;
  if (!c.output.empty()) {
    std::vector<std::filesystem::path> inputs;
    for (const auto& r : c.results)
      for (auto& p : results_inputs(r)) inputs.push_back(std::move(p));
    for (const auto& p : {c.labels.spec, c.paper})
      if (!p.empty()) inputs.emplace_back(p);
    output.emplace(std::move(inputs));
    (void)output->add(c.output, OutputFiles::Access::world_readable);
  }
  Table t;
  try {
    o.filter = parse_selector(c.where);
    o.names = c.labels.names();
    if (!c.paper.empty()) o.paper = read_paper_figures(c.paper);
    // Several files are one set of rows (e.g. pqmul model's files of four
    // builds); build_table refuses rows that would pool.
    std::vector<Row> rows;
    for (const auto& r : c.results) {
      auto more = read_results(r);
      rows.insert(rows.end(), std::make_move_iterator(more.begin()), std::make_move_iterator(more.end()));
    }
    t = build_table(rows, o);
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  } catch (const std::runtime_error& e) {
    throw UsageError(e.what());  // malformed results file
  }
  if (t.sections.empty()) throw Failure(1, "no rows with a " + c.value + " match the selection");
  const std::string text = c.format == "latex" ? render_latex(t) : c.format == "csv" ? render_csv(t) : render_markdown(t);
  if (c.output.empty()) {
    fmt::print("{}", text);
    return;
  }
  output->write(c.output, text, OutputFiles::Access::world_readable);
  output->commit();
  fmt::print("wrote {}\n", c.output);
}

const CommandRegistration table_registration([](CLI::App& app) {
  auto* cmd = app.add_subcommand("table", "Tabulate sweep results: implementations x operations, with ratio lines");
  static TableCommand c;
  cmd->add_option("results", c.results,
                  "results directories (results.csv or results.json) or CSV / JSON files, read as one set of rows")
      ->required();
  cmd->add_option("--format", c.format, "markdown, latex (booktabs) or csv")
      ->check(CLI::IsMember({"markdown", "latex", "csv"}))
      ->capture_default_str();
  cmd->add_option("--group-by", c.group_by,
                  "one section per value of this field (scheme, multiplier, isa, compiler, ...) or none")
      ->capture_default_str();
  cmd->add_option("--ratio", c.ratios,
                  "ratio lines FIELD:A/B, e.g. isa:portable/avx2, strategy:cached/eager, vectorize:false/true; "
                  "'auto' (default) or 'none'");
  cmd->add_option("--ops", c.ops, "columns, e.g. keygen,encaps,decaps (default: the KEM operations present, else all)");
  cmd->add_option("--where", c.where, "only rows with FIELD=VALUE (or FIELD=V1|V2); repeatable");
  cmd->add_option("--value", c.value,
                  "median, p10, p90, instructions, or a memory column: stack_bytes, heap_bytes, heap_allocations, "
                  "code_bytes, bytes_held")
      ->check(CLI::IsMember(table_values()))
      ->capture_default_str();
  cmd->add_option("--layout", c.layout, "rows (implementations x operations) or transposed (operations x implementations, no sections)")
      ->check(CLI::IsMember({"rows", "transposed"}))
      ->capture_default_str();
  cmd->add_option("--unit", c.unit, "auto (us where rows carry counter_hz, else cycles or ticks), ticks, cycles or us")
      ->check(CLI::IsMember({"auto", "ticks", "cycles", "us"}))
      ->capture_default_str();
  c.labels.add_to(cmd);
  cmd->add_option("--row", c.line_order, "a line label to put first, in the order given; repeatable");
  cmd->add_option("--paper", c.paper,
                  "the paper's figures (TOML [\"LABEL\"] OPERATION = VALUE, or CSV label,column,value): "
                  "adds paper and difference lines")
      ->check(CLI::ExistingFile);
  cmd->add_option("-o,--output", c.output, "write to this file instead of the terminal");
  cmd->callback([] { run(c); });
});

}  // namespace
}  // namespace pqmul::cli
