// ML-KEM against NIST ACVP (keyGen, encapDecap) and C2SP CCTV vectors
// (strcmp, unlucky SampleNTT, intermediate-value keys), with every multiplier.
#include <catch2/catch.hpp>

#include "kyber_test_util.hpp"

#ifdef PQMUL_HAVE_NLOHMANN_JSON
#include <nlohmann/json.hpp>
#endif

namespace pqmul_tests::kyber_test_mlkem_acvp_cctv {

using namespace pqmul;

namespace {

std::string scheme_of(const std::string& parameter_set) {
  // "ML-KEM-768" -> "ml-kem-768"
  std::string s = parameter_set;
  for (auto& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

std::vector<std::uint8_t> decaps(const kyber::KyberKem& kem, const std::vector<std::uint8_t>& ct,
                                 const std::vector<std::uint8_t>& dk) {
  std::vector<std::uint8_t> ss(32);
  kem.decaps(ss, ct, dk);
  return ss;
}

}  // namespace

#ifdef PQMUL_HAVE_NLOHMANN_JSON
namespace {
nlohmann::json load_acvp(const std::string& name) {
  return nlohmann::json::parse(
      test::read_text(test::vector_file("ml-kem-edge/acvp/", name, "/internalProjection.json")));
}
std::vector<std::uint8_t> hex(const nlohmann::json& j, const char* key) { return test::from_hex(j.at(key).get<std::string>()); }

// `ntt` runs every test case; the other multipliers the first `sample` of each group.
std::size_t cases_for(const std::string& multiplier, std::size_t in_group) {
  return multiplier == "ntt" ? in_group : std::min<std::size_t>(in_group, 2);
}
}  // namespace

TEST_CASE("ACVP ML-KEM keyGen", "[kyber][acvp]") {
  const auto j = load_acvp("ML-KEM-keyGen-FIPS203");
  std::size_t checked = 0;
  for (const auto& m : kyber::kyber_multiplier_names())
    for (const auto& group : j.at("testGroups")) {
      const auto kem = kyber::make_kyber_kem(scheme_of(group.at("parameterSet")), m);
      const auto& tests = group.at("tests");
      for (std::size_t t = 0; t < cases_for(m, tests.size()); ++t) {
        const auto& tc = tests[t];
        INFO(m << " tcId " << tc.at("tcId").dump());
        std::vector<std::uint8_t> ek(kem->public_key_bytes()), dk(kem->secret_key_bytes());
        kem->keygen_internal(test::fixed<32>(hex(tc, "d")), test::fixed<32>(hex(tc, "z")), ek, dk);
        CHECK(ek == hex(tc, "ek"));
        CHECK(dk == hex(tc, "dk"));
        ++checked;
      }
    }
  CHECK(checked >= 75);
}

TEST_CASE("ACVP ML-KEM encapsulation and decapsulation", "[kyber][acvp]") {
  const auto j = load_acvp("ML-KEM-encapDecap-FIPS203");
  std::size_t encaps = 0, decaps_checked = 0, rejections = 0;
  for (const auto& m : kyber::kyber_multiplier_names())
    for (const auto& group : j.at("testGroups")) {
      const auto kem = kyber::make_kyber_kem(scheme_of(group.at("parameterSet")), m);
      const auto& tests = group.at("tests");
      const std::string function = group.at("function");
      for (std::size_t t = 0; t < cases_for(m, tests.size()); ++t) {
        const auto& tc = tests[t];
        INFO(m << " tcId " << tc.at("tcId").dump() << " " << function);
        if (function == "encapsulation") {
          std::vector<std::uint8_t> ct(kem->ciphertext_bytes()), ss(32);
          kem->encaps_internal(ct, ss, hex(tc, "ek"), test::fixed<32>(hex(tc, "m")));
          CHECK(ct == hex(tc, "c"));
          CHECK(ss == hex(tc, "k"));
          CHECK(decaps(*kem, ct, hex(tc, "dk")) == hex(tc, "k"));
          ++encaps;
        } else {
          REQUIRE(function == "decapsulation");
          CHECK(decaps(*kem, hex(tc, "c"), hex(group, "dk")) == hex(tc, "k"));
          ++decaps_checked;
          if (tc.at("reason") != "no modification") ++rejections;
        }
      }
    }
  CHECK(encaps >= 75);
  CHECK(decaps_checked >= 30);
  CHECK(rejections >= 15);
}
#endif

TEST_CASE("CCTV strcmp vectors: decapsulation of a ciphertext whose re-encryption starts with 0x00",
          "[kyber][cctv]") {
  for (const auto& scheme : test::ml_kem_sets()) {
    const std::string bits = scheme.substr(std::string("ml-kem-").size());
    const auto v = test::read_key_values(test::vector_file("ml-kem-edge/cctv/strcmp_ML-KEM-", bits, ".txt"));
    for (const auto& m : kyber::kyber_multiplier_names()) {
      INFO(scheme << " " << m);
      const auto kem = kyber::make_kyber_kem(scheme, m);
      CHECK(decaps(*kem, test::from_hex(v.at("c")), test::from_hex(v.at("dk"))) == test::from_hex(v.at("K")));
    }
  }
}

TEST_CASE("CCTV unlucky vectors: SampleNTT needs more than 575 XOF bytes", "[kyber][cctv]") {
  for (const auto& scheme : test::ml_kem_sets()) {
    const std::string bits = scheme.substr(std::string("ml-kem-").size());
    const auto v =
        test::read_key_values(test::vector_file("ml-kem-edge/cctv/unluckysample_final_ML-KEM-", bits, ".txt"));
    for (const auto& m : kyber::kyber_multiplier_names()) {
      INFO(scheme << " " << m);
      const auto kem = kyber::make_kyber_kem(scheme, m);
      std::vector<std::uint8_t> ek(kem->public_key_bytes()), dk(kem->secret_key_bytes());
      kem->keygen_internal(test::fixed<32>(test::from_hex(v.at("d"))), test::fixed<32>(test::from_hex(v.at("z"))), ek,
                           dk);
      CHECK(ek == test::from_hex(v.at("ek")));
      CHECK(dk == test::from_hex(v.at("dk")));
      std::vector<std::uint8_t> ct(kem->ciphertext_bytes()), ss(32);
      kem->encaps_internal(ct, ss, ek, test::fixed<32>(test::from_hex(v.at("m"))));
      CHECK(ct == test::from_hex(v.at("c")));
      CHECK(ss == test::from_hex(v.at("K")));
      CHECK(decaps(*kem, ct, dk) == ss);
    }
  }
}

TEST_CASE("CCTV intermediate ML-KEM-768 keys: encapsulation and decapsulation", "[kyber][cctv]") {
  // The key generation of this file predates FIPS 203 final, but its keys are
  // valid ML-KEM-768 keys and Encaps/Decaps are unchanged.
  const auto v = test::read_key_values(test::vector_file("ml-kem-edge/cctv/intermediate_ipd_ML-KEM-768.txt"));
  for (const auto& m : kyber::kyber_multiplier_names()) {
    INFO(m);
    const auto kem = kyber::make_kyber_kem("ml-kem-768", m);
    std::vector<std::uint8_t> ct(kem->ciphertext_bytes()), ss(32);
    kem->encaps_internal(ct, ss, test::from_hex(v.at("ek")), test::fixed<32>(test::from_hex(v.at("m"))));
    CHECK(test::to_hex(ct) == v.at("c"));
    CHECK(test::to_hex(ss) == v.at("K"));
    CHECK(decaps(*kem, ct, test::from_hex(v.at("dk"))) == ss);
  }
}

}  // namespace pqmul_tests::kyber_test_mlkem_acvp_cctv
