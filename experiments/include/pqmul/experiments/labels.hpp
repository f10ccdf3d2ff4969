#pragma once
// Readable labels for tables and figures: catalogue names as papers print
// them ("toom4-k2" -> "Toom-4+K2", "ml-kem-768" -> "ML-KEM-768"), overridable
// by a label spec, and row labels built from the fields that tell rows apart.
// Rows are never pooled: two rows that would feed one cell are an error.
#include <map>
#include <string>
#include <vector>

#include "pqmul/experiments/row.hpp"

namespace pqmul::experiments {

// Display names: "value" or "field:value" -> text; the more specific key wins.
struct LabelNames {
  std::map<std::string, std::string> names;
};

// A label spec: TOML with a [labels] table ("toom4-k2" = "Toom-4 (K2)",
// "isa:portable" = "Ref") or CSV lines `value,text`. Throws
// std::invalid_argument naming the file and the offending entry.
LabelNames read_label_spec(const std::string& path);
// "VALUE=TEXT" terms from the command line, over `base`.
LabelNames with_label_terms(LabelNames base, const std::vector<std::string>& terms);

// How `value` of `field` is printed: the spec's name, else the built-in
// name of a catalogue value, else the value itself.
std::string display_name(const std::string& field, const std::string& value, const LabelNames& names);

// Fields that make a row's identity beyond its operation, in label order.
const std::vector<std::string>& identity_fields();
// The value of an identity field (also flags and cpu, which selectors lack).
std::string identity_value(const Row& row, const std::string& field);

// Identity fields whose values differ between `rows`, less those implied by
// an earlier varying field (the parameter set by the scheme, the compiler
// version by the compiler).
std::vector<std::string> varying_fields(const std::vector<const Row*>& rows);

// "Saber, Toom-4+K2, AVX2": display names of `fields` of the row, the
// multiplier's parameters joined to it; empty values left out.
std::string row_label(const Row& row, const std::vector<std::string>& fields, const LabelNames& names);

// Refuses to pool: more than one row for what should be one figure is an
// error naming the rows (id and date) and the fields they differ in.
// `what` names the cell, e.g. "cell Saber / KeyGen".
void require_one_row(const std::vector<const Row*>& rows, const std::string& what);

}  // namespace pqmul::experiments
