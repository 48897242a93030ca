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

struct ArenaOptions {
    BotSettings fbot, dbot;
    std::string fname = "strong", dname = "strong";  // BotSettings' default strength
    int games = 20, cmin = 100, cmax = 200, only = -1;
    std::uint64_t seed = 1;
};

// The options into `o`; a usage exit code (0 for --help, 2 for an unknown option) when the
// program should stop there, else -1. Bad values throw.
int read_options(int argc, char** argv, ArenaOptions& o) {
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
        if (k == "--fugitive") o.fbot.strength = parse_strength(v), o.fname = v;
        else if (k == "--detectives") o.dbot.strength = parse_strength(v), o.dname = v;
        else if (k == "--games") o.games = static_cast<int>(option_int(k, v, 1, 1000000));
        else if (k == "--seed") o.seed = option_seed(k, v);
        else if (k == "--cities-min") o.cmin = static_cast<int>(option_int(k, v, 5, 200));
        else if (k == "--cities-max") o.cmax = static_cast<int>(option_int(k, v, 5, 200));
        else if (k == "--effort") o.fbot.effort = o.dbot.effort = static_cast<int>(option_int(k, v, 1, 10000));
        else o.only = static_cast<int>(option_int(k, v, 0, 1000000));
    }
    if (o.cmin > o.cmax) throw InputError("--cities-min " + std::to_string(o.cmin) + " is above --cities-max " + std::to_string(o.cmax));
    // A game past the series played nothing and printed "0/N caught ... D 20.00".
    if (o.only >= o.games)
        throw InputError("--only " + std::to_string(o.only) + ": the series has games 0.." + std::to_string(o.games - 1) + " (--games " +
                         std::to_string(o.games) + ")");
    return -1;
}

int nearest_detective(const State& s, int city) {
    int d = 99;
    for (int c : s.detectives()) d = std::min(d, s.map().distance(c, city));
    return d;
}

// The Fugitive's move of game g, with FUG_WHY / FUG_TRACE's lines; its thinking time added to ft.
void fugitive_turn(State& s, const BotSettings& fbot, Rng& rf, int g, double& ft) {
    int safe_options = 0;
    for (const FugitiveMove& m : s.fugitive_moves()) safe_options += nearest_detective(s, m.city) >= 2;
    const auto t0 = std::chrono::steady_clock::now();
    s.move_fugitive(choose_fugitive_move(s, fbot, rf));
    ft += std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    const int dmin = nearest_detective(s, s.fugitive());
    if (std::getenv("FUG_WHY") && dmin <= 1)
        std::printf("  g%d t%d dmin %d safe options %d |S| %d\n", g, s.turn(), dmin, safe_options, Knowledge::of(s).count());
    if (std::getenv("FUG_TRACE"))
        std::printf("  g%d t%d %c %d dmin %d |S| %d\n", g, s.turn(), s.history().back().fugitive.transport, s.fugitive(), dmin,
                    Knowledge::of(s).count());
}

struct Totals {
    int captures = 0, fpoints = 0, turn_sum = 0, played = 0;
    double fmax = 0, dmax = 0;  // the slowest game's thinking time per side
};

// Game g of the series on `map`, its result added to t.
void play_game(const ArenaOptions& o, std::shared_ptr<const Map> map, int g, Totals& t) {
    Rng rf(o.seed + 11 * g), rd(o.seed + 13 * g);
    State s(map);
    double ft = 0, dt = 0;
    auto timed = [](double& acc, auto&& f) {
        const auto t0 = std::chrono::steady_clock::now();
        f();
        acc += std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    };
    timed(dt, [&] { s.place_detectives(choose_detectives_placement(*map, o.dbot, rd)); });
    timed(ft, [&] { s.place_fugitive(choose_fugitive_placement(*map, s.detectives(), o.fbot, rf)); });
    while (!s.over()) {
        if (s.to_move() == kFugitive) fugitive_turn(s, o.fbot, rf, g, ft);
        else timed(dt, [&] { s.move_detectives(choose_detectives_move(DetectivesView::of(s), o.dbot, rd)); });
    }
    if (std::getenv("FUG_TRACE")) std::printf("game %d: %s\n", g, s.end_reason().c_str());
    ++t.played;
    t.fpoints += s.score()[0];
    if (s.ending() == Ending::CapturedByDetectivesMove || s.ending() == Ending::CapturedByFugitiveMove) ++t.captures, t.turn_sum += s.capture_turn();
    t.fmax = std::max(t.fmax, ft), t.dmax = std::max(t.dmax, dt);
}

static int run_main(int argc, char** argv) {
    ArenaOptions o;
    try {
        if (const int code = read_options(argc, argv, o); code >= 0) return code;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "fugitive-arena: %s\n", e.what());
        return 2;
    }
    Rng maps(o.seed);
    Totals t;
    for (int g = 0; g < o.games; ++g) {
        MapParams p;
        p.cities = maps.range(o.cmin, o.cmax);
        p.seed = o.seed * 1000 + static_cast<std::uint64_t>(g);
        if (o.only >= 0 && g != o.only) continue;  // replays one game of the series (same map and seeds)
        play_game(o, std::make_shared<const Map>(generate_map(p)), g, t);
    }
    std::printf("fugitive %-6s vs detectives %-6s: %d/%d caught (%.0f %%), mean score F %.2f D %.2f, mean capture turn %.1f, max ms F %.0f D %.0f\n",
                o.fname.c_str(), o.dname.c_str(), t.captures, t.played, 100.0 * t.captures / t.played, double(t.fpoints) / t.played,
                20 - double(t.fpoints) / t.played, t.captures ? double(t.turn_sum) / t.captures : 0.0, t.fmax, t.dmax);
    return 0;
}

// A failed write of the standard output (a full disk) is an error, not status 0.
int main(int argc, char** argv) { return pursuit::exit_after_stdout("fugitive-arena", run_main(argc, argv)); }
