// pqmul kat / keygen / encaps / decaps: the KEMs of the registry
// (kem.hpp) by name, for every scheme family. Keys, ciphertexts and shared
// secrets are raw binary files, read at their exact length (input_files.hpp).
// Every output is staged beside its target and renamed only when the whole
// command succeeded (output_files.hpp), so a failure never leaves a
// half-written file, and no output may replace an input or another output.
#include <fmt/core.h>

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "command.hpp"
#include "pqmul/algorithms/wipe.hpp"
#include "pqmul/experiments/variable_time.hpp"
#include "pqmul/schemes/common/input_files.hpp"
#include "pqmul/schemes/common/output_files.hpp"
#include "pqmul/schemes/common/random.hpp"
#include "pqmul/schemes/kem.hpp"
#include "pqmul/schemes/nist_kat.hpp"
#include "secret_options.hpp"

namespace pqmul::cli {
namespace {

struct KemOptions {
  std::string scheme, multiplier, strategy, isa;
  bool allow_variable_time = false;
  std::unique_ptr<Kem> make() const {
    std::optional<Strategy> s;
    if (!strategy.empty()) s = parse_strategy(strategy);
    std::optional<Isa> i;
    if (!isa.empty()) i = isa_from_name(isa);
    return make_kem(scheme, multiplier, s, i);
  }
};

void add_kem_options(CLI::App* cmd, KemOptions& o, bool handles_secrets) {
  cmd->add_option("--scheme", o.scheme, "KEM scheme, e.g. ml-kem-768, kyber768, saber")->required();
  cmd->add_option("--multiplier", o.multiplier, "polynomial multiplier (default: the scheme's first)");
  cmd->add_option("--strategy", o.strategy, "module strategy: eager, lazy or cached (default: the scheme's)");
  cmd->add_option("--isa", o.isa, "portable, avx2, avx512 or neon (default: the best this CPU runs)");
  if (handles_secrets) add_allow_variable_time(cmd, o.allow_variable_time);
}

const KemEntry& entry_of(const std::string& scheme) {
  for (const auto& e : kem_registry())
    if (e.scheme == scheme) return e;
  (void)make_kem(scheme);  // throws, naming the valid schemes
  throw UsageError("unknown scheme " + scheme);
}

// (The bytes are a seed or coins: a secret.)
SecretBytes parse_hex(const std::string& text, const std::string& what) {
  auto nibble = [&](char c) -> int {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    throw UsageError(fmt::format("{} is not hexadecimal (bad character '{}')", what, c));
  };
  if (text.size() % 2) throw UsageError(fmt::format("{} has an odd number of hex digits", what));
  SecretBytes out(text.size() / 2);
  for (std::size_t i = 0; i < out.size(); ++i)
    out[i] = static_cast<std::uint8_t>(nibble(text[2 * i]) << 4 | nibble(text[2 * i + 1]));
  return out;
}

void write_bytes(std::ostream& out, std::span<const std::uint8_t> bytes) {
  out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
}

// Serves fixed bytes as randomness (--seed / --coins), and tells how many the
// scheme drew, so a wrong length is reported in the scheme's own terms.
class FixedRandom final : public RandomSource {
 public:
  FixedRandom(const std::string& hex, std::string what) : bytes_(parse_hex(hex, what)), what_(std::move(what)) {}
  void fill(std::span<std::uint8_t> out) override {
    if (out.size() > bytes_.size() - used_)
      throw UsageError(fmt::format("{} is too short: {} bytes given, the scheme draws more", what_, bytes_.size()));
    std::copy_n(bytes_.begin() + used_, out.size(), out.begin());
    used_ += out.size();
  }
  void require_all_used() const {
    if (used_ != bytes_.size())
      throw UsageError(fmt::format("{} must be {} bytes for this scheme, not {}", what_, used_, bytes_.size()));
  }

 private:
  SecretBytes bytes_;
  std::string what_;
  std::size_t used_ = 0;
};

struct KatOptions : KemOptions {
  std::string output;
};

void run_kat(const KatOptions& o) {
  const auto kem = o.make();
  if (experiments::runs_in_variable_time(o.scheme, o.multiplier))
    fmt::print(stderr, "pqmul kat: note: {}: {}\n", o.multiplier, experiments::variable_time_note);
  const std::string text = nist_kat_file(*kem, entry_of(o.scheme).kat_header);
  if (o.output.empty() || o.output == "-") {
    fmt::print("{}", text);
    return;
  }
  OutputFiles out;
  out.write(o.output, text, OutputFiles::Access::world_readable);
  out.commit();
}

struct KeygenOptions : KemOptions {
  std::string seed, pk, sk;
};

void run_keygen(const KeygenOptions& o) {
  refuse_variable_time("keygen", o.scheme, o.multiplier, o.allow_variable_time);
  const auto kem = o.make();
  OutputFiles out;
  std::ostream& pk_file = out.add(o.pk, OutputFiles::Access::world_readable);
  std::ostream& sk_file = out.add(o.sk, OutputFiles::Access::owner_only);
  std::vector<std::uint8_t> pk(kem->public_key_bytes());
  SecretBytes sk(kem->secret_key_bytes());
  if (o.seed.empty()) {
    SystemRandom rng;
    kem->keypair(pk, sk, rng);
  } else {
    FixedRandom rng(o.seed, "--seed");
    kem->keypair(pk, sk, rng);
    rng.require_all_used();
  }
  write_bytes(pk_file, pk);
  write_bytes(sk_file, sk);
  out.commit();
}

struct EncapsOptions : KemOptions {
  std::string pk, coins, ct, ss;
};

void run_encaps(const EncapsOptions& o) {
  refuse_variable_time("encaps", o.scheme, o.multiplier, o.allow_variable_time);
  const auto kem = o.make();
  OutputFiles out({o.pk});
  std::ostream& ct_file = out.add(o.ct, OutputFiles::Access::world_readable);
  std::ostream& ss_file = out.add(o.ss, OutputFiles::Access::owner_only);
  const auto pk = read_exact_file(o.pk, kem->public_key_bytes(), "public key");
  std::vector<std::uint8_t> ct(kem->ciphertext_bytes());
  SecretBytes ss(kem->shared_secret_bytes());
  try {
    if (o.coins.empty()) {
      SystemRandom rng;
      kem->encaps(ct, ss, pk, rng);
    } else {
      FixedRandom rng(o.coins, "--coins");
      kem->encaps(ct, ss, pk, rng);
      rng.require_all_used();
    }
  } catch (const InvalidInput& e) {
    throw UsageError(fmt::format("public key file '{}' is not a valid {} key: {}", o.pk, kem->scheme(), e.what()));
  }
  write_bytes(ct_file, ct);
  write_bytes(ss_file, ss);
  out.commit();
}

struct DecapsOptions : KemOptions {
  std::string sk, ct, ss;
};

void run_decaps(const DecapsOptions& o) {
  refuse_variable_time("decaps", o.scheme, o.multiplier, o.allow_variable_time);
  const auto kem = o.make();
  OutputFiles out({o.sk, o.ct});
  std::ostream& ss_file = out.add(o.ss, OutputFiles::Access::owner_only);
  const SecretBytes sk(read_exact_file(o.sk, kem->secret_key_bytes(), "secret key"));
  const auto ct = read_exact_file(o.ct, kem->ciphertext_bytes(), "ciphertext");
  SecretBytes ss(kem->shared_secret_bytes());
  try {
    kem->decaps(ss, ct, sk);
  } catch (const InvalidInput& e) {
    throw UsageError(fmt::format("secret key file '{}' is not a valid {} key: {}", o.sk, kem->scheme(), e.what()));
  }
  write_bytes(ss_file, ss);
  out.commit();
}

const CommandRegistration kem_registration{[](CLI::App& app) {
  auto kat = std::make_shared<KatOptions>();
  auto* k = app.add_subcommand("kat", "Write the NIST KAT .rsp file (100 vectors) of a KEM, as PQCgenKAT_kem.c does");
  add_kem_options(k, *kat, false);
  k->add_option("-o,--output", kat->output, "output file (default: standard output)");
  k->callback([kat] { run_kat(*kat); });

  auto keygen = std::make_shared<KeygenOptions>();
  auto* g = app.add_subcommand("keygen", "Generate a key pair (raw binary files)");
  add_kem_options(g, *keygen, true);
  g->add_option("--seed", keygen->seed,
                "hex bytes the key generation draws instead of system randomness (ML-KEM and Kyber: 64 bytes d||z)");
  g->add_option("--pk", keygen->pk, "public (encapsulation) key output file")->required();
  g->add_option("--sk", keygen->sk, "secret (decapsulation) key output file")->required();
  g->callback([keygen] { run_keygen(*keygen); });

  auto encaps = std::make_shared<EncapsOptions>();
  auto* e = app.add_subcommand("encaps", "Encapsulate a shared secret to a public key");
  add_kem_options(e, *encaps, true);
  e->add_option("--pk", encaps->pk, "public key file")->required();
  e->add_option("--coins", encaps->coins,
                "hex bytes encapsulation draws instead of system randomness (ML-KEM: the 32-byte m; Kyber round 3: "
                "the 32 bytes hashed into m)");
  e->add_option("--ct", encaps->ct, "ciphertext output file")->required();
  e->add_option("--ss", encaps->ss, "shared secret output file")->required();
  e->callback([encaps] { run_encaps(*encaps); });

  auto decaps = std::make_shared<DecapsOptions>();
  auto* d = app.add_subcommand("decaps", "Decapsulate a ciphertext with a secret key (implicit rejection)");
  add_kem_options(d, *decaps, true);
  d->add_option("--sk", decaps->sk, "secret key file")->required();
  d->add_option("--ct", decaps->ct, "ciphertext file")->required();
  d->add_option("--ss", decaps->ss, "shared secret output file")->required();
  d->callback([decaps] { run_decaps(*decaps); });
}};

}  // namespace
}  // namespace pqmul::cli
