#include "pqmul/algorithms/isa.hpp"

#include "pqmul/algorithms/kernel_dispatch.hpp"

#include <array>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <utility>

namespace pqmul {
namespace {

constexpr std::array<std::pair<Isa, std::string_view>, 4> names = {
    {{Isa::portable, "portable"}, {Isa::avx2, "avx2"}, {Isa::avx512, "avx512"}, {Isa::neon, "neon"}}};

bool forced_from_environment() {
  const char* v = std::getenv("PQMUL_FORCE_PORTABLE");
  return v != nullptr && *v != '\0' && std::string_view(v) != "0";
}

std::optional<bool>& forced_override() {
  static std::optional<bool> value;
  return value;
}

bool compiled(Isa isa) {
  switch (isa) {
    case Isa::portable:
      return true;
    case Isa::avx2:
    case Isa::avx512:
#if defined(PQMUL_X86_SIMD)
      return true;
#else
      return false;
#endif
    case Isa::neon:
#if defined(__aarch64__)
      return true;
#else
      return false;
#endif
  }
  return false;
}

bool cpu_has(Isa isa) {
  switch (isa) {
    case Isa::portable:
      return true;
#if defined(PQMUL_X86_SIMD)
    // libgcc's CPU model also checks XCR0, so an OS that does not save the
    // wide registers reports the feature as absent.
    // The avx2 level: AVX2 with BMI2, POPCNT and PCLMULQDQ, which every AVX2
    // CPU has (cmake/simd.cmake compiles its kernels with all four).
    case Isa::avx2:
      return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi2") && __builtin_cpu_supports("popcnt") &&
             __builtin_cpu_supports("pclmul");
    case Isa::avx512:
      return cpu_has(Isa::avx2) && __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
             __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512dq");
#else
    case Isa::avx2:
    case Isa::avx512:
      return false;
#endif
    case Isa::neon:
#if defined(__aarch64__)
      return true;  // Advanced SIMD is mandatory on AArch64.
#else
      return false;
#endif
  }
  return false;
}

// Wider vectors first; neon (128-bit) ranks below the x86 ISAs, though no
// machine offers both.
int speed_rank(Isa isa) {
  switch (isa) {
    case Isa::avx512: return 3;
    case Isa::avx2: return 2;
    case Isa::neon: return 1;
    case Isa::portable: return 0;
  }
  return 0;
}

}  // namespace

namespace {

bool cpu_has_vbmi2() {
#if defined(PQMUL_X86_SIMD)
  // The CPU is asked once (callers sit on hot paths).
  static const bool present =
      cpu_supports(Isa::avx512) && __builtin_cpu_supports("avx512vbmi") && __builtin_cpu_supports("avx512vbmi2");
  return present;
#else
  return false;
#endif
}

}  // namespace

bool avx512_vbmi2_available() { return cpu_has_vbmi2() && !portable_forced(); }

CpuFeatures features_up_to(Isa isa) {
  CpuFeatures f;
  f.avx2 = (isa == Isa::avx2 || isa == Isa::avx512) && cpu_supports(Isa::avx2);
  f.avx512 = isa == Isa::avx512 && cpu_supports(Isa::avx512);
  f.avx512_vbmi2 = f.avx512 && cpu_has_vbmi2();
  f.neon = isa == Isa::neon && cpu_supports(Isa::neon);
  return f;
}

std::string_view isa_name(Isa isa) {
  for (const auto& [value, name] : names)
    if (value == isa) return name;
  return "unknown";
}

std::optional<Isa> parse_isa(std::string_view name) {
  for (const auto& [value, text] : names)
    if (text == name) return value;
  return std::nullopt;
}

Isa isa_from_name(std::string_view name) {
  if (const auto isa = parse_isa(name)) return *isa;
  throw std::invalid_argument("unknown ISA '" + std::string(name) + "'; valid: portable, avx2, avx512, neon");
}

std::vector<Isa> compiled_isas() {
  std::vector<Isa> out;
  for (const auto& [value, name] : names)
    if (compiled(value)) out.push_back(value);
  return out;
}

void force_portable(bool on) { forced_override() = on; }

bool portable_forced() {
  // Read once: the samplers ask on every call, and getenv walks the environment.
  static const bool from_environment = forced_from_environment();
  return forced_override().value_or(from_environment);
}

std::string isa_unavailable_reason(Isa isa) {
  if (!compiled(isa)) return std::string(isa_name(isa)) + " kernels are not built for this architecture";
  if (!cpu_has(isa)) return "this CPU does not support " + std::string(isa_name(isa));
  if (isa != Isa::portable && portable_forced())
    return "the portable path is forced (PQMUL_FORCE_PORTABLE)";
  return "";
}

bool isa_available(Isa isa) { return isa_unavailable_reason(isa).empty(); }

bool cpu_supports(Isa isa) { return compiled(isa) && cpu_has(isa); }

Isa best_available_isa(std::span<const Isa> candidates) {
  Isa best = Isa::portable;
  for (Isa isa : candidates)
    if (speed_rank(isa) > speed_rank(best) && isa_available(isa)) best = isa;
  return best;
}

Isa best_isa() { return best_available_isa(compiled_isas()); }

}  // namespace pqmul
