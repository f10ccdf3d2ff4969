// wipe.hpp: what each kind of object is cleared to, and that a scope clears
// what it names on every way out. (That the stores survive the optimiser is
// checked on the KEMs themselves: tests/security/secret_residue.cpp.)
#include <algorithm>
#include <array>
#include <catch2/catch.hpp>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <vector>

#include "pqmul/algorithms/wipe.hpp"

namespace pqmul_tests::algorithms_test_wipe {

namespace {

bool all_zero(const auto& range) {
  return std::all_of(std::begin(range), std::end(range), [](auto v) { return v == 0; });
}

// A type that says how it is cleared, as a multiplier's operand of vectors does.
struct OwnStorage {
  std::vector<std::uint32_t> residues = {7, 8, 9};
  int wiped = 0;
  void wipe() noexcept {
    pqmul::wipe(residues);
    ++wiped;
  }
};

}  // namespace

TEST_CASE("wipe clears plain objects, containers of them, optionals and self-describing types", "[wipe]") {
  std::array<std::uint16_t, 5> plain = {1, 2, 3, 4, 5};
  std::vector<std::uint64_t> heap(100, 0xFFFF'FFFF'FFFF'FFFFull);
  std::optional<std::array<std::uint8_t, 3>> engaged = std::array<std::uint8_t, 3>{9, 9, 9};
  std::vector<OwnStorage> nested(2);
  pqmul::wipe(plain);
  pqmul::wipe(heap);
  pqmul::wipe(engaged);
  pqmul::wipe(nested);
  CHECK(all_zero(plain));
  CHECK(heap.size() == 100);  // cleared, not released
  CHECK(all_zero(heap));
  REQUIRE(engaged.has_value());
  CHECK(all_zero(*engaged));
  for (const auto& n : nested) {
    CHECK(n.wiped == 1);
    CHECK(all_zero(n.residues));
  }
  std::array<std::uint8_t, 8> bytes;
  bytes.fill(0xAB);
  pqmul::wipe(std::span<std::uint8_t>(bytes).subspan(2, 4));  // a span clears what it views, no more
  CHECK(bytes == std::array<std::uint8_t, 8>{0xAB, 0xAB, 0, 0, 0, 0, 0xAB, 0xAB});
}

TEST_CASE("WipeOnExit clears on return and when an exception leaves the scope", "[wipe]") {
  std::array<std::uint8_t, 32> key;
  std::vector<std::int16_t> poly(256, -3);
  auto use = [&](bool fail) {
    key.fill(0x5C);
    std::fill(poly.begin(), poly.end(), -3);
    const pqmul::WipeOnExit wipe_secrets(key, poly);
    CHECK(key[0] == 0x5C);  // (untouched until the scope ends)
    if (fail) throw std::runtime_error("refused");
  };
  use(false);
  CHECK(all_zero(key));
  CHECK(all_zero(poly));
  CHECK_THROWS_AS(use(true), std::runtime_error);
  CHECK(all_zero(key));
  CHECK(all_zero(poly));
}

TEST_CASE("WipeUsedOnExit clears only what was used", "[wipe]") {
  std::array<int, 4> used = {1, 2, 3, 4}, unused = {5, 6, 7, 8};
  {
    const pqmul::WipeUsedOnExit wipe_used(&used, static_cast<std::array<int, 4>*>(nullptr));
  }
  CHECK(all_zero(used));
  CHECK(unused == std::array<int, 4>{5, 6, 7, 8});
}

TEST_CASE("SecretBytes is cleared before its storage is released, and a move leaves nothing behind", "[wipe]") {
  pqmul::SecretBytes a(16);
  std::fill(a.begin(), a.end(), std::uint8_t{0x77});
  const std::uint8_t* storage = a.data();
  pqmul::SecretBytes b(std::move(a));
  CHECK(b.data() == storage);  // the same storage, not a copy left in a
  CHECK(b.size() == 16);
  CHECK(b[15] == 0x77);
  std::span<const std::uint8_t> view = b;
  CHECK(view.size() == 16);
}

}  // namespace pqmul_tests::algorithms_test_wipe
