#include "pqmul/experiments/lwc_kat.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <charconv>
#include <stdexcept>

#include "pqmul/experiments/input_limits.hpp"
#include "pqmul/schemes/common/input_files.hpp"

namespace pqmul::experiments {
namespace {

int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  return -1;
}

}  // namespace

LwcKat parse_lwc_kat(std::string_view text, const std::string& source) {
  LwcKat entries;
  LwcKat::mapped_type* entry = nullptr;  // the entry of the last count
  std::size_t number = 0;
  while (!text.empty()) {
    const std::size_t end = std::min(text.find('\n'), text.size());
    std::string_view line = text.substr(0, end);
    text.remove_prefix(std::min(end + 1, text.size()));
    ++number;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (line.empty()) continue;
    const auto fail = [&](const std::string& why) {
      throw std::runtime_error(fmt::format("{}:{}: {}", source, number, why));
    };
    const std::size_t equals = line.find(" =");
    if (equals == std::string_view::npos || equals == 0) fail("expected 'Name = value'");
    const std::string name(line.substr(0, equals));
    std::string_view value = line.substr(equals + 2);
    if (!value.empty() && value.front() == ' ') value.remove_prefix(1);
    if (name == "Count") {
      long count = 0;
      const auto [past, ec] = std::from_chars(value.data(), value.data() + value.size(), count);
      if (value.empty() || ec != std::errc() || past != value.data() + value.size() || count < 0)
        fail(fmt::format("the count '{}' is not a decimal number", value));
      if (entries.count(count)) fail(fmt::format("count {} is given twice", count));
      entry = &entries[count];
      continue;
    }
    if (entry == nullptr) fail(fmt::format("'{}' comes before the first count", name));
    if (entry->count(name)) fail(fmt::format("'{}' is given twice in one entry", name));
    if (value.size() % 2 != 0) fail(fmt::format("the value of '{}' is not pairs of hex digits", name));
    std::vector<std::uint8_t> bytes(value.size() / 2);
    for (std::size_t i = 0; i < bytes.size(); ++i) {
      const int high = hex_digit(value[2 * i]), low = hex_digit(value[2 * i + 1]);
      if (high < 0 || low < 0) fail(fmt::format("the value of '{}' is not pairs of hex digits", name));
      bytes[i] = static_cast<std::uint8_t>(high << 4 | low);
    }
    (*entry)[name] = std::move(bytes);
  }
  return entries;
}

LwcKat read_lwc_kat(const std::string& path) {
  return parse_lwc_kat(read_bounded_file(path, max_spec_bytes, "LWC known-answer file"), path);
}

}  // namespace pqmul::experiments
