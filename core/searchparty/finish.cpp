// Owns: the closing plan (see finish.h): the viewpoint multi-tour search and its walker.
#include "searchparty/finish.h"

#include <algorithm>
#include <array>
#include <climits>
#include <deque>
#include <numeric>
#include <tuple>

#include "common/grid.h"
#include "common/parallel.h"
#include "common/rng.h"
#include "common/stop_check.h"
#include "searchparty/tours.h"

namespace pursuit::searchparty {
namespace {

// Min-makespan tours over points 0..n-1; team t starts at point n + t. Costs are walking
// distances; the objective is (longest tour, sum of tours).
class MultiTour {
public:
    MultiTour(int points, int teams, std::vector<int> dist, std::uint64_t seed, long long work)
        : n_(points), size_(points + teams), dist_(std::move(dist)), tours_(teams), rng_(seed), work_(work) {}

    // Improves until `rounds` perturbations are done or the work (move evaluations) is spent,
    // so big closings stay bounded by a count, not a clock.
    std::vector<std::vector<int>> solve(int rounds) {
        // Two starts, the better kept: the free team takes the nearest point, or one closed
        // tour cut into balanced arcs (the spanning-tree-coverage split of issue 5 applied to
        // the viewpoints): 971 -> 962 turns, far better from early cuts on map 5.
        construct();
        const auto nearest = tours_;
        const Objective by_nearest = objective();
        construct_from_cycle();
        if (!(objective() < by_nearest)) tours_ = nearest;
        build_neighbours();
        refresh();
        push_all();
        local_search();
        auto best = tours_;
        auto best_obj = current();
        const long long limit = std::min<long long>(rounds, 20LL * n_ + 50);  // small closings stop early
        for (long long r = 0; r < limit && evals_ < work_; ++r) {
            perturb();
            local_search();
            const auto obj = current();  // the moves keep the costs up to date
            if (obj < best_obj) best_obj = obj, best = tours_;
            else tours_ = best;
        }
        return best;
    }

private:
    using Objective = std::pair<long long, long long>;
    int d(int a, int b) const { return dist_[static_cast<std::size_t>(a) * size_ + b]; }
    int before(std::size_t team, const std::vector<int>& t, std::size_t i) const {
        return i == 0 ? n_ + static_cast<int>(team) : t[i - 1];
    }
    long long cost(std::size_t team, const std::vector<int>& t) const {
        long long c = 0;
        for (std::size_t i = 0; i < t.size(); ++i) c += d(before(team, t, i), t[i]);
        return c;
    }
    Objective objective() const {
        Objective o{0, 0};
        for (std::size_t t = 0; t < tours_.size(); ++t) {
            const long long c = cost(t, tours_[t]);
            o.first = std::max(o.first, c), o.second += c;
        }
        return o;
    }
    // The objective once tours a and b cost ca and cb (a may equal b), in O(1) from the
    // three costliest tours and the total (rank_costs).
    Objective objective_with(std::size_t a, long long ca, std::size_t b, long long cb) {
        ++evals_;
        long long others = 0;
        for (std::size_t k = 0; k < 3; ++k)
            if (top_[k] >= 0 && static_cast<std::size_t>(top_[k]) != a && static_cast<std::size_t>(top_[k]) != b) {
                others = costs_[top_[k]];
                break;
            }
        if (a == b) return {std::max(others, ca), total_ - costs_[a] + ca};
        return {std::max({others, ca, cb}), total_ - costs_[a] - costs_[b] + ca + cb};
    }
    void rank_costs() {
        total_ = 0;
        top_ = {-1, -1, -1};
        for (std::size_t t = 0; t < tours_.size(); ++t) {
            total_ += costs_[t];
            int c = static_cast<int>(t);  // insertion into the top three, costliest first
            for (std::size_t k = 0; k < 3 && c >= 0; ++k)
                if (top_[k] < 0 || costs_[c] > costs_[top_[k]]) std::swap(top_[k], c);
        }
    }

    // The team that is free first takes the point nearest to where it is.
    void construct() {
        std::vector<char> used(n_, 0);
        std::vector<long long> busy(tours_.size(), 0);
        for (int k = 0; k < n_; ++k) {
            const std::size_t t = std::min_element(busy.begin(), busy.end()) - busy.begin();
            const int from = before(t, tours_[t], tours_[t].size());
            int best = -1;
            for (int v = 0; v < n_; ++v)
                if (!used[v] && (best < 0 || d(from, v) < d(from, best))) best = v;
            used[best] = 1;
            busy[t] += d(from, best);
            tours_[t].push_back(best);
        }
    }

    // One closed tour through every point cut into one arc per team of about equal walks;
    // each team, nearest first, takes the arc with the nearest end and walks it from there.
    void construct_from_cycle() {
        if (n_ < 2 || tours_.empty()) return;
        const std::vector<std::vector<int>> arcs = balanced_arcs(closed_tour(), static_cast<int>(tours_.size()));
        for (auto& t : tours_) t.clear();
        std::vector<char> team_used(tours_.size(), 0), arc_used(arcs.size(), 0);
        for (std::size_t round = 0; round < arcs.size(); ++round) {
            std::size_t bt = 0, ba = 0;
            int bd = INT_MAX;
            bool flip = false;
            for (std::size_t t = 0; t < tours_.size(); ++t)
                for (std::size_t a = 0; a < arcs.size(); ++a) {
                    if (team_used[t] || arc_used[a]) continue;
                    const int front = d(n_ + static_cast<int>(t), arcs[a].front()), back = d(n_ + static_cast<int>(t), arcs[a].back());
                    if (std::min(front, back) < bd) bd = std::min(front, back), bt = t, ba = a, flip = back < front;
                }
            team_used[bt] = 1, arc_used[ba] = 1;
            tours_[bt] = arcs[ba];
            if (flip) std::reverse(tours_[bt].begin(), tours_[bt].end());
        }
    }

    // The points in a short closed order: nearest neighbour, then up to 30 passes of 2-opt.
    std::vector<int> closed_tour() {
        std::vector<int> order(n_);
        std::vector<char> used(n_, 0);
        order[0] = 0, used[0] = 1;
        for (int k = 1; k < n_; ++k) {
            int best = -1;
            for (int v = 0; v < n_; ++v)
                if (!used[v] && (best < 0 || d(order[k - 1], v) < d(order[k - 1], best))) best = v;
            order[k] = best, used[best] = 1;
        }
        for (int pass = 0; pass < 30; ++pass) {
            bool improved = false;
            for (int i = 0; i < n_ - 1; ++i)
                for (int j = i + 2; j < n_ - (i == 0 ? 1 : 0); ++j) {
                    const int a = order[i], b = order[i + 1], c = order[j], e = order[(j + 1) % n_];
                    ++evals_;  // counts toward the search's work
                    if (d(a, c) + d(b, e) < d(a, b) + d(c, e)) {
                        std::reverse(order.begin() + i + 1, order.begin() + j + 1);
                        improved = true;
                    }
                }
            if (!improved) break;
        }
        return order;
    }

    // At most `teams` consecutive stretches of the closed order whose longest walk is the
    // smallest any starting cut allows (binary search on that walk).
    std::vector<std::vector<int>> balanced_arcs(const std::vector<int>& order, int teams) const {
        std::vector<long long> prefix(2 * static_cast<std::size_t>(n_) + 1, 0);
        for (int i = 0; i < 2 * n_; ++i) prefix[i + 1] = prefix[i] + d(order[i % n_], order[(i + 1) % n_]);
        std::vector<int> starts;
        auto cuts_from = [&](long long limit, int q) {  // greedy arcs from cut q; false if too many
            starts.clear();
            for (int pos = q; pos < q + n_;) {
                if (static_cast<int>(starts.size()) == teams) return false;
                starts.push_back(pos);
                int m = 1;
                while (pos + m < q + n_ && prefix[pos + m] - prefix[pos] <= limit) ++m;
                pos += m;
            }
            return true;
        };
        auto feasible = [&](long long limit, int& cut) {
            for (int q = 0; q < n_; ++q)
                if (cuts_from(limit, q)) return cut = q, true;
            return false;
        };
        long long lo = 0, hi = prefix[n_];
        int cut = 0;
        while (lo < hi) {
            const long long mid = (lo + hi) / 2;
            if (feasible(mid, cut)) hi = mid;
            else lo = mid + 1;
        }
        feasible(lo, cut);
        std::vector<std::vector<int>> arcs;
        for (std::size_t k = 0; k < starts.size(); ++k) {
            const int end = k + 1 < starts.size() ? starts[k + 1] : cut + n_;
            arcs.emplace_back();
            for (int i = starts[k]; i < end; ++i) arcs.back().push_back(order[i % n_]);
        }
        return arcs;
    }

    // Moves are tried only next to a point's kNeighbours nearest points (a candidate list),
    // and only around what changed once the search is under way (the work queue below): the
    // old full scans started over after each improvement, spent the whole budget on ~100
    // improvements on map 5 and stopped far from a local optimum (200 M evaluations there
    // still took 29 turns off the closing from the start).
    static constexpr int kNeighbours = 10;
    void build_neighbours() {
        neighbours_.assign(size_, {});
        std::vector<int> order(n_);
        for (int a = 0; a < size_; ++a) {
            std::iota(order.begin(), order.end(), 0);
            const int k = std::min(kNeighbours + 1, n_);
            std::partial_sort(order.begin(), order.begin() + k, order.end(),
                              [&](int x, int y) { return d(a, x) != d(a, y) ? d(a, x) < d(a, y) : x < y; });
            for (int m = 0; m < k && static_cast<int>(neighbours_[a].size()) < kNeighbours; ++m)
                if (order[m] != a) neighbours_[a].push_back(order[m]);
        }
    }
    // Costs, the top three, where each point stands and each tour's prefix / suffix walks,
    // after a change of the tours (all of them, or only tours a and b).
    void refresh() {
        tour_of_.resize(n_), index_of_.resize(n_), costs_.resize(tours_.size());
        pre_.resize(tours_.size()), suf_.resize(tours_.size());
        for (std::size_t t = 0; t < tours_.size(); ++t) refresh_tour(t);
        rank_costs();
    }
    void refresh(std::size_t a, std::size_t b) {
        refresh_tour(a);
        if (b != a) refresh_tour(b);
        rank_costs();
    }
    void refresh_tour(std::size_t t) {
        for (std::size_t i = 0; i < tours_[t].size(); ++i)
            tour_of_[tours_[t][i]] = static_cast<int>(t), index_of_[tours_[t][i]] = static_cast<int>(i);
        pre_[t] = prefix(t, tours_[t]), suf_[t] = suffix(tours_[t]);
        costs_[t] = pre_[t].back();
    }
    Objective current() const {
        Objective o{0, total_};
        for (long long c : costs_) o.first = std::max(o.first, c);
        return o;
    }
    // Points (and team starts, n_ + t) whose moves are to be looked at again: the whole
    // search at first, then only around what a perturbation or an improvement changed.
    void push(int p) {
        if (p < 0 || active_[p]) return;
        active_[p] = 1;
        work_queue_.push_back(p);
    }
    void push_around(int v) {  // a point, the one before it and the one after it
        push(v);
        if (v >= n_) return;
        const std::vector<int>& t = tours_[tour_of_[v]];
        const std::size_t i = index_of_[v];
        push(before(tour_of_[v], t, i));
        if (i + 1 < t.size()) push(t[i + 1]);
    }
    void push_all() {
        active_.assign(size_, 0), work_queue_.clear();
        for (int p = 0; p < size_; ++p) push(p);
    }
    void clear_queue() {
        for (int p : work_queue_) active_[p] = 0;
        work_queue_.clear();
    }
    // Place and point of a team start or a point: (tour, index), the start at index -1.
    std::pair<int, int> place(int p) const { return p >= n_ ? std::pair{p - n_, -1} : std::pair{tour_of_[p], index_of_[p]}; }

    void local_search() {
        while (!work_queue_.empty() && evals_ < 2 * work_) {
            const int v = work_queue_.front();
            work_queue_.pop_front();
            active_[v] = 0;
            if (v < n_ && relocate(v)) continue;
            if (two_opt(v)) continue;
            exchange_tails(v);
        }
    }

    // Point v to the best place next to one of its neighbours (before or after it), in its
    // own tour or another, or first in a tour.
    bool relocate(int v) {
        const int a = tour_of_[v], i = index_of_[v];
        const std::vector<int>& ta = tours_[a];
        const int prev = before(a, ta, i), next = i + 1 < static_cast<int>(ta.size()) ? ta[i + 1] : -1;
        long long rest = costs_[a] - d(prev, v);
        if (next >= 0) rest += d(prev, next) - d(v, next);
        Objective best = current();
        int best_tour = -1, best_pos = -1;
        auto consider = [&](int b, int pos) {  // pos: in tour b once v is out of it
            const std::vector<int>& tb = tours_[b];
            auto at = [&](int k) { return b == a && k >= i ? tb[k + 1] : tb[k]; };
            const int len = static_cast<int>(tb.size()) - (b == a ? 1 : 0);
            const int p = pos == 0 ? n_ + b : at(pos - 1);
            long long add = d(p, v);
            if (pos < len) add += d(v, at(pos)) - d(p, at(pos));
            const Objective o = b == a ? objective_with(a, rest + add, a, rest + add) : objective_with(a, rest, b, costs_[b] + add);
            if (o < best) best = o, best_tour = b, best_pos = pos;
        };
        for (int u : neighbours_[v]) {
            const int b = tour_of_[u];
            int j = index_of_[u];
            if (b == a && j > i) --j;
            consider(b, j), consider(b, j + 1);
        }
        for (int b = 0; b < static_cast<int>(tours_.size()); ++b) consider(b, 0);
        if (best_tour < 0) return false;
        tours_[a].erase(tours_[a].begin() + i);
        tours_[best_tour].insert(tours_[best_tour].begin() + best_pos, v);
        refresh(a, best_tour);
        push(prev), push(next), push_around(v);
        return true;
    }

    // 2-opt: the link from v (a point or a team start) to a neighbour in its own tour, by
    // reversing the stretch between them; only the stretch's two ends change, and a shorter
    // tour never lengthens the longest.
    bool two_opt(int v) {
        const auto [a, i] = place(v);
        std::vector<int>& t = tours_[a];
        const int len = static_cast<int>(t.size());
        for (int u : neighbours_[v]) {
            if (tour_of_[u] != a) continue;
            const int j = index_of_[u];
            const int l = j > i ? i + 1 : j + 1, r = j > i ? j : i;
            if (l >= r) continue;
            ++evals_;
            const int p = before(a, t, l);
            long long delta = d(p, t[r]) - d(p, t[l]);
            if (r + 1 < len) delta += d(t[l], t[r + 1]) - d(t[r], t[r + 1]);
            if (delta >= 0) continue;
            const int after = r + 1 < len ? t[r + 1] : -1;
            std::reverse(t.begin() + l, t.begin() + r + 1);
            refresh(a, a);
            push(p), push(t[l]), push(t[r]), push(after);
            return true;
        }
        return false;
    }

    // 2-opt*: v's tour keeps its points up to v and takes another tour's points from a
    // neighbour of v on, and that tour takes the rest of v's.
    bool exchange_tails(int v) {
        const auto [a, i] = place(v);
        const std::vector<int>& ta = tours_[a];
        const std::size_t keep = static_cast<std::size_t>(i + 1);
        const Objective now = current();
        for (int u : neighbours_[v]) {
            const std::size_t b = tour_of_[u], j = index_of_[u];
            if (static_cast<int>(b) == a) continue;
            const std::vector<int>& tb = tours_[b];
            const int bp = before(b, tb, j);
            const long long ca = pre_[a][keep] + d(v, u) + suf_[b][j];
            const long long cb = pre_[b][j] + (keep < ta.size() ? d(bp, ta[keep]) + suf_[a][keep] : 0);
            if (!(objective_with(a, ca, b, cb) < now)) continue;
            const int a_next = keep < ta.size() ? ta[keep] : -1;
            std::vector<int> na(ta.begin(), ta.begin() + static_cast<long>(keep));
            na.insert(na.end(), tb.begin() + static_cast<long>(j), tb.end());
            std::vector<int> nb(tb.begin(), tb.begin() + static_cast<long>(j));
            nb.insert(nb.end(), ta.begin() + static_cast<long>(keep), ta.end());
            tours_[a] = std::move(na);
            tours_[b] = std::move(nb);
            refresh(a, b);
            push(v), push(u), push(bp), push(a_next);
            return true;
        }
        return false;
    }
    std::vector<long long> prefix(std::size_t team, const std::vector<int>& t) const {
        std::vector<long long> p(t.size() + 1, 0);
        for (std::size_t i = 0; i < t.size(); ++i) p[i + 1] = p[i] + d(before(team, t, i), t[i]);
        return p;
    }
    // Walk from point i to the end (not counting the walk into point i).
    std::vector<long long> suffix(const std::vector<int>& t) const {
        std::vector<long long> s(t.size() + 1, 0);
        for (std::size_t i = t.size(); i-- > 1;) s[i - 1] = s[i] + d(t[i - 1], t[i]);
        return s;
    }

    // A few random relocations; only around them is the local search run again.
    void perturb() {
        clear_queue();
        refresh();  // the tours may have been set back to the best
        const int moves = 1 + static_cast<int>(rng_.below(3));
        std::vector<int> moved;
        for (int k = 0; k < moves; ++k) {
            const std::size_t a = rng_.below(tours_.size());
            if (tours_[a].empty()) continue;
            const std::size_t i = rng_.below(tours_[a].size());
            const int v = tours_[a][i];
            moved.push_back(before(a, tours_[a], i));
            if (i + 1 < tours_[a].size()) moved.push_back(tours_[a][i + 1]);
            tours_[a].erase(tours_[a].begin() + static_cast<long>(i));
            const std::size_t b = rng_.below(tours_.size());
            tours_[b].insert(tours_[b].begin() + static_cast<long>(rng_.below(tours_[b].size() + 1)), v);
            refresh(a, b);
            moved.push_back(v);
        }
        for (int v : moved) push_around(v);
    }

    int n_, size_;
    std::vector<int> dist_;
    std::vector<std::vector<int>> tours_;
    std::vector<long long> costs_;
    long long total_ = 0;
    std::array<int, 3> top_{-1, -1, -1};
    std::vector<std::vector<int>> neighbours_;  // per point and team start: its nearest points
    std::vector<int> tour_of_, index_of_;        // per point: its tour and place in it
    std::vector<std::vector<long long>> pre_, suf_;  // per tour: prefix(), suffix()
    std::vector<char> active_;                   // per point and team start: queued
    std::deque<int> work_queue_;
    Rng rng_;
    long long work_, evals_ = 0;
};

// Walks the tours: each leader heads for its next viewpoint that still has something to
// see; buddies keep within two steps' walk of it and take the cells that show most.
class TourWalker {
public:
    TourWalker(const Map& map, const WalkGraph& graph, std::vector<Team> teams, std::vector<std::vector<TeamView>> tours)
        : map_(map), graph_(graph), teams_(std::move(teams)), tours_(std::move(tours)), pos_(teams_.size(), 0),
          field_target_(teams_.size(), -1), fields_(teams_.size()), waits_(teams_.size(), 0),
          sight_target_(teams_.size(), -1), sight_(graph.cells()), at_view_(teams_.size(), 0),
          buddy_fields_(teams_.size()), buddy_field_target_(teams_.size(), -1), pair_best_(teams_.size(), INT_MAX),
          pair_stall_(teams_.size(), 0), lead_cell_(teams_.size(), -1) {}

    bool done() const {
        for (std::size_t t = 0; t < teams_.size(); ++t)
            if (pos_[t] < tours_[t].size()) return false;
        return true;
    }
    bool jammed() const {
        return std::any_of(waits_.begin(), waits_.end(), [](int w) { return w > 8; });
    }

    Moves step(const State& s) {
        const auto& actors = s.actors();
        Moves out = s.all_stay();
        next_.resize(actors.size());
        for (std::size_t a = 0; a < actors.size(); ++a) next_[a] = map_.index(actors[a].x, actors[a].y);
        for (std::size_t t = 0; t < teams_.size(); ++t) move_team(s, t, out);
        return out;
    }

private:
    void move_team(const State& s, std::size_t t, Moves& out) {
        const Team& team = teams_[t];
        const int here = next_[team.leader];
        auto& tour = tours_[t];
        // A pair viewpoint is done when the two views show nothing new, or when the leader
        // has stood on its cell for kSlotWaits turns (its buddy cannot reach the other).
        while (pos_[t] < tour.size()) {
            const TeamView& v = tour[pos_[t]];
            const int left = s.unsearched_in_view(v.cell) + (v.slot >= 0 ? s.unsearched_in_view(v.slot) : 0);
            const bool paired = v.slot >= 0 && !team.followers.empty();
            const bool stood = paired ? (lead_cell_[t] == here && at_view_[t] >= kSlotWaits) : v.cell == here;
            if (left > 0 && paired) {
                const int one = single_cell_for(s, v);
                if (one >= 0) {  // what is left fits one person's view: a one-person viewpoint
                    tour[pos_[t]] = TeamView{one, -1};
                    reset_pair(t);
                    continue;
                }
            }
            if (left > 0 && !stood) break;
            if (left > 0 && paired) {  // the buddy cannot get there: the leader goes itself
                tour[pos_[t]] = TeamView{lead_cell_[t] == v.cell ? v.slot : v.cell, -1};
                reset_pair(t);
                continue;
            }
            ++pos_[t];
            reset_pair(t);
        }
        int to = here;
        if (pos_[t] < tour.size()) {
            const TeamView& v = tour[pos_[t]];
            if (v.slot >= 0 && !team.followers.empty() && move_pair(s, t, v, out)) {
                waits_[t] = 0;
                return;
            }
            const TeamView& now = tour[pos_[t]];  // move_pair may have split it into two
            if (now.slot >= 0 && lead_cell_[t] >= 0) to = step_toward(s, t, here, lead_cell_[t], false);
            else to = now.cell == here ? here : step_toward(s, t, here, now.cell, true);
        }
        if (place_team(s, t, to, false, out)) {
            waits_[t] = 0;
            return;
        }
        // A buddy cannot keep up: the leader waits and the buddies close up.
        ++waits_[t];
        if (!place_team(s, t, here, true, out)) {
            for (int f : team.followers) out[f] = '5', next_[f] = map_.index(s.actors()[f].x, s.actors()[f].y);
            out[team.leader] = '5';
        }
    }

    // A pair viewpoint: leader and first buddy each walk to one of its two cells (whichever
    // assignment is nearer), choosing together among their 9 x 9 steps the one that keeps the
    // buddy in sight and within two steps' walk and brings the later of the two nearest (then
    // both, then the most cells shown), so the buddy may overtake. Other buddies as usual.
    bool move_pair(const State& s, std::size_t t, const TeamView& v, Moves& out) {
        const Team& team = teams_[t];
        const auto& actors = s.actors();
        const int F = team.followers.front();
        const int L = next_[team.leader], B = map_.index(actors[F].x, actors[F].y);
        if (lead_cell_[t] < 0) {
            const int straight = std::max(chebyshev(L, v.cell), chebyshev(B, v.slot));
            const int swapped = std::max(chebyshev(L, v.slot), chebyshev(B, v.cell));
            lead_cell_[t] = straight <= swapped ? v.cell : v.slot;
        }
        const int lead_to = lead_cell_[t], buddy_to = lead_to == v.cell ? v.slot : v.cell;
        if (lead_to == L) ++at_view_[t];
        const Field fl = field(fields_[t], field_target_[t], lead_to, L);
        const Field fb = field(buddy_fields_[t], buddy_field_target_[t], buddy_to, B);
        if (fl[L] < 0 || fb[B] < 0) return false;
        int best_l = -1, best_b = -1;
        std::tuple<int, int, int> best{INT_MAX, INT_MAX, INT_MAX};
        for (int dl = -1; dl < graph_.start[L + 1] - graph_.start[L]; ++dl) {
            const int l = dl < 0 ? L : graph_.next[graph_.start[L] + dl];
            if (fl[l] < 0) continue;
            const auto near = walk_within_two(map_.x_of(l), map_.y_of(l));
            for (int db = -1; db < graph_.start[B + 1] - graph_.start[B]; ++db) {
                const int b = db < 0 ? B : graph_.next[graph_.start[B] + db];
                const int bx = map_.x_of(b) - map_.x_of(l), by = map_.y_of(b) - map_.y_of(l);
                if (fb[b] < 0 || std::abs(bx) > 2 || std::abs(by) > 2 || !near[(by + 2) * 5 + bx + 2]) continue;
                if (!sees(map_.x_of(l), map_.y_of(l), map_.x_of(b), map_.y_of(b))) continue;
                const std::tuple<int, int, int> key{std::max(fl[l], fb[b]), fl[l] + fb[b],
                                                    -(s.unsearched_in_view(l) + s.unsearched_in_view(b))};
                if (key < best) best = key, best_l = l, best_b = b;
            }
        }
        // No progress for kSlotWaits turns (walls between the two cells): two one-person views.
        if (std::get<0>(best) < pair_best_[t]) pair_best_[t] = std::get<0>(best), pair_stall_[t] = 0;
        else ++pair_stall_[t];
        if (best_l < 0 || pair_stall_[t] > kSlotWaits) {
            auto& tour = tours_[t];
            tour[pos_[t]] = TeamView{lead_to, -1};
            tour.insert(tour.begin() + static_cast<long>(pos_[t]) + 1, TeamView{buddy_to, -1});
            reset_pair(t);
            return false;
        }
        return place_team(s, t, best_l, false, out, best_b);
    }
    // The cell of pair viewpoint v that sees every cell v has left to show, -1 if neither
    // does: then one person will do, and the one-person rules (skip, into sight) apply. Cells
    // anywhere near that see them all, nearest first or fewest others first, did no better.
    int single_cell_for(const State& s, const TeamView& v) {
        left_.clear();
        for (int centre : {v.cell, v.slot}) append_left_in_view(s, centre, left_);
        for (int centre : {v.cell, v.slot})
            if (sees_all(map_.x_of(centre), map_.y_of(centre), left_)) return centre;
        return -1;
    }
    // The unsearched cells `centre` sees, appended to `out`.
    void append_left_in_view(const State& s, int centre, std::vector<int>& out) const {
        const int cx = map_.x_of(centre), cy = map_.y_of(centre);
        for (const Offset& o : vision_offsets())
            if (map_.open_at(cx + o.dx, cy + o.dy) && !s.searched(map_.index(cx + o.dx, cy + o.dy)))
                out.push_back(map_.index(cx + o.dx, cy + o.dy));
    }
    bool sees_all(int x, int y, const std::vector<int>& cells) const {
        for (int c : cells)
            if (!sees(x, y, map_.x_of(c), map_.y_of(c))) return false;
        return true;
    }
    void reset_pair(std::size_t t) { at_view_[t] = 0, lead_cell_[t] = -1, pair_best_[t] = INT_MAX, pair_stall_[t] = 0; }
    int chebyshev(int a, int b) const {
        return pursuit::chebyshev(Cell{map_.y_of(a), map_.x_of(a)}, Cell{map_.y_of(b), map_.x_of(b)});
    }
    // Walking distances to `target`, read only at `around` and its neighbours: the walk from
    // the target is kept while the target stays and grown just far enough to label them
    // (a team closes in on its target, so most turns it needs no new cells).
    struct Field {
        const GrowingWalk& walk;
        int operator[](int cell) const { return walk.dist(cell); }  // -1: unreachable
    };
    Field field(GrowingWalk& cache, int& cached_target, int target, int around) {
        if (cached_target != target) {
            if (cached_target < 0) cache = GrowingWalk(graph_.cells());  // first use
            cache.start(target);
            cached_target = target;
        }
        const int d = cache.reach(graph_, around);
        if (d >= 0) cache.grow_to(graph_, d + 1);
        return Field{cache};
    }

    // One step toward `target`: near it, into sight of what it has left to show; else on a
    // shortest walk, of the equally short steps the one that shows most unsearched cells (the
    // first in neighbour order zigzags along a straight run, and a walk through unsearched
    // ground does some of the work on the way: 977 -> 973 turns, 0.7 turns sooner per closing
    // over 33 closings).
    int step_toward(const State& s, std::size_t t, int from, int target, bool into_sight) {
        const Field f = field(fields_[t], field_target_[t], target, from);
        // Once near, the team keeps heading into sight (the walk to the nearest cell that sees
        // what is left only gets shorter), else the two rules could pull it back and forth.
        if (into_sight && (sight_target_[t] == target || f[from] <= kSightWalk)) {
            const int step = step_into_sight(s, from, target);
            if (step >= 0) {
                sight_target_[t] = target;
                return step;
            }
        }
        if (chebyshev(from, target) == 1) return target;
        int best = from, best_shows = -1;
        for (int k = graph_.start[from]; k < graph_.start[from + 1]; ++k) {
            const int c = graph_.next[k];
            if (f[c] < 0 || (f[best] >= 0 && f[c] > f[best])) continue;
            const int shows = s.unsearched_in_view(c);
            if (f[best] < 0 || f[c] < f[best] || shows > best_shows) best = c, best_shows = shows;
        }
        return best;
    }

    // Near a viewpoint, the leader need not stand on it: any cell that sees every cell the
    // viewpoint has left to show will do. One step toward the nearest such cell (walking
    // distances within kSightWalk + 2 steps; the viewpoint itself is such a cell), -1 if none
    // is that near. Measured over 33
    // closings (maps 3-5, cuts 40..90 % of the first variant's plan): 0.7 turns sooner each
    // (radius 2, 4 and 8 alike); the pipeline 973 -> 971.
    static constexpr int kSightWalk = 4;
    int step_into_sight(const State& s, int from, int target) {
        const int tx = map_.x_of(target), ty = map_.y_of(target);
        left_.clear();
        append_left_in_view(s, target, left_);
        if (left_.empty()) return -1;
        sight_cells_.clear();
        for (int y = ty - 4; y <= ty + 4; ++y)  // a cell that sees them all lies within 4 of the viewpoint
            for (int x = tx - 4; x <= tx + 4; ++x) {
                if (!map_.open_at(x, y) || !sees_all(x, y, left_)) continue;
                sight_cells_.push_back(map_.index(x, y));
            }
        sight_.walk(graph_, sight_cells_, kSightWalk + 2);  // walking distances to the nearest of them
        int best = -1, best_dist = INT_MAX, best_shows = -1;
        for (int k = graph_.start[from]; k < graph_.start[from + 1]; ++k) {
            const int c = graph_.next[k];
            const int dist = sight_.dist(c);
            if (dist < 0) continue;
            const int shows = s.unsearched_in_view(c);
            if (dist < best_dist || (dist == best_dist && shows > best_shows)) best = c, best_dist = dist, best_shows = shows;
        }
        return best;
    }

    // Cells of the 5x5 square around (lx, ly) within two king steps' walk over open cells.
    std::array<bool, 25> walk_within_two(int lx, int ly) const {
        std::array<bool, 25> near{};
        near[12] = true;
        for (int round = 0; round < 2; ++round) {
            std::array<bool, 25> grown = near;
            for (int i = 0; i < 25; ++i) {
                if (!near[i]) continue;
                for (int dy = -1; dy <= 1; ++dy)
                    for (int dx = -1; dx <= 1; ++dx) {
                        const int cx = i % 5 + dx, cy = i / 5 + dy;
                        if (cx >= 0 && cy >= 0 && cx <= 4 && cy <= 4 && map_.open_at(lx + cx - 2, ly + cy - 2))
                            grown[cy * 5 + cx] = true;
                    }
            }
            near = grown;
        }
        return near;
    }

    // Leader to lcell, buddies placed in order; false if a buddy has no cell that keeps it
    // seen by those it depends on and near enough to keep up. `close_up`: nearest the leader.
    bool place_team(const State& s, std::size_t t, int lcell, bool close_up, Moves& out, int first_at = -1) {
        const Team& team = teams_[t];
        const auto& actors = s.actors();
        const int lx = map_.x_of(lcell), ly = map_.y_of(lcell);
        const auto near = walk_within_two(lx, ly);
        std::vector<int> placed(team.followers.size());
        for (std::size_t f = 0; f < team.followers.size(); ++f) {
            const int F = team.followers[f];
            if (f == 0 && first_at >= 0) {  // chosen with the leader's step (move_pair)
                placed[f] = next_[F] = first_at;
                continue;
            }
            int best = -1;
            long long best_score = LLONG_MIN;
            for (int dy = -1; dy <= 1; ++dy)
                for (int dx = -1; dx <= 1; ++dx) {
                    const int x = actors[F].x + dx, y = actors[F].y + dy;
                    if (!map_.open_at(x, y) || std::abs(x - lx) > 2 || std::abs(y - ly) > 2) continue;
                    if (!near[(y - ly + 2) * 5 + (x - lx + 2)]) continue;
                    bool ok = true;
                    for (int w : team.must_see[f]) {
                        const int wc = w == team.leader ? lcell : next_[w];
                        ok = ok && sees(x, y, map_.x_of(wc), map_.y_of(wc));
                    }
                    if (!ok) continue;
                    const int gap = std::max(std::abs(x - lx), std::abs(y - ly));
                    const long long score = close_up ? -gap : 8LL * s.unsearched_in_view(map_.index(x, y)) - gap;
                    if (score > best_score) best_score = score, best = map_.index(x, y);
                }
            if (best < 0) return false;
            placed[f] = best;
            next_[F] = best;  // later buddies check their sight against it
        }
        next_[team.leader] = lcell;
        out[team.leader] = step_digit(lx - actors[team.leader].x, ly - actors[team.leader].y);
        for (std::size_t f = 0; f < team.followers.size(); ++f) {
            const int F = team.followers[f];
            out[F] = step_digit(map_.x_of(placed[f]) - actors[F].x, map_.y_of(placed[f]) - actors[F].y);
        }
        return true;
    }

    static constexpr int kSlotWaits = 2;  // turns a pair waits on a viewpoint, or without progress to it
    const Map& map_;
    const WalkGraph& graph_;
    std::vector<Team> teams_;
    std::vector<std::vector<TeamView>> tours_;
    std::vector<std::size_t> pos_;
    std::vector<int> field_target_;
    std::vector<GrowingWalk> fields_;
    std::vector<int> waits_, next_;
    std::vector<int> sight_target_;  // per team: the viewpoint it is heading into sight of
    NearWalk sight_;                 // walking distances to the cells in sight of it
    std::vector<int> sight_cells_, left_;
    // Pair viewpoints, per team:
    std::vector<int> at_view_;                    // turns the leader has stood on its cell
    std::vector<GrowingWalk> buddy_fields_;       // walking distances to the buddy's cell
    std::vector<int> buddy_field_target_;
    std::vector<int> pair_best_, pair_stall_;     // the later member's nearest walk so far, turns without progress
    std::vector<int> lead_cell_;                  // the leader's cell of the two (-1 not chosen yet)
};

// The viewpoints of the unsearched cells and the walks between them and from the leaders, as
// the tour search prices them; they do not depend on the search's seed, so several seeds
// share one table (the cover and the walks were 40 % of map 5's CPU).
struct ClosingTable {
    bool too_big = false;   // past the walk budget: no closing
    std::vector<TeamView> views;
    std::vector<int> dist;  // (views + teams)^2, the teams' starts last
};

ClosingTable closing_table(const State& s, const WalkGraph& graph, const std::vector<Team>& teams, const FinishParams& params) {
    const Map& map = s.map();
    ClosingTable table;
    std::vector<int> todo;
    for (int c = 0; c < static_cast<int>(map.open.size()); ++c)
        if (map.open[c] && !s.searched(c)) todo.push_back(c);
    // A view shows at most 33 cells: when even that many views are past the walk budget
    // below, the cover is not worth making (0.85 s on a 256 x 256 open map).
    const long long fewest = (static_cast<long long>(todo.size()) + 32) / 33;
    table.too_big = fewest * map.open_count() > params.max_walks;
    if (table.too_big) return table;
    std::vector<TeamView>& views = table.views;
    if (params.pair_views) views = cover_pair_views(map, todo, params.pair_cover);
    else
        for (int c : cover_points(map, todo, params.cover_d2)) views.push_back({c, -1});
    // One walk per viewpoint over the whole map: past the budget this cut is not tried.
    table.too_big = static_cast<long long>(views.size()) * map.open_count() > params.max_walks;
    if (table.too_big) return table;
    // Points: the viewpoints, then the leaders; each stands on one or two of the distinct
    // cells walked from. A pair walks from one viewpoint to the next in the longer of its two
    // members' walks, matched the better way round (one person: the one walk).
    std::vector<int> spots;
    std::vector<std::pair<int, int>> ends;  // per point: its two cells, as indices into spots
    auto spot = [&](int cell) {
        spots.push_back(cell);
        return static_cast<int>(spots.size()) - 1;
    };
    for (const TeamView& v : views) {
        const int a = spot(v.cell);
        ends.emplace_back(a, v.slot >= 0 ? spot(v.slot) : a);
    }
    for (const Team& team : teams) {
        const int a = spot(map.index(s.actors()[team.leader].x, s.actors()[team.leader].y));
        ends.emplace_back(a, a);
    }
    const int cells = static_cast<int>(spots.size()), size = static_cast<int>(ends.size());
    const std::vector<int> walk = walk_table(graph, spots);
    auto w = [&](int a, int b) { return std::max(0, walk[static_cast<std::size_t>(a) * cells + b]); };
    std::vector<int>& dist = table.dist;
    dist.resize(static_cast<std::size_t>(size) * size);
    for (int a = 0; a < size; ++a)
        for (int b = 0; b < size; ++b) {
            const auto [a1, a2] = ends[a];
            const auto [b1, b2] = ends[b];
            dist[static_cast<std::size_t>(a) * size + b] = std::min(std::max(w(a1, b1), w(a2, b2)), std::max(w(a1, b2), w(a2, b1)));
        }
    return table;
}

// The table's viewpoints shared among the teams by the tour search with `seed` (per team).
std::vector<std::vector<TeamView>> search_tours(const ClosingTable& table, std::size_t teams, const FinishParams& params,
                                                std::uint64_t seed) {
    MultiTour search(static_cast<int>(table.views.size()), static_cast<int>(teams), table.dist, seed, params.work);
    std::vector<std::vector<TeamView>> tours;
    for (const auto& tour : search.solve(params.search_rounds)) {
        tours.emplace_back();
        for (int v : tour) tours.back().push_back(table.views[v]);
    }
    return tours;
}

// finish_with_tours_seeded on a graph and teams the caller has (the walk of a pair closing
// closes its holes with it).
std::vector<Plan> close_with_tours(const State& mid, const WalkGraph& graph, const std::vector<Team>& teams,
                                   const FinishParams& params, const std::vector<std::uint64_t>& seeds, int max_turns,
                                   const std::function<bool()>& go_on = nullptr);

// Walks `tours` from `mid`, then closes what they leave (one-person tours after pair
// viewpoints, else the policy); a plan where anybody dies is not complete.
Plan walk_tours(const State& mid, const WalkGraph& graph, const std::vector<Team>& teams,
                std::vector<std::vector<TeamView>> tours, const FinishParams& params, int max_turns) {
    State s = mid;
    Plan plan;
    const int people = s.costars_alive() + s.extras_alive();
    TourWalker walker(s.map(), graph, teams, std::move(tours));
    while (!s.finished() && !walker.done() && !walker.jammed() && s.turns() - mid.turns() < max_turns && !stop_requested()) {
        Moves m = walker.step(s);
        s.play(m);
        plan.moves.push_back(std::move(m));
        if (s.costars_alive() + s.extras_alive() < people) return plan;  // not complete: never kept
    }
    // The policy plays on from where the tours stop (no moves if the search is over) and
    // counts the result.
    Plan tail;
    if (params.pair_views && !s.finished()) {  // the holes pair viewpoints left: one-person tours
        FinishParams single = params;
        single.pair_views = false;  // (nobody died, so the teams are the same)
        tail = close_with_tours(s, graph, teams, single, {single.seed}, max_turns - (s.turns() - mid.turns())).front();
    } else {
        tail = run_policy(s, params.policy, max_turns - (s.turns() - mid.turns()));
    }
    plan.moves.insert(plan.moves.end(), tail.moves.begin(), tail.moves.end());
    plan.complete = tail.complete && tail.costars + tail.extras == people;
    plan.turns = tail.turns, plan.costars = tail.costars, plan.extras = tail.extras;
    return plan;
}

std::vector<Plan> close_with_tours(const State& mid, const WalkGraph& graph, const std::vector<Team>& teams,
                                   const FinishParams& params, const std::vector<std::uint64_t>& seeds, int max_turns,
                                   const std::function<bool()>& go_on) {
    const ClosingTable table = closing_table(mid, graph, teams, params);
    if (table.too_big || teams.empty()) return std::vector<Plan>(seeds.size());  // not complete: never kept
    // The seeds side by side (common/parallel.h): each plan depends on its seed alone. Under a
    // time limit (go_on) a seed after the first starts only while time remains.
    std::vector<Plan> plans(seeds.size());
    const std::vector<char> made = parallel_for_while(seeds.size(), 1, go_on, [&](std::size_t k) {
        plans[k] = walk_tours(mid, graph, teams, search_tours(table, teams.size(), params, seeds[k]), params, max_turns);
    });
    std::vector<Plan> kept;
    for (std::size_t k = 0; k < seeds.size(); ++k)
        if (made[k]) kept.push_back(std::move(plans[k]));
    return kept;
}

}  // namespace

std::vector<Plan> finish_with_tours_seeded(const State& mid, const FinishParams& params, const std::vector<std::uint64_t>& seeds,
                                           int max_turns, const std::function<bool()>& go_on) {
    return close_with_tours(mid, WalkGraph(mid.map()), form_teams(mid, 3), params, seeds, max_turns, go_on);
}

std::vector<Plan> finish_teams_with_tours(const State& mid, const std::vector<Team>& teams, const FinishParams& params,
                                          const std::vector<std::uint64_t>& seeds, int max_turns) {
    return close_with_tours(mid, WalkGraph(mid.map()), teams, params, seeds, max_turns);
}

Plan finish_with_tours(const State& mid, const FinishParams& params, int max_turns) {
    return finish_with_tours_seeded(mid, params, {params.seed}, max_turns).front();
}

Plan splice_finish(const State& start, const Plan& best, int percent, const FinishParams& params) {
    return splice_with(
        start, best, percent,
        [&](const State& mid, int max_turns) { return finish_with_tours(mid, params, max_turns); }, "closing tours");
}

// Measured on maps 3-5 (40-95 %): earlier cuts leave so many viewpoints that the bounded
// tour search orders them worse than the greedy; later ones leave nothing to gain.
std::vector<int> default_finish_cuts() { return {55, 60, 65, 70, 75, 80, 85}; }

FinishParams default_finish(int open_cells) {
    FinishParams p;
    p.pair_views = true;
    if (open_cells >= 5000) p.work = 10000000;
    return p;
}

Plan replan_finishes(const State& start, Plan best, const std::vector<int>& percents, const FinishParams& params,
                     const std::function<bool()>& go_on) {
    return keep_better_splices(
        std::move(best), percents, [&](const Plan& plan, int percent) { return splice_finish(start, plan, percent, params); },
        go_on);
}

}  // namespace pursuit::searchparty
