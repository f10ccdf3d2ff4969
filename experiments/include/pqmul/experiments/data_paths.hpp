#pragma once
// Where pqmul finds the data it ships with: the official test vectors (KAT
// digests, .rsp files, TinyJAMBU known answers) and the claim specs. A binary
// installed by `cmake --install` reads <prefix>/share/pqmul/...; a binary in a
// build tree reads its own source tree. Nothing outside those is consulted.
#include <filesystem>
#include <string>

namespace pqmul::experiments {

struct DataLocation {
  std::filesystem::path path;  // the first candidate that exists, else the last one looked at
  bool found = false;
  std::string looked_in;  // the candidates, for error messages
};

// `installed` is relative to <prefix>/share/pqmul, `in_source` to the source tree.
DataLocation locate_data(const std::string& installed, const std::string& in_source);

DataLocation vectors_location();  // tests/vectors
DataLocation claims_location();   // experiments/claims

// The published KAT digests: `explicit_path` when given, else the shipped file;
// throws std::runtime_error with one line naming where it looked.
std::string kat_hashes_path(const std::string& explicit_path = "");

}  // namespace pqmul::experiments
