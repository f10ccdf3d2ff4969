#pragma once
// Options shared by the commands that pick a multiplier by name.
#include <CLI/CLI.hpp>
#include <string>

#include "numeric_options.hpp"
#include "pqmul/algorithms/registry.hpp"

namespace pqmul::cli {

struct MultiplierChoice {
  std::string ring;
  std::string multiplier;
  std::string params;
  std::string strategy;
  std::string isa;
  std::size_t rank = 0;

  void add_to(CLI::App& cmd, bool allow_all) {
    const std::string all = allow_all ? " (or 'all')" : "";
    cmd.add_option("--ring", ring, "ring: kyber, saber, saber-p, ntru-..." + all)->required();
    cmd.add_option("--multiplier", multiplier, "multiplier name" + all)->required();
    cmd.add_option("--params", params, "multiplier parameters, key=value;key=value");
    cmd.add_option("--strategy", strategy, "eager, lazy or cached" + all);
    cmd.add_option("--rank", rank, "module rank L (0: one product)")->check(whole_in(0, max_rank));
    cmd.add_option("--isa", isa,
                   "portable, avx2, avx512 or neon (default: the best this CPU runs" +
                       std::string(allow_all ? "; 'all': every ISA it runs)" : ")"));
  }
};

}  // namespace pqmul::cli
