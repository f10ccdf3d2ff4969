// The index maps of "ntt16-1536" (ntt16_good.hpp): Good's permutation of a
// cyclic convolution of length 1536 into 3 slices of 512 and back. Written
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

// Three blocks 512 apart: the candidates j + 512 t (t = 0, 1, 2) of a slice
// position, or the three slices at one position.
struct Candidates {
  Block at[kGoodSlices];
};
// Each lane from the candidate whose index has the residue the lane needs
// (the first lane's: c).
[[gnu::always_inline]] inline Block pick(const Candidates& x, std::size_t c) {
  const auto& m = kResidueMasks.take[c];
  return (x.at[0] & load_block(m[0])) | (x.at[1] & load_block(m[1])) | (x.at[2] & load_block(m[2]));
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

void good_split(const std::uint16_t* a, std::size_t n, std::uint16_t q, std::int16_t* u, std::int16_t* v) {
  // Slice r's position j holds index j + 512 t with t = 2 r + j mod 3 (512 = 2
  // mod 3): the three slices pick from the same candidates, slice r with
  // first residue 2 r + j0. Position j + 256 is one more mod 3 (256 = 1 mod 3).
  const int shift = 16 - std::countr_zero(q);
  const auto candidates = [&](std::size_t j) {
    return Candidates{{lifted_block(a, n, j, shift), lifted_block(a, n, j + kGoodSlice, shift),
                       lifted_block(a, n, j + 2 * kGoodSlice, shift)}};
  };
  constexpr std::size_t half = kGoodSlice / 2;
  std::size_t c0 = 0;  // j0 mod 3 (16 = 1 mod 3)
  for (std::size_t j0 = 0; j0 < half; j0 += kGoodBlock, c0 = next_residue(c0)) {
    const Candidates low = candidates(j0), high = candidates(half + j0);
    for (std::size_t r = 0, c = c0; r < kGoodSlices; ++r, c = next_residue(next_residue(c))) {
      const Block lo = pick(low, c), hi = pick(high, next_residue(c));
      store_block(u + r * half + j0, lo + hi);
      store_block(v + r * half + j0, lo - hi);
    }
  }
}

void good_fold(const std::uint16_t* c, std::size_t n, std::uint16_t q, std::uint16_t* out) {
  // F[i] = slice (i mod 3)'s position i mod 512, zero from 2n - 1 on; out[i]
  // = F[i] + F[i + n]. A block of F at a multiple of 16 stays within one 512.
  const auto block_of_f = [c](std::size_t i0) {
    const std::uint16_t* at = c + i0 % kGoodSlice;
    return pick(Candidates{{load_block(at), load_block(at + kGoodSlice), load_block(at + 2 * kGoodSlice)}},
                i0 % kGoodSlices);
  };
  alignas(32) std::uint16_t part[kGoodBlock];
  std::size_t i = 0;
  for (; i + kGoodBlock <= n; i += kGoodBlock) store_block(out + i, block_of_f(i));
  if (i < n) {
    store_block(part, block_of_f(i));
    std::copy_n(part, n - i, out + i);
  }
  // F[k], n <= k < 2n - 1, into out[k - n]: the block holding n from lane n - k
  // on, then whole blocks while they end within out, then the last lanes.
  std::size_t k = n / kGoodBlock * kGoodBlock;
  const std::size_t end = 2 * n - 1;
  store_block(part, block_of_f(k));
  for (std::size_t l = n - k; l < kGoodBlock && k + l < end; ++l) out[k + l - n] += part[l];
  for (k += kGoodBlock; k + kGoodBlock <= 2 * n; k += kGoodBlock)
    store_block(out + (k - n), load_block(out + (k - n)) + block_of_f(k));
  if (k < end) {
    store_block(part, block_of_f(k));
    for (std::size_t l = 0; k + l < end; ++l) out[k + l - n] += part[l];
  }
  wipe_bytes(part, sizeof part);
  const Block mask = Block{} + static_cast<std::uint16_t>(q - 1);
  for (i = 0; i + kGoodBlock <= n; i += kGoodBlock) store_block(out + i, load_block(out + i) & mask);
  for (; i < n; ++i) out[i] &= static_cast<std::uint16_t>(q - 1);
}
