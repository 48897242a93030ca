// Owns: re-planning a few teams' whole routes inside a finished plan (a large-neighbourhood
// search over teams). Teams are self-sufficient under the death rules (form_teams), so two or
// three of them can walk new routes from S while everybody else keeps the plan's moves: the
// cells no other team ever sees are counted as theirs, closing tours from the start share
// them among the chosen teams (finish.h), the new walks are shortened and given team tails
// (team_tail.h) and spliced in, and the whole plan, replayed on the real rules, is kept when
// its teams' last new cells, latest first, come sooner. Each step is one random draw of
// routes, so a budget buys steps (searchparty-solver --budget-ms / --tries).
// Integer arithmetic and a seeded RNG only: native and wasm plans are identical.
#pragma once
#include <cstdint>
#include <functional>

#include "searchparty/solver.h"

namespace pursuit::searchparty {

struct TeamRoutesParams {
    int teams_per_step = 3;  // teams re-planned together (two when the cast makes three teams
                             //   or fewer); map 5, 30 s: three 252 -> 245, two 252 -> 247
    int closing_seeds = 4;   // closings from the start per step; the best is shortened
    int partners = 4;        // a team is re-planned with the teams whose sight overlaps its own
                             //   most, this many of them (see team_sets)
};

class TeamRoutesSearch {
public:
    // `start` is held by reference: it must outlive the search.
    TeamRoutesSearch(const State& start, Plan best, TeamRoutesParams params, std::uint64_t seed);
    // Re-plans the next set of teams (the latest team and its neighbours first; after a pass
    // that kept nothing the passes go on with new closing seeds). True when the plan improved.
    bool step(const std::function<bool()>& go_on = nullptr);
    // False when no step can change anything: the plan is not complete, or there is one team.
    bool has_work() const;
    const Plan& best() const { return best_; }
    // The sets of teams (indices into form_teams) a pass tries, in turn, for the current plan.
    std::vector<std::vector<int>> team_sets() const;

private:
    struct Facts {
        bool complete = false;
        std::vector<int> last_new;                // per team: its last turn with a cell seen first
        std::vector<std::vector<char>> sees;      // per team and cell: seen at some turn
    };
    Facts replay_facts(const Plan& plan) const;
    Plan walk_new_routes(const std::vector<int>& chosen, const std::function<bool()>& go_on);

    const State& start_;
    Plan best_;
    TeamRoutesParams params_;
    std::uint64_t next_seed_;
    std::vector<Team> teams_;
    Facts facts_;
    std::vector<std::vector<int>> sets_;  // this pass's sets of teams, in turn
    std::size_t cursor_ = 0;
};

}  // namespace pursuit::searchparty
