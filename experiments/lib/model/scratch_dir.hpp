#pragma once
// A temporary directory of the model's own (the llvm-mc / llvm-mca inputs,
// the FIFO of qemu's log), removed with everything in it when it goes.
#include <fmt/format.h>
#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <string>

namespace pqmul::experiments {

class ScratchDir {
 public:
  ScratchDir() {
    static std::atomic<int> serial{0};
    path_ = std::filesystem::temp_directory_path() / fmt::format("pqmul-model-{}-{}", ::getpid(), serial++);
    std::filesystem::create_directories(path_);
  }
  ScratchDir(const ScratchDir&) = delete;
  ScratchDir& operator=(const ScratchDir&) = delete;
  ~ScratchDir() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  std::filesystem::path operator/(const std::string& name) const { return path_ / name; }

 private:
  std::filesystem::path path_;
};

}  // namespace pqmul::experiments
