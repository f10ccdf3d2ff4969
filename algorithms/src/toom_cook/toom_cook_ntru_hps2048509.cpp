// Explicit instantiation of the Toom-Cook family for the ntru-hps2048509 ring.
#include "toom_cook_registry_impl.hpp"

PQMUL_INSTANTIATE_TOOM_COOK(pqmul::NtruHps2048509Ring)
