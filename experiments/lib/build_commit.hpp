#pragma once
// The commit of the checkout at build time, from a file generated on every
// build (cmake/build_commit.cmake), so that a new commit recompiles one small
// translation unit and not every file that sees the build's definitions.
#include <string_view>

namespace pqmul::experiments {

// git rev-parse --short=12 HEAD when the binary was built; "" outside a checkout.
std::string_view build_commit();

}  // namespace pqmul::experiments
