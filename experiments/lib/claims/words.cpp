// The words claims output uses for comparability, verdicts and directions.
#include <fmt/format.h>

#include <stdexcept>

#include "pqmul/experiments/claims.hpp"

namespace pqmul::experiments {

std::string to_string(Comparability c) {
  switch (c) {
    case Comparability::same: return "same";
    case Comparability::analogue: return "analogue";
    case Comparability::model: return "model";
  }
  return "";
}

Comparability parse_comparability(const std::string& text) {
  for (auto c : {Comparability::same, Comparability::analogue, Comparability::model})
    if (text == to_string(c)) return c;
  throw std::invalid_argument(fmt::format("unknown comparability '{}' (valid: same, analogue, model)", text));
}

std::string to_string(Verdict v) {
  switch (v) {
    case Verdict::confirmed: return "confirmed";
    case Verdict::contradicted: return "contradicted";
    case Verdict::inconclusive: return "inconclusive";
    case Verdict::not_comparable: return "not comparable";
    case Verdict::model_agrees: return "model agrees";
    case Verdict::model_disagrees: return "model disagrees";
    case Verdict::not_measurable: return "not measurable here";
    case Verdict::missing_rows: return "missing rows";
  }
  return "";
}

std::string to_string(Direction d) {
  switch (d) {
    case Direction::none: return "";
    case Direction::agrees: return "agrees";
    case Direction::disagrees: return "disagrees";
    case Direction::undecided: return "undecided";
  }
  return "";
}

}  // namespace pqmul::experiments
