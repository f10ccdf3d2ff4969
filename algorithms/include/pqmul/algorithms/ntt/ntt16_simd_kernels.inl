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
// As the portable crt with n = 256, prime 0's row at r0 and the others'
// (prime-major) at rest; r0 may be out's own storage (read before written).
void crt(std::size_t primes, const std::int16_t* r0, const std::int16_t* rest, std::uint16_t* out,
         std::uint16_t q_mask);
