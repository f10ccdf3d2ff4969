// The sealed format's promise (hybrid.hpp): a sealed file opens to its
// plaintext, and any change to it (a flipped byte, truncation, a chunk
// dropped, duplicated or swapped, bytes appended) is refused with OpenError.
// Input: scheme pick, plaintext length (up to three chunks) and fill byte,
// then up to four edits of the file sealed to the scheme's fixed key pair.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

#include "fuzz_support.hpp"
#include "kem_support.hpp"
#include "pqmul/schemes/hybrid/hybrid.hpp"

namespace {

using pqmul::fuzz::InputReader;

constexpr std::size_t sealed_chunk_bytes = pqmul::hybrid::chunk_bytes + pqmul::hybrid::Aead::tag_bytes;
constexpr int max_edits = 4;

// Where the chunks start and how many the file has.
struct Layout {
  std::size_t header, chunks;
  std::size_t begin(std::size_t chunk) const { return header + chunk * sealed_chunk_bytes; }
};

std::size_t offset(InputReader& in, std::size_t below) {
  const std::size_t low = in.u16();
  const std::size_t wide = low | std::size_t(in.byte()) << 16;
  return below == 0 ? 0 : wide % below;
}

std::string chunk(const std::string& file, const Layout& l, std::size_t k) {
  return file.substr(l.begin(k), sealed_chunk_bytes);
}

void edit(std::string& file, const Layout& l, InputReader& in) {
  switch (in.byte() % 6) {
    case 0:
      if (!file.empty()) file[offset(in, file.size())] ^= static_cast<char>(in.byte() | 1);
      break;
    case 1:
      file.resize(offset(in, file.size() + 1));
      break;
    case 2: {
      const std::size_t k = offset(in, l.chunks);
      if (l.begin(k) < file.size()) file.erase(l.begin(k), sealed_chunk_bytes);
      break;
    }
    case 3: {
      const std::size_t k = offset(in, l.chunks);
      if (l.begin(k) < file.size()) file.insert(l.begin(k), chunk(file, l, k));
      break;
    }
    case 4: {
      const std::size_t i = offset(in, l.chunks), j = offset(in, l.chunks);
      if (i < j && l.begin(j) < file.size() && sealed_chunk_bytes <= file.size() - l.begin(i)) {
        const std::string first = chunk(file, l, i), second = chunk(file, l, j);
        file.replace(l.begin(j), second.size(), first);
        file.replace(l.begin(i), first.size(), second);
      }
      break;
    }
    default: {
      const auto bytes = in.bytes(in.byte());
      file.append(bytes.begin(), bytes.end());
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace pqmul;
  InputReader in(data, size);
  const std::size_t index = fuzz::scheme_index(in.byte());
  const Kem& kem = fuzz::portable_kem(index);
  const std::size_t length = in.u16() + in.byte() % 3 * hybrid::chunk_bytes;
  const std::uint8_t fill = in.byte();
  std::string plaintext(length, '\0');
  for (std::size_t i = 0; i < length; ++i) plaintext[i] = static_cast<char>(fill + i * 31);

  std::istringstream plain(plaintext);
  std::ostringstream sealing;
  auto rng = fuzz::kat_count0_drbg();
  fuzz::require(fuzz::completes<>([&] { hybrid::seal(kem, fuzz::fixed_key_pair(index).pk, plain, sealing, rng); }),
                kem.scheme() + ": sealing to the fixed key pair fails");
  const std::string sealed = sealing.str();
  fuzz::require(sealed.size() == hybrid::sealed_bytes(kem, length),
                "a sealed file of another length than the format's");

  const Layout layout{hybrid::header_bytes(kem),
                      length == 0 ? 1 : (length + hybrid::chunk_bytes - 1) / hybrid::chunk_bytes};
  std::string changed = sealed;
  for (int e = 0; e < max_edits && in.byte() % 2 == 1; ++e) edit(changed, layout, in);

  std::istringstream input(changed);
  std::ostringstream opened;
  const bool opens =
      fuzz::completes<hybrid::OpenError>([&] { hybrid::open(kem, fuzz::fixed_key_pair(index).sk, input, opened); });
  if (changed == sealed)
    fuzz::require(opens && opened.str() == plaintext, kem.scheme() + ": a sealed file does not open to its plaintext");
  else
    fuzz::require(!opens, kem.scheme() + ": a changed sealed file opens");
  return 0;
}
