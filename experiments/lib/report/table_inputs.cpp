// What tables read: results (CSV / JSON files or a results directory) and a
// paper's published figures (TOML or CSV).
#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <sstream>
#include <stdexcept>

#include "pqmul/experiments/table.hpp"
#include "report_files.hpp"

namespace pqmul::experiments {
namespace {

double number_of(const std::string& text, const std::string& where) {
  std::size_t used = 0;
  double v = 0;
  try {
    v = std::stod(text, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used == 0 || used != text.size()) throw std::invalid_argument(where + ": '" + text + "' is not a number");
  return v;
}

}  // namespace

PaperFigures read_paper_figures(const std::string& path) {
  PaperFigures p;
  p.source = path;
  const std::string text = read_report_file(path, max_spec_bytes, "paper figures");
  if (std::filesystem::path(path).extension() == ".csv") {
    // Rows through the CSV reader's quoting rules would need the row schema;
    // a label may hold commas, so it is the only quoted field allowed: "a, b",keygen,123
    std::istringstream lines(text);
    std::string line;
    int number = 0;
    while (std::getline(lines, line)) {
      ++number;
      if (!line.empty() && line.back() == '\r') line.pop_back();
      if (line.empty() || line[0] == '#') continue;
      const std::string where = fmt::format("{}:{}", path, number);
      std::string label, rest;
      if (line[0] == '"') {
        const auto close = line.find("\",", 1);
        if (close == std::string::npos) throw std::invalid_argument(where + ": unterminated quoted label");
        label = line.substr(1, close - 1);
        rest = line.substr(close + 2);
      } else {
        const auto comma = line.find(',');
        if (comma == std::string::npos) throw std::invalid_argument(where + ": expected label,column,value");
        label = line.substr(0, comma);
        rest = line.substr(comma + 1);
      }
      const auto comma = rest.find(',');
      if (comma == std::string::npos) throw std::invalid_argument(where + ": expected label,column,value");
      if (number == 1 && label == "label") continue;  // header
      p.figures[label][rest.substr(0, comma)] = number_of(rest.substr(comma + 1), where);
    }
  } else {
    const toml::value root = parse_toml_text(text, path);
    // Columns of one line: numbers only.
    const auto read_columns = [&](const toml::value& columns, const std::string& where) {
      PaperFigures::Columns out;
      for (const auto& [column, value] : columns.as_table()) {
        if (value.is_integer()) out[column] = static_cast<double>(value.as_integer());
        else if (value.is_floating()) out[column] = value.as_floating();
        else throw std::invalid_argument(fmt::format("{}: {}.{} must be a number", path, where, column));
      }
      return out;
    };
    for (const auto& [key, value] : root.as_table()) {
      if (!value.is_table()) throw std::invalid_argument(fmt::format("{}: '{}' must be a table of columns", path, key));
      const auto& entries = value.as_table();
      const bool section = !entries.empty() && std::all_of(entries.begin(), entries.end(),
                                                           [](const auto& e) { return e.second.is_table(); });
      if (!section) {
        p.figures[key] = read_columns(value, key);
        continue;
      }
      for (const auto& [label, columns] : entries)
        p.by_section[key][label] = read_columns(columns, key + "." + label);
    }
  }
  if (p.figures.empty() && p.by_section.empty()) throw std::invalid_argument(path + ": no paper figures");
  return p;
}

std::vector<std::filesystem::path> results_inputs(const std::string& path) {
  const std::filesystem::path p(path);
  return {p, p / "results.csv", p / "results.json"};
}

std::vector<Row> read_results(const std::string& path) {
  namespace fs = std::filesystem;
  const fs::path p(path);
  if (fs::is_directory(p)) {
    if (fs::exists(p / "results.csv")) return read_csv((p / "results.csv").string());
    if (fs::exists(p / "results.json"))
      return from_json(read_report_file(p / "results.json", max_results_bytes, "result file"));
    throw std::invalid_argument(path + " holds neither results.csv nor results.json");
  }
  if (!fs::exists(p)) throw std::invalid_argument("no such results file or directory: " + path);
  if (p.extension() == ".json") return from_json(read_report_file(p, max_results_bytes, "result file"));
  return read_csv(path);
}

}  // namespace pqmul::experiments
