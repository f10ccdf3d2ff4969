// Kyber / ML-KEM with any multiplier of the kyber ring known only to the
// run-time registry (a multiplier added there without a typed factory here).
// Slower than the typed paths: every product goes through RingMultiplier::mul.
#include <limits>

#include "kyber_kem_impl.hpp"
#include "pqmul/algorithms/registry.hpp"

namespace pqmul::kyber {
namespace {

struct RegistryOperandTag;
struct RegistryAccumulatorTag;

// A Multiplier over a RingMultiplier: operands stay in the normal domain and
// each product is one call of the registered multiplier.
class RegistryMultiplier {
 public:
  using ring = KyberRing;
  using operand = Transformed<RegistryOperandTag, KPoly>;
  using accumulator = Transformed<RegistryAccumulatorTag, KPoly>;

  explicit RegistryMultiplier(std::shared_ptr<const RingMultiplier> m) : m_(std::move(m)) {}
  std::string name() const { return m_->name(); }
  operand make_operand() const { return {}; }
  accumulator make_accumulator() const { return {}; }
  void transform(const KPoly& a, operand& x) const { x.data = a; }
  void clear(accumulator& acc) const { acc.data = KPoly{}; }
  void multiply_accumulate(accumulator& acc, const operand& x, const operand& y) const {
    KPoly product;
    m_->mul(x.data.coeffs, y.data.coeffs, product.coeffs);
    acc.data = add(acc.data, product);
  }
  void inverse(const accumulator& acc, KPoly& out) const { out = acc.data; }
  std::size_t operand_bytes() const { return sizeof(KPoly); }
  std::size_t accumulator_bytes() const { return sizeof(KPoly); }
  std::size_t max_accumulated() const { return std::numeric_limits<std::size_t>::max(); }

 private:
  std::shared_ptr<const RingMultiplier> m_;
};
static_assert(Multiplier<RegistryMultiplier>);

}  // namespace

template <class P>
std::unique_ptr<KyberKem> make_kyber_with_registry(std::string_view name, const Params& params, std::string display,
                                                   Strategy s) {
  std::shared_ptr<const RingMultiplier> m = make_multiplier(KyberRing::name, name, params);
  return std::make_unique<KyberKemImpl<P, RegistryMultiplier>>(RegistryMultiplier(std::move(m)), std::move(display),
                                                               s);
}

#define PQMUL_INSTANTIATE(P)                                                                                     \
  template std::unique_ptr<KyberKem> make_kyber_with_registry<P>(std::string_view, const Params&, std::string, \
                                                                 Strategy);
PQMUL_KYBER_FOR_EACH_SET(PQMUL_INSTANTIATE)
#undef PQMUL_INSTANTIATE

}  // namespace pqmul::kyber
