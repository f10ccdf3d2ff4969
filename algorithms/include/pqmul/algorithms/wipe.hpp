#pragma once
// Clearing secrets when they go out of scope. A memset before an object's end
// of life is a dead store the optimiser may drop; the empty asm statement
// below takes the object's address and claims to read memory, so the stores
// must happen. `WipeOnExit` clears the objects it names when the scope ends,
// on every path out of it (return or exception).
//
// What can be wiped: trivially copyable objects (polynomials, byte arrays,
// the multipliers' plain operands), contiguous containers of them (vectors,
// arrays), optionals, and types that say how (a member `wipe()`).
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <iterator>
#include <memory>
#include <optional>
#include <ranges>
#include <span>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

namespace pqmul {

inline void wipe_bytes(void* data, std::size_t size) noexcept {
  if (size == 0) return;
  std::memset(data, 0, size);
  asm volatile("" : : "r"(data) : "memory");
}

template <class T>
void wipe(T& object) noexcept;

namespace detail {
template <class T>
concept WipesItself = requires(T& x) { x.wipe(); };
template <class T>
concept ContiguousOfPlain =
    std::ranges::contiguous_range<T> && std::is_trivially_copyable_v<std::ranges::range_value_t<T>>;
template <class T>
struct IsOptional : std::false_type {};
template <class T>
struct IsOptional<std::optional<T>> : std::true_type {};
}  // namespace detail

template <class T>
void wipe(T& object) noexcept {
  using U = std::remove_const_t<T>;
  U& x = const_cast<U&>(object);  // (a const secret is still cleared at its end)
  if constexpr (detail::WipesItself<U>) {
    x.wipe();
  } else if constexpr (detail::IsOptional<U>::value) {
    if (x.has_value()) wipe(*x);  // (the value, not the flag: it stays engaged)
  } else if constexpr (std::is_trivially_copyable_v<U>) {
    wipe_bytes(std::addressof(x), sizeof(U));
  } else if constexpr (detail::ContiguousOfPlain<U>) {
    wipe_bytes(std::ranges::data(x), std::ranges::size(x) * sizeof(std::ranges::range_value_t<U>));
  } else if constexpr (std::ranges::range<U>) {
    for (auto& item : x) wipe(item);
  } else if constexpr (std::is_assignable_v<U&, int>) {
    // A number type of its own storage (a big integer, of the variable-time
    // Kronecker multiplier, which secrets never reach): set to zero; limbs it
    // releases are not cleared.
    x = 0;
  } else {
    static_assert(sizeof(U) == 0, "no way to wipe this type: give it a wipe() member");
  }
}

// The bytes a span views (a secret held in a caller's buffer).
template <class T, std::size_t N>
void wipe(std::span<T, N> s) noexcept {
  static_assert(std::is_trivially_copyable_v<T>);
  wipe_bytes(s.data(), s.size_bytes());
}

template <class... T>
class [[nodiscard]] WipeOnExit {
 public:
  explicit WipeOnExit(T&... objects) noexcept : objects_(objects...) {}
  WipeOnExit(const WipeOnExit&) = delete;
  WipeOnExit& operator=(const WipeOnExit&) = delete;
  ~WipeOnExit() {
    std::apply([](auto&... o) { (wipe(o), ...); }, objects_);
  }

 private:
  std::tuple<T&...> objects_;
};

// A byte buffer that holds a secret (a key, a seed, a shared secret read or
// written by the CLI): cleared before its storage is released.
class SecretBytes {
 public:
  explicit SecretBytes(std::size_t size) : bytes_(size) {}
  explicit SecretBytes(std::vector<std::uint8_t>&& bytes) noexcept : bytes_(std::move(bytes)) {}
  SecretBytes(SecretBytes&&) noexcept = default;  // (the moved-from vector is left empty)
  SecretBytes(const SecretBytes&) = delete;
  SecretBytes& operator=(const SecretBytes&) = delete;
  ~SecretBytes() { wipe(bytes_); }
  std::uint8_t& operator[](std::size_t i) noexcept { return bytes_[i]; }
  std::uint8_t* data() noexcept { return bytes_.data(); }
  const std::uint8_t* data() const noexcept { return bytes_.data(); }
  std::size_t size() const noexcept { return bytes_.size(); }
  std::uint8_t* begin() noexcept { return bytes_.data(); }
  std::uint8_t* end() noexcept { return bytes_.data() + bytes_.size(); }
  const std::uint8_t* begin() const noexcept { return bytes_.data(); }
  const std::uint8_t* end() const noexcept { return bytes_.data() + bytes_.size(); }

 private:
  std::vector<std::uint8_t> bytes_;
};

// The same for objects a scope may or may not have used (null: nothing to clear).
template <class... T>
class [[nodiscard]] WipeUsedOnExit {
 public:
  explicit WipeUsedOnExit(T*... objects) noexcept : objects_(objects...) {}
  WipeUsedOnExit(const WipeUsedOnExit&) = delete;
  WipeUsedOnExit& operator=(const WipeUsedOnExit&) = delete;
  ~WipeUsedOnExit() {
    std::apply([](auto*... o) { ((o != nullptr ? wipe(*o) : void()), ...); }, objects_);
  }

 private:
  std::tuple<T*...> objects_;
};

}  // namespace pqmul
