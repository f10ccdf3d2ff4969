// The kernels' bound checks (kernel_contracts.hpp): the checking function
// aborts with a line naming the kernel, index, value and bound; in the debug
// build a kernel called outside its documented input range stops there, and in
// release builds the same call runs unchecked (the checks cost nothing there).
// Each case runs the call in a child process and reads how it ended.
#include <catch2/catch.hpp>

#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <string>

#include "../common/isa_gate.hpp"
#include "pqmul/algorithms/kernel_contracts.hpp"
#if defined(PQMUL_X86_SIMD)
#include "pqmul/algorithms/ntt/kyber_ntt_simd.hpp"
#endif

namespace pqmul_tests::algorithms_test_kernel_contracts {

namespace {

struct Ended {
  bool aborted = false;
  int exit_code = -1;
  std::string stderr_text;
  // What the process wrote first (an emulator may add a line of its own
  // about the signal after it).
  std::string first_line() const { return stderr_text.substr(0, stderr_text.find('\n') + 1); }
};

// Runs body in a child with stderr captured.
template <class Body>
Ended run_in_child(Body body) {
  int pipe_fds[2];
  REQUIRE(pipe(pipe_fds) == 0);
  std::fflush(nullptr);
  const pid_t pid = fork();
  REQUIRE(pid >= 0);
  if (pid == 0) {
    // The child dies by the abort itself, not through the test framework's
    // handler (which would report a failure of its own).
    std::signal(SIGABRT, SIG_DFL);
    dup2(pipe_fds[1], 2);
    close(pipe_fds[0]);
    body();
    _exit(0);
  }
  close(pipe_fds[1]);
  Ended ended;
  char buffer[512];
  for (ssize_t got; (got = read(pipe_fds[0], buffer, sizeof buffer)) > 0;) ended.stderr_text.append(buffer, got);
  close(pipe_fds[0]);
  int status = 0;
  REQUIRE(waitpid(pid, &status, 0) == pid);
  ended.aborted = WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT;
  if (WIFEXITED(status)) ended.exit_code = WEXITSTATUS(status);
  return ended;
}

}  // namespace

TEST_CASE("a broken bound aborts with the kernel, index, value and bound", "[contracts]") {
  const Ended ok = run_in_child([] {
    const std::array<std::int16_t, 4> v = {0, 9, -3, 5};
    pqmul::contract::within("test::kernel", "input", v.data(), v.size(), -3, 9);
  });
  CHECK(!ok.aborted);
  CHECK(ok.exit_code == 0);
  const Ended broken = run_in_child([] {
    const std::array<std::uint32_t, 4> v = {0, 9, 10, 5};
    pqmul::contract::within("test::kernel", "input", v.data(), v.size(), 0, 9);
  });
  CHECK(broken.aborted);
  CHECK(broken.first_line() == "kernel contract broken: test::kernel: input[2] = 10, outside [0, 9]\n");
}

#if defined(PQMUL_X86_SIMD)
TEST_CASE("the AVX2 NTT checks its input bound in the debug build only", "[contracts]") {
  if (!pqmul::test::cpu_runs(pqmul::Isa::avx2)) return;
  // |in| < q is forward's documented input; 5000 is outside it.
  const Ended ended = run_in_child([] {
    std::array<std::int16_t, 256> f{};
    f[17] = 5000;
    pqmul::kyber_ntt::avx2::forward(f.data());
  });
  if (pqmul::contract::checked) {
    CHECK(ended.aborted);
    CHECK(ended.first_line() ==
          "kernel contract broken: kyber_ntt::avx2::forward: input[17] = 5000, outside [-3328, 3328]\n");
  } else {
    CHECK(!ended.aborted);
    CHECK(ended.exit_code == 0);
    CHECK(ended.stderr_text.empty());
  }
}
#endif

}  // namespace pqmul_tests::algorithms_test_kernel_contracts
