// Owns: Position (see header). The robots' step toward you is (sign dr, sign dc): the unique
// neighbour that minimises Manhattan distance, so no search is needed.
#include "robots/rules.h"

#include <algorithm>
#include <climits>

namespace pursuit::robots {

Position::Position(const Case& c)
    : robots_(c.robots), teleports_(c.teleports), used_(c.teleports.size(), false) {
    mark_robots();
}

void Position::mark_robots() {
    robot_cells_.fill(0);
    for (Cell r : robots_) robot_cells_[index(r)] = 1;
}

bool Position::legal(Action a) const {
    if (status_ != Status::Playing) return false;
    if (a.is_teleport()) {
        if (a.teleport >= static_cast<int>(teleports_.size()) || used_[a.teleport]) return false;
        const Cell t = teleports_[a.teleport];
        return t != you_ && !robot_at(t) && !debris_at(t);
    }
    if (a.dr < -1 || a.dr > 1 || a.dc < -1 || a.dc > 1) return false;
    if (a.dr == 0 && a.dc == 0) return true;
    const Cell to{you_.r + a.dr, you_.c + a.dc};
    if (!on_board(to) || robot_at(to)) return false;
    if (!debris_at(to)) return true;
    const Cell push{to.r + a.dr, to.c + a.dc};
    return on_board(push) && !debris_at(push);
}

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
    robot_cells_[index(x)] = 0;
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
    std::size_t kept = 0;  // survivors are compacted in place
    for (Cell r : robots_) {
        if (r == you_) reached_you = true;
        if (arrivals[index(r)] > 1 || debris_[index(r)]) {
            if (!debris_[index(r)]) {
                debris_[index(r)] = 1;
                ++debris_count_;
            }
        } else {
            robots_[kept++] = r;
        }
    }
    robots_.resize(kept);
    mark_robots();
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

namespace pursuit::robots {

Preview Position::preview(Action a, PreviewScratch& scratch) const {
    // Your move: where you end up, and which debris cell (if any) moves where.
    Cell you = a.is_teleport() ? teleports_[a.teleport] : Cell{you_.r + a.dr, you_.c + a.dc};
    int debris_from = -1, debris_to = -1;
    if (!a.is_teleport() && you != you_ && debris_at(you)) {
        debris_from = index(you);
        debris_to = index(Cell{you.r + a.dr, you.c + a.dc});
    }
    StampedCounts& arrivals = scratch.extra;
    arrivals.next();
    int alive = 0;
    for (Cell r : robots_) {
        if (index(r) == debris_to) continue;  // crushed by your push
        ++alive;
        arrivals.add(index(Cell{r.r + sign(you.r - r.r), r.c + sign(you.c - r.c)}), 1);
    }
    Preview out;
    out.you = you;
    out.min_distance = INT_MAX;
    if (alive == 0) return out;  // your push destroyed the last robot: won at once
    for (Cell r : robots_) {
        if (index(r) == debris_to) continue;
        const Cell to{r.r + sign(you.r - r.r), r.c + sign(you.c - r.c)};
        const int i = index(to);
        if (to == you) out.lost = true;
        const bool debris_after = i == debris_to || (debris_[i] && i != debris_from);
        if (arrivals.get(i) > 1 || debris_after) continue;
        ++out.robots_left;
        out.min_distance = std::min(out.min_distance, manhattan(you, to));
    }
    return out;
}

// preview_walks splits the robots in two. "Fixed" robots stand two or more rows and two or
// more columns from you: whichever walk you take they step the same way, onto a cell T
// relative to your current cell with |T.r|, |T.c| >= 1, so their distance to your new cell
// (dr, dc) is |T.r| + |T.c| - sign(T.r)*dr - sign(T.c)*dc. Their arrivals are counted once,
// and the nearest surviving one per quadrant answers the distance for all nine walks. Only
// the few walk-dependent robots are stepped per walk. A walk that pushes debris, or whose
// walk-dependent robots land where fixed ones land, takes the plain per-robot path (preview).
void Position::preview_walks(PreviewScratch& scratch, std::array<Preview, 9>& out, std::array<bool, 9>& legal_walk) const {
    const int n = static_cast<int>(robots_.size());
    scratch.target.resize(n);
    scratch.walk_dependent.clear();
    scratch.base.next();
    bool fixed_onto[3][3] = {};  // a fixed robot steps onto you + (dr, dc)
    for (int j = 0; j < n; ++j) {
        const Cell r = robots_[j];
        const int dr = you_.r - r.r, dc = you_.c - r.c;
        if (std::abs(dr) >= 2 && std::abs(dc) >= 2) {
            const Cell t{r.r + sign(dr), r.c + sign(dc)};
            scratch.target[j] = index(t);
            scratch.base.add(scratch.target[j], 1);
            if (std::abs(t.r - you_.r) <= 1 && std::abs(t.c - you_.c) <= 1) fixed_onto[t.r - you_.r + 1][t.c - you_.c + 1] = true;
        } else {
            scratch.target[j] = -1;
            scratch.walk_dependent.push_back(j);
        }
    }
    int fixed_survivors = 0;
    int quadrant_min[2][2] = {{INT_MAX, INT_MAX}, {INT_MAX, INT_MAX}};  // [T.r > 0][T.c > 0]
    for (int j = 0; j < n; ++j) {
        const int t = scratch.target[j];
        if (t < 0 || scratch.base.get(t) != 1 || debris_[t]) continue;
        ++fixed_survivors;
        const int tr = t / kSize + 1 - you_.r, tc = t % kSize + 1 - you_.c;
        int& q = quadrant_min[tr > 0][tc > 0];
        q = std::min(q, std::abs(tr) + std::abs(tc));
    }
    StampedCounts& extra = scratch.extra;
    for (int k = 0; k < 9; ++k) {
        const Dir& d = kKingSteps[k];
        const Action walk = Action::walk(d.dr, d.dc);
        legal_walk[k] = legal(walk);
        if (!legal_walk[k]) continue;
        Preview& p = out[k];
        const Cell you{you_.r + d.dr, you_.c + d.dc};
        if (you != you_ && debris_at(you)) {
            p = preview(walk, scratch);  // the plain per-robot path
            continue;
        }
        extra.next();
        bool mixes_with_fixed = false;
        for (int j : scratch.walk_dependent) {
            const Cell r = robots_[j];
            const int t = index(Cell{r.r + sign(you.r - r.r), r.c + sign(you.c - r.c)});
            extra.add(t, 1);
            mixes_with_fixed |= scratch.base.get(t) > 0;
        }
        if (mixes_with_fixed) {
            p = preview(walk, scratch);  // the plain per-robot path
            continue;
        }
        p = Preview{};
        p.you = you;
        p.lost = fixed_onto[d.dr + 1][d.dc + 1];
        p.robots_left = fixed_survivors;
        p.min_distance = INT_MAX;
        for (int qr = 0; qr < 2; ++qr)
            for (int qc = 0; qc < 2; ++qc)
                if (quadrant_min[qr][qc] != INT_MAX)
                    p.min_distance = std::min(p.min_distance, quadrant_min[qr][qc] - (qr ? 1 : -1) * d.dr - (qc ? 1 : -1) * d.dc);
        for (int j : scratch.walk_dependent) {
            const Cell r = robots_[j];
            const Cell to{r.r + sign(you.r - r.r), r.c + sign(you.c - r.c)};
            if (to == you) p.lost = true;
            const int i = index(to);
            if (extra.get(i) > 1 || debris_[i]) continue;
            ++p.robots_left;
            p.min_distance = std::min(p.min_distance, manhattan(you, to));
        }
    }
}

}  // namespace pursuit::robots
