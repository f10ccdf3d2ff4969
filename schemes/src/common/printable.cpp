#include "pqmul/schemes/common/printable.hpp"

#include <cstdio>

namespace pqmul {
namespace {

void append_escape(std::string& out, unsigned char byte) {
  char escape[5];
  std::snprintf(escape, sizeof escape, "\\x%02x", byte);
  out += escape;
}

// Length of the well-formed UTF-8 sequence at text[i] that is not a C1 control
// character (U+0080..U+009F, which terminals obey like ESC sequences), or 0.
std::size_t printable_utf8_length(std::string_view text, std::size_t i) {
  const auto lead = static_cast<unsigned char>(text[i]);
  const std::size_t length = lead >= 0xf0 && lead < 0xf5 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc2 && lead < 0xe0 ? 2 : 0;
  if (length == 0 || i + length > text.size()) return 0;
  for (std::size_t k = 1; k < length; ++k)
    if ((static_cast<unsigned char>(text[i + k]) & 0xc0) != 0x80) return 0;
  if (lead == 0xc2 && static_cast<unsigned char>(text[i + 1]) < 0xa0) return 0;
  return length;
}

}  // namespace

std::string printable(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    const auto byte = static_cast<unsigned char>(text[i]);
    if (byte >= 0x80) {
      if (const std::size_t n = printable_utf8_length(text, i)) {
        out.append(text.substr(i, n));
        i += n;
      } else {
        append_escape(out, byte);
        ++i;
      }
      continue;
    }
    ++i;
    if (byte >= 0x20 && byte != 0x7f) {
      out += static_cast<char>(byte);
      continue;
    }
    switch (byte) {
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\t':
        out += "\\t";
        break;
      case 0x1b:
        out += "\\e";
        break;
      default:
        append_escape(out, byte);
    }
  }
  return out;
}

}  // namespace pqmul
