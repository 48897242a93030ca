// Owns: the closing plan of the Search Party solver. From a mid-search state, the cells still
// unsearched are covered by viewpoints (greedy set cover), and the viewpoints are shared
// among the teams as one min-makespan multi-tour from where the leaders stand (walking
// distances; started from the better of "the free team takes the nearest point" and one
// closed tour cut into balanced arcs, then relocate / reverse / tail-exchange moves next to
// each point's nearest points, with seeded perturbation), instead of a partition into
// regions toured one by one. Leaders walk their tours, skipping viewpoints with nothing left
// to see and stepping into sight of what a near one has left; a pair viewpoint whose cells
// left fit one person's view becomes a one-person viewpoint; buddies stay within two steps'
// walk and take the cells that show most; the greedy policy finishes whatever is left.
// Integer arithmetic and a seeded RNG only: native and wasm plans are identical.
#pragma once
#include <cstdint>

#include "searchparty/solver.h"

namespace pursuit::searchparty {

struct FinishParams {
    int cover_d2 = 8;         // a viewpoint covers what one person sees
    int search_rounds = 1000000;  // perturbation rounds of the multi-tour search, and
    long long work = 100000000;   //   at most this many move evaluations (~0.5 s)
    long long max_walks = 20000000;  // viewpoints x open cells (the distance table's walks);
                                     //   a bigger closing is not tried (reference maps: <= 3.8 M)
    bool pair_views = false;  // viewpoints for a leader and a buddy slot (cover_pair_views);
                              //   the solver's default_finish turns them on
    PairCoverParams pair_cover;
    std::uint64_t seed = 1;
    PolicyParams policy = default_variants(3).front();  // finishes what the tours leave
};

// The cuts (percent of the best plan's turns) the solver closes from by default, in turn.
std::vector<int> default_finish_cuts();
// The solver's closing search: pair viewpoints, and a tenth of the work per closing from
// 5000 open cells (maps 4 and 5). The candidate-list search gets as far with it: 10 M and
// 20 M evaluations ended maps 4 / 5 at 306 / 302 and 307 / 303 turns on average over four
// seeds (before its work queue); with the queue, 10 / 20 / 40 M end the pipeline at the same
// 289 / 290.
FinishParams default_finish(int open_cells);

// The same for the given teams only (the others stand): their tours share the cells still
// unsearched in `mid` (team_routes.h marks the other teams' cells searched first).
std::vector<Plan> finish_teams_with_tours(const State& mid, const std::vector<Team>& teams, const FinishParams& params,
                                          const std::vector<std::uint64_t>& seeds, int max_turns);
// Plays the closing tours from `mid`, then the policy; a plan where anybody dies is not complete.
Plan finish_with_tours(const State& mid, const FinishParams& params, int max_turns);
// The same for each of `seeds` in turn (the tour search's seed instead of params.seed), the
// later ones while `go_on` (if given) says so; the viewpoints and the walks between them are
// found once for all.
std::vector<Plan> finish_with_tours_seeded(const State& mid, const FinishParams& params, const std::vector<std::uint64_t>& seeds,
                                           int max_turns, const std::function<bool()>& go_on = nullptr);
// Replays `best` to `percent` % of its turns and closes with finish_with_tours.
Plan splice_finish(const State& start, const Plan& best, int percent, const FinishParams& params);
// Tries the cuts in `percents` in turn on the best plan so far, while `go_on` (if given) says
// so; returns the best.
Plan replan_finishes(const State& start, Plan best, const std::vector<int>& percents, const FinishParams& params,
                     const std::function<bool()>& go_on = nullptr);

}  // namespace pursuit::searchparty
