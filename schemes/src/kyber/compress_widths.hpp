#pragma once
// The Compress_d and Decompress_d widths the SIMD kernels are built for, in
// one place for every ISA's kernel file. The call is a template over the caller's
// lambda, so each kernel file instantiates its own copy with its own ISA flags.

namespace pqmul::kyber {

// Calls f.template operator()<D>() for d in {1, 4, 5, 10, 11} (the widths of
// every Kyber and ML-KEM parameter set) and returns true; false otherwise.
template <class F>
bool with_compressed_width(unsigned d, F&& f) {
  switch (d) {
    case 1: f.template operator()<1>(); return true;
    case 4: f.template operator()<4>(); return true;
    case 5: f.template operator()<5>(); return true;
    case 10: f.template operator()<10>(); return true;
    case 11: f.template operator()<11>(); return true;
    default: return false;
  }
}

// Calls f.template operator()<D>() for d in 1..11 (every width Decompress_d
// takes) and returns true; false otherwise.
template <class F>
bool with_decompressed_width(unsigned d, F&& f) {
  switch (d) {
    case 1: f.template operator()<1>(); return true;
    case 2: f.template operator()<2>(); return true;
    case 3: f.template operator()<3>(); return true;
    case 4: f.template operator()<4>(); return true;
    case 5: f.template operator()<5>(); return true;
    case 6: f.template operator()<6>(); return true;
    case 7: f.template operator()<7>(); return true;
    case 8: f.template operator()<8>(); return true;
    case 9: f.template operator()<9>(); return true;
    case 10: f.template operator()<10>(); return true;
    case 11: f.template operator()<11>(); return true;
    default: return false;
  }
}

}  // namespace pqmul::kyber
