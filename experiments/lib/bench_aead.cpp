#include "bench_aead.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <array>
#include <filesystem>
#include <memory>
#include <stdexcept>

#include "pqmul/algorithms/params.hpp"
#include "pqmul/experiments/lwc_kat.hpp"
#include "pqmul/schemes/tinyjambu/variants.hpp"

namespace pqmul::experiments {
namespace {

using tinyjambu::AeadVariant;

const std::vector<std::string> aead_operations = {"encrypt", "decrypt"};

bool selected(const std::vector<std::string>& list, const std::string& name) {
  return list.empty() || (list.size() == 1 && list.front() == "all") ||
         std::find(list.begin(), list.end(), name) != list.end();
}

// Encrypts the file's entries with empty, short and full-length message and
// data (counts 1, 545, 1089) and decrypts them back.
std::string kat_verdict(const AeadVariant& v, const std::string& vectors_dir) {
  const auto file = std::filesystem::path(vectors_dir) / "tinyjambu" /
                    fmt::format("LWC_AEAD_KAT_{}_96.txt", v.key_bytes * 8);
  const auto entries = read_lwc_kat(file.string());
  for (int count : {1, 545, 1089}) {
    const auto it = entries.find(count);
    if (it == entries.end()) throw std::runtime_error(fmt::format("{}: no entry {}", file.string(), count));
    auto field = [&](const char* name) {
      const auto value = it->second.find(name);
      return value == it->second.end() ? std::vector<std::uint8_t>{} : value->second;
    };
    const auto key = field("Key"), nonce = field("Nonce"), pt = field("PT"), ad = field("AD"), ct = field("CT");
    if (key.size() != v.key_bytes || nonce.size() != tinyjambu::nonce_bytes || ct.size() != pt.size() + tinyjambu::tag_bytes)
      throw std::runtime_error(fmt::format("{}: entry {} is malformed", file.string(), count));
    std::vector<std::uint8_t> got(pt.size()), back(pt.size());
    std::array<std::uint8_t, tinyjambu::tag_bytes> tag{};
    v.encrypt(got, tag, pt, ad, std::span<const std::uint8_t, tinyjambu::nonce_bytes>(nonce.data(), nonce.size()), key);
    got.insert(got.end(), tag.begin(), tag.end());
    if (got != ct) return "fail";
    const bool opened = v.decrypt(back, std::span<const std::uint8_t>(ct.data(), pt.size()),
                                  std::span<const std::uint8_t, tinyjambu::tag_bytes>(ct.data() + pt.size(), tinyjambu::tag_bytes),
                                  ad, std::span<const std::uint8_t, tinyjambu::nonce_bytes>(nonce.data(), nonce.size()), key);
    if (!opened || back != pt) return "fail";
  }
  return "pass";
}

struct Buffers {
  std::vector<std::uint8_t> key, message, ad, ciphertext, opened;
  std::array<std::uint8_t, tinyjambu::nonce_bytes> nonce{};
  std::array<std::uint8_t, tinyjambu::tag_bytes> tag{};
};

}  // namespace

bool is_aead_scheme(const std::string& scheme) { return scheme.rfind("tinyjambu-", 0) == 0; }

std::vector<std::string> aead_scheme_names() {
  std::vector<std::string> names;
  for (const auto& v : tinyjambu::aead_variants())
    if (std::find(names.begin(), names.end(), v.scheme) == names.end()) names.emplace_back(v.scheme);
  return names;
}

std::vector<std::string> aead_variant_names() {
  std::vector<std::string> names;
  for (const auto& v : tinyjambu::aead_variants()) {
    std::string name = std::string(v.load) + "-" + std::string(v.update);
    if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(std::move(name));
  }
  return names;
}

void plan_aead(const BenchSelection& sel, const std::string& vectors_dir, std::vector<BenchCase>& cases) {
  // --params belongs to the KEM multipliers when no AEAD is selected.
  if (std::none_of(sel.schemes.begin(), sel.schemes.end(),
                   [](const std::string& s) { return s == "all" || is_aead_scheme(s); }))
    return;
  const Params sizes = Params::parse(sel.params);
  sizes.require_only({"message", "ad"});
  const std::size_t message_bytes = sizes.get_size("message", 4096), ad_bytes = sizes.get_size("ad", 32);
  // The claims' spelling: message first.
  const std::string params = fmt::format("message={};ad={}", message_bytes, ad_bytes);
  std::vector<std::string> ops;
  for (const auto& op : sel.operations.empty() ? aead_operations : sel.operations)
    if (std::find(aead_operations.begin(), aead_operations.end(), op) != aead_operations.end()) ops.push_back(op);
  if (ops.empty()) return;  // e.g. KEM operations asked of every scheme
  for (const auto& v : tinyjambu::aead_variants()) {
    const std::string scheme(v.scheme), multiplier = std::string(v.load) + "-" + std::string(v.update);
    if (!selected(sel.schemes, scheme) || !selected(sel.multipliers, multiplier) || !selected(sel.isas, "portable"))
      continue;
    std::string verdict;
    // A missing or malformed known-answer file is an error, not a row without a verdict.
    if (sel.check) verdict = kat_verdict(v, vectors_dir);
    auto buffers = std::make_shared<Buffers>();
    buffers->key.assign(v.key_bytes, 0x5A);
    buffers->message.assign(message_bytes, 0xC3);
    buffers->ad.assign(ad_bytes, 0x3C);
    buffers->ciphertext.resize(message_bytes);
    buffers->opened.resize(message_bytes);
    v.encrypt(buffers->ciphertext, buffers->tag, buffers->message, buffers->ad, buffers->nonce, buffers->key);
    for (const auto& op : ops) {
      BenchCase c;
      c.row.id = scheme + "/" + multiplier + "-" + params + "/portable";
      c.row.scheme = scheme;
      c.row.parameter_set = scheme.substr(scheme.find('-') + 1);
      c.row.operation = op;
      c.row.multiplier = multiplier;
      c.row.params = params;
      c.row.isa = "portable";
      c.row.correct = verdict;
      const AeadVariant* variant = &v;
      if (op == "encrypt")
        c.run = [variant, buffers] {
          variant->encrypt(buffers->ciphertext, buffers->tag, buffers->message, buffers->ad, buffers->nonce,
                           buffers->key);
        };
      else
        c.run = [variant, buffers] {
          // Always authentic: the ciphertext is never rewritten after planning.
          (void)variant->decrypt(buffers->opened, buffers->ciphertext, buffers->tag, buffers->ad, buffers->nonce,
                                 buffers->key);
        };
      cases.push_back(std::move(c));
    }
  }
}

}  // namespace pqmul::experiments
