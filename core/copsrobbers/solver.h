// Owns: the exact solver of Cops and Robbers by retrograde analysis, and the dismantlability
// test (one cop wins exactly on dismantlable graphs).
//
// States are (cops as a sorted multiset - the cops' symmetry folded -, X's crossing, side to
// move). Values are capture times: for X to move, the number of rounds until capture with
// both sides optimal (1 = caught in this round); for the cops to move, the rounds still
// needed after this cop move (0 = a cop steps onto X now). The cops minimise, X maximises,
// and a capture the cops cannot force within `horizon` rounds is kNever. A single table
// serves every round limit: the cops win with k rounds left iff the value is <= k.
// The solve is one breadth-first sweep (each state settled once, in order of its value).
#pragma once
#include <cstdint>
#include <functional>
#include <vector>

#include "common/graph.h"

namespace pursuit::copsrobbers {

class Solver {
public:
    static constexpr int kNever = 0xFF;
    static constexpr int kMaxHorizon = 254;  // values are bytes; the contract has R <= 100

    // Rough cost (state count times joint cop moves per state) and whether it is within
    // `work_budget` (default tuned so C = 2 on N = 200 solves well within 3 s natively).
    static double estimated_work(const Graph& g, int cops);
    static bool fits(const Graph& g, int cops, double work_budget = kDefaultBudget);
    static constexpr double kDefaultBudget = 3.0e8;

    // `should_stop` (optional, polled now and then) lets a native caller abandon the solve
    // on a wall-clock budget; core code never passes one (no clocks in core). A stopped
    // solver is incomplete and must not be used. `horizon` is capped at kMaxHorizon.
    Solver(const Graph& g, int cops, int horizon, std::function<bool()> should_stop = {});
    bool complete() const { return complete_; }

    int cops() const { return cops_; }
    int horizon() const { return horizon_; }
    long long state_count() const { return static_cast<long long>(multisets_) * n_; }
    // X to move, cops at `cops` (any order), X at x. 0 if X stands on a cop already.
    int robber_to_move(const std::vector<int>& cops, int x) const;
    // Cops to move (X has just moved to x, x not on a cop).
    int cops_to_move(const std::vector<int>& cops, int x) const;

    // Optimal moves (first found among equals): the cops' joint move (index-aligned with
    // `cops`) minimising the capture time (empty when no capture is forceable within the
    // horizon), X's move maximising it. Strategies break ties themselves.
    std::vector<int> best_cops_move(const std::vector<int>& cops, int x) const;
    int best_robber_move(const std::vector<int>& cops, int x) const;
    // Max over every placement of C cops and X (distinct, not adjacent) of the capture time
    // with X to move first; kNever if X survives from some placement. For tests/figures.
    int worst_start_value() const;
    // True if some placement of the cops captures X from every X placement (cops to move
    // first, the textbook game): C >= cop number of the graph.
    bool cops_win_textbook() const;

private:
    static constexpr int kMaxSolverCops = 8;
    std::size_t rank(std::vector<int> cops) const;  // multiset rank (any order)
    std::size_t rank_of(const int* cops) const;
    std::size_t index(std::size_t multiset, int x) const { return static_cast<std::size_t>(x) * multisets_ + multiset; }
    void solve();

    Graph g_;  // a copy: solvers outlive temporaries
    int n_, cops_, horizon_;
    std::size_t multisets_ = 0;
    std::vector<std::vector<std::size_t>> binom_;  // binom_[a][k]
    std::vector<int> members_;                     // multisets_ x cops_: each multiset's cops
    std::vector<std::uint8_t> robber_value_, cop_value_;
    std::function<bool()> should_stop_;
    bool complete_ = false;
};

// True when repeatedly removing a crossing whose closed neighbourhood lies inside another
// crossing's leaves one crossing: then one cop captures X on this graph.
bool dismantlable(const Graph& g);

}  // namespace pursuit::copsrobbers
