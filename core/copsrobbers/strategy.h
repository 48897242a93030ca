// Owns: the bots of both sides. Reference bots (random, greedy chaser, greedy runner), the
// heuristics used beyond the exact solver's reach (coordinated "cover" cops that shrink the
// set of crossings X reaches first; a robber that keeps the largest such region, with one
// cop reply of lookahead), and exact play through Solver where it fits.
//
// Strategies: "random", "greedy", "cover" (no lookahead for X), "lookahead", "exact"
// (the solver where it fits, else "lookahead"). Game levels map to them: easy = greedy,
// medium = cover, hard = lookahead, best = exact. Everything is deterministic given the Rng.
#pragma once
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "common/rng.h"
#include "copsrobbers/city.h"
#include "copsrobbers/solver.h"

namespace pursuit::copsrobbers {

enum class Strategy { Random, Greedy, Cover, Lookahead, Exact };
Strategy parse_strategy(const std::string& name);  // throws InputError
Strategy strategy_for_level(const std::string& level);  // easy/medium/hard/best
const char* strategy_name(Strategy s);

// Everything a bot precomputes for one city, C and R: distances and (lazily) the solver.
class Brain {
public:
    // `should_stop`: see Solver (native bots pass a wall-clock check; a stopped solve means
    // heuristics for the rest of the game).
    Brain(const City& city, int cops, int rounds, double solver_budget = Solver::kDefaultBudget,
          std::function<bool()> should_stop = {});
    const City& city() const { return *city_; }
    int dist(int a, int b) const { return dist_[static_cast<std::size_t>(a) * n_ + b]; }
    // The exact solver, built on first use; nullptr when the state space is too big.
    const Solver* solver();
    bool solver_fits() const { return fits_; }

    // The move for X at x with the cops at `cops` (X to move), and the cops' joint move
    // with X at x (cops to move). `rounds_left` counts the current round.
    int robber_move(Strategy s, const std::vector<int>& cops, int x, int rounds_left, Rng& rng);
    std::vector<int> cops_move(Strategy s, const std::vector<int>& cops, int x, int rounds_left, Rng& rng);

    // Crossings X reaches strictly before every cop (X to move) - the heuristics' measure.
    int robber_region(int x, const std::vector<int>& cops) const;

private:
    int min_cop_dist(int v, const std::vector<int>& cops) const;
    std::vector<int> cover_cops(const std::vector<int>& cops, int x) const;
    double robber_score(Strategy s, const std::vector<int>& cops, int y) const;
    int heuristic_robber(Strategy s, const std::vector<int>& cops, int x, Rng& rng) const;

    const City* city_;
    int n_, cops_, rounds_;
    std::vector<int> dist_;
    bool fits_;
    std::function<bool()> should_stop_;
    std::unique_ptr<Solver> solver_;
};

}  // namespace pursuit::copsrobbers
