// Explicit instantiation of the Toom-Cook family for the ntru-hps4096821 ring.
#include "toom_cook_registry_impl.hpp"

PQMUL_INSTANTIATE_TOOM_COOK(pqmul::NtruHps4096821Ring)
