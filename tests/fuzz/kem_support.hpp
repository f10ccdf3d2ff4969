#pragma once
// The KEMs of the key, decapsulation and hybrid targets: every scheme of the
// registry, portable with its default multiplier and strategy (the input's
// first byte picks the scheme), and for comparison every other build of it
// this CPU runs (multiplier x strategy x ISA), which must give the same bytes.
#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "pqmul/schemes/common/random.hpp"
#include "pqmul/schemes/kem.hpp"

namespace pqmul::fuzz {

inline std::size_t scheme_index(std::uint8_t pick) { return pick % kem_registry().size(); }

// The portable default build of scheme `index`.
inline const Kem& portable_kem(std::size_t index) {
  static const auto kems = [] {
    std::vector<std::unique_ptr<Kem>> out;
    for (const auto& e : kem_registry()) out.push_back(make_kem(e.scheme, {}, {}, Isa::portable));
    return out;
  }();
  return *kems.at(index);
}

struct Build {
  std::string multiplier;
  Strategy strategy;
  Isa isa;
};

// Every build of scheme `index` this CPU runs.
inline const std::vector<Build>& builds_of(std::size_t index) {
  static const auto builds = [] {
    std::vector<std::vector<Build>> out;
    for (const auto& e : kem_registry()) {
      auto& list = out.emplace_back();
      const auto strategies = e.strategies.empty() ? std::vector<Strategy>{Strategy::cached} : e.strategies;
      for (const auto& m : e.multipliers)
        for (Strategy s : strategies)
          for (Isa i : e.isas(m))
            if (isa_available(i)) list.push_back({m, s, i});
    }
    return out;
  }();
  return builds.at(index);
}

// One of the builds of scheme `index`, made on first use and kept.
inline const Kem& other_build(std::size_t index, std::uint8_t pick) {
  static std::map<std::pair<std::size_t, std::size_t>, std::unique_ptr<Kem>> made;
  const auto& builds = builds_of(index);
  const std::size_t which = pick % builds.size();
  auto& kem = made[{index, which}];
  if (!kem)
    kem = kem_registry().at(index).make_for(builds[which].multiplier, builds[which].strategy, builds[which].isa);
  return *kem;
}

// "<scheme>/<multiplier>/<isa>/<strategy>", for findings.
inline std::string build_name(const Kem& kem) { return kem.id() + "/" + std::string(to_string(kem.strategy())); }

// `bytes` repeated or cut to exactly `n` bytes (zeros when empty), so a short
// input still gets past the length checks to the code behind them.
inline std::vector<std::uint8_t> stretched(std::span<const std::uint8_t> bytes, std::size_t n) {
  std::vector<std::uint8_t> out(n);
  if (!bytes.empty())
    for (std::size_t i = 0; i < n; ++i) out[i] = bytes[i % bytes.size()];
  return out;
}

// The randomness of the NIST KAT generator's first entry (count = 0), so a key
// pair drawn from it is the pk and sk of count 0 in the scheme's .rsp file.
inline NistKatDrbg kat_count0_drbg() {
  std::array<std::uint8_t, 48> entropy;
  for (std::size_t i = 0; i < entropy.size(); ++i) entropy[i] = static_cast<std::uint8_t>(i);
  NistKatDrbg master(entropy);
  std::array<std::uint8_t, 48> seed;
  master.fill(seed);
  return NistKatDrbg(seed);
}

struct KeyPair {
  std::vector<std::uint8_t> pk, sk;
};

// The key pair of count 0 of scheme `index`'s KAT file.
inline const KeyPair& fixed_key_pair(std::size_t index) {
  static std::map<std::size_t, KeyPair> pairs;
  auto& pair = pairs[index];
  if (pair.pk.empty()) {
    const Kem& kem = portable_kem(index);
    pair.pk.resize(kem.public_key_bytes());
    pair.sk.resize(kem.secret_key_bytes());
    auto drbg = kat_count0_drbg();
    kem.keypair(pair.pk, pair.sk, drbg);
  }
  return pair;
}

}  // namespace pqmul::fuzz
