// Owns: the bots (see header). Reference strategies here; the strong ones in
// strong_strategy.cpp.
#include "fugitive/strategy.h"

#include <algorithm>
#include <climits>

#include "common/errors.h"
#include "fugitive/strong_strategy.h"

namespace pursuit::fugitive {

Strength parse_strength(const std::string& name) {
    if (name == "random") return Strength::Random;
    if (name == "greedy") return Strength::Greedy;
    if (name == "strong") return Strength::Strong;
    throw InputError("unknown strategy '" + name + "' (expected random, greedy or strong)");
}

namespace {

bool random_assign(const Map& map, const Detectives& from, int piece, Detectives& out, Rng& rng) {
    if (piece == kPieces) return true;
    std::vector<int> options = map.neighbours(from[piece]);
    rng.shuffle(options);
    for (int w : options) {
        if (std::find(out.begin(), out.begin() + piece, w) != out.begin() + piece) continue;
        out[piece] = w;
        if (random_assign(map, from, piece + 1, out, rng)) return true;
    }
    return false;
}

}  // namespace

Detectives random_joint_move(const Map& map, const Detectives& from, Rng& rng) {
    Detectives out{};
    if (!random_assign(map, from, 0, out, rng)) throw IllegalMove("the Detectives have no legal joint move");
    return out;
}

Detectives choose_detectives_placement(const Map& map, const BotSettings& bot, Rng& rng) {
    std::vector<int> cities;
    for (int v = 1; v <= map.size(); ++v) cities.push_back(v);
    rng.shuffle(cities);
    if (bot.strength == Strength::Random) return {cities[0], cities[1], cities[2], cities[3]};
    if (bot.strength == Strength::Strong) return strong_detectives_placement(map, rng);
    // Greedy: spread out (farthest-point from a random first city).
    Detectives d{cities[0], 0, 0, 0};
    for (int i = 1; i < kPieces; ++i) {
        int best = -1, best_d = -1;
        for (int c : cities) {
            int m = INT_MAX;
            for (int j = 0; j < i; ++j) m = std::min(m, map.distance(c, d[j]));
            if (m > best_d) best_d = m, best = c;
        }
        d[i] = best;
    }
    return d;
}

int choose_fugitive_placement(const Map& map, const Detectives& detectives, const BotSettings& bot, Rng& rng) {
    std::vector<int> free;
    for (int v = 1; v <= map.size(); ++v)
        if (std::find(detectives.begin(), detectives.end(), v) == detectives.end()) free.push_back(v);
    rng.shuffle(free);
    if (bot.strength == Strength::Random) return free[0];
    if (bot.strength == Strength::Strong) return strong_fugitive_placement(map, detectives, rng);
    int best = free[0], best_d = -1;
    for (int c : free) {
        const int m = map.distance_to_any(c, detectives);
        if (m > best_d) best_d = m, best = c;
    }
    return best;
}

// A weaker "strong" bot (level hard): some moves by the greedy rule. Less search alone changed
// little once the strong bot's search was shared out well; a greedy move now and then is a
// real, measurable weakness on both sides. No draw at all when the share is 0 (best is unchanged).
namespace {
bool plays_greedy_now(const BotSettings& bot, Rng& rng) {
    return bot.greedy_percent > 0 && static_cast<int>(rng.below(100)) < bot.greedy_percent;
}
}  // namespace

FugitiveMove choose_fugitive_move(const State& state, const BotSettings& bot, Rng& rng) {
    std::vector<FugitiveMove> moves = state.fugitive_moves();
    if (moves.empty()) throw IllegalMove("the Fugitive has no move now");
    rng.shuffle(moves);
    if (bot.strength == Strength::Random) return moves[0];
    if (bot.strength == Strength::Strong && !plays_greedy_now(bot, rng)) return strong_fugitive_move(state, bot, rng);
    // Greedy: the largest distance to the nearest Detective, then to all of them.
    const Map& map = state.map();
    FugitiveMove best = moves[0];
    long best_key = LONG_MIN;
    for (const FugitiveMove& m : moves) {
        long sum = 0;
        for (int c : state.detectives()) sum += map.distance(m.city, c);
        const long key = static_cast<long>(map.distance_to_any(m.city, state.detectives())) * 10000 + sum;
        if (key > best_key) best_key = key, best = m;
    }
    return best;
}

Detectives choose_detectives_move(const DetectivesView& view, const BotSettings& bot, Rng& rng) {
    const Map& map = *view.map;
    if (bot.strength == Strength::Random) return random_joint_move(map, view.detectives, rng);
    if (bot.strength == Strength::Strong && !plays_greedy_now(bot, rng)) return strong_detectives_move(view, bot, rng);
    // Greedy: each Detective in turn steps to the free neighbour nearest to a possible city.
    const std::vector<int> possible = view.knowledge.cities();
    Detectives out{};
    for (int i = 0; i < kPieces; ++i) {
        std::vector<int> options = map.neighbours(view.detectives[i]);
        rng.shuffle(options);
        int best = -1, best_d = INT_MAX;
        for (int w : options) {
            if (std::find(out.begin(), out.begin() + i, w) != out.begin() + i) continue;
            const int d = map.distance_to_any(w, possible);
            if (d < best_d) best_d = d, best = w;
        }
        if (best < 0) return random_joint_move(map, view.detectives, rng);
        out[i] = best;
    }
    return out;
}

}  // namespace pursuit::fugitive
