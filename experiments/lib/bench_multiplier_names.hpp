#pragma once
// Which of a KEM's registered multipliers a `pqmul bench` selection names.
#include <string>
#include <vector>

namespace pqmul::experiments {

// A bare name is the variant registered under that name (else the first
// registered variant of that name, noted); `params` = "p" makes it name:p,
// "all" every registered variant of the name (the expansion is noted). An
// explicit name:p is taken as given. No name (or "all") selects every
// registered entry. A name the scheme does not register is left out, noted
// if the scheme was named rather than selected by "all" (bench_plan.cpp
// refuses a name no selected scheme registers). `notes` may be null.
std::vector<std::string> selected_kem_multipliers(const std::vector<std::string>& wanted, const std::string& params,
                                                  const std::vector<std::string>& registered,
                                                  const std::string& scheme, bool scheme_named,
                                                  std::vector<std::string>* notes);

}  // namespace pqmul::experiments
