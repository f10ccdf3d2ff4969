#pragma once
// Membership in a list of names, for the library's sources: one definition,
// since the unity build compiles several of them as one unit.
#include <algorithm>
#include <string>
#include <vector>

namespace pqmul::experiments {

inline bool contains(const std::vector<std::string>& names, const std::string& name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

}  // namespace pqmul::experiments
