// Owns: run_figures (see figures.h). Placeholder until the figures land.
#include "copsrobbers/figures.h"

#include <cstdio>

namespace pursuit::copsrobbers {
int run_figures(bool, const std::string&) {
    std::puts("figures: not implemented yet");
    return 0;
}
}  // namespace pursuit::copsrobbers
