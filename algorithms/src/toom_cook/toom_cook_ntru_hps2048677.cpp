// Explicit instantiation of the Toom-Cook family for the ntru-hps2048677 ring.
#include "toom_cook_registry_impl.hpp"

PQMUL_INSTANTIATE_TOOM_COOK(pqmul::NtruHps2048677Ring)
