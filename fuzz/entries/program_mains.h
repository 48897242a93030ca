// Owns: running a bot program's own main() in-process on a given stdin text, for the
// "protocol" entry. The bots whose reading lives in main (fugitive-bot, searchparty-solver)
// are compiled here unchanged with `main` renamed (fugitive_bot_main.cpp,
// searchparty_solver_main.cpp), so the fuzzer reads exactly what the programs read.
#pragma once
#include <string>
#include <vector>

int fugitive_bot_main(int argc, char** argv);
int searchparty_solver_main(int argc, char** argv);

namespace pursuit::fuzz {

// Calls `program_main` with `args` (argv[0] added) and std::cin reading `stdin_text`; the
// program's stdout goes to /dev/null. Returns its exit status.
int run_main_on(int (*program_main)(int, char**), const std::vector<std::string>& args, const std::string& stdin_text);

}  // namespace pursuit::fuzz
