// KEM + TinyJAMBU-256 sealed streams; the format is documented in hybrid.hpp.
#include "pqmul/schemes/hybrid/hybrid.hpp"

#include <algorithm>
#include <istream>
#include <limits>
#include <ostream>
#include <vector>

#include "pqmul/schemes/common/keccak.hpp"

namespace pqmul::hybrid {
namespace {

static_assert(key_label.size() == 33);
constexpr std::uint64_t max_chunks = std::uint64_t{1} << 32;

// Overwrites secrets before their memory is released.
void wipe(std::span<std::uint8_t> secret) {
  std::fill(secret.begin(), secret.end(), std::uint8_t{0});
  __asm__ __volatile__("" : : "r"(secret.data()) : "memory");
}

std::span<const std::uint8_t> bytes_of(std::string_view s) {
  return {reinterpret_cast<const std::uint8_t*>(s.data()), s.size()};
}

// Reads up to buffer.size() bytes; returns how many were read.
std::size_t read_some(std::istream& in, std::span<std::uint8_t> buffer) {
  in.read(reinterpret_cast<char*>(buffer.data()), static_cast<std::streamsize>(buffer.size()));
  if (in.bad()) throw std::runtime_error("read error");
  return static_cast<std::size_t>(in.gcount());
}

bool at_end(std::istream& in) {
  if (!in.good()) return in.eof() ? true : throw std::runtime_error("read error");
  return std::istream::traits_type::eq_int_type(in.peek(), std::istream::traits_type::eof());
}

void write(std::ostream& out, std::span<const std::uint8_t> data) {
  out.write(reinterpret_cast<const char*>(data.data()), static_cast<std::streamsize>(data.size()));
  if (!out) throw std::runtime_error("write error");
}

void read_exactly(std::istream& in, std::span<std::uint8_t> buffer, const char* what) {
  if (read_some(in, buffer) != buffer.size())
    throw OpenError(std::string("input is truncated (ends inside the ") + what + ")");
}

}  // namespace

std::string header(std::string_view scheme) {
  if (scheme.empty() || scheme.size() > 255) throw std::invalid_argument("scheme name must have 1..255 characters");
  std::string h(magic);
  h += static_cast<char>(format_version);
  h += static_cast<char>(scheme.size());
  h += scheme;
  return h;
}

std::size_t header_bytes(const Kem& kem) {
  return magic.size() + 2 + kem.scheme().size() + kem.ciphertext_bytes() + nonce_bytes;
}

std::size_t sealed_bytes(const Kem& kem, std::size_t plaintext_bytes) {
  const std::size_t chunks = plaintext_bytes == 0 ? 1 : (plaintext_bytes + chunk_bytes - 1) / chunk_bytes;
  return header_bytes(kem) + plaintext_bytes + chunks * Aead::tag_bytes;
}

std::array<std::uint8_t, key_bytes> derive_key(std::span<const std::uint8_t> shared_secret, std::string_view header,
                                               std::span<const std::uint8_t> kem_ciphertext) {
  keccak::Shake256 xof;
  xof.absorb(bytes_of(key_label));
  xof.absorb(shared_secret);
  xof.absorb(bytes_of(header));
  xof.absorb(kem_ciphertext);
  std::array<std::uint8_t, key_bytes> key{};
  xof.squeeze(key);
  xof.reset();  // the sponge held the shared secret
  return key;
}

std::array<std::uint8_t, nonce_bytes> chunk_nonce(std::span<const std::uint8_t, nonce_bytes> nonce,
                                                  std::uint32_t index, bool last) {
  std::array<std::uint8_t, nonce_bytes> n{};
  std::copy(nonce.begin(), nonce.end(), n.begin());
  for (int i = 0; i < 4; ++i) n[7 + i] ^= static_cast<std::uint8_t>(index >> (24 - 8 * i));
  n[11] ^= last ? 0x01 : 0x00;
  return n;
}

void seal(const Kem& kem, std::span<const std::uint8_t> public_key, std::istream& in, std::ostream& out,
          RandomSource& rng) {
  if (public_key.size() != kem.public_key_bytes())
    throw InvalidInput("public key of " + kem.scheme() + " must have " + std::to_string(kem.public_key_bytes()) +
                       " bytes, got " + std::to_string(public_key.size()));
  const std::string head = header(kem.scheme());
  std::vector<std::uint8_t> kem_ct(kem.ciphertext_bytes()), ss(kem.shared_secret_bytes());
  kem.encaps(kem_ct, ss, public_key, rng);
  auto key = derive_key(ss, head, kem_ct);
  wipe(ss);
  std::array<std::uint8_t, nonce_bytes> nonce{};
  rng.fill(nonce);

  write(out, bytes_of(head));
  write(out, kem_ct);
  write(out, nonce);

  std::vector<std::uint8_t> chunk(chunk_bytes + Aead::tag_bytes);
  const auto body = std::span(chunk).first(chunk_bytes);
  std::size_t length = read_some(in, body);
  for (std::uint64_t index = 0;; ++index) {
    if (index == max_chunks) throw std::runtime_error("input too large for the sealed format");
    const bool last = length < chunk_bytes || at_end(in);
    const auto n = chunk_nonce(nonce, static_cast<std::uint32_t>(index), last);
    const auto message = body.first(length);
    const auto tag = Aead::encrypt(message, message, bytes_of(head), n, key);
    std::copy(tag.begin(), tag.end(), chunk.begin() + static_cast<std::ptrdiff_t>(length));
    write(out, std::span(chunk).first(length + Aead::tag_bytes));
    if (last) break;
    length = read_some(in, body);
  }
  wipe(key);
  wipe(chunk);
  out.flush();
  if (!out) throw std::runtime_error("write error");
}

void open(const Kem& kem, std::span<const std::uint8_t> secret_key, std::istream& in, std::ostream& out) {
  if (secret_key.size() != kem.secret_key_bytes())
    throw InvalidInput("secret key of " + kem.scheme() + " must have " + std::to_string(kem.secret_key_bytes()) +
                       " bytes, got " + std::to_string(secret_key.size()));
  // Fixed part of the header, then the scheme name it announces.
  std::array<std::uint8_t, magic.size() + 2> fixed{};
  if (read_some(in, fixed) != fixed.size() || !std::equal(magic.begin(), magic.end(), fixed.begin()))
    throw OpenError("input is not a pqmul sealed file (bad magic)");
  if (fixed[magic.size()] != format_version)
    throw OpenError("unsupported sealed-file version " + std::to_string(fixed[magic.size()]) + " (expected " +
                    std::to_string(format_version) + ")");
  std::string sealed_scheme(fixed[magic.size() + 1], '\0');
  in.read(sealed_scheme.data(), static_cast<std::streamsize>(sealed_scheme.size()));
  if (static_cast<std::size_t>(in.gcount()) != sealed_scheme.size())
    throw OpenError("input is truncated (ends inside the header)");
  if (sealed_scheme != kem.scheme())
    throw OpenError("input was sealed for scheme '" + sealed_scheme + "', not '" + kem.scheme() + "'");
  const std::string head = header(kem.scheme());

  std::vector<std::uint8_t> kem_ct(kem.ciphertext_bytes()), ss(kem.shared_secret_bytes());
  std::array<std::uint8_t, nonce_bytes> nonce{};
  read_exactly(in, kem_ct, "KEM ciphertext");
  read_exactly(in, nonce, "nonce");
  kem.decaps(ss, kem_ct, secret_key);
  auto key = derive_key(ss, head, kem_ct);
  wipe(ss);

  std::vector<std::uint8_t> chunk(chunk_bytes + Aead::tag_bytes);
  for (std::uint64_t index = 0;; ++index) {
    if (index == max_chunks) throw OpenError("input has more chunks than the format allows");
    const std::size_t length = read_some(in, chunk);
    if (length < Aead::tag_bytes)
      throw OpenError(index == 0 || length != 0
                          ? "input is truncated (chunk " + std::to_string(index) + " is shorter than a tag)"
                          : "input is truncated (ends after chunk " + std::to_string(index - 1) +
                                ", which is not the last)");
    const bool last = length < chunk.size() || at_end(in);
    const std::size_t message_length = length - Aead::tag_bytes;
    const auto n = chunk_nonce(nonce, static_cast<std::uint32_t>(index), last);
    const auto message = std::span(chunk).first(message_length);
    const auto tag = std::span<const std::uint8_t>(chunk).subspan(message_length).first<Aead::tag_bytes>();
    if (!Aead::decrypt(message, message, tag, bytes_of(head), n, key)) {
      wipe(key);
      throw OpenError("authentication failed in chunk " + std::to_string(index) +
                      " (tampered, truncated or reordered input, or the wrong secret key)");
    }
    write(out, message);
    if (last) break;
  }
  wipe(key);
  wipe(chunk);
  out.flush();
  if (!out) throw std::runtime_error("write error");
}

}  // namespace pqmul::hybrid
