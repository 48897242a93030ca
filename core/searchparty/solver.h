// Owns: the Search Party solver — a team policy for multi-agent coverage that keeps the cast
// alive (buddy rules), whole-map solving with deterministic restarts, and lower bounds.
//
// Teams (formed from the living cast, see form_teams): every team is self-sufficient under
// the death rules, so teams can split up freely:
//   costar + extra pairs, then costar pairs, then extra triples; a costar or extras left
//   over follow the star. A team's leader walks to its target (an unsearched cell chosen
//   by distance, with penalties for cells another leader is nearer to and for cells near
//   another team's target); followers pick, among the cells that keep them seen by the
//   people they depend on, the one revealing most new cells.
// Optional global plan (PolicyParams regions / tours / lanes, see regions.h and tours.h):
// leaders keep to a balanced region of their own and visit it along a tour. Whole-map
// solving keeps the best of many variants (and, in the native pipeline, of closing tours
// from the start, finish.h), then re-plans the best plan's second half with the global plan
// from where the teams stand (tail re-plans) and closes it with closing tours from late cuts.
// No clocks or threads here: the work is bounded by counts; native programs add a budget.
#pragma once
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "searchparty/regions.h"
#include "searchparty/rules.h"
#include "searchparty/tours.h"

namespace pursuit::searchparty {

struct Team {
    int leader = 0;                             // actor index
    std::vector<int> followers;                 // actor indices, decided in this order
    std::vector<std::vector<int>> must_see;     // per follower: actors it must see after the move
};
// A team's actors, leader first (the order of a beam's members and joint-move digits).
std::vector<int> members_of(const Team& team);

// level 0 = easy (one team led by the star), 1 = medium (teams, nearest target, no
// dispersal), 2 = hard and 3 = best (teams with dispersal; best also restarts).
std::vector<Team> form_teams(const State& s, int level);

struct PolicyParams {
    int level = 3;
    int claim_radius = 7;       // cells within this Chebyshev distance of another team's target
    int claim_penalty = 24;
    int voronoi_margin = 2;     // a cell another leader is this much nearer to is "theirs"
    int voronoi_penalty = 16;
    int path_weight = 64;       // leader: cost of one step of distance vs one new cell
    int pocket_weight = 0;      // per unsearched cell around a candidate target
    int band_bonus = 0;         // steps a target is worth extra when at most band_cells
    int band_cells = 6;         //   unsearched cells are around it (a band left between sweeps)
    int team_gain_weight = 0;   // leader step: weight of the followers' new cells (0 = ignore)
    int max_trail = 2;          // followers stay within this walking distance of the leader
    int wall_bonus = 1;         // prefer unsearched cells with fewer open neighbours (dead ends)
    std::uint64_t seed = 0;     // tie-break noise; 0 = none (fully deterministic order)
    bool reverse_teams = false;
    // Global plan (regions.h): each team searches its own region of a balanced partition;
    // targets outside it cost region_penalty steps while the region has cells left.
    bool regions = false;
    int region_penalty = 40;
    int rate_percent = 70;      // expected share of the ideal sweep rate (balancing)
    int replan_gap = 5;         // re-partition (from where the leaders stand) when a team's
                                //   region is done, at most once per this many turns
    // Lanes: leaders walk parallel lines spaced by their team's sweep width (a boustrophedon
    // emerges from "nearest lane cell with unsearched cells in the team's footprint").
    // 0 = off, 1 = diagonals x-y, 2 = diagonals x+y, 3 = rows, 4 = columns. Diagonal steps
    // reveal 7 new cells per walker against 5 for straight ones.
    int lanes = 0;
    int lane_phase = 0;
    // Tours (tours.h, needs regions): each leader visits the viewpoints of a set cover of its
    // region in a 2-opt order, skipping those whose cells are all searched already.
    bool tours = false;
    bool sectors = false;       // first partition by angle around S (regions.h)
    int sector_phase = 0;
    int cover_d2 = 8;
    bool fresh_gain = false;    // follower: count only cells the leader and earlier followers
                                //   do not reveal this turn (else a buddy overlaps its leader)
    int lookahead = 0;          // leader: depth of the best own path it scores a step by (0 = off)
    int lookahead_weight = 64;  //   worth of one new cell on that path, vs path_weight a step
    int retarget_gap = 0;       // leaders re-choose their targets every this many turns (0 = only
                                //   when reached or searched)
    int side_bias = 2;          // follower: weight (x 8 per step) of keeping to its slot at the
                                //   edge of sight on its side of the lane
};

// One step at a time with memory (teams and targets); works from any state, so a person can
// steer some actors (`fixed`: '0' = free, else the pinned direction) and the policy the rest.
class Policy {
public:
    Policy(const Map& map, PolicyParams params);
    Moves step(const State& s, const Moves* fixed = nullptr);

private:
    const GrowingWalk& walk_to_target(std::size_t team, int target, int leader_cell);
    int choose_target(const State& s, std::size_t team, int leader_cell);
    int gain(const State& s, int cell) const;
    int path_gain(const State& s, int cell, int depth);
    int gain_beside(const State& s, int cell, const std::vector<int>& mates) const;
    int trail(int cell) const;
    void mark_seen(int cell);
    void update_regions(const State& s);
    bool count_new_cells(const State& s);
    void recount_regions(const State& s);
    struct Lane {
        int width = 1, phase = 0, hi = 0;       // lines -lo..hi of the band around the leader's
        std::vector<Offset> footprint;          // the slice of a lane cell, by line -lo..hi
        std::vector<int> side;                  // per follower: +1 / -1 side of the lane
    };
    void setup_lanes();
    int axis(int cell) const;
    bool on_lane(std::size_t team, int cell) const;
    bool pending(const State& s, std::size_t team, int cell) const;
    bool orphan(std::size_t team, int cell) const;
    int lane_cell_of(std::size_t team, int cell) const;
    void plan_tours(const std::vector<std::uint8_t>& todo, const std::vector<int>& origins);
    int slot_distance(std::size_t team, std::size_t follower, int leader, int cell) const;
    int choose_target_in(const State& s, std::size_t team, int leader_cell, bool lanes);
    // step's parts, in the order of a turn (solver.cpp).
    struct TeamStep;                                                 // one team's move being decided
    struct FollowerStep;                                             // a follower's step being chosen
    using Candidate = std::pair<long long, std::pair<int, char>>;    // leader step: (score, (cell, digit))
    int cell_of(const State& s, int actor) const;
    void update_teams(const State& s);
    void update_targets(const State& s);
    void release_target(const State& s, std::size_t team);
    void step_team(const State& s, std::size_t team, const Moves* fixed, std::vector<int>& next, Moves& out);
    std::vector<Candidate> leader_candidates(const State& s, std::size_t team, const Moves* fixed);
    long long leader_score(const State& s, int cell, int to_target);
    void choose_team_step(TeamStep& ts, const std::vector<Candidate>& cands) const;
    bool place_followers(TeamStep& ts, int leader_cell, char leader_digit, bool force, long long& team_gain) const;
    FollowerStep follower_step(const TeamStep& ts, std::size_t follower, char leader_digit) const;
    FollowerStep closer_step(const TeamStep& ts, int follower) const;
    void commit_team_step(const TeamStep& ts, Moves& out);
    const Map& map_;
    PolicyParams params_;
    std::vector<Team> teams_;
    std::string team_key_;                      // living set the teams were formed for
    std::vector<int> targets_;                  // per team, -1 = none
    std::vector<std::uint32_t> seen_stamp_;    // cells revealed by decisions made this turn
    std::uint32_t stamp_ = 0;
    GrowingWalk own_;                           // choose_target_in: from the leader, as far as a cell can win
    GrowingWalk nearest_leader_;                // from all leaders, as far as the dispersal asks
    std::vector<std::pair<int, int>> claimed_;  // choose_target_in: the other teams' targets (x, y)
    std::vector<GrowingWalk> to_target_;        // per team: from its target, at least to its leader
    std::vector<int> to_target_from_;           //   (the target walked from; -1 none)
    std::vector<int> path_cells_;               // path_gain: cells on the path being scored
    std::uint64_t noise_ = 0;
    WalkGraph graph_;                           // king neighbours of each cell (CSR), shared with regions/tours
    NearWalk trail_;                            // walking distances near a leader
    std::vector<int> owner_;                    // per cell: team whose region it is (-1 none)
    std::vector<int> region_left_;              // per team: unsearched cells in its region
    std::vector<std::uint8_t> counted_;         // cells region_left_ counts as searched
    int counted_turn_ = -1;                     //   (as of this turn)
    int last_partition_ = -1000000;             // turn of the last partition
    std::vector<Lane> lanes_;                   // per team (empty = lanes off)
    std::vector<std::uint8_t> lane_done_;       // lane cells a leader has reached
    std::vector<int> stalled_;                  // per team: turns left without lane slots
    std::vector<std::vector<int>> tours_;       // per team: viewpoints in visiting order
    std::vector<std::size_t> tour_pos_;         // per team: next viewpoint
    std::vector<std::pair<int, int>> cover_;    // offsets a viewpoint covers
    bool view_pending(const State& s, std::size_t team, int cell) const;
};

struct Plan {
    std::vector<Moves> moves;
    int turns = 0, costars = 0, extras = 0;
    bool complete = false;
    std::string variant;
};
// True when a is better: complete, fewer turns, more costars, more extras.
bool better(const Plan& a, const Plan& b);

// Plays the policy from `start` to the end (or max_turns).
Plan run_policy(const State& start, const PolicyParams& params, int max_turns);
// The default variants for a level, then (best only) the `extra` variants, the `tails`
// re-plans of the best, then, while `more(i)` says so (i counts the tries, and each try asks
// again as it goes): with `tails` (the native pipeline) steps of new routes for a few teams
// (team_routes.h); without, seeded random variants and splices.
// Re-planning the rest of a plan: replay `best` for `percent` % of its turns, continue with
// `params` (e.g. regions + tours from where the teams stand), keep it if it ends sooner.
struct TailTry {
    int percent;
    PolicyParams params;
};
Plan splice(const State& start, const Plan& best, int percent, const PolicyParams& params);
// The same with any continuation: `rest(mid, max_turns)` plays on from the cut.
Plan splice_with(const State& start, const Plan& best, int percent,
                 const std::function<Plan(const State&, int)>& rest, const std::string& label);
// `go_on`, when given, is asked before each cut; the re-plans stop when it says no.
Plan replan_tails(const State& start, Plan best, const std::vector<TailTry>& tries,
                  const std::function<bool()>& go_on = nullptr);
// Re-plans from successive cuts: for each `cut` in turn, `splice(best, cut)` replaces `best`
// when it ends sooner (so a later cut starts from the improved plan), while `go_on` (if given)
// says so. Shared by the tail re-plans and the closing tours (finish.h).
template <class Cuts, class Splice>
Plan keep_better_splices(Plan best, const Cuts& cuts, Splice splice, const std::function<bool()>& go_on = nullptr) {
    for (const auto& cut : cuts) {
        if (!best.complete || best.moves.size() < 4 || (go_on && !go_on())) break;
        Plan spliced = splice(best, cut);
        if (better(spliced, best)) best = std::move(spliced);
    }
    return best;
}
// The tail re-plans the native solver tries by default: by mid-search the teams are spread
// out, and a global plan (regions + tours) from there pays off (maps 3 and 5).
std::vector<TailTry> default_tails();
// `in_time(stage)`, when given, is asked before each step of the pipeline after the first
// variant (each further variant; the closing tours from the start, each tail re-plan and each
// closing cut): a step is skipped when it says no. The interactive form answers turn 1 within
// the controller's time limit this way; the batch form gives none and runs every step.
// Past the first plans (the first variant, and each seed of the closing tours from the start
// that has started: those always end), `in_time(Stage::Running)` is asked while a step runs
// (stop_check.h): no once the limit has passed, and the step stops there (its plan is
// incomplete, never kept).
enum class Stage { Variants, Polish, Running };
// An `in_time` for solve under a time limit, its clock started now: a step starts only if the
// longest step so far would still end within `variants_ms` (the Variants stage) or `limit_ms`
// (the rest). On a big map one tail re-plan takes seconds; without the longest-step rule turn 1
// of our 256x256 map under the controller took 9.5 s. A step still running at `limit_ms` stops
// (Stage::Running).
std::function<bool(Stage)> steps_within(double variants_ms, double limit_ms);
Plan solve(const State& start, int level, std::uint64_t seed, const std::function<bool(int)>& more = nullptr,
           const std::vector<PolicyParams>& extra = {}, const std::vector<TailTry>& tails = {},
           const std::function<bool(Stage)>& in_time = nullptr);
// The native solver's whole pipeline: solve with the seeded variants and the tail re-plans
// (and so the closings, the shortening and the team tails), then the tries `more` allows.
// searchparty-solver (both forms) and the solve tool's "full" pipeline (the page's "record"
// level) call this, so they make the same plan. Below level 3 it is plain solve.
Plan solve_full(const State& start, int level, std::uint64_t seed, const std::function<bool(int)>& more = nullptr,
                const std::function<bool(Stage)>& in_time = nullptr);
// The extra variants the native solver adds by default (deterministic for a seed; cheap maps
// get more): random policy variants, then on small maps random global-plan variants
// (regions + viewpoint tours).
std::vector<PolicyParams> seeded_variants(std::uint64_t seed, int open_cells);
// The first variants tried by solve (deterministic).
std::vector<PolicyParams> default_variants(int level);
PolicyParams random_variant(std::uint64_t seed, int index);
PolicyParams random_global_variant(std::uint64_t seed, int index);

struct LowerBound {
    int unseen = 0, open = 0, people = 0;
    int area = 0, distance = 0;  // area: ring-limited 7 new cells per person per turn
    int bound() const { return area > distance ? area : distance; }
};
LowerBound lower_bound(const Map& map);

// Batch form: one move line per turn, then "T c e".
std::string batch_text(const State& start, const Plan& plan);

}  // namespace pursuit::searchparty
