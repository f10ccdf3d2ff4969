// File front end of the hybrid: temporary output, renamed only on success.
#include "pqmul/schemes/hybrid/files.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <string>
#include <system_error>

namespace pqmul::hybrid {
namespace {

class PendingOutput {
 public:
  explicit PendingOutput(const std::filesystem::path& target) : target_(target) {
    std::string pattern = target.string() + ".tmp-XXXXXX";
    const int fd = ::mkstemp(pattern.data());
    if (fd < 0) throw FileError("cannot create output '" + target.string() + "': " + std::strerror(errno));
    ::close(fd);
    temp_ = pattern;
    stream_.open(temp_, std::ios::binary | std::ios::trunc);
    if (!stream_) {
      discard();
      throw FileError("cannot write output '" + target.string() + "'");
    }
  }
  PendingOutput(const PendingOutput&) = delete;
  PendingOutput& operator=(const PendingOutput&) = delete;
  ~PendingOutput() {
    if (!committed_) discard();
  }
  std::ostream& stream() { return stream_; }
  void commit() {
    stream_.close();
    if (!stream_) throw FileError("cannot write output '" + target_.string() + "'");
    std::error_code error;
    std::filesystem::rename(temp_, target_, error);
    if (error) throw FileError("cannot rename output onto '" + target_.string() + "': " + error.message());
    committed_ = true;
  }

 private:
  void discard() {
    stream_.close();
    std::error_code ignored;
    std::filesystem::remove(temp_, ignored);
  }
  std::filesystem::path target_, temp_;
  std::ofstream stream_;
  bool committed_ = false;
};

std::ifstream open_input(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in || std::filesystem::is_directory(path)) throw FileError("cannot read input '" + path.string() + "'");
  return in;
}

// I/O failures inside the stream functions surface as FileError.
template <class F>
void with_files(const std::filesystem::path& input, const std::filesystem::path& output, F&& body) {
  auto in = open_input(input);
  PendingOutput out(output);
  try {
    body(in, out.stream());
  } catch (const OpenError&) {
    throw;
  } catch (const InvalidInput&) {
    throw;
  } catch (const std::invalid_argument&) {
    throw;
  } catch (const std::runtime_error& e) {
    throw FileError(std::string(e.what()) + " ('" + input.string() + "' -> '" + output.string() + "')");
  }
  out.commit();
}

}  // namespace

void seal_file(const Kem& kem, std::span<const std::uint8_t> public_key, const std::filesystem::path& input,
               const std::filesystem::path& output, RandomSource& rng) {
  with_files(input, output, [&](std::istream& in, std::ostream& out) { seal(kem, public_key, in, out, rng); });
}

void open_file(const Kem& kem, std::span<const std::uint8_t> secret_key, const std::filesystem::path& input,
               const std::filesystem::path& output) {
  with_files(input, output, [&](std::istream& in, std::ostream& out) { open(kem, secret_key, in, out); });
}

}  // namespace pqmul::hybrid
