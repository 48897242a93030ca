// Owns: the rules of one game of Cops and Robbers on a city: seeded start positions
// (distinct, pairwise non-adjacent), rounds (X moves first, then all cops at once),
// capture in both directions (X steps onto a cop, a cop steps onto X), the round limit R
// and the result. Crossings are 0-based here.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "common/rng.h"
#include "copsrobbers/city.h"

namespace pursuit::copsrobbers {

inline constexpr int kMaxCops = 8;

enum class Phase { RobberToMove, CopsToMove, CopsWon, RobberWon };

struct Start {
    std::vector<int> cops;
    int robber = 0;
};

// C+1 distinct, pairwise non-adjacent crossings drawn from `rng`; throws InputError if the
// city has no such placement (tried by many random greedy orders).
Start random_start(const City& city, int cops, Rng& rng);

class Position {
public:
    // Throws InputError for a start that breaks the placement rules or bad C/R.
    Position(const City& city, Start start, int rounds);

    const City& city() const { return *city_; }
    int cop_count() const { return static_cast<int>(cops_.size()); }
    const std::vector<int>& cops() const { return cops_; }
    int robber() const { return robber_; }
    int robber_start() const { return robber_start_; }
    const std::vector<int>& cop_start() const { return cop_start_; }
    int rounds() const { return rounds_; }
    // Rounds fully played (both halves); during round k (1-based) this is k-1.
    int rounds_done() const { return rounds_done_; }
    int current_round() const { return rounds_done_ + 1; }
    int rounds_left() const { return rounds_ - rounds_done_; }  // including the current one
    Phase phase() const { return phase_; }
    bool over() const { return phase_ == Phase::CopsWon || phase_ == Phase::RobberWon; }
    bool robber_has_moved() const { return robber_moved_; }
    // Round in which X was caught (0 if not caught).
    int capture_round() const { return capture_round_; }
    std::string end_reason() const { return end_reason_; }

    // "" when legal, else why not.
    std::string robber_move_problem(int to) const;
    std::string cops_move_problem(const std::vector<int>& to) const;
    // Throw IllegalMove (message names the piece) and change nothing when illegal.
    void move_robber(int to);
    void move_cops(const std::vector<int>& to);

private:
    const City* city_;
    std::vector<int> cops_, cop_start_;
    int robber_, robber_start_;
    int rounds_;
    int rounds_done_ = 0;
    Phase phase_ = Phase::RobberToMove;
    bool robber_moved_ = false;
    int capture_round_ = 0;
    std::string end_reason_;
};

// True when `to` is `from` or a neighbour of it.
bool can_step(const Graph& g, int from, int to);

}  // namespace pursuit::copsrobbers
