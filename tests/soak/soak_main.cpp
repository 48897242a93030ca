// Owns: `pursuit-soak --games N --game ID|all --seed S [--max-moves M] [--max-seconds T]`: plays N seeded
// random-legal games per registered game with every check of soak_runner.h, prints games/s
// per game and every failure (config + reason); exit status 1 if any check failed.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "soak_runner.h"

namespace {
int usage() {
    std::fputs("usage: pursuit-soak [--games N] [--game ID|all] [--seed S] [--max-moves M]\n                    [--max-seconds T]  (per game id; slow games then play fewer)\n                    [--print-replays 1]  (print the games' replays, no checks)\n", stderr);
    return 2;
}
}  // namespace

int main(int argc, char** argv) {
    pursuit::soak::SoakOptions options;
    std::string only = "all";
    bool print_replays = false;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (i + 1 >= argc) return usage();
        if (a == "--games") options.games = std::atoi(argv[++i]);
        else if (a == "--game") only = argv[++i];
        else if (a == "--seed") options.seed = std::strtoull(argv[++i], nullptr, 10);
        else if (a == "--max-moves") options.max_moves = std::atoi(argv[++i]);
        else if (a == "--print-replays") print_replays = std::atoi(argv[++i]) != 0;
        else if (a == "--max-seconds") options.max_seconds = std::atof(argv[++i]);
        else return usage();
    }
    if (print_replays) {  // one replay per line, no checks: input of tests/soak/wasm_replays.mjs
        for (const auto& info : pursuit::all_games())
            if (only == "all" || only == info.id)
                for (int i = 0; i < options.games; ++i)
                    std::puts(pursuit::soak::random_game_replay(info, options, i).dump().c_str());
        return 0;
    }
    int failed = 0, played = 0;
    std::printf("%-12s %9s %11s %8s %7s %9s %10s\n", "game", "games", "moves", "capped", "failed", "seconds", "games/s");
    for (const auto& info : pursuit::all_games()) {
        if (only != "all" && only != info.id) continue;
        ++played;
        const auto s = pursuit::soak::soak_game(info, options);
        std::printf("%-12s %9lld %11lld %8lld %7lld %9.2f %10.1f\n", s.id.c_str(), s.games, s.moves, s.capped, s.failures,
                    s.seconds, s.seconds > 0 ? s.games / s.seconds : 0.0);
        std::fflush(stdout);
        for (const auto& r : s.failure_reports) std::fprintf(stderr, "FAIL %s: %s\n", s.id.c_str(), r.c_str());
        failed += s.failures > 0;
    }
    if (!played) {
        std::fprintf(stderr, "pursuit-soak: no game '%s'\n", only.c_str());
        return 2;
    }
    return failed ? 1 : 0;
}
