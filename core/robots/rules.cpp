// Owns: Position (see header). The robots' step toward you is (sign dr, sign dc): the unique
// neighbour that minimises Manhattan distance, so no search is needed.
#include "robots/rules.h"

#include <algorithm>

namespace pursuit::robots {

Position::Position(const Case& c)
    : robots_(c.robots), teleports_(c.teleports), used_(c.teleports.size(), false) {}

bool Position::robot_at(Cell x) const { return std::find(robots_.begin(), robots_.end(), x) != robots_.end(); }

void Position::place_debris(Cell x) {
    if (!debris_at(x)) ++debris_count_;
    debris_[index(x)] = 1;
}

std::vector<Cell> Position::debris_cells() const {
    std::vector<Cell> out;
    for (int r = 1; r <= kSize; ++r)
        for (int c = 1; c <= kSize; ++c)
            if (debris_at(Cell{r, c})) out.push_back(Cell{r, c});
    return out;
}

std::string Position::illegal_reason(Action a) const {
    if (status_ != Status::Playing) return "the game is over";
    if (a.is_teleport()) {
        if (a.teleport >= static_cast<int>(teleports_.size()))
            return "there is no teleport destination " + std::to_string(a.teleport + 1);
        if (used_[a.teleport]) return "teleport destination " + std::to_string(a.teleport + 1) + " was already used";
        Cell t = teleports_[a.teleport];
        if (t == you_ || robot_at(t) || debris_at(t))
            return "teleport destination " + std::to_string(a.teleport + 1) + " is not empty";
        return "";
    }
    if (a.dr < -1 || a.dr > 1 || a.dc < -1 || a.dc > 1) return "a walk must be one king step";
    if (a.dr == 0 && a.dc == 0) return "";
    Cell to{you_.r + a.dr, you_.c + a.dc};
    if (!on_board(to)) return "that step leaves the board";
    if (robot_at(to)) return "a robot stands there";
    if (debris_at(to)) {
        Cell push{to.r + a.dr, to.c + a.dc};
        if (!on_board(push)) return "the debris would be pushed off the board";
        if (debris_at(push)) return "the debris is blocked by more debris";
    }
    return "";
}

void Position::remove_robot_at(Cell x) {
    robots_.erase(std::remove(robots_.begin(), robots_.end(), x), robots_.end());
}

void Position::move_you(Action a) {
    if (a.is_teleport()) {
        used_[a.teleport] = true;
        you_ = teleports_[a.teleport];
        return;
    }
    Cell to{you_.r + a.dr, you_.c + a.dc};
    if (to != you_ && debris_at(to)) {
        Cell push{to.r + a.dr, to.c + a.dc};
        debris_[index(to)] = 0;
        debris_[index(push)] = 1;  // count unchanged: the debris moved
        remove_robot_at(push);     // a robot under pushed debris is destroyed
    }
    you_ = to;
}

void Position::robots_reply() {
    // Arrivals per cell; robots that share a cell or land on debris become debris.
    std::array<std::uint8_t, kSize * kSize> arrivals{};
    for (Cell& r : robots_) {
        r.r += sign(you_.r - r.r);
        r.c += sign(you_.c - r.c);
        ++arrivals[index(r)];
    }
    bool reached_you = false;
    std::vector<Cell> survivors;
    for (Cell r : robots_) {
        if (r == you_) reached_you = true;
        if (arrivals[index(r)] > 1 || debris_[index(r)]) {
            if (!debris_[index(r)]) {
                debris_[index(r)] = 1;
                ++debris_count_;
            }
        } else {
            survivors.push_back(r);
        }
    }
    robots_ = std::move(survivors);
    if (reached_you) status_ = Status::Lost;
    else if (robots_.empty()) status_ = Status::Won;
}

void Position::play(Action a) {
    move_you(a);
    ++moves_;
    if (robots_.empty()) {  // your own push destroyed the last robot: won at once
        status_ = Status::Won;
        return;
    }
    robots_reply();
}

}  // namespace pursuit::robots
