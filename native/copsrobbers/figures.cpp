// Owns: run_figures (see figures.h).
//  1. Exact agreement (in process, the bot's own code): exact cops vs exact X on every suite
//     map and C where the solver applies; the capture round must equal the solved value
//     from the start (or X must survive when the value exceeds R).
//  2. Against the reference bots through the server and real processes: our cops vs the
//     greedy runner where the theory says the cops win (solver value <= R where it applies,
//     else C >= the cop number), our X vs the greedy chaser with C below the cop number.
//  3. Reply times of our bot in those games: p99 of first replies (limit 3 s) and of later
//     replies (limit 1 s).
#include "copsrobbers/figures.h"

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "common/judge_io.h"
#include "copsrobbers/maps.h"
#include "copsrobbers/match.h"
#include "copsrobbers/rules.h"
#include "copsrobbers/solver.h"
#include "copsrobbers/strategy.h"

namespace pursuit::copsrobbers {
namespace {

constexpr int kRounds = 100;

// Cop number from theory and the solver: 1 if dismantlable, else 2 if two cops win the
// textbook game (solver permitting), else 3 for the planar and classic maps (Petersen and the
// dodecahedron need 3; planar graphs need at most 3). 0 = unknown.
int cop_number(const std::string& name, const City& c) {
    if (dismantlable(c.graph)) return 1;
    if (Solver::fits(c.graph, 2) && Solver(c.graph, 2, 1000).cops_win_textbook()) return 2;
    if (name.rfind("sparse", 0) == 0) return 0;
    return 3;
}

double percentile(std::vector<double> v, double p) {
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    std::size_t i = static_cast<std::size_t>(p * (v.size() - 1) + 0.5);
    return v[std::min(i, v.size() - 1)];
}

// One game of exact cops vs exact X on `city` with `c` cops from the start of `seed` (`solver`:
// the brain's): whether it agrees with the solved value (a capture in exactly that round, or X's survival when the
// value exceeds R); a disagreement is printed. `expected_capture`: the solved value is <= R.
bool exact_game_agrees(const std::string& name, const City& city, int c, Brain& brain, const Solver* solver, int seed,
                       bool& expected_capture) {
    Rng rng(seed);
    Start start = random_start(city, c, rng);
    const int solved = solver->robber_to_move(start.cops, start.robber);
    Position p(city, start, kRounds);
    Rng play(seed);
    while (!p.over()) {
        if (p.phase() == Phase::RobberToMove)
            p.move_robber(brain.robber_move(Strategy::Exact, p.cops(), p.robber(), p.rounds_left(), play));
        else
            p.move_cops(brain.cops_move(Strategy::Exact, p.cops(), p.robber(), p.rounds_left(), play));
    }
    expected_capture = solved <= kRounds;
    const bool agree = expected_capture ? p.phase() == Phase::CopsWon && p.capture_round() == solved
                                        : p.phase() == Phase::RobberWon;
    if (!agree)
        std::printf("   MISMATCH %s C=%d seed %d: solved %d, played %s round %d\n", name.c_str(), c, seed, solved,
                    p.phase() == Phase::CopsWon ? "capture" : "survival", p.capture_round());
    return agree;
}

// ---- 1. exact agreement -------------------------------------------------------------
void print_exact_agreement(int seeds) {
    int exact_games = 0, exact_match = 0, exact_capture = 0;
    std::printf("1. Exact play vs the solved value (exact cops vs exact X, R=%d, %d seeds per map and C)\n", kRounds,
                seeds * 2);
    for (const auto& name : map_suite()) {
        const City city = named_map(name);
        for (int c = 1; c <= 3; ++c) {
            if (!Solver::fits(city.graph, c) || c >= city.n() / 3) continue;
            Brain brain(city, c, kRounds);
            const Solver* solver = brain.solver();
            int games = 0, ok = 0;
            for (int seed = 1; seed <= seeds * 2; ++seed) {
                bool expected_capture = false;
                const bool agree = exact_game_agrees(name, city, c, brain, solver, seed, expected_capture);
                ++games, ok += agree, exact_capture += expected_capture;
            }
            exact_games += games, exact_match += ok;
        }
    }
    std::printf("   %d games on the suite, %d agree with the solved optimum (%d forced captures, %d survivals)\n\n",
                exact_games, exact_match, exact_capture, exact_games - exact_capture);
}

// The games of part 2 counted over the suite, and our bot's reply times in them.
struct VersusTally {
    int cops_games = 0, cops_wins = 0, x_games = 0, x_wins = 0;
    int x_solvable_games = 0, x_solvable_wins = 0;  // C < cop number and the solver says X survives this start
    std::vector<double> first_ms, later_ms;

    void add_reply_times(const std::vector<double>& ms) {
        if (!ms.empty()) first_ms.push_back(ms[0]);
        for (std::size_t i = 1; i < ms.size(); ++i) later_ms.push_back(ms[i]);
    }
};

// The solver's value of the start of `seed` with `c` cops on `city` (the robber to move).
int solved_value(const City& city, int c, int seed) {
    Rng rng(seed);
    Start s = random_start(city, c, rng);
    return Solver(city.graph, c, kRounds).robber_to_move(s.cops, s.robber);
}

// The games of one suite map (`seeds` of them per side) and its row of the table.
void play_map_vs_greedy(const std::string& name, int seeds, const std::string& bot, const MatchTiming& timing,
                        VersusTally& tally) {
    const City city = named_map(name);
    const int cn = cop_number(name, city);
    int cw = 0, cg = 0, xw = 0, xg = 0;
    for (int seed = 1; seed <= seeds; ++seed) {
        const int c_win = std::max(cn, 1);
        std::fprintf(stderr, "\r   %s seed %d ...          ", name.c_str(), seed);
        Json config{{"game", "copsrobbers"}, {"map_name", name}, {"cops", c_win}, {"rounds", kRounds}, {"seed", seed}};
        bool winnable = cn > 0;
        if (Solver::fits(city.graph, c_win))  // the start decides: use the solver's verdict
            winnable = solved_value(city, c_win, seed) <= kRounds;
        if (winnable) {
            MatchOutcome m = play_match(config, bot, bot + " --strategy greedy", timing);
            ++cg, cw += m.winner == "cops";
            tally.add_reply_times(m.cops_ms);
        }
        if (cn >= 2) {
            config["cops"] = cn - 1;
            MatchOutcome m = play_match(config, bot + " --strategy greedy", bot, timing);
            ++xg, xw += m.winner == "robber";
            if (Solver::fits(city.graph, cn - 1) && solved_value(city, cn - 1, seed) > kRounds)
                ++tally.x_solvable_games, tally.x_solvable_wins += m.winner == "robber";
            tally.add_reply_times(m.robber_ms);
        }
    }
    std::fprintf(stderr, "\r                                        \r");
    std::printf("   %-14s %3d %4s | %10d / %-9d | %10d / %-9d\n", name.c_str(), city.n(),
                cn ? std::to_string(cn).c_str() : "?", cw, cg, xw, xg);
    tally.cops_games += cg, tally.cops_wins += cw, tally.x_games += xg, tally.x_wins += xw;
}

// ---- 2. against the greedy reference bots, through processes ------------------------
VersusTally print_versus_greedy(int seeds, const std::string& bot) {
    std::printf("2. Our bot (exact/heuristics) vs the greedy reference bots, through the server (R=%d, %d seeds)\n", kRounds,
                seeds);
    std::printf("   %-14s %3s %4s | %-22s | %-22s\n", "map", "N", "cop#", "our cops win (winnable)", "our X survives (C<cop#)");
    VersusTally t;
    MatchTiming timing;  // the defaults: 3 s first reply, 1 s later
    for (const auto& name : map_suite()) play_map_vs_greedy(name, seeds, bot, timing, t);
    std::printf("   total: our cops won %d of %d winnable games (%.1f %%); our X survived %d of %d games with C below the "
                "cop number (%.1f %%)\n",
                t.cops_wins, t.cops_games, t.cops_games ? 100.0 * t.cops_wins / t.cops_games : 0.0, t.x_wins, t.x_games,
                t.x_games ? 100.0 * t.x_wins / t.x_games : 0.0);
    std::printf("   of those, starts the solver says X survives against best play: X survived %d of %d\n\n",
                t.x_solvable_wins, t.x_solvable_games);
    return t;
}

// ---- 3. time per move -----------------------------------------------------------------
void print_reply_times(const std::vector<double>& first_ms, const std::vector<double>& later_ms) {
    std::printf("3. Our bot's reply times in those games (wall clock as the server measures them)\n");
    std::printf("   first replies (solver start-up included): %zu, p50 %.1f ms, p99 %.1f ms, max %.1f ms (limit 3000 ms)\n",
                first_ms.size(), percentile(first_ms, 0.5), percentile(first_ms, 0.99),
                first_ms.empty() ? 0.0 : *std::max_element(first_ms.begin(), first_ms.end()));
    std::printf("   later replies: %zu, p50 %.2f ms, p99 %.2f ms, max %.1f ms (limit 1000 ms)\n", later_ms.size(),
                percentile(later_ms, 0.5), percentile(later_ms, 0.99),
                later_ms.empty() ? 0.0 : *std::max_element(later_ms.begin(), later_ms.end()));
}

}  // namespace

int run_figures(bool quick, const std::string& bin_dir) {
    const int seeds = quick ? 2 : 5;
    const std::string bot = bin_dir + "copsrobbers-bot";
    Stopwatch total;
    print_exact_agreement(seeds);
    const VersusTally versus = print_versus_greedy(seeds, bot);
    print_reply_times(versus.first_ms, versus.later_ms);
    std::printf("\nfigures took %.1f s\n", total.elapsed_s());
    return 0;
}

}  // namespace pursuit::copsrobbers
