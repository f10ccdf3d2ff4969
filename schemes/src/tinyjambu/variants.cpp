// Explicit instantiations of every TinyJAMBU variant behind one run-time table.
#include "pqmul/schemes/tinyjambu/variants.hpp"

#include <array>
#include <stdexcept>

#include "pqmul/schemes/tinyjambu/aead.hpp"

namespace pqmul::tinyjambu {
namespace {

template <class A>
std::span<const std::uint8_t, A::key_bytes> checked_key(std::span<const std::uint8_t> key) {
  if (key.size() != A::key_bytes) throw std::invalid_argument("tinyjambu: wrong key length");
  return key.template first<A::key_bytes>();
}

template <class A>
void encrypt(std::span<std::uint8_t> ciphertext, std::span<std::uint8_t, tag_bytes> tag,
             std::span<const std::uint8_t> plaintext, std::span<const std::uint8_t> associated_data,
             std::span<const std::uint8_t, nonce_bytes> nonce, std::span<const std::uint8_t> key) {
  const auto t = A::encrypt(ciphertext, plaintext, associated_data, nonce, checked_key<A>(key));
  for (std::size_t i = 0; i < tag_bytes; ++i) tag[i] = t[i];
}

template <class A>
bool decrypt(std::span<std::uint8_t> plaintext, std::span<const std::uint8_t> ciphertext,
             std::span<const std::uint8_t, tag_bytes> tag, std::span<const std::uint8_t> associated_data,
             std::span<const std::uint8_t, nonce_bytes> nonce, std::span<const std::uint8_t> key) {
  return A::decrypt(plaintext, ciphertext, tag, associated_data, nonce, checked_key<A>(key));
}

template <class P, class Load, class Feedback>
constexpr AeadVariant make() {
  using A = Aead<P, Load, Feedback>;
  return {P::name, Load::name, Feedback::name, P::key_bytes, &encrypt<A>, &decrypt<A>};
}

template <class P>
constexpr std::array<AeadVariant, 4> for_scheme() {
  return {make<P, ByteLoad, Nand>(), make<P, ByteLoad, AndInvertedKey>(), make<P, MemcpyLoad, Nand>(),
          make<P, MemcpyLoad, AndInvertedKey>()};
}

const std::array<AeadVariant, 12> variants = [] {
  std::array<AeadVariant, 12> all{};
  std::size_t n = 0;
  for (const auto& v : for_scheme<Params128>()) all[n++] = v;
  for (const auto& v : for_scheme<Params192>()) all[n++] = v;
  for (const auto& v : for_scheme<Params256>()) all[n++] = v;
  return all;
}();

}  // namespace

std::string AeadVariant::id() const {
  return std::string(scheme) + "/" + std::string(load) + "-" + std::string(update) + "/portable";
}

std::span<const AeadVariant> aead_variants() { return variants; }

const AeadVariant& default_aead(std::string_view scheme) {
  using Default = TinyJambu128;  // the same load/update choice for every key size
  for (const auto& v : variants)
    if (v.scheme == scheme && v.load == Default::load_policy::name && v.update == Default::feedback_policy::name)
      return v;
  throw std::invalid_argument("unknown AEAD '" + std::string(scheme) +
                              "' (valid: tinyjambu-128, tinyjambu-192, tinyjambu-256)");
}

}  // namespace pqmul::tinyjambu
