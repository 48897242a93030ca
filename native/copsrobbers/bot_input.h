// Owns: what copsrobbers-bot reads from the server, as functions over lines (the bot's main
// feeds them stdin; the fuzzer feeds them anything): the header (side, C, R, the graph
// block) and the crossing lines of each round. Everything is validated here, so the bot
// never indexes with a number the server sent; bad input throws InputError naming the line.
#pragma once
#include <functional>
#include <string>
#include <vector>

#include "copsrobbers/city.h"

namespace pursuit::copsrobbers {

struct ServerHeader {
    bool cops = false;  // first line "P" (we are the cops) or "X" (we are the robber)
    int cop_count = 0;  // C
    int rounds = 0;     // R
    City city;
};

// next_line returns the next input line (without its newline).
ServerHeader read_server_header(const std::function<std::string()>& next_line);
// A line of exactly `count` crossings 1..n, returned 0-based. `what` names it in errors.
std::vector<int> read_crossings(const std::string& line, std::size_t count, int n, const std::string& what);

}  // namespace pursuit::copsrobbers
