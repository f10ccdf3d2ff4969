// pqmul count: operation counts of a multiplier (one product, or a rank-L
// matrix-vector product under a strategy), tallied by running it over a
// counting arithmetic, with the bytes each strategy holds.
#include <fmt/core.h>

#include "command.hpp"
#include "multiplier_options.hpp"

namespace pqmul::cli {
namespace {

void run_count(const MultiplierChoice& c) {
  // Counts come from the portable code's counting arithmetic unless an ISA is named.
  auto m = make_multiplier(c.ring, c.multiplier, Params::parse(c.params),
                           c.isa.empty() ? Isa::portable : isa_from_name(c.isa));
  const Strategy s = c.strategy.empty() ? Strategy::eager : parse_strategy(c.strategy);
  std::string why;
  auto counts = m->count(s, c.rank, &why);
  if (!counts) throw UsageError(m->id() + ": " + why);
  fmt::print("{}\n", m->id());
  if (c.rank == 0)
    fmt::print("  one product\n");
  else
    fmt::print("  rank-{} matrix-vector product, strategy {}\n", c.rank, to_string(s));
  fmt::print("  products of two variables   {:>12}\n", counts->products);
  fmt::print("  multiplications by constants{:>12}\n", counts->constant_mults);
  fmt::print("  additions                   {:>12}\n", counts->additions);
  fmt::print("  bytes held                  {:>12}\n", m->bytes_held(s, std::max<std::size_t>(c.rank, 1)));
}

const CommandRegistration count_registration([](CLI::App& app) {
  auto* cmd = app.add_subcommand("count", "Count the arithmetic of a multiplier");
  static MultiplierChoice choice;
  choice.add_to(*cmd, false);
  cmd->callback([] { run_count(choice); });
});

}  // namespace
}  // namespace pqmul::cli
