// Owns: deterministic map generation (mazes, caves, rooms, open fields) from a seed. Every
// generated map is valid: one S, open cells connected by king moves.
#pragma once
#include <cstdint>
#include <string>

#include "searchparty/map.h"

namespace pursuit::searchparty {

struct GenerateSpec {
    std::string kind = "cave";  // "maze" | "cave" | "rooms" | "open"
    int cols = 40, rows = 30, costars = 2, extras = 2;
    std::uint64_t seed = 1;
};

// Throws InputError for an unknown kind or sizes outside the map limits.
Map generate_map(const GenerateSpec& spec);

}  // namespace pursuit::searchparty
