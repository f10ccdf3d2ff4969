#pragma once
// The NIST LWC known-answer files of an AEAD (LWC_AEAD_KAT_<key bits>_<nonce
// bits>.txt), which `pqmul bench` checks the TinyJAMBU variants against: entries
// of a "Count = N" line and "Name = <hex>" lines (Key, Nonce, PT, AD, CT),
// separated by empty lines. The file is found beside `--hashes`, so it is
// read like any other input: bounded, and every line checked.
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace pqmul::experiments {

// Count -> field name -> bytes.
using LwcKat = std::map<long, std::map<std::string, std::vector<std::uint8_t>>>;

// Throws std::runtime_error naming `source` and the line: a line that is not
// "Name = value", a count that is not a decimal number or repeats, a field
// before the first count or given twice, a value that is not pairs of hex digits.
LwcKat parse_lwc_kat(std::string_view text, const std::string& source);
// The same from a file of at most max_spec_bytes (the shipped ones have 0.25 MB);
// throws InputFileError when it is not a regular file or is larger.
LwcKat read_lwc_kat(const std::string& path);

}  // namespace pqmul::experiments
