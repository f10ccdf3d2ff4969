// Randomness from the operating system.
#include <sys/random.h>

#include <cerrno>
#include <stdexcept>
#include <string>
#include <cstring>

#include "pqmul/schemes/common/random.hpp"

namespace pqmul {

void SystemRandom::fill(std::span<std::uint8_t> out) {
  std::size_t done = 0;
  while (done < out.size()) {
    // getrandom may return fewer bytes than asked (large requests, signals).
    const ssize_t got = getrandom(out.data() + done, out.size() - done, 0);
    if (got < 0) {
      if (errno == EINTR) continue;
      throw std::runtime_error(std::string("getrandom failed: ") + std::strerror(errno));
    }
    done += static_cast<std::size_t>(got);
  }
}

}  // namespace pqmul
