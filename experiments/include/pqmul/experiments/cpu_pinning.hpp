#pragma once
// Running the measuring process on one CPU. On a virtual machine the vCPUs
// need not be alike (on the development VM one ran the same kernel about 25%
// slower than the other, run after run, with no steal to show for it), so
// rows measured on different CPUs are not comparable: the sweep pins every
// benchmark to the same one.
#include <string>

namespace pqmul::experiments {

// Restricts the calling process to CPU `cpu`. Throws std::invalid_argument
// naming the CPUs allowed when `cpu` is not one of them.
void pin_to_cpu(int cpu);

// The CPUs the process may run on, as "0-3" style text (for messages).
std::string allowed_cpus();

}  // namespace pqmul::experiments
