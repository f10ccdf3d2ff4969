// TinyJAMBU evaluated entirely at compile time: for every variant, KAT
// entries of the official LWC_AEAD_KAT_*_96.txt files are checked by
// static_assert (encryption and decryption in constant expressions).
#include <catch2/catch.hpp>

#include "kat_support.hpp"

namespace pqmul_tests::tinyjambu_test_constexpr {

namespace {
using namespace pqmul::tinyjambu;
using tinyjambu_test::from_hex;
using tinyjambu_test::kat_entry;
using tinyjambu_test::kat_entry_opens;

// Count = 1 (empty PT, empty AD) and Count = 237 (PT 7 bytes, AD 5 bytes:
// full and partial blocks of both), copied from the shipped KAT files.
constexpr auto ct128_1 = from_hex<8>("ED7B37CC6E9BDC7B");
constexpr auto ct128_237 = from_hex<15>("10171C22F89A526D1558EC17B68AC6");
constexpr auto ct192_1 = from_hex<8>("44CA46642230F1C5");
constexpr auto ct192_237 = from_hex<15>("1428D7ABFE6D80E8A965DC54CDFA3F");
constexpr auto ct256_1 = from_hex<8>("19164F596E4FE8DD");
constexpr auto ct256_237 = from_hex<15>("7EEDD3B0A4CBECB83CC1146709457F");

template <class P, class Load, class Feedback>
constexpr bool matches(const std::array<std::uint8_t, 8>& ct1, const std::array<std::uint8_t, 15>& ct237) {
  using A = Aead<P, Load, Feedback>;
  return kat_entry<A, 0, 0>() == ct1 && kat_entry<A, 7, 5>() == ct237 && kat_entry_opens<A, 7, 5>(ct237);
}

// A tampered ciphertext must fail at compile time too.
template <class A>
constexpr bool rejects_flipped_bit(std::array<std::uint8_t, 15> sealed) {
  sealed[3] ^= 0x01;
  return !kat_entry_opens<A, 7, 5>(sealed);
}

static_assert(matches<Params128, ByteLoad, Nand>(ct128_1, ct128_237));
static_assert(matches<Params128, ByteLoad, AndInvertedKey>(ct128_1, ct128_237));
static_assert(matches<Params128, MemcpyLoad, Nand>(ct128_1, ct128_237));
static_assert(matches<Params128, MemcpyLoad, AndInvertedKey>(ct128_1, ct128_237));
static_assert(matches<Params192, ByteLoad, Nand>(ct192_1, ct192_237));
static_assert(matches<Params192, ByteLoad, AndInvertedKey>(ct192_1, ct192_237));
static_assert(matches<Params192, MemcpyLoad, Nand>(ct192_1, ct192_237));
static_assert(matches<Params192, MemcpyLoad, AndInvertedKey>(ct192_1, ct192_237));
static_assert(matches<Params256, ByteLoad, Nand>(ct256_1, ct256_237));
static_assert(matches<Params256, ByteLoad, AndInvertedKey>(ct256_1, ct256_237));
static_assert(matches<Params256, MemcpyLoad, Nand>(ct256_1, ct256_237));
static_assert(matches<Params256, MemcpyLoad, AndInvertedKey>(ct256_1, ct256_237));
static_assert(rejects_flipped_bit<TinyJambu128>(ct128_237));
static_assert(rejects_flipped_bit<TinyJambu256>(ct256_237));

}  // namespace

TEST_CASE("TinyJAMBU KAT entries hold at compile time and at run time", "[tinyjambu][constexpr]") {
  // The same functions at run time, where MemcpyLoad takes its memcpy path.
  CHECK(matches<Params128, MemcpyLoad, AndInvertedKey>(ct128_1, ct128_237));
  CHECK(matches<Params192, MemcpyLoad, Nand>(ct192_1, ct192_237));
  CHECK(matches<Params256, MemcpyLoad, AndInvertedKey>(ct256_1, ct256_237));
  CHECK(matches<Params256, ByteLoad, Nand>(ct256_1, ct256_237));
}

}  // namespace pqmul_tests::tinyjambu_test_constexpr
