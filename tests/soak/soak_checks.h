// Owns: the invariants the soak checks after every move. Generic ones hold for every game
// (through the uniform interface only); per-game ones live in one table keyed by game id
// (soak_checks.cpp) and check what that game's observation JSON lets us check: pieces on
// legal cells, counts, scores within bounds, and what a side must not see.
#pragma once
#include <stdexcept>
#include <string>
#include <vector>

#include "common/game.h"

namespace pursuit::soak {

struct CheckFailure : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// Views of one position: observation(-1) and observation(side) for every side.
struct Views {
    Json all;
    std::vector<Json> sides;
};

// Reads the views, checking they are pure (two calls give the same JSON) and serialisable.
Views read_views(const Game& game);
// Generic checks plus the game's own (if it has an entry). Throws CheckFailure.
void check_position(const Game& game, const Views& views);
// Ids with their own checks (for the report and the test that they run).
std::vector<std::string> games_with_own_checks();

}  // namespace pursuit::soak
