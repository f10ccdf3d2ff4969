#pragma once
// TinyJAMBU rows of `pqmul bench`: one row per (variant, operation), the
// variant named as the multiplier (<load>-<update>), correctness checked
// against the official LWC known-answer file of that key size.
#include <string>
#include <vector>

#include "pqmul/experiments/bench_plan.hpp"

namespace pqmul::experiments {

bool is_aead_scheme(const std::string& scheme);
std::vector<std::string> aead_scheme_names();
// The TinyJAMBU variants' names as `pqmul bench` takes them (<load>-<update>).
std::vector<std::string> aead_variant_names();
// `vectors_dir` holds tinyjambu/LWC_AEAD_KAT_<bits>_96.txt (lwc_kat.hpp); when the
// selection checks correctness, a missing or unreadable file throws InputFileError,
// a malformed one std::runtime_error.
void plan_aead(const BenchSelection& selection, const std::string& vectors_dir, std::vector<BenchCase>& cases);

}  // namespace pqmul::experiments
