// The counting twins of the Toom-Cook family for the ntru-hps2048677 ring.
#include "toom_cook_counting_impl.hpp"

PQMUL_INSTANTIATE_TOOM_COOK_COUNTING_WORDS(pqmul::NtruHps2048677Ring)
