// Owns: `fugitive-arena`, an in-process tuning bench: plays the core strategies against
// each other on generated maps (no processes, no protocol) and prints capture rate, mean
// score, mean capture turn and the slowest game's thinking time per side.
//   fugitive-arena --fugitive strong --detectives greedy [--games 20] [--seed 1]
//                  [--cities-min 100] [--cities-max 200] [--effort 100]
// Environment: FUG_TRACE=1 prints every Fugitive move (turn, transport, city, distance to
// the nearest Detective, size of the possible set); FUG_WHY=1 prints the moves that ended
// next to a Detective with the number of safe options it had.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "common/errors.h"
#include "common/judge_io.h"
#include "common/rng.h"
#include "fugitive/map_generator.h"
#include "fugitive/strategy.h"

using namespace pursuit;
using namespace pursuit::fugitive;

int usage(int code) {
    std::fputs("usage: fugitive-arena [--fugitive strong|greedy|random] [--detectives strong|greedy|random] [--games 20]\n"
               "                      [--seed 1] [--cities-min 100] [--cities-max 200] [--effort 100] [--only G]\n"
               "  In-process tuning bench: plays the core strategies against each other on generated maps\n"
               "  (no processes) and prints the capture rate, mean scores and the slowest game per side.\n"
               "  Defaults: strong against strong. --only G replays game G (0..games-1) of the series (same map\n"
               "  and seeds). --effort sets the strong bots' search effort in percent (both sides).\n"
               "  Environment: FUG_TRACE=1 prints every Fugitive move, FUG_WHY=1 the moves that ended next to a\n"
               "  Detective.\n",
               code ? stderr : stdout);
    return code;
}

static int run_main(int argc, char** argv) {
    BotSettings fbot, dbot;
    std::string fname = "strong", dname = "strong";  // BotSettings' default strength
    int games = 20, cmin = 100, cmax = 200, only = -1;
    std::uint64_t seed = 1;
    try {
        for (int i = 1; i < argc; ++i) {
            const std::string k = argv[i];
            if (k == "--help" || k == "-h") return usage(0);
            if (k != "--fugitive" && k != "--detectives" && k != "--games" && k != "--seed" && k != "--cities-min" &&
                k != "--cities-max" && k != "--effort" && k != "--only") {
                std::fprintf(stderr, "fugitive-arena: unknown option %s\n", k.c_str());
                return usage(2);
            }
            if (i + 1 >= argc) throw InputError("option " + k + " needs a value");
            const std::string v = argv[++i];
            if (k == "--fugitive") fbot.strength = parse_strength(v), fname = v;
            else if (k == "--detectives") dbot.strength = parse_strength(v), dname = v;
            else if (k == "--games") games = static_cast<int>(option_int(k, v, 1, 1000000));
            else if (k == "--seed") seed = option_seed(k, v);
            else if (k == "--cities-min") cmin = static_cast<int>(option_int(k, v, 5, 200));
            else if (k == "--cities-max") cmax = static_cast<int>(option_int(k, v, 5, 200));
            else if (k == "--effort") fbot.effort = dbot.effort = static_cast<int>(option_int(k, v, 1, 10000));
            else only = static_cast<int>(option_int(k, v, 0, 1000000));
        }
        if (cmin > cmax) throw InputError("--cities-min " + std::to_string(cmin) + " is above --cities-max " + std::to_string(cmax));
        // A game past the series played nothing and printed "0/N caught ... D 20.00".
        if (only >= games)
            throw InputError("--only " + std::to_string(only) + ": the series has games 0.." + std::to_string(games - 1) + " (--games " +
                             std::to_string(games) + ")");
    } catch (const std::exception& e) {
        std::fprintf(stderr, "fugitive-arena: %s\n", e.what());
        return 2;
    }
    Rng maps(seed);
    int captures = 0, fpoints = 0, turn_sum = 0, played = 0;
    double fmax = 0, dmax = 0;
    for (int g = 0; g < games; ++g) {
        MapParams p;
        p.cities = maps.range(cmin, cmax);
        p.seed = seed * 1000 + static_cast<std::uint64_t>(g);
        if (only >= 0 && g != only) continue;  // replays one game of the series (same map and seeds)
        auto map = std::make_shared<const Map>(generate_map(p));
        Rng rf(seed + 11 * g), rd(seed + 13 * g);
        State s(map);
        double ft = 0, dt = 0;
        auto timed = [](double& acc, auto&& f) {
            const auto t0 = std::chrono::steady_clock::now();
            f();
            acc += std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
        };
        timed(dt, [&] { s.place_detectives(choose_detectives_placement(*map, dbot, rd)); });
        timed(ft, [&] { s.place_fugitive(choose_fugitive_placement(*map, s.detectives(), fbot, rf)); });
        while (!s.over()) {
            if (s.to_move() == kFugitive) {
                int safe_options = 0;
                for (const FugitiveMove& m : s.fugitive_moves()) {
                    int dm = 99;
                    for (int c : s.detectives()) dm = std::min(dm, map->distance(c, m.city));
                    safe_options += dm >= 2;
                }
                timed(ft, [&] { s.move_fugitive(choose_fugitive_move(s, fbot, rf)); });
                if (std::getenv("FUG_WHY")) {
                    int dmin = 99;
                    for (int c : s.detectives()) dmin = std::min(dmin, map->distance(c, s.fugitive()));
                    if (dmin <= 1)
                        std::printf("  g%d t%d dmin %d safe options %d |S| %d\n", g, s.turn(), dmin, safe_options, Knowledge::of(s).count());
                }
                if (std::getenv("FUG_TRACE")) {
                    int dmin = 99;
                    for (int c : s.detectives()) dmin = std::min(dmin, map->distance(c, s.fugitive()));
                    std::printf("  g%d t%d %c %d dmin %d |S| %d\n", g, s.turn(), s.history().back().fugitive.transport, s.fugitive(), dmin,
                                Knowledge::of(s).count());
                }
            }
            else timed(dt, [&] { s.move_detectives(choose_detectives_move(DetectivesView::of(s), dbot, rd)); });
        }
        if (std::getenv("FUG_TRACE")) std::printf("game %d: %s\n", g, s.end_reason().c_str());
        ++played;
        const auto sc = s.score();
        fpoints += sc[0];
        if (s.ending() == Ending::CapturedByDetectivesMove || s.ending() == Ending::CapturedByFugitiveMove) ++captures, turn_sum += s.capture_turn();
        fmax = std::max(fmax, ft), dmax = std::max(dmax, dt);
    }
    std::printf("fugitive %-6s vs detectives %-6s: %d/%d caught (%.0f %%), mean score F %.2f D %.2f, mean capture turn %.1f, max ms F %.0f D %.0f\n",
                fname.c_str(), dname.c_str(), captures, played, 100.0 * captures / played, double(fpoints) / played, 20 - double(fpoints) / played,
                captures ? double(turn_sum) / captures : 0.0, fmax, dmax);
    return 0;
}

// A failed write of the standard output (a full disk) is an error, not status 0.
int main(int argc, char** argv) { return pursuit::exit_after_stdout("fugitive-arena", run_main(argc, argv)); }
