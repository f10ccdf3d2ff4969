#pragma once
// The portable backend of Kyber's polynomial kernels (primitives.cpp, beside
// the functions it shares its loops with), for the backend list of
// poly_kernels.cpp. Private to the kyber library.
#include "pqmul/schemes/kyber/poly_kernels.hpp"

namespace pqmul::kyber {

const PolyKernels& portable_poly_kernels();

}  // namespace pqmul::kyber
