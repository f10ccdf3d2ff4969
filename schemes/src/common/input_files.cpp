// Bounded reads: the type of the file is checked before it is opened (opening
// a FIFO would wait for a writer) and again on the open descriptor (the path
// may have been replaced in between).
#include "pqmul/schemes/common/input_files.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

namespace pqmul {
namespace {

std::string quoted(const std::filesystem::path& path) { return "'" + path.string() + "'"; }

[[noreturn]] void refuse(std::string_view what, const std::filesystem::path& path, const std::string& why) {
  throw InputFileError("cannot read " + std::string(what) + " " + quoted(path) + ": " + why);
}

std::string kind_of(mode_t mode) {
  if (S_ISDIR(mode)) return "it is a directory";
  if (S_ISCHR(mode) || S_ISBLK(mode)) return "it is a device, not a regular file";
  if (S_ISFIFO(mode)) return "it is a pipe, not a regular file";
  if (S_ISSOCK(mode)) return "it is a socket, not a regular file";
  return "it is not a regular file";
}

class Descriptor {
 public:
  explicit Descriptor(int fd) : fd_(fd) {}
  Descriptor(const Descriptor&) = delete;
  Descriptor& operator=(const Descriptor&) = delete;
  ~Descriptor() {
    if (fd_ >= 0) ::close(fd_);
  }
  int get() const { return fd_; }

 private:
  int fd_;
};

mode_t mode_of(const std::filesystem::path& path, std::string_view what) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) refuse(what, path, std::strerror(errno));
  return st.st_mode;
}

// At most `limit` + 1 bytes of a regular file, and the size it had when opened.
struct Prefix {
  std::string bytes;
  std::uintmax_t size_at_open;
};

Prefix read_prefix(const std::filesystem::path& path, std::size_t limit, std::string_view what) {
  if (const mode_t mode = mode_of(path, what); !S_ISREG(mode)) refuse(what, path, kind_of(mode));
  Descriptor fd(::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK));
  if (fd.get() < 0) refuse(what, path, std::strerror(errno));
  struct stat st {};
  if (::fstat(fd.get(), &st) != 0) refuse(what, path, std::strerror(errno));
  if (!S_ISREG(st.st_mode)) refuse(what, path, kind_of(st.st_mode));
  Prefix out{{}, static_cast<std::uintmax_t>(st.st_size)};
  if (out.size_at_open > limit) return out;
  // The file may grow while it is read: one byte past the limit is enough to tell.
  out.bytes.resize(static_cast<std::size_t>(out.size_at_open) + 1);
  std::size_t done = 0;
  for (;;) {
    if (done == out.bytes.size()) {
      if (done > limit) break;
      out.bytes.resize(std::min(limit + 1, 2 * done));
    }
    const ssize_t n = ::read(fd.get(), out.bytes.data() + done, out.bytes.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) refuse(what, path, std::strerror(errno));
    if (n == 0) break;
    done += static_cast<std::size_t>(n);
  }
  out.bytes.resize(done);
  return out;
}

}  // namespace

std::string read_bounded_file(const std::filesystem::path& path, std::size_t max_bytes, std::string_view what) {
  Prefix p = read_prefix(path, max_bytes, what);
  if (p.size_at_open > max_bytes || p.bytes.size() > max_bytes)
    refuse(what, path, "it is larger than the " + std::to_string(max_bytes) + " bytes allowed");
  return std::move(p.bytes);
}

std::vector<std::uint8_t> read_exact_file(const std::filesystem::path& path, std::size_t expected,
                                          std::string_view what) {
  const Prefix p = read_prefix(path, expected, what);
  if (p.size_at_open != expected || p.bytes.size() != expected) {
    const std::size_t got = p.size_at_open > expected ? static_cast<std::size_t>(p.size_at_open) : p.bytes.size();
    throw InputFileError(std::string(what) + " file " + quoted(path) + " has " + std::to_string(got) +
                         " bytes, expected " + std::to_string(expected));
  }
  return {p.bytes.begin(), p.bytes.end()};
}

void require_streamable_file(const std::filesystem::path& path, std::string_view what) {
  const mode_t mode = mode_of(path, what);
  if (!S_ISREG(mode) && !S_ISFIFO(mode)) refuse(what, path, kind_of(mode));
}

}  // namespace pqmul
