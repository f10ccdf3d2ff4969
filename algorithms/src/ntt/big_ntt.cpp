// Prime search, roots of unity and the per-prime butterflies of BigNtt. The
// primes and roots are found here from their definition (no pasted constants);
// `%` appears only on these public constants, never on coefficient data.
#include "pqmul/algorithms/ntt/big_ntt.hpp"

#include <cmath>

namespace pqmul::big_ntt_detail {

std::uint64_t pow_mod(std::uint64_t base, std::uint64_t exponent, std::uint64_t m) {
  // m < 2^32, so every product fits in 64 bits.
  std::uint64_t result = 1 % m;
  base %= m;
  for (; exponent != 0; exponent >>= 1) {
    if (exponent & 1) result = result * base % m;
    base = base * base % m;
  }
  return result;
}

namespace {

// Deterministic Miller-Rabin: bases 2, 7, 61 decide every n < 2^32.
bool is_prime(std::uint32_t n) {
  if (n < 2) return false;
  for (std::uint32_t small : {2u, 3u, 5u, 7u, 11u, 13u, 61u})
    if (n % small == 0) return n == small;
  std::uint32_t d = n - 1;
  unsigned s = 0;
  while ((d & 1) == 0) {
    d >>= 1;
    ++s;
  }
  for (std::uint64_t a : {2u, 7u, 61u}) {
    std::uint64_t x = pow_mod(a, d, n);
    if (x == 1 || x == n - 1) continue;
    bool composite = true;
    for (unsigned r = 1; r < s && composite; ++r) {
      x = x * x % n;
      if (x == n - 1) composite = false;
    }
    if (composite) return false;
  }
  return true;
}

std::vector<std::uint64_t> prime_factors(std::uint64_t m) {
  std::vector<std::uint64_t> factors;
  for (std::uint64_t f = 2; f * f <= m; ++f) {
    if (m % f != 0) continue;
    factors.push_back(f);
    while (m % f == 0) m /= f;
  }
  if (m > 1) factors.push_back(m);
  return factors;
}

unsigned bit_reverse(std::size_t k, unsigned bits) {
  unsigned r = 0;
  for (unsigned b = 0; b < bits; ++b) r |= static_cast<unsigned>((k >> b) & 1u) << (bits - 1 - b);
  return r;
}

}  // namespace

MontgomeryPrime::MontgomeryPrime(std::uint32_t prime) : p(prime) {
  if (prime % 2 == 0 || prime >= (1u << 31)) throw std::invalid_argument("Montgomery prime must be odd and < 2^31");
  std::uint32_t inverse = 1;  // Newton: correct bits double each step
  for (int i = 0; i < 5; ++i) inverse *= 2u - prime * inverse;
  minus_p_inverse = 0u - inverse;
  const std::uint64_t r_mod_p = (std::uint64_t{1} << 32) % prime;
  r2 = static_cast<std::uint32_t>(r_mod_p * r_mod_p % prime);
}

std::vector<std::uint32_t> ntt_friendly_primes(std::size_t count, std::uint64_t step) {
  std::vector<std::uint32_t> primes;
  const std::uint64_t limit = std::uint64_t{1} << 31;
  for (std::uint64_t candidate = (limit - 1) / step * step + 1; primes.size() < count && candidate > step;
       candidate -= step)
    if (candidate < limit && is_prime(static_cast<std::uint32_t>(candidate)))
      primes.push_back(static_cast<std::uint32_t>(candidate));
  if (primes.size() < count) throw std::invalid_argument("ntt: not enough NTT-friendly primes below 2^31");
  return primes;
}

std::uint32_t root_of_unity(std::uint32_t p, std::uint64_t order) {
  if ((p - 1) % order != 0) throw std::invalid_argument("ntt: no root of unity of that order mod p");
  const auto factors = prime_factors(p - 1);
  for (std::uint64_t g = 2; g < p; ++g) {
    bool generator = true;
    for (auto f : factors) generator = generator && pow_mod(g, (p - 1) / f, p) != 1;
    if (generator) return static_cast<std::uint32_t>(pow_mod(g, (p - 1) / order, p));
  }
  throw std::invalid_argument("ntt: no primitive root found");
}

PrimeTables make_prime_tables(std::uint32_t p, unsigned layers) {
  PrimeTables t{MontgomeryPrime(p), {}, {}, 0};
  const std::size_t blocks = std::size_t{1} << layers;
  const std::uint64_t psi = root_of_unity(p, 2 * blocks);
  t.zetas.resize(blocks);
  t.gammas.resize(blocks);
  for (std::size_t k = 0; k < blocks; ++k) {
    const unsigned br = bit_reverse(k, layers);
    t.zetas[k] = t.arithmetic.to_montgomery(static_cast<std::uint32_t>(pow_mod(psi, br, p)));
    t.gammas[k] = t.arithmetic.to_montgomery(static_cast<std::uint32_t>(pow_mod(psi, 2 * br + 1, p)));
  }
  // The accumulated values carry R^-1 (Montgomery base products); the inverse
  // divides by 2^L: multiplying by R^2 2^-L with a Montgomery product does both.
  const std::uint64_t two_to_minus_l = pow_mod(pow_mod(2, layers, p), p - 2, p);
  t.inverse_scale = static_cast<std::uint32_t>(std::uint64_t{t.arithmetic.r2} * two_to_minus_l % p);
  return t;
}

template <class Tally>
void forward(const PrimeTables& t, std::uint32_t* f, std::size_t length, unsigned layers) {
  const PrimeOps<Tally> m{t.arithmetic};
  const std::size_t d = length >> layers;
  std::size_t k = 1;
  for (std::size_t len = length / 2; len >= d; len >>= 1) {
    for (std::size_t start = 0; start < length; start += 2 * len) {
      const std::uint32_t zeta = t.zetas[k++];
      for (std::size_t j = start; j < start + len; ++j) {
        const std::uint32_t u = m.mul_const(f[j + len], zeta);
        f[j + len] = m.sub(f[j], u);
        f[j] = m.add(f[j], u);
      }
    }
  }
}

template <class Tally>
void inverse(const PrimeTables& t, std::uint32_t* f, std::size_t length, unsigned layers) {
  const PrimeOps<Tally> m{t.arithmetic};
  const std::size_t d = length >> layers;
  std::size_t k = (std::size_t{1} << layers) - 1;
  for (std::size_t len = d; len <= length / 2; len <<= 1) {
    for (std::size_t start = 0; start < length; start += 2 * len) {
      const std::uint32_t zeta = t.zetas[k--];
      for (std::size_t j = start; j < start + len; ++j) {
        const std::uint32_t u = f[j];
        f[j] = m.add(u, f[j + len]);
        f[j + len] = m.mul_const(m.sub(f[j + len], u), zeta);
      }
    }
  }
  for (std::size_t i = 0; i < length; ++i) f[i] = m.mul_const(f[i], t.inverse_scale);
}

template <class Tally>
void base_multiply_accumulate(const PrimeTables& t, std::uint32_t* acc, const std::uint32_t* a,
                              const std::uint32_t* b, std::size_t length, unsigned layers) {
  const PrimeOps<Tally> m{t.arithmetic};
  const std::size_t d = length >> layers;
  if (d == 1) {
    for (std::size_t i = 0; i < length; ++i) acc[i] = m.add(acc[i], m.mul(a[i], b[i]));
    return;
  }
  for (std::size_t block = 0; block < (std::size_t{1} << layers); ++block) {
    const std::uint32_t* x = a + block * d;
    const std::uint32_t* y = b + block * d;
    std::uint32_t* c = acc + block * d;
    // Schoolbook mod x^d - gamma: terms of degree k + d wrap onto k times gamma.
    // Each sum starts from its first term, and the top coefficient (k = d - 1)
    // has no wrapped part, so nothing is added to zero or multiplied by gamma
    // in vain: d^2 products, d - 1 gamma products, d^2 additions per block.
    for (std::size_t k = 0; k < d; ++k) {
      std::uint32_t low = m.mul(x[0], y[k]);
      for (std::size_t i = 1; i <= k; ++i) low = m.add(low, m.mul(x[i], y[k - i]));
      if (k + 1 < d) {
        std::uint32_t high = m.mul(x[k + 1], y[d - 1]);
        for (std::size_t i = k + 2; i < d; ++i) high = m.add(high, m.mul(x[i], y[k + d - i]));
        low = m.add(low, m.mul_const(high, t.gammas[block]));
      }
      c[k] = m.add(c[k], low);
    }
  }
}

#define PQMUL_BIG_NTT_INSTANTIATE(TALLY)                                                                     \
  template void forward<TALLY>(const PrimeTables&, std::uint32_t*, std::size_t, unsigned);                  \
  template void inverse<TALLY>(const PrimeTables&, std::uint32_t*, std::size_t, unsigned);                  \
  template void base_multiply_accumulate<TALLY>(const PrimeTables&, std::uint32_t*, const std::uint32_t*, \
                                                const std::uint32_t*, std::size_t, unsigned);
PQMUL_BIG_NTT_INSTANTIATE(ntt_tally::Uncounted)
PQMUL_BIG_NTT_INSTANTIATE(ntt_tally::Counted)
#undef PQMUL_BIG_NTT_INSTANTIATE

std::string describe_modulus(const std::vector<std::uint32_t>& primes) {
  std::string s;
  std::uint64_t product = 1;
  for (auto p : primes) {
    s += (s.empty() ? "" : " * ") + std::to_string(p);
    product *= p;
  }
  if (primes.size() > 1) s += " = " + std::to_string(product);
  return s + " (about 2^" + std::to_string(static_cast<int>(std::log2(static_cast<double>(product)))) + ")";
}

}  // namespace pqmul::big_ntt_detail
