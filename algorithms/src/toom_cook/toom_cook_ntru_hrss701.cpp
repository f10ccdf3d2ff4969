// Explicit instantiation of the Toom-Cook family for the ntru-hrss701 ring.
#include "toom_cook_registry_impl.hpp"

PQMUL_INSTANTIATE_TOOM_COOK(pqmul::NtruHrss701Ring)
