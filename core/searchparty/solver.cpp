// Owns: the team policy, whole-map solving and the lower bounds (see solver.h).
#include "searchparty/solver.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <climits>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <numeric>

#include "common/errors.h"
#include "common/parallel.h"
#include "common/rng.h"
#include "common/stop_check.h"
#include "searchparty/beam.h"
#include "searchparty/team_routes.h"
#include "searchparty/team_tail.h"
#include "searchparty/finish.h"

namespace pursuit::searchparty {
namespace {

constexpr int kUnknown = INT_MAX / 4;

int cheb(const Map& m, int a, int b) {
    return std::max(std::abs(m.x_of(a) - m.x_of(b)), std::abs(m.y_of(a) - m.y_of(b)));
}

std::string living_key(const State& s) {
    std::string k;
    for (const Actor& a : s.actors()) k += a.alive ? '1' : '0';
    return k;
}

// True when a person steers actor a (Policy::step's `fixed`: '0' = free).
bool pinned(const Moves* fixed, int a) { return fixed && (*fixed)[a] != '0'; }

// The (cell, digit) of the legal steps of an actor, in digit order ('5' stays).
std::vector<std::pair<int, char>> legal_steps(const Map& map, const Actor& actor) {
    std::vector<std::pair<int, char>> v;
    for (char d = '1'; d <= '9'; ++d) {
        const int x = actor.x + digit_dx(d), y = actor.y + digit_dy(d);
        if (map.open_at(x, y)) v.emplace_back(map.index(x, y), d);
    }
    return v;
}

// True when `cell` sees every actor of `who` where it stands after this turn (`next`, per actor).
bool sees_all(const Map& map, int cell, const std::vector<int>& who, const std::vector<int>& next) {
    for (int w : who)
        if (!sees(map.x_of(cell), map.y_of(cell), map.x_of(next[w]), map.y_of(next[w]))) return false;
    return true;
}

}  // namespace

std::vector<int> members_of(const Team& team) {
    std::vector<int> members{team.leader};
    members.insert(members.end(), team.followers.begin(), team.followers.end());
    return members;
}

std::vector<Team> form_teams(const State& s, int level) {
    const auto& actors = s.actors();
    std::vector<int> costars, extras;
    for (std::size_t i = 1; i < actors.size(); ++i) {
        if (!actors[i].alive) continue;
        (actors[i].role == Role::Costar ? costars : extras).push_back(static_cast<int>(i));
    }
    Team star;
    star.leader = 0;
    auto follow_star = [&star](int who) {
        star.followers.push_back(who);
        star.must_see.push_back({0});
    };
    if (level == 0) {
        for (int c : costars) follow_star(c);
        for (int e : extras) follow_star(e);
        return {star};
    }
    std::vector<Team> teams;
    std::size_t ci = 0, ei = 0;
    while (ci < costars.size() && ei < extras.size()) {  // costar + extra: each sees the other
        teams.push_back(Team{costars[ci], {extras[ei]}, {{costars[ci]}}});
        ++ci, ++ei;
    }
    for (; ci + 2 <= costars.size(); ci += 2) teams.push_back(Team{costars[ci], {costars[ci + 1]}, {{costars[ci]}}});
    for (; ei + 3 <= extras.size(); ei += 3)  // three extras who all see each other
        teams.push_back(Team{extras[ei], {extras[ei + 1], extras[ei + 2]}, {{extras[ei]}, {extras[ei], extras[ei + 1]}}});
    for (; ci < costars.size(); ++ci) follow_star(costars[ci]);
    for (; ei < extras.size(); ++ei) follow_star(extras[ei]);
    teams.insert(teams.begin(), star);
    return teams;
}

Policy::Policy(const Map& map, PolicyParams params)
    : map_(map), params_(params), own_(static_cast<int>(map.open.size())), nearest_leader_(static_cast<int>(map.open.size())),
      noise_(params.seed), graph_(map), trail_(static_cast<int>(map.open.size())) {
    seen_stamp_.assign(map.open.size(), 0);
}

int Policy::trail(int cell) const {
    const int d = trail_.dist(cell);
    return d >= 0 ? d : kUnknown;
}

// Walking distances from the team's target, labelled at least out to its leader: exact for
// the leader's cell and every cell as near, so for its steps an unlabelled cell is one step
// farther than the leader. The leader closes in on a target it keeps for many turns, so the
// walk from it is kept and grown, not redone each turn.
const GrowingWalk& Policy::walk_to_target(std::size_t t, int target, int leader_cell) {
    if (to_target_.size() <= t) to_target_.resize(teams_.size(), GrowingWalk(static_cast<int>(map_.open.size())));
    if (to_target_from_.size() <= t) to_target_from_.resize(teams_.size(), -1);
    GrowingWalk& walk = to_target_[t];
    if (to_target_from_[t] != target) walk.start(target), to_target_from_[t] = target;
    walk.reach(graph_, leader_cell);
    return walk;
}

int Policy::gain(const State& s, int cell) const {
    const int x = map_.x_of(cell), y = map_.y_of(cell);
    int g = 0;
    for (const Offset& o : vision_offsets()) {
        if (!map_.open_at(x + o.dx, y + o.dy)) continue;
        const int i = map_.index(x + o.dx, y + o.dy);
        g += !s.searched(i) && seen_stamp_[i] != stamp_;
    }
    return g;
}

// New cells of `cell` that none of `mates` (cells where teammates stand after this turn)
// reveals: what a follower adds to its team.
int Policy::gain_beside(const State& s, int cell, const std::vector<int>& mates) const {
    const int x = map_.x_of(cell), y = map_.y_of(cell);
    int g = 0;
    for (const Offset& o : vision_offsets()) {
        if (!map_.open_at(x + o.dx, y + o.dy)) continue;
        const int i = map_.index(x + o.dx, y + o.dy);
        if (s.searched(i) || seen_stamp_[i] == stamp_) continue;
        bool shared = false;
        for (int m : mates) shared |= sees(x + o.dx, y + o.dy, map_.x_of(m), map_.y_of(m));
        g += !shared;
    }
    return g;
}

// The most new cells a walk of `depth` more steps from `cell` reveals (cell's own included):
// a leader heading into open unsearched ground (7 new cells a diagonal step) beats one
// walking along the edge of the searched area (2-3).
int Policy::path_gain(const State& s, int cell, int depth) {
    path_cells_.push_back(cell);
    int best = 0;
    if (depth == 0) {
        std::vector<int> seen;
        for (int p : path_cells_) {
            const int x = map_.x_of(p), y = map_.y_of(p);
            for (const Offset& o : vision_offsets()) {
                if (!map_.open_at(x + o.dx, y + o.dy)) continue;
                const int i = map_.index(x + o.dx, y + o.dy);
                if (!s.searched(i) && seen_stamp_[i] != stamp_) seen.push_back(i);
            }
        }
        std::sort(seen.begin(), seen.end());
        best = static_cast<int>(std::unique(seen.begin(), seen.end()) - seen.begin());
    } else {
        for (int k = graph_.start[cell]; k < graph_.start[cell + 1]; ++k) best = std::max(best, path_gain(s, graph_.next[k], depth - 1));
    }
    path_cells_.pop_back();
    return best;
}

void Policy::mark_seen(int cell) {
    const int x = map_.x_of(cell), y = map_.y_of(cell);
    for (const Offset& o : vision_offsets())
        if (map_.open_at(x + o.dx, y + o.dy)) seen_stamp_[map_.index(x + o.dx, y + o.dy)] = stamp_;
}

int Policy::axis(int cell) const {
    const int x = map_.x_of(cell), y = map_.y_of(cell);
    switch (params_.lanes) {
        case 1: return x - y;
        case 2: return x + y;
        case 3: return y;
        default: return x;
    }
}

bool Policy::on_lane(std::size_t t, int cell) const {
    const int w = lanes_[t].width;
    return ((axis(cell) - lanes_[t].phase) % w + w) % w == 0;
}

bool Policy::pending(const State& s, std::size_t t, int cell) const {
    const int x = map_.x_of(cell), y = map_.y_of(cell);
    for (const Offset& o : lanes_[t].footprint)
        if (map_.open_at(x + o.dx, y + o.dy) && !s.searched(map_.index(x + o.dx, y + o.dy))) return true;
    return false;
}

// A lane's width: a walker sees 3 lines either side of a diagonal (2 of a row); a buddy at
// the edge of sight on one side adds 3 (2) more lines there. Followers alternate sides when
// they only need to see the leader; otherwise they all take the + side.
void Policy::setup_lanes() {
    lanes_.clear();
    stalled_.assign(teams_.size(), 0);
    lane_done_.assign(map_.open.size(), 0);
    if (!params_.lanes) return;
    const bool diagonal = params_.lanes <= 2;
    const int half = diagonal ? 3 : 2, unit = diagonal ? 3 : 2;
    for (const Team& team : teams_) {
        Lane lane;
        bool chain = true;
        for (const auto& ms : team.must_see) chain &= ms.size() == 1 && ms[0] == team.leader;
        bool has_plus = false, has_minus = false;
        for (std::size_t f = 0; f < team.followers.size(); ++f) {
            const int side = chain && f % 2 == 1 ? -1 : 1;
            lane.side.push_back(side);
            (side > 0 ? has_plus : has_minus) = true;
        }
        const int hi = half + (has_plus ? unit : 0), lo = half + (has_minus ? unit : 0);
        lane.width = lo + hi + 1;
        lane.hi = hi;
        lane.phase = axis(map_.start) + params_.lane_phase;  // lines at axis = phase (mod width)
        // The lane cell's slice: the cross-section of its band it is responsible for (slices
        // of consecutive lane cells tile the band).
        for (int a = -lo; a <= hi; ++a) {
            if (diagonal) {
                const int along = ((a % 2) + 2) % 2, dx = (a + along) / 2, dy = params_.lanes == 1 ? (along - a) / 2 : (a - along) / 2;
                lane.footprint.push_back({dx, dy});
            } else {
                lane.footprint.push_back(params_.lanes == 3 ? Offset{0, a} : Offset{a, 0});
            }
        }
        lanes_.push_back(std::move(lane));
    }
}

// An unsearched cell no lane visit of this team will cover: its lane cell is a wall, off
// the board, or was reached already (the followers could not stand where they should).
bool Policy::orphan(std::size_t t, int cell) const {
    const int lane_cell = lane_cell_of(t, cell);
    return lane_cell < 0 || lane_done_[lane_cell];
}

// The lane cell whose slice holds `cell` (-1 when it is a wall or off the board).
int Policy::lane_cell_of(std::size_t t, int cell) const {
    const Lane& lane = lanes_[t];
    const int lo = static_cast<int>(lane.footprint.size()) - 1 - lane.hi;
    const int off = ((axis(cell) - lane.phase + lo) % lane.width + lane.width) % lane.width;
    const int x = map_.x_of(cell) - lane.footprint[off].dx, y = map_.y_of(cell) - lane.footprint[off].dy;
    return map_.open_at(x, y) ? map_.index(x, y) : -1;
}

// Steps from `cell` to the follower's slot beside the leader: the edge of sight on its side
// of the lane (two cells qualify; the nearer one counts).
int Policy::slot_distance(std::size_t t, std::size_t f, int leader, int cell) const {
    static const Offset slots[4][2] = {{{2, -1}, {1, -2}}, {{2, 1}, {1, 2}}, {{0, 2}, {1, 2}}, {{2, 0}, {2, 1}}};
    const int side = lanes_[t].side[f], lx = map_.x_of(leader), ly = map_.y_of(leader);
    int best = 1000;
    for (const Offset& o : slots[params_.lanes - 1]) {
        const int sx = lx + side * o.dx, sy = ly + side * o.dy;
        if (!map_.open_at(sx, sy)) continue;
        best = std::min(best, std::max(std::abs(sx - map_.x_of(cell)), std::abs(sy - map_.y_of(cell))));
    }
    return best == 1000 ? 0 : best;
}

bool Policy::view_pending(const State& s, std::size_t t, int cell) const {
    if (!lanes_.empty()) return on_lane(t, cell) ? pending(s, t, cell) : !s.searched(cell);
    const int x = map_.x_of(cell), y = map_.y_of(cell);
    for (auto [dx, dy] : cover_)
        if (map_.open_at(x + dx, y + dy) && !s.searched(map_.index(x + dx, y + dy))) return true;
    return false;
}

int Policy::choose_target(const State& s, std::size_t t, int leader_cell) {
    if (!tours_.empty() && t < tours_.size()) {  // the next viewpoint that still sees something
        while (tour_pos_[t] < tours_[t].size() && !view_pending(s, t, tours_[t][tour_pos_[t]])) ++tour_pos_[t];
        if (tour_pos_[t] < tours_[t].size()) return tours_[t][tour_pos_[t]];
    }
    if (!lanes_.empty()) {
        const int lane_target = choose_target_in(s, t, leader_cell, true);
        if (lane_target >= 0) return lane_target;
    }
    return choose_target_in(s, t, leader_cell, false);
}

int Policy::choose_target_in(const State& s, std::size_t t, int leader_cell, bool lanes) {
    const bool disperse = params_.level >= 2;
    long long best_cost = LLONG_MAX;
    int best = -1;
    // The other teams' targets, as coordinates once (not divided out again per cell).
    claimed_.clear();
    if (disperse)
        for (std::size_t o = 0; o < teams_.size(); ++o)
            if (o != t && targets_[o] >= 0) claimed_.push_back({map_.x_of(targets_[o]), map_.y_of(targets_[o])});
    // Breadth-first from the leader, stopping once no farther cell can win.
    own_.start(leader_cell);
    for (int u; (u = own_.expand_next(graph_)) >= 0;) {
        const int d = own_.dist(u);
        if (8LL * d - 8LL * params_.wall_bonus - 21LL * std::max(0, -params_.pocket_weight) - 8LL * params_.band_bonus > best_cost)
            break;
        long long cost = 8LL * d;
        if (lanes) {
            const bool lane_cell = !lane_done_[u] && on_lane(t, u) && pending(s, t, u);
            if (!lane_cell && (s.searched(u) || !orphan(t, u))) continue;
        } else {
            if (s.searched(u)) continue;
            cost -= params_.wall_bonus * (8 - (graph_.start[u + 1] - graph_.start[u]));
        }
        // Pockets first: a cell with few unsearched cells around it would be left behind.
        if (!lanes && (params_.pocket_weight || params_.band_bonus)) {
            const int around = s.unsearched_in_view(u);
            cost += static_cast<long long>(params_.pocket_weight) * around;
            if (around <= params_.band_cells) cost -= 8LL * params_.band_bonus;  // a thin band or pocket
        }
        if (!owner_.empty() && owner_[u] != static_cast<int>(t) && region_left_[t] > 0) cost += 8LL * params_.region_penalty;
        if (disperse) {
            // Another leader is clearly nearer to u (the walk from all leaders gives the nearest;
            // grown only as far as a distance that could be that much nearer).
            nearest_leader_.grow_to(graph_, d - params_.voronoi_margin - 1);
            const int nearest = nearest_leader_.dist(u);
            if (nearest >= 0 && nearest + params_.voronoi_margin < d) cost += 8LL * params_.voronoi_penalty;
            const int ux = map_.x_of(u), uy = map_.y_of(u);
            for (const auto& [cx, cy] : claimed_) {
                if (std::max(std::abs(ux - cx), std::abs(uy - cy)) > params_.claim_radius) continue;
                cost += 8LL * params_.claim_penalty;
                break;
            }
        }
        if (params_.seed) {
            noise_ = noise_ * 6364136223846793005ULL + 1442695040888963407ULL;
            cost += static_cast<long long>((noise_ >> 33) % 6);
        }
        if (cost < best_cost) best_cost = cost, best = u;
    }
    return best;
}

// Team sweep rates for balancing: a lone walker reveals 5-7 new cells a turn, each buddy at
// the edge of sight adds 2-3 more.
static int sweep_rate(const Team& team) { return 6 + 3 * static_cast<int>(team.followers.size()); }

// region_left_ follows the cells searched since the last turn: a turn's new cells lie in sight of
// where the cast stands (the dead, who saw their last turn, included). Counting every cell each
// turn made a 25 000-turn walk on a 256x256 maze (the star alone) take 8 s a plan, and
// `--plan-ms 300` 9 s. False when the counts do not add up to the state's (a state this policy
// did not follow turn by turn): then they are counted again.
bool Policy::count_new_cells(const State& s) {
    if (counted_.size() != map_.open.size() || (s.turns() != counted_turn_ && s.turns() != counted_turn_ + 1)) return false;
    for (const Actor& a : s.actors())
        for (const Offset& o : vision_offsets()) {
            const int x = a.x + o.dx, y = a.y + o.dy;
            if (!map_.open_at(x, y)) continue;
            const int c = map_.index(x, y);
            if (!s.searched(c) || counted_[c]) continue;
            counted_[c] = 1;
            if (owner_[c] >= 0) --region_left_[owner_[c]];
        }
    counted_turn_ = s.turns();
    return std::accumulate(region_left_.begin(), region_left_.end(), 0) == s.unsearched();
}

void Policy::recount_regions(const State& s) {
    region_left_.assign(teams_.size(), 0);
    for (int c = 0; c < graph_.cells(); ++c)
        if (map_.open[c] && !s.searched(c)) ++region_left_[owner_[c]];
    counted_ = s.searched_cells(), counted_turn_ = s.turns();
}

void Policy::update_regions(const State& s) {
    const auto& actors = s.actors();
    if (!owner_.empty()) {
        if (!count_new_cells(s)) recount_regions(s);
        const bool done = std::find(region_left_.begin(), region_left_.end(), 0) != region_left_.end();
        if (!done || s.turns() - last_partition_ < params_.replan_gap) return;
    }
    std::vector<std::uint8_t> todo(graph_.cells(), 0);
    for (int c = 0; c < graph_.cells(); ++c) todo[c] = map_.open[c] && !s.searched(c);
    std::vector<int> origins, sweep;
    for (const Team& team : teams_) {
        origins.push_back(map_.index(actors[team.leader].x, actors[team.leader].y));
        sweep.push_back(sweep_rate(team));
    }
    RegionParams rp;
    rp.rate_percent = params_.rate_percent;
    rp.sectors = params_.sectors;
    rp.sector_phase = params_.sector_phase;
    if (!owner_.empty()) rp.balance_rounds = 30, rp.lloyd_rounds = 0;  // from where the leaders stand
    Regions r = partition_regions(graph_, map_, todo, origins, sweep, rp);
    owner_ = std::move(r.owner);
    region_left_ = std::move(r.todo);
    counted_ = s.searched_cells(), counted_turn_ = s.turns();
    last_partition_ = s.turns();
    if (params_.tours) plan_tours(todo, origins);
    std::fill(targets_.begin(), targets_.end(), -1);
}

// One tour per team over its region's cells; with lanes the viewpoints are the lane cells
// whose slice has cells of the region to search, plus the cells no lane cell covers.
void Policy::plan_tours(const std::vector<std::uint8_t>& todo, const std::vector<int>& origins) {
    TourParams tp;
    tp.cover_d2 = params_.cover_d2;
    cover_ = cover_offsets(params_.cover_d2);
    tours_.assign(teams_.size(), {});
    tour_pos_.assign(teams_.size(), 0);
    std::vector<std::vector<int>> cells(teams_.size());
    for (int c = 0; c < graph_.cells(); ++c)
        if (todo[c]) cells[owner_[c]].push_back(c);
    for (std::size_t t = 0; t < teams_.size(); ++t) {
        if (lanes_.empty()) {
            tours_[t] = plan_tour(graph_, map_, cells[t], origins[t], tp);
            continue;
        }
        std::vector<char> view(graph_.cells(), 0);
        for (int c : cells[t]) view[orphan(t, c) ? c : lane_cell_of(t, c)] = 1;
        std::vector<int> points;
        for (int c = 0; c < graph_.cells(); ++c)
            if (view[c]) points.push_back(c);
        tours_[t] = order_tour(graph_, points, origins[t], tp.opt_rounds);
    }
}

// One team's move being decided (step_team): what every leader step tried shares, where the
// followers go for the step tried last, and the step chosen so far.
struct Policy::TeamStep {
    TeamStep(const State& s, const Moves* fixed, std::vector<int>& next, const Team& team, std::size_t t, bool use_slots)
        : s(s), fixed(fixed), next(next), team(team), t(t), use_slots(use_slots), digits(team.followers.size()),
          cells(team.followers.size()) {}
    const State& s;
    const Moves* fixed;
    std::vector<int>& next;          // per actor: its cell after this turn, as decided so far
    const Team& team;
    std::size_t t;                   // the team's index
    bool use_slots;                  // followers keep to their lane slots
    std::vector<char> digits;        // per follower: its step for the leader step tried last
    std::vector<int> cells;
    std::vector<int> mates;          // cells where the team stands after this turn, leader first
    int best_lcell = -1;             // the leader step chosen (-1 none yet)
    char best_ld = '5';
    std::vector<char> best_digits;   //   and the followers' steps for it
    std::vector<int> best_cells;
};

// A follower's best step so far (cell -1: none yet).
struct Policy::FollowerStep {
    int cell = -1, gain = 0;
    char digit = '5';
    long long score = LLONG_MIN;
};

// Where an actor stands now.
int Policy::cell_of(const State& s, int actor) const {
    const Actor& a = s.actors()[actor];
    return map_.index(a.x, a.y);
}

// A turn: the teams and their targets brought up to date, then the teams move one after the
// other (a team counts as new only the cells the teams before it do not reveal).
Moves Policy::step(const State& s, const Moves* fixed) {
    update_teams(s);
    if (params_.regions || params_.tours) update_regions(s);
    if (++stamp_ == 0) {  // a new stamp marks the cells revealed this turn (on wrap-around, clear)
        std::fill(seen_stamp_.begin(), seen_stamp_.end(), 0);
        stamp_ = 1;
    }
    update_targets(s);
    Moves out = s.all_stay();
    std::vector<int> next(s.actors().size());
    for (std::size_t a = 0; a < next.size(); ++a) next[a] = cell_of(s, static_cast<int>(a));
    for (std::size_t t = 0; t < teams_.size(); ++t) step_team(s, t, fixed, next, out);
    return out;
}

// Forms the teams anew (with no targets, regions or tours, and new lanes) when the living
// set is not the one they were formed for.
void Policy::update_teams(const State& s) {
    const std::string key = living_key(s);
    if (key == team_key_) return;
    teams_ = form_teams(s, params_.level);
    if (params_.reverse_teams) std::reverse(teams_.begin() + 1, teams_.end());
    targets_.assign(teams_.size(), -1);
    team_key_ = key;
    owner_.clear();
    tours_.clear();
    setup_lanes();
}

// Drops the targets that are done, then chooses new ones for the teams without one.
void Policy::update_targets(const State& s) {
    bool retarget = false;
    for (std::size_t t = 0; t < teams_.size(); ++t) {
        release_target(s, t);
        retarget |= targets_[t] < 0;
    }
    if (retarget) {
        std::vector<int> leaders;
        for (const Team& team : teams_) leaders.push_back(cell_of(s, team.leader));
        nearest_leader_.start(leaders);
    }
    for (std::size_t t = 0; t < teams_.size(); ++t) {
        if (targets_[t] >= 0) continue;
        targets_[t] = choose_target(s, t, cell_of(s, teams_[t].leader));
    }
}

// Drops team t's target when it is done: a tour's viewpoint once reached (the tour moves on)
// or seeing nothing new, a lane cell likewise, any other target once searched (or every
// retarget_gap turns).
void Policy::release_target(const State& s, std::size_t t) {
    if (targets_[t] >= 0 && !tours_.empty() && tour_pos_[t] < tours_[t].size() && targets_[t] == tours_[t][tour_pos_[t]]) {
        if (targets_[t] == cell_of(s, teams_[t].leader)) ++tour_pos_[t], targets_[t] = -1;
        else if (!view_pending(s, t, targets_[t])) targets_[t] = -1;
    } else if (targets_[t] >= 0 && !lanes_.empty()) {
        // A lane target is done once reached or when its footprint is all searched.
        if (targets_[t] == cell_of(s, teams_[t].leader)) lane_done_[targets_[t]] = 1, targets_[t] = -1;
        else if (!pending(s, t, targets_[t])) targets_[t] = -1;
    } else if (targets_[t] >= 0 && (s.searched(targets_[t]) || (params_.retarget_gap > 0 && s.turns() % params_.retarget_gap == 0))) {
        targets_[t] = -1;
    }
}

// Team t's move, written to `next` and `out`: its leader's first (or best) candidate step
// that the followers can keep up with, and the followers' steps for it.
void Policy::step_team(const State& s, std::size_t t, const Moves* fixed, std::vector<int>& next, Moves& out) {
    const int L = teams_[t].leader;
    const std::vector<Candidate> cands = leader_candidates(s, t, fixed);
    trail_.walk(graph_, {cell_of(s, L)}, params_.max_trail + 1);  // walking distances near the leader
    // Followers keep to their lane slots only while the leader walks a lane and moves
    // (a slot across a wall can block the leader; then the followers just close up).
    const bool use_slots = !lanes_.empty() && targets_[t] >= 0 && on_lane(t, targets_[t]) &&
                           on_lane(t, cell_of(s, L)) && stalled_[t] == 0;
    TeamStep ts(s, fixed, next, teams_[t], t, use_slots);
    choose_team_step(ts, cands);
    commit_team_step(ts, out);
}

// Leader candidates, best first: nearer the target, then more new cells (a pinned leader:
// its pinned step alone).
std::vector<Policy::Candidate> Policy::leader_candidates(const State& s, std::size_t t, const Moves* fixed) {
    const int L = teams_[t].leader;
    const Actor& leader = s.actors()[L];
    std::vector<Candidate> cands;
    if (pinned(fixed, L)) {
        const char d = (*fixed)[L];
        cands.push_back({0, {map_.index(leader.x + digit_dx(d), leader.y + digit_dy(d)), d}});
        return cands;
    }
    const int target = targets_[t];
    const GrowingWalk* to_target = target >= 0 ? &walk_to_target(t, target, cell_of(s, L)) : nullptr;
    const int here = target < 0 ? 0 : to_target->dist(cell_of(s, L));
    for (auto [cell, d] : legal_steps(map_, leader)) {
        const int dt = target < 0 ? 0 : to_target->dist(cell) < 0 ? here + 1 : to_target->dist(cell);
        cands.push_back({leader_score(s, cell, dt), {cell, d}});
    }
    std::stable_sort(cands.begin(), cands.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    return cands;
}

// A leader step's score, lower first: `to_target` steps from the target against the cell's
// new cells (and with lookahead those of the best path on); with a seed, a noise bit for ties.
long long Policy::leader_score(const State& s, int cell, int to_target) {
    long long score = static_cast<long long>(params_.path_weight) * to_target - gain(s, cell);
    if (params_.lookahead > 0) {
        path_cells_.clear();
        score -= static_cast<long long>(params_.lookahead_weight) * path_gain(s, cell, params_.lookahead - 1);
    }
    if (params_.seed) {
        noise_ = noise_ * 6364136223846793005ULL + 1442695040888963407ULL;
        score = score * 4 + static_cast<long long>((noise_ >> 33) % 2);
    }
    return score;
}

// Chooses the leader step (ts.best_*): the first candidate the followers can keep up with,
// or with team_gain_weight the best of them counting the followers' new cells; when none
// works, the last candidate with the followers placed as near as they get.
void Policy::choose_team_step(TeamStep& ts, const std::vector<Candidate>& cands) const {
    long long best = LLONG_MAX;
    for (std::size_t ci = 0; ci < cands.size(); ++ci) {
        const auto [lcell, ld] = cands[ci].second;
        long long team_gain = 0;
        if (!place_followers(ts, lcell, ld, false, team_gain)) continue;
        // The leader's own order (distance first) plus what the followers add.
        const long long score = cands[ci].first - params_.team_gain_weight * team_gain;
        if (score < best) best = score, ts.best_lcell = lcell, ts.best_ld = ld, ts.best_digits = ts.digits, ts.best_cells = ts.cells;
        if (!params_.team_gain_weight) break;  // the first feasible step in order wins
    }
    if (ts.best_lcell < 0) {
        long long ignored = 0;
        const auto [lcell, ld] = cands.back().second;
        place_followers(ts, lcell, ld, true, ignored);
        ts.best_lcell = lcell, ts.best_ld = ld, ts.best_digits = ts.digits, ts.best_cells = ts.cells;
    }
}

// Places the followers for a leader step; false if one cannot stay with the team
// (unless `force`, used when no leader step works). Adds the followers' new cells.
bool Policy::place_followers(TeamStep& ts, int lcell, char ld, bool force, long long& team_gain) const {
    ts.next[ts.team.leader] = lcell;
    ts.mates.assign(1, lcell);
    for (std::size_t f = 0; f < ts.team.followers.size(); ++f) {
        const int F = ts.team.followers[f];
        FollowerStep step = follower_step(ts, f, ld);
        if (step.cell < 0) {
            if (!force) return false;
            step = closer_step(ts, F);
        }
        ts.next[F] = step.cell;
        ts.mates.push_back(step.cell);
        ts.cells[f] = step.cell;
        ts.digits[f] = step.digit;
        team_gain += step.gain;
    }
    return true;
}

// Follower f's step revealing most, among those that keep it seen by the actors it must see
// and on the leader's trail (a pinned follower: its pinned step); cell -1 when none does.
Policy::FollowerStep Policy::follower_step(const TeamStep& ts, std::size_t f, char ld) const {
    const int F = ts.team.followers[f];
    FollowerStep best;
    for (auto [cell, d] : legal_steps(map_, ts.s.actors()[F])) {
        if (pinned(ts.fixed, F) && d != (*ts.fixed)[F]) continue;
        // Walking distance to where the leader stands now: followers stay on its
        // trail (seeing across a wall is not enough to keep up next turn).
        const int trail = this->trail(cell);
        if (!pinned(ts.fixed, F) && (!sees_all(map_, cell, ts.team.must_see[f], ts.next) || trail > params_.max_trail)) continue;
        // New cells first; then close to the leader so the team can always move on.
        const int g = params_.fresh_gain ? gain_beside(ts.s, cell, ts.mates) : gain(ts.s, cell);
        long long score = 16LL * g - 6LL * trail + (d == ld ? 1 : 0);
        if (ts.use_slots) score -= 8LL * params_.side_bias * slot_distance(ts.t, f, ts.next[ts.team.leader], cell);
        if (score > best.score) best.score = score, best.cell = cell, best.digit = d, best.gain = g;
    }
    return best;
}

// Last resort (only after hand steering broke the formation): the follower's step that gets
// closer to the leader.
Policy::FollowerStep Policy::closer_step(const TeamStep& ts, int F) const {
    FollowerStep best;
    for (auto [cell, d] : legal_steps(map_, ts.s.actors()[F])) {
        long long score = -(trail(cell) < kUnknown ? trail(cell) : 100 + cheb(map_, cell, ts.next[ts.team.leader]));
        if (score > best.score) best.score = score, best.cell = cell, best.digit = d;
    }
    return best;
}

// Takes the chosen step: the team's cells after this turn into `next`, its digits into `out`;
// marks the cells it reveals and counts the lane stall.
void Policy::commit_team_step(const TeamStep& ts, Moves& out) {
    const Team& team = ts.team;
    ts.next[team.leader] = ts.best_lcell;
    out[team.leader] = ts.best_ld;
    if (!lanes_.empty()) stalled_[ts.t] = ts.best_ld == '5' && targets_[ts.t] >= 0 ? 8 : std::max(0, stalled_[ts.t] - 1);
    mark_seen(ts.best_lcell);
    for (std::size_t f = 0; f < team.followers.size(); ++f) {
        ts.next[team.followers[f]] = ts.best_cells[f];
        out[team.followers[f]] = ts.best_digits[f];
        mark_seen(ts.best_cells[f]);
    }
}

bool better(const Plan& a, const Plan& b) {
    if (a.complete != b.complete) return a.complete;
    if (a.turns != b.turns) return a.turns < b.turns;
    if (a.costars != b.costars) return a.costars > b.costars;
    return a.extras > b.extras;
}

Plan run_policy(const State& start, const PolicyParams& params, int max_turns) {
    State s = start;
    Policy policy(s.map(), params);
    Plan plan;
    while (!s.finished() && s.turns() - start.turns() < max_turns && !stop_requested()) {
        Moves m = policy.step(s);
        s.play(m);
        plan.moves.push_back(std::move(m));
    }
    plan.complete = s.finished();
    plan.turns = s.turns();
    plan.costars = s.costars_alive();
    plan.extras = s.extras_alive();
    return plan;
}

std::vector<PolicyParams> default_variants(int level) {
    PolicyParams base;
    base.level = level;
    base.pocket_weight = level >= 2 ? 1 : 0;
    base.max_trail = level >= 2 ? 3 : 2;
    if (level < 3) return {base};
    std::vector<PolicyParams> v;  // chosen by a small parameter sweep on the reference maps
    struct Shape { int pocket, trail, band; };
    for (int radius : {7, 4})
        for (Shape shape : {Shape{1, 3, 0}, Shape{2, 3, 0}, Shape{1, 3, 3}, Shape{2, 2, 3}})
            for (int penalty : {0, 200}) {  // 0: the base penalties; 200: strict dispersal
                PolicyParams p = base;
                p.claim_radius = radius;
                p.pocket_weight = shape.pocket;
                p.max_trail = shape.trail;
                p.band_bonus = shape.band;
                p.band_cells = 8;
                if (penalty) p.claim_penalty = p.voronoi_penalty = penalty;
                v.push_back(p);
            }
    return v;
}

PolicyParams random_variant(std::uint64_t seed, int index) {
    Rng rng(seed * 1000003ULL + static_cast<std::uint64_t>(index) + 1);
    PolicyParams p;
    p.level = 3;
    p.claim_radius = rng.range(3, 16);
    p.claim_penalty = rng.range(0, 48);
    p.voronoi_margin = rng.range(0, 5);
    p.voronoi_penalty = rng.range(0, 40);
    p.wall_bonus = rng.range(0, 4);
    p.pocket_weight = rng.range(0, 3);
    p.max_trail = rng.range(2, 4);
    p.reverse_teams = rng.chance(0.5);
    p.seed = rng.next_u64() | 1;
    p.band_bonus = rng.chance(0.5) ? rng.range(1, 6) : 0;
    p.band_cells = rng.range(5, 9);
    return p;
}

PolicyParams random_global_variant(std::uint64_t seed, int index) {
    Rng rng(seed * 7919ULL + static_cast<std::uint64_t>(index) + 17);
    PolicyParams p = random_variant(rng.next_u64(), index);
    p.tours = true;
    p.replan_gap = rng.range(8, 40);
    p.cover_d2 = rng.chance(0.7) ? 8 : rng.range(5, 9);
    p.rate_percent = rng.range(40, 100);
    p.region_penalty = rng.range(10, 80);
    p.sectors = rng.chance(0.3);
    p.sector_phase = rng.range(0, 15);
    return p;
}

std::vector<PolicyParams> seeded_variants(std::uint64_t seed, int open_cells) {
    const int random = open_cells < 1000 ? 200 : open_cells < 8000 ? 24 : 0;
    const int global = open_cells < 1000 ? 200 : 0;  // measured: no gain on maps 3-5
    std::vector<PolicyParams> v;
    for (int i = 0; i < random; ++i) v.push_back(random_variant(seed, 100000 + i));
    for (int i = 0; i < global; ++i) v.push_back(random_global_variant(seed, i));
    // The fixed variants again with buddies that do not overlap their leader (fresh_gain):
    // map 4 346 -> 335 through the tail re-plans of a different best plan.
    if (open_cells < 8000)
        for (PolicyParams p : default_variants(3)) {
            p.fresh_gain = true;
            v.push_back(p);
        }
    return v;
}

Plan splice_with(const State& start, const Plan& best, int percent,
                 const std::function<Plan(const State&, int)>& rest, const std::string& label) {
    const std::size_t cut = best.moves.size() * static_cast<std::size_t>(std::clamp(percent, 0, 100)) / 100;
    State mid = start;
    for (std::size_t k = 0; k < cut; ++k) mid.play(best.moves[k]);
    if (mid.finished()) return best;
    Plan tail = rest(mid, 4 * start.map().open_count() + 200);
    Plan spliced;
    spliced.moves.assign(best.moves.begin(), best.moves.begin() + static_cast<long>(cut));
    spliced.moves.insert(spliced.moves.end(), tail.moves.begin(), tail.moves.end());
    spliced.complete = tail.complete, spliced.turns = tail.turns, spliced.costars = tail.costars, spliced.extras = tail.extras;
    spliced.variant = best.variant + " + " + label + " at " + std::to_string(cut);
    return spliced;
}

Plan splice(const State& start, const Plan& best, int percent, const PolicyParams& params) {
    return splice_with(
        start, best, percent, [&](const State& mid, int max_turns) { return run_policy(mid, params, max_turns); },
        "splice");
}

Plan replan_tails(const State& start, Plan best, const std::vector<TailTry>& tries, const std::function<bool()>& go_on) {
    return keep_better_splices(
        std::move(best), tries, [&](const Plan& plan, const TailTry& t) { return splice(start, plan, t.percent, t.params); },
        go_on);
}

std::vector<TailTry> default_tails() {
    std::vector<TailTry> v;
    PolicyParams p = default_variants(3).front();
    p.tours = true;
    p.replan_gap = 1000;  // one plan from where the teams stand, then the greedy
    // Measured on map 5 (374 -> 342 via 50 % then 55 %); earlier cuts find the teams still
    // bunched, re-planning whenever a team runs out of work (replan_gap 10) costs 4x more
    // for no further gain.
    for (int percent = 45; percent <= 75; percent += 5) v.push_back({percent, p});
    return v;  // (the same cuts with fresh_gain buddies: no gain on maps 3-5, measured)
}

// Closings from the start are made with this many search seeds, the best kept: their walks
// spread by +-10 turns (map 5, seeds 1-8: 295-322), so one seed is a lottery. Since the
// merged pair cover, 6 seeds end maps 3-5 at 220 / 287 / 275 against 226 / 287 / 277 for 4
// (8 and 12: no better).
constexpr int kStartSeeds = 6;
constexpr std::size_t kPolishedStarts = 3;
// Polished first plans this many turns behind the best are finished too (team walks shortened,
// team tails): with one pass of windows 8, 12, 16, 20, map 5's 275 / 278 / 277 ended at 254 /
// 259 / 254 and map 4's 287 / 289 at 267 / 271.
constexpr int kTailReach = 6;
// Then the walks are shortened again and the tails re-walked once more: a re-walked tail opens
// windows to shorten (the memos skip the beams that failed before, and the shortening's replays
// count against one budget). Only for a plan at most kCycleReach turns behind the best: on
// map 5 the first finalist goes 252 -> 250 and the third 252 -> 248 (the second, 259, is left),
// for 6.4 -> 8.2 s; maps 1-4 unchanged. More cycles (4) end at the same 248 in 8.6 s.
constexpr int kPolishCycles = 1;
constexpr int kCycleReach = 2;

namespace {

// One finalist's polish: its latest team's walk shortened, then team tails re-walked (a
// first pass), with the memos of the beams that found nothing for the cycles after it.
struct FinalistPolish {
    Plan plan;
    BeamMemo walk_memo, tail_memo;
};

void shorten_and_rewalk(const State& start, FinalistPolish& f, const TeamWalkParams& walk_params,
                        const std::function<bool(Stage)>& go_on) {
    const std::function<bool()> in_time = [&] { return go_on(Stage::Polish); };
    Plan again = shorten_team_walks(start, f.plan, walk_params, in_time, &f.walk_memo);
    if (go_on(Stage::Polish)) again = rewalk_team_tails(start, std::move(again), TeamTailParams{}, in_time, &f.tail_memo);
    f.plan = std::move(again);
}

// The cycles after the first pass (kPolishCycles), until one changes nothing.
void polish_cycles(const State& start, FinalistPolish& f, const TeamWalkParams& walk_params,
                   const std::function<bool(Stage)>& go_on) {
    for (int cycle = 0; cycle < kPolishCycles && go_on(Stage::Polish); ++cycle) {
        const std::vector<Moves> before = f.plan.moves;
        shorten_and_rewalk(start, f, walk_params, go_on);
        if (f.plan.moves == before) break;
    }
}

// A first pass made ahead (solve): the finalist it started from and the pass.
struct PassAhead {
    std::vector<Moves> from;
    FinalistPolish pass;
    bool made = false;
};

// Every complete finalist at most kTailReach turns behind `best` (each plan once) gets a first
// pass; those that end at most kCycleReach turns behind the best found before them (in the
// finalists' order) get the cycles too; the best is returned. The passes run side by side
// (common/parallel.h) and the cycles of the finalists that may need them too, so the result
// is the one a loop over the finalists in order gives, whatever the thread count. A pass
// already made from the same plan (`ahead_passes`) is taken as it is: a pass depends on its
// plan only.
Plan finish_finalists(const State& start, Plan best, const std::vector<Plan>& finalists, const TeamWalkParams& walk_params,
                      const std::function<bool(Stage)>& go_on, std::vector<PassAhead>& ahead_passes) {
    const int reach = best.turns + kTailReach;
    std::vector<FinalistPolish> chosen;
    for (const Plan& p : finalists) {
        const bool seen = std::any_of(chosen.begin(), chosen.end(), [&](const FinalistPolish& q) { return q.plan.moves == p.moves; });
        if (!seen && p.complete && p.turns <= reach) chosen.push_back({p, {}, {}});
    }
    std::vector<char> passed(chosen.size(), 0);
    std::vector<std::size_t> todo;
    for (std::size_t i = 0; i < chosen.size(); ++i) {
        auto made = std::find_if(ahead_passes.begin(), ahead_passes.end(),
                                 [&](const PassAhead& a) { return a.made && a.from == chosen[i].plan.moves; });
        if (made == ahead_passes.end()) {
            todo.push_back(i);
            continue;
        }
        chosen[i] = std::move(made->pass);
        made->made = false;  // (moved from)
        passed[i] = 1;
    }
    // (The first finalist's pass is always made, as before; the others while time remains.)
    const std::size_t always = !todo.empty() && todo.front() == 0 ? 1 : 0;
    const std::vector<char> ran = parallel_for_while(todo.size(), always, [&] { return go_on(Stage::Polish); },
                                                     [&](std::size_t k) { shorten_and_rewalk(start, chosen[todo[k]], walk_params, go_on); });
    for (std::size_t k = 0; k < todo.size(); ++k) passed[todo[k]] = ran[k];
    // A finalist's cycles start when it ends within kCycleReach of the best before it. That
    // best is at least as good as every earlier first pass, so only the finalists within
    // reach of those may need them: their cycles run side by side ahead of the decision.
    // (With one thread nothing runs ahead: the decision below runs the cycles it needs.)
    std::vector<FinalistPolish> cycled(chosen.size());
    std::vector<std::size_t> ahead;
    int fewest = best.turns;
    for (std::size_t i = 0; i < chosen.size() && parallel_threads() > 1; ++i) {
        if (!passed[i]) continue;
        if (chosen[i].plan.turns <= fewest + kCycleReach) ahead.push_back(i);
        fewest = std::min(fewest, chosen[i].plan.turns);
    }
    parallel_for(ahead.size(), [&](std::size_t k) {
        cycled[ahead[k]] = chosen[ahead[k]];
        polish_cycles(start, cycled[ahead[k]], walk_params, go_on);
    });
    for (std::size_t i = 0; i < chosen.size(); ++i) {
        if (!passed[i]) continue;
        if (chosen[i].plan.turns <= best.turns + kCycleReach) {
            const bool ran_ahead = std::find(ahead.begin(), ahead.end(), i) != ahead.end();
            if (ran_ahead) chosen[i] = std::move(cycled[i]);
            else polish_cycles(start, chosen[i], walk_params, go_on);  // (one thread; else not expected: see above)
        }
        if (better(chosen[i].plan, best)) best = std::move(chosen[i].plan);
    }
    return best;
}

// Polishes the first plans (`polish_first(k)` sets firsts[k]; k >= `always` only while time
// remains) side by side, and with more than one thread makes each one's first pass for
// finish_finalists as soon as it is polished (into `ahead_passes`), while the other first plans
// are still being polished. By stages, a thread that finished early waited for the slowest
// first plan, then for the slowest pass: map 5 has 3 first plans (1.4-1.7 s each) and 3 passes
// (1.8-3.5 s) on 2 threads; its whole run went from 9.2-9.8 to 8.2-8.7 s wall. A pass is
// skipped for a plan that cannot be a finalist: not complete, or more than kTailReach turns
// behind a first plan polished before it. The passes are the ones finish_finalists would make,
// so the plan is the same for any thread count.
// A first plan k with `copy_of[k]` = j (an earlier one with the same moves and the same polish)
// is not polished again: it waits for j's polish and takes it, and gets no pass of its own
// (finish_finalists keeps one finalist per plan). One team's closings from the start are the
// same for every seed: a 40 x 40 open map with the star and two extras made the same 6 s pass
// three times on 2 threads, 20 s of CPU against 9 s on one thread.
std::vector<char> polish_firsts_and_pass_ahead(const State& start, std::vector<Plan>& firsts, const std::vector<int>& copy_of,
                                               std::size_t always, std::vector<PassAhead>& ahead_passes,
                                               const TeamWalkParams& walk_params, const std::function<bool(Stage)>& go_on,
                                               const std::function<void(std::size_t)>& polish_first) {
    const std::size_t n = firsts.size();
    const bool pass_ahead = parallel_threads() > 1;
    std::vector<char> made(n, 0), polished(n, 0);
    ahead_passes.assign(pass_ahead ? n : 0, PassAhead{});
    std::mutex lock;
    std::condition_variable now_polished;
    int fewest = INT_MAX;  // the fewest turns of the complete first plans polished so far
    // Items 0..n-1 polish; n..2n-1 make the passes. Items are handed out in order, so a pass's
    // first plan is being polished (or done) when the pass is taken: it waits for it.
    parallel_for(pass_ahead ? 2 * n : n, [&](std::size_t i) {
        if (i < n) {
            struct Done {  // marks item i polished however it ends (skipped, thrown)
                std::mutex& lock;
                std::condition_variable& cv;
                char& flag;
                ~Done() {
                    {
                        const std::lock_guard<std::mutex> hold(lock);
                        flag = 1;
                    }
                    cv.notify_all();
                }
            } done{lock, now_polished, polished[i]};
            if (i >= always && !go_on(Stage::Polish)) return;
            if (copy_of[i] >= 0) {  // (items are handed out in order: j's polish has started)
                const auto j = static_cast<std::size_t>(copy_of[i]);
                std::unique_lock<std::mutex> hold(lock);
                now_polished.wait(hold, [&] { return polished[j] != 0; });
                firsts[i] = firsts[j];
                made[i] = made[j];
                return;  // (`fewest` counts j already)
            }
            polish_first(i);
            made[i] = 1;
            const std::lock_guard<std::mutex> hold(lock);
            if (firsts[i].complete) fewest = std::min(fewest, firsts[i].turns);
            return;
        }
        const std::size_t k = i - n;
        if (copy_of[k] >= 0) return;
        {
            std::unique_lock<std::mutex> hold(lock);
            now_polished.wait(hold, [&] { return polished[k] != 0; });
            if (!made[k] || !firsts[k].complete || firsts[k].turns > fewest + kTailReach) return;
        }
        if (!go_on(Stage::Polish)) return;
        PassAhead& a = ahead_passes[k];
        a.from = firsts[k].moves;
        a.pass = {firsts[k], {}, {}};
        shorten_and_rewalk(start, a.pass, walk_params, go_on);
        a.made = true;
    });
    return made;
}

// Plays the policy with `params` from the start; the plan, labelled `name`, replaces `best`
// when it is the first played or better.
void play_variant(const State& start, const PolicyParams& params, const std::string& name, int max_turns, bool first, Plan& best) {
    Plan plan = run_policy(start, params, max_turns);
    plan.variant = name;
    if (first || better(plan, best)) best = std::move(plan);
}

// The first plans stage: the best of the default variants, then (level 3) of the `extra`
// ones too. Past the first variant, only with `all_variants` and while go_on says so.
Plan play_variants(const State& start, int level, const std::vector<PolicyParams>& extra, bool all_variants, int max_turns,
                   const std::function<bool(Stage)>& go_on) {
    Plan best;
    int n = 0;
    const auto variants = default_variants(level);
    for (std::size_t i = 0; i < variants.size() && (i == 0 || (all_variants && go_on(Stage::Variants))); ++i)
        play_variant(start, variants[i], "default " + std::to_string(i), max_turns, n++ == 0, best);
    if (level >= 3 && all_variants)
        for (std::size_t i = 0; i < extra.size() && go_on(Stage::Variants); ++i)
            play_variant(start, extra[i], "extra " + std::to_string(i), max_turns, n++ == 0, best);
    return best;
}

// What the polishing stages of solve share.
struct PolishContext {
    const State& start;
    int max_turns;
    bool big;                                   // 5000 open cells or more
    const std::vector<TailTry>& tails;
    FinishParams finish;
    TeamWalkParams walk_params;
    const std::function<bool(Stage)>& go_on;    // in_time, or yes without it
    const std::function<bool()>& polish_in_time;  // go_on(Stage::Polish)
};

// A first plan's polish: the tail re-plans, then closing tours from late cuts.
Plan polish_plan(const PolishContext& c, Plan plan) {
    plan = replan_tails(c.start, std::move(plan), c.tails, c.polish_in_time);
    // Closing tours (finish.h) from late cuts of the best plan: the last cells are scattered,
    // and one shared multi-tour over them beats the greedy by a few turns on maps 4 and 5.
    return replan_finishes(c.start, std::move(plan), default_finish_cuts(), c.finish, c.polish_in_time);
}

// The closing tours from the start, best first: with kStartSeeds seeds, and under 5000 open
// cells also with one-person viewpoints and with the plain pair cover (seeded).
std::vector<Plan> closings_from_start(const PolishContext& c) {
    std::vector<std::uint64_t> seeds(kStartSeeds);
    std::iota(seeds.begin(), seeds.end(), 1);
    std::vector<Plan> starts;
    {
        // A seed that starts ends, past the limit too (solve's stop): from 5000 open cells these
        // closings are the first plan worth the name (map 5: 290 turns, the first variant 406),
        // and at --plan-ms 300 the limit came while the first seed's walk was nearly done.
        static const StopCheck never = [] { return false; };
        const StopScope first_plans_end(&never);
        starts = finish_with_tours_seeded(c.start, c.finish, seeds, c.max_turns, c.polish_in_time);
    }
    if (!c.big) {  // and with one-person viewpoints, and with the plain pair cover
        FinishParams single = c.finish;
        single.pair_views = false;
        starts.push_back(finish_with_tours(c.start, single, c.max_turns));
        FinishParams plain = c.finish;
        plain.pair_cover = PairCoverParams{0, 0};
        if (c.go_on(Stage::Polish))
            for (Plan& p : finish_with_tours_seeded(c.start, plain, seeds, c.max_turns, c.polish_in_time)) starts.push_back(std::move(p));
    }
    std::stable_sort(starts.begin(), starts.end(), [](const Plan& a, const Plan& b) { return better(a, b); });
    for (Plan& p : starts) p.variant = "closing tours from the start";
    return starts;
}

// Per first plan (the variants' best first when `variants_too`, then closings), the earlier
// closing with the same moves, or -1: polished the same way, it ends the same.
std::vector<int> same_closings(const std::vector<Plan>& firsts, bool variants_too) {
    std::vector<int> copy_of(firsts.size(), -1);
    const std::size_t closings = variants_too ? 1 : 0;
    for (std::size_t k = closings; k < firsts.size(); ++k)
        for (std::size_t j = closings; j < k && copy_of[k] < 0; ++j)
            if (firsts[j].moves == firsts[k].moves) copy_of[k] = static_cast<int>(j);
    return copy_of;
}

// One more first plan with the native pipeline (tails given): closing tours from the start,
// the viewpoints of the whole map shared by the teams in balanced arcs of one closed tour
// (pair viewpoints, seed 1: maps 3 / 4 / 5 229 / 293 / 290 turns against 270 / 359 / 374 for
// the variants' best), made with kStartSeeds seeds. Which first plan polishes better is not
// foreseeable, so the kPolishedStarts best closings are polished: under 5000 open cells,
// where polishing is cheap, by tail re-plans and closing cuts, and the variants' best too
// (the closings are also made with one-person viewpoints there; map 1: 25 -> 23 turns with
// three polished closings instead of one). From 5000, by closing cuts alone: the tail
// re-plans took 0-6 turns off them for 2 s each (maps 4 / 5, seeds 1-4), the cuts 0-22.
// Returns the best polished first plan (or the variants' best); the polished first plans go
// to `finalists`, the first passes made ahead of finish_finalists to `ahead_passes`.
Plan polish_first_plans(const PolishContext& c, Plan best, std::vector<Plan>& finalists, std::vector<PassAhead>& ahead_passes) {
    std::vector<Plan> starts = closings_from_start(c);
    const bool closed = starts.front().complete;
    // The first plans are polished side by side (common/parallel.h), then taken in order:
    // the variants' best first (if polished), then the closings.
    std::vector<Plan> firsts;
    const bool variants_too = !closed || !c.big;
    if (variants_too) firsts.push_back(std::move(best));
    const std::size_t polished = closed ? std::min(starts.size(), kPolishedStarts) : 0;
    for (std::size_t k = 0; k < polished; ++k) firsts.push_back(std::move(starts[k]));
    // (The variants' best and the first closing always; later closings while time remains.)
    const std::size_t always = variants_too ? 2 : 1;
    auto polish_first = [&](std::size_t k) {
        const bool closing = !(variants_too && k == 0);
        firsts[k] = closing && c.big ? replan_finishes(c.start, std::move(firsts[k]), default_finish_cuts(), c.finish, c.polish_in_time)
                                     : polish_plan(c, std::move(firsts[k]));
    };
    const std::vector<char> made = polish_firsts_and_pass_ahead(c.start, firsts, same_closings(firsts, variants_too), always,
                                                                ahead_passes, c.walk_params, c.go_on, polish_first);
    if (variants_too) best = firsts.front();
    for (std::size_t k = 0; k < firsts.size(); ++k) {
        if (!made[k]) continue;
        finalists.push_back(firsts[k]);
        if (better(firsts[k], best)) best = std::move(firsts[k]);
    }
    return best;
}

// Improvement while the budget lasts, with the native pipeline: new routes for a few teams
// at a time (team_routes.h), kept when the teams' last new cells come sooner.
Plan improve_team_routes(const State& start, Plan best, std::uint64_t seed, const std::function<bool(int)>& more) {
    TeamRoutesSearch search(start, std::move(best), TeamRoutesParams{}, seed);
    for (int i = 0; search.has_work() && more(i); ++i) search.step([&] { return more(i); });
    return search.best();
}

// Otherwise (the game's plans): alternately a whole new random variant, and a
// splice — replay the best plan up to a random turn, continue with a random variant
// (every other one a global plan from where the teams stand) from there, keep the result
// if it ends sooner (late turns first: the tail varies most); every sixth try closes
// with seeded closing tours (finish.h) from a cut at 50-95 % instead.
Plan improve_randomly(const State& start, Plan best, std::uint64_t seed, const std::function<bool(int)>& more, int max_turns) {
    Rng rng(seed ^ 0x5EA7C4ULL);
    for (int i = 0; more(i); ++i) {
        if (i % 2 == 0 || !best.complete || best.moves.size() < 4) {
            // (never the first played: the first plans stage always plays a variant)
            play_variant(start, random_variant(seed, i), "random " + std::to_string(i), max_turns, false, best);
            continue;
        }
        const double u = rng.unit();
        const int percent = static_cast<int>(100 * (1.0 - u * u * 0.9));
        if (i % 6 == 5) {  // closing tours from a random late cut, with their own seed
            FinishParams fp = default_finish(start.map().open_count());
            fp.seed = rng.next_u64() | 1;
            best = replan_finishes(start, std::move(best), {std::clamp(percent, 50, 95)}, fp);
            continue;
        }
        const PolicyParams p = i % 4 == 1 ? random_variant(seed, i) : random_global_variant(seed, i);
        best = replan_tails(start, std::move(best), {{percent, p}});
    }
    return best;
}

}  // namespace

// Turns x people the dropping of waiting turns replays at most (map 5: about 0.6 M for a scan
// of the whole plan; a 27 000-turn plan of a 256 x 256 map stops after a few tries).
constexpr long long kDropReplayWork = 3000000;

Plan solve(const State& start, int level, std::uint64_t seed, const std::function<bool(int)>& more,
           const std::vector<PolicyParams>& extra, const std::vector<TailTry>& tails,
           const std::function<bool(Stage)>& in_time) {
    const std::function<bool(Stage)> go_on = [&](Stage stage) { return !in_time || in_time(stage); };
    const int max_turns = 4 * start.map().open_count() + 200;
    // With the native pipeline (tails given) the closing tours from the start are a first plan
    // too, and from 5000 open cells they end 50+ turns before any greedy variant (maps 4 / 5:
    // ~320 / ~305 against 359 / 374), so there only the first variant is played (a fallback):
    // the others' 4-5 s go to closings with more seeds.
    const bool closings = level >= 3 && !tails.empty(), big = start.map().open_count() >= 5000;
    Plan best = play_variants(start, level, extra, !(closings && big), max_turns, go_on);
    // From here a step still running when the limit has passed stops (a tail re-plan of a
    // 256 x 256 map walked by one team takes 1.5-3 s): its plan is incomplete, and only complete
    // plans that end sooner are kept. The first plans above always end, so there is one.
    const StopCheck past_limit = [&] { return !go_on(Stage::Running); };
    const StopScope stop_at_limit(in_time ? &past_limit : nullptr);
    const std::function<bool()> polish_in_time = [&] { return go_on(Stage::Polish); };
    const PolishContext c{start, max_turns, big, tails, default_finish(start.map().open_count()),
                          default_team_walks(start.map().open_count()), go_on, polish_in_time};
    std::vector<Plan> finalists;  // the polished first plans
    std::vector<PassAhead> ahead_passes;  // finalists' first passes, made as soon as they are polished
    if (closings && go_on(Stage::Polish)) best = polish_first_plans(c, std::move(best), finalists, ahead_passes);
    else if (level >= 3) best = polish_plan(c, std::move(best));
    // With three people or fewer on a small map, a beam search over their joint moves (beam.h).
    if (closings && go_on(Stage::Polish)) {
        Plan beam = beam_search(start, BeamParams{}, max_turns);
        if (better(beam, best)) best = std::move(beam);
    }
    // Every polished first plan at most kTailReach turns behind the best is finished by
    // shortening the latest team's walk window by window, then re-walking team tails
    // (team_tail.h): which one ends best is not foreseeable (map 5, one pass of windows: the
    // polished 275, 278 and 277 ended at 254, 259 and 254; the tails alone took the 278 to 272
    // and the 275 to 273).
    if (closings && go_on(Stage::Polish)) {
        finalists.insert(finalists.begin(), best);
        best = finish_finalists(start, std::move(best), finalists, c.walk_params, go_on, ahead_passes);
    }
    // Last, a wait whose step is never made up is dropped (team_tail.h).
    if (level >= 3 && go_on(Stage::Polish)) best = drop_waiting_turns(start, std::move(best), kDropReplayWork, polish_in_time);
    if (level < 3 || !more || start.finished()) return best;  // (nothing to search: no budget to spend)
    best = closings ? improve_team_routes(start, std::move(best), seed, more) : improve_randomly(start, std::move(best), seed, more, max_turns);
    return go_on(Stage::Polish) ? drop_waiting_turns(start, std::move(best), kDropReplayWork, polish_in_time) : best;
}

LowerBound lower_bound(const Map& map) {
    LowerBound lb;
    State s(map);
    lb.open = map.open_count();
    lb.unseen = s.unsearched();
    lb.people = 1 + map.costars + map.extras;
    // Each person reveals at most 7 new cells a turn, and after t turns everything seen lies
    // within Chebyshev distance t + 2 of S, whose outer ring has 8 (t + 2) cells.
    for (int revealed = 0; revealed < lb.unseen;) {
        ++lb.area;
        revealed += std::min(7 * lb.people, 8 * (lb.area + 2));
    }
    std::vector<int> dist(map.open.size(), -1), first(map.open.size(), INT_MAX), queue{map.start};
    dist[map.start] = 0;
    for (std::size_t h = 0; h < queue.size(); ++h) {
        const int c = queue[h], x = map.x_of(c), y = map.y_of(c);
        for (const Offset& o : vision_offsets())
            if (map.open_at(x + o.dx, y + o.dy)) first[map.index(x + o.dx, y + o.dy)] = std::min(first[map.index(x + o.dx, y + o.dy)], dist[c]);
        for (int dy = -1; dy <= 1; ++dy)
            for (int dx = -1; dx <= 1; ++dx)
                if (map.open_at(x + dx, y + dy) && dist[map.index(x + dx, y + dy)] < 0) {
                    dist[map.index(x + dx, y + dy)] = dist[c] + 1;
                    queue.push_back(map.index(x + dx, y + dy));
                }
    }
    for (std::size_t i = 0; i < map.open.size(); ++i)
        if (map.open[i] && !s.searched(static_cast<int>(i))) lb.distance = std::max(lb.distance, first[i]);
    return lb;
}

std::string batch_text(const State& start, const Plan& plan) {
    State s = start;
    std::string out;
    for (const Moves& m : plan.moves) {
        std::string line;
        for (std::size_t i = 0; i < m.size(); ++i) {
            if (m[i] == '5' || !s.actors()[i].alive) continue;
            if (!line.empty()) line += ' ';
            line += s.actors()[i].name;
            line += m[i];
        }
        out += line + ".\n";
        s.play(m);
    }
    return out + s.final_line() + "\n";
}

Plan solve_full(const State& start, int level, std::uint64_t seed, const std::function<bool(int)>& more,
                const std::function<bool(Stage)>& in_time) {
    const int open = start.map().open_count();
    return solve(start, level, seed, more, seeded_variants(seed, open), default_tails(), in_time);
}

std::function<bool(Stage)> steps_within(double variants_ms, double limit_ms) {
    using Clock = std::chrono::steady_clock;
    static std::atomic<std::uint64_t> next_id{1};
    struct Timing {
        Clock::time_point start = Clock::now();
        double last_ms = 0, longest_ms = 0;  // the last ask (any thread), the longest step
        std::uint64_t id = next_id++;        // (not its address: a new Timing may reuse it)
        std::mutex lock;  // steps side by side (common/parallel.h) ask at the same time
    };
    // A step's length is the time since the same thread last asked: with steps side by side,
    // the time since anybody asked would be a fraction of it, and a step could start too late.
    struct LastAsk {
        std::uint64_t timing = 0;
        double ms = 0;
    };
    thread_local LastAsk last_ask;
    auto timing = std::make_shared<Timing>();
    return [timing, variants_ms, limit_ms](Stage stage) {
        if (stage == Stage::Running)  // (inside a step: no step starts or ends here)
            return std::chrono::duration<double, std::milli>(Clock::now() - timing->start).count() < limit_ms;
        const std::lock_guard<std::mutex> hold(timing->lock);
        const double now = std::chrono::duration<double, std::milli>(Clock::now() - timing->start).count();
        // A thread's first ask counts from the last ask of any thread (its work began after it).
        if (last_ask.timing != timing->id) last_ask = {timing->id, timing->last_ms};
        timing->longest_ms = std::max(timing->longest_ms, now - last_ask.ms);
        last_ask.ms = timing->last_ms = now;
        return now + timing->longest_ms < (stage == Stage::Variants ? variants_ms : limit_ms);
    };
}

}  // namespace pursuit::searchparty
