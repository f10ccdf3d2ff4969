// Inputs of the two classes of each KEM timing test, prepared into slots.
#include "pqmul/experiments/kem_timing_targets.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>

namespace pqmul::experiments {
namespace {

void fill_random(std::span<std::uint8_t> out, std::mt19937_64& rng) {
  for (std::size_t i = 0; i < out.size(); i += 8) {
    const std::uint64_t word = rng();
    for (std::size_t j = 0; j < 8 && i + j < out.size(); ++j) out[i + j] = static_cast<std::uint8_t>(word >> (8 * j));
  }
}

// Randomness from the test's generator, counting what the KEM draws.
class GeneratorRandom final : public RandomSource {
 public:
  explicit GeneratorRandom(std::mt19937_64& rng) : rng_(rng) {}
  void fill(std::span<std::uint8_t> out) override {
    fill_random(out, rng_);
    drawn_ += out.size();
  }
  std::size_t drawn() const { return drawn_; }

 private:
  std::mt19937_64& rng_;
  std::size_t drawn_ = 0;
};

// Serves a prepared slot as the KEM's randomness. A KEM drawing more than it
// did when its draw was counted would read past the slot: refused.
class SlotRandom final : public RandomSource {
 public:
  explicit SlotRandom(std::span<const std::uint8_t> bytes) : bytes_(bytes) {}
  void fill(std::span<std::uint8_t> out) override {
    if (out.size() > bytes_.size())
      throw std::logic_error("the KEM drew more randomness than when its draw was counted");
    std::copy_n(bytes_.begin(), out.size(), out.begin());
    bytes_ = bytes_.subspan(out.size());
  }

 private:
  std::span<const std::uint8_t> bytes_;
};

// A key pair with a valid ciphertext to it.
struct KeyedCiphertext {
  std::vector<std::uint8_t> pk, sk, ct;
};

KeyedCiphertext make_keyed_ciphertext(const Kem& kem, std::mt19937_64& rng) {
  KeyedCiphertext k{std::vector<std::uint8_t>(kem.public_key_bytes()),
                    std::vector<std::uint8_t>(kem.secret_key_bytes()),
                    std::vector<std::uint8_t>(kem.ciphertext_bytes())};
  std::vector<std::uint8_t> ss(kem.shared_secret_bytes());
  GeneratorRandom random(rng);
  kem.keypair(k.pk, k.sk, random);
  kem.encaps(k.ct, ss, k.pk, random);
  return k;
}

// Outputs the timed calls write; shared by the targets of one KEM.
struct Outputs {
  explicit Outputs(const Kem& kem)
      : pk(kem.public_key_bytes()),
        sk(kem.secret_key_bytes()),
        ct(kem.ciphertext_bytes()),
        ss(kem.shared_secret_bytes()) {}
  std::vector<std::uint8_t> pk, sk, ct, ss;
};

// Class 0 copies `fixed`; class 1 draws fresh bytes.
TimingTarget fixed_or_random_bytes(std::string operation, std::string test, std::vector<std::uint8_t> fixed) {
  TimingTarget t{std::move(operation), std::move(test), fixed.size(), {}, {}};
  t.prepare = [fixed = std::move(fixed)](int input_class, std::span<std::uint8_t> slot, std::mt19937_64& rng) {
    if (input_class == 0)
      std::copy(fixed.begin(), fixed.end(), slot.begin());
    else
      fill_random(slot, rng);
  };
  return t;
}

std::size_t bytes_drawn(const std::function<void(RandomSource&)>& operation, std::mt19937_64& rng) {
  GeneratorRandom counting(rng);
  operation(counting);
  return counting.drawn();
}

TimingTarget keygen_target(const std::shared_ptr<const Kem>& kem, std::mt19937_64& rng) {
  auto out = std::make_shared<Outputs>(*kem);
  const std::size_t draw = bytes_drawn([&](RandomSource& r) { kem->keypair(out->pk, out->sk, r); }, rng);
  std::vector<std::uint8_t> seed(draw);
  fill_random(seed, rng);
  TimingTarget t = fixed_or_random_bytes("keygen", "fixed-vs-random-seed", std::move(seed));
  t.run = [kem, out](std::span<const std::uint8_t> slot) {
    SlotRandom random(slot);
    kem->keypair(out->pk, out->sk, random);
  };
  return t;
}

TimingTarget encaps_target(const std::shared_ptr<const Kem>& kem, std::mt19937_64& rng) {
  auto out = std::make_shared<Outputs>(*kem);
  auto keys = std::make_shared<KeyedCiphertext>(make_keyed_ciphertext(*kem, rng));
  const std::size_t draw = bytes_drawn([&](RandomSource& r) { kem->encaps(out->ct, out->ss, keys->pk, r); }, rng);
  std::vector<std::uint8_t> coins(draw);
  fill_random(coins, rng);
  TimingTarget t = fixed_or_random_bytes("encaps", "fixed-vs-random-coins", std::move(coins));
  t.run = [kem, out, keys](std::span<const std::uint8_t> slot) {
    SlotRandom random(slot);
    kem->encaps(out->ct, out->ss, keys->pk, random);
  };
  return t;
}

// Class 0: the valid ciphertext; class 1: the same with one byte, at a random
// position, changed by a random non-zero difference.
TimingTarget modified_ciphertext_target(std::string operation, std::string test,
                                        const std::shared_ptr<const KeyedCiphertext>& keys) {
  TimingTarget t{std::move(operation), std::move(test), keys->ct.size(), {}, {}};
  t.prepare = [keys](int input_class, std::span<std::uint8_t> slot, std::mt19937_64& rng) {
    std::copy(keys->ct.begin(), keys->ct.end(), slot.begin());
    if (input_class == 0) return;
    const std::size_t position = std::uniform_int_distribution<std::size_t>(0, slot.size() - 1)(rng);
    slot[position] ^= static_cast<std::uint8_t>(std::uniform_int_distribution<int>(1, 255)(rng));
  };
  return t;
}

TimingTarget decaps_modified_target(const std::shared_ptr<const Kem>& kem, std::mt19937_64& rng) {
  auto out = std::make_shared<Outputs>(*kem);
  auto keys = std::make_shared<const KeyedCiphertext>(make_keyed_ciphertext(*kem, rng));
  TimingTarget t = modified_ciphertext_target("decaps", "valid-vs-modified-ct", keys);
  t.run = [kem, out, keys](std::span<const std::uint8_t> slot) { kem->decaps(out->ss, slot, keys->sk); };
  return t;
}

// Slot: secret key, then the ciphertext. Every class copies its key into the
// slot, so the fixed key is not the only one already in the caches.
TimingTarget decaps_key_pool_target(const std::shared_ptr<const Kem>& kem, std::mt19937_64& rng) {
  auto out = std::make_shared<Outputs>(*kem);
  auto pool = std::make_shared<std::vector<KeyedCiphertext>>();
  for (std::size_t i = 0; i < timing_key_pool; ++i) pool->push_back(make_keyed_ciphertext(*kem, rng));
  const std::size_t sk_bytes = kem->secret_key_bytes();
  TimingTarget t{"decaps", "fixed-vs-random-key", sk_bytes + kem->ciphertext_bytes(), {}, {}};
  t.prepare = [pool](int input_class, std::span<std::uint8_t> slot, std::mt19937_64& rng) {
    const std::size_t pick =
        input_class == 0 ? 0 : std::uniform_int_distribution<std::size_t>(0, pool->size() - 1)(rng);
    const KeyedCiphertext& k = (*pool)[pick];
    std::copy(k.ct.begin(), k.ct.end(), std::copy(k.sk.begin(), k.sk.end(), slot.begin()));
  };
  t.run = [kem, out, sk_bytes](std::span<const std::uint8_t> slot) {
    kem->decaps(out->ss, slot.subspan(sk_bytes), slot.first(sk_bytes));
  };
  return t;
}

// ByteEncode_12 (FIPS 203 Algorithm 5) of coefficients drawn uniformly from [0, q):
// two 12-bit coefficients, least significant bits first, in three bytes.
void fill_random_byte_encode_12(std::span<std::uint8_t> out, std::mt19937_64& rng) {
  std::uniform_int_distribution<unsigned> coefficient(0, kyber_timing_q - 1);
  for (std::size_t i = 0; i + 3 <= out.size(); i += 3) {
    const unsigned a = coefficient(rng), b = coefficient(rng);
    out[i] = static_cast<std::uint8_t>(a);
    out[i + 1] = static_cast<std::uint8_t>((a >> 8) | (b << 4));
    out[i + 2] = static_cast<std::uint8_t>(b >> 4);
  }
}

// Kyber and ML-KEM: dk = dk_pke || ek || H(ek) || z. Class 0 is a real key
// pair's dk with a valid ciphertext to it; class 1 keeps its ek (rho, t^),
// H(ek) and ciphertext, with dk_pke = ByteEncode_12 of a fresh s^ (coefficients
// uniform in [0, q)) and a fresh z. ek and the matrix rejection-sampled from
// rho are the same in both classes; only the secret part differs. FIPS 203's
// decapsulation-key check hashes ek alone, so the key passes it; decapsulation
// with it decrypts to garbage and takes the implicit-rejection path.
TimingTarget decaps_secret_part_target(const std::shared_ptr<const Kem>& kem, std::mt19937_64& rng) {
  auto out = std::make_shared<Outputs>(*kem);
  auto keys = std::make_shared<const KeyedCiphertext>(make_keyed_ciphertext(*kem, rng));
  const std::size_t sk_bytes = kem->secret_key_bytes();
  const std::size_t dk_pke_bytes = sk_bytes - kem->public_key_bytes() - 64;
  if (kem->public_key_bytes() + 64 >= sk_bytes || dk_pke_bytes % 384 != 0 ||
      kem->public_key_bytes() != dk_pke_bytes + 32)
    throw std::logic_error(kem->scheme() + ": key sizes are not those of dk_pke || ek || H(ek) || z");
  TimingTarget t{"decaps", "fixed-vs-random-key", sk_bytes + kem->ciphertext_bytes(), {}, {}};
  t.prepare = [keys, dk_pke_bytes](int input_class, std::span<std::uint8_t> slot, std::mt19937_64& rng) {
    std::copy(keys->ct.begin(), keys->ct.end(), std::copy(keys->sk.begin(), keys->sk.end(), slot.begin()));
    if (input_class == 0) return;
    fill_random_byte_encode_12(slot.first(dk_pke_bytes), rng);
    fill_random(slot.subspan(keys->sk.size() - 32, 32), rng);  // z
  };
  t.run = [kem, out, sk_bytes](std::span<const std::uint8_t> slot) {
    kem->decaps(out->ss, slot.subspan(sk_bytes), slot.first(sk_bytes));
  };
  return t;
}

bool shares_public_part_in_key_test(const Kem& kem) {
  for (const auto& entry : kem_registry())
    if (entry.scheme == kem.scheme()) return entry.family == "kyber" || entry.family == "ml-kem";
  return false;
}

TimingTarget decaps_key_target(const std::shared_ptr<const Kem>& kem, std::mt19937_64& rng) {
  return shares_public_part_in_key_test(*kem) ? decaps_secret_part_target(kem, rng)
                                              : decaps_key_pool_target(kem, rng);
}

// The control: decaps, then a comparison that stops at the first differing
// byte. The empty asm takes the loop's result, so the loop is not removed.
TimingTarget control_target(const std::shared_ptr<const Kem>& kem, std::mt19937_64& rng) {
  auto out = std::make_shared<Outputs>(*kem);
  auto keys = std::make_shared<const KeyedCiphertext>(make_keyed_ciphertext(*kem, rng));
  TimingTarget t = modified_ciphertext_target("control", "early-exit-compare", keys);
  t.run = [kem, out, keys](std::span<const std::uint8_t> slot) {
    kem->decaps(out->ss, slot, keys->sk);
    std::size_t i = 0;
    while (i < slot.size() && slot[i] == keys->ct[i]) ++i;
    asm volatile("" : : "r"(i));
  };
  return t;
}

}  // namespace

const std::vector<TimingTestName>& kem_timing_tests() {
  static const std::vector<TimingTestName> tests{{"keygen", "fixed-vs-random-seed"},
                                                 {"encaps", "fixed-vs-random-coins"},
                                                 {"decaps", "valid-vs-modified-ct"},
                                                 {"decaps", "fixed-vs-random-key"},
                                                 {"control", "early-exit-compare"}};
  return tests;
}

std::vector<std::string> kem_timing_operations() {
  std::vector<std::string> out;
  for (const auto& t : kem_timing_tests())
    if (std::find(out.begin(), out.end(), t.operation) == out.end()) out.push_back(t.operation);
  return out;
}

TimingTarget kem_timing_target(std::shared_ptr<const Kem> kem, std::string_view test, std::mt19937_64& rng) {
  if (test == "fixed-vs-random-seed") return keygen_target(kem, rng);
  if (test == "fixed-vs-random-coins") return encaps_target(kem, rng);
  if (test == "valid-vs-modified-ct") return decaps_modified_target(kem, rng);
  if (test == "fixed-vs-random-key") return decaps_key_target(kem, rng);
  if (test == "early-exit-compare") return control_target(kem, rng);
  std::vector<std::string> names;
  for (const auto& t : kem_timing_tests()) names.push_back(t.test);
  throw std::invalid_argument(fmt::format("unknown timing test '{}' (valid: {})", test, fmt::join(names, ", ")));
}

}  // namespace pqmul::experiments
