// Owns: the beam search of the Search Party solver for small casts on small maps. Every
// joint move of the living cast is tried from each kept state (9^people children), deaths
// ruled out, and the states are ranked by the turns still needed (the walk into sight of the
// farthest cell left, or more when its nearest person has many cells to search) plus the
// cells left; the best `width` distinct states go on to the next turn. On map 2 the
// planners built for big casts (teams, viewpoints, tours) end at 39 turns, the beam at 38;
// on map 1 it ends at 26 against their 23 (it does not foresee who should take which dead
// end), so the solver keeps the better. Integer arithmetic only: native and wasm agree.
#pragma once

#include <algorithm>
#include <cstdint>
#include <unordered_set>
#include <vector>

#include "searchparty/solver.h"

namespace pursuit::searchparty {

// Shared by the beams (this one and team_tail.h).
// A state's identity from its parts, folded in one at a time.
inline std::uint64_t beam_mix(std::uint64_t h, std::uint64_t v) {
    h ^= v + 0x9E3779B97F4A7C15ULL + (h << 6) + (h >> 2);
    return h * 0xBF58476D1CE4E5B9ULL;
}
// Calls keep(child) for the best `width` children by key() with distinct `hash`es, best first.
// Only the best few times `width` are sorted unless duplicates use them up (the same children
// as a full sort; a triple's 145 800 children a turn made the sort the beam's main cost).
template <class Child, class Keep>
void keep_best_distinct(std::vector<Child>& children, int width, Keep&& keep) {
    const auto by_key = [](const Child& a, const Child& b) { return a.key() < b.key(); };
    const auto sorted = std::min(children.size(), 4 * static_cast<std::size_t>(width));
    if (sorted < children.size()) std::nth_element(children.begin(), children.begin() + static_cast<long>(sorted), children.end(), by_key);
    std::sort(children.begin(), children.begin() + static_cast<long>(sorted), by_key);
    std::unordered_set<std::uint64_t> kept;
    for (std::size_t i = 0; i < children.size() && static_cast<int>(kept.size()) < width; ++i) {
        if (i == sorted) std::sort(children.begin() + static_cast<long>(i), children.end(), by_key);
        if (kept.insert(children[i].hash).second) keep(children[i]);
    }
}

// The joint moves from the root to the child `combo` of state `p` of the last layer, by the
// kept states' `parent` and `combo`.
template <class Node>
std::vector<int> path_back(const std::vector<std::vector<Node>>& layers, int p, int combo) {
    std::vector<int> path{combo};
    for (int l = static_cast<int>(layers.size()) - 1; l > 0; p = layers[l][p].parent, --l) path.push_back(layers[l][p].combo);
    std::reverse(path.begin(), path.end());
    return path;
}

struct BeamParams {
    int width = 100;      // states kept per turn (map 2: 100 to 2000 all end at 38 turns)
    int max_people = 3;   // living cast at most (9^people children per state)
    int max_open = 1000;  // open cells at most (the walk tables are open^2)
    long long work = 1500000000;  // children x open cells at most (~1.5 s; map 2 takes 0.73 G)
};

// A complete plan when the beam reaches a state with every cell searched within
// `max_turns` and the work limit, nobody dying; otherwise an incomplete plan (never kept).
Plan beam_search(const State& start, const BeamParams& params, int max_turns);

}  // namespace pursuit::searchparty
