// Owns: the list of games of a tournament: which bots meet (round robin or gauntlet), in
// which roles (both assignments when the game has two), on which map and seed. Each game has
// a stable key (map|seed|bot per side) used by --resume to skip finished games.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace pursuit::arena {

struct Bot {
    std::string name;
    std::string command;
};

struct MapEntry {
    std::string value;  // what {map} becomes: an absolute path or a built-in name
    std::string name;   // short label for tables/keys ({map_name}): file stem or the name
};

struct MatchSpec {
    int index = 0;              // position in the schedule (0-based)
    MapEntry map;
    std::uint64_t seed = 1;
    std::vector<int> bots;      // bot index per side
    std::string key;
};

enum class Mode { RoundRobin, Gauntlet };

// Throws InputError for a bad setup (fewer than 2 bots in a two-role game, unknown champion,
// duplicate bot names, no maps).
std::vector<MatchSpec> make_schedule(const std::vector<Bot>& bots, int sides,
                                     const std::vector<MapEntry>& maps, int seeds, Mode mode,
                                     const std::string& champion);

// A map argument: an existing file becomes its absolute path (name = file name without
// extension); a value with '/' that is no regular file throws InputError ("map PATH: no such
// file"); anything else is a built-in name kept as is.
MapEntry make_map_entry(const std::string& value);

std::string match_key(const MapEntry& map, std::uint64_t seed, const std::vector<Bot>& bots,
                      const std::vector<int>& sides);

}  // namespace pursuit::arena
