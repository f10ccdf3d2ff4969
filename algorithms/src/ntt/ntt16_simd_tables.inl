// What the "ntt16" SIMD transforms (ntt16_simd_layers.inl, which includes
// this file) read of a tree: its twiddles in the kernels' lane order and its
// scalar constants, as vectors of the register's width, one TreeTables per
// tree (ntt16_primes.hpp's tree_index). Needs the ISA's W, kPairs, kInPair
// and kLaneTwiddlesAsLoads. No include guard: included once per ISA.

// Per tree: the lane twiddles of the in-pair layers (j = 0: length W, ...,
// j = kInPair - 1: length 1) for each pair, forward and inverse.
struct LaneTwiddles {
  alignas(64) std::int16_t forward[kInPair][kPairs][2][W];  // [..][0] = zeta, [1] = zeta p^-1
  alignas(64) std::int16_t inverse[kInPair][kPairs][2][W];
};
// Per tree: the twiddles of the layers between registers (k < 2^layers),
// each broadcast to a register's width in memory. Read as an operand of the
// product, a twiddle costs no broadcast, and the compiler does not turn a
// low product by a constant into shifts and subtractions.
constexpr std::size_t kOuterTwiddles = std::size_t{1} << (kLayers - kInPair);
struct OuterTwiddles {
  alignas(64) std::int16_t forward[kOuterTwiddles][2][W];  // [k][0] = zeta_k, [1] = zeta_k p^-1
  alignas(64) std::int16_t inverse[kOuterTwiddles][2][W];
};
struct TreeTables {
  OuterTwiddles outer;
  LaneTwiddles lane;
  alignas(64) std::int16_t p[W];
  alignas(64) std::int16_t barrett[2][W];  // by BarrettKind: barrett_v, loose_barrett_w
  // The inverse's last layer, plain and halved (ntt16_primes.hpp's
  // last_layer): scale, scale p^-1, zeta, zeta p^-1.
  alignas(64) std::int16_t last[2][4][W];
};

template <std::size_t P>
consteval TreeTables make_tree_tables() {
  constexpr auto order = make_simd_order<W>();
  const PrimeConstants& c = tree_constants(P);
  TreeTables t{};
  for (std::size_t j = 0, len = W; j < kInPair; ++j, len /= 2)
    for (std::size_t pair = 0; pair < kPairs; ++pair)
      for (std::size_t l = 0; l < W; ++l) {
        const std::size_t k = kLength / (2 * len) + order.x_position[j][pair * W + l] / (2 * len);
        t.lane.forward[j][pair][0][l] = c.zeta[k];
        t.lane.forward[j][pair][1][l] = c.zeta_qinv[k];
        t.lane.inverse[j][pair][0][l] = c.zeta_inverse[k];
        t.lane.inverse[j][pair][1][l] = c.zeta_inverse_qinv[k];
      }
  for (std::size_t l = 0; l < W; ++l) {
    for (std::size_t k = 1; k < kOuterTwiddles; ++k) {
      t.outer.forward[k][0][l] = c.zeta[k];
      t.outer.forward[k][1][l] = c.zeta_qinv[k];
      t.outer.inverse[k][0][l] = c.zeta_inverse[k];
      t.outer.inverse[k][1][l] = c.zeta_inverse_qinv[k];
    }
    t.p[l] = static_cast<std::int16_t>(c.p);
    t.barrett[static_cast<std::size_t>(BarrettKind::tight)][l] = c.barrett_v;
    t.barrett[static_cast<std::size_t>(BarrettKind::loose)][l] = c.loose_barrett_w;
    for (const bool halved : {false, true}) {
      const LastLayerConstants last = last_layer(c, halved);
      const std::int16_t values[4] = {last.scale, last.scale_qinv, last.zeta, last.zeta_qinv};
      for (std::size_t i = 0; i < 4; ++i) t.last[halved][i][l] = values[i];
    }
  }
  return t;
}
template <std::size_t P>
constexpr TreeTables tree_tables_table = make_tree_tables<P>();

// A table through a pointer the compiler cannot follow, so that its reads
// stay reads. Of a twiddle it can see, gcc builds the vector with a scalar
// move and a broadcast (where a layer's lanes share one twiddle) and turns
// low products by it into shifts and subtractions: more operations on the
// vector pipes, which bound these transforms, where a load costs none of
// them. With the lane tables seen, the AVX2 forward had 40 low products
// instead of 72 and 18 broadcasts.
template <class Table>
[[gnu::always_inline]] inline const Table& unseen(const Table& table) {
  const Table* t = &table;
  __asm__("" : "+r"(t));
  return *t;
}
// The lane tables are hidden where the ISA file says so (kLaneTwiddlesAsLoads):
// on AArch64 gcc's own forms of the constants model faster.
[[gnu::always_inline]] inline const LaneTwiddles& lane_twiddles(const TreeTables& t) {
  if constexpr (kLaneTwiddlesAsLoads)
    return unseen(t.lane);
  else
    return t.lane;
}

// Where every table is read as loads (kLaneTwiddlesAsLoads), trees whose
// schedules agree share one body: the transforms are fully unrolled (3.5-4.6
// KB each on AVX2), and NTRU's "ntt16-1536" product runs the forwards and
// the inverses of two primes on two trees, more code than the 32 KB L1
// instruction cache holds (in a harness, one product with every inverse on
// one tree's code took 5% fewer ticks). Compile time: the schedule tree S
// (the first tree with the same schedule); run time: the tree's TreeTables.
// Where gcc sees the tables (AArch64), each tree keeps its own body.
constexpr bool kShareSchedules = kLaneTwiddlesAsLoads;
template <bool Wide>
constexpr std::size_t forward_schedule_tree(std::size_t tree) {
  const PrimeConstants& c = tree_constants(tree);
  for (std::size_t s = 0; kShareSchedules && s < tree; ++s) {
    const PrimeConstants& d = tree_constants(s);
    if (Wide ? d.wide_forward_barrett == c.wide_forward_barrett && d.wide_forward_reduction == c.wide_forward_reduction
             : d.forward_barrett == c.forward_barrett && d.forward_reduction == c.forward_reduction)
      return s;
  }
  return tree;
}
constexpr std::size_t inverse_schedule_tree(std::size_t tree) {
  const PrimeConstants& c = tree_constants(tree);
  for (std::size_t s = 0; kShareSchedules && s < tree; ++s) {
    const PrimeConstants& d = tree_constants(s);
    if (d.inverse_barrett == c.inverse_barrett && d.reduce_sums_after_inverse == c.reduce_sums_after_inverse) return s;
  }
  return tree;
}
