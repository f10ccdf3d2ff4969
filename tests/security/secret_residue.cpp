// Secrets left behind by the KEMs. Each operation runs on a stack of its own
// (a zeroed block entered with swapcontext, experiments/own_stack.hpp, so that the whole region the
// operation's frames used is known and nothing else writes there); after it
// returns, the block is searched for the secrets the operation handled:
//
//   keygen            the generator's output it kept secret (seeds d and z, ...)
//   encaps            the shared secret and the message m (and the coins)
//   decaps            the shared secret and the recovered message m'
//   decaps, modified  the implicit-rejection key
//
// Blocks the operation frees are searched too (operator delete is replaced
// below and looks while an operation runs). Any 16 consecutive bytes of a
// secret found is a failure, with the place it was found. Every (scheme,
// multiplier, ISA, strategy) the registry offers for secrets is run.
//
// m and m' are derived here from the generator's output as the standards do
// (ML-KEM: m is the 32 bytes drawn; Kyber round 3 and Saber: SHA3-256 of
// them; NTRU: the packed (r, m) sampled from the coins, whose SHA3-256 must
// be the shared secret, which checks the derivation).
#include <malloc.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <functional>
#include <new>
#include <string>
#include <unordered_set>
#include <vector>

#include "pqmul/experiments/own_stack.hpp"
#include "pqmul/schemes/common/keccak.hpp"
#include "pqmul/schemes/kem.hpp"
#include "pqmul/schemes/ntru/pack.hpp"
#include "pqmul/schemes/ntru/params.hpp"
#include "pqmul/schemes/ntru/sample.hpp"
#include "secret_kems.hpp"

namespace {

using Bytes = std::vector<std::uint8_t>;
constexpr std::size_t window = 16;  // bytes of a secret that count as a residue

// The secrets one operation handled, indexed by their 8-byte prefixes of
// every 16-byte window so that a region is searched in one pass.
class Needles {
 public:
  void add(std::string name, const Bytes& secret) {
    for (std::size_t i = 0; i + window <= secret.size(); ++i) prefixes_.insert(load(secret.data() + i));
    secrets_.push_back({std::move(name), secret});
  }
  // The name of the first secret with a window at region[at, at + 16), or null.
  const std::string* match(const std::uint8_t* at) const {
    if (!prefixes_.contains(load(at))) return nullptr;
    for (const auto& s : secrets_)
      for (std::size_t i = 0; i + window <= s.bytes.size(); ++i)
        if (std::memcmp(at, s.bytes.data() + i, window) == 0) return &s.name;
    return nullptr;
  }
  void clear() {
    secrets_.clear();
    prefixes_.clear();
  }

 private:
  static std::uint64_t load(const std::uint8_t* p) {
    std::uint64_t v;
    std::memcpy(&v, p, sizeof v);
    return v;
  }
  struct Secret {
    std::string name;
    Bytes bytes;
  };
  std::vector<Secret> secrets_;
  std::unordered_set<std::uint64_t> prefixes_;
};

// What the scan found while one operation ran and after it.
struct Scan {
  Needles needles;
  bool active = false;  // operator delete looks while set
  std::vector<std::string> findings;

  void search(const void* region, std::size_t size, const char* where) {
    const auto* bytes = static_cast<const std::uint8_t*>(region);
    for (std::size_t at = 0; at + window <= size; ++at) {
      if (const std::string* name = needles.match(bytes + at)) {
        findings.push_back(*name + " in " + where + " at offset " + std::to_string(at) + " of " + std::to_string(size));
        at += window - 1;
      }
    }
  }
};
Scan scan;

}  // namespace

// Freed blocks are searched while an operation runs (glibc's allocator: the
// usable size covers what the block held). The replaced operator new is
// malloc's, as the default is, so that delete may hand every block to free.
void* operator new(std::size_t size) {
  if (void* p = std::malloc(size == 0 ? 1 : size)) return p;
  throw std::bad_alloc();
}
void* operator new[](std::size_t size) { return operator new(size); }
void* operator new(std::size_t size, std::align_val_t alignment) {
  const auto align = static_cast<std::size_t>(alignment);
  if (void* p = std::aligned_alloc(align, (size + align - 1) / align * align)) return p;
  throw std::bad_alloc();
}
void* operator new[](std::size_t size, std::align_val_t alignment) { return operator new(size, alignment); }
namespace {
// Every block is zeroed before free, after the search when an operation
// frees it: a block the harness freed (its own copies of the secrets, from
// the run that learnt them) or an earlier operation freed must not come back
// through malloc, partly overwritten, in a block a later operation frees and
// be charged to that operation.
void release(void* p) noexcept {
  if (p == nullptr) return;
  if (scan.active) {
    scan.active = false;  // (the search itself may allocate)
    scan.search(p, malloc_usable_size(p), "a freed heap block");
    scan.active = true;
  }
  volatile auto* bytes = static_cast<volatile std::uint8_t*>(p);
  for (std::size_t i = 0, n = malloc_usable_size(p); i < n; ++i) bytes[i] = 0;
  std::free(p);
}
}  // namespace
void operator delete(void* p) noexcept { release(p); }
void operator delete[](void* p) noexcept { release(p); }
void operator delete(void* p, std::size_t) noexcept { release(p); }
void operator delete[](void* p, std::size_t) noexcept { release(p); }
void operator delete(void* p, std::align_val_t) noexcept { release(p); }
void operator delete[](void* p, std::align_val_t) noexcept { release(p); }
void operator delete(void* p, std::size_t, std::align_val_t) noexcept { release(p); }
void operator delete[](void* p, std::size_t, std::align_val_t) noexcept { release(p); }

namespace {

using pqmul::experiments::OwnStack;

// The stacks the operations run on: zeroed before each (own_stack.hpp).
constexpr std::size_t stack_size = std::size_t{1} << 20;

// Runs `operation` on its own zeroed stack, looking into the blocks it frees,
// then searches that stack.
void run_scanned(OwnStack& stack, const std::function<void()>& operation) {
  scan.active = true;
  try {
    stack.run(operation, 0);
  } catch (...) {
    scan.active = false;
    throw;
  }
  scan.active = false;
  scan.search(stack.memory().data(), stack.memory().size(), "the dead stack");
}

// Deterministic bytes; remembers each draw.
class RecordedRandom final : public pqmul::RandomSource {
 public:
  void fill(std::span<std::uint8_t> out) override {
    for (auto& b : out) {
      state_ = state_ * 6364136223846793005ull + 1442695040888963407ull;
      b = static_cast<std::uint8_t>(state_ >> 56);
    }
    draws.emplace_back(out.begin(), out.end());
  }
  std::vector<Bytes> draws;

 private:
  std::uint64_t state_ = 0x13198A2E03707344ull;
};

Bytes sha3_256(const Bytes& in) {
  const auto digest = pqmul::keccak::sha3_256(in);
  return Bytes(digest.begin(), digest.end());
}

// NTRU's (r, m) packed, from the coins of encapsulation.
template <class P>
Bytes ntru_rm(const Bytes& coins) {
  namespace ntru = pqmul::ntru;
  const auto r = ntru::sample_iid<P>(std::span<const std::uint8_t, P::iid_bytes>(coins.data(), P::iid_bytes));
  ntru::S3<P> m;
  if constexpr (P::variant == ntru::Variant::hps)
    m = ntru::sample_fixed_type<P>(
        std::span<const std::uint8_t, P::fixed_type_bytes>(coins.data() + P::iid_bytes, P::fixed_type_bytes));
  else
    m = ntru::sample_iid<P>(std::span<const std::uint8_t, P::iid_bytes>(coins.data() + P::iid_bytes, P::iid_bytes));
  Bytes rm(P::message_bytes);
  ntru::pack_s3<P>(r, std::span<std::uint8_t, P::trinary_bytes>(rm.data(), P::trinary_bytes));
  ntru::pack_s3<P>(m, std::span<std::uint8_t, P::trinary_bytes>(rm.data() + P::trinary_bytes, P::trinary_bytes));
  return rm;
}

// The message of encapsulation (m') as the family derives it from the coins.
Bytes message_of(const pqmul::KemEntry& entry, const pqmul::Kem& kem, const Bytes& coins) {
  if (entry.family == "ml-kem") return coins;
  if (entry.family == "kyber" || entry.family == "saber") return sha3_256(coins);
  namespace ntru = pqmul::ntru;
  const std::string scheme = kem.scheme();
  if (scheme == ntru::Hps2048509::name) return ntru_rm<ntru::Hps2048509>(coins);
  if (scheme == ntru::Hps2048677::name) return ntru_rm<ntru::Hps2048677>(coins);
  if (scheme == ntru::Hps4096821::name) return ntru_rm<ntru::Hps4096821>(coins);
  if (scheme == ntru::Hrss701::name) return ntru_rm<ntru::Hrss701>(coins);
  throw std::runtime_error("no message derivation for " + scheme);
}

// The draws of keygen that are secret: all of them but Saber's first, which
// only feeds the public seed of the matrix.
std::vector<Bytes> secret_keygen_draws(const pqmul::KemEntry& entry, const std::vector<Bytes>& draws) {
  std::vector<Bytes> secret = draws;
  if (entry.family == "saber" && !secret.empty()) secret.erase(secret.begin());
  return secret;
}

// The four operations of one KEM; returns the findings.
std::vector<std::string> check(const pqmul::KemEntry& entry, const pqmul::Kem& kem, OwnStack& stack) {
  std::vector<std::string> found;
  auto run = [&](const char* operation, const std::function<void()>& body) {
    scan.findings.clear();
    run_scanned(stack, body);
    for (const auto& f : scan.findings) found.push_back(std::string(operation) + ": " + f);
    scan.needles.clear();
  };
  Bytes pk(kem.public_key_bytes()), sk(kem.secret_key_bytes()), ct(kem.ciphertext_bytes());
  Bytes ss(kem.shared_secret_bytes()), ss_decaps(ss.size()), ss_rejected(ss.size());

  // Each operation's secrets are learnt from a first run off the scan: the
  // generator starts from the same state every time, so the scanned run draws the same bytes.
  RecordedRandom learn_keygen;
  kem.keypair(pk, sk, learn_keygen);
  int index = 0;
  for (const auto& draw : secret_keygen_draws(entry, learn_keygen.draws))
    scan.needles.add("keygen draw " + std::to_string(index++), draw);
  RecordedRandom replay_keygen;
  run("keygen", [&] { kem.keypair(pk, sk, replay_keygen); });

  RecordedRandom learn;
  kem.encaps(ct, ss, pk, learn);
  Bytes coins;
  for (const auto& d : learn.draws) coins.insert(coins.end(), d.begin(), d.end());
  const Bytes message = message_of(entry, kem, coins);
  if (entry.family == "ntru" && sha3_256(message) != ss)
    found.push_back("the derived (r, m) does not hash to the shared secret: the test's derivation is wrong");
  scan.needles.add("shared secret", ss);
  scan.needles.add("m", message);
  scan.needles.add("coins", coins);
  RecordedRandom same;
  run("encaps", [&] { kem.encaps(ct, ss, pk, same); });

  scan.needles.add("shared secret", ss);
  scan.needles.add("m'", message);
  run("decaps", [&] { kem.decaps(ss_decaps, ct, sk); });
  if (ss_decaps != ss) found.push_back("decaps gave another shared secret");

  ct[ct.size() / 2] ^= 1;
  kem.decaps(ss_rejected, ct, sk);
  scan.needles.add("implicit-rejection key", ss_rejected);
  Bytes again(ss.size());
  run("decaps of a modified ciphertext", [&] { kem.decaps(again, ct, sk); });
  return found;
}

// The control: an operation that leaves a copy of its secret in a block it
// frees and another on its stack must be reported, twice; else the scan is
// blind. (The stack copy is made last, by a function that returns at once:
// a call after it, free's say, could write its frame over the copy.)
[[gnu::noinline]] void leave_a_copy_on_the_heap(const Bytes& secret) {
  const Bytes on_heap(secret);
  asm volatile("" : : "r"(on_heap.data()) : "memory");
}
[[gnu::noinline]] void leave_a_copy_on_the_stack(const Bytes& secret) {
  std::uint8_t copy[64];
  std::memcpy(copy, secret.data(), std::min(secret.size(), sizeof copy));
  asm volatile("" : : "r"(copy) : "memory");  // (the copy is made, not optimised away)
}

int control(OwnStack& stack) {
  Bytes secret(32);
  for (std::size_t i = 0; i < secret.size(); ++i) secret[i] = static_cast<std::uint8_t>(0xA5 ^ (37 * i));
  scan.findings.clear();
  scan.needles.add("the control's secret", secret);
  run_scanned(stack, [&] {
    leave_a_copy_on_the_heap(secret);
    leave_a_copy_on_the_stack(secret);
  });
  bool on_stack = false, on_heap = false;
  for (const auto& f : scan.findings) {
    std::printf("control: %s\n", f.c_str());
    on_stack |= f.find("the dead stack") != std::string::npos;
    on_heap |= f.find("a freed heap block") != std::string::npos;
  }
  std::printf("control: the copy on the stack %s, the copy in freed memory %s\n", on_stack ? "found" : "MISSED",
              on_heap ? "found" : "MISSED");
  return on_stack && on_heap ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  OwnStack stack(stack_size);
  if (argc > 1 && std::string(argv[1]) == "--control") return control(stack);
  int combinations = 0, failing = 0;
  pqmul::security_tests::for_each_secret_kem({}, [&](const pqmul::KemEntry& entry, const pqmul::Kem& kem) {
    ++combinations;
    std::vector<std::string> found;
    try {
      found = check(entry, kem, stack);
    } catch (const std::exception& e) {
      found.push_back(std::string("error: ") + e.what());
    }
    if (found.empty()) return;
    ++failing;
    std::printf("%s %s:\n", kem.id().c_str(), std::string(pqmul::to_string(kem.strategy())).c_str());
    for (const auto& f : found) std::printf("  %s\n", f.c_str());
  });
  std::printf("%d of %d combinations (scheme x multiplier x ISA x strategy) left a secret behind\n", failing,
              combinations);
  return failing == 0 && combinations > 0 ? 0 : 1;
}
