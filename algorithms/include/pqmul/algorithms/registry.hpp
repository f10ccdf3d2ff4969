#pragma once
// The registry: every (ring, multiplier, parameters) instantiation by name, so
// the CLI, the tests and the benchmarks enumerate the same list.
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "pqmul/algorithms/module.hpp"
#include "pqmul/algorithms/op_counts.hpp"
#include "pqmul/algorithms/isa.hpp"
#include "pqmul/algorithms/params.hpp"
#include "pqmul/algorithms/ring.hpp"

namespace pqmul {

// Runs the three steps on fixed inputs, for benchmarks.
class StepRunner {
 public:
  virtual ~StepRunner() = default;
  virtual void transform() = 0;            // transform one operand
  virtual void multiply_accumulate() = 0;  // one pointwise product into the accumulator
  virtual void inverse() = 0;              // one interpolation
  virtual void mul() = 0;                  // the three together
};

// Runs one module product on fixed inputs held in the multiplier's own
// polynomial type, for benchmarks: the conversions from and to coefficient
// spans (validation, copies, allocation) happen once, when it is made, so a
// timed call costs what a KEM's call of the same multiplier costs.
class ModuleRunner {
 public:
  virtual ~ModuleRunner() = default;
  virtual void matrix_vector() = 0;  // A v (no transpose)
  virtual void inner_product() = 0;  // the first row of A times v
  // The last result as coefficients: rank polynomials after matrix_vector,
  // the first of them after inner_product (out: rank x n values).
  virtual void read_output(std::span<std::uint16_t> out) const = 0;
};

// Run-time handle on one typed multiplier. Coefficient spans hold canonical
// values; a vector of rank L is L*n values, a matrix L*L*n (row-major).
class RingMultiplier {
 public:
  virtual ~RingMultiplier() = default;
  virtual RingInfo ring() const = 0;
  virtual std::string name() const = 0;    // catalogue name, e.g. "toom4-k2"
  virtual std::string params() const = 0;  // canonical parameters, may be empty
  virtual std::string isa() const = 0;     // "portable", "avx2", ...
  // <ring>/<multiplier>[-<params>]/<isa>
  std::string id() const;

  virtual void mul(std::span<const std::uint16_t> a, std::span<const std::uint16_t> b,
                   std::span<std::uint16_t> out) const = 0;
  virtual void inner_product(std::span<const std::uint16_t> a, std::span<const std::uint16_t> b,
                             std::span<std::uint16_t> out, std::size_t rank, Strategy s,
                             ModuleStats* stats) const = 0;
  virtual void matrix_vector(std::span<const std::uint16_t> matrix,
                             std::span<const std::uint16_t> v, std::span<std::uint16_t> out,
                             std::size_t rank, Transpose t, Strategy s,
                             ModuleStats* stats) const = 0;
  virtual std::size_t bytes_held(Strategy s, std::size_t rank) const = 0;
  virtual std::size_t max_accumulated() const = 0;
  // Counts of one product (rank 0) or of a rank-L matrix-vector product;
  // nullopt with a reason when the multiplier has no coefficient arithmetic.
  virtual std::optional<OpCounts> count(Strategy s, std::size_t rank,
                                        std::string* why_not) const = 0;
  virtual std::unique_ptr<StepRunner> steps(std::span<const std::uint16_t> a,
                                            std::span<const std::uint16_t> b) const = 0;
  // A rank x rank matrix and a vector as above; the runner refers to this
  // multiplier, which must outlive it. Throws std::invalid_argument for a
  // rank or strategy the multiplier cannot compute (as matrix_vector does).
  virtual std::unique_ptr<ModuleRunner> module(std::span<const std::uint16_t> matrix,
                                               std::span<const std::uint16_t> v, std::size_t rank,
                                               Strategy s) const = 0;
};

// The typed multiplier class an entry builds, for the KEM families: a family
// instantiated over that class (a fast typed path) looks the tag up; an entry
// whose tag it does not know (none, say) runs through the family's generic
// module arithmetic over DynamicMultiplier (erased_multiplier.hpp).
enum class TypedPath { none, toom_cook, kronecker, kyber_ntt, big_ntt, ntt16, ntt16_good, ntt16_pairs };

struct RegistryEntry {
  std::string ring;
  std::string multiplier;
  std::string description;
  // Parameter sets enumerated by tests and benchmarks (first = default).
  std::vector<std::string> variants;
  // Throws std::invalid_argument when the parameters are invalid for the ring.
  std::function<std::unique_ptr<RingMultiplier>(const Params&)> make;
  // SIMD versions of the same multiplier (the same products bit for bit), by
  // ISA; each is offered only where isa_available() says the CPU can run it.
  std::vector<std::pair<Isa, std::function<std::unique_ptr<RingMultiplier>(const Params&)>>> simd = {};
  TypedPath typed = TypedPath::none;
  // Its time depends on the operands' values (a big-integer product whose
  // limbs and carries follow them): for tests, never for secrets. The CLI's
  // secret-handling commands refuse it unless asked; kat, check and bench say so.
  bool variable_time = false;
  // Every ISA this binary holds for the entry (portable first).
  std::vector<Isa> compiled() const;
  // The parameters of the default (first) variant.
  Params default_params() const;
};

const std::vector<RegistryEntry>& multiplier_registry();
std::vector<std::string> registered_rings();
std::vector<std::string> registered_multipliers();
std::vector<std::string> multipliers_for_ring(std::string_view ring);
// The entry of (ring, multiplier), or nullptr.
const RegistryEntry* find_registry_entry(std::string_view ring, std::string_view multiplier);

// Adds an entry to this process's registry (a test's multiplier, say): call it
// before the registry is first read (from a namespace-scope object's
// constructor), since the KEM families build their lists from that first
// read. Throws std::logic_error when called later or for a (ring, multiplier)
// pair the registry has, std::invalid_argument for an unknown ring.
void register_multiplier(RegistryEntry entry);

// Thrown for an unknown ring / multiplier / strategy, or a multiplier invalid
// for a ring; the message names the valid choices.
struct UnknownChoice : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

// isa: nullopt = the best ISA this CPU runs for the entry; an explicit ISA the
// entry lacks or the CPU cannot run throws UnknownChoice with the reason.
std::unique_ptr<RingMultiplier> make_multiplier(std::string_view ring, std::string_view multiplier,
                                                const Params& params = {}, std::optional<Isa> isa = {});

}  // namespace pqmul
