// Owns: RoomToRun (see header).
//
// All the cities asked about share one clock (turn 0 = now), so what is found from a
// (city, turn) pair is kept for the others, and a city's distance to the Detectives is
// computed only when a walk needs it: the exact chase asks this for every city the
// Fugitive may stand on at each of its ~10,000 leaves per move, so this must stay cheap
// (a breadth-first layer walk per city measured +50 % time per game, this +4 %).
#include "fugitive/room_to_run.h"

#include <algorithm>

namespace pursuit::fugitive {

RoomToRun::RoomToRun(const Map& map, const Detectives& detectives, int horizon)
    : map_(map),
      detectives_(detectives),
      horizon_(horizon),
      reach_(map.size() + 1, -1),
      deepest_(static_cast<size_t>(map.size() + 1) * (horizon + 1), -1) {}

int RoomToRun::reach(int city) {
    if (reach_[city] < 0) reach_[city] = map_.distance_to_any(city, detectives_);
    return reach_[city];
}

// The last turn (<= horizon) the Fugitive standing on `city` at `turn` can still be safe.
int RoomToRun::deepest(int city, int turn) {
    if (turn == horizon_) return turn;
    signed char& memo = deepest_[static_cast<size_t>(city) * (horizon_ + 1) + turn];
    if (memo >= 0) return memo;
    // Next to a city horizon + 2 roads from every Detective, stepping back and forth stays
    // ahead of them for the rest of the horizon.
    for (int w : map_.neighbours(city))
        if (reach(w) >= horizon_ + 2) return memo = static_cast<signed char>(horizon_);
    int best = turn;
    for (int w : map_.neighbours(city)) {
        if (reach(w) <= turn + 1) continue;
        best = std::max(best, deepest(w, turn + 1));
        if (best == horizon_) break;
    }
    return memo = static_cast<signed char>(best);
}

}  // namespace pursuit::fugitive
