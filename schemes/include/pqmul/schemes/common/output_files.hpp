#pragma once
// The one way outputs are written: every file of a command is staged in a
// temporary file beside its target and renamed onto it only when the whole
// command succeeded (commit), so a failure leaves no output and no half-written
// file; the destructor removes what was not committed, and after
// remove_staged_files_on_signals() so does SIGINT, SIGTERM or SIGHUP.
// A target equal to one of the command's inputs or to another of its outputs
// is refused before anything is staged.
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <memory>
#include <span>
#include <stdexcept>
#include <string_view>
#include <vector>

namespace pqmul {

// A target that cannot be used (same file as an input or another output, a
// directory, a device) or cannot be written: bad usage (exit status 2 in the CLI).
struct OutputFileError : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

// True when both paths name one file: by identity (device and inode) when
// both exist, else by their normalised absolute paths.
bool same_file(const std::filesystem::path& a, const std::filesystem::path& b);

class OutputFiles {
 public:
  // Secret keys and shared secrets stay readable by the owner only.
  enum class Access { owner_only, world_readable };

  // `inputs`: the files the command reads, which no output may replace.
  explicit OutputFiles(std::vector<std::filesystem::path> inputs = {});
  OutputFiles(const OutputFiles&) = delete;
  OutputFiles& operator=(const OutputFiles&) = delete;
  ~OutputFiles();

  // Stages `target`; the stream writes its temporary file. Throws OutputFileError.
  std::ostream& add(const std::filesystem::path& target, Access access);
  // The temporary file behind `target` (for a program that writes it itself).
  std::filesystem::path staged_path(const std::filesystem::path& target) const;
  // Appends to the staged `target`, staging it first (as add) if it is not yet.
  void write(const std::filesystem::path& target, std::string_view bytes, Access access);
  void write(const std::filesystem::path& target, std::span<const std::uint8_t> bytes, Access access);
  // Renames every staged file onto its target; if one rename fails, the
  // targets already renamed are removed too. Throws OutputFileError.
  void commit();

 private:
  struct Staged;
  Staged& find(const std::filesystem::path& target) const;
  std::vector<std::filesystem::path> inputs_;
  std::vector<std::unique_ptr<Staged>> staged_;
};

// Installs handlers that remove every staged (uncommitted) file and then end
// the process by the signal as before. Call once, early, from main().
void remove_staged_files_on_signals();

}  // namespace pqmul
