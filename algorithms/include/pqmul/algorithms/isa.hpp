#pragma once
// Instruction-set choice at run time. One x86-64 binary holds the portable
// code and the AVX2 / AVX-512 kernels (compiled with their own flags, see
// cmake/simd.cmake); which of them may run is decided here, from CPUID as the
// process sees it (under valgrind that is valgrind's CPUID, so kernels it
// cannot execute are never chosen).
//
// PQMUL_FORCE_PORTABLE=1 in the environment (or force_portable(true)) makes
// every ISA but portable unavailable, so a machine with AVX2 can still test
// and measure the fallback through the same entry points.
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace pqmul {

enum class Isa { portable, avx2, avx512, neon };

std::string_view isa_name(Isa isa);
// nullopt for a name that is not an ISA.
std::optional<Isa> parse_isa(std::string_view name);
// As parse_isa, but throws std::invalid_argument naming the valid ISAs.
Isa isa_from_name(std::string_view name);
// Every ISA whose kernels this binary contains.
std::vector<Isa> compiled_isas();
// Compiled in and supported by this CPU and its OS, whatever force_portable
// says (tests call kernels directly with it).
bool cpu_supports(Isa isa);
// Compiled in, supported by this CPU and its OS, and not disabled by
// force_portable.
bool isa_available(Isa isa);
// Why an ISA cannot run here ("" when it can), for error messages.
std::string isa_unavailable_reason(Isa isa);
// Whether the CPU has AVX-512 VBMI and VBMI2 (byte permutes, word
// compress) besides the avx512 ISA: a few avx512 kernels have a faster form
// with them. False where the avx512 ISA is unavailable (or forced off).
bool avx512_vbmi2_available();
// The fastest of `candidates` that is available (avx512 > avx2 > neon >
// portable); portable when none is.
Isa best_available_isa(std::span<const Isa> candidates);
// The fastest available ISA of all.
Isa best_isa();
// Overrides PQMUL_FORCE_PORTABLE for this process (tests use it).
void force_portable(bool on);
bool portable_forced();

}  // namespace pqmul
