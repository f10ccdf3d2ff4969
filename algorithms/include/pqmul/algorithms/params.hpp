#pragma once
// Multiplier parameters as written on the command line: "key=value;key=value"
// (semicolons, because point sets contain commas).
#include <cstddef>
#include <map>
#include <span>
#include <string>
#include <string_view>

namespace pqmul {

class Params {
 public:
  Params() = default;
  // Throws std::invalid_argument on a malformed list.
  static Params parse(std::string_view text);

  bool has(const std::string& key) const { return values_.contains(key); }
  std::string get(const std::string& key, const std::string& fallback) const;
  // Throws std::invalid_argument when the value is not a non-negative integer.
  std::size_t get_size(const std::string& key, std::size_t fallback) const;
  // Throws std::invalid_argument naming the first key not in `known`.
  void require_only(std::initializer_list<std::string_view> known) const {
    require_only(std::span<const std::string_view>(known.begin(), known.size()));
  }
  void require_only(std::span<const std::string_view> known) const;
  std::string to_string() const;  // canonical "k=v;k=v", sorted by key
  bool empty() const { return values_.empty(); }

 private:
  std::map<std::string, std::string> values_;
};

// A multiplier as KEMs, sweeps and the command line name it: "name" or
// "name:key=value;key=value" (e.g. "toom-k:points=0,1,-1,-2,inf;leaf=32").
struct MultiplierName {
  std::string name;    // before the first ':'
  std::string params;  // after it, unparsed; "" without a ':'
};
MultiplierName split_multiplier(std::string_view text);

}  // namespace pqmul
