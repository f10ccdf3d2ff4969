// pqmul seal / pqmul open: KEM + TinyJAMBU-256 hybrid encryption of a file
// for every KEM in the registry. The sealed format (KEM ciphertext, nonce,
// chunked AEAD ciphertext with tags) is documented in
// schemes/include/pqmul/schemes/hybrid/hybrid.hpp. Input is streamed chunk by
// chunk; the output goes to a temporary file beside OUT that is renamed to OUT
// only when everything succeeded, so a failure never leaves an output file.
#include <fmt/core.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <string>
#include <system_error>
#include <vector>

#include "command.hpp"
#include "pqmul/schemes/common/random.hpp"
#include "pqmul/schemes/hybrid/hybrid.hpp"
#include "pqmul/schemes/kem.hpp"

namespace pqmul::cli {
namespace {

struct HybridOptions {
  std::string scheme, multiplier, key_file, input, output;
};

std::vector<std::uint8_t> read_key(const std::string& path, std::size_t expected, const std::string& what) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw UsageError(fmt::format("cannot read {} file '{}'", what, path));
  std::vector<std::uint8_t> key((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (key.size() != expected)
    throw UsageError(fmt::format("{} file '{}' has {} bytes, expected {}", what, path, key.size(), expected));
  return key;
}

// A temporary file in OUT's directory; renamed onto OUT by commit(), removed
// otherwise.
class PendingOutput {
 public:
  explicit PendingOutput(const std::string& target) : target_(target) {
    std::string pattern = target + ".tmp-XXXXXX";
    const int fd = ::mkstemp(pattern.data());
    if (fd < 0) throw UsageError(fmt::format("cannot create output '{}': {}", target, std::strerror(errno)));
    ::close(fd);
    temp_ = pattern;
    stream_.open(temp_, std::ios::binary | std::ios::trunc);
    if (!stream_) throw UsageError(fmt::format("cannot write output '{}'", target));
  }
  PendingOutput(const PendingOutput&) = delete;
  PendingOutput& operator=(const PendingOutput&) = delete;
  ~PendingOutput() {
    if (committed_) return;
    stream_.close();
    std::error_code ignored;
    std::filesystem::remove(temp_, ignored);
  }
  std::ostream& stream() { return stream_; }
  void commit() {
    stream_.close();
    if (!stream_) throw std::runtime_error(fmt::format("cannot write output '{}'", target_));
    std::filesystem::rename(temp_, target_);
    committed_ = true;
  }

 private:
  std::string target_, temp_;
  std::ofstream stream_;
  bool committed_ = false;
};

std::ifstream open_input(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw UsageError(fmt::format("cannot read input '{}'", path));
  return in;
}

void run_seal(const HybridOptions& o) {
  const auto kem = make_kem(o.scheme, o.multiplier);
  const auto pk = read_key(o.key_file, kem->public_key_bytes(), "public key");
  auto in = open_input(o.input);
  PendingOutput out(o.output);
  SystemRandom rng;
  try {
    hybrid::seal(*kem, pk, in, out.stream(), rng);
  } catch (const InvalidInput& e) {
    throw UsageError(fmt::format("seal: {}", e.what()));
  }
  out.commit();
}

void run_open(const HybridOptions& o) {
  const auto kem = make_kem(o.scheme, o.multiplier);
  const auto sk = read_key(o.key_file, kem->secret_key_bytes(), "secret key");
  auto in = open_input(o.input);
  PendingOutput out(o.output);
  try {
    hybrid::open(*kem, sk, in, out.stream());
  } catch (const hybrid::OpenError& e) {
    throw Failure(1, fmt::format("open: '{}' does not verify: {}; no output written", o.input, e.what()));
  } catch (const InvalidInput& e) {
    throw UsageError(fmt::format("open: {}", e.what()));
  }
  out.commit();
}

void add_common(CLI::App* cmd, HybridOptions& o, const char* key_option, const char* key_help) {
  cmd->add_option("--scheme", o.scheme, "KEM scheme, e.g. ml-kem-768 (see `pqmul list`)")->required();
  cmd->add_option("--multiplier", o.multiplier, "Polynomial multiplier of the KEM (default: the scheme's)");
  cmd->add_option(key_option, o.key_file, key_help)->required();
  cmd->add_option("-i,--input", o.input, "Input file")->required();
  cmd->add_option("-o,--output", o.output, "Output file (written only on success)")->required();
}

const CommandRegistration registration{[](CLI::App& app) {
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
