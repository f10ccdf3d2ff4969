// The one bounded reader, the one staged writer and the one escaper
// (input_files.hpp, output_files.hpp, printable.hpp): what each refuses, and
// that a failure leaves nothing behind.
#include <sys/stat.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <optional>

#include "pqmul/schemes/common/input_files.hpp"
#include "pqmul/schemes/common/output_files.hpp"
#include "pqmul/schemes/common/printable.hpp"

namespace pqmul_tests::common_test_file_helpers {

namespace {

namespace fs = std::filesystem;

struct ScratchDir {
  fs::path path;
  ScratchDir() {
    std::string pattern = (fs::temp_directory_path() / "pqmul-files-XXXXXX").string();
    REQUIRE(::mkdtemp(pattern.data()) != nullptr);
    path = pattern;
  }
  ~ScratchDir() {
    std::error_code ignored;
    fs::remove_all(path, ignored);
  }
  std::size_t entries() const { return static_cast<std::size_t>(std::distance(fs::directory_iterator(path), {})); }
};

void put(const fs::path& p, const std::string& text) { std::ofstream(p, std::ios::binary) << text; }
std::string get(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}
unsigned mode_of(const fs::path& p) {
  struct stat st {};
  REQUIRE(::stat(p.c_str(), &st) == 0);
  return st.st_mode & 0777u;
}

}  // namespace

TEST_CASE("read_bounded_file: regular files up to the limit, nothing else", "[files]") {
  ScratchDir dir;
  put(dir.path / "ten", "0123456789");
  CHECK(pqmul::read_bounded_file(dir.path / "ten", 10, "spec") == "0123456789");
  CHECK_THROWS_WITH(pqmul::read_bounded_file(dir.path / "ten", 9, "spec"), Catch::Contains("larger than the 9 bytes"));
  CHECK_THROWS_AS(pqmul::read_bounded_file("/dev/zero", 1 << 20, "spec"), pqmul::InputFileError);
  CHECK_THROWS_WITH(pqmul::read_bounded_file("/dev/urandom", 10, "digests"), Catch::Contains("not a regular file"));
  CHECK_THROWS_WITH(pqmul::read_bounded_file(dir.path, 10, "spec"), Catch::Contains("is a directory"));
  CHECK_THROWS_WITH(pqmul::read_bounded_file(dir.path / "missing", 10, "spec"), Catch::Contains("No such file"));
  // A pipe is refused without waiting for a writer.
  REQUIRE(::mkfifo((dir.path / "pipe").c_str(), 0600) == 0);
  CHECK_THROWS_WITH(pqmul::read_bounded_file(dir.path / "pipe", 10, "spec"), Catch::Contains("pipe"));
  CHECK_NOTHROW(pqmul::require_streamable_file(dir.path / "pipe", "input"));
  CHECK_THROWS_AS(pqmul::require_streamable_file("/dev/zero", "input"), pqmul::InputFileError);
}

TEST_CASE("read_exact_file: the expected length or a message naming both", "[files]") {
  ScratchDir dir;
  put(dir.path / "key", std::string(32, 'k'));
  CHECK(pqmul::read_exact_file(dir.path / "key", 32, "public key").size() == 32);
  CHECK_THROWS_WITH(pqmul::read_exact_file(dir.path / "key", 33, "public key"),
                    Catch::Contains("has 32 bytes, expected 33"));
  CHECK_THROWS_WITH(pqmul::read_exact_file(dir.path / "key", 16, "public key"),
                    Catch::Contains("has 32 bytes, expected 16"));
  CHECK_THROWS_WITH(pqmul::read_exact_file("/dev/zero", 16, "secret key"), Catch::Contains("not a regular file"));
}

TEST_CASE("same_file: by identity when both exist, else by normalised path", "[files]") {
  ScratchDir dir;
  const fs::path a = dir.path / "a";
  put(a, "x");
  fs::create_directory(dir.path / "sub");
  fs::create_symlink(a, dir.path / "link");
  fs::create_hard_link(a, dir.path / "hard");
  CHECK(pqmul::same_file(a, dir.path / "sub" / ".." / "a"));
  CHECK(pqmul::same_file(a, dir.path / "link"));
  CHECK(pqmul::same_file(a, dir.path / "hard"));
  CHECK(pqmul::same_file(dir.path / "new", dir.path / "sub" / ".." / "new"));
  CHECK_FALSE(pqmul::same_file(a, dir.path / "new"));
  CHECK_FALSE(pqmul::same_file(dir.path / "new", dir.path / "other"));
}

TEST_CASE("OutputFiles: all outputs or none, never over an input", "[files]") {
  ScratchDir dir;
  const fs::path input = dir.path / "in", pk = dir.path / "pk", sk = dir.path / "sk";
  put(input, "input");
  using Access = pqmul::OutputFiles::Access;
  SECTION("committed: every target, with its mode") {
    pqmul::OutputFiles out({input});
    out.write(pk, std::string_view("public"), Access::world_readable);
    out.write(sk, std::string_view("secret"), Access::owner_only);
    CHECK_FALSE(fs::exists(pk));  // staged only
    out.commit();
    CHECK(get(pk) == "public");
    CHECK(get(sk) == "secret");
    CHECK(mode_of(pk) == 0644u);
    CHECK(mode_of(sk) == 0600u);
    CHECK(dir.entries() == 3);
  }
  SECTION("not committed: nothing, and an existing target keeps its content") {
    put(pk, "old");
    {
      pqmul::OutputFiles out;
      out.write(pk, std::string_view("new"), Access::world_readable);
      out.write(sk, std::string_view("secret"), Access::owner_only);
    }
    CHECK(get(pk) == "old");
    CHECK_FALSE(fs::exists(sk));
    CHECK(dir.entries() == 2);
  }
  SECTION("refused targets: an input, another output, a directory, a device") {
    std::optional<pqmul::OutputFiles> out(std::in_place, std::vector<fs::path>{input});
    CHECK_THROWS_WITH(out->add(dir.path / "." / "in", Access::owner_only),
                      Catch::Contains("is the same file as the input"));
    (void)out->add(pk, Access::world_readable);
    CHECK_THROWS_WITH(out->add(pk, Access::owner_only), Catch::Contains("is the same file as the output"));
    fs::create_directory(dir.path / "d");
    CHECK_THROWS_WITH(out->add(dir.path / "d", Access::owner_only), Catch::Contains("is a directory"));
    CHECK_THROWS_WITH(out->add("/dev/null", Access::owner_only), Catch::Contains("not a regular file"));
    out.reset();
    CHECK(get(input) == "input");
    CHECK(dir.entries() == 2);  // the input and the directory
  }
}

TEST_CASE("printable: control characters become visible escapes", "[files]") {
  CHECK(pqmul::printable("plain text, ünïcödé") == "plain text, ünïcödé");
  CHECK(pqmul::printable("a\nb\r\tc") == "a\\nb\\r\\tc");
  CHECK(pqmul::printable("\x1b]0;title\x07\x1b[2J") == "\\e]0;title\\x07\\e[2J");
  CHECK(pqmul::printable(std::string("nul\0del\x7f", 8)) == "nul\\x00del\\x7f");
  CHECK(pqmul::printable("\xc2\x9b"
                         "31m") == "\\xc2\\x9b31m");  // C1 CSI in UTF-8
  CHECK(pqmul::printable("\x9b"
                         "31m \xff") == "\\x9b31m \\xff");  // not UTF-8
}

}  // namespace pqmul_tests::common_test_file_helpers
