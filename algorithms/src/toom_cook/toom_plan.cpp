// The catalogue's Toom-Cook plans as lists of derived levels.
#include <string>

#include "pqmul/algorithms/toom_cook.hpp"

namespace pqmul {
namespace {

constexpr std::size_t default_karatsuba_leaf = 16;
constexpr std::size_t default_toom_leaf = 32;
constexpr std::size_t max_levels = 10;

std::size_t split_product(const std::vector<ToomScheme>& levels) {
  std::size_t k = 1;
  for (const auto& l : levels) k *= l.k;
  return k;
}

// Karatsuba levels until the leaves are at most `leaf` coefficients long.
void karatsuba_below(std::vector<ToomScheme>& levels, std::size_t n, std::size_t leaf) {
  if (leaf == 0) throw std::invalid_argument("leaf must be at least 1");
  const ToomScheme k2 = derive_toom(karatsuba_points());
  while ((n + split_product(levels) - 1) / split_product(levels) > leaf) {
    if (levels.size() >= max_levels) throw std::invalid_argument("too many levels");
    levels.push_back(k2);
  }
}

std::vector<std::string> split(std::string_view text, char sep) {
  std::vector<std::string> parts;
  std::size_t start = 0;
  for (;;) {
    auto pos = text.find(sep, start);
    parts.emplace_back(text.substr(start, pos - start));
    if (pos == std::string_view::npos) break;
    start = pos + 1;
  }
  return parts;
}

}  // namespace

std::vector<ToomScheme> toom_plan(std::string_view name, const Params& params, std::size_t n) {
  std::vector<ToomScheme> levels;
  if (name == "schoolbook") {
    params.require_only({"word"});
  } else if (name == "karatsuba") {
    params.require_only({"depth", "word"});
    std::size_t depth = 0;
    while (((n + (std::size_t{1} << depth) - 1) >> depth) > default_karatsuba_leaf) ++depth;
    depth = params.get_size("depth", depth);
    if (depth > max_levels) throw std::invalid_argument("karatsuba depth at most " + std::to_string(max_levels));
    levels.assign(depth, derive_toom(karatsuba_points()));
  } else if (name == "toom3") {
    params.require_only({"leaf", "word"});
    levels.push_back(derive_toom(toom3_points()));
    karatsuba_below(levels, n, params.get_size("leaf", default_toom_leaf));
  } else if (name == "toom4") {
    params.require_only({"points", "leaf", "word"});
    auto points = params.has("points") ? parse_toom_points(params.get("points", "")) : toom4_points();
    if (points.size() != 7) throw std::invalid_argument("toom4 needs 7 points");
    levels.push_back(derive_toom(points));
    karatsuba_below(levels, n, params.get_size("leaf", default_toom_leaf));
  } else if (name == "toom4-k2" || name == "toom4-k4") {
    // Saber's shape (16-coefficient leaves for n = 256), and NTRU's SIMD shape:
    // two more Karatsuba levels, leaves of ceil(n/64) coefficients.
    params.require_only({"word"});
    levels.push_back(derive_toom(toom4_points()));
    levels.insert(levels.end(), name == "toom4-k2" ? 2 : 4, derive_toom(karatsuba_points()));
  } else if (name == "toom-k") {
    params.require_only({"points", "leaf", "word"});
    if (!params.has("points"))
      throw std::invalid_argument("toom-k needs points=..., e.g. points=0,1,-1,2,inf (levels separated by |)");
    for (const auto& set : split(params.get("points", ""), '|')) levels.push_back(derive_toom(parse_toom_points(set)));
    if (params.has("leaf")) karatsuba_below(levels, n, params.get_size("leaf", 0));
  } else {
    throw std::invalid_argument("unknown Toom-Cook plan '" + std::string(name) +
                                "' (valid: schoolbook, karatsuba, toom3, toom4, toom4-k2, toom4-k4, toom-k)");
  }
  if (split_product(levels) > n) throw std::invalid_argument("plan splits more often than the ring has coefficients");
  return levels;
}

}  // namespace pqmul
