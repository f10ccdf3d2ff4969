#pragma once
// The one place TOML text is parsed (sweep specs, claims, label files, paper
// figures). toml11's parser is a large template: instantiating it in a single
// translation unit keeps every other file that reads TOML values cheap to build.
#include <cstddef>
#include <string>
#include <string_view>
#include <toml.hpp>

namespace pqmul::experiments {

// Parses `text`; `origin` names it in messages. Syntax errors, and nesting
// deeper than max_nesting_depth (input_limits.hpp), become
// std::invalid_argument carrying toml11's message (line and column).
toml::value parse_toml_text(const std::string& text, const std::string& origin);

// Deepest nesting of arrays and tables in TOML text, brackets inside strings
// and comments not counted; found without parsing.
std::size_t toml_nesting_depth(std::string_view text);

}  // namespace pqmul::experiments
