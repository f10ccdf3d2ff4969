// The big-prime NTT kernels (big_ntt_kernels.hpp) written once for every
// register width: big_ntt_avx2.cpp (8 residues per register),
// big_ntt_avx512.cpp (16) and big_ntt_neon.cpp (4) each define the vector
// steps, then include this
// file inside their namespace. The steps each must define:
//   V, W (lanes), log_W; load, store, bcast; add, sub (mod p, values in
//   [0, p)); mul (Montgomery), mul_bcast, mul_lanes (by constants, Shoup);
//   smaller, log2_of;
//   split(log_len, a, b, x, y) / merge(log_len, x, y, a, b): the 2 W
//     coefficients a, b as the low (x) and high (y) inputs of the butterflies
//     of length 2^log_len < W, and back (make_kernel_tables lays the lane
//     twiddles out by the same map);
//   broadcast_lane(x, log_d, i), rotated_term(y, gy, log_d, i): for blocks of
//     d = 2^log_d <= W coefficients in one register, lane l of block l / d
//     takes x_i, and y_{(l - i) mod d}, or gamma y (gy) where l mod d < i.
// No include guard: included once per ISA.

void forward(const PrimeKernelTables& t, std::uint32_t* f, std::size_t length, unsigned layers,
             std::size_t nonzero) {
  const V p = bcast(t.p);
  const std::size_t d = length >> layers;
  // Each block of 2 len coefficients is zero from `nonzero` on (relative to
  // its start): where f[j + len] is zero the butterfly copies f[j]. After the
  // layer the blocks of len are zero from min(nonzero, len) on.
  for (std::size_t len = length / 2; len >= d && len >= W; len >>= 1) {
    const std::size_t first = length / (2 * len);
    const std::size_t active = nonzero > len ? (smaller(nonzero - len, len) + W - 1) / W * W : 0;
    for (std::size_t g = 0, start = 0; start < length; ++g, start += 2 * len) {
      const V z = bcast(t.zetas[first + g]), zq = bcast(t.zetas_shoup[first + g]);
      for (std::size_t j = start; j < start + active; j += W) {
        const V a = load(f + j), u = mul_bcast(load(f + j + len), z, zq, p);
        store(f + j + len, sub(a, u, p));
        store(f + j, add(a, u, p));
      }
      for (std::size_t j = start + active; j < start + len; j += W) store(f + j + len, load(f + j));
    }
    nonzero = smaller(nonzero, len);
  }
  if (d >= W) return;
  const std::uint32_t* lanes = t.forward_lanes;
  const unsigned log_d = log2_of(d);
  for (std::size_t c = 0; c < length; c += 2 * W) {
    V a = load(f + c), b = load(f + c + W);
    for (unsigned log_len = log_W - 1;; --log_len) {
      V x, y;
      split(log_len, a, b, x, y);
      const V u = mul_lanes(y, load(lanes), load(lanes + W), p);
      lanes += 2 * W;
      merge(log_len, add(x, u, p), sub(x, u, p), a, b);
      if (log_len == log_d) break;
    }
    store(f + c, a);
    store(f + c + W, b);
  }
}

void inverse(const PrimeKernelTables& t, std::uint32_t* f, const std::uint32_t* in, std::size_t length,
             unsigned layers) {
  // The first pass reads `in`, the later ones f.
  const std::uint32_t* src = in;
  const V p = bcast(t.p);
  const std::size_t d = length >> layers;
  if (d < W) {
    const std::uint32_t* lanes = t.inverse_lanes;
    const unsigned log_d = log2_of(d);
    for (std::size_t c = 0; c < length; c += 2 * W) {
      V a = load(src + c), b = load(src + c + W);
      for (unsigned log_len = log_d; log_len < log_W; ++log_len) {
        V x, y;
        split(log_len, a, b, x, y);
        const V v = mul_lanes(sub(y, x, p), load(lanes), load(lanes + W), p);
        lanes += 2 * W;
        merge(log_len, add(x, y, p), v, a, b);
      }
      store(f + c, a);
      store(f + c + W, b);
    }
    src = f;
  }
  std::size_t len = d < W ? W : d;
  for (; len < length / 2; len <<= 1) {
    const std::size_t groups = length / (2 * len);
    for (std::size_t g = 0, start = 0; start < length; ++g, start += 2 * len) {
      const std::size_t k = 2 * groups - 1 - g;
      const V z = bcast(t.zetas[k]), zq = bcast(t.zetas_shoup[k]);
      for (std::size_t j = start; j < start + len; j += W) {
        const V u = load(src + j), v = load(src + j + len);
        store(f + j, add(u, v, p));
        store(f + j + len, mul_bcast(sub(v, u, p), z, zq, p));
      }
    }
    src = f;
  }
  const V s = bcast(t.scale), sq = bcast(t.scale_shoup);
  const V z = bcast(t.last_zeta_scaled), zq = bcast(t.last_zeta_scaled_shoup);
  for (std::size_t j = 0; j < len; j += W) {
    const V u = load(src + j), v = load(src + j + len);
    store(f + j, mul_bcast(add(u, v, p), s, sq, p));
    store(f + j + len, mul_bcast(sub(v, u, p), z, zq, p));
  }
}

void base_multiply_accumulate(const PrimeKernelTables& t, std::uint32_t* acc, const std::uint32_t* a,
                              const std::uint32_t* b, std::size_t length, unsigned layers) {
  const V p = bcast(t.p), mq = bcast(t.minus_p_inverse);
  const std::size_t d = length >> layers;
  if (d == 1) {
    for (std::size_t i = 0; i < length; i += W)
      store(acc + i, add(load(acc + i), mul(load(a + i), load(b + i), p, mq), p));
    return;
  }
  if (d <= W) {
    const unsigned log_d = log2_of(d);
    for (std::size_t c = 0; c < length; c += W) {
      const V x = load(a + c), y = load(b + c);
      const V gy = mul_lanes(y, load(t.gamma_lanes + c), load(t.gamma_lanes_shoup + c), p);
      V sum = load(acc + c);
      for (std::size_t i = 0; i < d; ++i) {
        const V xi = broadcast_lane(x, log_d, i), yi = rotated_term(y, gy, log_d, i);
        sum = add(sum, mul(xi, yi, p, mq), p);
      }
      store(acc + c, sum);
    }
    return;
  }
  // d > W (a multiple of W): c[k] = sum_i x_i e[d + k - i], where e holds
  // gamma y then y, so indices below d pick the wrapped terms.
  alignas(64) std::uint32_t e[2 * 2048];
  for (std::size_t block = 0; block < length; block += d) {
    const std::uint32_t* x = a + block;
    const std::uint32_t* y = b + block;
    const V g = bcast(t.gammas[block / d]), gq = bcast(t.gammas_shoup[block / d]);
    for (std::size_t k = 0; k < d; k += W) {
      const V yk = load(y + k);
      store(e + d + k, yk);
      store(e + k, mul_bcast(yk, g, gq, p));
    }
    for (std::size_t k = 0; k < d; k += W) {
      V sum = load(acc + block + k);
      for (std::size_t i = 0; i < d; ++i) sum = add(sum, mul(bcast(x[i]), load(e + d + k - i), p, mq), p);
      store(acc + block + k, sum);
    }
  }
}

// crt_to_q's walk for ISAs without masked loads (AVX2, NEON): store_block(dst,
// a1, a2, i, above) writes the 2W outputs of coefficients i.. from the residues
// at a1 + i (and a2 + i), each first given the one `above` places up (0: none).
// Folding stops below n - 1 (coefficient 2n - 1 is not added, as in the
// portable code), so that coefficient always goes through the tail, which runs
// on zero-padded copies: residues, then the folded ones.
template <class StoreBlock>
void crt_blocks(std::uint16_t* out, const std::uint32_t* r1, const std::uint32_t* r2, bool two, std::size_t n,
                std::size_t fold, StoreBlock store_block) {
  const std::size_t full = fold != 0 ? n - 1 : n;
  std::size_t i = 0;
  for (; i + 2 * W <= full; i += 2 * W) store_block(out + i, r1, r2, i, fold);
  if (i == n) return;
  alignas(64) std::uint32_t t1[4 * W] = {}, t2[4 * W] = {};
  alignas(64) std::uint16_t o[2 * W];
  for (std::size_t j = 0; i + j < n; ++j) {
    const bool folded = fold != 0 && i + j + 1 < n;
    t1[j] = r1[i + j];
    if (folded) t1[2 * W + j] = r1[i + j + fold];
    if (two) {
      t2[j] = r2[i + j];
      if (folded) t2[2 * W + j] = r2[i + j + fold];
    }
  }
  store_block(o, t1, t2, 0, fold != 0 ? 2 * W : 0);
  for (std::size_t j = 0; i + j < n; ++j) out[i + j] = o[j];
}
