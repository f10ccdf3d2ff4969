// pqmul: polynomial multiplication workbench for lattice-based KEMs.
#include <fmt/core.h>

#include <exception>

#include "command.hpp"

namespace pqmul::cli {
std::vector<CommandAdder>& command_adders() {
  static std::vector<CommandAdder> adders;
  return adders;
}
}  // namespace pqmul::cli

int main(int argc, char** argv) {
  using namespace pqmul::cli;
  CLI::App app{"pqmul - polynomial multiplication workbench for lattice-based KEMs"};
  app.require_subcommand(1);
  for (auto& add : command_adders()) add(app);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    // Usage mistakes exit 2, as every other bad input does.
    int code = app.exit(e);
    return code == 0 ? 0 : 2;
  } catch (const UsageError& e) {
    fmt::print(stderr, "pqmul: {}\n", e.what());
    return 2;
  } catch (const std::invalid_argument& e) {
    fmt::print(stderr, "pqmul: {}\n", e.what());
    return 2;
  } catch (const Failure& e) {
    if (*e.what()) fmt::print(stderr, "pqmul: {}\n", e.what());
    return e.code;
  } catch (const std::exception& e) {
    fmt::print(stderr, "pqmul: error: {}\n", e.what());
    return 1;
  }
  return 0;
}
