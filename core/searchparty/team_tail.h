// Owns: re-walking the last team's tail of a finished plan, shortening its walk, and dropping
// single turns (below).
// Teams are self-sufficient under the death rules (form_teams), so one team's moves can change
// while everybody else keeps the plan's. From a cut some turns before the latest team's last
// new cell, a beam over that team's joint moves (9^members, the same ranking as beam.h) covers
// the cells only that team would search after the cut; the new moves are spliced in, the whole
// plan is replayed on the real rules, and kept when it ends sooner with everybody alive. Then
// the latest team again (often another one), while that pays.
// Integer arithmetic only: native and wasm plans are identical.
#pragma once
#include <cstdint>
#include <functional>
#include <unordered_set>

#include "searchparty/solver.h"

namespace pursuit::searchparty {

struct TeamTailParams {
    std::vector<int> cuts{20, 30, 40};  // turns before the team's last new cell, tried in turn
    int width = 200;                    // beam states kept per turn
    int max_members = 3;                // a bigger team is left as it is (9^members joint moves)
    int max_cells = 600;                // a team with more cells of its own after the cut is left
    int rounds = 6;                     // re-walks kept at most (each may be a different team)
    long long work = 2000000000;        // joint moves x own cells per beam at most (~1.4 s)
};

// What calls on one plan share: the beams that found nothing, by what they were asked (team,
// cells, turns), since the same beam fails again, and the shortening's replays so far, which
// count against one replay_work for all the calls. One memo per function (the tails' and the
// walks' keys differ in meaning).
struct BeamMemo {
    std::unordered_set<std::uint64_t> failed;
    long long replayed = 0;
};

// `best` with team tails re-walked while they end it sooner (`go_on`, when given, is asked
// before each beam). Returns `best` unchanged when nothing ends sooner.
Plan rewalk_team_tails(const State& start, Plan best, const TeamTailParams& params = {},
                       const std::function<bool()>& go_on = nullptr, BeamMemo* memo = nullptr);

// Shortening the team walks of a finished plan: a window of the latest team's walk (`window`
// turns, ending at its last new cell, then half a window earlier each time) is walked again by
// a beam over the team's joint moves that must see the window's cells nobody else sees and
// the team does not see later, and end where the team stood at the window's end, in fewer
// turns; the rest of the team's walk is then played that much sooner. Kept when the whole
// plan, replayed, ends no later (the team's last new cell comes sooner); then the latest team
// again, until it has no window that pays.
struct TeamWalkParams {
    std::vector<int> windows{8, 10, 12, 14, 16, 18, 20};  // window lengths, tried in turn
    int width = 30;                           // beam states kept per turn
    int width_of_three = 30;                  // at most this many for a team of three: 9x a pair's
                                              //   joint moves (thirty-third round: a star with two
                                              //   extras on 900 cells took 19 s at 100, 8 s at 30)
    int max_cells = 600;                      // a window with more cells to see is left
    int rounds = 400;                         // windows shortened at most
    long long replay_work = 3000000;          // turns x people replayed at most (a round replays the
                                              //   plan: map 5 ~0.6 M, our 256x256 with 52 people 9.6 M)
    long long work = 2000000000;              // joint moves x cells per beam at most
};
// The settings the solver uses for a map with this many open cells (see team_tail.cpp).
TeamWalkParams default_team_walks(int open_cells);
Plan shorten_team_walks(const State& start, Plan best, const TeamWalkParams& params = {},
                        const std::function<bool()>& go_on = nullptr, BeamMemo* memo = nullptr);

// Dropping single turns: a turn in which somebody stays is taken out of the plan, so that
// everyone's later moves come one turn sooner (the ones who moved in it are one step behind
// their old path from then on), and the plan is replayed on the real rules; kept when it is
// legal, loses nobody and still ends the search (one turn sooner, or more). The windows above
// must end where the team stood, so a wait whose step is never made up was left: a star and a
// costar in a 100 x 1 corridor took 122 turns, where 121 do. Each try replays the plan from the
// dropped turn on, within `replay_work` turns x people for all of them (`go_on`, when given, is
// asked before each try); the earliest turns are tried first.
Plan drop_waiting_turns(const State& start, Plan best, long long replay_work = 3000000,
                        const std::function<bool()>& go_on = nullptr);

}  // namespace pursuit::searchparty
