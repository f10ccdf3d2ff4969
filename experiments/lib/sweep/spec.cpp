// Reading a sweep spec with toml11: every key is known, every value has the
// expected type and spelling, and each error points at the offending line.
#include <fmt/format.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <sstream>
#include <string_view>

#include "../toml_text.hpp"
#include "pqmul/experiments/input_limits.hpp"
#include "pqmul/experiments/statistics.hpp"
#include "pqmul/experiments/sweep_spec.hpp"
#include "pqmul/schemes/common/input_files.hpp"

namespace pqmul::experiments {
namespace {

using Strings = std::vector<std::string>;

[[noreturn]] void fail(const toml::value& at, const std::string& message, const std::string& hint) {
  throw SpecError(toml::format_error(message, at, hint, {}, false));
}

void check_keys(const toml::value& table, const std::string& where, const Strings& valid) {
  for (const auto& [key, value] : table.as_table())
    if (std::find(valid.begin(), valid.end(), key) == valid.end())
      fail(value, fmt::format("unknown key '{}' in {} (valid keys: {})", key, where, fmt::join(valid, ", ")),
           "unknown key");
}

// One value or an array of values of `key`, each read (and checked) by
// `read`. Duplicates are refused: they would only repeat rows.
template <class T, class Read>
std::vector<T> distinct_values(const toml::value& v, const std::string& key, Read read) {
  std::vector<T> out;
  auto take = [&](const toml::value& item) {
    T value = read(item);
    if (std::find(out.begin(), out.end(), value) != out.end())
      fail(item, fmt::format("'{}' lists {} twice", key, value), "duplicate");
    out.push_back(std::move(value));
  };
  if (v.is_array()) {
    for (const auto& item : v.as_array()) take(item);
  } else {
    take(v);
  }
  if (out.empty()) fail(v, fmt::format("'{}' must name at least one entry", key), "empty");
  return out;
}

// A string or an array of strings; each must be one of `allowed` unless that
// is empty.
Strings strings(const toml::value& v, const std::string& key, const Strings& allowed = {},
                const Strings& also_allowed = {}) {
  return distinct_values<std::string>(v, key, [&](const toml::value& item) {
    if (!item.is_string()) fail(item, fmt::format("'{}' must be a string or an array of strings", key), "not a string");
    std::string s = item.as_string().str;
    if (!allowed.empty() && std::find(allowed.begin(), allowed.end(), s) == allowed.end() &&
        std::find(also_allowed.begin(), also_allowed.end(), s) == also_allowed.end()) {
      Strings valid = allowed;
      valid.insert(valid.end(), also_allowed.begin(), also_allowed.end());
      fail(item, fmt::format("'{}' is not a valid entry of '{}' (valid: {})", s, key, fmt::join(valid, ", ")),
           "unknown name");
    }
    return s;
  });
}

std::size_t whole_number(const toml::value& v, const std::string& key, std::size_t min, std::size_t max) {
  if (!v.is_integer()) fail(v, fmt::format("'{}' must be an integer", key), "not an integer");
  const auto n = v.as_integer();
  if (n < 0 || static_cast<unsigned long long>(n) < min || static_cast<unsigned long long>(n) > max)
    fail(v, fmt::format("'{}' must be between {} and {}", key, min, max), "out of range");
  return static_cast<std::size_t>(n);
}

std::size_t positive(const toml::value& v, const std::string& key, std::size_t max) {
  return whole_number(v, key, 1, max);
}

// An integer or a float within [min, max].
double real_number(const toml::value& v, const std::string& key, double min, double max) {
  if (!v.is_integer() && !v.is_floating())
    fail(v, fmt::format("'{}' must be a number", key), "not a number");
  const double x = v.is_integer() ? static_cast<double>(v.as_integer()) : v.as_floating();
  if (!(x >= min && x <= max)) fail(v, fmt::format("'{}' must be between {:g} and {:g}", key, min, max), "out of range");
  return x;
}

std::string text(const toml::value& v, const std::string& key) {
  if (!v.is_string()) fail(v, fmt::format("'{}' must be a string", key), "not a string");
  return v.as_string().str;
}

std::vector<bool> booleans(const toml::value& v, const std::string& key) {
  return distinct_values<bool>(v, key, [&](const toml::value& item) {
    if (!item.is_boolean())
      fail(item, fmt::format("'{}' must be true, false or an array of them", key), "not a boolean");
    return item.as_boolean();
  });
}

const toml::value& table(const toml::value& v, const std::string& key) {
  if (!v.is_table()) fail(v, fmt::format("'{}' must be a table ([{}])", key, key), "not a table");
  return v;
}

// A section given once ([kem]) or several times ([[kem]]): the tables and the
// name of each for messages ("kem", or "kem #2" in an array).
std::vector<std::pair<const toml::value*, std::string>> section_tables(const toml::value& v, const std::string& key) {
  std::vector<std::pair<const toml::value*, std::string>> out;
  if (v.is_table()) {
    out.emplace_back(&v, key);
  } else if (v.is_array()) {
    const auto& items = v.as_array();
    if (items.empty()) fail(v, fmt::format("'{}' must hold at least one table", key), "empty");
    for (std::size_t i = 0; i < items.size(); ++i) {
      if (!items[i].is_table())
        fail(items[i], fmt::format("'{}' must be a table ([{}]) or an array of tables ([[{}]])", key, key, key),
             "not a table");
      out.emplace_back(&items[i], items.size() == 1 ? key : fmt::format("{} #{}", key, i + 1));
    }
  } else {
    fail(v, fmt::format("'{}' must be a table ([{}]) or an array of tables ([[{}]])", key, key, key), "not a table");
  }
  return out;
}

// A section's own `compilers` and `vectorize` pick among the spec's trees, so
// they must name trees the spec builds; its `isas` may be any known ISA.
void read_scope(const toml::table& m, const std::string& where, const SweepSpec& spec, SectionScope& scope,
                bool with_isas) {
  if (m.count("compilers")) {
    scope.compilers = strings(m.at("compilers"), where + ".compilers", spec.compilers);
  }
  if (m.count("vectorize")) {
    scope.vectorize = booleans(m.at("vectorize"), where + ".vectorize");
    for (std::size_t i = 0; i < scope.vectorize.size(); ++i)
      if (std::find(spec.vectorize.begin(), spec.vectorize.end(), scope.vectorize[i]) == spec.vectorize.end()) {
        const auto& v = m.at("vectorize");
        Strings built;
        for (bool b : spec.vectorize) built.emplace_back(b ? "true" : "false");
        fail(v.is_array() ? v.as_array().at(i) : v,
             fmt::format("'{}.vectorize' lists {} but the spec builds no such tree (its vectorize: {})", where,
                         scope.vectorize[i], fmt::join(built, ", ")),
             "no such tree");
      }
  }
  if (with_isas && m.count("isas")) scope.isas = strings(m.at("isas"), where + ".isas", known_isas());
}

const Strings scope_keys = {"compilers", "vectorize", "isas"};

Strings with_scope(Strings keys, bool with_isas = true) {
  for (const auto& k : scope_keys)
    if (with_isas || k != "isas") keys.push_back(k);
  return keys;
}

KemSection read_kem(const toml::value& t, const std::string& where, const SweepSpec& spec) {
  KemSection kem;
  check_keys(t, "[" + where + "]", with_scope({"schemes", "multipliers", "strategies", "operations"}));
  const auto& m = t.as_table();
  if (!m.count("schemes")) fail(t, fmt::format("[{}] needs 'schemes'", where), "no schemes");
  kem.schemes = strings(m.at("schemes"), where + ".schemes");
  if (m.count("multipliers")) kem.multipliers = strings(m.at("multipliers"), where + ".multipliers");
  if (m.count("strategies"))
    kem.strategies = strings(m.at("strategies"), where + ".strategies", {"eager", "lazy", "cached"}, {"default", "all"});
  if (m.count("operations")) kem.operations = strings(m.at("operations"), where + ".operations", kem_operations());
  read_scope(m, where, spec, kem.scope, true);
  return kem;
}

RingSection read_ring(const toml::value& t, const std::string& where, const SweepSpec& spec) {
  RingSection ring;
  check_keys(t, "[" + where + "]", with_scope({"rings", "multipliers", "strategies", "operations", "rank", "trials"}));
  const auto& m = t.as_table();
  if (!m.count("rings")) fail(t, fmt::format("[{}] needs 'rings'", where), "no rings");
  ring.rings = strings(m.at("rings"), where + ".rings");
  if (m.count("multipliers")) ring.multipliers = strings(m.at("multipliers"), where + ".multipliers");
  if (m.count("strategies"))
    ring.strategies = strings(m.at("strategies"), where + ".strategies", {"eager", "lazy", "cached"}, {"all"});
  if (m.count("operations")) ring.operations = strings(m.at("operations"), where + ".operations", ring_operations());
  if (m.count("rank")) ring.rank = positive(m.at("rank"), where + ".rank", 5);
  if (m.count("trials")) ring.trials = positive(m.at("trials"), where + ".trials", 1000);
  read_scope(m, where, spec, ring.scope, true);
  return ring;
}

AeadSection read_aead(const toml::value& t, const std::string& where, const SweepSpec& spec) {
  AeadSection aead;
  check_keys(t, "[" + where + "]", with_scope({"schemes", "variants", "operations", "params"}, false));
  const auto& m = t.as_table();
  if (!m.count("schemes")) fail(t, fmt::format("[{}] needs 'schemes'", where), "no schemes");
  aead.schemes = strings(m.at("schemes"), where + ".schemes");
  if (m.count("variants")) aead.variants = strings(m.at("variants"), where + ".variants");
  if (m.count("operations")) aead.operations = strings(m.at("operations"), where + ".operations", aead_operations());
  if (m.count("params")) {
    const auto& v = m.at("params");
    const Strings given = strings(v, where + ".params");
    aead.params.clear();
    for (std::size_t i = 0; i < given.size(); ++i) {
      const toml::value& at = v.is_array() ? v.as_array().at(i) : v;
      std::string canonical;
      try {
        canonical = canonical_aead_params(given[i]);
      } catch (const std::invalid_argument& e) {
        fail(at, fmt::format("'{}.params': {}", where, e.what()), "bad sizes");
      }
      if (std::find(aead.params.begin(), aead.params.end(), canonical) != aead.params.end())
        fail(at, fmt::format("'{}.params' lists {} twice", where, canonical), "duplicate");
      aead.params.push_back(canonical);
    }
  }
  read_scope(m, where, spec, aead.scope, false);
  aead.scope.isas = {"portable"};
  return aead;
}

}  // namespace

std::string canonical_aead_params(const std::string& text) {
  std::map<std::string, std::size_t> sizes;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t end = std::min(text.find(';', start), text.size());
    std::string item = text.substr(start, end - start);
    start = end + 1;
    item.erase(0, item.find_first_not_of(' '));
    item.erase(item.find_last_not_of(' ') + 1);
    if (item.empty()) continue;
    const auto eq = item.find('=');
    if (eq == std::string::npos)
      throw std::invalid_argument(fmt::format("'{}' must read key=value (keys: message, ad)", item));
    std::string key = item.substr(0, eq), value = item.substr(eq + 1);
    key.erase(key.find_last_not_of(' ') + 1);
    value.erase(0, value.find_first_not_of(' '));
    if (key != "message" && key != "ad")
      throw std::invalid_argument(fmt::format("unknown size '{}' (valid: message, ad)", key));
    if (sizes.count(key)) throw std::invalid_argument(fmt::format("'{}' is given twice", key));
    const bool digits = !value.empty() && value.size() <= 9 &&
                        std::all_of(value.begin(), value.end(), [](char c) { return c >= '0' && c <= '9'; });
    if (!digits) throw std::invalid_argument(fmt::format("{} = '{}' is not a size in bytes", key, value));
    sizes[key] = static_cast<std::size_t>(std::stoul(value));
  }
  const std::size_t message = sizes.count("message") ? sizes.at("message") : 4096;
  const std::size_t ad = sizes.count("ad") ? sizes.at("ad") : 32;
  return fmt::format("message={};ad={}", message, ad);
}

SweepSpec parse_sweep_spec(const std::string& source, const std::string& origin) {
  toml::value root;
  try {
    root = parse_toml_text(source, origin);
  } catch (const std::invalid_argument& e) {
    throw SpecError(e.what());
  }
  SweepSpec spec;
  check_keys(root, "the spec", {"name", "description", "compilers", "compiler_commands", "architectures",
                                "vectorize", "isas", "samples", "repetitions", "rounds", "max_half_width",
                                "max_steal", "reruns", "pin_cpu", "counter", "kem", "ring", "aead"});
  const auto& m = root.as_table();
  if (m.count("name")) spec.name = text(m.at("name"), "name");
  if (m.count("description")) spec.description = text(m.at("description"), "description");
  if (m.count("compiler_commands")) {
    const auto& t = table(m.at("compiler_commands"), "compiler_commands");
    for (const auto& [name, cmd] : t.as_table()) {
      const std::string c = text(cmd, "compiler_commands." + name);
      if (c.empty()) fail(cmd, fmt::format("compiler_commands.{} is empty", name), "empty");
      spec.compiler_commands[name] = c;
    }
  }
  Strings compilers_known = known_compilers();
  for (const auto& [name, cmd] : spec.compiler_commands)
    if (std::find(compilers_known.begin(), compilers_known.end(), name) == compilers_known.end())
      compilers_known.push_back(name);
  if (m.count("compilers")) spec.compilers = strings(m.at("compilers"), "compilers", compilers_known);
  if (m.count("architectures"))
    spec.architectures = strings(m.at("architectures"), "architectures", known_architectures());
  if (m.count("vectorize")) spec.vectorize = booleans(m.at("vectorize"), "vectorize");
  if (m.count("isas")) spec.isas = strings(m.at("isas"), "isas", known_isas());
  // The bounds of `pqmul bench --samples` and --repetitions, which each job runs.
  if (m.count("samples")) spec.samples = positive(m.at("samples"), "samples", 1'000'000);
  if (m.count("repetitions")) spec.repetitions = positive(m.at("repetitions"), "repetitions", 1000);
  if (m.count("samples") && spec.samples * spec.repetitions > 10'000'000)
    fail(m.at("samples"), "samples x repetitions must be at most 10000000 (every sample is kept)", "too many samples");
  if (m.count("rounds")) {
    spec.rounds = positive(m.at("rounds"), "rounds", 100);
    const std::size_t fewest = fewest_for_median_interval();
    if (spec.rounds > 1 && spec.rounds < fewest)
      fail(m.at("rounds"),
           fmt::format("rounds is {}: give 1, or at least {} (the fewest a 95% interval over rounds needs)",
                       spec.rounds, fewest),
           "too few rounds");
  }
  if (m.count("max_half_width")) spec.max_half_width = real_number(m.at("max_half_width"), "max_half_width", 0.01, 100);
  if (m.count("max_steal")) spec.max_steal = real_number(m.at("max_steal"), "max_steal", 0, 100);
  if (m.count("reruns")) spec.reruns = whole_number(m.at("reruns"), "reruns", 0, 10);
  if (m.count("pin_cpu")) spec.pin_cpu = whole_number(m.at("pin_cpu"), "pin_cpu", 0, 65535);
  if (m.count("counter")) spec.counter = text(m.at("counter"), "counter");
  // The sections last: their scopes refer to the spec's trees.
  for (const char* key : {"kem", "ring", "aead"}) {
    if (!m.count(key)) continue;
    for (const auto& [t, where] : section_tables(m.at(key), key)) {
      if (std::string(key) == "kem") spec.kem.push_back(read_kem(*t, where, spec));
      if (std::string(key) == "ring") spec.ring.push_back(read_ring(*t, where, spec));
      if (std::string(key) == "aead") spec.aead.push_back(read_aead(*t, where, spec));
    }
  }
  if (spec.kem.empty() && spec.ring.empty() && spec.aead.empty())
    throw SpecError(
        fmt::format("{}: the spec needs a [kem], [ring] or [aead] table (nothing to measure)", origin));
  return spec;
}

SweepSpec load_sweep_spec(const std::string& path) {
  std::string text;
  try {
    text = read_bounded_file(path, max_spec_bytes, "sweep spec");
  } catch (const InputFileError& e) {
    throw SpecError(e.what());
  }
  return parse_sweep_spec(text, path);
}

}  // namespace pqmul::experiments
