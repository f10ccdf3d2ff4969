// Parsing of "key=value;key=value" multiplier parameters.
#include "pqmul/algorithms/params.hpp"

#include <fmt/format.h>

#include <charconv>
#include <stdexcept>

namespace pqmul {
namespace {
std::string trim(std::string_view s) {
  const auto b = s.find_first_not_of(" \t"), e = s.find_last_not_of(" \t");
  return b == std::string_view::npos ? std::string{} : std::string(s.substr(b, e - b + 1));
}
}  // namespace

Params Params::parse(std::string_view text) {
  Params p;
  std::size_t start = 0;
  while (start <= text.size()) {
    auto end = text.find(';', start);
    if (end == std::string_view::npos) end = text.size();
    const std::string item = trim(text.substr(start, end - start));
    start = end + 1;
    if (item.empty()) continue;
    const auto eq = item.find('=');
    if (eq == std::string::npos || eq == 0)
      throw std::invalid_argument("malformed parameter '" + item + "' (expected key=value)");
    const std::string key = trim(item.substr(0, eq)), value = trim(item.substr(eq + 1));
    if (!p.values_.emplace(key, value).second) throw std::invalid_argument("parameter '" + key + "' given twice");
  }
  return p;
}

std::string Params::get(const std::string& key, const std::string& fallback) const {
  auto it = values_.find(key);
  return it == values_.end() ? fallback : it->second;
}

std::size_t Params::get_size(const std::string& key, std::size_t fallback) const {
  auto it = values_.find(key);
  if (it == values_.end()) return fallback;
  std::size_t v = 0;
  const auto& s = it->second;
  auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc{} || ptr != s.data() + s.size())
    throw std::invalid_argument("parameter " + key + "=" + s + " is not a non-negative integer");
  return v;
}

void Params::require_only(std::span<const std::string_view> known) const {
  for (const auto& [key, value] : values_) {
    bool ok = false;
    for (auto k : known) ok = ok || k == key;
    if (!ok)
      throw std::invalid_argument(fmt::format("unknown parameter '{}' (valid: {})", key,
                                              known.size() == 0 ? "none" : fmt::format("{}", fmt::join(known, ", "))));
  }
}

MultiplierName split_multiplier(std::string_view text) {
  const auto colon = text.find(':');
  if (colon == std::string_view::npos) return {std::string(text), ""};
  return {std::string(text.substr(0, colon)), std::string(text.substr(colon + 1))};
}

std::string Params::to_string() const {
  std::string s;
  for (const auto& [key, value] : values_) s += (s.empty() ? "" : ";") + key + "=" + value;
  return s;
}

}  // namespace pqmul
