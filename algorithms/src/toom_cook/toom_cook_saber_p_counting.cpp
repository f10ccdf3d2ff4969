// The counting twins of the Toom-Cook family for the saber-p ring.
#include "toom_cook_counting_impl.hpp"

PQMUL_INSTANTIATE_TOOM_COOK_COUNTING_WORDS(pqmul::SaberPRing)
