// Owns: the beam search of the Search Party solver for small casts on small maps. Every
// joint move of the living cast is tried from each kept state (9^people children), deaths
// ruled out, and the states are ranked by the turns still needed (the walk into sight of the
// farthest cell left, or more when its nearest person has many cells to search) plus the
// cells left; the best `width` distinct states go on to the next turn. On map 2 the
// planners built for big casts (teams, viewpoints, tours) end at 39 turns, the beam at 38;
// on map 1 it ends at 26 against their 23 (it does not foresee who should take which dead
// end), so the solver keeps the better. Integer arithmetic only: native and wasm agree.
#pragma once

#include "searchparty/solver.h"

namespace pursuit::searchparty {

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
