// Explicit instantiation of the Toom-Cook family for the saber-p ring.
#include "toom_cook_registry_impl.hpp"

PQMUL_INSTANTIATE_TOOM_COOK(pqmul::SaberPRing)
