#pragma once
// KEM + AEAD hybrid encryption of a byte stream ("sealed file", format v1):
// a fresh KEM encapsulation to the recipient's public key, a TinyJAMBU-256 key
// derived from the shared secret with SHAKE256, and the plaintext encrypted
// in independently authenticated chunks, so inputs of any size are processed
// with one chunk of memory.
//
// Layout (multi-byte integers big-endian):
//
//   offset      size  field
//   0           8     magic "PQMULHYB"
//   8           1     format version = 1
//   9           1     n = length of the KEM scheme name (1..255)
//   10          n     KEM scheme name in ASCII, e.g. "ml-kem-768"
//   10+n        c     KEM ciphertext (c = the scheme's ciphertext size)
//   10+n+c      12    nonce N (random)
//   10+n+c+12   ...   chunks 0..k-1, each TinyJAMBU-256 ciphertext || 8-byte tag
//
// header = bytes [0, 10+n): magic, version and scheme name.
//
// Key: K = SHAKE256(label || ss || header || kem_ciphertext), 32 bytes, where
//   label = "pqmul-hybrid-v1 tinyjambu-256 key" (33 ASCII bytes, no terminator)
//   and ss is the KEM shared secret. Every field has a length fixed by the
//   label, the scheme or the header itself, so the encoding is unambiguous.
//   Binding the KEM ciphertext ties K to this exact encapsulation.
//
// Chunks: the plaintext is cut into chunks of chunk_bytes = 65536 bytes; every
// chunk but the last is full, the last holds 1..65536 bytes (an empty
// plaintext is one empty last chunk, i.e. just a tag). Chunk i (i < 2^32) is
// encrypted with
//   nonce_i = N XOR (00 00 00 00 00 00 00 || be32(i) || f_i),
//   f_i = 0x01 for the last chunk and 0x00 otherwise,
//   associated data = header (so the scheme name is authenticated).
// This is the STREAM construction (Hoang, Reyhanitabar, Rogaway, Vizar 2015):
// the counter stops reordering, dropping or duplicating chunks, and the
// last-chunk flag stops truncation at a chunk boundary and appending: a reader
// treats a chunk as last exactly when the input ends behind it, and a chunk
// sealed as non-last does not verify as last or vice versa.
//
// Opening checks the magic, version and scheme name first (a file sealed for
// another scheme is refused by name), then decapsulates and verifies every
// chunk before writing its plaintext. A failing chunk stops the output; the
// caller must discard whatever was written before (the CLI writes to a
// temporary file and renames it only on success).
#include <array>
#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>

#include "pqmul/schemes/common/random.hpp"
#include "pqmul/schemes/kem.hpp"
#include "pqmul/schemes/tinyjambu/aead.hpp"

namespace pqmul::hybrid {

inline constexpr std::string_view magic = "PQMULHYB";
inline constexpr std::uint8_t format_version = 1;
inline constexpr std::size_t chunk_bytes = 65536;
inline constexpr std::size_t nonce_bytes = 12;
inline constexpr std::size_t key_bytes = 32;
inline constexpr std::string_view key_label = "pqmul-hybrid-v1 tinyjambu-256 key";
using Aead = tinyjambu::TinyJambu256;
static_assert(Aead::key_bytes == key_bytes && Aead::nonce_bytes == nonce_bytes);

// The input is not a sealed file that this scheme and secret key open: bad
// magic or version, another scheme, truncated, tampered or reordered.
struct OpenError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Bytes before the chunks for the given KEM.
std::size_t header_bytes(const Kem& kem);
// Size of the sealed output for a plaintext of `plaintext_bytes` bytes.
std::size_t sealed_bytes(const Kem& kem, std::size_t plaintext_bytes);

// Reads the whole of `in` and writes the sealed stream to `out`. Throws
// InvalidInput for a malformed public key, std::runtime_error on I/O errors.
void seal(const Kem& kem, std::span<const std::uint8_t> public_key, std::istream& in, std::ostream& out,
          RandomSource& rng);

// Reads a sealed stream from `in` and writes the plaintext to `out`. Throws
// OpenError if the input does not verify (see above), InvalidInput for a
// malformed secret key, std::runtime_error on I/O errors.
void open(const Kem& kem, std::span<const std::uint8_t> secret_key, std::istream& in, std::ostream& out);

// The framing primitives, exposed for tests.
std::string header(std::string_view scheme);
std::array<std::uint8_t, key_bytes> derive_key(std::span<const std::uint8_t> shared_secret, std::string_view header,
                                               std::span<const std::uint8_t> kem_ciphertext);
std::array<std::uint8_t, nonce_bytes> chunk_nonce(std::span<const std::uint8_t, nonce_bytes> nonce,
                                                  std::uint32_t index, bool last);

}  // namespace pqmul::hybrid
