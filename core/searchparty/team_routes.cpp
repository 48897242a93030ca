// Owns: the search over teams' routes (see team_routes.h): the plan's per-team facts, the
// sets of teams to re-plan, their new routes from S and the splice.
#include "searchparty/team_routes.h"

#include <algorithm>
#include <set>

#include "common/rng.h"
#include "searchparty/finish.h"
#include "searchparty/team_tail.h"

namespace pursuit::searchparty {
namespace {

// Latest first: the plan ends with the first entry, and a step that ends no team later and
// one of the latest sooner frees the others to take over its cells in a later step.
std::vector<int> latest_first(std::vector<int> last_new) {
    std::sort(last_new.rbegin(), last_new.rend());
    return last_new;
}

}  // namespace

TeamRoutesSearch::TeamRoutesSearch(const State& start, Plan best, TeamRoutesParams params, std::uint64_t seed)
    : start_(start), best_(std::move(best)), params_(params), next_seed_(Rng(seed ^ 0x7EA3C0DE5ULL).next_u64() | 1),
      teams_(form_teams(start, 3)) {
    facts_ = replay_facts(best_);
}

TeamRoutesSearch::Facts TeamRoutesSearch::replay_facts(const Plan& plan) const {
    const Map& map = start_.map();
    Facts f;
    f.last_new.assign(teams_.size(), 0);
    f.sees.assign(teams_.size(), std::vector<char>(map.open.size(), 0));
    std::vector<int> team_of(start_.actors().size(), -1);
    for (std::size_t t = 0; t < teams_.size(); ++t)
        for (int a : members_of(teams_[t])) team_of[a] = static_cast<int>(t);
    State s = start_;
    const int people = s.costars_alive() + s.extras_alive();
    std::vector<char> seen(s.searched_cells().begin(), s.searched_cells().end());
    for (const Moves& m : plan.moves) {
        if (s.finished()) break;
        if (!s.illegal_reason(m).empty()) return f;
        s.play(m);
        if (s.costars_alive() + s.extras_alive() < people) return f;
        for (std::size_t a = 0; a < s.actors().size(); ++a) {
            const Actor& actor = s.actors()[a];
            for (const Offset& o : vision_offsets()) {
                if (!map.open_at(actor.x + o.dx, actor.y + o.dy)) continue;
                const int c = map.index(actor.x + o.dx, actor.y + o.dy);
                f.sees[team_of[a]][c] = 1;
                if (!seen[c]) seen[c] = 1, f.last_new[team_of[a]] = s.turns();
            }
        }
    }
    f.complete = s.finished();
    return f;
}

// The sets of teams to re-plan, related ones together: for each team, latest first, the set
// of it and teams_per_step - 1 of the `partners` teams whose sight overlaps its own most (a
// set of teams far apart can only re-draw their routes; neighbours can also trade cells).
// With 20 steps on maps 4 / 5, seeds 1-3: 259 / 263 / 256 and 243 / 249 / 244, against
// 263 / 263 / 262 and 247 / 245 / 247 for every set of latest teams in turn.
std::vector<std::vector<int>> TeamRoutesSearch::team_sets() const {
    const int n = static_cast<int>(teams_.size());
    std::vector<int> order(n);
    for (int t = 0; t < n; ++t) order[t] = t;
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return facts_.last_new[a] > facts_.last_new[b]; });
    const int size = n <= 3 ? std::min(n, 2) : std::min(n, params_.teams_per_step);
    std::vector<std::vector<int>> sets;
    std::set<std::vector<int>> taken;
    for (int t : order) {
        std::vector<std::pair<int, int>> near;  // (minus the cells both see, team)
        for (int u = 0; u < n; ++u) {
            if (u == t) continue;
            int both = 0;
            for (std::size_t c = 0; c < facts_.sees[t].size(); ++c) both += facts_.sees[t][c] && facts_.sees[u][c];
            near.push_back({-both, u});
        }
        std::sort(near.begin(), near.end());
        near.resize(std::min<std::size_t>(near.size(), params_.partners));
        auto add = [&](std::vector<int> set) {
            std::vector<int> key = set;
            std::sort(key.begin(), key.end());
            if (taken.insert(key).second) sets.push_back(std::move(set));
        };
        for (std::size_t a = 0; a < near.size(); ++a) {
            if (size == 2) add({t, near[a].second});
            else
                for (std::size_t b = a + 1; b < near.size(); ++b) add({t, near[a].second, near[b].second});
        }
    }
    return sets;
}

// The chosen teams walk new routes from S over the cells no other team sees; the others keep
// the plan's moves. Not complete when the splice leaves a cell unseen or somebody dies.
Plan TeamRoutesSearch::walk_new_routes(const std::vector<int>& chosen, const std::function<bool()>& go_on) {
    const Map& map = start_.map();
    State part = start_;
    std::vector<Team> teams;
    std::vector<char> moved(start_.actors().size(), 0);
    for (std::size_t t = 0; t < teams_.size(); ++t) {
        if (std::find(chosen.begin(), chosen.end(), static_cast<int>(t)) != chosen.end()) {
            teams.push_back(teams_[t]);
            for (int a : members_of(teams_[t])) moved[a] = 1;
            continue;
        }
        for (int c = 0; c < static_cast<int>(map.open.size()); ++c)
            if (facts_.sees[t][c]) part.mark_searched(c);
    }
    const int open = map.open_count(), max_turns = 4 * open + 200;
    std::vector<std::uint64_t> seeds;
    for (int k = 0; k < params_.closing_seeds; ++k) seeds.push_back(next_seed_), next_seed_ = Rng(next_seed_).next_u64() | 1;
    Plan routes;
    for (Plan& p : finish_teams_with_tours(part, teams, default_finish(open), seeds, max_turns))
        if (p.complete && (!routes.complete || p.turns < routes.turns)) routes = std::move(p);
    if (!routes.complete || (go_on && !go_on())) return {};
    routes = shorten_team_walks(part, std::move(routes), default_team_walks(open), go_on);
    routes = rewalk_team_tails(part, std::move(routes), TeamTailParams{}, go_on);
    Plan out;
    State s = start_;
    const int people = s.costars_alive() + s.extras_alive();
    const std::size_t length = std::max(best_.moves.size(), routes.moves.size());
    for (std::size_t k = 0; k < length && !s.finished(); ++k) {
        Moves m = s.all_stay();
        for (std::size_t a = 0; a < m.size(); ++a) {
            const Plan& from = moved[a] ? routes : best_;
            if (k < from.moves.size()) m[a] = from.moves[k][a];
        }
        if (!s.illegal_reason(m).empty()) return {};
        s.play(m);
        out.moves.push_back(std::move(m));
    }
    out.complete = s.finished() && s.costars_alive() + s.extras_alive() == people;
    out.turns = s.turns(), out.costars = s.costars_alive(), out.extras = s.extras_alive();
    out.variant = best_.variant + " + new team routes";
    return out;
}

bool TeamRoutesSearch::has_work() const {
    return best_.complete && facts_.complete && !start_.finished() && teams_.size() >= 2;
}

bool TeamRoutesSearch::step(const std::function<bool()>& go_on) {
    if (!has_work()) return false;
    if (cursor_ >= sets_.size()) sets_ = team_sets(), cursor_ = 0;
    Plan routes = walk_new_routes(sets_[cursor_++], go_on);
    if (!routes.complete || routes.turns > best_.turns) return false;
    Facts facts = replay_facts(routes);
    if (!facts.complete || latest_first(facts.last_new) >= latest_first(facts_.last_new)) return false;
    best_ = std::move(routes), facts_ = std::move(facts);
    sets_.clear(), cursor_ = 0;  // the teams' order changed: start a new pass
    return true;
}

}  // namespace pursuit::searchparty
