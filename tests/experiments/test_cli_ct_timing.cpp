// `pqmul ct-timing` through the CLI (host builds with benchmarks: PQMUL_CLI):
// bad options refused with one line and exit 2, and a short portable run's CSV.
#include <catch2/catch.hpp>

#if defined(PQMUL_CLI)
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "pqmul/experiments/counter.hpp"

namespace pqmul_tests::experiments_test_cli_ct_timing {

namespace {

struct Outcome {
  int status = -1;
  std::string out, err;
};

std::string read_text(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

Outcome ct_timing(const std::string& arguments) {
  // One directory per process: ctest runs this file's test cases side by side.
  const auto dir =
      std::filesystem::temp_directory_path() / ("pqmul_test_cli_ct_timing." + std::to_string(getpid()));
  std::filesystem::create_directories(dir);
  const auto out = dir / "out", err = dir / "err";
  const std::string command =
      std::string("'") + PQMUL_CLI + "' ct-timing " + arguments + " > '" + out.string() + "' 2> '" + err.string() + "'";
  const int status = std::system(command.c_str());
  Outcome outcome{WIFEXITED(status) ? WEXITSTATUS(status) : -1, read_text(out), read_text(err)};
  std::filesystem::remove_all(dir);
  return outcome;
}

std::size_t lines(const std::string& text) {
  std::size_t n = 0;
  for (char c : text) n += c == '\n';
  return n;
}

}  // namespace

TEST_CASE("pqmul ct-timing refuses bad options with one line and exit 2", "[cli]") {
  const char* refused[] = {
      "--measurements -1",  // would wrap around to 2^64
      "--measurements 99",  // below the range
      "--measurements 1e3",
      "--warmup -5",
      "--threshold nan",
      "--threshold 0",
      "--seed -1",
      "--ops keygen,foo",
      "--tests bar",
      "--ops control --tests fixed-vs-random-seed",  // nothing left
      "--scheme nosuch",
      "--multiplier nosuch",
      "--isa bogus",
      "--format xml",
      "--pin-cpu -1",
      "--scheme ml-kem-512 --multiplier kronecker --isa portable",  // variable time, not allowed
      "--no-such-option",
  };
  for (const char* arguments : refused) {
    INFO(arguments);
    const Outcome o = ct_timing(arguments);
    CHECK(o.status == 2);
    CHECK(lines(o.err) == 1);
    CHECK(o.out.empty());
  }
}

TEST_CASE("pqmul ct-timing writes one CSV row per test", "[cli]") {
  if (!pqmul::experiments::emulation_reason().empty()) return;
  const Outcome o = ct_timing(
      "--scheme ml-kem-512 --multiplier ntt --isa portable --ops encaps,decaps --measurements 200 --warmup 10 "
      "--format csv");
  REQUIRE((o.status == 0 || o.status == 1));  // a verdict, not a usage error
  std::istringstream rows(o.out);
  std::string header, row;
  REQUIRE(std::getline(rows, header));
  CHECK(header.rfind("id,scheme,multiplier,strategy,isa,operation,test,class0,class1,t_max,t_max_set,t_raw,", 0) == 0);
  std::size_t count = 0;
  while (std::getline(rows, row)) {
    ++count;
    CHECK(row.rfind("ml-kem-512/ntt/portable,ml-kem-512,ntt,", 0) == 0);
  }
  CHECK(count == 3);  // encaps; decaps with modified ciphertexts and with random keys
  CHECK(o.out.find(",fixed-vs-random-coins,") != std::string::npos);
  CHECK(o.out.find(",valid-vs-modified-ct,") != std::string::npos);
  CHECK(o.out.find(",fixed-vs-random-key,") != std::string::npos);
}

}  // namespace pqmul_tests::experiments_test_cli_ct_timing

#endif
