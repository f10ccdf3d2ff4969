#pragma once
// Backends of Counter that need the operating system or a library: Linux
// perf_event_open and PAPI. Each reports why it cannot be used.
#include <cstdint>
#include <string>

namespace pqmul::experiments::backend {

// perf_event_open for this thread, user space only. Returns the file
// descriptor, or -1 with *why set. `instructions` selects retired
// instructions instead of core cycles. A counter that opens but stays at 0
// across a busy loop (as in virtual machines without a virtual PMU) is refused.
int perf_open(bool instructions, std::string* why);
std::uint64_t perf_read(int fd);
void perf_close(int fd);

// PAPI_TOT_CYC in one event set. Returns the event set, or -1 with *why set
// ("not installed" when the tree was built without libpapi).
int papi_open(std::string* why);
std::uint64_t papi_read(int event_set);
void papi_close(int event_set);

}  // namespace pqmul::experiments::backend
