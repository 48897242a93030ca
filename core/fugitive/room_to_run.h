// Owns: RoomToRun, the strong Fugitive's estimate of how long it could keep away from
// Detectives who know its city (as they do after an announcement): their reach grows one
// road per turn in every direction, and the Fugitive, which moves first, must stand every
// turn on a city that reach has not covered. Used as the leaf value of the exact chase
// search (strong_strategy.cpp).
#pragma once
#include <vector>

#include "fugitive/rules.h"

namespace pursuit::fugitive {

class RoomToRun {
public:
    RoomToRun(const Map& map, const Detectives& detectives, int horizon);

    // The number of turns, 0..horizon, the Fugitive standing on `city` (its move next) can
    // keep standing on cities t + 1 or more roads from every Detective on turn t. 0: every
    // move is next to a Detective.
    int from(int city) { return deepest(city, 0); }

private:
    int reach(int city);
    int deepest(int city, int turn);

    const Map& map_;
    Detectives detectives_;
    int horizon_;
    std::vector<int> reach_;              // distance to the nearest Detective, -1 = not yet computed
    std::vector<signed char> deepest_;    // per (city, turn): deepest(), -1 = not yet computed
};

}  // namespace pursuit::fugitive
