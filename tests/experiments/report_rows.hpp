#pragma once
// A timed, correct row of a gcc build measured with the TSC, for the table
// and figure tests; each test adds what it varies.
#include <string>

#include "pqmul/experiments/row.hpp"

namespace pqmul::experiments::testing {

inline Row timed_row(const std::string& scheme, const std::string& operation, const std::string& multiplier,
                     const std::string& isa, double median) {
  Row r;
  r.scheme = scheme;
  r.parameter_set = scheme;
  r.operation = operation;
  r.multiplier = multiplier;
  r.isa = isa;
  r.compiler = "gcc";
  r.id = scheme + "/" + multiplier + "/" + isa;
  r.counter = "tsc";
  r.median = median;
  r.samples = 10;
  r.correct = "pass";
  return r;
}

}  // namespace pqmul::experiments::testing
