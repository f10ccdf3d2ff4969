// pqmul seal / pqmul open: KEM + TinyJAMBU-256 hybrid encryption of a file
// for every KEM in the registry. The sealed format (KEM ciphertext, nonce,
// chunked AEAD ciphertext with tags) is documented in
// schemes/include/pqmul/schemes/hybrid/hybrid.hpp. Input is streamed chunk by
// chunk; output goes to a temporary file renamed onto OUT only on success
// (hybrid/files.hpp), so a failure or a signal never leaves an output file.
#include <fmt/core.h>

#include <memory>
#include <string>
#include <vector>

#include "command.hpp"
#include "pqmul/algorithms/wipe.hpp"
#include "pqmul/schemes/common/input_files.hpp"
#include "pqmul/schemes/common/random.hpp"
#include "pqmul/schemes/hybrid/files.hpp"
#include "pqmul/schemes/kem.hpp"
#include "secret_options.hpp"

namespace pqmul::cli {
namespace {

struct HybridOptions {
  std::string scheme, multiplier, key_file, input, output;
  bool allow_variable_time = false;
};

// Exit 1 for an input that does not verify, exit 2 for unusable files or keys.
template <class F>
void translate_errors(const char* command, const HybridOptions& o, F&& body) {
  try {
    body();
  } catch (const hybrid::OpenError& e) {
    throw Failure(1, fmt::format("{}: '{}' does not verify: {}; no output written", command, o.input, e.what()));
  } catch (const hybrid::FileError& e) {
    throw UsageError(fmt::format("{}: {}", command, e.what()));
  } catch (const InvalidInput& e) {
    throw UsageError(fmt::format("{}: {}", command, e.what()));
  }
}

void run_seal(const HybridOptions& o) {
  refuse_variable_time("seal", o.scheme, o.multiplier, o.allow_variable_time);
  const auto kem = make_kem(o.scheme, o.multiplier);
  const auto pk = read_exact_file(o.key_file, kem->public_key_bytes(), "public key");
  SystemRandom rng;
  translate_errors("seal", o, [&] { hybrid::seal_file(*kem, pk, o.input, o.output, rng, {o.key_file}); });
}

void run_open(const HybridOptions& o) {
  refuse_variable_time("open", o.scheme, o.multiplier, o.allow_variable_time);
  const auto kem = make_kem(o.scheme, o.multiplier);
  const SecretBytes sk(read_exact_file(o.key_file, kem->secret_key_bytes(), "secret key"));
  translate_errors("open", o, [&] { hybrid::open_file(*kem, sk, o.input, o.output, {o.key_file}); });
}

void add_common(CLI::App* cmd, HybridOptions& o, const char* key_option, const char* key_help) {
  cmd->add_option("--scheme", o.scheme, "KEM scheme, e.g. ml-kem-768 (see `pqmul list`)")->required();
  cmd->add_option("--multiplier", o.multiplier, "Polynomial multiplier of the KEM (default: the scheme's)");
  cmd->add_option(key_option, o.key_file, key_help)->required();
  cmd->add_option("-i,--input", o.input, "Input file")->required();
  cmd->add_option("-o,--output", o.output, "Output file (written only on success)")->required();
  add_allow_variable_time(cmd, o.allow_variable_time);
}

const CommandRegistration hybrid_registration{[](CLI::App& app) {
  auto seal = std::make_shared<HybridOptions>();
  auto* s = app.add_subcommand("seal", "Encrypt a file to a KEM public key (KEM + TinyJAMBU-256, chunked)");
  add_common(s, *seal, "--pk", "Recipient's public key (raw bytes, as written by `pqmul keygen`)");
  s->callback([seal] { run_seal(*seal); });

  auto open = std::make_shared<HybridOptions>();
  auto* o = app.add_subcommand("open", "Decrypt and verify a file sealed by `pqmul seal`; exit 1 if it does not verify");
  add_common(o, *open, "--sk", "Recipient's secret key (raw bytes, as written by `pqmul keygen`)");
  o->callback([open] { run_open(*open); });
}};

}  // namespace
}  // namespace pqmul::cli
