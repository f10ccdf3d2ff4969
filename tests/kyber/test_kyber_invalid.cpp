// Input checks and implicit rejection: malformed keys (FIPS 203 modulus and
// hash checks), wrong lengths, modified ciphertexts; and a source scan for
// divisions by q (KyberSlash).
#include <catch2/catch.hpp>

#include <filesystem>
#include <cctype>
#include <sstream>

#include "kyber_test_util.hpp"
#include "pqmul/algorithms/isa.hpp"
#include "pqmul/schemes/common/keccak.hpp"
#include "pqmul/schemes/kem.hpp"
#include "../common/isa_gate.hpp"

namespace pqmul_tests::kyber_test_kyber_invalid {

using namespace pqmul;

namespace {

struct Keys {
  std::vector<std::uint8_t> ek, dk, ct, ss;
};

Keys make_keys(const kyber::KyberKem& kem, std::uint64_t seed) {
  test::TestPrng prng(seed);
  Keys k{std::vector<std::uint8_t>(kem.public_key_bytes()), std::vector<std::uint8_t>(kem.secret_key_bytes()),
         std::vector<std::uint8_t>(kem.ciphertext_bytes()), std::vector<std::uint8_t>(32)};
  const auto d = prng.bytes(32), z = prng.bytes(32), m = prng.bytes(32);
  kem.keygen_internal(test::fixed<32>(d), test::fixed<32>(z), k.ek, k.dk);
  kem.encaps_internal(k.ct, k.ss, k.ek, test::fixed<32>(m));
  return k;
}

// Sets 12-bit coefficient `index` of the encoded t^ to `value`.
void set_coefficient(std::vector<std::uint8_t>& ek, std::size_t index, std::uint32_t value) {
  for (unsigned bit = 0; bit < 12; ++bit) {
    const std::size_t b = 12 * index + bit;
    ek[b / 8] = static_cast<std::uint8_t>((ek[b / 8] & ~(1u << (b % 8))) | (((value >> bit) & 1u) << (b % 8)));
  }
}

std::uint32_t get_coefficient(const std::vector<std::uint8_t>& ek, std::size_t index) {
  std::uint32_t value = 0;
  for (unsigned bit = 0; bit < 12; ++bit) {
    const std::size_t b = 12 * index + bit;
    value |= ((ek[b / 8] >> (b % 8)) & 1u) << bit;
  }
  return value;
}

// The key decapsulation must return for a ciphertext it rejects.
std::vector<std::uint8_t> rejection_key(const kyber::KyberKem& kem, const std::vector<std::uint8_t>& dk,
                                        const std::vector<std::uint8_t>& ct) {
  const auto z = std::span(dk).last(32);
  std::vector<std::uint8_t> out(32);
  keccak::Shake256 x;
  x.absorb(z);
  if (kem.version() == kyber::Version::fips203) {
    x.absorb(ct);  // J(z || c)
  } else {
    const auto h = keccak::sha3_256(ct);  // KDF(z || H(c))
    x.absorb(h);
  }
  x.squeeze(out);
  return out;
}

}  // namespace

TEST_CASE("ML-KEM refuses an encapsulation key with a coefficient >= q; round 3 reduces it", "[kyber][invalid]") {
  for (const auto& scheme : kyber::kyber_scheme_names()) {
    const auto kem = kyber::make_kyber_kem(scheme, "ntt");
    const auto keys = make_keys(*kem, 1);
    const std::size_t coefficients = (kem->public_key_bytes() - 32) * 8 / 12;
    std::size_t round3_checked = 0;
    for (std::size_t index = 0; index < coefficients; index += (index < 8 ? 1 : 97)) {
      for (std::uint32_t value : {3329u, 3330u, 4095u}) {
        INFO(scheme << " coefficient " << index << " = " << value);
        auto ek = keys.ek;
        set_coefficient(ek, index, value);
        std::vector<std::uint8_t> ct(kem->ciphertext_bytes()), ss(32), m(32, 7);
        if (kem->version() == kyber::Version::fips203) {
          CHECK_THROWS_AS(kem->encaps_internal(ct, ss, ek, test::fixed<32>(m)), InvalidInput);
        } else {
          // The round-3 reference has no modulus check: it decodes 12-bit
          // values and computes with them mod q. The same key written with
          // the coefficient c + q (c its value in the key) still works: a
          // ciphertext made with it decapsulates with a key pair holding it.
          const std::uint32_t original = get_coefficient(keys.ek, index);
          if (original + 3329 > 4095) continue;
          ek = keys.ek;
          set_coefficient(ek, index, original + 3329);
          kem->encaps_internal(ct, ss, ek, test::fixed<32>(m));
          auto dk = keys.dk;
          const std::size_t dk_pke = dk.size() - ek.size() - 64;
          std::copy(ek.begin(), ek.end(), dk.begin() + static_cast<std::ptrdiff_t>(dk_pke));
          const auto h = keccak::sha3_256(ek);
          std::copy(h.begin(), h.end(), dk.begin() + static_cast<std::ptrdiff_t>(dk_pke + ek.size()));
          std::vector<std::uint8_t> ss2(32);
          kem->decaps(ss2, ct, dk);
          CHECK(ss2 == ss);
          ++round3_checked;
        }
      }
    }
    if (kem->version() == kyber::Version::round3) CHECK(round3_checked > 0);
  }
}

TEST_CASE("ML-KEM refuses a decapsulation key that fails the hash check", "[kyber][invalid]") {
  for (const auto& scheme : test::ml_kem_sets()) {
    const auto kem = kyber::make_kyber_kem(scheme, "ntt");
    const auto keys = make_keys(*kem, 2);
    const std::size_t k = (kem->public_key_bytes() - 32) / 384;
    std::vector<std::uint8_t> ss(32);
    auto dk = keys.dk;
    dk[768 * k + 32] ^= 1;  // first byte of H(ek)
    CHECK_THROWS_AS(kem->decaps(ss, keys.ct, dk), InvalidInput);
    dk = keys.dk;
    dk[384 * k + 5] ^= 0x80;  // the copy of ek no longer matches H(ek)
    CHECK_THROWS_AS(kem->decaps(ss, keys.ct, dk), InvalidInput);
    dk = keys.dk;
    dk[768 * k + 63] ^= 0x01;  // last byte of H(ek)
    CHECK_THROWS_AS(kem->decaps(ss, keys.ct, dk), InvalidInput);
    kem->decaps(ss, keys.ct, keys.dk);
    CHECK(ss == keys.ss);
  }
}

TEST_CASE("key checks on their own: the same verdicts; checked-key calls give the same bytes", "[kyber][invalid]") {
  // A deterministic source, so two encapsulations draw the same coins.
  struct Counter final : RandomSource {
    std::uint8_t next = 0;
    void fill(std::span<std::uint8_t> out) override {
      for (auto& b : out) b = next++;
    }
  };
  for (const auto& scheme : kyber::kyber_scheme_names()) {
    INFO(scheme);
    const auto kem = kyber::make_kyber_kem(scheme, "ntt");
    const auto keys = make_keys(*kem, 3);
    const std::size_t k = (kem->public_key_bytes() - 32) / 384;
    CHECK_NOTHROW(kem->check_public_key(keys.ek));
    CHECK_NOTHROW(kem->check_secret_key(keys.dk));
    auto bad_ek = keys.ek;
    set_coefficient(bad_ek, 5, 4095);
    auto bad_dk = keys.dk;
    bad_dk[768 * k + 40] ^= 4;  // inside H(ek)
    if (kem->version() == kyber::Version::fips203) {
      CHECK_THROWS_AS(kem->check_public_key(bad_ek), InvalidInput);
      CHECK_THROWS_AS(kem->check_secret_key(bad_dk), InvalidInput);
    } else {
      CHECK_NOTHROW(kem->check_public_key(bad_ek));  // round 3 checks lengths only
      CHECK_NOTHROW(kem->check_secret_key(bad_dk));
    }
    CHECK_THROWS_AS(kem->check_public_key(std::span(keys.ek).first(keys.ek.size() - 1)), InvalidInput);
    CHECK_THROWS_AS(kem->check_secret_key(std::span(keys.dk).first(keys.dk.size() - 1)), InvalidInput);

    std::vector<std::uint8_t> ct1(kem->ciphertext_bytes()), ct2(ct1.size()), ss1(32), ss2(32), ss3(32), ss4(32);
    Counter r1, r2;
    kem->encaps(ct1, ss1, keys.ek, r1);
    kem->encaps_checked_key(ct2, ss2, keys.ek, r2);
    CHECK(ct1 == ct2);
    CHECK(ss1 == ss2);
    kem->decaps(ss3, ct1, keys.dk);
    kem->decaps_checked_key(ss4, ct1, keys.dk);
    CHECK(ss3 == ss1);
    CHECK(ss4 == ss1);
    // Lengths are still checked by the checked-key calls.
    CHECK_THROWS_AS(kem->decaps_checked_key(ss4, std::span(ct1).first(ct1.size() - 1), keys.dk), InvalidInput);
  }
}

TEST_CASE("wrong lengths are refused everywhere", "[kyber][invalid]") {
  for (const auto& scheme : kyber::kyber_scheme_names()) {
    INFO(scheme);
    const auto kem = kyber::make_kyber_kem(scheme, "ntt");
    const auto keys = make_keys(*kem, 3);
    auto longer = [](std::vector<std::uint8_t> v) { v.push_back(0); return v; };
    auto shorter = [](std::vector<std::uint8_t> v) { v.pop_back(); return v; };
    std::vector<std::uint8_t> ct(kem->ciphertext_bytes()), ss(32), m(32);
    for (const auto& ek : {longer(keys.ek), shorter(keys.ek), std::vector<std::uint8_t>{}})
      CHECK_THROWS_AS(kem->encaps_internal(ct, ss, ek, test::fixed<32>(m)), InvalidInput);
    for (const auto& bad_ct : {longer(keys.ct), shorter(keys.ct)})
      CHECK_THROWS_AS(kem->decaps(ss, bad_ct, keys.dk), InvalidInput);
    for (const auto& dk : {longer(keys.dk), shorter(keys.dk)})
      CHECK_THROWS_AS(kem->decaps(ss, keys.ct, dk), InvalidInput);
    std::vector<std::uint8_t> small_ss(31), small_ct(kem->ciphertext_bytes() - 1);
    CHECK_THROWS_AS(kem->decaps(small_ss, keys.ct, keys.dk), InvalidInput);
    CHECK_THROWS_AS(kem->encaps_internal(small_ct, ss, keys.ek, test::fixed<32>(m)), InvalidInput);
    std::vector<std::uint8_t> ek(kem->public_key_bytes() + 1), dk(kem->secret_key_bytes());
    CHECK_THROWS_AS(kem->keygen_internal(test::fixed<32>(m), test::fixed<32>(m), ek, dk), InvalidInput);
  }
}

TEST_CASE("a modified ciphertext yields the implicit-rejection key", "[kyber][invalid]") {
  for (const auto& scheme : kyber::kyber_scheme_names())
    for (const std::string m : {"ntt", "toom4-k2"}) {
      const auto kem = kyber::make_kyber_kem(scheme, m);
      const auto keys = make_keys(*kem, 4);
      const std::size_t n = keys.ct.size();
      // Positions in c1 (first, middle) and in c2 (first, last byte).
      const std::size_t c1 = n - 32 * (n == 1568 ? 5 : 4);
      for (std::size_t pos : {std::size_t{0}, c1 / 2, c1, n - 1})
        for (std::uint8_t flip : {std::uint8_t{0x01}, std::uint8_t{0x80}}) {
          INFO(scheme << " " << m << " byte " << pos << " ^ " << int(flip));
          auto ct = keys.ct;
          ct[pos] ^= flip;
          std::vector<std::uint8_t> ss(32);
          kem->decaps(ss, ct, keys.dk);
          CHECK(ss == rejection_key(*kem, keys.dk, ct));
          CHECK(ss != keys.ss);
        }
      // The rejection key depends on z: a different z gives a different key.
      auto dk = keys.dk, ct = keys.ct;
      ct[0] ^= 1;
      dk.back() ^= 1;
      std::vector<std::uint8_t> a(32), b(32);
      kem->decaps(a, ct, keys.dk);
      kem->decaps(b, ct, dk);
      CHECK(a != b);
    }
}

TEST_CASE("a modified ciphertext yields the implicit-rejection key on every SIMD version", "[kyber][invalid]") {
  pqmul::test::skip_unless_any_runs({pqmul::Isa::avx2, pqmul::Isa::avx512, pqmul::Isa::neon});
  // The SIMD versions hash differently (round 3 derives both candidate keys
  // on the Keccak lanes and chooses one): the same keys as the definition.
  std::size_t checked = 0, expected = 0;
  for (const auto& e : kyber_kem_entries())
    for (const Isa isa : e.simd_isas ? e.simd_isas("ntt") : std::vector<Isa>{}) {
      if (!isa_available(isa)) continue;
      expected += 2;
      const auto kem = e.make_for("ntt", Strategy::cached, isa);
      const auto portable = kyber::make_kyber_kem(e.scheme, "ntt");
      const auto keys = make_keys(*portable, 5);
      for (std::size_t pos : {std::size_t{0}, keys.ct.size() - 1}) {
        INFO(e.scheme << " " << isa_name(isa) << " byte " << pos);
        auto ct = keys.ct;
        ct[pos] ^= 0x10;
        std::vector<std::uint8_t> ss(32);
        kem->decaps(ss, ct, keys.dk);
        CHECK(ss == rejection_key(*portable, keys.dk, ct));
        kem->decaps(ss, keys.ct, keys.dk);
        CHECK(ss == keys.ss);
        ++checked;
      }
    }
  CHECK(checked == expected);
  if (isa_available(Isa::avx2) || isa_available(Isa::neon)) CHECK(checked >= 12);
}

TEST_CASE("random key pairs agree with every multiplier", "[kyber][roundtrip]") {
  SystemRandom rng;
  for (const auto& scheme : kyber::kyber_scheme_names())
    for (const auto& m : kyber::kyber_multiplier_names()) {
      INFO(scheme << " " << m);
      const auto kem = kyber::make_kyber_kem(scheme, m);
      std::vector<std::uint8_t> pk(kem->public_key_bytes()), sk(kem->secret_key_bytes()),
          ct(kem->ciphertext_bytes()), ss(32), ss2(32);
      kem->keypair(pk, sk, rng);
      kem->encaps(ct, ss, pk, rng);
      kem->decaps(ss2, ct, sk);
      CHECK(ss == ss2);
    }
}

TEST_CASE("unknown names are refused with the valid choices", "[kyber][invalid]") {
  CHECK_THROWS_WITH(kyber::make_kyber_kem("kyber999", "ntt"), Catch::Contains("ml-kem-768"));
  CHECK_THROWS_WITH(kyber::make_kyber_kem("ml-kem-768", "fft"), Catch::Contains("karatsuba"));
  CHECK_THROWS_AS(kyber::make_kyber_kem("ml-kem-768", "toom-k:points=0,1"), std::invalid_argument);
  const auto kem = kyber::make_kyber_kem("ml-kem-768", "toom-k:points=0,1,-1,2,inf");
  CHECK(kem->multiplier() == "toom-k:points=0,1,-1,2,inf");
}

TEST_CASE("Kyber sources divide no coefficient by q (KyberSlash)", "[kyber][constant-time]") {
  namespace fs = std::filesystem;
  const fs::path root = PQMUL_SOURCE_DIR;
  std::vector<fs::path> files;
  for (const auto& dir : {root / "schemes/src/kyber", root / "schemes/include/pqmul/schemes/kyber"})
    for (const auto& f : fs::directory_iterator(dir)) files.push_back(f.path());
  REQUIRE(files.size() >= 4);
  // `/ q`, `% q`, `/ 3329`, `% KYBER_Q`... outside comments, except when the
  // line builds a compile-time constant (constexpr).
  auto divides_by_q = [](const std::string& code) {
    for (std::size_t i = 0; i < code.size(); ++i) {
      if (code[i] != '/' && code[i] != '%') continue;
      std::size_t j = code.find_first_not_of(" (", i + 1);
      if (j == std::string::npos) return false;
      for (const std::string name : {"q", "Q", "3329", "KyberRing::q", "kyber::q", "KYBER_Q"}) {
        const std::size_t end = j + name.size();
        const bool word_ends = end >= code.size() || !(std::isalnum(static_cast<unsigned char>(code[end])) ||
                                                       code[end] == '_' || code[end] == ':');
        if (code.compare(j, name.size(), name) == 0 && word_ends) return true;
      }
    }
    return false;
  };
  CHECK(divides_by_q("x = a % q;"));
  CHECK(divides_by_q("x = (a + b) / (KYBER_Q);"));
  CHECK_FALSE(divides_by_q("x = a / qq + b % 2;"));
  for (const auto& f : files) {
    std::istringstream in(test::read_text(f.string()));
    int number = 0;
    for (std::string line; std::getline(in, line);) {
      ++number;
      const auto comment = line.find("//");
      const std::string code = line.substr(0, comment);
      if (code.find("constexpr") != std::string::npos) continue;
      INFO(f.filename().string() << ":" << number << ": " << line);
      CHECK_FALSE(divides_by_q(code));
    }
  }
}

}  // namespace pqmul_tests::kyber_test_kyber_invalid
