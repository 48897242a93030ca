// Owns: Solver and dismantlable (see solver.h).
#include "copsrobbers/solver.h"

#include <algorithm>
#include <cmath>

#include "common/errors.h"

namespace pursuit::copsrobbers {
namespace {

constexpr std::uint8_t kUnknown = Solver::kNever;

// Calls f(choice) for every joint move: choice[i] in the closed neighbourhood of at[i].
template <class F>
void for_each_joint_move(const Graph& g, const std::vector<int>& at, F&& f) {
    const int c = static_cast<int>(at.size());
    std::vector<int> pick(c, 0), choice(c);
    for (int i = 0; i < c; ++i) choice[i] = at[i];
    while (true) {
        f(choice);
        int i = 0;
        for (; i < c; ++i) {  // odometer over {stay, neighbours...}
            ++pick[i];
            if (pick[i] <= g.degree(at[i])) {
                choice[i] = g.neighbours(at[i])[pick[i] - 1];
                break;
            }
            pick[i] = 0;
            choice[i] = at[i];
        }
        if (i == c) return;
    }
}

double closed_degree_mean(const Graph& g) {
    double s = 0;
    for (int v = 0; v < g.size(); ++v) s += g.degree(v) + 1;
    return g.size() ? s / g.size() : 1;
}

// A double, not a size_t: in WebAssembly size_t has 32 bits, and C(207, 8) ~ 8.5e13 cast to it
// came out small, so `fits` said yes and the solver's tables threw "vector" / bad_alloc (the
// page's solver line for grid-10x10 with 8 cops).
double choose(int a, int k) {
    if (k < 0 || a < k) return 0;
    double r = 1;
    for (int i = 1; i <= k; ++i) r = r * (a - k + i) / i;
    return std::floor(r + 0.5);
}

// The solver's tables hold one entry per (multiset of cop crossings, X's crossing).
double table_states(int crossings, int cops) { return choose(crossings + cops - 1, cops) * crossings; }

// Above this many states the tables do not fit (fits() says no; the constructor refuses).
constexpr double kMaxStates = 2.0e7;

}  // namespace

double Solver::estimated_work(const Graph& g, int cops) {
    const double states = table_states(g.size(), cops);
    double joint = 1;
    for (int i = 0; i < cops; ++i) joint *= closed_degree_mean(g);
    return states * (joint + 2);
}

bool Solver::fits(const Graph& g, int cops, double work_budget) {
    const double states = table_states(g.size(), cops);
    return states <= kMaxStates && estimated_work(g, cops) <= work_budget;
}

Solver::Solver(const Graph& g, int cops, int horizon, std::function<bool()> should_stop)
    : g_(g), n_(g.size()), cops_(cops), horizon_(std::min(horizon, kMaxHorizon)), should_stop_(std::move(should_stop)) {
    if (cops < 1 || cops > kMaxSolverCops) throw InputError("solver: 1..8 cops");
    if (table_states(n_, cops_) > kMaxStates) throw InputError("solver: the state space is too big for the exact solver");
    binom_.assign(n_ + cops_ + 1, std::vector<std::size_t>(cops_ + 2, 0));
    for (int a = 0; a <= n_ + cops_; ++a) {
        binom_[a][0] = 1;
        for (int k = 1; k <= cops_ + 1 && k <= a; ++k) binom_[a][k] = binom_[a - 1][k - 1] + (k <= a - 1 ? binom_[a - 1][k] : 0);
    }
    multisets_ = binom_[n_ + cops_ - 1][cops_];
    // Enumerate multisets in rank order (colex over b_i = a_i + i).
    members_.assign(multisets_ * cops_, 0);
    std::vector<int> cur(cops_, 0);
    for (std::size_t r = 0; r < multisets_; ++r) {
        std::copy(cur.begin(), cur.end(), members_.begin() + static_cast<std::ptrdiff_t>(r * cops_));
        // next multiset in colex order: increase the lowest position that can grow
        int i = 0;
        while (i + 1 < cops_ && cur[i] == cur[i + 1]) ++i;
        ++cur[i];
        for (int j = 0; j < i; ++j) cur[j] = 0;
    }
    solve();
}

std::size_t Solver::rank(std::vector<int> s) const { return rank_of(s.data()); }

std::size_t Solver::rank_of(const int* cops) const {
    int t[kMaxSolverCops];  // insertion sort on the stack: this is the solver's hot path
    for (int i = 0; i < cops_; ++i) {
        int v = cops[i], j = i;
        while (j > 0 && t[j - 1] > v) t[j] = t[j - 1], --j;
        t[j] = v;
    }
    std::size_t r = 0;
    for (int i = 0; i < cops_; ++i) r += binom_[t[i] + i][i + 1];
    return r;
}

void Solver::solve() {
    const std::size_t total = multisets_ * n_;
    robber_value_.assign(total, kUnknown);
    cop_value_.assign(total, kUnknown);
    std::vector<std::uint8_t> open(total, 0);  // closed degree <= 200 fits a byte  // X-to-move: replies not yet known to lose
    std::vector<std::uint32_t> queue;           // state | (1<<31 for X-to-move states)
    queue.reserve(total / 2);
    const std::uint32_t robber_flag = 1u << 31;
    std::vector<char> on_cop(n_), near_cop(n_);
    // One bit per cops-to-move state: "value known". 500 KB for C = 2, N = 200, so the
    // predecessor checks (the hot loop) hit the cache instead of the 8 MB value table.
    std::vector<std::uint64_t> cop_known((total + 63) / 64, 0);
    auto known = [&](std::size_t t) { return (cop_known[t >> 6] >> (t & 63)) & 1; };
    auto mark = [&](std::size_t t) { cop_known[t >> 6] |= std::uint64_t{1} << (t & 63); };

    for (std::size_t m = 0; m < multisets_; ++m) {
        std::fill(on_cop.begin(), on_cop.end(), 0);
        std::fill(near_cop.begin(), near_cop.end(), 0);
        for (int i = 0; i < cops_; ++i) {
            int c = members_[m * cops_ + i];
            on_cop[c] = 1;
            for (int w : g_.neighbours(c)) near_cop[w] = 1;
        }
        for (int x = 0; x < n_; ++x) {
            if (on_cop[x]) continue;
            int free = 1;
            for (int w : g_.neighbours(x)) free += !on_cop[w];
            open[index(m, x)] = static_cast<std::uint8_t>(free);
            if (near_cop[x]) {
                cop_value_[index(m, x)] = 0;
                mark(index(m, x));
                queue.push_back(static_cast<std::uint32_t>(index(m, x)));
            }
        }
    }
    for (std::size_t head = 0; head < queue.size(); ++head) {
        if ((head & 0xFFFF) == 0 && should_stop_ && should_stop_()) return;  // complete_ stays false
        const std::uint32_t item = queue[head];
        const std::size_t s = item & ~robber_flag;
        const std::size_t m = s % multisets_;
        const int x = static_cast<int>(s / multisets_);
        const int* members = &members_[m * cops_];
        if (!(item & robber_flag)) {
            // Cops-to-move (m, x) has value c: X states (m, y) with y next to x lose one reply.
            const int value = cop_value_[s] + 1;
            if (value > horizon_) continue;
            auto settle = [&](int y) {
                for (int i = 0; i < cops_; ++i)
                    if (members[i] == y) return;
                const std::size_t t = index(m, y);
                if (robber_value_[t] != kUnknown) return;
                if (--open[t] == 0) {
                    robber_value_[t] = static_cast<std::uint8_t>(value);
                    queue.push_back(static_cast<std::uint32_t>(t) | robber_flag);
                }
            };
            settle(x);
            for (int y : g_.neighbours(x)) settle(y);
        } else {
            // X-to-move (m, x) has value r: every cop placement one move before reaches it.
            const std::uint8_t value = robber_value_[s];
            // Odometer over every cop's {stay, neighbours}, without allocations.
            int pick[kMaxSolverCops], before[kMaxSolverCops];
            for (int i = 0; i < cops_; ++i) pick[i] = 0, before[i] = members[i];
            while (true) {
                bool on_x = false;
                for (int i = 0; i < cops_; ++i) on_x |= before[i] == x;
                if (!on_x) {
                    const std::size_t t = index(rank_of(before), x);
                    if (!known(t)) {
                        mark(t);
                        cop_value_[t] = value;
                        queue.push_back(static_cast<std::uint32_t>(t));
                    }
                }
                int i = 0;
                for (; i < cops_; ++i) {
                    const auto& nb = g_.neighbours(members[i]);
                    if (++pick[i] <= static_cast<int>(nb.size())) {
                        before[i] = nb[pick[i] - 1];
                        break;
                    }
                    pick[i] = 0;
                    before[i] = members[i];
                }
                if (i == cops_) break;
            }
        }
    }
    complete_ = true;
}

int Solver::robber_to_move(const std::vector<int>& cops, int x) const {
    for (int c : cops)
        if (c == x) return 0;
    return robber_value_[index(rank(cops), x)];
}

int Solver::cops_to_move(const std::vector<int>& cops, int x) const {
    for (int c : cops)
        if (c == x) return 0;
    return cop_value_[index(rank(cops), x)];
}

std::vector<int> Solver::best_cops_move(const std::vector<int>& cops, int x) const {
    for (std::size_t i = 0; i < cops.size(); ++i)
        if (g_.has_edge(cops[i], x) || cops[i] == x) {
            std::vector<int> out = cops;
            out[i] = x;
            return out;
        }
    int best = kNever;
    std::vector<int> best_move;
    for_each_joint_move(g_, cops, [&](const std::vector<int>& to) {
        const int v = robber_to_move(to, x);
        if (v < best) best = v, best_move = to;
    });
    return best_move;
}

int Solver::best_robber_move(const std::vector<int>& cops, int x) const {
    int best = -1, best_value = -1;
    auto consider = [&](int y) {
        const int v = cops_to_move(cops, y);
        if (v > best_value) best_value = v, best = y;
    };
    consider(x);
    for (int y : g_.neighbours(x)) consider(y);
    return best;
}

int Solver::worst_start_value() const {
    int worst = 0;
    std::vector<char> blocked(n_);
    for (std::size_t m = 0; m < multisets_; ++m) {
        const int* members = &members_[m * cops_];
        std::fill(blocked.begin(), blocked.end(), 0);
        bool valid = true;
        for (int i = 0; i < cops_; ++i) {
            if (blocked[members[i]]) valid = false;
            blocked[members[i]] = 1;
            for (int w : g_.neighbours(members[i])) blocked[w] = 1;
        }
        if (!valid) continue;  // two cops on the same or adjacent crossings
        for (int x = 0; x < n_; ++x)
            if (!blocked[x]) worst = std::max<int>(worst, robber_value_[index(m, x)]);
    }
    return worst;
}

bool Solver::cops_win_textbook() const {
    for (std::size_t m = 0; m < multisets_; ++m) {
        bool all = true;
        for (int x = 0; x < n_ && all; ++x) {
            bool on = false;
            for (int i = 0; i < cops_; ++i) on = on || members_[m * cops_ + i] == x;
            if (!on && cop_value_[index(m, x)] == kUnknown) all = false;
        }
        if (all) return true;
    }
    return false;
}

bool dismantlable(const Graph& g) {
    const int n = g.size();
    std::vector<std::vector<char>> closed(n, std::vector<char>(n, 0));
    for (int v = 0; v < n; ++v) {
        closed[v][v] = 1;
        for (int w : g.neighbours(v)) closed[v][w] = 1;
    }
    std::vector<char> alive(n, 1);
    int left = n;
    bool removed = true;
    while (left > 1 && removed) {
        removed = false;
        for (int v = 0; v < n && !removed; ++v) {
            if (!alive[v]) continue;
            for (int u = 0; u < n && !removed; ++u) {
                if (u == v || !alive[u] || !closed[v][u]) continue;
                bool inside = true;
                for (int w = 0; w < n && inside; ++w) inside = !(alive[w] && closed[v][w] && !closed[u][w]);
                if (inside) alive[v] = 0, --left, removed = true;
            }
        }
    }
    return left == 1;
}

}  // namespace pursuit::copsrobbers
