#pragma once
// The one place JSON files from outside the process are parsed (results,
// claims.json, a sweep's state), with their nesting bounded.
#include <nlohmann/json.hpp>
#include <string>

namespace pqmul::experiments {

// Throws std::invalid_argument naming `origin` for malformed text and for
// nesting deeper than max_nesting_depth (input_limits.hpp).
nlohmann::json parse_json_text(const std::string& text, const std::string& origin);

}  // namespace pqmul::experiments
