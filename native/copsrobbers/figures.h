// Owns: the figures of the Cops and Robbers bot (`copsrobbers-server --figures`): exact
// agreement with the solver, win/survival rates against the greedy reference bots on the
// map suite, and the time per move (p99) - all through real processes and the server.
#pragma once
#include <string>

namespace pursuit::copsrobbers {
// `bin_dir` holds copsrobbers-bot (ends with '/'). Prints a report; returns 0.
int run_figures(bool quick, const std::string& bin_dir);
}  // namespace pursuit::copsrobbers
