// Staged outputs. The signal handler may only call async-signal-safe
// functions, so the staged paths it removes live in a fixed table of atomic
// pointers. A path is in the table from before its file can be seen (the
// signals are held while the file is created and the path entered) until
// after the file is renamed or removed.
#include "pqmul/schemes/common/output_files.hpp"

#include <pthread.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <csignal>
#include <cstring>
#include <string>
#include <system_error>

namespace pqmul {
namespace {

namespace fs = std::filesystem;

constexpr std::size_t max_staged_files = 64;
static_assert(std::atomic<const char*>::is_always_lock_free);
std::array<std::atomic<const char*>, max_staged_files> staged_for_signals{};

std::size_t remember_for_signals(const char* path) {
  for (std::size_t i = 0; i < staged_for_signals.size(); ++i) {
    const char* empty = nullptr;
    if (staged_for_signals[i].compare_exchange_strong(empty, path)) return i;
  }
  throw std::logic_error("more than " + std::to_string(max_staged_files) + " output files staged at once");
}

extern "C" void remove_staged_then_reraise(int signal_number) {
  for (auto& slot : staged_for_signals)
    if (const char* path = slot.exchange(nullptr)) ::unlink(path);
  ::signal(signal_number, SIG_DFL);
  ::raise(signal_number);
}

constexpr std::array<int, 3> removing_signals{SIGINT, SIGTERM, SIGHUP};

// Holds back SIGINT, SIGTERM and SIGHUP in this thread while it lives; one
// arriving meanwhile is delivered when it ends.
class SignalsHeld {
 public:
  SignalsHeld() {
    sigset_t held;
    sigemptyset(&held);
    for (int signal_number : removing_signals) sigaddset(&held, signal_number);
    ::pthread_sigmask(SIG_BLOCK, &held, &previous_);
  }
  ~SignalsHeld() { ::pthread_sigmask(SIG_SETMASK, &previous_, nullptr); }
  SignalsHeld(const SignalsHeld&) = delete;
  SignalsHeld& operator=(const SignalsHeld&) = delete;

 private:
  sigset_t previous_;
};

std::string quoted(const fs::path& p) { return "'" + p.string() + "'"; }

// Why an existing target cannot be replaced by a renamed file, or "".
std::string unusable_target(const fs::path& target) {
  struct stat st {};
  if (::lstat(target.c_str(), &st) != 0) return "";
  if (S_ISDIR(st.st_mode)) return "it is a directory";
  if (S_ISLNK(st.st_mode)) {
    // Renaming would replace the link, not the file it names: refuse what it names but a regular file.
    if (::stat(target.c_str(), &st) != 0 || S_ISREG(st.st_mode)) return "";
  }
  if (!S_ISREG(st.st_mode)) return "it is not a regular file";
  return "";
}

}  // namespace

bool same_file(const fs::path& a, const fs::path& b) {
  std::error_code ec;
  if (fs::exists(a, ec) && fs::exists(b, ec)) {
    const bool same = fs::equivalent(a, b, ec);
    if (!ec) return same;
  }
  const fs::path na = fs::weakly_canonical(fs::absolute(a), ec);
  const fs::path nb = fs::weakly_canonical(fs::absolute(b), ec);
  return (na.empty() ? fs::absolute(a).lexically_normal() : na) ==
         (nb.empty() ? fs::absolute(b).lexically_normal() : nb);
}

struct OutputFiles::Staged {
  fs::path target;
  std::string temp;  // its c_str() sits in staged_for_signals while `slot` is set
  std::ofstream stream;
  std::size_t slot = max_staged_files;
  bool renamed = false;

  void forget_for_signals() {
    if (slot < max_staged_files) staged_for_signals[slot].store(nullptr);
    slot = max_staged_files;
  }
  // Removed before it is forgotten: a signal in between finds the path and
  // unlinks nothing, where the other order would leave the file behind.
  void discard() {
    if (stream.is_open()) stream.close();
    if (!temp.empty()) ::unlink(temp.c_str());
    forget_for_signals();
  }
};

OutputFiles::OutputFiles(std::vector<fs::path> inputs) : inputs_(std::move(inputs)) {}

OutputFiles::~OutputFiles() {
  for (auto& s : staged_)
    if (!s->renamed) s->discard();
}

std::ostream& OutputFiles::add(const fs::path& target, Access access) {
  for (const auto& input : inputs_)
    if (same_file(target, input))
      throw OutputFileError("output " + quoted(target) + " is the same file as the input " + quoted(input));
  for (const auto& other : staged_)
    if (same_file(target, other->target))
      throw OutputFileError("output " + quoted(target) + " is the same file as the output " + quoted(other->target));
  if (const std::string why = unusable_target(target); !why.empty())
    throw OutputFileError("cannot write output " + quoted(target) + ": " + why);

  auto staged = std::make_unique<Staged>();
  staged->target = target;
  staged->temp = target.string() + ".tmp-XXXXXX";
  int fd = -1;
  {
    // A signal arriving once the file exists but before its path is in the
    // table would leave it behind: the signals wait until the path is there.
    const SignalsHeld held;
    fd = ::mkstemp(staged->temp.data());
    if (fd < 0) {
      const int error = errno;
      staged->temp.clear();
      throw OutputFileError("cannot create output " + quoted(target) + ": " + std::strerror(error));
    }
    try {
      staged->slot = remember_for_signals(staged->temp.c_str());
    } catch (...) {
      ::close(fd);
      ::unlink(staged->temp.c_str());
      throw;
    }
  }
  staged_.push_back(std::move(staged));
  Staged& s = *staged_.back();
  // mkstemp creates the file for its owner only; others may read what is not secret.
  const bool mode_ok = access == Access::owner_only || ::fchmod(fd, 0644) == 0;
  ::close(fd);
  if (mode_ok) s.stream.open(s.temp, std::ios::binary | std::ios::trunc);
  if (!mode_ok || !s.stream) throw OutputFileError("cannot write output " + quoted(target));
  return s.stream;
}

OutputFiles::Staged& OutputFiles::find(const fs::path& target) const {
  for (const auto& s : staged_)
    if (s->target == target) return *s;
  throw std::logic_error("output " + quoted(target) + " was not staged");
}

fs::path OutputFiles::staged_path(const fs::path& target) const { return find(target).temp; }

void OutputFiles::write(const fs::path& target, std::string_view bytes, Access access) {
  const bool staged = std::any_of(staged_.begin(), staged_.end(), [&](const auto& s) { return s->target == target; });
  std::ostream& out = staged ? find(target).stream : add(target, access);
  // Flushed: another program (gnuplot) may read the staged file before commit.
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  if (!out.flush()) throw OutputFileError("cannot write output " + quoted(target));
}

void OutputFiles::write(const fs::path& target, std::span<const std::uint8_t> bytes, Access access) {
  write(target, std::string_view(reinterpret_cast<const char*>(bytes.data()), bytes.size()), access);
}

void OutputFiles::commit() {
  for (auto& s : staged_) {
    s->stream.close();
    if (!s->stream) throw OutputFileError("cannot write output " + quoted(s->target));
  }
  for (auto& s : staged_) {
    std::error_code ec;
    fs::rename(s->temp, s->target, ec);
    if (ec) {
      // All or nothing: the outputs already in place go as well.
      for (auto& done : staged_)
        if (done->renamed) ::unlink(done->target.c_str());
      throw OutputFileError("cannot write output " + quoted(s->target) + ": " + ec.message());
    }
    s->forget_for_signals();
    s->renamed = true;
  }
}

void remove_staged_files_on_signals() {
  for (int signal_number : removing_signals) {
    struct sigaction previous {};
    if (::sigaction(signal_number, nullptr, &previous) != 0) continue;
    if (previous.sa_handler == SIG_IGN) continue;  // started with the signal ignored (nohup): keep it so
    struct sigaction action {};
    action.sa_handler = remove_staged_then_reraise;
    sigemptyset(&action.sa_mask);
    ::sigaction(signal_number, &action, nullptr);
  }
}

}  // namespace pqmul
