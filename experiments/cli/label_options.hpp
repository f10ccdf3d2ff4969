#pragma once
// The label options `pqmul table` and `pqmul plot` share: a label spec file
// and VALUE=TEXT display names.
#include <CLI/CLI.hpp>
#include <string>
#include <vector>

#include "pqmul/experiments/labels.hpp"

namespace pqmul::cli {

struct LabelOptions {
  std::string spec;
  std::vector<std::string> terms;

  void add_to(CLI::App* cmd) {
    cmd->add_option("--labels", spec, "label spec: TOML [labels] \"toom4-k2\" = \"Toom-4 (K2)\", or CSV VALUE,TEXT")
        ->check(CLI::ExistingFile);
    cmd->add_option("--label", terms, "display name VALUE=TEXT or FIELD:VALUE=TEXT, e.g. isa:portable=Ref; repeatable");
  }
  // Throws std::invalid_argument for a malformed spec or term.
  experiments::LabelNames names() const {
    return experiments::with_label_terms(spec.empty() ? experiments::LabelNames{} : experiments::read_label_spec(spec),
                                         terms);
  }
};

}  // namespace pqmul::cli
