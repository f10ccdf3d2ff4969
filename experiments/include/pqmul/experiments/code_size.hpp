#pragma once
// Code bytes of a multiplier in this executable, from its ELF symbol table.
//
// The rule: the registry builds every multiplier as a
// RingMultiplierAdapter<M> (registry_adapter.hpp), M the typed multiplier
// class, e.g. pqmul::ToomCook4<pqmul::SaberRing, ...>. Its code is the sum of
// the sizes of the function symbols whose demangled name names M (the type as
// a whole, not a prefix of a longer name): M's own member functions, the
// adapter's, and every function template instantiated over M (the module
// products, the kernels templated on the multiplier). Each address counts once.
//
// Not counted: functions that do not name M although M calls them (kernels
// shared by several multipliers, free functions over plain arrays, the C++
// library); code the compiler inlined into a function of another name is
// counted where it was inlined. Counted although not M's alone: a function
// that names M because M is a template argument of a larger type (a KEM
// family instantiated over the multiplier). The figure is this build's:
// another compiler, ISA or flag set gives another.
//
// A row gets the figure only where M is its registration's alone
// (memory_use.cpp): one class configured at run time (the Toom-Cook family's,
// from schoolbook to toom-k) or shared by two ISAs mixes several
// multipliers' code, and the row says so instead.
#include <cstdint>
#include <optional>
#include <string>

#include "pqmul/algorithms/registry.hpp"

namespace pqmul::experiments {

// The typed class a registered multiplier wraps, demangled ("" when the
// multiplier is not a RingMultiplierAdapter).
std::string multiplier_class_name(const RingMultiplier& multiplier);

// Code bytes of `class_name`'s functions in the executable at `path`, by the
// rule above; nullopt with *why_not when the file has no symbol table, is not
// a 64-bit ELF file, or no function names the class.
std::optional<std::uint64_t> class_code_bytes(const std::string& class_name, std::string* why_not,
                                              const std::string& path = "/proc/self/exe");

}  // namespace pqmul::experiments
