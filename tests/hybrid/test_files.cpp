// seal_file / open_file: the output file appears only on success, failures
// leave neither an output nor a temporary file, and a pre-existing output
// file survives a failed open untouched.
#include <catch2/catch.hpp>

#include <fstream>
#include <iterator>
#include <unistd.h>

#include "hybrid_support.hpp"
#include "pqmul/schemes/hybrid/files.hpp"

namespace pqmul_tests::hybrid_test_files {

namespace {
using namespace hybrid_test;
namespace fs = std::filesystem;
namespace hybrid = pqmul::hybrid;

struct TempDir {
  fs::path path;
  TempDir() {
    std::string pattern = (fs::temp_directory_path() / "pqmul-hybrid-XXXXXX").string();
    REQUIRE(::mkdtemp(pattern.data()) != nullptr);
    path = pattern;
  }
  ~TempDir() {
    std::error_code ignored;
    fs::remove_all(path, ignored);
  }
  std::size_t entries() const { return static_cast<std::size_t>(std::distance(fs::directory_iterator(path), {})); }
};

void write_file(const fs::path& p, const std::string& content) {
  std::ofstream(p, std::ios::binary) << content;
}
std::string read_file(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

}  // namespace

TEST_CASE("hybrid files: output only on success", "[hybrid][files]") {
  const StandInKem kem;
  std::vector<std::uint8_t> pk(32), sk(64);
  ReplayRandom keys(5);
  kem.keypair(pk, sk, keys);
  TempDir dir;
  const fs::path plain = dir.path / "plain", sealed = dir.path / "sealed", opened = dir.path / "opened";
  const std::string text = pattern(3 * hybrid::chunk_bytes + 11);
  write_file(plain, text);

  ReplayRandom rng(6);
  hybrid::seal_file(kem, pk, plain, sealed, rng);
  hybrid::open_file(kem, sk, sealed, opened);
  CHECK(read_file(opened) == text);
  CHECK(dir.entries() == 3);  // no temporary files left

  SECTION("tampered input: no output, no temporary file") {
    std::string bad = read_file(sealed);
    bad[bad.size() - 100] ^= 0x10;  // inside the last chunk: earlier chunks verify first
    write_file(sealed, bad);
    const fs::path out = dir.path / "out";
    CHECK_THROWS_AS(hybrid::open_file(kem, sk, sealed, out), hybrid::OpenError);
    CHECK_FALSE(fs::exists(out));
    CHECK(dir.entries() == 3);
  }
  SECTION("truncated input keeps an existing output file as it was") {
    write_file(sealed, read_file(sealed).substr(0, hybrid::header_bytes(kem) + hybrid::chunk_bytes + 8));
    write_file(opened, "previous content");
    CHECK_THROWS_AS(hybrid::open_file(kem, sk, sealed, opened), hybrid::OpenError);
    CHECK(read_file(opened) == "previous content");
    CHECK(dir.entries() == 3);
  }
  SECTION("unreadable input or unwritable output") {
    CHECK_THROWS_AS(hybrid::open_file(kem, sk, dir.path / "missing", dir.path / "out"), hybrid::FileError);
    CHECK_THROWS_AS(hybrid::seal_file(kem, pk, plain, dir.path / "no-such-dir" / "out", rng), hybrid::FileError);
    CHECK_THROWS_AS(hybrid::seal_file(kem, pk, dir.path, dir.path / "out", rng), hybrid::FileError);
    CHECK(dir.entries() == 3);
  }
  SECTION("the output may not replace the input or the key file") {
    const std::string before = read_file(sealed);
    CHECK_THROWS_WITH(hybrid::open_file(kem, sk, sealed, sealed), Catch::Contains("is the same file as the input"));
    CHECK_THROWS_AS(hybrid::seal_file(kem, pk, plain, dir.path / "." / "plain", rng), hybrid::FileError);
    CHECK_THROWS_AS(hybrid::open_file(kem, sk, sealed, dir.path / "key", {dir.path / "key"}), hybrid::FileError);
    CHECK(read_file(sealed) == before);
    CHECK(dir.entries() == 3);
  }
}

}  // namespace pqmul_tests::hybrid_test_files
