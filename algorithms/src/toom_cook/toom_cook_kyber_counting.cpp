// The counting twins of the Toom-Cook family for the kyber ring.
#include "toom_cook_counting_impl.hpp"

PQMUL_INSTANTIATE_TOOM_COOK_COUNTING(pqmul::KyberRing, pqmul::DefaultArithmetic<pqmul::KyberRing>)
