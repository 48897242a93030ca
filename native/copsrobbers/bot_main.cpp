// Owns: `copsrobbers-bot`, one program for both sides of the protocol. Plays exactly (the
// retrograde solver) where the state space fits the work budget, heuristics beyond; the
// reference bots are strategies of the same program (--strategy random|greedy).
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <string>

#include "common/errors.h"
#include "common/line_reader.h"
#include "copsrobbers/city.h"
#include "copsrobbers/rules.h"
#include "copsrobbers/strategy.h"

namespace {

using namespace pursuit;
using namespace pursuit::copsrobbers;

int usage(int code) {
    std::fputs("usage: copsrobbers-bot [--strategy random|greedy|cover|lookahead|exact] [--level easy|medium|hard|best]\n"
               "                       [--seed S] [--solver-budget WORK] [--solve-ms MS]\n"
               "  Plays either side of the Cops and Robbers protocol on stdin/stdout (first line P or X).\n"
               "  Default: --strategy exact (the exact solver where the state space fits WORK, default 3e8,\n"
               "  the cover/lookahead heuristics beyond). --solver-budget 0 disables the solver. A solve still\n"
               "  running --solve-ms (default 1300) after the start is abandoned for the heuristics.\n",
               code ? stderr : stdout);
    return code;
}

// Reads one protocol line from stdin (never past its end); exits quietly at end of input.
std::string next_line() {
    std::string line;
    if (!std::getline(std::cin, line)) std::exit(0);
    if (!line.empty() && line.back() == '\r') line.pop_back();
    return line;
}

std::vector<int> ints(const std::string& line) {
    std::vector<int> out;
    long long v;
    for (const auto& t : split_tokens(line)) {
        if (!parse_int(t, v)) throw InputError("copsrobbers-bot: bad number '" + t + "' in line '" + line + "'");
        out.push_back(static_cast<int>(v) - 1);
    }
    return out;
}

}  // namespace

int main(int argc, char** argv) {
    Strategy strategy = Strategy::Exact;
    std::uint64_t seed = 1;
    double budget = Solver::kDefaultBudget;
    double solve_ms = 1300;  // under half the 3 s first-move limit, reading included
    try {
        for (int i = 1; i < argc; ++i) {
            const std::string a = argv[i];
            auto value = [&]() -> std::string {
                if (i + 1 >= argc) throw InputError("missing value after " + a);
                return argv[++i];
            };
            if (a == "--strategy") strategy = parse_strategy(value());
            else if (a == "--level") strategy = strategy_for_level(value());
            else if (a == "--seed") seed = std::strtoull(value().c_str(), nullptr, 10);
            else if (a == "--solver-budget") budget = std::atof(value().c_str());
            else if (a == "--solve-ms") solve_ms = std::atof(value().c_str());
            else if (a == "--help" || a == "-h") return usage(0);
            else throw InputError("unknown argument '" + a + "'");
        }
        const std::string side = next_line();
        const int cops = std::atoi(next_line().c_str());
        const int rounds = std::atoi(next_line().c_str());
        std::string map = next_line() + "\n";
        const int m = static_cast<int>(ints(map).at(1)) + 1;
        for (int i = 0; i < m; ++i) map += next_line() + "\n";
        const City city = read_city(map, "server input", Limits::relaxed());
        // The solve runs at the first reply; it is abandoned (heuristics instead) when it
        // would take longer than --solve-ms of wall-clock time from the start of the program.
        auto started = std::chrono::steady_clock::now();  // reset when the first request arrives
        auto too_late = [&started, solve_ms] {
            return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started).count() > solve_ms;
        };
        Brain brain(city, cops, rounds, budget, too_late);
        Rng rng(seed);
        if (side == "P") {
            std::vector<int> at = ints(next_line());
            for (int round = 1;; ++round) {
                const int x = ints(next_line()).at(0);
                if (round == 1) started = std::chrono::steady_clock::now();
                at = brain.cops_move(strategy, at, x, rounds - round + 1, rng);
                std::string out;
                for (int c : at) out += (out.empty() ? "" : " ") + std::to_string(c + 1);
                std::cout << out << std::endl;  // endl flushes
            }
        } else if (side == "X") {
            int x = ints(next_line()).at(0);
            for (int round = 1;; ++round) {
                const std::vector<int> at = ints(next_line());
                if (round == 1) started = std::chrono::steady_clock::now();
                x = brain.robber_move(strategy, at, x, rounds - round + 1, rng);
                std::cout << x + 1 << std::endl;
            }
        } else {
            throw InputError("copsrobbers-bot: first line must be P or X, got '" + side + "'");
        }
    } catch (const std::exception& e) {
        std::fprintf(stderr, "%s\n", e.what());
        return 2;
    }
}
