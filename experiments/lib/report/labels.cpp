// Readable names of catalogue values, label specs, row labels from the fields
// that vary, and the refusal to pool rows.
#include "pqmul/experiments/labels.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <set>
#include <sstream>
#include <stdexcept>

#include "pqmul/experiments/claims.hpp"
#include "report_files.hpp"

namespace pqmul::experiments {
namespace {

// Catalogue names as the papers print them. Values not listed print as they are.
const std::map<std::string, std::string>& builtin_names() {
  static const std::map<std::string, std::string> names = {
      // schemes, parameter sets and rings
      {"saber", "Saber"}, {"lightsaber", "LightSaber"}, {"firesaber", "FireSaber"}, {"saber-p", "Saber-p"},
      {"kyber", "Kyber"}, {"kyber512", "Kyber512"}, {"kyber768", "Kyber768"}, {"kyber1024", "Kyber1024"},
      {"ml-kem-512", "ML-KEM-512"}, {"ml-kem-768", "ML-KEM-768"}, {"ml-kem-1024", "ML-KEM-1024"},
      {"ntru", "NTRU"}, {"ntru-hps2048509", "NTRU-HPS-2048-509"}, {"ntru-hps2048677", "NTRU-HPS-2048-677"},
      {"ntru-hrss701", "NTRU-HRSS-701"}, {"ntru-hps4096821", "NTRU-HPS-4096-821"},
      // The KEM schemes' spelling of the same parameter sets.
      {"ntruhps2048509", "NTRU-HPS-2048-509"}, {"ntruhps2048677", "NTRU-HPS-2048-677"},
      {"ntruhrss701", "NTRU-HRSS-701"}, {"ntruhps4096821", "NTRU-HPS-4096-821"},
      {"tinyjambu-128", "TinyJAMBU-128"}, {"tinyjambu-192", "TinyJAMBU-192"}, {"tinyjambu-256", "TinyJAMBU-256"},
      // multipliers
      {"schoolbook", "Schoolbook"}, {"karatsuba", "Karatsuba"}, {"toom3", "Toom-3"}, {"toom4", "Toom-4"},
      {"toom4-k2", "Toom-4+K2"}, {"toom4-k4", "Toom-4+K4"}, {"toom-k", "Toom-k"}, {"ntt", "NTT"}, {"kronecker", "Kronecker"},
      // ISAs, compilers, counters
      {"portable", "Portable"}, {"avx2", "AVX2"}, {"avx512", "AVX-512"}, {"neon", "Neon"},
      {"gcc", "GCC"}, {"clang", "Clang"},
      {"tsc", "TSC"}, {"perf-cycles", "perf cycles"}, {"papi-cycles", "PAPI cycles"}, {"cntvct", "CNTVCT"},
      // operations
      {"keygen", "KeyGen"}, {"encaps", "Encaps"}, {"decaps", "Decaps"}, {"matrix-vector", "Matrix-vector"},
      {"inner-product", "Inner product"}, {"mul", "Multiplication"}, {"transform", "Transform"},
      {"multiply_accumulate", "Multiply-accumulate"}, {"inverse", "Inverse"}, {"encrypt", "Encrypt"},
      {"decrypt", "Decrypt"}};
  return names;
}

void add_name(LabelNames& n, const std::string& key, const std::string& text, const std::string& where) {
  if (key.empty()) throw std::invalid_argument(where + ": empty value name");
  n.names[key] = text;
}

}  // namespace

LabelNames read_label_spec(const std::string& path) {
  LabelNames n;
  const std::string text = read_report_file(path, max_spec_bytes, "label spec");
  if (std::filesystem::path(path).extension() == ".csv") {
    std::istringstream lines(text);
    std::string line;
    for (int number = 1; std::getline(lines, line); ++number) {
      if (!line.empty() && line.back() == '\r') line.pop_back();
      if (line.empty() || line[0] == '#') continue;
      const auto comma = line.find(',');
      if (comma == std::string::npos)
        throw std::invalid_argument(fmt::format("{}:{}: expected VALUE,TEXT", path, number));
      add_name(n, line.substr(0, comma), line.substr(comma + 1), fmt::format("{}:{}", path, number));
    }
    return n;
  }
  const toml::value root = parse_toml_text(text, path);
  for (const auto& [key, value] : root.as_table())
    if (key != "labels") throw std::invalid_argument(fmt::format("{}: unknown key '{}' (valid: labels)", path, key));
  if (!root.contains("labels") || !root.at("labels").is_table())
    throw std::invalid_argument(path + ": expected a [labels] table");
  for (const auto& [key, value] : root.at("labels").as_table()) {
    if (!value.is_string()) throw std::invalid_argument(fmt::format("{}: label '{}' must be a string", path, key));
    add_name(n, key, value.as_string().str, path);
  }
  return n;
}

LabelNames with_label_terms(LabelNames base, const std::vector<std::string>& terms) {
  for (const auto& t : terms) {
    const auto eq = t.find('=');
    if (eq == std::string::npos) throw std::invalid_argument("label '" + t + "' must read VALUE=TEXT");
    add_name(base, t.substr(0, eq), t.substr(eq + 1), "label '" + t + "'");
  }
  return base;
}

std::string display_name(const std::string& field, const std::string& value, const LabelNames& names) {
  if (const auto it = names.names.find(field + ":" + value); it != names.names.end()) return it->second;
  if (const auto it = names.names.find(value); it != names.names.end()) return it->second;
  if (field == "vectorize") return value == "false" ? "no auto-vec" : "auto-vec";
  if (field == "rank") return value.empty() ? "" : "\u2113=" + value;
  if (field == "compiler_version" || field == "params" || field == "flags" || field == "cpu") return value;
  const auto& builtin = builtin_names();
  if (const auto it = builtin.find(value); it != builtin.end()) return it->second;
  return value;
}

const std::vector<std::string>& identity_fields() {
  static const std::vector<std::string> f = {"scheme", "parameter_set", "multiplier", "params",
                                             "isa",    "strategy",      "rank",       "compiler",
                                             "compiler_version", "vectorize", "flags", "counter", "cpu"};
  return f;
}

std::string identity_value(const Row& row, const std::string& field) {
  if (field == "flags") return row.flags;
  if (field == "cpu") return row.cpu;
  return field_value(row, field);
}

std::vector<std::string> varying_fields(const std::vector<const Row*>& rows) {
  // A field implied by another (one value of it per value of the other) adds nothing to a label.
  // A build's flags follow from its compiler and vectorisation setting; a KEM's
  // module rank from its scheme.
  static const std::map<std::string, std::vector<std::string>> implied_by = {
      {"parameter_set", {"scheme"}}, {"rank", {"scheme"}}, {"compiler_version", {"compiler"}},
      {"flags", {"compiler", "vectorize"}}};
  std::vector<std::string> out;
  for (const auto& f : identity_fields()) {
    std::set<std::string> seen;
    for (const Row* r : rows) seen.insert(identity_value(*r, f));
    if (seen.size() < 2) continue;
    if (const auto it = implied_by.find(f); it != implied_by.end()) {
      std::map<std::string, std::set<std::string>> per;
      for (const Row* r : rows) {
        std::string key;
        for (const auto& by : it->second) key += identity_value(*r, by) + '\n';
        per[key].insert(identity_value(*r, f));
      }
      if (std::all_of(per.begin(), per.end(), [](const auto& p) { return p.second.size() == 1; })) continue;
    }
    out.push_back(f);
  }
  return out;
}

std::string row_label(const Row& row, const std::vector<std::string>& fields, const LabelNames& names) {
  std::vector<std::string> parts;
  std::string previous;
  for (const auto& f : fields) {
    const std::string value = identity_value(row, f);
    if (value.empty()) continue;
    const std::string shown = display_name(f, value, names);
    // The parameters belong to the multiplier: "Karatsuba depth=2".
    if (f == "params" && previous == "multiplier")
      parts.back() += " " + shown;
    else
      parts.push_back(shown);
    previous = f;
  }
  return fmt::format("{}", fmt::join(parts, ", "));
}

void require_one_row(const std::vector<const Row*>& rows, const std::string& what) {
  if (rows.size() < 2) return;
  std::vector<std::string> differing;
  for (const auto& f : identity_fields()) {
    std::set<std::string> seen;
    for (const Row* r : rows) seen.insert(identity_value(*r, f));
    if (seen.size() > 1) differing.push_back(f);
  }
  for (const char* f : {"commit", "date"}) {
    std::set<std::string> seen;
    for (const Row* r : rows) seen.insert(std::string(f) == "commit" ? r->commit : r->date);
    if (seen.size() > 1) differing.emplace_back(f);
  }
  std::vector<std::string> names;
  for (const Row* r : rows) names.push_back(r->id + (r->date.empty() ? "" : " @" + r->date));
  throw std::invalid_argument(fmt::format(
      "{} would pool {} rows ({}){}; select one with --where or show the field in the labels", what, rows.size(),
      fmt::join(names, "; "),
      differing.empty() ? " that are identical" : fmt::format(" differing in {}", fmt::join(differing, ", "))));
}

}  // namespace pqmul::experiments
