// Owns: random valid maps (planar per transport, nested train/plane city sets, every city
// with at least two car roads, car graph connected, positions for drawing), the map
// validator behind `fugitive-maps validate`, and a deterministic layout for maps that
// come without positions (plain connect.txt).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "fugitive/map.h"

namespace pursuit::fugitive {

struct MapParams {
    int cities = 100;             // 5..200
    std::uint64_t seed = 1;
    double car_per_city = 1.75;   // car roads per city (London: 1.74)
    double train_fraction = 0.4;  // share of cities with a train station
    double plane_fraction = 0.07; // share of cities with an airport (each also a station)
};

// Throws InputError for out-of-range parameters. Always returns a map that validate_map
// accepts (retries internally with derived seeds if a draw fails).
Map generate_map(const MapParams& params);

// Every problem found (empty = valid): the reader's checks plus nested subsets and
// planarity per transport (geometric, straight roads, when the map has positions;
// otherwise only Euler's bound m <= 3n - 6 can be checked, reported as a note).
struct Validation {
    std::vector<std::string> problems;
    std::vector<std::string> notes;
    bool ok() const { return problems.empty(); }
};
Validation validate_map(const Map& map);

// Positions in [0,1000] x [0,750] from a seeded force-directed layout (deterministic).
std::vector<Point> compute_layout(const Map& map);

}  // namespace pursuit::fugitive
