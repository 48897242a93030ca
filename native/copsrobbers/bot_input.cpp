// Owns: the bot's reading of the server protocol (see header).
#include "copsrobbers/bot_input.h"

#include "common/errors.h"
#include "common/line_reader.h"
#include "copsrobbers/rules.h"
#include "copsrobbers/solver.h"

namespace pursuit::copsrobbers {
namespace {

long long number(const std::string& line, long long lo, long long hi, const std::string& what) {
    const auto tokens = split_tokens(line);
    long long v = 0;
    if (tokens.size() != 1 || !parse_int(tokens[0], v) || v < lo || v > hi)
        throw InputError("copsrobbers-bot: expected " + what + " (" + std::to_string(lo) + ".." + std::to_string(hi) +
                         "), got " + quoted_excerpt(line, 60));
    return v;
}

}  // namespace

ServerHeader read_server_header(const std::function<std::string()>& next_line) {
    ServerHeader h;
    const std::string side = next_line();
    if (side != "P" && side != "X")
        throw InputError("copsrobbers-bot: first line must be P or X, got " + quoted_excerpt(side, 60));
    h.cops = side == "P";
    const Limits limits = Limits::relaxed();
    h.cop_count = static_cast<int>(number(next_line(), 1, kMaxCops, "the number of cops C"));
    h.rounds = static_cast<int>(number(next_line(), 1, Solver::kMaxHorizon, "the number of rounds R"));
    // The graph block: "N M" then M street lines; read_city validates all of it.
    const std::string sizes = next_line();
    const auto tokens = split_tokens(sizes);
    long long n = 0, m = 0;
    if (tokens.size() != 2 || !parse_int(tokens[0], n) || !parse_int(tokens[1], m) || m < 0 || m > limits.max_m)
        throw InputError("copsrobbers-bot: expected the graph's 'N M' line, got " + quoted_excerpt(sizes, 60));
    std::string map = sizes + "\n";
    for (long long i = 0; i < m; ++i) map += next_line() + "\n";
    h.city = read_city(map, "server input", limits);
    return h;
}

std::vector<int> read_crossings(const std::string& line, std::size_t count, int n, const std::string& what) {
    const auto tokens = split_tokens(line);
    if (tokens.size() != count)
        throw InputError("copsrobbers-bot: expected " + std::to_string(count) + " crossing(s) for " + what + ", got " +
                         quoted_excerpt(line, 60));
    std::vector<int> out;
    for (const auto& t : tokens) {
        long long v = 0;
        if (!parse_int(t, v) || v < 1 || v > n)
            throw InputError("copsrobbers-bot: bad crossing " + quoted_excerpt(t, 20) + " for " + what + " (1.." +
                             std::to_string(n) + ")");
        out.push_back(static_cast<int>(v) - 1);
    }
    return out;
}

}  // namespace pursuit::copsrobbers
