// Owns: what the Detectives know: the exact set of cities where the Fugitive can be, given
// its start, the transports it used, the announcements, and the Detectives' own positions
// (the Fugitive never stands on a Detective's city while the game goes on). Used by the
// bots (both sides: the Fugitive reasons about what the Detectives know), the Game adapter
// (Detectives' observation) and the site.
#pragma once
#include <vector>

#include "fugitive/rules.h"

namespace pursuit::fugitive {

class Knowledge {
public:
    explicit Knowledge(const Map& map) : map_(&map), possible_(map.size() + 1, 0), belief_(map.size() + 1, 0.0) {}
    // The whole public history of a state, replayed (what the Detectives know now).
    static Knowledge of(const State& state);

    // The Fugitive's start is told to the Detectives.
    void start(int city);
    // The Fugitive moved by `transport` (the Detectives stand on `detectives` meanwhile;
    // had it walked onto one, the game would be over).
    void fugitive_moved(char transport, const Detectives& detectives);
    void announced(int city);
    // The Detectives moved to `detectives` without catching it.
    void detectives_moved(const Detectives& detectives);

    bool possible(int city) const { return possible_[city] != 0; }
    // A probability per city (index 1..n, zero outside the possible set), filtered with a
    // random-walk model of the Fugitive: each move spreads a city's weight evenly over its
    // roads of the announced transport. Used by the bots (the set itself stays exact).
    const std::vector<double>& belief() const { return belief_; }
    int count() const { return count_; }
    std::vector<int> cities() const;
    const std::vector<char>& mask() const { return possible_; }  // index 1..n

private:
    void remove(const Detectives& d);
    void recount();
    const Map* map_;
    std::vector<char> possible_;
    std::vector<double> belief_;
    int count_ = 0;
};

}  // namespace pursuit::fugitive
