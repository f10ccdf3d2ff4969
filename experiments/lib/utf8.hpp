#pragma once
// Well-formed UTF-8 (RFC 3629: no overlong forms, surrogates or code points
// past U+10FFFF), which TOML requires of a whole document and JSON of every
// string.
#include <cstddef>
#include <string_view>

namespace pqmul::experiments {

// Length of the longest well-formed prefix of `text`: text.size() when all of it is.
std::size_t utf8_prefix_length(std::string_view text);

inline bool is_utf8(std::string_view text) { return utf8_prefix_length(text) == text.size(); }

}  // namespace pqmul::experiments
