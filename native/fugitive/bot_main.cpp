// Owns: the `fugitive-bot` program: one program, both roles, speaking the contract's
// protocol on stdin/stdout with connect.txt read from the working directory.
//   fugitive-bot [--strategy strong|greedy|random] [--seed S] [--effort PERCENT]
//                [--budget-ms MS] [--map FILE]
// The strategy is deterministic for a seed; --budget-ms (default 2000) is a wall-clock
// guard only: the strong bot's effort per move is scaled so that the moves left fit the
// time left at the pace measured so far (on a loaded machine it searches less instead of
// running out), and past 92 % of the budget it plays greedy.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <string>

#include "common/errors.h"
#include "common/judge_io.h"
#include "common/line_reader.h"
#include "fugitive/knowledge.h"
#include "fugitive/strategy.h"
#include "fugitive/strong_strategy.h"

using namespace pursuit;
using namespace pursuit::fugitive;

namespace {

struct QuitSignal {};

std::string token() {
    std::string t;
    if (!(std::cin >> t)) throw QuitSignal{};  // input closed: the game is over
    if (t == "Quit") throw QuitSignal{};
    return t;
}

int city_token(int n) {
    const std::string t = token();
    long long v;
    if (!parse_int(t, v) || v < 1 || v > n) throw InputError("expected a city, got '" + t + "'");
    return static_cast<int>(v);
}

Detectives read_detectives(int n) {
    Detectives d{};
    for (int& c : d) c = city_token(n);
    return d;
}

class Clock {
public:
    explicit Clock(int budget_ms) : budget_ms_(budget_ms) {}
    void start() { t0_ = std::chrono::steady_clock::now(); }
    void stop() {
        const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0_).count();
        used_ms_ += ms;
        if (last_effort_ > 0) strong_ms_ += ms, strong_effort_ += last_effort_;
    }
    // The Fugitive's move of `turn` (0: placement, a fixed cost, not paced). The Detectives'
    // strong moves are cheap: only the final guard applies to them.
    BotSettings adjust(BotSettings s, int turn, bool fugitive) {
        last_effort_ = 0;
        if (s.strength != Strength::Strong) return s;
        if (used_ms_ > 0.92 * budget_ms_) {
            s.strength = Strength::Greedy;
            return s;
        }
        if (!fugitive || turn == 0) return s;
        const double weight = strong_fugitive_turn_weight(turn);
        if (strong_effort_ > 0) {
            // Milliseconds per weighted unit of effort so far; the time left shared by the
            // moves left in proportion to their weights.
            double weights_left = 0;
            for (int t = turn; t <= kTurns; ++t) weights_left += strong_fugitive_turn_weight(t);
            const double per_effort = strong_ms_ / strong_effort_;
            const double allowance = (0.9 * budget_ms_ - used_ms_) * weight / weights_left;
            const int fit = static_cast<int>(allowance / std::max(per_effort * weight, 1e-6));
            s.effort = std::clamp(fit, 5, s.effort);
        }
        last_effort_ = s.effort * weight;
        return s;
    }

private:
    int budget_ms_;
    double used_ms_ = 0, strong_ms_ = 0, strong_effort_ = 0, last_effort_ = 0;
    std::chrono::steady_clock::time_point t0_;
};

void say(const std::string& line) {
    std::fputs((line + "\n").c_str(), stdout);
    std::fflush(stdout);
}

void play_fugitive(const std::shared_ptr<const Map>& map, const BotSettings& bot, Rng& rng, Clock& clock) {
    State s(map);
    s.place_detectives(read_detectives(map->size()));
    clock.start();
    const int start = choose_fugitive_placement(*map, s.detectives(), clock.adjust(bot, 0, true), rng);
    clock.stop();
    say(std::to_string(start));
    s.place_fugitive(start);
    while (!s.over()) {
        clock.start();
        const FugitiveMove m = choose_fugitive_move(s, clock.adjust(bot, s.turn(), true), rng);
        clock.stop();
        say(move_text(m));
        s.move_fugitive(m);
        if (s.over() || s.turn() == kTurns) {  // caught (wait for Quit) or last move made
            if (s.turn() == kTurns && !s.over()) return;  // may exit after the move of turn 50
            token();                                      // Quit
            return;
        }
        s.move_detectives(read_detectives(map->size()));
    }
    token();
}

void play_detectives(const std::shared_ptr<const Map>& map, const BotSettings& bot, Rng& rng, Clock& clock) {
    clock.start();
    Detectives d = choose_detectives_placement(*map, clock.adjust(bot, 0, false), rng);
    clock.stop();
    for (int c : d) say(std::to_string(c));
    DetectivesView view{map.get(), d, Knowledge(*map), 0};
    view.knowledge.start(city_token(map->size()));
    for (int turn = 1; turn <= kTurns; ++turn) {
        view.turn = turn;
        const std::string t = token();
        if (t.size() != 1 || transport_index(t[0]) < 0) throw InputError("expected a transport, got '" + t + "'");
        view.knowledge.fugitive_moved(t[0], view.detectives);
        if (is_announcement_turn(turn)) view.knowledge.announced(city_token(map->size()));
        clock.start();
        d = choose_detectives_move(view, clock.adjust(bot, turn, false), rng);
        clock.stop();
        for (int c : d) say(std::to_string(c));
        view.detectives = d;
        view.knowledge.detectives_moved(d);
    }
}

// --strategy's value: a bad one is a bad command line (status 2), not bad input.
Strength strength_option(const std::string& name) {
    try {
        return parse_strength(name);
    } catch (const InputError& e) {
        throw UsageError(std::string("option --strategy: ") + e.what());
    }
}

}  // namespace

int main(int argc, char** argv) {
    BotSettings bot;
    std::uint64_t seed = 1;
    int budget_ms = 2000;
    std::string map_path = "connect.txt";
    bool map_given = false;
    try {
        for (int i = 1; i < argc; ++i) {
            const std::string k = argv[i];
            if (k == "--help" || k == "-h") {
                std::fputs(
                    "usage: fugitive-bot [--strategy strong|greedy|random] [--seed S] [--effort PERCENT] [--greedy-percent P]\n"
                    "                    [--budget-ms MS] [--map FILE]\n"
                    "  Plays either role on stdin/stdout (first line Fugitive or Detectives; Quit ends it).\n"
                    "  --strategy        strong (default: works from the exact possible-location set), greedy, random\n"
                    "  --seed            seed of its random choices (default 1)\n"
                    "  --effort          the strong bot's search effort in percent (default 100)\n"
                    "  --greedy-percent  share of moves played by the greedy rule instead (default 0; the level\n"
                    "                    hard is --effort 30 --greedy-percent 30)\n"
                    "  --budget-ms       wall-clock guard for the whole game (default 2000): the strong bot paces\n"
                    "                    its search to it and plays greedy past 92 %\n"
                    "  --map             the map (default connect.txt in the working folder, where the judge puts it)\n",
                    stdout);
                return 0;
            }
            if (k != "--strategy" && k != "--seed" && k != "--effort" && k != "--greedy-percent" && k != "--budget-ms" && k != "--map")
                throw UsageError("unknown option " + k);
            if (i + 1 >= argc) throw UsageError("option " + k + " needs a value");
            const std::string v = argv[++i];
            if (k == "--strategy") bot.strength = strength_option(v);
            else if (k == "--seed") seed = option_seed(k, v);
            else if (k == "--effort") bot.effort = static_cast<int>(option_int(k, v, 1, 10000));
            else if (k == "--greedy-percent") bot.greedy_percent = static_cast<int>(option_int(k, v, 0, 100));
            else if (k == "--budget-ms") budget_ms = static_cast<int>(option_int(k, v, 1, 3600000));
            else map_path = v, map_given = true;  // --map (unknown options were refused above)
        }
        std::string map_text;
        try {
            map_text = read_file(map_path);
        } catch (const InputError& e) {  // run by hand outside a judge's folder: say where the map comes from
            if (!map_given) throw InputError(std::string(e.what()) + " (the judge puts connect.txt in the bot's working folder; elsewhere give --map FILE)");
            throw;
        }
        auto map = std::make_shared<const Map>(read_map(map_text, map_path));
        Rng rng(seed);
        Clock clock(budget_ms);
        const std::string role = token();
        if (role == "Fugitive") play_fugitive(map, bot, rng, clock);
        else if (role == "Detectives") play_detectives(map, bot, rng, clock);
        else throw InputError("expected the role Fugitive or Detectives, got '" + role + "'");
    } catch (const QuitSignal&) {
        return 0;
    } catch (const UsageError& e) {  // the command line (status 2), as the judges and the other bots
        std::fprintf(stderr, "fugitive-bot: %s\n", e.what());
        return 2;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "fugitive-bot: %s\n", e.what());
        return 1;
    }
    return 0;
}
