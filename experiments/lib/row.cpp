// Row I/O: CSV (RFC 4180 quoting, an empty cell is a missing optional) and
// JSON (an array of objects, a missing optional is null), both ways.
#include "pqmul/experiments/row.hpp"

#include <fmt/core.h>

#include <charconv>
#include <cmath>
#include <fstream>
#include <functional>
#include <nlohmann/json.hpp>
#include <sstream>
#include <stdexcept>
#include <string_view>

#include "json_text.hpp"
#include "pqmul/algorithms/params.hpp"
#include "pqmul/experiments/input_limits.hpp"
#include "pqmul/schemes/common/input_files.hpp"
#include "utf8.hpp"

namespace pqmul::experiments {
namespace {

// One column: its name and how to turn a row's field into text and back.
// Text is the CSV cell; JSON uses the typed value of the same field.
enum class Type { text, boolean, real, optional_real, count, optional_count, real_list };

struct Column {
  const char* name;
  Type type;
  std::function<void*(Row&)> field;
  // Added after results were first written: older files lack it (default value).
  bool added_later = false;
};

template <class T>
std::function<void*(Row&)> at(T Row::*member) {
  return [member](Row& r) -> void* { return &(r.*member); };
}

const std::vector<Column>& columns() {
  static const std::vector<Column> list = {
      {"id", Type::text, at(&Row::id)},
      {"scheme", Type::text, at(&Row::scheme)},
      {"parameter_set", Type::text, at(&Row::parameter_set)},
      {"operation", Type::text, at(&Row::operation)},
      {"multiplier", Type::text, at(&Row::multiplier)},
      {"params", Type::text, at(&Row::params)},
      {"strategy", Type::text, at(&Row::strategy)},
      {"rank", Type::optional_count, at(&Row::rank)},
      {"isa", Type::text, at(&Row::isa)},
      {"compiler", Type::text, at(&Row::compiler)},
      {"compiler_version", Type::text, at(&Row::compiler_version)},
      {"flags", Type::text, at(&Row::flags)},
      {"vectorize", Type::boolean, at(&Row::vectorize)},
      {"counter", Type::text, at(&Row::counter)},
      {"counter_overhead", Type::optional_real, at(&Row::counter_overhead)},
      {"median", Type::optional_real, at(&Row::median)},
      {"p10", Type::optional_real, at(&Row::p10)},
      {"p90", Type::optional_real, at(&Row::p90)},
      {"ci_low", Type::optional_real, at(&Row::ci_low)},
      {"ci_high", Type::optional_real, at(&Row::ci_high)},
      {"repetitions", Type::count, at(&Row::repetitions)},
      {"repetition_medians", Type::real_list, at(&Row::repetition_medians)},
      {"rounds", Type::count, at(&Row::rounds)},
      {"round_medians", Type::real_list, at(&Row::round_medians)},
      {"noisy", Type::boolean, at(&Row::noisy)},
      {"noise", Type::text, at(&Row::noise)},
      {"counter_hz", Type::optional_real, at(&Row::counter_hz)},
      {"samples", Type::count, at(&Row::samples)},
      {"instructions", Type::optional_count, at(&Row::instructions)},
      {"instructions_note", Type::text, at(&Row::instructions_note)},
      {"bytes_held", Type::optional_count, at(&Row::bytes_held)},
      {"correct", Type::text, at(&Row::correct)},
      {"emulated", Type::boolean, at(&Row::emulated)},
      {"commit", Type::text, at(&Row::commit)},
      {"cpu", Type::text, at(&Row::cpu)},
      {"date", Type::text, at(&Row::date)},
      {"variable_time", Type::boolean, at(&Row::variable_time), true},
      {"stack_bytes", Type::optional_count, at(&Row::stack_bytes), true},
      {"heap_bytes", Type::optional_count, at(&Row::heap_bytes), true},
      {"heap_allocations", Type::optional_count, at(&Row::heap_allocations), true},
      {"code_bytes", Type::optional_count, at(&Row::code_bytes), true},
      {"memory_note", Type::text, at(&Row::memory_note), true},
  };
  return list;
}

// Shortest text that reads back to the same double.
std::string format_real(double v) {
  char buffer[64];
  const auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, v);
  if (ec != std::errc()) throw std::runtime_error("cannot format a number");
  return std::string(buffer, end);
}

std::string cell_text(const Column& c, const Row& row) {
  void* p = c.field(const_cast<Row&>(row));
  switch (c.type) {
    case Type::text: return *static_cast<std::string*>(p);
    case Type::boolean: return *static_cast<bool*>(p) ? "true" : "false";
    case Type::real: return format_real(*static_cast<double*>(p));
    case Type::optional_real: {
      const auto& v = *static_cast<std::optional<double>*>(p);
      return v ? format_real(*v) : "";
    }
    case Type::count: return std::to_string(*static_cast<std::uint64_t*>(p));
    case Type::optional_count: {
      const auto& v = *static_cast<std::optional<std::uint64_t>*>(p);
      return v ? std::to_string(*v) : "";
    }
    case Type::real_list: {
      std::string out;
      for (double v : *static_cast<std::vector<double>*>(p)) {
        if (!out.empty()) out += ';';
        out += format_real(v);
      }
      return out;
    }
  }
  return "";
}

// Measurements are finite: "nan" and "inf", which from_chars reads, are refused
// (JSON cannot hold them, and a ratio of them would be a verdict on nothing).
double parse_real(std::string_view text, const std::string& where) {
  double v = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc() || end != text.data() + text.size() || !std::isfinite(v))
    throw std::runtime_error(fmt::format("{}: '{}' is not a finite number", where, text));
  return v;
}

std::uint64_t parse_count(std::string_view text, const std::string& where) {
  std::uint64_t v = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size())
    throw std::runtime_error(fmt::format("{}: '{}' is not a non-negative integer", where, text));
  return v;
}

void set_cell(const Column& c, Row& row, const std::string& text, const std::string& where) {
  void* p = c.field(row);
  switch (c.type) {
    case Type::text:
      if (!is_utf8(text)) throw std::runtime_error(fmt::format("{}: the text is not UTF-8", where));
      *static_cast<std::string*>(p) = text;
      return;
    case Type::boolean:
      if (text != "true" && text != "false")
        throw std::runtime_error(fmt::format("{}: '{}' is not true or false", where, text));
      *static_cast<bool*>(p) = text == "true";
      return;
    case Type::real: *static_cast<double*>(p) = parse_real(text, where); return;
    case Type::optional_real: {
      auto& v = *static_cast<std::optional<double>*>(p);
      v = text.empty() ? std::nullopt : std::optional<double>(parse_real(text, where));
      return;
    }
    case Type::count: *static_cast<std::uint64_t*>(p) = parse_count(text, where); return;
    case Type::optional_count: {
      auto& v = *static_cast<std::optional<std::uint64_t>*>(p);
      v = text.empty() ? std::nullopt : std::optional<std::uint64_t>(parse_count(text, where));
      return;
    }
    case Type::real_list: {
      auto& list = *static_cast<std::vector<double>*>(p);
      list.clear();
      std::size_t from = 0;
      while (from < text.size()) {
        std::size_t to = text.find(';', from);
        if (to == std::string::npos) to = text.size();
        list.push_back(parse_real(std::string_view(text).substr(from, to - from), where));
        from = to + 1;
      }
      return;
    }
  }
}

// RFC 4180: quote cells holding a comma, a quote or a line break; double quotes.
std::string quote(const std::string& cell) {
  if (cell.find_first_of(",\"\r\n") == std::string::npos) return cell;
  std::string out = "\"";
  for (char ch : cell) {
    if (ch == '"') out += '"';
    out += ch;
  }
  return out + "\"";
}

// Splits CSV text into records of cells. A quoted cell may span lines.
// Records are numbered by the line they start on, for error messages.
struct Record {
  std::size_t line;
  std::vector<std::string> cells;
};

std::vector<Record> parse_records(const std::string& text, const std::string& source) {
  std::vector<Record> records;
  std::size_t i = 0, line = 1;
  while (i < text.size()) {
    Record rec{line, {}};
    std::string cell;
    bool done = false;
    while (!done) {
      if (i < text.size() && text[i] == '"') {  // quoted cell
        const std::size_t opened = line;
        ++i;
        for (;;) {
          if (i >= text.size())
            throw std::runtime_error(fmt::format("{}:{}: unterminated quoted cell", source, opened));
          if (text[i] == '"') {
            if (i + 1 < text.size() && text[i + 1] == '"') {
              cell += '"';
              i += 2;
              continue;
            }
            ++i;
            break;
          }
          if (text[i] == '\n') ++line;
          cell += text[i++];
        }
        if (i < text.size() && text[i] != ',' && text[i] != '\n' && text[i] != '\r')
          throw std::runtime_error(
              fmt::format("{}:{}: unexpected character '{}' after a quoted cell", source, line, text[i]));
      } else {
        while (i < text.size() && text[i] != ',' && text[i] != '\n' && text[i] != '\r') {
          if (text[i] == '"')
            throw std::runtime_error(fmt::format("{}:{}: quote inside an unquoted cell", source, line));
          cell += text[i++];
        }
      }
      rec.cells.push_back(std::move(cell));
      cell.clear();
      if (i >= text.size()) {
        done = true;
      } else if (text[i] == ',') {
        ++i;
      } else {  // end of record: \n or \r\n
        if (text[i] == '\r') ++i;
        if (i < text.size() && text[i] == '\n') ++i;
        ++line;
        done = true;
      }
    }
    records.push_back(std::move(rec));
  }
  return records;
}

std::vector<Row> rows_from_csv_text(const std::string& text, const std::string& source) {
  const auto records = parse_records(text, source);
  if (records.empty()) throw std::runtime_error(fmt::format("{}: empty file, expected a header line", source));
  const auto& header = records.front().cells;
  auto names = row_columns();
  // A file written before the later columns existed has the others only.
  while (header.size() < names.size() && columns()[names.size() - 1].added_later) names.pop_back();
  if (header != names) {
    for (std::size_t k = 0; k < std::max(header.size(), names.size()); ++k) {
      const std::string got = k < header.size() ? header[k] : "(missing)";
      const std::string want = k < names.size() ? names[k] : "(none)";
      if (got != want)
        throw std::runtime_error(
            fmt::format("{}:1: header column {} is '{}', expected '{}'", source, k + 1, got, want));
    }
  }
  std::vector<Row> rows;
  for (std::size_t r = 1; r < records.size(); ++r) {
    const auto& rec = records[r];
    if (rec.cells.size() == 1 && rec.cells[0].empty()) continue;  // blank line
    if (rec.cells.size() != names.size())
      throw std::runtime_error(fmt::format("{}:{}: {} cells, expected {}", source, rec.line, rec.cells.size(),
                                           names.size()));
    Row row;
    for (std::size_t k = 0; k < names.size(); ++k)
      set_cell(columns()[k], row, rec.cells[k], fmt::format("{}:{}: column {}", source, rec.line, names[k]));
    rows.push_back(std::move(row));
  }
  return rows;
}

}  // namespace

std::vector<std::string> row_columns() {
  std::vector<std::string> names;
  for (const auto& c : columns()) names.emplace_back(c.name);
  return names;
}

std::string row_id(const std::string& target, const std::string& multiplier, const std::string& isa) {
  const auto [base, params] = split_multiplier(multiplier);
  return target + "/" + base + (params.empty() ? "" : "-" + params) + "/" + isa;
}

std::string to_csv_header() {
  std::string out;
  for (const auto& c : columns()) {
    if (!out.empty()) out += ',';
    out += c.name;
  }
  return out;
}

std::string to_csv_line(const Row& row) {
  std::string out;
  bool first = true;
  for (const auto& c : columns()) {
    if (!first) out += ',';
    first = false;
    out += quote(cell_text(c, row));
  }
  return out;
}

std::vector<Row> read_csv_text(const std::string& text, const std::string& source) {
  return rows_from_csv_text(text, source);
}

std::vector<Row> read_csv(const std::string& path) {
  return rows_from_csv_text(read_bounded_file(path, max_results_bytes, "result file"), path);
}

std::string to_csv(const std::vector<Row>& rows) {
  std::string out = to_csv_header() + "\n";
  for (const auto& r : rows) out += to_csv_line(r) + "\n";
  return out;
}

void write_csv(const std::string& path, const std::vector<Row>& rows) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  if (!out) throw std::runtime_error(fmt::format("cannot write result file '{}'", path));
  out << to_csv(rows);
  if (!out.flush()) throw std::runtime_error(fmt::format("cannot write result file '{}'", path));
}

std::string to_json(const std::vector<Row>& rows) {
  nlohmann::ordered_json array = nlohmann::ordered_json::array();
  for (const auto& row : rows) {
    nlohmann::ordered_json object = nlohmann::ordered_json::object();
    for (const auto& c : columns()) {
      void* p = c.field(const_cast<Row&>(row));
      auto& slot = object[c.name];
      switch (c.type) {
        case Type::text: slot = *static_cast<std::string*>(p); break;
        case Type::boolean: slot = *static_cast<bool*>(p); break;
        case Type::real: slot = *static_cast<double*>(p); break;
        case Type::optional_real: {
          const auto& v = *static_cast<std::optional<double>*>(p);
          slot = v ? nlohmann::ordered_json(*v) : nlohmann::ordered_json(nullptr);
          break;
        }
        case Type::count: slot = *static_cast<std::uint64_t*>(p); break;
        case Type::optional_count: {
          const auto& v = *static_cast<std::optional<std::uint64_t>*>(p);
          slot = v ? nlohmann::ordered_json(*v) : nlohmann::ordered_json(nullptr);
          break;
        }
        case Type::real_list: slot = *static_cast<std::vector<double>*>(p); break;
      }
    }
    array.push_back(std::move(object));
  }
  return array.dump(2) + "\n";
}

std::vector<Row> from_json(const std::string& text) {
  nlohmann::json doc;
  try {
    doc = parse_json_text(text, "result JSON");
  } catch (const std::invalid_argument& e) {
    throw std::runtime_error(e.what());
  }
  // `pqmul bench --format json` wraps its rows with the machine description.
  if (doc.is_object() && doc.contains("rows")) doc = nlohmann::json(doc["rows"]);
  if (!doc.is_array()) throw std::runtime_error("result JSON must be an array of row objects (or an object with \"rows\")");
  std::vector<Row> rows;
  for (std::size_t r = 0; r < doc.size(); ++r) {
    const auto& object = doc[r];
    if (!object.is_object()) throw std::runtime_error(fmt::format("result JSON row {} is not an object", r));
    for (const auto& [key, value] : object.items()) {
      bool known = false;
      for (const auto& c : columns()) known = known || key == c.name;
      if (!known) throw std::runtime_error(fmt::format("result JSON row {}: unknown column '{}'", r, key));
    }
    Row row;
    for (const auto& c : columns()) {
      const std::string where = fmt::format("result JSON row {} column {}", r, c.name);
      if (!object.contains(c.name)) {
        if (c.added_later) continue;
        throw std::runtime_error(where + ": missing");
      }
      const auto& v = object[c.name];
      void* p = c.field(row);
      const bool optional = c.type == Type::optional_real || c.type == Type::optional_count;
      if (v.is_null()) {
        if (!optional) throw std::runtime_error(where + ": null is allowed only for optional columns");
        continue;  // the optional stays empty
      }
      switch (c.type) {
        case Type::text:
          if (!v.is_string()) throw std::runtime_error(where + ": expected a string");
          *static_cast<std::string*>(p) = v.get<std::string>();
          break;
        case Type::boolean:
          if (!v.is_boolean()) throw std::runtime_error(where + ": expected true or false");
          *static_cast<bool*>(p) = v.get<bool>();
          break;
        case Type::real:
        case Type::optional_real: {
          if (!v.is_number()) throw std::runtime_error(where + ": expected a number");
          if (c.type == Type::real)
            *static_cast<double*>(p) = v.get<double>();
          else
            *static_cast<std::optional<double>*>(p) = v.get<double>();
          break;
        }
        case Type::count:
        case Type::optional_count: {
          if (!v.is_number_unsigned()) throw std::runtime_error(where + ": expected a non-negative integer");
          if (c.type == Type::count)
            *static_cast<std::uint64_t*>(p) = v.get<std::uint64_t>();
          else
            *static_cast<std::optional<std::uint64_t>*>(p) = v.get<std::uint64_t>();
          break;
        }
        case Type::real_list: {
          if (!v.is_array()) throw std::runtime_error(where + ": expected an array of numbers");
          auto& list = *static_cast<std::vector<double>*>(p);
          for (const auto& item : v) {
            if (!item.is_number()) throw std::runtime_error(where + ": expected an array of numbers");
            list.push_back(item.get<double>());
          }
          break;
        }
      }
    }
    rows.push_back(std::move(row));
  }
  return rows;
}

}  // namespace pqmul::experiments
