#include "utf8.hpp"

namespace pqmul::experiments {

std::size_t utf8_prefix_length(std::string_view text) {
  std::size_t i = 0;
  while (i < text.size()) {
    const auto lead = static_cast<unsigned char>(text[i]);
    if (lead < 0x80) {
      ++i;
      continue;
    }
    std::size_t length = 0;
    unsigned char low = 0x80, high = 0xbf;  // the range of the second byte
    if (lead >= 0xc2 && lead <= 0xdf) {
      length = 2;
    } else if (lead >= 0xe0 && lead <= 0xef) {
      length = 3;
      if (lead == 0xe0) low = 0xa0;   // shorter forms are overlong
      if (lead == 0xed) high = 0x9f;  // U+D800..U+DFFF are surrogates
    } else if (lead >= 0xf0 && lead <= 0xf4) {
      length = 4;
      if (lead == 0xf0) low = 0x90;   // overlong
      if (lead == 0xf4) high = 0x8f;  // past U+10FFFF
    } else {
      return i;
    }
    if (text.size() - i < length) return i;
    const auto second = static_cast<unsigned char>(text[i + 1]);
    if (second < low || second > high) return i;
    for (std::size_t k = 2; k < length; ++k)
      if ((static_cast<unsigned char>(text[i + k]) & 0xc0) != 0x80) return i;
    i += length;
  }
  return i;
}

}  // namespace pqmul::experiments
