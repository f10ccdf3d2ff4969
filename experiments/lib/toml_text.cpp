#include "toml_text.hpp"

#include <sstream>
#include <stdexcept>

namespace pqmul::experiments {

toml::value parse_toml_text(const std::string& text, const std::string& origin) {
  try {
    std::istringstream in(text);
    return toml::parse(in, origin);
  } catch (const std::exception& e) {
    throw std::invalid_argument(e.what());
  }
}

}  // namespace pqmul::experiments
