// Function symbols of an ELF executable (its .symtab, read with the layouts
// of <elf.h>), demangled once per file, and the code attributed to a
// multiplier class by the rule of code_size.hpp.
#include "pqmul/experiments/code_size.hpp"

#include <cxxabi.h>
#include <elf.h>
#include <fmt/core.h>

#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <stdexcept>
#include <typeinfo>
#include <vector>

namespace pqmul::experiments {
namespace {

struct FunctionSymbol {
  std::string name;  // demangled where it demangles
  std::uint64_t address = 0, size = 0;
};

struct SymbolTable {
  std::vector<FunctionSymbol> functions;
  std::string why_not;  // set when the file gave none
};

std::string demangle(const char* name) {
  int status = 0;
  std::unique_ptr<char, void (*)(void*)> text(abi::__cxa_demangle(name, nullptr, nullptr, &status), std::free);
  return status == 0 && text ? std::string(text.get()) : std::string(name);
}

template <class T>
T read_at(std::ifstream& in, std::uint64_t offset, std::uint64_t file_size) {
  T value;
  if (offset > file_size || sizeof(T) > file_size - offset) throw std::runtime_error("truncated ELF file");
  in.seekg(static_cast<std::streamoff>(offset));
  if (!in.read(reinterpret_cast<char*>(&value), sizeof value)) throw std::runtime_error("unreadable ELF file");
  return value;
}

std::vector<char> read_bytes(std::ifstream& in, std::uint64_t offset, std::uint64_t size, std::uint64_t file_size) {
  if (offset > file_size || size > file_size - offset) throw std::runtime_error("truncated ELF file");
  std::vector<char> bytes(size);
  in.seekg(static_cast<std::streamoff>(offset));
  if (!in.read(bytes.data(), static_cast<std::streamsize>(size))) throw std::runtime_error("unreadable ELF file");
  return bytes;
}

SymbolTable read_symbols(const std::string& path) {
  SymbolTable table;
  std::ifstream in(path, std::ios::binary | std::ios::ate);
  if (!in) {
    table.why_not = fmt::format("cannot read the executable '{}'", path);
    return table;
  }
  const auto file_size = static_cast<std::uint64_t>(in.tellg());
  try {
    const auto header = read_at<Elf64_Ehdr>(in, 0, file_size);
    if (std::memcmp(header.e_ident, ELFMAG, SELFMAG) != 0 || header.e_ident[EI_CLASS] != ELFCLASS64 ||
        header.e_shentsize != sizeof(Elf64_Shdr)) {
      table.why_not = "the executable is not a 64-bit ELF file";
      return table;
    }
    std::vector<Elf64_Shdr> sections;
    for (std::uint64_t i = 0; i < header.e_shnum; ++i)
      sections.push_back(read_at<Elf64_Shdr>(in, header.e_shoff + i * sizeof(Elf64_Shdr), file_size));
    for (const auto& section : sections) {
      if (section.sh_type != SHT_SYMTAB) continue;
      if (section.sh_link >= sections.size() || section.sh_entsize != sizeof(Elf64_Sym))
        throw std::runtime_error("malformed symbol table");
      const auto& strings_section = sections[section.sh_link];
      const auto strings = read_bytes(in, strings_section.sh_offset, strings_section.sh_size, file_size);
      const auto symbols = read_bytes(in, section.sh_offset, section.sh_size, file_size);
      for (std::uint64_t at = 0; at + sizeof(Elf64_Sym) <= symbols.size(); at += sizeof(Elf64_Sym)) {
        Elf64_Sym symbol;
        std::memcpy(&symbol, symbols.data() + at, sizeof symbol);
        if (ELF64_ST_TYPE(symbol.st_info) != STT_FUNC || symbol.st_size == 0 || symbol.st_shndx == SHN_UNDEF ||
            symbol.st_name >= strings.size())
          continue;
        const char* name = strings.data() + symbol.st_name;
        if (std::memchr(name, '\0', strings.size() - symbol.st_name) == nullptr) continue;
        table.functions.push_back({demangle(name), symbol.st_value, symbol.st_size});
      }
    }
  } catch (const std::runtime_error& e) {
    table.why_not = fmt::format("cannot read the executable's symbols ({})", e.what());
    table.functions.clear();
    return table;
  }
  if (table.functions.empty()) table.why_not = "the executable has no symbol table (stripped)";
  return table;
}

const SymbolTable& symbols_of(const std::string& path) {
  static std::mutex lock;
  static std::map<std::string, SymbolTable> read;
  const std::lock_guard<std::mutex> guard(lock);
  auto it = read.find(path);
  if (it == read.end()) it = read.emplace(path, read_symbols(path)).first;
  return it->second;
}

bool identifier_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == ':';
}

// `name` names `type` as a whole: not as the tail of a longer identifier
// (nor of a longer qualified name), nor as the head of a longer one.
bool names_type(const std::string& name, const std::string& type) {
  for (std::size_t at = name.find(type); at != std::string::npos; at = name.find(type, at + 1)) {
    const bool starts = at == 0 || !identifier_char(name[at - 1]);
    const std::size_t end = at + type.size();
    const bool ends = type.back() == '>' || end == name.size() || !identifier_char(name[end]) || name[end] == ':';
    if (starts && ends) return true;
  }
  return false;
}

}  // namespace

std::string multiplier_class_name(const RingMultiplier& multiplier) {
  const std::string dynamic = demangle(typeid(multiplier).name());
  const std::string adapter = "pqmul::RingMultiplierAdapter<";
  if (dynamic.rfind(adapter, 0) != 0 || dynamic.back() != '>') return "";
  std::string inner = dynamic.substr(adapter.size(), dynamic.size() - adapter.size() - 1);
  while (!inner.empty() && inner.back() == ' ') inner.pop_back();
  return inner;
}

std::optional<std::uint64_t> class_code_bytes(const std::string& class_name, std::string* why_not,
                                              const std::string& path) {
  auto fail = [&](std::string why) -> std::optional<std::uint64_t> {
    if (why_not) *why_not = std::move(why);
    return std::nullopt;
  };
  if (class_name.empty()) return fail("the multiplier is not a registry adapter over a typed class");
  const SymbolTable& table = symbols_of(path);
  if (!table.why_not.empty()) return fail(table.why_not);
  std::set<std::uint64_t> counted;
  std::uint64_t bytes = 0;
  for (const auto& f : table.functions)
    if (names_type(f.name, class_name) && counted.insert(f.address).second) bytes += f.size;
  if (counted.empty()) return fail(fmt::format("no function of the executable names {}", class_name));
  return bytes;
}

}  // namespace pqmul::experiments
