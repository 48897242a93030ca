// Owns: deterministic map generation (mazes, caves, rooms, open fields) from a seed. Every
// generated map is valid: one S, open cells connected by king moves.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "searchparty/map.h"

namespace pursuit::searchparty {

struct GenerateSpec {
    std::string kind = "cave";  // "maze" | "cave" | "rooms" | "open"
    int cols = 40, rows = 30, costars = 2, extras = 2;
    std::uint64_t seed = 1;
};

// Throws InputError for an unknown kind or sizes outside the map limits.
Map generate_map(const GenerateSpec& spec);

// The project's generated set: every kind, small to large, casts like the reference maps'.
// `searchparty-mapgen --set` writes it to maps/searchparty/ and the engine lists it among its
// built-in maps (the page's list), so the files and the page show the same maps.
const std::vector<GenerateSpec>& generated_set();
// "maze-31x21-s1": the set map's name, and its file name without ".txt".
std::string set_map_name(const GenerateSpec& spec);

}  // namespace pursuit::searchparty
