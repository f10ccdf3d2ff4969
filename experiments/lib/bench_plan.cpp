// The cases of `pqmul bench`, built from the registries, with the
// correctness verdict of this build attached to every row.
#include "pqmul/experiments/bench_plan.hpp"

#include <fmt/core.h>
#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <optional>
#include <random>
#include <stdexcept>

#include "bench_aead.hpp"
#include "bench_multiplier_names.hpp"
#include "pqmul/experiments/oracle_verdicts.hpp"
#include "pqmul/algorithms/params.hpp"
#include "pqmul/algorithms/registry.hpp"
#include "pqmul/experiments/variable_time.hpp"
#include "pqmul/schemes/common/ring_multipliers.hpp"
#include "pqmul/schemes/kem.hpp"
#include "pqmul/schemes/nist_kat.hpp"
#include "pqmul/schemes/saber/saber.hpp"

namespace pqmul::experiments {
namespace {

const std::vector<std::string> kem_operations = {"keygen", "encaps", "decaps"};
const std::vector<std::string> step_operations = {"mul", "transform", "multiply_accumulate", "inverse"};
const std::vector<std::string> module_operations = {"matrix-vector", "inner-product"};

bool is_module_op(const std::string& op) {
  return std::find(module_operations.begin(), module_operations.end(), op) != module_operations.end();
}

bool all_or_empty(const std::vector<std::string>& list) {
  return list.empty() || (list.size() == 1 && list.front() == "all");
}

bool chosen(const std::vector<std::string>& list, const std::string& name) {
  return all_or_empty(list) || std::find(list.begin(), list.end(), name) != list.end();
}


// Everything a ring (or ring-derived) row shares.
struct RingTarget {
  std::shared_ptr<RingMultiplier> multiplier;
  Row base;  // id, scheme, parameter_set, multiplier, params, isa
};

struct Planner {
  const BenchSelection& sel;
  std::vector<std::string>* notes;
  std::vector<BenchCase> cases;
  std::map<std::string, PublishedKatHashes> published;
  bool hashes_loaded = false;

  void note(const std::string& text) {
    if (notes) notes->push_back(text);
  }

  std::vector<std::string> operations(const std::vector<std::string>& defaults) const {
    return sel.operations.empty() ? defaults : sel.operations;
  }

  std::vector<Strategy> strategies(const std::vector<Strategy>& available) const {
    std::vector<Strategy> out;
    for (Strategy s : available)
      if (chosen(sel.strategies, std::string(to_string(s)))) out.push_back(s);
    return out;
  }

  // Step operations (mul, transform, ...) and module operations of one multiplier.
  void add_ring_cases(const RingTarget& t, const std::vector<std::string>& ops, std::size_t rank,
                      const std::vector<Strategy>& module_strategies, const std::string& inherited_verdict) {
    const RingMultiplier& m = *t.multiplier;
    const RingInfo r = m.ring();
    std::shared_ptr<RingMultiplier> oracle = sel.check ? oracle_for(m) : nullptr;
    std::optional<std::string> step_verdict;
    for (const auto& op : ops) {
      if (!is_module_op(op)) {
        if (std::find(step_operations.begin(), step_operations.end(), op) == step_operations.end()) {
          note(fmt::format("{}: operation {} does not apply to a multiplier (skipped)", t.base.id, op));
          continue;
        }
        if (!step_verdict) step_verdict = sel.check ? product_verdict(m, *oracle) : "";
        std::mt19937_64 rng(1);
        const auto a = random_coefficients(r, 1, rng), b = random_coefficients(r, 1, rng);
        std::shared_ptr<StepRunner> steps = m.steps(a, b);
        BenchCase c{t.base, {}};
        c.row.operation = op;
        c.row.bytes_held = m.bytes_held(Strategy::lazy, 1);  // two operands and an accumulator
        c.row.correct = *step_verdict;
        // The step runner refers to the multiplier: the closure keeps both alive.
        auto owner = t.multiplier;
        if (op == "mul") c.run = [steps, owner] { steps->mul(); };
        if (op == "transform") c.run = [steps, owner] { steps->transform(); };
        if (op == "multiply_accumulate") c.run = [steps, owner] { steps->multiply_accumulate(); };
        if (op == "inverse") c.run = [steps, owner] { steps->inverse(); };
        cases.push_back(std::move(c));
        continue;
      }
      for (Strategy s : module_strategies) {
        std::string verdict = inherited_verdict;
        std::mt19937_64 rng(rank);
        const auto matrix = random_coefficients(r, rank * rank, rng), vec = random_coefficients(r, rank, rng);
        // The runner holds the operands in the multiplier's own type, so the
        // timed call is the product alone, as a KEM makes it; making it
        // refuses a combination the multiplier cannot compute.
        std::shared_ptr<ModuleRunner> runner;
        try {
          if (sel.check && verdict.empty()) verdict = module_verdict(m, *oracle, rank, s);
          runner = m.module(matrix, vec, rank, s);
        } catch (const std::invalid_argument& e) {
          note(fmt::format("{} {} rank {} {}: skipped ({})", t.base.id, op, rank, to_string(s), e.what()));
          continue;
        }
        BenchCase c{t.base, {}};
        c.row.operation = op;
        c.row.strategy = std::string(to_string(s));
        c.row.rank = rank;
        c.row.bytes_held = m.bytes_held(s, rank);
        c.row.correct = verdict;
        // The runner refers to the multiplier: the closure keeps both alive.
        auto owner = t.multiplier;
        if (op == "matrix-vector")
          c.run = [runner, owner] { runner->matrix_vector(); };
        else
          c.run = [runner, owner] { runner->inner_product(); };
        cases.push_back(std::move(c));
      }
    }
  }

  void plan_rings() {
    std::vector<std::string> rings = all_or_empty(sel.rings) ? registered_rings() : sel.rings;
    const auto valid_rings = registered_rings();
    for (const auto& ring : rings)
      if (std::find(valid_rings.begin(), valid_rings.end(), ring) == valid_rings.end())
        (void)make_multiplier(ring, "schoolbook");  // throws, naming the valid rings
    const auto ops = operations({"mul", "transform", "multiply_accumulate", "inverse"});
    // A multiplier no selected ring has is a mistake; one only some rings
    // lack is skipped there, noted (ntt16-1536 has no hps821 version).
    if (!all_or_empty(sel.multipliers))
      for (const auto& wanted : sel.multipliers) {
        bool anywhere = false;
        for (const auto& ring : rings) {
          const auto names = multipliers_for_ring(ring);
          if (std::find(names.begin(), names.end(), wanted) != names.end())
            anywhere = true;
          else if (!all_or_empty(sel.rings))
            note(fmt::format("{}: no multiplier {} (skipped)", ring, wanted));
        }
        if (!anywhere && !rings.empty()) (void)make_multiplier(rings.front(), wanted);  // throws, naming the valid ones
      }
    for (const auto& ring : rings) {
      for (const auto& entry : multiplier_registry()) {
        if (entry.ring != ring || !chosen(sel.multipliers, entry.multiplier)) continue;
        std::vector<std::string> variants;
        if (sel.params == "all")
          variants = entry.variants;
        else
          variants = {sel.params.empty() ? (entry.variants.empty() ? "" : entry.variants.front()) : sel.params};
        for (const auto& variant : variants)
          for (Isa isa : entry.compiled()) {
            if (!chosen(sel.isas, std::string(isa_name(isa)))) continue;
            if (!isa_available(isa)) {
              if (!all_or_empty(sel.isas))
                note(fmt::format("{}/{}/{}: {} (skipped)", ring, entry.multiplier, isa_name(isa),
                                 isa_unavailable_reason(isa)));
              continue;
            }
            std::shared_ptr<RingMultiplier> m;
            try {
              m = make_multiplier(ring, entry.multiplier, Params::parse(variant), isa);
            } catch (const UnknownChoice& e) {
              if (isa == Isa::portable) throw;
              continue;  // this variant has no kernels on that ISA
            }
            plan_ring_multiplier(m, ops);
          }
      }
    }
  }

  void plan_ring_multiplier(std::shared_ptr<RingMultiplier> m, const std::vector<std::string>& ops) {
    RingTarget t{m, {}};
    t.base.id = m->id();
    t.base.scheme = std::string(m->ring().name);
    t.base.parameter_set = t.base.scheme;
    t.base.multiplier = m->name();
    t.base.params = m->params();
    t.base.isa = m->isa();
    add_ring_cases(t, ops, sel.rank, strategies({all_strategies[0], all_strategies[1], all_strategies[2]}), "");
  }

  std::string kat_verdict(const Kem& kem, const std::string& scheme) {
    if (!hashes_loaded) {
      hashes_loaded = true;
      // Without the published digests no KEM row could be checked: refuse
      // rather than write rows without a verdict.
      published = read_kat_hashes(sel.kat_hashes);
    }
    const auto it = published.find(scheme);
    if (it == published.end()) {
      if (!published.empty()) note(fmt::format("{}: no published KAT digest, correctness not checked", scheme));
      return "";
    }
    try {
      return kat_digest_single(nist_kat_entries(kem, 0, 1)) == it->second.single ? "pass" : "fail";
    } catch (const std::exception&) {
      return "fail";  // decapsulation disagreed with encapsulation
    }
  }

  // The ring and rank of a scheme's module products, for the families whose
  // KEM interface does not expose them (Kyber / ML-KEM); NTRU has none.
  static std::optional<std::pair<std::string, std::size_t>> module_shape(const KemEntry& e) {
    if (e.family != "kyber" && e.family != "ml-kem") return std::nullopt;
    const std::string& s = e.scheme;
    if (s.ends_with("1024")) return std::make_pair(std::string("kyber"), std::size_t{4});
    if (s.ends_with("768")) return std::make_pair(std::string("kyber"), std::size_t{3});
    if (s.ends_with("512")) return std::make_pair(std::string("kyber"), std::size_t{2});
    return std::nullopt;
  }

  static std::string parameter_set_of(const KemEntry& e) {
    std::string s = e.scheme;
    if (s.rfind(e.family, 0) == 0) s = s.substr(e.family.size());
    if (!s.empty() && s.front() == '-') s.erase(0, 1);
    return s.empty() ? e.scheme : s;
  }

  bool aead_selected() const {
    return std::any_of(sel.schemes.begin(), sel.schemes.end(),
                       [](const std::string& s) { return s == "all" || is_aead_scheme(s); });
  }

  // The names meant for the KEMs: --multiplier without the TinyJAMBU
  // variants when an AEAD is selected too.
  std::vector<std::string> kem_multiplier_names() const {
    const auto variants = aead_variant_names();
    std::vector<std::string> out;
    for (const auto& m : sel.multipliers)
      if (!aead_selected() || std::find(variants.begin(), variants.end(), m) == variants.end()) out.push_back(m);
    return out;
  }

  // A KEM multiplier no selected scheme registers is a mistake, refused
  // naming the first KEM's valid ones (with no KEM selected, it is an unknown
  // TinyJAMBU variant); one only some schemes lack is left out there
  // (selected_kem_multipliers notes it).
  template <class Registry>
  void refuse_multipliers_no_scheme_has(const Registry& registry, const std::vector<std::string>& wanted) const {
    if (all_or_empty(wanted)) return;
    for (const auto& name : wanted) {
      const std::string base = split_multiplier(name).name;
      std::string first;
      bool anywhere = false;
      for (const auto& entry : registry) {
        if (!chosen(sel.schemes, entry.scheme)) continue;
        if (first.empty()) first = entry.scheme;
        anywhere = anywhere || std::any_of(entry.multipliers.begin(), entry.multipliers.end(),
                                           [&](const std::string& m) { return split_multiplier(m).name == base; });
      }
      if (first.empty()) {
        if (!aead_selected()) continue;
        throw std::invalid_argument(
            fmt::format("unknown TinyJAMBU variant '{}' (valid: {})", name, fmt::join(aead_variant_names(), ", ")));
      }
      if (!anywhere) (void)make_kem(first, name);  // throws, naming the valid multipliers
    }
  }

  void plan_schemes() {
    const auto& registry = kem_registry();
    if (!all_or_empty(sel.schemes))
      for (const auto& s : sel.schemes)
        if (!is_aead_scheme(s)) (void)make_kem(s);  // throws, naming the valid schemes
    for (const auto& s : sel.schemes)
      if (is_aead_scheme(s)) {
        const auto names = aead_scheme_names();
        if (std::find(names.begin(), names.end(), s) == names.end())
          throw std::invalid_argument(fmt::format("unknown AEAD '{}' (valid: tinyjambu-128, tinyjambu-192, tinyjambu-256)", s));
      }
    plan_aead(sel, sel.vectors_dir, cases);
    const auto kem_wanted = kem_multiplier_names();
    refuse_multipliers_no_scheme_has(registry, kem_wanted);
    if (kem_wanted.empty() && !sel.multipliers.empty()) return;  // only TinyJAMBU variants named
    const auto ops = operations(kem_operations);
    for (const auto& entry : registry) {
      if (!chosen(sel.schemes, entry.scheme)) continue;
      // --params all: every variant the ring's registry lists.
      const std::vector<std::string> multipliers = selected_kem_multipliers(
          kem_wanted, sel.params, sel.params == "all" ? ring_multiplier_variants(entry.ring) : entry.multipliers,
          entry.scheme, !all_or_empty(sel.schemes), notes);
      if (multipliers.empty()) continue;  // (noted by selected_kem_multipliers)
      // A scheme with one way to compute (NTRU: eager, no module structure)
      // has no strategy to report: its rows leave the column empty.
      std::vector<std::optional<Strategy>> kem_strategies;
      if (entry.strategies.size() <= 1) {
        kem_strategies.push_back(std::nullopt);
        if (!sel.strategies.empty() && !all_or_empty(sel.strategies))
          note(fmt::format("{}: the strategy does not change this scheme's computation (ignored)", entry.scheme));
      } else {
        for (Strategy s : strategies(entry.strategies)) kem_strategies.push_back(s);
      }
      for (const auto& mult : multipliers)
        for (Isa isa : entry.isas(mult)) {
          if (!chosen(sel.isas, std::string(isa_name(isa)))) continue;
          if (!isa_available(isa)) {
            if (!all_or_empty(sel.isas))
              note(fmt::format("{}/{}/{}: {} (skipped)", entry.scheme, mult, isa_name(isa), isa_unavailable_reason(isa)));
            continue;
          }
          for (const auto& strategy : kem_strategies) plan_kem(entry, mult, strategy, isa, ops);
        }
    }
  }

  void plan_kem(const KemEntry& entry, const std::string& mult, std::optional<Strategy> strategy, Isa isa,
                const std::vector<std::string>& ops) {
    const Strategy only = entry.strategies.empty() ? Strategy::cached : entry.strategies.front();
    std::shared_ptr<Kem> kem = entry.make_for(mult, strategy.value_or(only), isa);
    Row base;
    const MultiplierName named = split_multiplier(mult);
    base.multiplier = named.name;
    base.params = named.params;
    base.id = row_id(entry.scheme, mult, kem->isa());
    base.scheme = entry.scheme;
    base.parameter_set = parameter_set_of(entry);
    base.strategy = strategy ? std::string(to_string(*strategy)) : "";
    base.isa = kem->isa();
    const std::string verdict = sel.check ? kat_verdict(*kem, entry.scheme) : "";

    auto* saber_kem = dynamic_cast<const saber::SaberKem*>(kem.get());
    const auto shape = module_shape(entry);
    std::shared_ptr<RingMultiplier> ring_multiplier;
    if (shape) {
      try {
        // The ring twin of the same ISA where it has one, for the module rows.
        const auto ring_isas = [&] {
          for (const auto& e : multiplier_registry())
            if (e.ring == shape->first && e.multiplier == base.multiplier) return e.compiled();
          return std::vector<Isa>{};
        }();
        // The widest ring ISA not above the KEM's (an avx512 KEM may run avx2 products).
        Isa ring_isa = Isa::portable;
        for (Isa candidate : {isa, Isa::avx2})
          if (ring_isa == Isa::portable && (candidate == isa || isa == Isa::avx512) &&
              std::find(ring_isas.begin(), ring_isas.end(), candidate) != ring_isas.end())
            ring_isa = candidate;
        ring_multiplier = make_multiplier(shape->first, base.multiplier, Params::parse(base.params), ring_isa);
      } catch (const std::invalid_argument&) {
        ring_multiplier = nullptr;  // no ring twin: no bytes held, no module rows
      }
    }
    std::optional<std::uint64_t> rank;
    if (saber_kem) rank = saber_kem->rank();
    if (shape) rank = shape->second;

    // The measured calls write into buffers allocated here, so no allocation
    // is timed. Encapsulation and decapsulation go through a few key pairs in
    // turn: their cost depends on the key (ML-KEM's matrix takes as many SHAKE
    // blocks as its rejection sampling needs), and the median over several
    // keys is the typical key's, not one key's luck. A key serves a run of
    // calls before the next takes over, so the key in use stays in L1 as it
    // would in a loop over one key.
    constexpr std::size_t bench_keys = 8, calls_per_key = 64;
    struct Key {
      std::vector<std::uint8_t> pk, sk, ct;
    };
    struct KemState {
      std::shared_ptr<Kem> kem;
      std::vector<Key> keys;
      std::size_t next = 0;
      std::vector<std::uint8_t> pk_out, sk_out, ct_out, ss_out;
      BenchmarkRandom rng;
      const Key& next_key() { return keys[next++ / calls_per_key % keys.size()]; }
    };
    auto st = std::make_shared<KemState>();
    st->kem = kem;
    st->pk_out.resize(kem->public_key_bytes());
    st->sk_out.resize(kem->secret_key_bytes());
    st->ct_out.resize(kem->ciphertext_bytes());
    st->ss_out.resize(kem->shared_secret_bytes());
    for (std::size_t i = 0; i < bench_keys; ++i) {
      Key k{std::vector<std::uint8_t>(kem->public_key_bytes()), std::vector<std::uint8_t>(kem->secret_key_bytes()),
            std::vector<std::uint8_t>(kem->ciphertext_bytes())};
      kem->keypair(k.pk, k.sk, st->rng);
      kem->encaps(k.ct, st->ss_out, k.pk, st->rng);
      kem->check_public_key(k.pk);  // the precondition of the *_checked_key calls timed below
      kem->check_secret_key(k.sk);
      st->keys.push_back(std::move(k));
    }

    for (const auto& op : ops) {
      BenchCase c{base, {}};
      c.row.operation = op;
      c.row.correct = verdict;
      c.row.rank = rank;
      // Measured over the key pairs and encapsulations above where the KEM measures it.
      if (const auto measured = kem->measured_bytes_held()) c.row.bytes_held = *measured;
      else if (saber_kem) c.row.bytes_held = saber_kem->bytes_held();
      else if (ring_multiplier && rank) c.row.bytes_held = ring_multiplier->bytes_held(kem->strategy(), *rank);
      if (op == "keygen") {
        c.run = [st] { st->kem->keypair(st->pk_out, st->sk_out, st->rng); };
      } else if (op == "encaps") {
        // The key was checked once when loaded (FIPS 203 allows it): "check-pk" times that.
        c.run = [st] { st->kem->encaps_checked_key(st->ct_out, st->ss_out, st->next_key().pk, st->rng); };
      } else if (op == "decaps") {
        c.run = [st] {
          const Key& k = st->next_key();
          st->kem->decaps_checked_key(st->ss_out, k.ct, k.sk);
        };
      } else if (op == "check-pk") {
        c.run = [st] { st->kem->check_public_key(st->next_key().pk); };
      } else if (op == "check-sk") {
        c.run = [st] { st->kem->check_secret_key(st->next_key().sk); };
      } else if (is_module_op(op) && saber_kem) {
        add_saber_module_case(c, saber_kem, st, op);
      } else if (is_module_op(op) && ring_multiplier && shape) {
        RingTarget t{ring_multiplier, base};
        add_ring_cases(t, {op}, shape->second, {kem->strategy()}, "");
        continue;
      } else {
        note(fmt::format("{} {}: operation not available for this scheme (skipped)", base.id, op));
        continue;
      }
      cases.push_back(std::move(c));
    }
  }

  // Saber's own module products (its KEM object holds the multiplier and strategy).
  static void add_saber_module_case(BenchCase& c, const saber::SaberKem* kem, std::shared_ptr<void> keep_alive,
                                    const std::string& op) {
    struct Inputs {
      std::vector<saber::SaberPoly> a, s, b, out;
      saber::SaberPoly v;
    };
    const std::size_t l = kem->rank();
    auto in = std::make_shared<Inputs>();
    in->a.resize(l * l);
    in->s.resize(l);
    in->b.resize(l);
    in->out.resize(l);
    std::mt19937_64 rng(l);
    std::uniform_int_distribution<int> uniform_q(0, SaberRing::q - 1), uniform_p(0, 1023),
        secret(-static_cast<int>(kem->mu() / 2), static_cast<int>(kem->mu() / 2));
    for (auto& p : in->a)
      for (auto& x : p.coeffs) x = static_cast<std::uint16_t>(uniform_q(rng));
    for (auto& p : in->s)
      for (auto& x : p.coeffs) x = static_cast<std::uint16_t>((secret(rng) + SaberRing::q) % SaberRing::q);
    for (auto& p : in->b)
      for (auto& x : p.coeffs) x = static_cast<std::uint16_t>(uniform_p(rng));
    if (op == "matrix-vector")
      c.run = [kem, in, keep_alive] { kem->matrix_vector(in->a, in->s, in->out, Transpose::no, nullptr); };
    else
      c.run = [kem, in, keep_alive] { kem->inner_product(in->b, in->s, in->v, nullptr); };
  }
};

}  // namespace

std::string BenchCase::key() const {
  return row.id + "|" + row.operation + "|" + row.strategy + "|" + (row.rank ? std::to_string(*row.rank) : "");
}

const std::vector<std::string>& bench_operations() {
  static const std::vector<std::string> all = {"keygen", "encaps", "decaps", "check-pk", "check-sk",
                                               "matrix-vector", "inner-product",
                                               "mul", "transform", "multiply_accumulate", "inverse",
                                               "encrypt", "decrypt"};
  return all;
}

std::vector<std::string> split_list(const std::string& text) {
  std::vector<std::string> out;
  std::string item;
  for (char ch : text + ",") {
    if (ch == ',') {
      while (!item.empty() && item.back() == ' ') item.pop_back();
      while (!item.empty() && item.front() == ' ') item.erase(0, 1);
      if (!item.empty()) out.push_back(item);
      item.clear();
    } else {
      item += ch;
    }
  }
  return out;
}

// "ntt,toom-k:points=0,1,-1,-2,inf" -> {"ntt", "toom-k:points=0,1,-1,-2,inf"}: a piece
// that is not a name (it starts with a digit, a sign or is "inf") continues the
// point list of the multiplier before it.
std::vector<std::string> split_multiplier_list(const std::string& text) {
  std::vector<std::string> out;
  for (const auto& piece : split_list(text)) {
    const bool continues = !out.empty() && out.back().find('=') != std::string::npos &&
                           (piece == "inf" || piece.front() == '-' || piece.front() == '+' ||
                            (piece.front() >= '0' && piece.front() <= '9'));
    if (continues)
      out.back() += "," + piece;
    else
      out.push_back(piece);
  }
  return out;
}

std::vector<BenchCase> plan_benchmarks(const BenchSelection& selection, std::vector<std::string>* notes) {
  const auto& valid = bench_operations();
  for (const auto& op : selection.operations)
    if (std::find(valid.begin(), valid.end(), op) == valid.end())
      throw std::invalid_argument(fmt::format("unknown operation '{}' (valid: {})", op, fmt::join(valid, ", ")));
  for (const auto& s : selection.strategies)
    if (s != "all") (void)parse_strategy(s);  // throws, naming the valid strategies
  for (const auto& isa : selection.isas)
    if (isa != "all") (void)isa_from_name(isa);  // throws, naming the valid ISAs
  if (selection.schemes.empty() == selection.rings.empty())
    throw std::invalid_argument("choose either --scheme (KEMs) or --ring (multipliers), one of them");
  if (selection.rank == 0) throw std::invalid_argument("--rank must be at least 1");
  Planner p{selection, notes, {}, {}, false};
  if (!selection.schemes.empty())
    p.plan_schemes();
  else
    p.plan_rings();
  for (auto& c : p.cases) c.row.variable_time = runs_in_variable_time(c.row.scheme, c.row.multiplier);
  return std::move(p.cases);
}

}  // namespace pqmul::experiments
