// The kernels of the Kyber / ML-KEM NTT on SIMD registers, one list for every
// ISA: kyber_ntt_simd.hpp includes it in namespace kyber_ntt::avx2 (16 lanes,
// kyber_ntt_avx2.cpp and kyber_ntt_lanes_avx2.cpp) and kyber_ntt::avx512 (32
// lanes, kyber_ntt_avx512.cpp, whose transforms are the AVX2 ones: their
// in-register transposes are written for 16 lanes). No include guard: it is
// meant to be included once per namespace.
//
// Kernels take raw pointers to 256 coefficients, any alignment; call them
// only when isa_available(the ISA). Bounds as in kyber_ntt.hpp (|x| < B means
// -B < x < B); results are congruent mod q to the portable twins' and equal
// to them where a comment says so; the ISAs give equal values. The debug
// (sanitizer) build checks every bound (kernel_contracts.hpp).

inline constexpr std::int32_t inverse_input_bound = simd_inverse_input_bound;
inline constexpr std::int64_t product_lane_bound = simd_product_lane_bound;

// Forward NTT in place, FIPS 203 order in and out (the last three layers are
// done after in-register transposes, which are undone before the store).
//   |in| < q  ->  |out| < 8q; equal to kyber_ntt::forward's output.
void forward(std::int16_t* f);
// forward, then reduce: |in| < q -> centred [-(q-1)/2, (q-1)/2].
void forward_centred(std::int16_t* f);
// f = forward_centred of a's values, a canonical (in [0, q)), read straight
// from a (no copy first).
void forward_centred_from(std::int16_t* f, const std::uint16_t* a);

// Inverse NTT in place including 1/128, FIPS 203 order in and out; the
// scaling is folded into the last layer's constants. The input bound is
// narrower than the portable inverse's (4q): it covers reduced (centred)
// input, and lets one layer of reductions go.
//   |in| < inverse_input_bound  ->  |out| < q, out = NTT^-1(in) mod q.
void inverse(std::int16_t* f);
// As inverse(), input carrying R^-1: out = NTT^-1(in * R) mod q. Same bounds.
void inverse_from_montgomery(std::int16_t* f);
// inverse_from_montgomery with the values moved into [0, q) as they are
// stored, into out (f is left as scratch; out may be f's own storage, each
// value is read before its place is written): equal to
// inverse_from_montgomery then to_canonical.
void inverse_from_montgomery_to_canonical(std::uint16_t* out, std::int16_t* f);

// acc[i] += (a o b)[i] in 32-bit lanes, wrapping. Each pair is two madd
// sums: acc_{2i} += a0 fqmul(b0, R) + a1 fqmul(b1, gamma_i R) (one
// Montgomery product of the whole register), acc_{2i+1} += a0 b1 + a1 b0.
// Congruent mod q to the portable lanes (which take fqmul(a1, b1) * gamma_i
// instead), no Montgomery factor.
//   |a|, |b| <= (q-1)/2  ->  each lane grows by at most product_lane_bound.
void base_multiply_accumulate(std::int32_t* acc, const std::int16_t* a, const std::int16_t* b);
// The same with a canonical (values in [0, q), as sampled or decoded), centred
// on the way in: base_multiply_accumulate of a's centred values.
void base_multiply_accumulate_canonical(std::int32_t* acc, const std::uint16_t* a, const std::int16_t* b);
// acc = a o b (as base_multiply_accumulate_canonical on a zero acc; acc only written).
void base_multiply_canonical(std::int32_t* acc, const std::uint16_t* a, const std::int16_t* b);
// Coefficients [from, to) only (multiples of 32) of base_multiply_canonical
// (`first`) or base_multiply_accumulate_canonical: part of a row.
void base_multiply_canonical_part(std::int32_t* acc, const std::uint16_t* a, const std::int16_t* b, bool first,
                                  std::size_t from, std::size_t to);
// A row in one pass: r = (sum_j a_j o b_j) R^-1 mod q over `count` products
// (1 <= count <= max_row_products), summed in 32-bit registers as
// base_multiply_accumulate sums them and reduced once, with no accumulator in
// memory: r[i] = montgomery_reduce_wide(the lane i that clear_accumulator and
// count base_multiply_accumulate calls would hold), so |r| < inverse_input_bound,
// ready for inverse_from_montgomery.
//   |a_j|, |b_j| <= (q-1)/2.
inline constexpr std::size_t max_row_products = simd_max_row_products;
void base_multiply_row(std::int16_t* r, const std::int16_t* const* a, const std::int16_t* const* b, std::size_t count);
// The same with canonical a_j (values in [0, q)), centred on the way in.
void base_multiply_row_canonical(std::int16_t* r, const std::uint16_t* const* a, const std::int16_t* const* b,
                                 std::size_t count);
// Coefficients [from, to) (multiples of 32) of a row plus an NTT-domain term,
// in one pass: out = (sum_j a_j o b_j + x) mod q in [0, q), a_j canonical,
// |x| < 8q (an unreduced forward NTT): the values of
// base_multiply_canonical_part over the row, then
// accumulator_plus_to_canonical_part, with no accumulator in memory.
void base_multiply_row_plus_to_canonical_part(std::uint16_t* out, const std::uint16_t* const* a,
                                              const std::int16_t* const* b, std::size_t count, const std::int16_t* x,
                                              std::size_t from, std::size_t to);
// acc = 0 (256 lanes) in full-width stores, which the first product's loads can read.
void clear_accumulator(std::int32_t* acc);

// r[i] = acc[i] * R^-1 mod q in [-(q-1)/2, (q-1)/2] for any int32 lanes;
// equal to kyber_ntt::reduce_accumulator's output. r and acc do not overlap.
void reduce_accumulator(std::int16_t* r, const std::int32_t* acc);
// r[i] = acc[i] mod q in [-(q-1)/2, (q-1)/2] for any int32 lanes (no
// Montgomery factor); equal to KyberNttMultiplier::to_ntt's output. r and acc
// do not overlap.
void accumulator_to_centred(std::int16_t* r, const std::int32_t* acc);
// out = acc + x lane by lane (int32, wrapping) reduced into [0, q): the values
// of add_ntt, to_ntt and ntt_coefficients in one pass.
void accumulator_plus_to_canonical(std::uint16_t* out, const std::int32_t* acc, const std::int16_t* x);
// The same for coefficients [from, to) only (multiples of 32).
void accumulator_plus_to_canonical_part(std::uint16_t* out, const std::int32_t* acc, const std::int16_t* x,
                                        std::size_t from, std::size_t to);

// Centred representatives in place: any int16 -> [-(q-1)/2, (q-1)/2]; equal
// to kyber_ntt::reduce's output.
void reduce(std::int16_t* f);
// out[i] = f[i] mod q in [0, q) for any int16 (kyber_ntt::to_canonical).
void to_canonical(std::uint16_t* out, const std::int16_t* f);
// The centred representative of each canonical c in [0, q): c, or c - q above (q-1)/2.
void centre_canonical(std::int16_t* out, const std::uint16_t* c);
// f = a (256 coefficients below 2^15, so the same bits) in 256-bit moves: the
// NTT's loads can take their data from these stores in flight, and a reads
// well from the samplers' 256-bit stores (a plain copy became rep movs).
void copy_coefficients(std::int16_t* f, const std::uint16_t* a);
