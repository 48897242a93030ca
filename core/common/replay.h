// Owns: the versioned replay JSON format shared by all games, and replay fingerprints.
// Format (version 1):
//   {"format": "pursuit-replay", "version": 1, "game": id, "engine": ENGINE_VERSION,
//    "config": {...incl. seed}, "moves": [...], "result": {...}}
#pragma once
#include <cstdint>
#include <string>

#include "common/json.h"

namespace pursuit {

inline constexpr const char* kEngineVersion = "1.0.0";
inline constexpr int kReplayVersion = 1;

Json make_replay(const std::string& game, const Json& config, const Json& moves,
                 const Json& result);
// Throws InputError naming the first problem (format, version, missing fields).
void check_replay(const Json& replay);

// 64-bit FNV-1a; identical natively and in wasm (no platform-dependent types).
std::uint64_t fnv1a64(const std::string& bytes, std::uint64_t seed = 14695981039346656037ULL);
std::string hex64(std::uint64_t v);

}  // namespace pursuit
