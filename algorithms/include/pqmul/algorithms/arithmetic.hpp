#pragma once
// Coefficient arithmetics the Toom-Cook family runs over: wrapping machine
// words for power-of-two q (exact modulo 2^w, with bits lost to divisions by
// powers of two), and a prime field for prime q. Both are branch-free: the
// multipliers also run on secret data inside the KEMs.
#include <bit>
#include <cstdint>
#include <stdexcept>
#include <string>

#include "pqmul/algorithms/op_counts.hpp"

namespace pqmul {

// Arithmetic modulo 2^(bits of W).
template <class W>
struct WordArithmetic {
  using value = W;
  using constant = W;
  static constexpr unsigned word_bits = sizeof(W) * 8;
  static constexpr const char* name = sizeof(W) == 2 ? "word16" : "word32";
  // Multiplication in a type at least as wide as unsigned int, so that
  // 16-bit products do not go through signed int.
  using wide = std::conditional_t<(sizeof(W) < sizeof(unsigned)), unsigned, W>;

  // c_exact / (odd * 2^shift): shift right, then multiply by odd^-1 mod 2^w.
  struct divisor {
    W odd_inverse;
    unsigned shift;
  };

  static constexpr W from_coefficient(std::uint16_t c) { return W(c); }
  static constexpr W add(W a, W b) { return W(wide(a) + wide(b)); }
  static constexpr W sub(W a, W b) { return W(wide(a) - wide(b)); }
  static constexpr W mul(W a, W b) { return W(wide(a) * wide(b)); }
  static constexpr W mul_const(W a, constant c) { return W(wide(a) * wide(c)); }
  static constexpr W divide(W a, divisor d) { return W(wide(W(a >> d.shift)) * wide(d.odd_inverse)); }

  static constexpr constant make_constant(std::int64_t c) { return W(static_cast<std::uint64_t>(c)); }
  static constexpr divisor make_divisor(std::int64_t odd, unsigned shift) {
    if (odd <= 0 || odd % 2 == 0) throw std::invalid_argument("divisor must be odd and positive");
    // Newton iteration for the inverse modulo 2^64, truncated to the word.
    std::uint64_t o = static_cast<std::uint64_t>(odd), inv = o;  // correct to 3 bits
    for (int i = 0; i < 5; ++i) inv *= 2 - o * inv;
    return {W(inv), shift};
  }
  // Bits of each result that are exact after losing `lost` bits to divisions.
  static constexpr unsigned exact_bits(unsigned lost) { return lost >= word_bits ? 0 : word_bits - lost; }
  static void check_modulus(std::uint32_t q, unsigned lost, const std::string& what) {
    const unsigned need = std::bit_width(q - 1) + lost;
    if (!std::has_single_bit(q))
      throw std::invalid_argument(what + ": word arithmetic needs a power-of-two q");
    if (need > word_bits)
      throw std::invalid_argument(what + " loses " + std::to_string(lost) + " bits to divisions by powers of two; q = " +
                                  std::to_string(q) + " then needs " + std::to_string(need) + " bits, more than the " +
                                  std::to_string(word_bits) + "-bit word");
  }
  static constexpr std::uint16_t to_coefficient(W a, std::uint32_t q) { return std::uint16_t(a & (q - 1)); }
};

// Arithmetic in Z_Q for a prime Q < 2^15, values kept canonical in [0, Q).
template <std::uint32_t Q>
struct PrimeFieldArithmetic {
  static_assert(Q > 2 && Q < (1u << 15));
  using value = std::uint32_t;
  using constant = std::uint32_t;
  struct divisor {
    std::uint32_t inverse;
  };
  static constexpr const char* name = "prime-field";
  // Barrett: floor(2^32 / Q) approximates 1/Q well enough for x < Q^2 < 2^30
  // that one conditional subtraction finishes the reduction.
  static constexpr std::uint64_t barrett = (std::uint64_t{1} << 32) / Q;

  static constexpr std::uint32_t reduce(std::uint32_t x) {
    std::uint32_t t = static_cast<std::uint32_t>((std::uint64_t{x} * barrett) >> 32);
    std::uint32_t r = x - t * Q;  // r < 2Q
    return csub(r);
  }
  static constexpr std::uint32_t csub(std::uint32_t r) {
    r -= Q;
    return r + (Q & (0u - (r >> 31)));
  }
  static constexpr value from_coefficient(std::uint16_t c) { return c; }
  static constexpr value add(value a, value b) { return csub(a + b); }
  static constexpr value sub(value a, value b) {
    std::uint32_t r = a - b;
    return r + (Q & (0u - (r >> 31)));
  }
  static constexpr value mul(value a, value b) { return reduce(a * b); }
  static constexpr value mul_const(value a, constant c) { return reduce(a * c); }
  static constexpr value divide(value a, divisor d) { return reduce(a * d.inverse); }

  static constexpr constant make_constant(std::int64_t c) {
    std::int64_t r = c % std::int64_t{Q};  // public constants only
    return static_cast<constant>(r < 0 ? r + Q : r);
  }
  static constexpr divisor make_divisor(std::int64_t odd, unsigned shift) {
    std::uint64_t d = make_constant(odd);
    for (unsigned i = 0; i < shift; ++i) d = d * 2 % Q;
    if (d == 0) throw std::invalid_argument("divisor not invertible modulo q = " + std::to_string(Q));
    // Fermat: d^(Q-2).
    std::uint64_t result = 1, base = d;
    for (std::uint32_t e = Q - 2; e; e >>= 1) {
      if (e & 1) result = result * base % Q;
      base = base * base % Q;
    }
    return {static_cast<std::uint32_t>(result)};
  }
  static void check_modulus(std::uint32_t q, unsigned, const std::string& what) {
    if (q != Q) throw std::invalid_argument(what + ": field arithmetic for another modulus");
  }
  static constexpr std::uint16_t to_coefficient(value a, std::uint32_t) { return std::uint16_t(a); }
};

// The same arithmetic, tallying every operation (pqmul count). Products of two
// variables, multiplications by constants (and exact divisions) and
// additions are told apart by which operation the algorithm calls.
template <class Base>
struct CountingArithmetic : Base {
  using typename Base::constant;
  using typename Base::divisor;
  using typename Base::value;
  static OpCounts& tally() {
    thread_local OpCounts counts;
    return counts;
  }
  static OpCounts read_and_reset() {
    OpCounts c = tally();
    tally() = {};
    return c;
  }
  static value add(value a, value b) { ++tally().additions; return Base::add(a, b); }
  static value sub(value a, value b) { ++tally().additions; return Base::sub(a, b); }
  static value mul(value a, value b) { ++tally().products; return Base::mul(a, b); }
  static value mul_const(value a, constant c) { ++tally().constant_mults; return Base::mul_const(a, c); }
  static value divide(value a, divisor d) { ++tally().constant_mults; return Base::divide(a, d); }
};

}  // namespace pqmul
