// Owns: StateSpace and Belief (see belief.h).
#include "bank/belief.h"

#include "common/errors.h"
#include "common/line_reader.h"

namespace pursuit::bank {

StateSpace::StateSpace(const Layout& layout) : layout_(&layout) {
    const int floors = layout.floors();
    size_ = layout.cells() + static_cast<int>(layout.lifts().size()) * layout.rows() * floors;
    walk_.resize(layout.cells());
    for (int id : layout.walkable_cells()) {
        Cell c = layout.cell(id);
        const Cell steps[4] = {{c.r, c.c - 1}, {c.r, c.c + 1}, {c.r + 1, c.c}, {c.r - 1, c.c}};
        for (int k = 0; k < 4; ++k) {
            Cell t = steps[k];
            bool ok = k < 2 ? layout.on_floor(c) && layout.on_floor(t) && layout.floor_run(t) == layout.floor_run(c)
                            : layout.on_staircase(c) && layout.on_staircase(t) && layout.staircase(t) == layout.staircase(c);
            if (ok) walk_[id].push_back(layout.index(t));
        }
    }
}

int StateSpace::ride(int lift, int car_row, int target) const {
    return layout_->cells() + (lift * layout_->rows() + car_row) * layout_->floors() + target;
}
int StateSpace::ride_lift(int s) const { return (s - layout_->cells()) / layout_->floors() / layout_->rows(); }
int StateSpace::ride_row(int s) const { return (s - layout_->cells()) / layout_->floors() % layout_->rows(); }
int StateSpace::ride_target(int s) const { return (s - layout_->cells()) % layout_->floors(); }

bool StateSpace::valid_ride(int s) const {
    if (!is_ride(s) || s >= size_) return false;
    const Lift& lf = layout_->lifts()[ride_lift(s)];
    int row = ride_row(s), goal_floor = ride_target(s);
    if (goal_floor < lf.lo_floor || goal_floor > lf.hi_floor) return false;
    int goal = layout_->floor_row(goal_floor);
    return row > layout_->floor_row(lf.lo_floor) && row < layout_->floor_row(lf.hi_floor) && row != goal &&
           (goal - row) % 2 == 0;
}

namespace {
// One car advance from `row` towards floor `target`: the ride state, or the door on arrival.
int advance(const StateSpace& S, int lift, int row, int target) {
    const Layout& L = S.layout();
    int goal = L.floor_row(target);
    row += goal > row ? 2 : -2;
    if (row == goal) return L.index(L.door(lift, target));
    return S.ride(lift, row, target);
}
}  // namespace

void StateSpace::successors(int s, const std::vector<bool>& lift_free, std::vector<int>& out) const {
    out.clear();
    if (is_ride(s)) {
        out.push_back(advance(*this, ride_lift(s), ride_row(s), ride_target(s)));
        return;
    }
    out.push_back(s);
    for (int t : walk_[s]) out.push_back(t);
    Cell c = layout_->cell(s);
    int lift = layout_->lift_at_door(c);
    if (lift < 0 || !lift_free[lift]) return;
    const Lift& lf = layout_->lifts()[lift];
    int own = layout_->floor_of_row(c.r);
    for (int f = lf.lo_floor; f <= lf.hi_floor; ++f)
        if (f != own) out.push_back(advance(*this, lift, c.r, f));
}

Belief::Belief(const Layout& layout) : space_(layout), lift_free_for_robbers_(layout.lifts().size(), true) {
    for (auto& p : possible_) p.assign(space_.size(), 0);
}

int Belief::count(int robber) const {
    int n = 0;
    for (char v : possible_[robber]) n += v;
    return n;
}

std::vector<int> Belief::cells_of(int robber) const {
    std::vector<int> out;
    for (int s = 0; s < space_.layout().cells(); ++s)
        if (possible_[robber][s]) out.push_back(s);
    return out;
}

std::vector<int> Belief::rides_of(int robber) const {
    std::vector<int> out;
    for (int s = space_.layout().cells(); s < space_.size(); ++s)
        if (possible_[robber][s]) out.push_back(s);
    return out;
}

void Belief::start(const std::array<Piece, kPieces>& guards, const std::string& line) {
    const Layout& L = space_.layout();
    for (auto& p : possible_) {
        p.assign(space_.size(), 0);
        for (int id : L.walkable_cells()) p[id] = 1;
    }
    filter(guards, line);
}

void Belief::after_guard_move(const std::array<Piece, kPieces>& guards, const std::vector<bool>& lift_free) {
    const Layout& L = space_.layout();
    for (auto& p : possible_)
        for (const Piece& g : guards)
            if (g.on_board()) p[L.index(g.cell)] = 0;  // it would have been caught there
    lift_free_for_robbers_ = lift_free;
}

void Belief::after_robber_move(const std::array<Piece, kPieces>& guards, const std::string& line) {
    std::vector<int> next;
    for (auto& p : possible_) {
        std::vector<char> grown(space_.size(), 0);
        for (int s = 0; s < space_.size(); ++s) {
            if (!p[s]) continue;
            space_.successors(s, lift_free_for_robbers_, next);
            for (int t : next) grown[t] = 1;
        }
        p.swap(grown);
    }
    filter(guards, line);
}

void Belief::filter(const std::array<Piece, kPieces>& guards, const std::string& line) {
    const Layout& L = space_.layout();
    auto tokens = split_tokens(line);
    if (tokens.size() != kPieces + 1 || tokens[kPieces].size() != L.lifts().size())
        throw InputError("guards' line '" + line + "': expected 4 robber entries and the lift states");
    std::vector<bool> guard_riding(L.lifts().size(), false);
    for (const Piece& g : guards)
        if (g.riding()) guard_riding[g.lift] = true;
    for (int r = 0; r < kPieces; ++r) {
        auto& p = possible_[r];
        const std::string& t = tokens[r];
        caught_[r] = t == "##";
        seen_[r] = false;
        if (caught_[r]) {
            std::fill(p.begin(), p.end(), 0);
            continue;
        }
        if (t != "??") {
            auto cell = L.parse_cell(t);
            if (!cell) throw InputError("guards' line '" + line + "': bad cell '" + t + "'");
            std::fill(p.begin(), p.end(), 0);
            p[L.index(*cell)] = 1;
            seen_[r] = true;
            continue;
        }
        for (int s = 0; s < space_.size(); ++s) {
            if (!p[s]) continue;
            if (space_.is_ride(s)) {
                int lift = space_.ride_lift(s);
                if (tokens[kPieces][lift] != 'B' || guard_riding[lift]) p[s] = 0;
                continue;
            }
            Cell c = L.cell(s);
            bool seen = false;
            for (const Piece& g : guards)
                if (g.on_board() && (g.cell == c || L.sees(g.cell, c))) seen = true;
            if (seen) p[s] = 0;
        }
    }
}

std::vector<bool> lifts_after_guard_move(const Layout& layout, const std::string& before,
                                         const std::array<Piece, kPieces>& gb, const std::array<Piece, kPieces>& ga) {
    std::vector<bool> free(layout.lifts().size());
    for (std::size_t l = 0; l < free.size(); ++l) {
        bool guard_was = false, guard_is = false;
        for (int i = 0; i < kPieces; ++i) {
            guard_was |= gb[i].riding() && gb[i].lift == static_cast<int>(l);
            guard_is |= ga[i].riding() && ga[i].lift == static_cast<int>(l);
        }
        free[l] = !guard_is && (before[l] == 'F' || guard_was);
    }
    return free;
}

}  // namespace pursuit::bank
