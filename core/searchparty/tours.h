// Owns: a team's tour of its region — viewpoints chosen by a greedy set cover of the region's
// cells (each viewpoint sees the cells within a squared distance), ordered from where the
// team starts by nearest neighbour then 2-opt / or-opt on walking distance.
// Integer arithmetic only (native and wasm plans are identical).
#pragma once
#include <vector>

#include "searchparty/map.h"
#include "searchparty/regions.h"

namespace pursuit::searchparty {

struct TourParams {
    int cover_d2 = 8;      // a viewpoint covers cells with dx^2 + dy^2 < cover_d2 (8 = one person's sight)
    int opt_rounds = 30;   // improvement passes (each tries every 2-opt and or-opt move)
};

// The offsets a viewpoint covers.
std::vector<std::pair<int, int>> cover_offsets(int cover_d2);

// Viewpoints covering every cell of `cells` (greedy set cover, most new cells first).
std::vector<int> cover_points(const Map& map, const std::vector<int>& cells, int cover_d2);

// A team viewpoint: the leader on `cell`, its first buddy on `slot` (-1: no slot).
struct TeamView {
    int cell = -1, slot = -1;
};
// Pair viewpoints covering every cell of `cells`: a leader cell and a buddy slot in its sight
// (squared distance 4 or 5) and within two steps' walk of it; greedy set cover on what the
// two see together (31-33 cells against 21 for one person), rare cells weighted up, then
// near views merged two into one. Map 5 from the start: 624 views of which 261 show under
// 10 cells; weighted and merged, 525 views of which 122.
struct PairCoverParams {
    int rarity = 3000;      // a cell's worth: 64 + 64 * rarity / (candidate views seeing it); 0 = plain count
    int merge_reach = 8;    // merge two views whose leaders are this near (Chebyshev); 0 = off
};
std::vector<TeamView> cover_pair_views(const Map& map, const std::vector<int>& cells, const PairCoverParams& params = {});

// `points` in a short visiting order from `from` (walking distances; nearest neighbour, then
// 2-opt and relocation for `opt_rounds` passes).
std::vector<int> order_tour(const WalkGraph& graph, const std::vector<int>& points, int from, int opt_rounds);

// Viewpoints covering every cell of `cells` (open cells), in visiting order from `from`.
std::vector<int> plan_tour(const WalkGraph& graph, const Map& map, const std::vector<int>& cells, int from,
                           const TourParams& params);

}  // namespace pursuit::searchparty
