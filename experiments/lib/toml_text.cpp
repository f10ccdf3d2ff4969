#include "toml_text.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <sstream>
#include <stdexcept>

#include "pqmul/experiments/input_limits.hpp"
#include "utf8.hpp"

namespace pqmul::experiments {
namespace {

// Index of the last character of the string opened at text[open] (or of the
// text's end when it is not closed: the parser reports that).
std::size_t end_of_string(std::string_view text, std::size_t open) {
  const char quote = text[open];
  const bool multi_line = text.substr(open, 3) == std::string(3, quote);
  const std::size_t close_length = multi_line ? 3 : 1;
  for (std::size_t i = open + close_length; i < text.size(); ++i) {
    if (quote == '"' && text[i] == '\\') {
      ++i;  // an escaped character, a quote say, does not close the string
      continue;
    }
    if (!multi_line && text[i] == '\n') return i;
    if (text.substr(i, close_length) == std::string(close_length, quote)) return i + close_length - 1;
  }
  return text.size();
}

}  // namespace

std::size_t toml_nesting_depth(std::string_view text) {
  std::size_t depth = 0, deepest = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char ch = text[i];
    if (ch == '#') {
      i = std::min(text.find('\n', i), text.size());
    } else if (ch == '"' || ch == '\'') {
      i = end_of_string(text, i);
    } else if (ch == '[' || ch == '{') {
      deepest = std::max(deepest, ++depth);
    } else if ((ch == ']' || ch == '}') && depth > 0) {
      --depth;
    }
  }
  return deepest;
}

toml::value parse_toml_text(const std::string& text, const std::string& origin) {
  // TOML documents are UTF-8; toml11 3.7 reads past its buffer when it reports
  // a literal string that is not (a 'quoted' byte 0xff, say).
  if (const std::size_t valid = utf8_prefix_length(text); valid != text.size())
    throw std::invalid_argument(fmt::format("{}: not UTF-8 text (byte {} of the file)", origin, valid + 1));
  if (const std::size_t depth = toml_nesting_depth(text); depth > max_nesting_depth)
    throw std::invalid_argument(
        fmt::format("{}: arrays and tables nest {} deep, more than the {} allowed", origin, depth, max_nesting_depth));
  try {
    std::istringstream in(text);
    return toml::parse(in, origin);
  } catch (const std::exception& e) {
    throw std::invalid_argument(e.what());
  }
}

}  // namespace pqmul::experiments
