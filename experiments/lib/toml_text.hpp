#pragma once
// The one place TOML text is parsed (sweep specs, claims, label files, paper
// figures). toml11's parser is a large template: instantiating it in a single
// translation unit keeps every other file that reads TOML values cheap to build.
#include <string>
#include <toml.hpp>

namespace pqmul::experiments {

// Parses `text`; `origin` names it in messages. Syntax errors become
// std::invalid_argument carrying toml11's message (line and column).
toml::value parse_toml_text(const std::string& text, const std::string& origin);

}  // namespace pqmul::experiments
