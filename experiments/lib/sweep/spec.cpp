// Reading a sweep spec with toml11: every key is known, every value has the
// expected type and spelling, and each error points at the offending line.
#include <fmt/format.h>

#include <algorithm>
#include <fstream>
#include <sstream>
#include <string_view>
#include <toml.hpp>

#include "pqmul/experiments/sweep_spec.hpp"

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

// A string or an array of strings; each must be one of `allowed` unless that
// is empty. Duplicates are refused: they would only repeat rows.
Strings strings(const toml::value& v, const std::string& key, const Strings& allowed = {},
                const Strings& also_allowed = {}) {
  Strings out;
  auto take = [&](const toml::value& item) {
    if (!item.is_string()) fail(item, fmt::format("'{}' must be a string or an array of strings", key), "not a string");
    const std::string s = item.as_string().str;
    if (!allowed.empty() && std::find(allowed.begin(), allowed.end(), s) == allowed.end() &&
        std::find(also_allowed.begin(), also_allowed.end(), s) == also_allowed.end()) {
      Strings valid = allowed;
      valid.insert(valid.end(), also_allowed.begin(), also_allowed.end());
      fail(item, fmt::format("'{}' is not a valid entry of '{}' (valid: {})", s, key, fmt::join(valid, ", ")),
           "unknown name");
    }
    if (std::find(out.begin(), out.end(), s) != out.end())
      fail(item, fmt::format("'{}' is listed twice in '{}'", s, key), "duplicate");
    out.push_back(s);
  };
  if (v.is_array()) {
    for (const auto& item : v.as_array()) take(item);
  } else {
    take(v);
  }
  if (out.empty()) fail(v, fmt::format("'{}' must name at least one entry", key), "empty");
  return out;
}

std::size_t positive(const toml::value& v, const std::string& key, std::size_t max) {
  if (!v.is_integer()) fail(v, fmt::format("'{}' must be an integer", key), "not an integer");
  const auto n = v.as_integer();
  if (n < 1 || static_cast<unsigned long long>(n) > max)
    fail(v, fmt::format("'{}' must be between 1 and {}", key, max), "out of range");
  return static_cast<std::size_t>(n);
}

std::string text(const toml::value& v, const std::string& key) {
  if (!v.is_string()) fail(v, fmt::format("'{}' must be a string", key), "not a string");
  return v.as_string().str;
}

std::vector<bool> booleans(const toml::value& v, const std::string& key) {
  std::vector<bool> out;
  auto take = [&](const toml::value& item) {
    if (!item.is_boolean())
      fail(item, fmt::format("'{}' must be true, false or an array of them", key), "not a boolean");
    if (std::find(out.begin(), out.end(), item.as_boolean()) != out.end())
      fail(item, fmt::format("'{}' lists {} twice", key, item.as_boolean()), "duplicate");
    out.push_back(item.as_boolean());
  };
  if (v.is_array()) {
    for (const auto& item : v.as_array()) take(item);
  } else {
    take(v);
  }
  if (out.empty()) fail(v, fmt::format("'{}' must name at least one entry", key), "empty");
  return out;
}

const toml::value& table(const toml::value& v, const std::string& key) {
  if (!v.is_table()) fail(v, fmt::format("'{}' must be a table ([{}])", key, key), "not a table");
  return v;
}

void read_kem(const toml::value& t, KemSection& kem) {
  check_keys(t, "[kem]", {"schemes", "multipliers", "strategies", "operations"});
  const auto& m = t.as_table();
  if (!m.count("schemes")) fail(t, "[kem] needs 'schemes'", "no schemes");
  kem.schemes = strings(m.at("schemes"), "kem.schemes");
  if (m.count("multipliers")) kem.multipliers = strings(m.at("multipliers"), "kem.multipliers");
  if (m.count("strategies"))
    kem.strategies = strings(m.at("strategies"), "kem.strategies", {"eager", "lazy", "cached"}, {"default", "all"});
  if (m.count("operations")) kem.operations = strings(m.at("operations"), "kem.operations", kem_operations());
}

void read_ring(const toml::value& t, RingSection& ring) {
  check_keys(t, "[ring]", {"rings", "multipliers", "strategies", "operations", "rank", "trials"});
  const auto& m = t.as_table();
  if (!m.count("rings")) fail(t, "[ring] needs 'rings'", "no rings");
  ring.rings = strings(m.at("rings"), "ring.rings");
  if (m.count("multipliers")) ring.multipliers = strings(m.at("multipliers"), "ring.multipliers");
  if (m.count("strategies"))
    ring.strategies = strings(m.at("strategies"), "ring.strategies", {"eager", "lazy", "cached"}, {"all"});
  if (m.count("operations")) ring.operations = strings(m.at("operations"), "ring.operations", ring_operations());
  if (m.count("rank")) ring.rank = positive(m.at("rank"), "ring.rank", 5);
  if (m.count("trials")) ring.trials = positive(m.at("trials"), "ring.trials", 1000);
}

}  // namespace

SweepSpec parse_sweep_spec(const std::string& source, const std::string& origin) {
  toml::value root;
  try {
    std::istringstream in(source);
    root = toml::parse(in, origin);
  } catch (const toml::exception& e) {
    throw SpecError(e.what());
  }
  SweepSpec spec;
  check_keys(root, "the spec", {"name", "description", "compilers", "compiler_commands", "architectures",
                                "vectorize", "isas", "samples", "counter", "kem", "ring"});
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
  if (m.count("samples")) spec.samples = positive(m.at("samples"), "samples", 10'000'000);
  if (m.count("counter")) spec.counter = text(m.at("counter"), "counter");
  if (m.count("kem")) {
    read_kem(table(m.at("kem"), "kem"), spec.kem);
    spec.has_kem = true;
  }
  if (m.count("ring")) {
    read_ring(table(m.at("ring"), "ring"), spec.ring);
    spec.has_ring = true;
  }
  if (!spec.has_kem && !spec.has_ring)
    throw SpecError(fmt::format("{}: the spec needs a [kem] or a [ring] table (nothing to measure)", origin));
  return spec;
}

SweepSpec load_sweep_spec(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw SpecError(fmt::format("cannot read the sweep spec '{}'", path));
  std::ostringstream text;
  text << in.rdbuf();
  return parse_sweep_spec(text.str(), path);
}

}  // namespace pqmul::experiments
