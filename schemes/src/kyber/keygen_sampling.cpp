// K-PKE.KeyGen's Keccak work on the kernels of an ISA (sample_keygen, see
// sampling_multiway.hpp): which schedule runs, and when the caller's rows of
// t^ are asked for. Every decision depends on public data only (k, the ISA,
// the lengths, and rejection sampling on rho).
#include <algorithm>
#include <array>
#include <stdexcept>

#include "pqmul/schemes/common/keccak.hpp"
#include "pqmul/schemes/common/keccak_lanes.hpp"
#include "pqmul/schemes/kyber/sampling_multiway.hpp"
#include "sampling_shared.hpp"

namespace pqmul::kyber {
namespace {

constexpr std::size_t row_bytes = 384;  // a row of t^ in ek (ByteEncode_12)

void check(const KeygenSampling& job) {
  const unsigned k = job.k;
  if (k < 2 || k > 4) throw std::invalid_argument("sample_keygen: k must be 2, 3 or 4");
  if (job.matrix.size() != k * k || job.noise.size() != 2 * k || job.ek.size() != row_bytes * k + 32)
    throw std::invalid_argument("sample_keygen: the matrix, noise and ek must have the sizes of rank k");
  if (!job.encode_rows) throw std::invalid_argument("sample_keygen: encode_rows is required");
}

// k = 2 on AVX-512, where the caller computes rows by parts: part 0 is row 0,
// parts 1 and 2 the halves of row 1 (sample_keygen_k2_in_lanes).
bool k2_in_lanes(const KeygenSampling& job, Isa isa) {
  if (job.k != 2 || job.eta1 != 3 || !job.encode_row_part) return false;
  return sample_keygen_k2_in_lanes(
      job.rho, job.sigma, std::span<KPoly, 4>(job.matrix), std::span<KPoly, 4>(job.noise),
      std::span<const std::uint8_t, 800>(job.ek.data(), 800), job.ek_digest,
      [&](unsigned part) {
        if (part == 0) {
          job.encode_rows(0, 1);
        } else {
          job.encode_row_part(1, 128 * (part - 1), 128 * part);
        }
      },
      isa);
}

}  // namespace

void sample_keygen(const KeygenSampling& job, std::optional<Isa> isa) {
  check(job);
  const unsigned k = job.k;
  const Isa wanted = sampling::wanted_isa(isa);
  std::array<unsigned, 8> eta_storage;
  std::fill(eta_storage.begin(), eta_storage.end(), job.eta1);
  const std::span<const unsigned> etas(eta_storage.data(), 2 * k);
  const NoiseBeside noise_job{job.sigma, 0, etas, job.noise};
  if (wanted == Isa::avx512 && k2_in_lanes(job, wanted)) return;
  if (wanted == Isa::avx512 && k >= 3) {
    // On the 4-way lanes: first the noise and the first rows of A^ (one for
    // k = 3, two for k = 4), then the other rows beside H(ek), which starts
    // on the rows encoded so far and reads each further row (and rho, after
    // the last) once it is encoded. Measured with pqmul bench (keygen, A/B):
    // k = 3 gains about 1.5k ticks, k = 4 about 1.3k over the 8-way batches
    // followed by H; the AVX2 4-way permutation costs more than the scalar one.
    const unsigned rows_first = k == 4 ? 2 : 1;
    sample_in_lanes(job.rho, k, false, job.matrix, 0, rows_first, nullptr, &noise_job, {}, wanted);
    job.encode_rows(0, rows_first);
    const HashBeside digest{
        keccak::sha3_256_rate, keccak::sha3_domain, {job.ek, {}}, job.ek_digest, row_bytes * rows_first};
    sample_in_lanes(
        job.rho, k, false, job.matrix, rows_first, k, &digest, nullptr,
        // (One captured pointer: std::function holds it without an allocation.)
        [&job](unsigned row) -> std::size_t {
          job.encode_rows(row, row + 1);
          return row + 1 == job.k ? job.ek.size() : row_bytes * (row + 1);
        },
        wanted);
    return;
  }
  // k = 3 on AVX2: nine entries fill no batch of the multi-way samplers, so
  // A^ and the noise share the lanes; 4 and 16 entries fill the batches
  // exactly, and the batch samplers cost less there.
  if ((k * k) % 4 == 0) {
    sample_noise_polys(job.sigma, 0, etas, job.noise, wanted);
    sample_matrix(job.rho, k, false, job.matrix, wanted);
  } else {
    sample_in_lanes(job.rho, k, false, job.matrix, nullptr, &noise_job, wanted);
  }
  job.encode_rows(0, k);
  const auto h = keccak::sha3_256(job.ek, wanted);
  std::copy(h.begin(), h.end(), job.ek_digest.begin());
}

}  // namespace pqmul::kyber
