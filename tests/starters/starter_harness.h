// Owns: what the starter-bot tests share: the command lines of a game's starters (the C++ build
// and `python3 starter.py`), running a program on a whole input (batch), and parsing helpers.
#pragma once
#include <string>
#include <vector>

namespace pursuit::starters {

// "cpp" or "py": the two starters of every game.
struct Starter {
    std::string language;
    std::string command;  // without the seed argument
};

bool python_available();
// The starter of `game` in `language` ("cpp" or "py"); the command appends " <seed>".
Starter starter(const std::string& game, const std::string& language, int seed);

struct BatchRun {
    std::string output;
    int exit_status = -1;  // -1: did not exit normally
};
// Runs `command` with `input` on stdin (in `working_dir` if not empty); kills it after `seconds`.
BatchRun run_batch(const std::string& command, const std::string& input, const std::string& working_dir = "", int seconds = 20);

std::vector<std::string> split_words(const std::string& line);
std::vector<std::string> split_lines(const std::string& text);
// A whole decimal int, or false.
bool parse_int(const std::string& s, int& out);

}  // namespace pursuit::starters
