// Point sets for one Toom-Cook level, drawn from a pool and ranked by what
// the exact derivation says they cost.
#include <algorithm>
#include <cstdlib>
#include <numeric>
#include <stdexcept>
#include <string>
#include <vector>

#include "pqmul/experiments/tune_space.hpp"

namespace pqmul::experiments {
namespace {

// Doubled where the weight is not +-1: a multiplication (or shift) and an
// addition instead of an addition alone.
std::size_t weight_cost(std::int64_t w) { return w == 0 ? 0 : (w == 1 || w == -1 ? 1 : 2); }

PointSetCost cost_of(const std::vector<ToomPoint>& points) {
  const ToomScheme s = derive_toom(points);
  PointSetCost c;
  c.points = points;
  c.k = s.k;
  c.bits_lost = s.bits_lost;
  for (const auto& row : s.evaluation)
    for (auto w : row) c.evaluation_cost += weight_cost(w);
  for (const auto& row : s.interpolation) {
    for (auto w : row.numerators) c.interpolation_cost += weight_cost(w);
    c.interpolation_cost += (row.odd > 1 ? 2 : 0) + (row.shift > 0 ? 1 : 0);
  }
  return c;
}

bool point_set_dominates(const PointSetCost& a, const PointSetCost& b) {
  const bool no_worse = a.bits_lost <= b.bits_lost && a.evaluation_cost <= b.evaluation_cost &&
                        a.interpolation_cost <= b.interpolation_cost;
  const bool better =
      a.bits_lost < b.bits_lost || a.evaluation_cost < b.evaluation_cost || a.interpolation_cost < b.interpolation_cost;
  return no_worse && better;
}

// Calls visit(chosen) for every `count`-subset of `pool`, in lexicographic order.
template <class Visit>
void for_each_subset(const std::vector<ToomPoint>& pool, std::size_t count, Visit visit) {
  if (count > pool.size()) return;
  std::vector<std::size_t> index(count);
  std::iota(index.begin(), index.end(), 0);
  for (;;) {
    std::vector<ToomPoint> chosen;
    for (auto i : index) chosen.push_back(pool[i]);
    visit(chosen);
    std::size_t i = count;
    while (i > 0 && index[i - 1] == pool.size() - count + i - 1) --i;
    if (i == 0) return;
    ++index[i - 1];
    for (std::size_t j = i; j < count; ++j) index[j] = index[j - 1] + 1;
  }
}

}  // namespace

std::string PointSetCost::text() const {
  std::string out;
  for (const auto& p : points) {
    if (!out.empty()) out += ',';
    out += to_string(p);
  }
  return out;
}

std::vector<ToomPoint> point_pool() {
  return {{1, 1}, {-1, 1}, {2, 1}, {-2, 1}, {1, 2}, {-1, 2}, {3, 1}, {-3, 1}, {1, 3}, {-1, 3}};
}

std::vector<PointSetCost> point_sets_for(std::size_t k, std::size_t keep) {
  if (k < 2) throw std::invalid_argument("a Toom-Cook level splits into at least 2 pieces");
  std::vector<PointSetCost> all;
  for_each_subset(point_pool(), 2 * k - 3, [&](const std::vector<ToomPoint>& middle) {
    std::vector<ToomPoint> points{{0, 1}};
    points.insert(points.end(), middle.begin(), middle.end());
    points.push_back({1, 0});
    all.push_back(cost_of(points));
  });
  std::vector<PointSetCost> front;
  for (const auto& c : all)
    if (std::none_of(all.begin(), all.end(), [&](const PointSetCost& other) { return point_set_dominates(other, c); }))
      front.push_back(c);
  std::stable_sort(front.begin(), front.end(), [](const PointSetCost& a, const PointSetCost& b) {
    if (a.bits_lost != b.bits_lost) return a.bits_lost < b.bits_lost;
    return a.evaluation_cost + a.interpolation_cost < b.evaluation_cost + b.interpolation_cost;
  });
  if (front.size() > keep) front.resize(keep);
  return front;
}

}  // namespace pqmul::experiments
