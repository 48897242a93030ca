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

// What `play` would lead to, computed without copying the position (the strategy looks at
// nine candidates every move; see Position::preview).
struct Preview {
    bool lost = false;
    int robots_left = 0;
    int min_distance = 0;  // to the robots left; INT_MAX when none are left
    Cell you;
};

// Arrival counters stamped per use, so they never need clearing between previews.
struct StampedCounts {
    std::array<std::uint32_t, kSize * kSize> stamp{};
    std::array<std::int16_t, kSize * kSize> count{};
    std::uint32_t current = 0;
    void next() {
        if (++current == 0) {  // wrapped: forget everything once
            stamp.fill(0);
            current = 1;
        }
    }
    void add(int i, int delta) {
        if (stamp[i] != current) {
            stamp[i] = current;
            count[i] = 0;
        }
        count[i] = static_cast<std::int16_t>(count[i] + delta);
    }
    int get(int i) const { return stamp[i] == current ? count[i] : 0; }
};

struct PreviewScratch {
    StampedCounts base;    // arrivals shared by all nine walks
    StampedCounts extra;   // arrivals that depend on the walk
    std::vector<int> target;  // per robot: its target cell index, -1 if it depends on the walk
    std::vector<int> walk_dependent;  // robots whose step depends on the walk
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
    bool robot_at(Cell x) const { return robot_cells_[index(x)] != 0; }
    // Fast legality for the strategy's inner loop (same rules as illegal_reason).
    bool legal(Action a) const;

    // Why `a` is not allowed now ("" if it is): off the board, onto a robot, debris blocked...
    std::string illegal_reason(Action a) const;
    // Plays `a` and the robots' reply. Precondition: illegal_reason(a).empty(), Playing.
    void play(Action a);
    // The outcome of play(a) (same preconditions), leaving this position untouched.
    Preview preview(Action a, PreviewScratch& scratch) const;
    // The nine walks (numpad order of kKingSteps) at once: a robot two or more rows and
    // columns away steps the same way whichever walk you take, so its arrival is counted
    // once. legal[k] is false for walks that are not allowed (their preview is unset).
    void preview_walks(PreviewScratch& scratch, std::array<Preview, 9>& out, std::array<bool, 9>& legal) const;

    // Puts debris on an empty cell: for hand-worked positions in tests and the site's editor.
    void place_debris(Cell x);

    static bool on_board(Cell x) { return x.r >= 1 && x.r <= kSize && x.c >= 1 && x.c <= kSize; }

private:
    static int index(Cell x) { return (x.r - 1) * kSize + (x.c - 1); }
    void move_you(Action a);
    void robots_reply();
    void remove_robot_at(Cell x);
    void mark_robots();

    Cell you_ = kStart;
    std::vector<Cell> robots_;
    std::array<std::uint8_t, kSize * kSize> robot_cells_{};  // 1 where a robot stands
    std::array<std::uint8_t, kSize * kSize> debris_{};
    int debris_count_ = 0;
    std::vector<Cell> teleports_;
    std::vector<bool> used_;
    int moves_ = 0;
    Status status_ = Status::Playing;
};

}  // namespace pursuit::robots
