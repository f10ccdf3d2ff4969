#pragma once
// What every fuzz target shares: the input as text, and the line between an
// input's expected refusal (an error of the type the entry point documents)
// and a finding (any other exception, an empty message, a broken invariant).
// Crashes, sanitizer reports, leaks, timeouts and memory past the limit are
// findings libFuzzer reports by itself.
#include <cxxabi.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <typeinfo>

namespace pqmul::fuzz {

inline std::string text_of(const std::uint8_t* data, std::size_t size) {
  return std::string(reinterpret_cast<const char*>(data), size);
}

// Stops the run: libFuzzer saves the input that led here as the reproducer.
[[noreturn]] inline void finding(std::string_view what) {
  std::fprintf(stderr, "\npqmul fuzz finding: %.*s\n", static_cast<int>(what.size()), what.data());
  std::abort();
}

// Reads a structured input front to back; past its end, bytes read as zero
// and byte strings come back short.
class InputReader {
 public:
  InputReader(const std::uint8_t* data, std::size_t size) : rest_(data, size) {}

  std::uint8_t byte() {
    if (rest_.empty()) return 0;
    const std::uint8_t b = rest_.front();
    rest_ = rest_.subspan(1);
    return b;
  }
  std::uint16_t u16() {  // little-endian
    const std::uint8_t low = byte();
    return static_cast<std::uint16_t>(low | byte() << 8);
  }
  std::span<const std::uint8_t> bytes(std::size_t n) {
    const auto taken = rest_.first(std::min(n, rest_.size()));
    rest_ = rest_.subspan(taken.size());
    return taken;
  }
  std::span<const std::uint8_t> rest() { return bytes(rest_.size()); }

 private:
  std::span<const std::uint8_t> rest_;
};

inline void require(bool holds, std::string_view what) {
  if (!holds) finding(what);
}

inline std::string type_name(const std::exception& e) {
  int status = 0;
  const std::unique_ptr<char, decltype(&std::free)> name(
      abi::__cxa_demangle(typeid(e).name(), nullptr, nullptr, &status), &std::free);
  return status == 0 && name ? std::string(name.get()) : std::string(typeid(e).name());
}

// Runs `body`: true when it completes, false when it refuses the input with
// one of the `Documented` error types (and a message saying why). Any other
// exception is a finding.
template <class... Documented, class Body>
bool completes(Body&& body) {
  try {
    body();
    return true;
  } catch (const std::exception& e) {
    if (!(... || (dynamic_cast<const Documented*>(&e) != nullptr)))
      finding("undocumented exception " + type_name(e) + ": " + e.what());
    require(*e.what() != '\0', "an error without a message, of type " + type_name(e));
    return false;
  } catch (...) {
    finding("an exception not derived from std::exception");
  }
}

}  // namespace pqmul::fuzz
