// The index maps of "ntt16-1536" (ntt16_good.hpp): Good's permutation of a
// cyclic convolution of length 1536 into 3 slices of 512 and back; and those
// of "ntt16-1024" (ntt16_pairs.hpp), at the end. Written
// once on blocks of 16 lanes in the compilers' generic vectors, which every
// build lowers to its own instructions (two SSE2 or NEON registers, one AVX2
// register); included inside a namespace by ntt16_good.cpp (the portable
// twin) and by each SIMD ISA's kernel unit. No include guard.

namespace {

constexpr std::size_t kGoodBlock = 16;
using Block = std::uint16_t __attribute__((vector_size(2 * kGoodBlock)));
using SignedBlock = std::int16_t __attribute__((vector_size(2 * kGoodBlock)));

[[gnu::always_inline]] inline Block load_block(const std::uint16_t* p) {
  Block b;
  __builtin_memcpy(&b, p, sizeof b);
  return b;
}
[[gnu::always_inline]] inline void store_block(void* p, Block b) { __builtin_memcpy(p, &b, sizeof b); }

// Lane l of a block whose first index is congruent to c mod 3 holds an index
// congruent to c + l: take[c][t] is all ones in the lanes where that is t.
struct ResidueMasks {
  alignas(32) std::uint16_t take[kGoodSlices][kGoodSlices][kGoodBlock];
};
consteval ResidueMasks make_residue_masks() {
  ResidueMasks m{};
  for (std::size_t c = 0; c < kGoodSlices; ++c)
    for (std::size_t l = 0; l < kGoodBlock; ++l) m.take[c][(c + l) % kGoodSlices][l] = 0xffff;
  return m;
}
constexpr ResidueMasks kResidueMasks = make_residue_masks();

// Lane l of the result from x_t, t = (c + l) mod 3: each lane has three
// candidates (the split's indices j + 512 t, the fold's slices t), and c is
// the one the block's first lane takes.
[[gnu::always_inline]] inline Block pick(Block x0, Block x1, Block x2, std::size_t c) {
  const auto& m = kResidueMasks.take[c];
  return (x0 & load_block(m[0])) | (x1 & load_block(m[1])) | (x2 & load_block(m[2]));
}
// The same where no candidate is known to be zero (the fold's): with AVX2
// two byte blends, one operation each, against three ANDs and two ORs. (The
// split's candidates include zeros, whose ANDs the compiler drops.)
[[gnu::always_inline]] inline Block pick_of_three(Block x0, Block x1, Block x2, std::size_t c) {
#if defined(__AVX2__)
  const auto& m = kResidueMasks.take[c];
  const auto blend = [](Block x, Block y, Block mask) {
    return reinterpret_cast<Block>(_mm256_blendv_epi8(reinterpret_cast<__m256i>(x), reinterpret_cast<__m256i>(y),
                                                      reinterpret_cast<__m256i>(mask)));
  };
  return blend(blend(x0, x1, load_block(m[1])), x2, load_block(m[2]));
#else
  return pick(x0, x1, x2, c);
#endif
}
[[gnu::always_inline]] inline std::size_t next_residue(std::size_t c) { return c + 1 == kGoodSlices ? 0 : c + 1; }

// a's coefficients index .. index + 15, centred (the low log2(q) bits read
// as signed), zero from n on.
[[gnu::always_inline]] inline Block lifted_block(const std::uint16_t* a, std::size_t n, std::size_t index,
                                                 int shift) {
  Block b{};
  if (index + kGoodBlock <= n) {
    b = load_block(a + index);
  } else if (index < n) {
    alignas(32) std::uint16_t tail[kGoodBlock] = {};
    std::copy_n(a + index, n - index, tail);
    b = load_block(tail);
    wipe_bytes(tail, sizeof tail);
  }
  return reinterpret_cast<Block>(reinterpret_cast<SignedBlock>(b << shift) >> shift);
}

}  // namespace

void good_split(const std::uint16_t* a, std::size_t n, std::uint16_t q, std::int16_t* u, std::int16_t* v,
                std::size_t slice_stride) {
  // Slice r's position j holds index j + 512 t with t = 2 r + j mod 3 (512 = 2
  // mod 3): the three slices pick from the same candidates, slice r with
  // first residue 2 r + j0. Position j + 256 is one more mod 3 (256 = 1 mod 3).
  // With n <= 768 only the candidates below 768 can be nonzero: for a
  // position j < 256 those at j and j + 512, for j + 256 only j + 256 itself.
  // The blocks go in threes, so that each one's residue, and with it its
  // masks, is known at compile time (16 = 1 mod 3): no index arithmetic on
  // the masks, no branches on the residue.
  const int shift = 16 - std::countr_zero(q);
  constexpr std::size_t half = kGoodSlice / 2;
  const Block zero{};
  const auto block = [&]<std::size_t C0>(std::size_t j0) __attribute__((always_inline)) {
    const Block low0 = lifted_block(a, n, j0, shift), low1 = lifted_block(a, n, j0 + kGoodSlice, shift);
    const Block high0 = lifted_block(a, n, half + j0, shift);
    [&]<std::size_t... R>(std::index_sequence<R...>) __attribute__((always_inline)) {
      (
          [&]() __attribute__((always_inline)) {
            constexpr std::size_t c = (C0 + 2 * R) % kGoodSlices;
            const Block lo = pick(low0, low1, zero, c), hi = pick(high0, zero, zero, next_residue(c));
            store_block(u + R * slice_stride + j0, lo + hi);
            store_block(v + R * slice_stride + j0, lo - hi);
          }(),
          ...);
    }(std::make_index_sequence<kGoodSlices>{});
  };
  constexpr std::size_t kRound = kGoodSlices * kGoodBlock;
  std::size_t j0 = 0;
  for (; j0 + kRound <= half; j0 += kRound) {
    block.template operator()<0>(j0);
    block.template operator()<1>(j0 + kGoodBlock);
    block.template operator()<2>(j0 + 2 * kGoodBlock);
  }
  static_assert(half % kRound == kGoodBlock, "one block after the rounds, its first index 0 mod 3");
  block.template operator()<0>(j0);
}

void good_fold(std::uint16_t* c, std::size_t n, std::uint16_t q, std::uint16_t* out) {
  // F[k] = slice (k mod 3)'s position k mod 512; out[i] = F[i] + F[i + n], in
  // one pass of blocks. Each slice's first block is written again after it,
  // so a block read at any position wraps mod 512. The product's degree is
  // below 2n - 1, so F is zero from there on and a block may run past it;
  // a lane kept reads i + n + l < 2n <= 1536, so no block wraps mod 1536.
  for (std::size_t r = 0; r < kGoodSlices; ++r)
    store_block(c + r * kGoodSliceStride + kGoodSlice, load_block(c + r * kGoodSliceStride));
  // A block of F at index k: its position k mod 512 and residue k mod 3,
  // carried from block to block (16 = 1 mod 3).
  struct At {
    std::size_t position, residue;
    void next() { position = (position + kGoodBlock) % kGoodSlice, residue = next_residue(residue); }
  };
  const auto block_of_f = [c](At k) {
    const std::uint16_t* at = c + k.position;
    return pick_of_three(load_block(at), load_block(at + kGoodSliceStride), load_block(at + 2 * kGoodSliceStride),
                         k.residue);
  };
  const Block mask = Block{} + static_cast<std::uint16_t>(q - 1);
  At low{0, 0}, high{n % kGoodSlice, n % kGoodSlices};
  std::size_t i = 0;
  for (; i + kGoodBlock <= n; i += kGoodBlock, low.next(), high.next())
    store_block(out + i, (block_of_f(low) + block_of_f(high)) & mask);
  if (i < n) {
    alignas(32) std::uint16_t part[kGoodBlock];
    store_block(part, (block_of_f(low) + block_of_f(high)) & mask);
    std::copy_n(part, n - i, out + i);
    wipe_bytes(part, sizeof part);
  }
}

// The index maps of "ntt16-1024" (ntt16_pairs.hpp): a's even and odd
// coefficients apart, and the product's back together, folded.
namespace {
[[gnu::always_inline]] inline Block even_lanes(Block x, Block y) {
  return __builtin_shufflevector(x, y, 0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30);
}
[[gnu::always_inline]] inline Block odd_lanes(Block x, Block y) {
  return __builtin_shufflevector(x, y, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27, 29, 31);
}
[[gnu::always_inline]] inline Block interleave_low(Block x, Block y) {
  return __builtin_shufflevector(x, y, 0, 16, 1, 17, 2, 18, 3, 19, 4, 20, 5, 21, 6, 22, 7, 23);
}
[[gnu::always_inline]] inline Block interleave_high(Block x, Block y) {
  return __builtin_shufflevector(x, y, 8, 24, 9, 25, 10, 26, 11, 27, 12, 28, 13, 29, 14, 30, 15, 31);
}
}  // namespace

void pair_split(const std::uint16_t* a, std::size_t n, std::uint16_t q, std::int16_t* even_c, std::int16_t* even_n,
                std::int16_t* odd_c, std::int16_t* odd_n) {
  const int shift = 16 - std::countr_zero(q);
  for (std::size_t t = 0; t < kLength; t += kGoodBlock) {
    const Block x = lifted_block(a, n, 2 * t, shift), y = lifted_block(a, n, 2 * t + kGoodBlock, shift);
    const Block even = even_lanes(x, y), odd = odd_lanes(x, y);
    store_block(even_c + t, even);
    store_block(even_n + t, even);
    store_block(odd_c + t, odd);
    store_block(odd_n + t, odd);
  }
}

void pair_fold(const std::uint16_t* even, const std::uint16_t* odd, std::size_t n, std::uint16_t q,
               std::uint16_t* out) {
  // With n = 2h + 1: out[2t] = c_(2t) + c_(2t+n) = even[t] + odd[t + h], and
  // out[2t + 1] = odd[t] + even[t + h + 1]. The blocks start at t <= h, a
  // multiple of 16, and h <= 255, so none reads past index 511; a lane past
  // out's end only reads zeros or values it drops.
  const std::size_t h = n / 2;
  const Block mask = Block{} + static_cast<std::uint16_t>(q - 1);
  const auto pair_of_blocks = [&](std::size_t t, Block& low, Block& high) {
    const Block at_even = (load_block(even + t) + load_block(odd + t + h)) & mask;
    const Block at_odd = (load_block(odd + t) + load_block(even + t + h + 1)) & mask;
    low = interleave_low(at_even, at_odd);
    high = interleave_high(at_even, at_odd);
  };
  std::size_t t = 0;
  for (; 2 * (t + kGoodBlock) <= n; t += kGoodBlock) {
    Block low, high;
    pair_of_blocks(t, low, high);
    store_block(out + 2 * t, low);
    store_block(out + 2 * t + kGoodBlock, high);
  }
  if (2 * t < n) {
    alignas(32) std::uint16_t part[2 * kGoodBlock];
    Block low, high;
    pair_of_blocks(t, low, high);
    store_block(part, low);
    store_block(part + kGoodBlock, high);
    std::copy_n(part, n - 2 * t, out + 2 * t);
    wipe_bytes(part, sizeof part);
  }
}
