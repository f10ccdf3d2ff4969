// Kyber's NTT (FIPS 203 Algorithms 9-12) against the definition of the
// transform evaluated directly in int64, the negacyclic schoolbook product,
// and the intermediate values of the C2SP/CCTV ML-KEM-768 trace.
#include <catch2/catch.hpp>

#include <cstdint>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "pqmul/algorithms/module.hpp"
#include "pqmul/algorithms/ntt/kyber_ntt.hpp"
#include "../common/test_util.hpp"

namespace pqmul_tests::algorithms_test_kyber_ntt {

using namespace pqmul;
namespace kn = pqmul::kyber_ntt;

namespace {

constexpr std::int64_t Q = 3329;

std::int64_t mod_q(std::int64_t v) {
  v %= Q;
  return v < 0 ? v + Q : v;
}
std::int64_t power(std::int64_t b, std::int64_t e) {
  std::int64_t r = 1;
  for (std::int64_t i = 0; i < e; ++i) r = r * b % Q;
  return r;
}
unsigned bitrev7(unsigned i) {
  unsigned r = 0;
  for (unsigned b = 0; b < 7; ++b)
    if (i & (1u << b)) r |= 1u << (6 - b);
  return r;
}

using Vec = std::vector<std::int64_t>;

// NTT(f) by its definition: the pair i is f mod (X^2 - gamma_i), gamma_i = 17^(2 BitRev7(i) + 1).
Vec ntt_definition(const Vec& f) {
  Vec out(256);
  for (unsigned i = 0; i < 128; ++i) {
    const std::int64_t gamma = power(17, 2 * bitrev7(i) + 1);
    std::int64_t even = 0, odd = 0, g = 1;  // X^2 = gamma: X^(2k) -> gamma^k
    for (unsigned k = 0; k < 128; ++k) {
      even = mod_q(even + f[2 * k] * g);
      odd = mod_q(odd + f[2 * k + 1] * g);
      g = g * gamma % Q;
    }
    out[2 * i] = even;
    out[2 * i + 1] = odd;
  }
  return out;
}

Vec schoolbook(const Vec& a, const Vec& b) {
  Vec c(256, 0);
  for (int i = 0; i < 256; ++i)
    for (int j = 0; j < 256; ++j) {
      const std::int64_t p = a[i] * b[j];
      if (i + j < 256)
        c[i + j] += p;
      else
        c[i + j - 256] -= p;
    }
  for (auto& v : c) v = mod_q(v);
  return c;
}

Vec as_vec(const kn::Coeffs& f) { return Vec(f.begin(), f.end()); }
Vec canonical(const kn::Coeffs& f) {
  Vec v(256);
  for (int i = 0; i < 256; ++i) v[i] = kn::to_canonical(f[i]);
  return v;
}
Vec reduced(Vec v) {
  for (auto& c : v) c = mod_q(c);
  return v;
}
std::int32_t max_abs(const kn::Coeffs& f) {
  std::int32_t m = 0;
  for (auto c : f) m = std::max(m, std::abs(static_cast<std::int32_t>(c)));
  return m;
}

// Inputs with |c| < bound: random, and the extremes.
std::vector<kn::Coeffs> inputs(std::int32_t bound, std::mt19937& rng) {
  std::vector<kn::Coeffs> v;
  std::uniform_int_distribution<std::int32_t> d(-(bound - 1), bound - 1);
  for (int t = 0; t < 4; ++t) {
    kn::Coeffs f;
    for (auto& c : f) c = static_cast<std::int16_t>(d(rng));
    v.push_back(f);
  }
  kn::Coeffs f;
  f.fill(static_cast<std::int16_t>(bound - 1));
  v.push_back(f);
  f.fill(static_cast<std::int16_t>(-(bound - 1)));
  v.push_back(f);
  for (int i = 0; i < 256; ++i) f[i] = static_cast<std::int16_t>(i % 2 ? bound - 1 : -(bound - 1));
  v.push_back(f);
  for (int pos : {0, 1, 128, 255}) {
    f.fill(0);
    f[pos] = static_cast<std::int16_t>(bound - 1);
    v.push_back(f);
  }
  return v;
}

Poly<KyberRing> to_poly(const Vec& v) {
  Poly<KyberRing> p;
  for (int i = 0; i < 256; ++i) p[i] = static_cast<std::uint16_t>(mod_q(v[i]));
  return p;
}
Vec from_poly(const Poly<KyberRing>& p) { return Vec(p.coeffs.begin(), p.coeffs.end()); }

}  // namespace

TEST_CASE("kyber reductions: Barrett, Montgomery and canonical forms", "[ntt][kyber]") {
  for (std::int32_t a = -kn::barrett_input_bound + 1; a < kn::barrett_input_bound; ++a) {
    const std::int16_t r = kn::barrett_reduce(a);
    if (mod_q(r - a) != 0 || r < -(Q - 1) / 2 || r > (Q - 1) / 2) FAIL("barrett_reduce(" << a << ") = " << r);
  }
  for (std::int32_t a = INT16_MIN; a <= INT16_MAX; ++a) {
    const auto c = kn::to_canonical(static_cast<std::int16_t>(a));
    if (c >= Q || mod_q(std::int64_t{c} - a) != 0) FAIL("to_canonical(" << a << ") = " << c);
  }
  std::mt19937 rng(7);
  const std::int32_t mont_bound = (3329 << 15) - 1;
  std::vector<std::int32_t> samples = {0, 1, -1, mont_bound, -mont_bound, INT32_MAX, INT32_MIN, INT32_MIN + 1};
  std::uniform_int_distribution<std::int32_t> any(INT32_MIN, INT32_MAX), small(-mont_bound, mont_bound);
  for (int i = 0; i < 20000; ++i) samples.push_back(i % 2 ? any(rng) : small(rng));
  for (std::int32_t a : samples) {
    // r * 2^16 = a (mod q) for both forms.
    const std::int32_t w = kn::montgomery_reduce_wide(a);
    REQUIRE(mod_q(std::int64_t{w} * 65536 - a) == 0);
    REQUIRE(std::abs(w) <= (1 << 15) + (Q + 1) / 2);
    if (a > -mont_bound - 1 && a < mont_bound + 1) {
      const std::int16_t r = kn::montgomery_reduce(a);
      REQUIRE(mod_q(std::int64_t{r} * 65536 - a) == 0);
      REQUIRE(std::abs(r) < Q);
    }
  }
  // Both spellings of the quotient (a build uses one) on every low half.
  for (std::int32_t low = 0; low < 65536; ++low) {
    const std::int32_t a = low + static_cast<std::int32_t>(any(rng) & ~0xffff);
    const std::int32_t t = kn::montgomery_quotient_16bit(a);
    REQUIRE(kn::montgomery_quotient_32bit(a) == t);
    REQUIRE((t >= INT16_MIN && t <= INT16_MAX));
    REQUIRE(((std::int64_t{t} * Q - a) & 0xffff) == 0);
  }
  CHECK(((std::int64_t{kn::q_inverse} * Q) & 0xffff) == 1);
  CHECK(mod_q(kn::r_mod_q) == 65536 % Q);
  CHECK(mod_q(kn::r2_mod_q) == 65536LL * 65536 % Q);
}

TEST_CASE("kyber forward NTT equals the FIPS 203 definition, within its bound", "[ntt][kyber]") {
  std::mt19937 rng(1);
  for (const auto& f : inputs(3329, rng)) {
    kn::Coeffs g = f;
    kn::forward(g);
    CHECK(max_abs(g) < 8 * Q);
    REQUIRE(canonical(g) == ntt_definition(reduced(as_vec(f))));
  }
}

TEST_CASE("kyber inverse NTT undoes the forward one, within its bound", "[ntt][kyber]") {
  std::mt19937 rng(2);
  for (const auto& f : inputs(3329, rng)) {
    kn::Coeffs g = f;
    kn::forward(g);
    kn::reduce(g);
    kn::inverse(g);
    CHECK(max_abs(g) < Q);
    REQUIRE(canonical(g) == reduced(as_vec(f)));
  }
  // The inverse accepts |in| < 4q: forward(inverse(h)) = h mod q.
  for (const auto& h : inputs(4 * 3329, rng)) {
    kn::Coeffs g = h;
    kn::inverse(g);
    CHECK(max_abs(g) < Q);
    kn::forward(g);
    REQUIRE(canonical(g) == reduced(as_vec(h)));
  }
}

TEST_CASE("kyber base multiplication is the ring product in the NTT domain", "[ntt][kyber]") {
  std::mt19937 rng(3);
  const auto as = inputs(3329, rng), bs = inputs(3329, rng);
  for (std::size_t t = 0; t < as.size(); ++t) {
    const auto& a = as[t];
    const auto& b = bs[(t * 5 + 3) % bs.size()];
    kn::Coeffs fa = a, fb = b, r;
    kn::forward(fa);
    kn::forward(fb);
    kn::reduce(fa);
    kn::reduce(fb);
    // Pairwise against (a0 + a1 X)(b0 + b1 X) mod X^2 - gamma_i.
    kn::base_multiply(r, fa, fb);
    CHECK(max_abs(r) < Q);
    for (unsigned i = 0; i < 128; ++i) {
      const std::int64_t a0 = fa[2 * i], a1 = fa[2 * i + 1], b0 = fb[2 * i], b1 = fb[2 * i + 1];
      const std::int64_t gamma = power(17, 2 * bitrev7(i) + 1);
      REQUIRE(mod_q(r[2 * i]) == mod_q(a0 * b0 + mod_q(a1 * b1) * gamma));
      REQUIRE(mod_q(r[2 * i + 1]) == mod_q(a0 * b1 + a1 * b0));
    }
    kn::inverse(r);
    REQUIRE(canonical(r) == schoolbook(reduced(as_vec(a)), reduced(as_vec(b))));
  }
}

TEST_CASE("KyberNttMultiplier equals the schoolbook product and accumulates", "[ntt][kyber]") {
  const KyberNttMultiplier m;
  STATIC_REQUIRE(Multiplier<KyberNttMultiplier>);
  CHECK(m.operand_bytes() == 512);
  CHECK(m.accumulator_bytes() == 1024);
  CHECK(m.max_accumulated() >= 300);
  std::mt19937 rng(4);
  const auto as = inputs(3329, rng);
  for (std::size_t t = 0; t < as.size(); ++t) {
    const Vec a = reduced(as_vec(as[t])), b = reduced(as_vec(as[(t + 3) % as.size()]));
    REQUIRE(from_poly(mul(m, to_poly(a), to_poly(b))) == schoolbook(a, b));
  }
  // Accumulated rows through every strategy, ranks 2..4, extreme and random operands.
  for (std::size_t rank : {2u, 3u, 4u}) {
    std::vector<Poly<KyberRing>> x(rank), y(rank);
    for (std::size_t j = 0; j < rank; ++j) {
      x[j] = to_poly(reduced(as_vec(as[(j + rank) % as.size()])));
      y[j] = to_poly(reduced(as_vec(as[(2 * j + 5) % as.size()])));
    }
    Vec expected(256, 0);
    for (std::size_t j = 0; j < rank; ++j) {
      const Vec p = schoolbook(from_poly(x[j]), from_poly(y[j]));
      for (int i = 0; i < 256; ++i) expected[i] = mod_q(expected[i] + p[i]);
    }
    for (Strategy s : all_strategies) {
      Poly<KyberRing> out;
      inner_product(m, std::span<const Poly<KyberRing>>(x), std::span<const Poly<KyberRing>>(y), out, s);
      REQUIRE(from_poly(out) == expected);
    }
  }
}

TEST_CASE("KyberNttMultiplier holds max_accumulated extreme products", "[ntt][kyber]") {
  const KyberNttMultiplier m;
  // NTT-domain operands at the centred extremes, built through from_ntt.
  std::array<std::int16_t, 256> ex, ey;
  for (int i = 0; i < 256; ++i) {
    ex[i] = static_cast<std::int16_t>(i % 3 ? -(Q - 1) / 2 : (Q - 1) / 2);
    ey[i] = static_cast<std::int16_t>(i % 5 ? -(Q - 1) / 2 : (Q - 1) / 2);
  }
  const auto x = KyberNttMultiplier::from_ntt(ex), y = KyberNttMultiplier::from_ntt(ey);
  auto acc = m.make_accumulator();
  m.clear(acc);
  const std::size_t terms = m.max_accumulated();
  for (std::size_t t = 0; t < terms; ++t) m.multiply_accumulate(acc, x, y);
  KyberNttMultiplier::operand sum;
  KyberNttMultiplier::to_ntt(acc, sum);
  const auto got = KyberNttMultiplier::ntt_coefficients(sum);
  for (unsigned i = 0; i < 128; ++i) {
    const std::int64_t a0 = ex[2 * i], a1 = ex[2 * i + 1], b0 = ey[2 * i], b1 = ey[2 * i + 1];
    const std::int64_t gamma = power(17, 2 * bitrev7(i) + 1);
    REQUIRE(got[2 * i] == mod_q(std::int64_t(terms) * mod_q(a0 * b0 + a1 * b1 % Q * gamma)));
    REQUIRE(got[2 * i + 1] == mod_q(std::int64_t(terms) * mod_q(a0 * b1 + a1 * b0)));
  }
  Poly<KyberRing> p{};
  std::vector<Poly<KyberRing>> row(terms + 1, p);
  Poly<KyberRing> out;
  CHECK_THROWS_AS(inner_product(m, std::span<const Poly<KyberRing>>(row), std::span<const Poly<KyberRing>>(row), out,
                                Strategy::lazy),
                  std::invalid_argument);
}

TEST_CASE("KyberNttMultiplier's NTT-domain entry points keep FIPS 203 values", "[ntt][kyber]") {
  std::mt19937 rng(5);
  std::uniform_int_distribution<std::uint32_t> any16(0, 65535);
  std::array<std::uint16_t, 256> raw;
  for (auto& c : raw) c = static_cast<std::uint16_t>(any16(rng));
  raw[0] = 65535;
  raw[1] = 0;
  raw[2] = 4095;
  raw[3] = 3329;
  const auto x = KyberNttMultiplier::from_ntt(raw);
  const auto back = KyberNttMultiplier::ntt_coefficients(x);
  for (int i = 0; i < 256; ++i) REQUIRE(back[i] == raw[i] % Q);
  // transform() agrees with the definition.
  Poly<KyberRing> a;
  for (auto& c : a.coeffs) c = static_cast<std::uint16_t>(any16(rng) % Q);
  KyberNttMultiplier m;
  auto ta = m.make_operand();
  m.transform(a, ta);
  const auto ta_c = KyberNttMultiplier::ntt_coefficients(ta);
  REQUIRE(Vec(ta_c.begin(), ta_c.end()) == ntt_definition(from_poly(a)));
  // t^ = a^ o x + x stays in the NTT domain: to_ntt matches the pointwise oracle.
  auto acc = m.make_accumulator();
  m.clear(acc);
  m.multiply_accumulate(acc, ta, x);
  KyberNttMultiplier::add_ntt(acc, x);
  KyberNttMultiplier::operand t;
  KyberNttMultiplier::to_ntt(acc, t);
  const auto tc = KyberNttMultiplier::ntt_coefficients(t);
  for (unsigned i = 0; i < 128; ++i) {
    const std::int64_t a0 = ta_c[2 * i], a1 = ta_c[2 * i + 1], b0 = back[2 * i], b1 = back[2 * i + 1];
    const std::int64_t gamma = power(17, 2 * bitrev7(i) + 1);
    REQUIRE(tc[2 * i] == mod_q(a0 * b0 + a1 * b1 % Q * gamma + b0));
    REQUIRE(tc[2 * i + 1] == mod_q(a0 * b1 + a1 * b0 + b1));
  }
  // And inverse() of that accumulator is the normal-domain value.
  Poly<KyberRing> out;
  m.inverse(acc, out);
  std::array<std::int16_t, 256> tn;
  for (int i = 0; i < 256; ++i) tn[i] = static_cast<std::int16_t>(tc[i]);
  kn::inverse(tn);
  REQUIRE(from_poly(out) == canonical(tn));
}

namespace {

// "key = value" lines of the CCTV trace; a polynomial reads "{c0, c1, ...} = hex".
std::string trace_value(const std::vector<std::string>& lines, const std::string& key) {
  for (const auto& l : lines)
    if (l.rfind(key + " = ", 0) == 0) return l.substr(key.size() + 3);
  FAIL("no line " << key);
  return {};
}
// The hex string ending a line.
std::string trace_hex(const std::vector<std::string>& lines, const std::string& key) {
  const std::string v = trace_value(lines, key);
  return v.substr(v.rfind(' ') + 1);
}
Vec parse_list(const std::string& s) {
  Vec v;
  std::string item;
  const auto open = s.find('{'), close = s.find('}');
  REQUIRE(open != std::string::npos);
  REQUIRE(close != std::string::npos);
  std::stringstream ss(s.substr(open + 1, close - open - 1));
  while (std::getline(ss, item, ',')) v.push_back(std::stoll(item));
  return v;
}
// ByteDecode_12 of a hex string: polynomials of 256 coefficients.
std::vector<std::array<std::uint16_t, 256>> decode12(const std::string& hex) {
  std::vector<std::uint8_t> bytes;
  for (std::size_t i = 0; i + 1 < hex.size(); i += 2) bytes.push_back(static_cast<std::uint8_t>(std::stoul(hex.substr(i, 2), nullptr, 16)));
  std::vector<std::array<std::uint16_t, 256>> polys(bytes.size() / 384);
  for (std::size_t p = 0; p < polys.size(); ++p)
    for (std::size_t i = 0; i < 128; ++i) {
      const std::uint8_t* b = bytes.data() + 384 * p + 3 * i;
      polys[p][2 * i] = static_cast<std::uint16_t>(b[0] | ((b[1] & 0x0f) << 8));
      polys[p][2 * i + 1] = static_cast<std::uint16_t>((b[1] >> 4) | (b[2] << 4));
    }
  return polys;
}

}  // namespace

TEST_CASE("kyber NTT reproduces the CCTV ML-KEM-768 intermediate values", "[ntt][kyber][vectors]") {
  std::ifstream in(test::vector_file("ml-kem-edge/cctv/intermediate_ipd_ML-KEM-768.txt"));
  REQUIRE(in.good());
  std::vector<std::string> lines;
  for (std::string l; std::getline(in, l);) lines.push_back(l);

  // NTT(s[0]) given as coefficient lists.
  const Vec s0 = parse_list(trace_value(lines, "s[0]"));
  const Vec ntt_s0 = parse_list(trace_value(lines, "NTT(s[0])"));
  REQUIRE(s0.size() == 256);
  REQUIRE(ntt_s0.size() == 256);
  Poly<KyberRing> s0_poly = to_poly(s0);
  KyberNttMultiplier m;
  auto x = m.make_operand();
  m.transform(s0_poly, x);
  const auto got = KyberNttMultiplier::ntt_coefficients(x);
  CHECK(Vec(got.begin(), got.end()) == ntt_s0);

  // t^ = A^ o s^ + e^ entirely in the NTT domain, against the encoded t (k = 3).
  const auto A = decode12(trace_hex(lines, "A"));
  const auto s_hat = decode12(trace_hex(lines, "dkPKE = NTT(s)"));
  const auto e_hat = decode12(trace_hex(lines, "NTT(e)"));
  const auto t_hat = decode12(trace_hex(lines, "t"));
  REQUIRE(A.size() == 9);
  REQUIRE(s_hat.size() == 3);
  REQUIRE(t_hat.size() == 3);
  CHECK(Vec(s_hat[0].begin(), s_hat[0].end()) == ntt_s0);
  for (std::size_t i = 0; i < 3; ++i) {
    auto acc = m.make_accumulator();
    m.clear(acc);
    for (std::size_t j = 0; j < 3; ++j)
      m.multiply_accumulate(acc, KyberNttMultiplier::from_ntt(A[3 * i + j]), KyberNttMultiplier::from_ntt(s_hat[j]));
    KyberNttMultiplier::add_ntt(acc, KyberNttMultiplier::from_ntt(e_hat[i]));
    KyberNttMultiplier::operand t;
    KyberNttMultiplier::to_ntt(acc, t);
    INFO("row " << i);
    CHECK(KyberNttMultiplier::ntt_coefficients(t) == t_hat[i]);
  }
}

}  // namespace pqmul_tests::algorithms_test_kyber_ntt
