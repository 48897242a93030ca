// Owns: the Bank bots, for both sides and three strengths, using only what that side knows:
//  - random: a uniformly random legal command per piece;
//  - greedy: guards walk at the nearest robber they see (else wander); robbers step to
//    the command that keeps the nearest guard furthest away (reference bots for figures);
//  - strong: guards keep the possible-state sets of unseen robbers (Belief) and send each
//    guard where it sees/approaches most of that mass not yet covered by another guard,
//    chasing seen robbers in pairs; robbers see all guards and pick per robber the command
//    whose state is least reachable and least visible to guards, riding lifts to break
//    contact (a rider is on no cell).
// Deterministic: all choices from the Rng passed in.
#pragma once
#include <string>
#include <vector>

#include "bank/belief.h"
#include "common/rng.h"

namespace pursuit::bank {

enum class Level { Random, Greedy, Hard, Strong };
// easy|random, medium|greedy, hard (strong, but a greedy move on ~30 % of turns), best|strong
Level parse_level(const std::string& name);

// Moves between any two states (cells or rides) if every lift were free.
class Distances {
public:
    explicit Distances(const StateSpace& space);
    int at(int from, int to) const { return d_[static_cast<std::size_t>(from) * n_ + to]; }
    const StateSpace& space() const { return *space_; }

private:
    const StateSpace* space_;
    int n_;
    std::vector<short> d_;
};

// The state a piece is in after `command` (cell id or ride state id); the command is legal.
int state_after(const Position& pos, int side, int piece, char command, const StateSpace& space);
int state_of(const Piece& p, const StateSpace& space);

std::vector<Cell> robber_placement(const Layout& layout, Level level, Rng& rng);
// Guards' move; `view` holds the true guards and lift states only (robbers unknown).
std::string guard_move(const Position& view, const Belief& belief, const Distances& dist, Level level, Rng& rng);
// Robbers' move; `view` holds the guards as the robbers read them and their own robbers.
std::string robber_move(const Position& view, const Distances& dist, Level level, Rng& rng);

}  // namespace pursuit::bank
