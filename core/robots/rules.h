// Owns: the Robots rules as fast typed calls — the position, your actions (walk with debris
// pushing, stay, teleport), the simultaneous robots' reply with collisions, win and loss.
#pragma once
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "robots/cases.h"

namespace pursuit::robots {

enum class Status : std::uint8_t { Playing, Won, Lost };

// An action of yours: a king step (dr, dc in -1..1; 0,0 = stay) or a teleport to list entry.
struct Action {
    int dr = 0, dc = 0;
    int teleport = -1;  // 0-based list index, or -1 for a walk / stay
    static Action walk(int dr, int dc) { return Action{dr, dc, -1}; }
    static Action to(int index) { return Action{0, 0, index}; }
    bool is_teleport() const { return teleport >= 0; }
};

class Position {
public:
    explicit Position(const Case& c);

    Status status() const { return status_; }
    Cell you() const { return you_; }
    const std::vector<Cell>& robots() const { return robots_; }
    bool debris_at(Cell x) const { return debris_[index(x)] != 0; }
    int debris_count() const { return debris_count_; }
    std::vector<Cell> debris_cells() const;
    const std::vector<Cell>& teleports() const { return teleports_; }
    bool teleport_used(int i) const { return used_[i]; }
    int moves_made() const { return moves_; }
    bool robot_at(Cell x) const;

    // Why `a` is not allowed now ("" if it is): off the board, onto a robot, debris blocked...
    std::string illegal_reason(Action a) const;
    // Plays `a` and the robots' reply. Precondition: illegal_reason(a).empty(), Playing.
    void play(Action a);

    // Puts debris on an empty cell: for hand-worked positions in tests and the site's editor.
    void place_debris(Cell x);

    static bool on_board(Cell x) { return x.r >= 1 && x.r <= kSize && x.c >= 1 && x.c <= kSize; }

private:
    static int index(Cell x) { return (x.r - 1) * kSize + (x.c - 1); }
    void move_you(Action a);
    void robots_reply();
    void remove_robot_at(Cell x);

    Cell you_ = kStart;
    std::vector<Cell> robots_;
    std::array<std::uint8_t, kSize * kSize> debris_{};
    int debris_count_ = 0;
    std::vector<Cell> teleports_;
    std::vector<bool> used_;
    int moves_ = 0;
    Status status_ = Status::Playing;
};

}  // namespace pursuit::robots
