// Row selectors of the claims: which fields they may name and how they match.
#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>

#include "pqmul/experiments/claims.hpp"

namespace pqmul::experiments {

const std::vector<std::string>& selector_fields() {
  static const std::vector<std::string> fields = {"id",   "scheme", "parameter_set", "operation", "multiplier",
                                                  "params", "strategy", "rank", "isa", "compiler",
                                                  "compiler_version", "vectorize", "counter"};
  return fields;
}

std::string field_value(const Row& row, const std::string& field) {
  if (field == "id") return row.id;
  if (field == "scheme") return row.scheme;
  if (field == "parameter_set") return row.parameter_set;
  if (field == "operation") return row.operation;
  if (field == "multiplier") return row.multiplier;
  if (field == "params") return row.params;
  if (field == "strategy") return row.strategy;
  if (field == "rank") return row.rank ? std::to_string(*row.rank) : "";
  if (field == "isa") return row.isa;
  if (field == "compiler") return row.compiler;
  if (field == "compiler_version") return row.compiler_version;
  if (field == "vectorize") return row.vectorize ? "true" : "false";
  if (field == "counter") return row.counter;
  throw std::invalid_argument(
      fmt::format("unknown row field '{}' (valid: {})", field, fmt::join(selector_fields(), ", ")));
}

std::string row_label(const Row& row) {
  std::string out = row.id.empty() ? fmt::format("{}/{}/{}", row.scheme, row.multiplier, row.isa) : row.id;
  for (const std::string* part : {&row.operation, &row.strategy, &row.compiler})
    if (!part->empty()) out += " " + *part;
  out += row.vectorize ? " vec" : " novec";
  if (is_model_row(row)) out += " " + row.counter;
  return out;
}

bool is_model_row(const Row& row) { return row.counter.rfind("model:", 0) == 0; }

bool Selector::matches(const Row& row) const {
  for (const auto& [field, accepted] : fields) {
    const std::string v = field_value(row, field);
    if (std::find(accepted.begin(), accepted.end(), v) == accepted.end()) return false;
  }
  return true;
}

void Selector::set(const std::string& field, std::vector<std::string> values) {
  (void)field_value(Row{}, field);  // refuses unknown fields
  for (auto& [f, v] : fields)
    if (f == field) {
      v = std::move(values);
      return;
    }
  fields.emplace_back(field, std::move(values));
  // Keep row order, so descriptions read alike.
  const auto& order = selector_fields();
  std::stable_sort(fields.begin(), fields.end(), [&](const auto& a, const auto& b) {
    return std::find(order.begin(), order.end(), a.first) < std::find(order.begin(), order.end(), b.first);
  });
}

Selector Selector::merged(const Selector& other) const {
  Selector out = *this;
  for (const auto& [field, values] : other.fields) out.set(field, values);
  return out;
}

std::string Selector::describe() const {
  std::string out;
  for (const auto& [field, values] : fields)
    out += fmt::format("{}{}={}", out.empty() ? "" : " ", field, fmt::join(values, "|"));
  return out.empty() ? "(every row)" : out;
}

Selector parse_selector(const std::vector<std::string>& terms) {
  Selector s;
  for (const auto& term : terms) {
    const auto eq = term.find('=');
    if (eq == std::string::npos || eq == 0)
      throw std::invalid_argument("selection '" + term + "' must read FIELD=VALUE or FIELD=V1|V2");
    std::vector<std::string> values;
    std::string rest = term.substr(eq + 1) + "|";
    for (std::size_t start = 0, bar; (bar = rest.find('|', start)) != std::string::npos; start = bar + 1)
      values.push_back(rest.substr(start, bar - start));
    s.set(term.substr(0, eq), values);
  }
  return s;
}

}  // namespace pqmul::experiments
