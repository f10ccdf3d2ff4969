#pragma once
// Text from files or arguments made safe to print on a terminal: control
// characters (which could move the cursor, retitle the window or hide what
// follows) become visible escapes: \n, \r, \t, \e, \xNN; so do bytes that
// are not UTF-8 and the C1 controls.
#include <string>
#include <string_view>

namespace pqmul {

std::string printable(std::string_view text);

}  // namespace pqmul
