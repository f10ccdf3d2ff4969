#include "json_text.hpp"

#include <fmt/format.h>

#include <stdexcept>

#include "pqmul/experiments/input_limits.hpp"

namespace pqmul::experiments {

nlohmann::json parse_json_text(const std::string& text, const std::string& origin) {
  // The parser reports each value with its depth as it reads it: a document
  // nesting too deep is stopped there, before its values are built.
  const auto bounded = [&](int depth, nlohmann::json::parse_event_t, nlohmann::json&) {
    if (depth > static_cast<int>(max_nesting_depth))
      throw std::invalid_argument(
          fmt::format("{}: arrays and objects nest more than the {} levels allowed", origin, max_nesting_depth));
    return true;
  };
  try {
    return nlohmann::json::parse(text, bounded);
  } catch (const nlohmann::json::exception& e) {
    throw std::invalid_argument(fmt::format("{}: malformed JSON: {}", origin, e.what()));
  }
}

}  // namespace pqmul::experiments
