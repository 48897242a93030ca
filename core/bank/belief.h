// Owns: what the guards can know about unseen robbers — for each robber, the set of states
// (cells, or a ride in a lift car) consistent with everything the guards have read so far.
// It is updated from exactly the information of the protocol: the guards' own pieces, the
// lines they read ("?? EK ## ?? FBF") and the lift states. Each robber's set is kept on its
// own (joint facts such as "one rider per lift" are not used), so it is a superset of the
// exact joint knowledge, never a subset: a robber is never outside its set.
#pragma once
#include <array>
#include <string>
#include <vector>

#include "bank/rules.h"

namespace pursuit::bank {

// State ids: 0..cells-1 are cells; then ride states (lift, car row, target floor).
class StateSpace {
public:
    explicit StateSpace(const Layout& layout);
    const Layout& layout() const { return *layout_; }
    int size() const { return size_; }
    bool is_ride(int s) const { return s >= layout_->cells(); }
    int ride(int lift, int car_row, int target_floor) const;
    int ride_lift(int s) const;
    int ride_row(int s) const;
    int ride_target(int s) const;
    // A ride state that can occur: car strictly between the lift's ends, on the target's parity.
    bool valid_ride(int s) const;
    // Successors of a robber state in one robber move. Lift calls need the lift free;
    // `lift_free` gives that per lift (at the start of the robbers' move).
    void successors(int s, const std::vector<bool>& lift_free, std::vector<int>& out) const;
    // Walk neighbours of a cell (L R U D targets; not the cell itself).
    const std::vector<int>& walk_neighbours(int cell) const { return walk_[cell]; }

private:
    const Layout* layout_;
    int size_;
    std::vector<std::vector<int>> walk_;
};

class Belief {
public:
    explicit Belief(const Layout& layout);
    const StateSpace& space() const { return space_; }
    // The robbers placed and this is the guards' first line.
    void start(const std::array<Piece, kPieces>& guards, const std::string& line);
    // The guards moved (own pieces now); lift states right after their move.
    void after_guard_move(const std::array<Piece, kPieces>& guards, const std::vector<bool>& lift_free);
    // The robbers moved; the guards read `line`.
    void after_robber_move(const std::array<Piece, kPieces>& guards, const std::string& line);

    const std::vector<char>& possible(int robber) const { return possible_[robber]; }
    int count(int robber) const;
    bool caught(int robber) const { return caught_[robber]; }
    bool seen(int robber) const { return seen_[robber]; }  // seen in the last line
    std::vector<int> cells_of(int robber) const;  // cell ids (ride states left out)
    std::vector<int> rides_of(int robber) const;  // ride state ids

private:
    StateSpace space_;
    std::array<std::vector<char>, kPieces> possible_;
    std::array<bool, kPieces> caught_{}, seen_{};
    std::vector<bool> lift_free_for_robbers_;
    void filter(const std::array<Piece, kPieces>& guards, const std::string& line);
};

// The lift states right after the guards' move, as the guards can work them out from the
// line they read before it ("FBF") and their own pieces before and after.
std::vector<bool> lifts_after_guard_move(const Layout& layout, const std::string& lift_states_before,
                                         const std::array<Piece, kPieces>& guards_before,
                                         const std::array<Piece, kPieces>& guards_after);

}  // namespace pursuit::bank
