// The catalogue's Toom-Cook plans as lists of derived levels.
#include <fmt/format.h>

#include <algorithm>
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

std::size_t default_karatsuba_depth(std::size_t n) {
  std::size_t depth = 0;
  while (((n + (std::size_t{1} << depth) - 1) >> depth) > default_karatsuba_leaf) ++depth;
  return depth;
}

std::vector<ToomScheme> toom_then_karatsuba(const std::vector<ToomPoint>& points, std::size_t karatsuba_levels) {
  std::vector<ToomScheme> levels{derive_toom(points)};
  levels.insert(levels.end(), karatsuba_levels, derive_toom(karatsuba_points()));
  return levels;
}

std::vector<ToomPlan> build_catalogue() {
  std::vector<ToomPlan> plans;
  plans.push_back({"schoolbook", "O(n^2) product, the reference", {""}, {}, {"word"},
                   [](const Params&, std::size_t) { return std::vector<ToomScheme>{}; }});
  plans.push_back({"karatsuba", "recursive Karatsuba (depth=d, default: 16-coefficient leaves)", {"", "depth=2"}, {},
                   {"depth", "word"}, [](const Params& params, std::size_t n) {
                     const std::size_t depth = params.get_size("depth", default_karatsuba_depth(n));
                     if (depth > max_levels)
                       throw std::invalid_argument("karatsuba depth at most " + std::to_string(max_levels));
                     return std::vector<ToomScheme>(depth, derive_toom(karatsuba_points()));
                   }});
  plans.push_back({"toom3", "Toom-3 over {0,1,-1,2,inf}, Karatsuba below leaf=T (32)", {""}, {}, {"leaf", "word"},
                   [](const Params& params, std::size_t n) {
                     std::vector<ToomScheme> levels{derive_toom(toom3_points())};
                     karatsuba_below(levels, n, params.get_size("leaf", default_toom_leaf));
                     return levels;
                   }});
  plans.push_back({"toom4", "Toom-4 over points=P (default {0,±1,±1/2,2,inf}), Karatsuba below leaf=T (32)", {""}, {},
                   {"points", "leaf", "word"}, [](const Params& params, std::size_t n) {
                     const auto points =
                         params.has("points") ? parse_toom_points(params.get("points", "")) : toom4_points();
                     if (points.size() != 7) throw std::invalid_argument("toom4 needs 7 points");
                     std::vector<ToomScheme> levels{derive_toom(points)};
                     karatsuba_below(levels, n, params.get_size("leaf", default_toom_leaf));
                     return levels;
                   }});
  plans.push_back({"toom4-k2", "Toom-4, two Karatsuba levels, schoolbook leaves (Saber's shape)", {""}, {}, {"word"},
                   [](const Params&, std::size_t) { return toom_then_karatsuba(toom4_points(), 2); }});
  plans.push_back({"toom4-k3",
                   "Toom-4, three Karatsuba levels, schoolbook leaves of 8 (Saber's shape with one more level, as "
                   "the SIMD kernels run it on Saber's rings)",
                   {""}, {}, {"word"},
                   [](const Params&, std::size_t) { return toom_then_karatsuba(toom4_points(), 3); }});
  plans.push_back({"toom4-k4",
                   "Toom-4, four Karatsuba levels, schoolbook leaves of ceil(n/64) (the shape of NTRU's SIMD "
                   "kernels, and of Saber's with two levels on the rows)",
                   {""}, {}, {"word"},
                   [](const Params&, std::size_t) { return toom_then_karatsuba(toom4_points(), 4); }});
  plans.push_back({"toom-k", "Toom-Cook from any point set: points=P1|P2|... (one level each), leaf=T, word=16|32",
                   {"points=0,1,-1,-2,inf", "points=0,1,-1,1/2,-1/2,2,inf|0,1,inf"},
                   {"points=0,1,-1,1/2,-1/2,2,inf|0,1,-1,2,inf;word=32"}, {"points", "leaf", "word"},
                   [](const Params& params, std::size_t n) {
                     if (!params.has("points"))
                       throw std::invalid_argument(
                           "toom-k needs points=..., e.g. points=0,1,-1,2,inf (levels separated by |)");
                     std::vector<ToomScheme> levels;
                     for (const auto& set : split(params.get("points", ""), '|'))
                       levels.push_back(derive_toom(parse_toom_points(set)));
                     if (params.has("leaf")) karatsuba_below(levels, n, params.get_size("leaf", 0));
                     return levels;
                   }});
  return plans;
}

}  // namespace

const std::vector<ToomPlan>& toom_plan_catalogue() {
  static const std::vector<ToomPlan> plans = build_catalogue();
  return plans;
}

std::vector<ToomScheme> toom_plan(std::string_view name, const Params& params, std::size_t n) {
  const auto& plans = toom_plan_catalogue();
  const auto plan = std::find_if(plans.begin(), plans.end(), [&](const ToomPlan& p) { return p.name == name; });
  if (plan == plans.end()) {
    std::vector<std::string_view> names;
    for (const auto& p : plans) names.push_back(p.name);
    throw std::invalid_argument(
        fmt::format("unknown Toom-Cook plan '{}' (valid: {})", name, fmt::join(names, ", ")));
  }
  params.require_only(plan->keys);
  const std::vector<ToomScheme> levels = plan->levels(params, n);
  if (split_product(levels) > n) throw std::invalid_argument("plan splits more often than the ring has coefficients");
  return levels;
}

}  // namespace pqmul
