// Reading qemu-user's `-d in_asm,exec,nochain` log (model.hpp). Lines used:
//   IN: <symbol>                        a block is being translated ...
//   0x<addr>:  <bytes>  <disassembly>   ... one line per guest instruction ...
//   (blank line or a "----" rule)       ... until here;
//   Trace <n>: 0x<host> [<flags>/<pc>/<flags>/<cflags>] <symbol>
//                                       one execution of the block at <pc>.
// Every other line (register dumps, OUT: host code, notes) is ignored.
#include <fmt/format.h>

#include <charconv>
#include <istream>
#include <stdexcept>

#include "pqmul/experiments/model.hpp"

namespace pqmul::experiments {
namespace {

bool parse_hex(std::string_view text, std::uint64_t& value) {
  if (text.starts_with("0x")) text.remove_prefix(2);
  if (text.empty() || text.size() > 16) return false;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value, 16);
  return ec == std::errc() && end == text.data() + text.size();
}

std::vector<std::string_view> words(std::string_view text) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && (text[i] == ' ' || text[i] == '\t')) ++i;
    const std::size_t start = i;
    while (i < text.size() && text[i] != ' ' && text[i] != '\t') ++i;
    if (i > start) out.push_back(text.substr(start, i - start));
  }
  return out;
}

// The address, bytes and qemu's disassembly of "0x<addr>:  <bytes>  <text>":
// aarch64 prints the 32-bit word (little-endian in memory), x86_64 the bytes
// in order (at most 8 of them).
bool instruction_line(std::string_view line, const std::string& arch, std::uint64_t& address,
                      std::vector<std::uint8_t>& out, std::string& text) {
  const auto colon = line.find(':');
  if (colon == std::string_view::npos || !line.starts_with("0x")) return false;
  if (!parse_hex(line.substr(0, colon), address)) return false;
  const auto w = words(line.substr(colon + 1));
  out.clear();
  std::size_t used = 0;
  if (arch == "aarch64") {
    std::uint64_t word = 0;
    if (w.empty() || w[0].size() != 8 || !parse_hex(w[0], word)) return false;
    for (int b = 0; b < 4; ++b) out.push_back(static_cast<std::uint8_t>(word >> (8 * b)));
    used = 1;
  } else {
    for (const auto& each : w) {
      std::uint64_t byte = 0;
      if (each.size() != 2 || !parse_hex(each, byte)) break;  // the disassembly starts
      out.push_back(static_cast<std::uint8_t>(byte));
      ++used;
    }
    if (out.empty() || out.size() > 15) return false;
  }
  text.clear();
  for (std::size_t i = used; i < w.size(); ++i) (text += text.empty() ? "" : " ") += w[i];
  return true;
}

constexpr std::size_t x86_bytes_shown = 8;

}  // namespace

QemuLogParser::QemuLogParser(std::string arch, std::string marker_symbol)
    : arch_(std::move(arch)), marker_(std::move(marker_symbol)) {
  if (arch_ != "aarch64" && arch_ != "x86_64")
    throw std::invalid_argument(fmt::format("no qemu log reader for architecture '{}'", arch_));
}

void QemuLogParser::close_block() {
  // The block's last instruction: longer than shown if all 8 bytes are.
  if (arch_ == "x86_64" && !block_.instructions.empty() && block_.instructions.back().size() >= x86_bytes_shown)
    block_.truncated[block_.instructions.size() - 1] = last_text_;
  if (in_block_ && !block_.instructions.empty()) {
    trace_.blocks[block_pc_] = std::move(block_);
    if (marker_block_) trace_.marker_address = block_pc_;
  }
  block_ = {};
  in_block_ = marker_block_ = false;
}

void QemuLogParser::line(const std::string& text) {
  const std::string_view l(text);
  if (l.starts_with("IN:")) {
    close_block();
    in_block_ = true;
    const auto w = words(l.substr(3));
    marker_block_ = !w.empty() && w[0] == marker_;
    return;
  }
  if (in_block_) {
    std::vector<std::uint8_t> bytes;
    std::uint64_t address = 0;
    std::string text;
    if (instruction_line(l, arch_, address, bytes, text)) {
      if (block_.instructions.empty()) {
        block_pc_ = address;
      } else if (address - last_address_ > block_.instructions.back().size()) {
        block_.truncated[block_.instructions.size() - 1] = last_text_;  // longer than the bytes shown
      }
      block_.instructions.push_back(std::move(bytes));
      last_address_ = address;
      last_text_ = std::move(text);
      return;
    }
    close_block();
  }
  if (!l.starts_with("Trace ")) return;
  const auto open = l.find('['), close = l.find(']');
  if (open == std::string_view::npos || close == std::string_view::npos || close < open) return;
  const std::string_view fields = l.substr(open + 1, close - open - 1);
  const auto first = fields.find('/');
  if (first == std::string_view::npos) return;
  const auto second = fields.find('/', first + 1);
  std::uint64_t pc = 0;
  if (!parse_hex(fields.substr(first + 1, second - first - 1), pc)) return;
  if (pc != 0 && pc == trace_.marker_address) {
    ++marks_;
    counting_ = marks_ % 2 == 1;
    if (counting_) trace_.segments.emplace_back();
    return;
  }
  if (counting_) ++trace_.segments.back()[pc];
}

BlockTrace QemuLogParser::finish() {
  close_block();
  if (counting_) throw std::runtime_error("the qemu log ends inside a traced segment (the probe stopped early)");
  return std::move(trace_);
}

BlockTrace parse_qemu_log(std::istream& in, const std::string& arch, const std::string& marker_symbol) {
  QemuLogParser parser(arch, marker_symbol);
  std::string text;
  while (std::getline(in, text)) parser.line(text);
  return parser.finish();
}

}  // namespace pqmul::experiments
