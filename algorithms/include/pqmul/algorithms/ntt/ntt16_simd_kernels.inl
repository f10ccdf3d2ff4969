// The "ntt16" kernels of one ISA (ntt16_simd_layers.inl), declared inside
// that ISA's namespace by ntt16_kernels.hpp. No include guard.

// f = the portable lift_centred(a) then forward, in the ISA's slot order (a
// canonical, q = 2^k <= 2^13).
void forward(std::size_t prime, const std::uint16_t* a, std::uint16_t q, std::int16_t* f);
// The same for a of 128 coefficients, the upper 128 taken as zero (the
// portable forward_lower_half).
void forward_lower_half(std::size_t prime, const std::uint16_t* a, std::uint16_t q, std::int16_t* f);
// f = the portable inverse of `in` (slot order in, natural order out).
void inverse(std::size_t prime, const std::int16_t* in, std::int16_t* f);
// The portable multiply_accumulate's step, in any slot order.
void multiply_accumulate(std::size_t prime, std::int16_t* acc, const std::int16_t* x, const std::int16_t* y, Step step);
// ntt16_good.hpp's split: fu = the cyclic transform of u, fv = the
// negacyclic one of v (the portable forward_tree; wide: |u|, |v| <=
// kWideInputBound, else <= kInputBound), in the ISA's slot order.
void forward_split(std::size_t prime, bool wide, const std::int16_t* u, const std::int16_t* v, std::int16_t* fu,
                   std::int16_t* fv);
// The cyclic convolution of length 3 of the slices x and y, pointwise in
// any slot order (ntt16_good.hpp's slice rows): acc[s] = the sum of x[i]
// y[(s - i) mod 3] R^-1, i < kRowProducts, or that plus Barrett(acc[s])
// (add_to_acc).
void multiply_slices(std::size_t prime, std::int16_t* const* acc, const std::int16_t* const* x,
                     const std::int16_t* const* y, bool add_to_acc);
// The portable inverse_tree of su (cyclic) and sv (negacyclic), both
// halved, then lo = U 2^-1 + V 2^-1 and hi = U 2^-1 - V 2^-1.
void inverse_split(std::size_t prime, const std::int16_t* su, const std::int16_t* sv, std::int16_t* lo,
                   std::int16_t* hi);
// Prime 1's inverse_split with its lo and hi lifted at once by the CRT of
// two primes: lifted holds prime 0's lo and hi (int16, at 0 and 256) and
// gets crt(2, ...) of each half mod 2^16; scratch: 512 values of work space
// (the caller wipes it).
void inverse_split_crt(const std::int16_t* su, const std::int16_t* sv, std::int16_t* scratch, std::uint16_t* lifted);
// As the portable crt with n = 256, prime 0's row at r0 and the others'
// (prime-major) at rest; r0 may be out's own storage (read before written).
void crt(std::size_t primes, const std::int16_t* r0, const std::int16_t* rest, std::uint16_t* out,
         std::uint16_t q_mask);
// ntt16_good_glue.inl compiled for the ISA (ntt16_good.hpp's portable::good_split, good_fold).
void good_split(const std::uint16_t* a, std::size_t n, std::uint16_t q, std::int16_t* u, std::int16_t* v,
                std::size_t slice_stride);
void good_fold(std::uint16_t* c, std::size_t n, std::uint16_t q, std::uint16_t* out);
// "ntt16-1024" (ntt16_pairs.hpp): the portable twin's multiply_pairs, in the
// ISA's slot order (its own table of zetas); pair_split and pair_fold from
// ntt16_good_glue.inl.
void multiply_pairs(std::size_t prime, std::size_t tree, std::int16_t* const* acc, const std::int16_t* const* x,
                    const std::int16_t* const* y, bool add_to_acc);
void pair_split(const std::uint16_t* a, std::size_t n, std::uint16_t q, std::int16_t* even_c, std::int16_t* even_n,
                std::int16_t* odd_c, std::int16_t* odd_n);
void pair_fold(const std::uint16_t* even, const std::uint16_t* odd, std::size_t n, std::uint16_t q,
               std::uint16_t* out);
