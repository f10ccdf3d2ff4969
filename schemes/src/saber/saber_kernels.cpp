// The backends of Saber's kernel family (saber_kernels.hpp): the portable
// kernels, and the AVX2 ones for the widths and parameters they serve.
// Loops depend only on public lengths and widths, never on coefficient values.
#include "pqmul/schemes/saber/saber_kernels.hpp"

#include <array>
#include <type_traits>

#include "pqmul/algorithms/wipe.hpp"

#include "pqmul/schemes/common/constant_time.hpp"
#include "pqmul/schemes/saber/kernels_avx2.hpp"
#include "pqmul/schemes/saber/params.hpp"
#include "pqmul/schemes/saber/rounding.hpp"

namespace pqmul::saber {
namespace {

constexpr unsigned q_mask = (1u << eq) - 1, p_mask = (1u << ep) - 1;

// Any width: coefficients stream through a bit buffer, one after another.
void pack_any_width(const SaberPoly& p, unsigned bits, std::uint8_t* out) {
  const std::uint32_t mask = (1u << bits) - 1;
  std::uint64_t buffer = 0;
  unsigned filled = 0;
  std::size_t o = 0;
  for (std::size_t i = 0; i < n; ++i) {
    buffer |= std::uint64_t{p[i] & mask} << filled;
    filled += bits;
    while (filled >= 8) {
      out[o++] = static_cast<std::uint8_t>(buffer);
      buffer >>= 8;
      filled -= 8;
    }
  }
}

void unpack_any_width(const std::uint8_t* in, unsigned bits, SaberPoly& p) {
  const std::uint32_t mask = (1u << bits) - 1;
  std::uint64_t buffer = 0;
  unsigned filled = 0;
  std::size_t o = 0;
  for (std::size_t i = 0; i < n; ++i) {
    while (filled < bits) {
      buffer |= std::uint64_t{in[o++]} << filled;
      filled += 8;
    }
    p[i] = static_cast<std::uint16_t>(buffer & mask);
    buffer >>= bits;
    filled -= bits;
  }
}

// The widths the KEMs use (1, the message; T = 3, 4, 6; p = 10; q = 13; mu =
// 6, 8, 10 for the binomial's groups) in groups of 8 coefficients, Bits
// bytes: each group's bits gathered in two words, least significant first.
// The groups are independent, where the bit buffer above chains every
// coefficient to the one before: the KEMs' packing took about five times the
// reference code's instructions that way.
template <unsigned Bits>
void pack_width(const SaberPoly& p, std::uint8_t* out) {
  constexpr std::uint64_t mask = (std::uint64_t{1} << Bits) - 1;
  for (std::size_t g = 0; g < n / 8; ++g, out += Bits) {
    std::uint64_t low = 0, high = 0;
#pragma GCC unroll 8
    for (unsigned k = 0; k < 8; ++k) {
      const std::uint64_t v = p[8 * g + k] & mask;
      const unsigned at = k * Bits;
      if (at >= 64) {
        high |= v << (at - 64);
      } else {
        low |= v << at;
        if (at + Bits > 64) high |= v >> (64 - at);
      }
    }
#pragma GCC unroll 16
    for (unsigned b = 0; b < Bits; ++b) out[b] = static_cast<std::uint8_t>(b < 8 ? low >> (8 * b) : high >> (8 * (b - 8)));
  }
}

template <unsigned Bits>
void unpack_width(const std::uint8_t* in, SaberPoly& p) {
  constexpr std::uint64_t mask = (std::uint64_t{1} << Bits) - 1;
  for (std::size_t g = 0; g < n / 8; ++g, in += Bits) {
    std::uint64_t low = 0, high = 0;
#pragma GCC unroll 16
    for (unsigned b = 0; b < Bits; ++b) {
      if (b < 8)
        low |= std::uint64_t{in[b]} << (8 * b);
      else
        high |= std::uint64_t{in[b]} << (8 * (b - 8));
    }
#pragma GCC unroll 8
    for (unsigned k = 0; k < 8; ++k) {
      const unsigned at = k * Bits;
      std::uint64_t v;
      if (at >= 64)
        v = high >> (at - 64);
      else if (at + Bits > 64)
        v = (low >> at) | (high << (64 - at));
      else
        v = low >> at;
      p[8 * g + k] = static_cast<std::uint16_t>(v & mask);
    }
  }
}

// f(std::integral_constant<unsigned, Bits>) for a width of a fixed-width
// loop; false for any other width.
template <class F>
bool with_fixed_width(unsigned bits, F f) {
  const auto as = [&](auto width) { return f(width), true; };
  switch (bits) {
    case 1: return as(std::integral_constant<unsigned, 1>{});
    case 3: return as(std::integral_constant<unsigned, 3>{});
    case 4: return as(std::integral_constant<unsigned, 4>{});
    case 6: return as(std::integral_constant<unsigned, 6>{});
    case 8: return as(std::integral_constant<unsigned, 8>{});
    case 10: return as(std::integral_constant<unsigned, 10>{});
    case 13: return as(std::integral_constant<unsigned, 13>{});
    default: return false;
  }
}

void pack_portable(const SaberPoly& p, unsigned bits, std::uint8_t* out) {
  if (!with_fixed_width(bits, [&](auto width) { pack_width<decltype(width)::value>(p, out); }))
    pack_any_width(p, bits, out);
}

void unpack_portable(const std::uint8_t* in, unsigned bits, SaberPoly& p) {
  if (!with_fixed_width(bits, [&](auto width) { unpack_width<decltype(width)::value>(in, p); }))
    unpack_any_width(in, bits, p);
}

// Each coefficient: the bits of the low half of its mu-bit group less those
// of the high half. Half: the half width if fixed at compile time (the count
// unrolled, and the loop over the coefficients one that vectorises), else 0.
template <unsigned Half>
void binomial_of_groups(const SaberPoly& groups, unsigned half, SaberPoly& s) {
  if constexpr (Half != 0) half = Half;
  for (std::size_t i = 0; i < n; ++i) {
    const std::uint32_t v = groups[i];
    std::uint32_t plus = 0, minus = 0;
#pragma GCC unroll 8
    for (unsigned k = 0; k < half; ++k) {
      plus += (v >> k) & 1u;
      minus += (v >> (half + k)) & 1u;
    }
    s[i] = static_cast<std::uint16_t>((plus - minus) & (SaberRing::q - 1));
  }
}

void centred_binomial_portable(const std::uint8_t* coins, unsigned mu, SaberPoly& s) {
  // Read mu-bit groups as if they were coefficients, then count the bits of each half.
  SaberPoly groups(uninitialized);
  const WipeOnExit wiped(groups);
  unpack_portable(coins, mu, groups);
  switch (mu) {
    case 6: return binomial_of_groups<3>(groups, 3, s);
    case 8: return binomial_of_groups<4>(groups, 4, s);
    case 10: return binomial_of_groups<5>(groups, 5, s);
    default: return binomial_of_groups<0>(groups, mu / 2, s);
  }
}

void round_q_to_p_portable(SaberPoly& v) {
  for (auto& c : v.coeffs) c = static_cast<std::uint16_t>(((c + h1) & q_mask) >> (eq - ep));
}

void round_message_portable(SaberPoly& vp, const SaberPoly& message, unsigned et) {
  for (std::size_t i = 0; i < n; ++i) {
    const unsigned c = vp[i] - (unsigned{message[i]} << (ep - 1)) + h1;
    vp[i] = static_cast<std::uint16_t>((c & p_mask) >> (ep - et));
  }
}

void recover_message_portable(SaberPoly& v, const SaberPoly& cm, unsigned et) {
  const unsigned h2 = h2_for(et);
  for (std::size_t i = 0; i < n; ++i) {
    const unsigned c = v[i] + h2 - (unsigned{cm[i]} << (ep - et));
    v[i] = static_cast<std::uint16_t>((c & p_mask) >> (ep - 1));
  }
}

std::uint8_t differ_portable(const std::uint8_t* a, const std::uint8_t* b, std::size_t length) {
  return ct::differ(std::span(a, length), std::span(b, length));
}

using Backend = KernelBackend<SaberKernels>;

constexpr SaberKernels portable_kernels{
    {&pack_portable},         {&unpack_portable},        {&centred_binomial_portable},
    {&round_q_to_p_portable}, {&round_message_portable}, {&recover_message_portable},
    {&differ_portable}};

#if defined(PQMUL_X86_SIMD)
constexpr SaberKernels avx2_kernels{
    {[](const SaberPoly& p, unsigned bits, std::uint8_t* out) {
      avx2::packs_width(bits) ? avx2::pack(p.coeffs.data(), bits, out) : pack_portable(p, bits, out);
    }},
    {[](const std::uint8_t* in, unsigned bits, SaberPoly& p) {
      avx2::packs_width(bits) ? avx2::unpack(in, bits, p.coeffs.data()) : unpack_portable(in, bits, p);
    }},
    {[](const std::uint8_t* coins, unsigned mu, SaberPoly& s) {
      avx2::samples_mu(mu) ? avx2::centred_binomial(coins, mu, s.coeffs.data())
                           : centred_binomial_portable(coins, mu, s);
    }},
    {[](SaberPoly& v) { avx2::round_q_to_p(v.coeffs.data(), n); }},
    {[](SaberPoly& vp, const SaberPoly& message, unsigned et) {
      avx2::round_message(vp.coeffs.data(), message.coeffs.data(), et);
    }},
    {[](SaberPoly& v, const SaberPoly& cm, unsigned et) {
      avx2::recover_message(v.coeffs.data(), cm.coeffs.data(), et, static_cast<std::uint16_t>(h2_for(et)));
    }},
    {&avx2::differ},
};
constexpr std::array backends_list{
    Backend{Isa::portable, [](const CpuFeatures&) { return true; }, portable_kernels},
    Backend{Isa::avx2, [](const CpuFeatures& f) { return f.avx2; }, avx2_kernels},
};
#else
constexpr std::array backends_list{Backend{Isa::portable, [](const CpuFeatures&) { return true; }, portable_kernels}};
#endif

}  // namespace

std::span<const KernelBackend<SaberKernels>> SaberKernels::backends() { return backends_list; }

}  // namespace pqmul::saber
