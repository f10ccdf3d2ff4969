// Locating the shipped data beside the installed binary or in the source tree.
#include "pqmul/experiments/data_paths.hpp"

#include <fmt/core.h>

#include <stdexcept>
#include <system_error>
#include <vector>

namespace pqmul::experiments {
namespace {

namespace fs = std::filesystem;

// The running binary's directory; empty where /proc is not mounted.
fs::path executable_dir() {
  std::error_code ec;
  const fs::path self = fs::read_symlink("/proc/self/exe", ec);
  return ec ? fs::path() : self.parent_path();
}

}  // namespace

DataLocation locate_data(const std::string& installed, const std::string& in_source) {
  std::vector<fs::path> candidates;
  if (const fs::path dir = executable_dir(); !dir.empty())
    candidates.push_back((dir / ".." / "share" / "pqmul" / installed).lexically_normal());
  candidates.push_back(fs::path(PQMUL_SOURCE_DIR) / in_source);
  DataLocation where;
  for (const auto& c : candidates) {
    if (!where.looked_in.empty()) where.looked_in += ", ";
    where.looked_in += c.string();
    std::error_code ec;
    where.path = c;
    if (fs::is_directory(c, ec)) {
      where.found = true;
      break;
    }
  }
  return where;
}

DataLocation vectors_location() { return locate_data("vectors", "tests/vectors"); }

DataLocation claims_location() { return locate_data("claims", "experiments/claims"); }

std::string kat_hashes_path(const std::string& explicit_path) {
  if (!explicit_path.empty()) return explicit_path;
  const DataLocation vectors = vectors_location();
  const fs::path file = vectors.path / "kem" / "KAT_HASHES.txt";
  std::error_code ec;
  if (!vectors.found || !fs::is_regular_file(file, ec))
    throw std::runtime_error(fmt::format(
        "cannot find the known-answer data (kem/KAT_HASHES.txt; looked in {}); pass --hashes FILE", vectors.looked_in));
  return file.string();
}

}  // namespace pqmul::experiments
