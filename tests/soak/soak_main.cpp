// Owns: `pursuit-soak --games N --game ID|all --seed S [--max-moves M] [--max-seconds T]`: plays N seeded
// random-legal games per registered game with every check of soak_runner.h, prints games/s
// per game and every failure (config + reason); exit status 1 if any check failed.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "common/errors.h"
#include "common/judge_io.h"
#include "soak_runner.h"

namespace {
int usage(int code) {
    std::fputs("usage: pursuit-soak [--games N] [--game ID|all] [--seed S] [--max-moves M]\n"
               "                    [--max-seconds T]  (per game id; slow games then play fewer)\n"
               "                    [--print-replays 1]  (print the games' replays, no checks)\n"
               "  Defaults: --games 100 per game id, --game all, --seed 1, --max-moves 5000 (a longer game\n"
               "  is counted as capped), --max-seconds 0 (no limit). Exit status: 0 every check passed,\n"
               "  1 a check failed, 2 a bad command line or an unknown game.\n",
               code ? stderr : stdout);
    return code;
}
}  // namespace

int main(int argc, char** argv) {
    pursuit::soak::SoakOptions options;
    std::string only = "all";
    bool print_replays = false;
    try {  // values are named when they are no number in range (atoi took "abc" as 0 games)
        for (int i = 1; i < argc; ++i) {
            const std::string a = argv[i];
            if (a == "--help" || a == "-h") return usage(0);
            const bool known = a == "--games" || a == "--game" || a == "--seed" || a == "--max-moves" || a == "--print-replays" ||
                               a == "--max-seconds";
            if (!known) throw pursuit::InputError("unknown option " + a);
            if (i + 1 >= argc) throw pursuit::InputError("option " + a + " needs a value");
            const std::string v = argv[++i];
            // (0 games played nothing and passed every check: status 0)
            if (a == "--games") options.games = static_cast<int>(pursuit::option_int(a, v, 1, 1000000000));
            else if (a == "--game") only = v;
            else if (a == "--seed") options.seed = pursuit::option_seed(a, v);
            else if (a == "--max-moves") options.max_moves = static_cast<int>(pursuit::option_int(a, v, 1, 1000000000));
            else if (a == "--print-replays") print_replays = pursuit::option_int(a, v, 0, 1) != 0;
            else options.max_seconds = pursuit::option_number(a, v, 0, 1e9);
        }
    } catch (const std::exception& e) {
        std::fprintf(stderr, "pursuit-soak: %s\n", e.what());
        return usage(2);
    }
    // An unknown id is named before anything is printed (the table's header came first).
    bool known_game = only == "all";
    for (const auto& info : pursuit::all_games()) known_game = known_game || only == info.id;
    if (!known_game) {
        std::fprintf(stderr, "pursuit-soak: no game '%s'\n", only.c_str());
        return 2;
    }
    if (print_replays) {  // one replay per line, no checks: input of tests/soak/wasm_replays.mjs
        for (const auto& info : pursuit::all_games())
            if (only == "all" || only == info.id)
                for (int i = 0; i < options.games; ++i)
                    std::puts(pursuit::soak::random_game_replay(info, options, i).dump().c_str());
        return pursuit::exit_after_stdout("pursuit-soak", 0);
    }
    int failed = 0;
    std::printf("%-12s %9s %11s %8s %7s %9s %10s\n", "game", "games", "moves", "capped", "failed", "seconds", "games/s");
    for (const auto& info : pursuit::all_games()) {
        if (only != "all" && only != info.id) continue;
        const auto s = pursuit::soak::soak_game(info, options);
        std::printf("%-12s %9lld %11lld %8lld %7lld %9.2f %10.1f\n", s.id.c_str(), s.games, s.moves, s.capped, s.failures,
                    s.seconds, s.seconds > 0 ? s.games / s.seconds : 0.0);
        std::fflush(stdout);
        for (const auto& r : s.failure_reports) std::fprintf(stderr, "FAIL %s: %s\n", s.id.c_str(), r.c_str());
        failed += s.failures > 0;
    }
    return pursuit::exit_after_stdout("pursuit-soak", failed ? 1 : 0);
}
