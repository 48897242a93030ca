// Owns: the deterministic map generators (trees, cycles, grids, planar "city" graphs,
// random sparse graphs, Petersen, dodecahedron, the spec's 7-crossing example), each with a
// drawing layout, and the named map suite. Names: "cycle-<n>", "grid-<w>x<h>",
// "tree-<n>-s<seed>", "city-<n>-s<seed>", "sparse-<n>-s<seed>", "petersen",
// "dodecahedron", "example7". Living in core/ lets the site and configs use map names.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "copsrobbers/city.h"

namespace pursuit::copsrobbers {

City make_cycle(int n);
City make_grid(int w, int h);
City make_tree(int n, std::uint64_t seed);
City make_planar_city(int n, std::uint64_t seed);  // about n crossings (a jittered grid)
City make_sparse(int n, std::uint64_t seed);       // about 1.4 n streets
City make_petersen();
City make_dodecahedron();
City make_example7();  // the spec's example: 7 crossings, below the contract limits

// Builds the map of a name above; throws InputError for unknown names.
City named_map(const std::string& name);
// The suite written to maps/copsrobbers/ by the generator command.
std::vector<std::string> map_suite();

}  // namespace pursuit::copsrobbers
