// The PAPI backend, compiled only when CMake found papi.h and libpapi.
#include "counter_backends.hpp"

#if defined(PQMUL_HAVE_PAPI)
#include <papi.h>

#include <string>

namespace pqmul::experiments::backend {

int papi_open(std::string* why) {
  const int version = PAPI_library_init(PAPI_VER_CURRENT);
  if (version != PAPI_VER_CURRENT) {
    *why = "PAPI_library_init failed (" + std::to_string(version) + ")";
    return -1;
  }
  int event_set = PAPI_NULL;
  int rc = PAPI_create_eventset(&event_set);
  if (rc == PAPI_OK) rc = PAPI_add_event(event_set, PAPI_TOT_CYC);
  if (rc == PAPI_OK) rc = PAPI_start(event_set);
  if (rc != PAPI_OK) {
    *why = std::string("PAPI_TOT_CYC unavailable: ") + PAPI_strerror(rc);
    return -1;
  }
  long long value = 0;
  volatile std::uint64_t sink = 0;
  for (int i = 0; i < 100000; ++i) sink = sink + static_cast<std::uint64_t>(i);
  if (PAPI_read(event_set, &value) != PAPI_OK || value <= 0) {
    *why = "PAPI_TOT_CYC reads 0 (no hardware counters visible)";
    PAPI_stop(event_set, &value);
    return -1;
  }
  return event_set;
}

std::uint64_t papi_read(int event_set) {
  long long value = 0;
  PAPI_read(event_set, &value);
  return static_cast<std::uint64_t>(value);
}

void papi_close(int event_set) {
  long long value = 0;
  PAPI_stop(event_set, &value);
}

}  // namespace pqmul::experiments::backend

#else

namespace pqmul::experiments::backend {

int papi_open(std::string* why) {
  *why = "not installed (libpapi and papi.h were not found when this tree was configured)";
  return -1;
}
std::uint64_t papi_read(int) { return 0; }
void papi_close(int) {}

}  // namespace pqmul::experiments::backend

#endif
