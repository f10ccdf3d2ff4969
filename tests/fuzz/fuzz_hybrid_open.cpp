// Sealed files (`pqmul open`) as they come: opened with the fixed key pair of
// the scheme their header names (count 0 of its KAT file; a name no scheme
// has: the first scheme's). What opens must be as long as the format says.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>

#include "fuzz_support.hpp"
#include "kem_support.hpp"
#include "pqmul/schemes/hybrid/hybrid.hpp"

namespace {

// The scheme the header names, read as hybrid.hpp lays it out.
std::size_t named_scheme(const std::string& sealed) {
  using pqmul::hybrid::magic;
  if (sealed.size() < magic.size() + 2 || sealed.compare(0, magic.size(), magic) != 0) return 0;
  const std::string name = sealed.substr(magic.size() + 2, static_cast<std::uint8_t>(sealed[magic.size() + 1]));
  const auto& registry = pqmul::kem_registry();
  for (std::size_t i = 0; i < registry.size(); ++i)
    if (registry[i].scheme == name) return i;
  return 0;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace pqmul;
  const std::string sealed = fuzz::text_of(data, size);
  const std::size_t index = named_scheme(sealed);
  const Kem& kem = fuzz::portable_kem(index);
  std::istringstream in(sealed);
  std::ostringstream out;
  if (!fuzz::completes<hybrid::OpenError>([&] { hybrid::open(kem, fuzz::fixed_key_pair(index).sk, in, out); }))
    return 0;
  fuzz::require(hybrid::sealed_bytes(kem, out.str().size()) == sealed.size(),
                "a sealed file of " + std::to_string(sealed.size()) + " bytes opens to " +
                    std::to_string(out.str().size()) + " bytes");
  return 0;
}
