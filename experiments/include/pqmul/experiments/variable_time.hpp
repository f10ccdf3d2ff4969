#pragma once
// Which multipliers run in time that depends on their operands, so must not
// touch secrets: keygen, encaps, decaps, seal and open refuse them unless
// asked (--allow-variable-time); kat, check and bench run them and say so.
// The multiplier registry decides (RegistryEntry::variable_time: the
// Kronecker oracle, one big-integer product whose limb count and carry chains
// follow the operands).
#include <string_view>

namespace pqmul::experiments {

// `target`: a ring of the multiplier registry or a KEM scheme (its ring is
// looked up); `multiplier`: "name" or "name:params". False for names neither
// registry knows (TinyJAMBU's variants, say).
bool runs_in_variable_time(std::string_view target, std::string_view multiplier);

// One line for the commands that keep such multipliers.
inline constexpr std::string_view variable_time_note = "variable-time multiplier: for tests, never for secrets";

}  // namespace pqmul::experiments
