// Owns: native/searchparty/solver_main.cpp compiled as the function searchparty_solver_main
// (see program_mains.h); nothing else may live in this translation unit.
#ifndef PURSUIT_SHARED_DIR
#define PURSUIT_SHARED_DIR "../shared"  // only its --figures command reads it; never fuzzed
#endif
#define main searchparty_solver_main
#include "../../native/searchparty/solver_main.cpp"
