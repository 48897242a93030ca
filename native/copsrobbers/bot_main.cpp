// Owns: `copsrobbers-bot`, one program for both sides of the protocol. Plays exactly (the
// retrograde solver) where the state space fits the work budget, heuristics beyond; the
// reference bots are strategies of the same program (--strategy random|greedy).
#include <poll.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <string>

#include "common/errors.h"
#include "common/judge_io.h"
#include "common/line_reader.h"
#include "copsrobbers/bot_input.h"
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

// stdin read through our own buffer, so the bot can tell whether the next request has
// arrived while it is still solving (std::cin's buffer cannot be inspected portably).
std::string in_buf;
bool in_eof = false;

// Reads what is available (waiting up to timeout_ms, -1 = forever); false at end of input.
bool fill(int timeout_ms) {
    pollfd p{0, POLLIN, 0};
    if (poll(&p, 1, timeout_ms) <= 0) return true;
    char chunk[4096];
    const ssize_t n = read(0, chunk, sizeof chunk);
    if (n <= 0) return !(in_eof = true);
    in_buf.append(chunk, static_cast<std::size_t>(n));
    return true;
}

bool request_waiting() {
    if (in_buf.find('\n') != std::string::npos || in_eof) return true;
    fill(0);
    return in_buf.find('\n') != std::string::npos || in_eof;
}

// Reads one protocol line (never waits past its end); exits quietly at end of input.
std::string next_line() {
    std::size_t nl;
    while ((nl = in_buf.find('\n')) == std::string::npos) {
        if (in_eof || !fill(-1)) {
            if (in_buf.empty()) std::exit(0);
            nl = in_buf.size();
            in_buf += '\n';
        }
    }
    std::string line = in_buf.substr(0, nl);
    in_buf.erase(0, nl + 1);
    if (!line.empty() && line.back() == '\r') line.pop_back();
    return line;
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
            else if (a == "--seed") seed = option_seed(a, value());
            else if (a == "--solver-budget") budget = option_number(a, value(), 0, 1e15);
            else if (a == "--solve-ms") solve_ms = option_number(a, value(), 0, 1e9);
            else if (a == "--help" || a == "-h") return usage(0);
            else throw InputError("unknown argument '" + a + "'");
        }
        const ServerHeader h = read_server_header(next_line);
        const City& city = h.city;
        const int cops = h.cop_count, rounds = h.rounds, n = city.n();
        // The cops start solving at once (while X thinks about its first move); X solves at its
        // first request. Either way the solve is abandoned (heuristics instead) once the first
        // request has waited --solve-ms, so the first reply stays well inside its limit.
        bool arrived = false;
        auto arrived_at = std::chrono::steady_clock::now();
        auto too_late = [&] {
            if (!arrived && request_waiting()) arrived = true, arrived_at = std::chrono::steady_clock::now();
            return arrived &&
                   std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - arrived_at).count() > solve_ms;
        };
        Brain brain(city, cops, rounds, budget, too_late);
        Rng rng(seed);
        if (h.cops) {
            std::vector<int> at = read_crossings(next_line(), static_cast<std::size_t>(cops), n, "the cops' start");
            if (strategy == Strategy::Exact) brain.solver();  // presolve while X thinks
            for (int round = 1;; ++round) {
                const int x = read_crossings(next_line(), 1, n, "X's position").front();
                at = brain.cops_move(strategy, at, x, std::max(1, rounds - round + 1), rng);
                std::string out;
                for (int c : at) out += (out.empty() ? "" : " ") + std::to_string(c + 1);
                std::cout << out << std::endl;  // endl flushes
            }
        } else {
            int x = read_crossings(next_line(), 1, n, "X's start").front();
            for (int round = 1;; ++round) {
                const std::vector<int> at = read_crossings(next_line(), static_cast<std::size_t>(cops), n, "the cops' positions");
                if (round == 1 && !arrived) arrived = true, arrived_at = std::chrono::steady_clock::now();
                x = brain.robber_move(strategy, at, x, std::max(1, rounds - round + 1), rng);
                std::cout << x + 1 << std::endl;
            }
        }
    } catch (const std::exception& e) {
        // The protocol reader's messages already name the program; the options' did not.
        const std::string m = e.what();
        std::fprintf(stderr, "%s%s\n", m.rfind("copsrobbers-bot:", 0) == 0 ? "" : "copsrobbers-bot: ", m.c_str());
        return 2;
    }
}
