#pragma once
// A multiplier of ring R behind virtual calls (ErasedMultiplier<R>), and the
// Multiplier over it (DynamicMultiplier<R>), so a scheme templated on its
// multiplier runs any registered one without an instantiation of its own.
// The steps are the multiplier's own: operands are its transforms (evaluated
// or split operands), so the module strategies keep their meaning — cached
// holds those transforms across products. Operands and accumulators are
// counted while alive: the bytes a scheme holds at once are measured.
#include <algorithm>
#include <atomic>
#include <cstddef>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>

#include "pqmul/algorithms/multiplier.hpp"
#include "pqmul/algorithms/registry.hpp"

namespace pqmul {

template <RingDescription R>
class ErasedMultiplier {
 public:
  struct Operand {
    virtual ~Operand() = default;
    virtual void wipe() noexcept = 0;
  };
  struct Accumulator {
    virtual ~Accumulator() = default;
    virtual void wipe() noexcept = 0;
  };
  virtual ~ErasedMultiplier() = default;
  virtual std::string erased_name() const = 0;
  virtual std::unique_ptr<Operand> new_operand() const = 0;
  virtual std::unique_ptr<Accumulator> new_accumulator() const = 0;
  // Operands and accumulators passed in are those this multiplier made.
  virtual void transform(const Poly<R>& a, Operand& x) const = 0;
  virtual void clear(Accumulator& acc) const = 0;
  virtual void multiply_accumulate(Accumulator& acc, const Operand& x, const Operand& y) const = 0;
  virtual void inverse(const Accumulator& acc, Poly<R>& out) const = 0;
  virtual std::size_t operand_bytes() const = 0;
  virtual std::size_t accumulator_bytes() const = 0;
  virtual std::size_t max_accumulated() const = 0;
};

// The steps of a typed multiplier M behind ErasedMultiplier (the registry's
// RingMultiplierAdapter derives from it).
template <Multiplier M>
class ErasedMultiplierOf : public ErasedMultiplier<typename M::ring> {
  using Base = ErasedMultiplier<typename M::ring>;
  using P = Poly<typename M::ring>;
  struct Op final : Base::Operand {
    explicit Op(typename M::operand v) : value(std::move(v)) {}
    void wipe() noexcept override { pqmul::wipe(value); }
    typename M::operand value;
  };
  struct Acc final : Base::Accumulator {
    explicit Acc(typename M::accumulator v) : value(std::move(v)) {}
    void wipe() noexcept override { pqmul::wipe(value); }
    typename M::accumulator value;
  };

 public:
  explicit ErasedMultiplierOf(M m) : m_(std::move(m)) {}
  const M& typed() const { return m_; }

  std::string erased_name() const override { return m_.name(); }
  std::unique_ptr<typename Base::Operand> new_operand() const override {
    return std::make_unique<Op>(m_.make_operand());
  }
  std::unique_ptr<typename Base::Accumulator> new_accumulator() const override {
    return std::make_unique<Acc>(m_.make_accumulator());
  }
  void transform(const P& a, typename Base::Operand& x) const override { m_.transform(a, static_cast<Op&>(x).value); }
  void clear(typename Base::Accumulator& acc) const override { m_.clear(static_cast<Acc&>(acc).value); }
  void multiply_accumulate(typename Base::Accumulator& acc, const typename Base::Operand& x,
                           const typename Base::Operand& y) const override {
    m_.multiply_accumulate(static_cast<Acc&>(acc).value, static_cast<const Op&>(x).value,
                           static_cast<const Op&>(y).value);
  }
  void inverse(const typename Base::Accumulator& acc, P& out) const override {
    m_.inverse(static_cast<const Acc&>(acc).value, out);
  }
  std::size_t operand_bytes() const override { return m_.operand_bytes(); }
  std::size_t accumulator_bytes() const override { return m_.accumulator_bytes(); }
  std::size_t max_accumulated() const override { return m_.max_accumulated(); }

 protected:
  M m_;
};

// Bytes of operands and accumulators alive now, and the most alive at once.
class HeldBytes {
 public:
  void add(std::size_t bytes) {
    const std::size_t now = live_.fetch_add(bytes) + bytes;
    std::size_t seen = peak_.load();
    while (now > seen && !peak_.compare_exchange_weak(seen, now)) {
    }
  }
  void remove(std::size_t bytes) { live_.fetch_sub(bytes); }
  std::size_t peak() const { return peak_.load(); }

 private:
  std::atomic<std::size_t> live_{0}, peak_{0};
};

template <RingDescription R>
class DynamicMultiplier {
  using Erased = ErasedMultiplier<R>;

  // Owns one step object of the erased multiplier and counts its bytes.
  template <class Item>
  class Held {
   public:
    Held(std::unique_ptr<Item> item, std::size_t bytes, std::shared_ptr<HeldBytes> ledger)
        : item_(std::move(item)), bytes_(bytes), ledger_(std::move(ledger)) {
      ledger_->add(bytes_);
    }
    Held(Held&& other) noexcept = default;
    Held& operator=(Held&& other) noexcept {
      release();
      item_ = std::move(other.item_);
      bytes_ = other.bytes_;
      ledger_ = std::move(other.ledger_);
      return *this;
    }
    ~Held() { release(); }
    Item& get() const { return *item_; }
    void wipe() noexcept {
      if (item_) item_->wipe();
    }

   private:
    void release() {
      if (item_) ledger_->remove(bytes_);
      item_.reset();
    }
    std::unique_ptr<Item> item_;
    std::size_t bytes_ = 0;
    std::shared_ptr<HeldBytes> ledger_;
  };

 public:
  using ring = R;
  using operand = Held<typename Erased::Operand>;
  using accumulator = Held<typename Erased::Accumulator>;

  // `owner` keeps the object `steps` belongs to alive.
  DynamicMultiplier(std::shared_ptr<const void> owner, const Erased& steps)
      : owner_(std::move(owner)), steps_(&steps), held_(std::make_shared<HeldBytes>()) {}

  std::string name() const { return steps_->erased_name(); }
  operand make_operand() const { return operand(steps_->new_operand(), steps_->operand_bytes(), held_); }
  accumulator make_accumulator() const {
    return accumulator(steps_->new_accumulator(), steps_->accumulator_bytes(), held_);
  }
  void transform(const Poly<R>& a, operand& x) const { steps_->transform(a, x.get()); }
  void clear(accumulator& acc) const { steps_->clear(acc.get()); }
  void multiply_accumulate(accumulator& acc, const operand& x, const operand& y) const {
    steps_->multiply_accumulate(acc.get(), x.get(), y.get());
  }
  void inverse(const accumulator& acc, Poly<R>& out) const { steps_->inverse(acc.get(), out); }
  std::size_t operand_bytes() const { return steps_->operand_bytes(); }
  std::size_t accumulator_bytes() const { return steps_->accumulator_bytes(); }
  std::size_t max_accumulated() const { return steps_->max_accumulated(); }

  // The most bytes of operands and accumulators this multiplier (and its
  // copies) had alive at once, since it was made.
  std::size_t peak_bytes_held() const { return held_->peak(); }

 private:
  std::shared_ptr<const void> owner_;
  const Erased* steps_;
  std::shared_ptr<HeldBytes> held_;
};

// A registered multiplier of ring R as a DynamicMultiplier (it stays alive
// with it). Throws std::invalid_argument when it has no steps to run (a
// RingMultiplier not built by RingMultiplierAdapter) or is of another ring.
template <RingDescription R>
DynamicMultiplier<R> dynamic_multiplier(std::shared_ptr<const RingMultiplier> m) {
  const auto* steps = dynamic_cast<const ErasedMultiplier<R>*>(m.get());
  if (steps == nullptr)
    throw std::invalid_argument((m ? m->id() : std::string("(null)")) + " has no steps a scheme of ring " +
                                std::string(R::name) + " can run");
  return DynamicMultiplier<R>(std::move(m), *steps);
}

}  // namespace pqmul
