#pragma once
// An exact rational number usable as an Eigen scalar.
//
// Boost 1.74's cpp_rational, used directly as an Eigen 3.4 scalar, does not
// compile inside FullPivLU (its expression templates and free functions do not
// match what Eigen's generic code expects). This thin value type wraps the
// expression-template-free rational and gives Eigen exactly the operations it
// needs, plus the Eigen::NumTraits specialisation at the end of this file.
// With epsilon() == 0 every decision Eigen takes (pivot choice, rank) is exact.
#include <Eigen/Core>
#include <boost/multiprecision/cpp_int.hpp>
#include <compare>
#include <concepts>
#include <string>
#include <utility>

namespace pqmul {

class ExactRational {
 public:
  using Integer = boost::multiprecision::number<boost::multiprecision::cpp_int_backend<>,
                                                boost::multiprecision::et_off>;
  using Value = boost::multiprecision::number<boost::multiprecision::cpp_rational_backend,
                                              boost::multiprecision::et_off>;

  ExactRational() = default;
  // Implicit from built-in integers: Eigen writes Scalar(0), Scalar(1).
  template <std::integral I>
  ExactRational(I v) : value_(static_cast<long long>(v)) {}  // NOLINT(google-explicit-constructor)
  ExactRational(const Integer& v) : value_(v) {}             // NOLINT(google-explicit-constructor)
  // numerator / denominator; the denominator must be non-zero.
  ExactRational(const Integer& numerator, const Integer& denominator)
      : value_(numerator, denominator) {}
  explicit ExactRational(Value v) : value_(std::move(v)) {}

  const Value& value() const { return value_; }
  // Always in lowest terms with a positive denominator.
  Integer numerator() const { return boost::multiprecision::numerator(value_); }
  Integer denominator() const { return boost::multiprecision::denominator(value_); }
  bool is_integer() const { return denominator() == 1; }
  std::string to_string() const { return value_.str(); }  // "p/q", or "p" for integers

  ExactRational& operator+=(const ExactRational& o) {
    value_ += o.value_;
    return *this;
  }
  ExactRational& operator-=(const ExactRational& o) {
    value_ -= o.value_;
    return *this;
  }
  ExactRational& operator*=(const ExactRational& o) {
    value_ *= o.value_;
    return *this;
  }
  ExactRational& operator/=(const ExactRational& o) {
    value_ /= o.value_;
    return *this;
  }

  friend ExactRational operator+(ExactRational a, const ExactRational& b) { return a += b; }
  friend ExactRational operator-(ExactRational a, const ExactRational& b) { return a -= b; }
  friend ExactRational operator*(ExactRational a, const ExactRational& b) { return a *= b; }
  friend ExactRational operator/(ExactRational a, const ExactRational& b) { return a /= b; }
  friend ExactRational operator-(const ExactRational& a) { return ExactRational(Value(-a.value_)); }
  friend ExactRational operator+(const ExactRational& a) { return a; }

  friend bool operator==(const ExactRational& a, const ExactRational& b) {
    return a.value_ == b.value_;
  }
  friend std::strong_ordering operator<=>(const ExactRational& a, const ExactRational& b) {
    if (a.value_ < b.value_) return std::strong_ordering::less;
    if (b.value_ < a.value_) return std::strong_ordering::greater;
    return std::strong_ordering::equal;
  }

  // Found by argument-dependent lookup from Eigen's numext::abs / abs2.
  friend ExactRational abs(const ExactRational& a) { return a.value_ < 0 ? -a : a; }
  friend ExactRational abs2(const ExactRational& a) { return a * a; }

 private:
  Value value_{0};
};

}  // namespace pqmul

namespace Eigen {

template <>
struct NumTraits<pqmul::ExactRational> : GenericNumTraits<pqmul::ExactRational> {
  using Real = pqmul::ExactRational;
  using NonInteger = pqmul::ExactRational;
  using Nested = pqmul::ExactRational;
  using Literal = pqmul::ExactRational;
  enum {
    IsComplex = 0,
    IsInteger = 0,
    IsSigned = 1,
    RequireInitialization = 1,
    ReadCost = 8,
    AddCost = 64,
    MulCost = 256
  };
  // Exact arithmetic: no rounding, so thresholds are zero.
  static Real epsilon() { return Real(0); }
  static Real dummy_precision() { return Real(0); }
  static int digits10() { return 0; }
  static int max_digits10() { return 0; }
};

}  // namespace Eigen
