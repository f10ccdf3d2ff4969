#pragma once
// The selection of bench cases as the CLI takes it (--scheme, --ring,
// --multiplier, --params, --strategy, --isa, --ops, --rank), shared by the
// commands that plan bench cases: pqmul bench, pqmul model and the probe it
// runs on the target build.
#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "pqmul/experiments/bench_plan.hpp"

namespace pqmul::cli {

struct SelectionText {
  std::string schemes, rings, multipliers, params, strategies, isas, ops;
  std::size_t rank = 3;

  // The selection, unchecked (callers that check add the known answers).
  experiments::BenchSelection selection() const {
    experiments::BenchSelection s;
    s.schemes = experiments::split_list(schemes);
    s.rings = experiments::split_list(rings);
    s.multipliers = experiments::split_multiplier_list(multipliers);
    s.params = params;
    s.strategies = experiments::split_list(strategies);
    s.isas = experiments::split_list(isas);
    s.operations = experiments::split_list(ops);
    s.rank = rank;
    s.check = false;
    return s;
  }

  // The same selection as command-line arguments (to hand to another process).
  std::vector<std::string> arguments() const {
    std::vector<std::string> out;
    const std::pair<const char*, const std::string*> text[] = {
        {"--scheme", &schemes}, {"--ring", &rings},          {"--multiplier", &multipliers},
        {"--params", &params},  {"--strategy", &strategies}, {"--isa", &isas},
        {"--ops", &ops}};
    for (const auto& [flag, value] : text)
      if (!value->empty()) {
        out.push_back(flag);
        out.push_back(*value);
      }
    out.push_back("--rank");
    out.push_back(std::to_string(rank));
    return out;
  }
};

}  // namespace pqmul::cli
