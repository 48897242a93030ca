// Owns: playing seeded random-legal games through the uniform interface and checking after
// every move: the position invariants (soak_checks.h), that the replay rebuilds the same
// state (a shadow game fed the serialised moves, and a full game_from_replay at the end),
// and that a garbage move is refused with IllegalMove/InputError leaving the state unchanged.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "common/game.h"

namespace pursuit::soak {

struct SoakOptions {
    int games = 100;           // per game id
    std::uint64_t seed = 1;
    int max_moves = 5000;      // a game still running after this is counted as capped
    int max_failures_shown = 3;
    double max_seconds = 0;    // > 0: stop a game id's run after this long (slow games)
};

struct GameStats {
    std::string id;
    long long games = 0, moves = 0, capped = 0, failures = 0;
    double seconds = 0;
    std::vector<std::string> failure_reports;  // the first few, with config and moves
};

// The config of game number `index` of a soak (fingerprint configs in turn, seed varied).
Json soak_config(const GameInfo& info, std::uint64_t seed, int index);
// Game number `index` of the soak played without checks (same moves): its replay. For the
// native-vs-wasm comparison (tests/soak/wasm_replays.mjs).
Json random_game_replay(const GameInfo& info, const SoakOptions& options, int index);
// Plays `options.games` games of one id.
GameStats soak_game(const GameInfo& info, const SoakOptions& options);

}  // namespace pursuit::soak
