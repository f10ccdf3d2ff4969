// The candidates of one (ring, ISA): catalogue entries, Karatsuba depths,
// Toom-Cook level sequences and NTT variants, pruned before anything runs.
#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <set>
#include <stdexcept>

#include "pqmul/algorithms/params.hpp"
#include "pqmul/algorithms/registry.hpp"
#include "pqmul/algorithms/toom_cook.hpp"
#include "pqmul/experiments/tune_space.hpp"

namespace pqmul::experiments {
namespace {

std::string canonical(const std::string& params) { return Params::parse(params).to_string(); }

// Level sequences with non-increasing k: the orders of the same levels do the
// same pointwise work, and the larger split first keeps the evaluations on
// the longer operands few.
void level_sequences(const std::vector<std::vector<PointSetCost>>& per_k, std::size_t max_levels,
                     std::vector<const PointSetCost*>& prefix, std::vector<std::vector<const PointSetCost*>>& out) {
  if (!prefix.empty()) out.push_back(prefix);
  if (prefix.size() == max_levels) return;
  for (const auto& sets : per_k)
    for (const auto& set : sets) {
      if (!prefix.empty() && set.k > prefix.back()->k) continue;
      prefix.push_back(&set);
      level_sequences(per_k, max_levels, prefix, out);
      prefix.pop_back();
    }
}

struct SpaceBuilder {
  const std::string& ring;
  Isa isa;
  TuneSpace space;
  std::set<std::string> seen_plans;  // the level lists of the candidates kept so far
  std::set<std::string> seen_texts;
  std::size_t n = 0;

  // Builds the candidate on the ISA (which also validates it) and keeps it
  // unless it is the same plan as one kept before.
  void offer(const std::string& multiplier, const std::string& params, bool catalogue, const std::string& plan_key) {
    TuneCandidate c{multiplier, canonical(params), catalogue};
    if (!seen_texts.insert(c.text()).second || (!plan_key.empty() && seen_plans.count(plan_key))) {
      ++space.duplicates;
      return;
    }
    try {
      (void)make_multiplier(ring, multiplier, Params::parse(c.params), isa);
    } catch (const UnknownChoice&) {
      ++space.no_kernels;
      return;
    } catch (const std::invalid_argument& e) {
      const std::string why = e.what();
      if (why.find("only represents") != std::string::npos)
        ++space.pruned_by_ntt_bound;
      else if (why.find("bits") != std::string::npos)
        ++space.pruned_by_bits;
      else
        ++space.pruned_by_split;
      return;
    }
    if (!plan_key.empty()) seen_plans.insert(plan_key);
    space.candidates.push_back(std::move(c));
  }

  static std::string plan_key_of(const std::vector<ToomScheme>& levels, const std::string& word) {
    std::string key = "word=" + word;
    for (const auto& l : levels) {
      key += "|";
      for (const auto& p : l.points) key += to_string(p) + ",";
    }
    return key;
  }

  void catalogue() {
    for (const auto& entry : multiplier_registry()) {
      if (entry.ring != ring || entry.variable_time) continue;
      const auto variants = entry.variants.empty() ? std::vector<std::string>{""} : entry.variants;
      for (const auto& v : variants) {
        ++space.enumerated;
        std::string key;
        const auto& plans = toom_plan_catalogue();
        if (std::any_of(plans.begin(), plans.end(), [&](const ToomPlan& p) { return p.name == entry.multiplier; })) {
          const Params params = Params::parse(v);
          try {
            key = plan_key_of(toom_plan(entry.multiplier, params, n), params.get("word", "16"));
          } catch (const std::invalid_argument&) {
          }
        }
        offer(entry.multiplier, v, true, key);
      }
    }
  }

  void karatsuba_depths() {
    for (std::size_t depth = 1; (n >> depth) >= 4; ++depth) {
      ++space.enumerated;
      const std::string params = fmt::format("depth={}", depth);
      offer("karatsuba", params, false, plan_key_of(toom_plan("karatsuba", Params::parse(params), n), "16"));
    }
  }

  void toom_sequences(const SpaceLimits& limits, unsigned q_bits) {
    std::vector<std::vector<PointSetCost>> per_k;
    for (std::size_t k = limits.max_k; k >= 2; --k) per_k.push_back(point_sets_for(k, limits.point_sets_per_k));
    std::vector<const PointSetCost*> prefix;
    std::vector<std::vector<const PointSetCost*>> sequences;
    level_sequences(per_k, limits.max_levels, prefix, sequences);
    for (const auto& seq : sequences) {
      unsigned bits = 0;
      std::string points;
      std::size_t split = 1;
      for (const auto* level : seq) {
        bits += level->bits_lost;
        if (!points.empty()) points += '|';
        points += level->text();
        split *= level->k;
      }
      // A 16-bit word wherever q fits beside the lost bits, else 32 bits.
      std::string word;
      if (q_bits == 0 || max_q_bits(bits, 16) >= q_bits)
        word = "16";
      else if (max_q_bits(bits, 32) >= q_bits)
        word = "32";
      for (auto leaf : limits.leaves) {
        ++space.enumerated;
        if (word.empty()) {
          ++space.pruned_by_bits;
          continue;
        }
        if (split > n || (leaf && (n + split - 1) / split <= leaf)) {
          // No room for the levels, or no Karatsuba level below them: the
          // leafless plan (leaf 0) stands for it.
          if (split > n)
            ++space.pruned_by_split;
          else
            ++space.duplicates;
          continue;
        }
        std::string params = "points=" + points;
        if (leaf) params += fmt::format(";leaf={}", leaf);
        if (word != "16") {
          params += ";word=" + word;
          ++space.widened;
        }
        std::string key;
        try {
          key = plan_key_of(toom_plan("toom-k", Params::parse(params), n), word);
        } catch (const std::invalid_argument&) {
          ++space.pruned_by_split;
          continue;
        }
        offer("toom-k", params, false, key);
      }
    }
  }

  // Every prime count the bound admits, from the complete transform down.
  void ntt_variants(const SpaceLimits& limits) {
    if (!find_registry_entry(ring, "ntt")) return;
    for (int primes = 1; primes <= 2; ++primes) {
      std::vector<std::size_t> valid_layers;
      bool bound_fails = false;
      for (std::size_t layers = 1; layers <= 16; ++layers) {
        try {
          (void)make_multiplier(ring, "ntt", Params::parse(fmt::format("layers={};primes={}", layers, primes)));
          valid_layers.push_back(layers);
        } catch (const std::invalid_argument& e) {
          if (std::string(e.what()).find("only represents") != std::string::npos) bound_fails = true;
        }
      }
      if (bound_fails && valid_layers.empty()) {
        space.enumerated += limits.ntt_layers_below + 1;
        space.pruned_by_ntt_bound += limits.ntt_layers_below + 1;
        continue;
      }
      const std::size_t keep = std::min(valid_layers.size(), limits.ntt_layers_below + 1);
      for (std::size_t i = valid_layers.size() - keep; i < valid_layers.size(); ++i) {
        ++space.enumerated;
        offer("ntt", fmt::format("layers={};primes={}", valid_layers[i], primes), false, "");
      }
    }
  }
};

}  // namespace

bool catalogue_plan(const std::string& ring, const std::string& multiplier, const std::string& params) {
  const RegistryEntry* entry = find_registry_entry(ring, multiplier);
  if (!entry || entry->variable_time) return false;
  const auto& v = entry->variants;
  if (v.empty()) return params.empty();
  return std::any_of(v.begin(), v.end(), [&](const std::string& variant) { return canonical(variant) == params; });
}

std::string TuneCandidate::text() const { return params.empty() ? multiplier : multiplier + ":" + params; }

TuneSpace enumerate_space(const std::string& ring, Isa isa, const SpaceLimits& limits) {
  if (limits.max_levels < 1 || limits.max_levels > 4) throw std::invalid_argument("--max-levels must be 1 to 4");
  if (limits.max_k < 2 || limits.max_k > 6) throw std::invalid_argument("--max-k must be 2 to 6");
  if (limits.point_sets_per_k < 1 || limits.point_sets_per_k > 16)
    throw std::invalid_argument("--point-sets must be 1 to 16");
  if (!isa_available(isa)) throw std::invalid_argument(std::string(isa_unavailable_reason(isa)));
  const RingInfo info = make_multiplier(ring, "schoolbook")->ring();  // throws, naming the valid rings
  SpaceBuilder b{ring, isa, {}, {}, {}, info.n};
  b.space.ring = ring;
  b.space.isa = isa;
  // Powers of two lose the divisions' bits; an odd q inverts them.
  const unsigned q_bits =
      std::has_single_bit(static_cast<unsigned>(info.q)) ? static_cast<unsigned>(std::bit_width(info.q)) - 1u : 0u;
  b.catalogue();
  b.karatsuba_depths();
  b.toom_sequences(limits, q_bits);
  b.ntt_variants(limits);
  return std::move(b.space);
}

}  // namespace pqmul::experiments
