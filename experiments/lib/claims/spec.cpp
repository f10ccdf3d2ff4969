// Reading claim specs (experiments/claims/<id>.toml) with toml11: every key
// is known, every value has the expected type, and errors name the file.
#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <stdexcept>

#include "../toml_text.hpp"
#include "pqmul/experiments/claims.hpp"
#include "pqmul/experiments/input_limits.hpp"
#include "pqmul/schemes/common/input_files.hpp"

namespace pqmul::experiments {
namespace {

using Strings = std::vector<std::string>;

struct Reader {
  std::string source;

  [[noreturn]] void fail(const std::string& message) const {
    throw std::invalid_argument(fmt::format("{}: {}", source, message));
  }

  void check_keys(const toml::value& table, const std::string& where, const Strings& valid) const {
    if (!table.is_table()) fail(fmt::format("{} must be a table", where));
    for (const auto& [key, value] : table.as_table())
      if (std::find(valid.begin(), valid.end(), key) == valid.end())
        fail(fmt::format("unknown key '{}' in {} (valid keys: {})", key, where, fmt::join(valid, ", ")));
  }

  std::string text(const toml::value& table, const std::string& key, bool required = true) const {
    if (!table.contains(key)) {
      if (required) fail(fmt::format("missing key '{}'", key));
      return "";
    }
    const auto& v = table.at(key);
    if (!v.is_string()) fail(fmt::format("'{}' must be a string", key));
    return v.as_string().str;
  }

  double number(const toml::value& table, const std::string& key, double fallback) const {
    if (!table.contains(key)) return fallback;
    const auto& v = table.at(key);
    if (v.is_floating()) return v.as_floating();
    if (v.is_integer()) return static_cast<double>(v.as_integer());
    fail(fmt::format("'{}' must be a number", key));
  }

  std::size_t count(const toml::value& v, const std::string& key) const {
    if (!v.is_integer() || v.as_integer() < 0) fail(fmt::format("'{}' must be a non-negative integer", key));
    return static_cast<std::size_t>(v.as_integer());
  }

  // A scalar as selector text: strings as they are, booleans true/false, integers in decimal.
  std::string scalar(const toml::value& v, const std::string& key) const {
    if (v.is_string()) return v.as_string().str;
    if (v.is_boolean()) return v.as_boolean() ? "true" : "false";
    if (v.is_integer()) return std::to_string(v.as_integer());
    fail(fmt::format("'{}' must be a string, boolean, integer or an array of them", key));
  }

  Strings values(const toml::value& v, const std::string& key) const {
    Strings out;
    if (v.is_array()) {
      for (const auto& item : v.as_array()) out.push_back(scalar(item, key));
    } else {
      out.push_back(scalar(v, key));
    }
    if (out.empty()) fail(fmt::format("'{}' must name at least one value", key));
    return out;
  }

  // Fields in row order, so cells and descriptions read the same in every claim.
  std::vector<std::pair<std::string, Strings>> field_list(const toml::value& table, const std::string& where) const {
    check_keys(table, where, selector_fields());
    std::vector<std::pair<std::string, Strings>> out;
    for (const auto& field : selector_fields())
      if (table.contains(field)) out.emplace_back(field, values(table.at(field), where + "." + field));
    return out;
  }

  Selector selector(const toml::value& comparison, const std::string& key) const {
    Selector s;
    if (comparison.contains(key)) s.fields = field_list(comparison.at(key), key);
    return s;
  }

  std::string pick(const toml::value& table, const std::string& key) const {
    const std::string p = text(table, key, false);
    if (p.empty()) return "one";
    if (p != "one" && p != "min") fail(fmt::format("'{}' must be \"one\" or \"min\"", key));
    return p;
  }

  Comparability comparability(const toml::value& table, Comparability fallback) const {
    if (!table.contains("comparability")) return fallback;
    try {
      return parse_comparability(text(table, "comparability"));
    } catch (const std::invalid_argument& e) {
      fail(e.what());
    }
  }

  Comparison comparison(const toml::value& t, Comparability claim_comparability) const {
    check_keys(t, "[[comparison]]",
               {"label", "paper", "comparability", "common", "numerator", "denominator", "each", "numerator_pick",
                "denominator_pick", "check", "min", "max", "tolerance", "threshold", "count_min", "count_max",
                "geomean"});
    Comparison c;
    c.comparability = comparability(t, claim_comparability);
    c.label = text(t, "label", false);
    c.paper = text(t, "paper", false);
    c.common = selector(t, "common");
    c.numerator = selector(t, "numerator");
    c.denominator = selector(t, "denominator");
    if (c.numerator.fields.empty() && c.denominator.fields.empty())
      fail("a comparison needs a numerator or a denominator selector that differ");
    if (t.contains("each")) c.each = field_list(t.at("each"), "each");
    c.numerator_pick = pick(t, "numerator_pick");
    c.denominator_pick = pick(t, "denominator_pick");
    const std::string check = text(t, "check");
    if (check == "range") {
      c.check = Check::range;
      if (!t.contains("min") || !t.contains("max")) fail("check \"range\" needs min and max");
      c.min = number(t, "min", 0);
      c.max = number(t, "max", 0);
      if (c.min > c.max) fail("min is larger than max");
    } else if (check == "below" || check == "above") {
      c.check = check == "below" ? Check::below : Check::above;
      if (!t.contains("threshold")) fail(fmt::format("check \"{}\" needs a threshold", check));
    } else if (check == "count") {
      c.check = Check::count;
      if (!t.contains("count_min") || !t.contains("count_max")) fail("check \"count\" needs count_min and count_max");
      c.count_min = count(t.at("count_min"), "count_min");
      c.count_max = count(t.at("count_max"), "count_max");
    } else {
      fail(fmt::format("unknown check '{}' (valid: range, below, above, count)", check));
    }
    c.threshold = number(t, "threshold", 1.0);
    c.tolerance = number(t, "tolerance", 0.0);
    if (c.tolerance < 0 || c.tolerance >= 1) fail("tolerance must lie in [0, 1)");
    if (t.contains("geomean")) {
      if (!t.at("geomean").is_boolean()) fail("'geomean' must be true or false");
      c.geomean = t.at("geomean").as_boolean();
    }
    if (c.geomean && c.check == Check::count) fail("geomean does not apply to check \"count\"");
    return c;
  }

  StepCounts step_counts(const toml::value& t, const std::string& where) const {
    check_keys(t, where, {"transforms", "inverses"});
    if (!t.contains("transforms") || !t.contains("inverses")) fail(where + " needs transforms and inverses");
    return {count(t.at("transforms"), "transforms"), count(t.at("inverses"), "inverses")};
  }

  MemorySpec memory(const toml::value& t) const {
    check_keys(t, "[memory]", {"paper", "printed", "note", "strategies"});
    MemorySpec m;
    m.paper = text(t, "paper");
    m.printed = text(t, "printed");
    m.note = text(t, "note", false);
    if (!t.contains("strategies")) fail("[memory] needs strategies");
    m.strategies = values(t.at("strategies"), "strategies");
    for (const auto& s : m.strategies)
      if (s != "eager" && s != "lazy" && s != "cached")
        fail(fmt::format("unknown strategy '{}' in [memory] (valid: eager, lazy, cached)", s));
    return m;
  }

  CountSpec counts(const toml::value& t) const {
    check_keys(t, "[counts]", {"ring", "multipliers", "ranks", "baseline", "improved", "expect"});
    CountSpec c;
    c.ring = text(t, "ring");
    if (!t.contains("multipliers")) fail("[counts] needs multipliers");
    c.multipliers = values(t.at("multipliers"), "multipliers");
    if (!t.contains("ranks") || !t.at("ranks").is_array()) fail("[counts] needs an array 'ranks'");
    for (const auto& r : t.at("ranks").as_array()) {
      c.ranks.push_back(count(r, "ranks"));
      if (c.ranks.back() < 1 || c.ranks.back() > max_counted_rank)
        fail(fmt::format("[counts] ranks must lie in 1..{}, not {}", max_counted_rank, c.ranks.back()));
    }
    c.baseline = text(t, "baseline");
    c.improved = text(t, "improved");
    if (!t.contains("expect") || !t.at("expect").is_array()) fail("[counts] needs [[counts.expect]] tables");
    for (const auto& e : t.at("expect").as_array()) {
      if (!e.is_table() || !e.contains("rank")) fail("every [[counts.expect]] needs a rank");
      const std::size_t rank = count(e.at("rank"), "rank");
      for (const auto& [key, value] : e.as_table()) {
        if (key == "rank") continue;
        if (key != "eager" && key != "lazy" && key != "cached")
          fail(fmt::format("unknown strategy '{}' in [[counts.expect]] (valid: eager, lazy, cached)", key));
        c.expected[rank][key] = step_counts(value, fmt::format("counts.expect rank {} {}", rank, key));
      }
    }
    for (std::size_t r : c.ranks) {
      const auto it = c.expected.find(r);
      if (it == c.expected.end() || !it->second.count(c.baseline) || !it->second.count(c.improved))
        fail(fmt::format("rank {} has no expected counts for {} and {}", r, c.baseline, c.improved));
    }
    return c;
  }
};

}  // namespace

ClaimSpec parse_claim(const std::string& toml_text, const std::string& source) {
  Reader r{source};
  const toml::value root = parse_toml_text(toml_text, source);
  r.check_keys(root, "the claim",
               {"id", "source", "claim", "paper", "printed", "how", "where", "comparability", "note", "comparison",
                "counts", "memory"});
  ClaimSpec c;
  c.id = r.text(root, "id");
  const auto id_char = [](char ch) { return (ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') || ch == '-'; };
  if (c.id.empty() || c.id.front() == '-' || !std::all_of(c.id.begin(), c.id.end(), id_char))
    r.fail("id must be lower-case letters, digits, '-'");
  c.source = r.text(root, "source");
  c.claim = r.text(root, "claim");
  c.paper_figure = r.text(root, "paper");
  c.printed = r.text(root, "printed");
  if (!root.contains("comparability")) r.fail("missing key 'comparability' (same, analogue or model)");
  c.comparability = r.comparability(root, Comparability::same);
  c.how = r.text(root, "how");
  c.where = r.text(root, "where");
  if (c.where != "x86" && c.where != "arm") r.fail("'where' must be \"x86\" or \"arm\"");
  c.note = r.text(root, "note", false);
  if (root.contains("comparison")) {
    if (!root.at("comparison").is_array()) r.fail("comparisons are written [[comparison]]");
    for (const auto& t : root.at("comparison").as_array())
      c.comparisons.push_back(r.comparison(t, c.comparability));
  }
  if (root.contains("counts")) {
    c.counts = r.counts(root.at("counts"));
    if (c.comparability != Comparability::same) r.fail("a [counts] claim counts here: its comparability is \"same\"");
  }
  if (c.comparisons.empty() && !c.counts) r.fail("a claim needs [[comparison]] tables or a [counts] table");
  if (root.contains("memory")) {
    c.memory = r.memory(root.at("memory"));
    if (c.comparisons.empty()) r.fail("[memory] shows the rows of the [[comparison]] tables: it needs one");
  }
  return c;
}

ClaimSpec read_claim(const std::string& path) {
  return parse_claim(read_bounded_file(path, max_spec_bytes, "claim spec"), path);
}

std::vector<ClaimSpec> read_claims(const std::string& dir) {
  namespace fs = std::filesystem;
  if (!fs::is_directory(dir)) throw std::invalid_argument("no claims directory " + dir);
  std::vector<ClaimSpec> out;
  for (const auto& entry : fs::directory_iterator(dir)) {
    if (entry.path().extension() != ".toml") continue;
    ClaimSpec c = read_claim(entry.path().string());
    if (c.id != entry.path().stem().string())
      throw std::invalid_argument(fmt::format("{}: id '{}' differs from the file name", entry.path().string(), c.id));
    out.push_back(std::move(c));
  }
  std::sort(out.begin(), out.end(), [](const ClaimSpec& a, const ClaimSpec& b) { return a.id < b.id; });
  return out;
}

std::vector<std::string> claim_ids_of_markdown(const std::string& markdown) {
  // Table rows "| id | ..." after the header separator; the header itself is "| id | source |".
  std::vector<std::string> ids;
  std::istringstream in(markdown);
  std::string line;
  bool in_table = false;
  while (std::getline(in, line)) {
    if (line.rfind("|---", 0) == 0) {
      in_table = true;
      continue;
    }
    if (line.rfind("|", 0) != 0) {
      in_table = false;
      continue;
    }
    if (!in_table) continue;
    const auto end = line.find('|', 1);
    if (end == std::string::npos) continue;
    std::string id = line.substr(1, end - 1);
    id.erase(0, id.find_first_not_of(' '));
    id.erase(id.find_last_not_of(' ') + 1);
    if (!id.empty()) ids.push_back(id);
  }
  return ids;
}

}  // namespace pqmul::experiments
