// The marker the model's probe calls around each traced segment (model.hpp):
// a function of its own, never inlined, so qemu translates it as a block of
// its own whose executions the log shows.
#include "pqmul/experiments/model.hpp"

extern "C" [[gnu::noinline, gnu::used]] void pqmul_model_mark() { asm volatile("" ::: "memory"); }
