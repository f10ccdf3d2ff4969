// pqmul: polynomial multiplication workbench for lattice-based KEMs.
#include <fmt/core.h>

#include <exception>

#include "command.hpp"
#include "pqmul/schemes/common/output_files.hpp"
#include "pqmul/schemes/common/printable.hpp"

namespace pqmul::cli {
std::vector<CommandAdder>& command_adders() {
  static std::vector<CommandAdder> adders;
  return adders;
}
}  // namespace pqmul::cli

namespace {

// Messages quote names and fields read from files and arguments: one line
// each, with control characters made visible rather than sent to the terminal.
void print_error(const std::string& prefix, const char* message) {
  fmt::print(stderr, "pqmul: {}{}\n", prefix, pqmul::printable(message));
}

}  // namespace

int main(int argc, char** argv) {
  using namespace pqmul::cli;
  pqmul::remove_staged_files_on_signals();
  CLI::App app{"pqmul - polynomial multiplication workbench for lattice-based KEMs"};
  app.require_subcommand(1);
  for (auto& add : command_adders()) add(app);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    // --help and --version print their text and succeed; usage mistakes exit
    // 2, as every other bad input does, with one line naming the option.
    if (e.get_exit_code() == 0) return app.exit(e);
    print_error("", e.what());
    return 2;
  } catch (const UsageError& e) {
    print_error("", e.what());
    return 2;
  } catch (const std::invalid_argument& e) {
    print_error("", e.what());
    return 2;
  } catch (const Failure& e) {
    if (*e.what()) print_error("", e.what());
    return e.code;
  } catch (const std::exception& e) {
    print_error("error: ", e.what());
    return 1;
  }
  return 0;
}
