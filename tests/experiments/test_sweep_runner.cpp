// The sweep's process runner on real (tiny) child processes: exit codes,
// separated outputs, logs, streaming into the log, commands that cannot start.
#include <catch2/catch.hpp>
#include <fstream>
#include <sstream>

#include "sweep_fakes.hpp"

namespace pqmul_tests::experiments_test_sweep_runner {

using namespace sweep_test;

namespace {
std::string slurp(const fs::path& p) {
  std::ifstream in(p);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}
}  // namespace

TEST_CASE("sweep runner: exit code, stdout and stderr of a child", "[sweep]") {
  ScratchDir dir;
  const auto log = (dir.path / "x.log").string();
  ProcessRunner runner;
  const auto r = runner.run({{"sh", "-c", "echo out; echo err >&2; exit 3"}, log});
  CHECK(r.exit_code == 3);
  CHECK(r.out == "out\n");
  CHECK(r.err == "err\n");
  const auto text = slurp(log);
  CHECK_THAT(text, Catch::Contains("$ sh -c 'echo out; echo err >&2; exit 3'"));
  CHECK_THAT(text, Catch::Contains("out\nerr\n[exit 3"));

  const auto streamed = runner.run({{"sh", "-c", "echo one; echo two >&2"}, log, true});
  CHECK(streamed.exit_code == 0);
  CHECK(streamed.out == "one\ntwo\n");
  CHECK(streamed.err.empty());
  CHECK_THAT(slurp(log), Catch::Contains("one\ntwo\n[exit 0"));
  CHECK_THAT(slurp(log), Catch::StartsWith("$ sh -c"));  // the earlier entry is kept

  const auto missing = runner.run({{"/nonexistent/tool"}, ""});
  CHECK(missing.exit_code == 127);
#if !defined(__aarch64__)
  // qemu-user (the aarch64 test tree) reports a missing program in its own words.
  CHECK_THAT(missing.err, Catch::Contains("/nonexistent/tool"));
#endif
  const auto killed = runner.run({{"sh", "-c", "kill -9 $$"}, ""});
  CHECK(killed.exit_code == 128 + 9);
}

}  // namespace pqmul_tests::experiments_test_sweep_runner
