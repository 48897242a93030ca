// Owns: the native-vs-wasm determinism check. Plays every registered game's fingerprint
// configs bot against bot through the uniform interface and hashes the replays.
#pragma once
#include "common/json.h"

namespace pursuit {
// {"hash": "<16 hex>", "replays": N, "per_game": {id: "<16 hex>"}}
Json suite_fingerprint();
// Plays one config to the end with the built-in bot on every side (bounded by max_moves).
Json play_bot_game(const Json& config, int max_moves = 100000);
}  // namespace pursuit
