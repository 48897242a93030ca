// Owns: the Bank Heist rules (see rules.h).
#include "bank/rules.h"

#include "common/errors.h"
#include "common/line_reader.h"

namespace pursuit::bank {

std::string side_name(int side) { return side == kGuards ? "guards" : "robbers"; }
std::string piece_name(int side, int piece) {
    return std::string(side == kGuards ? "guard " : "robber ") + std::to_string(piece + 1);
}

std::array<Piece, kPieces> hidden_robbers() {
    std::array<Piece, kPieces> out{};
    for (Piece& p : out) p.cell = Cell{-1, -1};
    return out;
}

Piece as_robbers_see(const Layout& L, const Piece& rider) {
    if (!rider.riding()) return rider;
    Piece p = rider;
    const int dir = L.floor_row(rider.target_floor) > rider.car_row ? 1 : -1;
    for (int r = rider.car_row + dir; r >= 0 && r < L.rows(); r += dir)
        if (L.floor_of_row(r) >= 0) {
            p.target_floor = L.floor_of_row(r);
            break;
        }
    return p;
}

Position::Position(const Layout& layout, int move_limit)
    : layout_(&layout), limit_(move_limit), rider_(layout.lifts().size(), -1) {
    for (int i = 0; i < kPieces; ++i) guards_[i].cell = layout.guard_starts()[i];
}

int Position::to_move() const {
    if (!placed_) return kRobbers;
    if (guards_won() || made_[kRobbers] >= limit_) return -1;
    return made_[kGuards] == made_[kRobbers] ? kGuards : kRobbers;
}

int Position::caught_count() const {
    int n = 0;
    for (const Piece& r : robbers_) n += r.caught;
    return n;
}

std::string Position::placement_error(const std::vector<Cell>& cells) const {
    if (placed_) return "the robbers are already placed";
    if (cells.size() != kPieces) return "expected 4 start cells, got " + std::to_string(cells.size());
    for (int i = 0; i < kPieces; ++i) {
        if (!layout_->walkable(cells[i]))
            return piece_name(kRobbers, i) + ": " + layout_->name(cells[i]) + " is not a floor or stair cell";
        for (const Piece& g : guards_)
            if (g.cell == cells[i]) return piece_name(kRobbers, i) + ": " + layout_->name(cells[i]) + " holds a guard";
    }
    return "";
}

void Position::place(const std::vector<Cell>& cells) {
    std::string why = placement_error(cells);
    if (!why.empty()) throw IllegalMove(why);
    for (int i = 0; i < kPieces; ++i) robbers_[i].cell = cells[i];
    placed_ = true;
}

std::string Position::piece_error(int side, int piece, char cmd) const {
    const Piece& p = pieces(side)[piece];
    const Layout& L = *layout_;
    const std::string who = piece_name(side, piece) + ": ";
    const std::string at = " at " + L.name(p.cell);
    if (p.caught) return cmd == '#' ? "" : who + "is caught; its command must be '#'";
    if (cmd == '#') return who + (side == kGuards ? "'#' is only for caught robbers" : "is not caught; '#' is only for caught robbers");
    if (p.riding()) return cmd == 'I' ? "" : who + "rides a lift; its command must be 'I'";
    switch (cmd) {
    case 'I': return who + "'I' is only for a piece riding a lift" + at;
    case 'S': return "";
    case 'L': case 'R': {
        Cell to{p.cell.r, p.cell.c + (cmd == 'R' ? 1 : -1)};
        if (!L.on_floor(p.cell)) return who + "'" + cmd + "' needs a floor cell;" + at + " is a stair";
        if (!L.on_floor(to) || L.floor_run(to) != L.floor_run(p.cell)) return who + "'" + cmd + "' leads into a wall from" + at.substr(3);
        return "";
    }
    case 'U': case 'D': {
        Cell to{p.cell.r + (cmd == 'U' ? 1 : -1), p.cell.c};
        if (!L.on_staircase(p.cell)) return who + "'" + cmd + "' needs a staircase;" + at + " is not on one";
        if (!L.on_staircase(to) || L.staircase(to) != L.staircase(p.cell))
            return who + "'" + cmd + "': the staircase" + at + " goes no further " + (cmd == 'U' ? "up" : "down");
        return "";
    }
    default: break;
    }
    if (cmd >= '1' && cmd <= '9') {
        int lift = L.lift_at_door(p.cell);
        if (lift < 0) return who + "'" + cmd + "' calls a lift but" + at + " is not a lift door";
        int floor = cmd - '1';
        const Lift& lf = L.lifts()[lift];
        if (floor < lf.lo_floor || floor > lf.hi_floor) return who + "this lift does not serve floor " + cmd;
        if (floor == L.floor_of_row(p.cell.r)) return who + "'" + cmd + "' is its own floor";
        if (!lift_free(lift)) return who + "the lift at " + L.name(p.cell) + " is busy";
        return "";
    }
    // quoted: a control byte (a JSON string from the page may hold one) shows as '\x01', not raw
    return who + "unknown command " + quoted_excerpt(std::string(1, cmd)) + " (expected one of L R U D S 1-9 I #)";
}

std::vector<char> Position::piece_commands(int side, int piece) const {
    std::vector<char> out;
    for (char c : std::string("LRUDSI#123456789"))
        if (piece_error(side, piece, c).empty()) out.push_back(c);
    return out;
}

std::string Position::move_error(int side, const std::string& commands) const {
    if (!placed_) return "the robbers have not placed their pieces yet";
    if (to_move() != side) return over() ? "the game is over" : "it is the " + side_name(to_move()) + "' turn";
    if (commands.size() != kPieces)
        return "expected 4 commands with no spaces (one per piece), got '" + commands + "'";
    std::vector<int> caller(layout_->lifts().size(), -1);
    for (int i = 0; i < kPieces; ++i) {
        std::string why = piece_error(side, i, commands[i]);
        if (!why.empty()) return why;
        if (commands[i] >= '1' && commands[i] <= '9') {
            int lift = layout_->lift_at_door(pieces(side)[i].cell);
            if (caller[lift] >= 0)
                return piece_name(side, i) + ": " + piece_name(side, caller[lift]) + " already calls this lift this move";
            caller[lift] = i;
        }
    }
    return "";
}

void Position::step_piece(int side, int i, char cmd) {
    Piece& p = own(side)[i];
    const Layout& L = *layout_;
    if (cmd == 'L') p.cell.c -= 1;
    else if (cmd == 'R') p.cell.c += 1;
    else if (cmd == 'U') p.cell.r += 1;
    else if (cmd == 'D') p.cell.r -= 1;
    else if (cmd >= '1' && cmd <= '9') {
        p.lift = L.lift_at_door(p.cell);
        p.car_row = p.cell.r;
        p.target_floor = cmd - '1';
        rider_[p.lift] = side * kPieces + i;
    }
    if (!p.riding() || (cmd != 'I' && !(cmd >= '1' && cmd <= '9'))) return;
    // The car moves 2 rows this move (also on the move of the call); arrival steps out.
    const int target = L.floor_row(p.target_floor);
    p.car_row += target > p.car_row ? 2 : -2;
    if (p.car_row == target) {
        rider_[p.lift] = -1;
        p.cell = Cell{target, L.lifts()[p.lift].col};
        p.lift = -1;
    }
}

void Position::capture_after(int side) {
    for (int r = 0; r < kPieces; ++r) {
        Piece& robber = robbers_[r];
        if (!robber.on_board()) continue;
        for (const Piece& g : guards_)
            if (g.on_board() && g.cell == robber.cell) {
                robber.caught = true;
                captures_.push_back(Capture{r, side, made_[side], robber.cell});
                break;
            }
    }
}

void Position::play(int side, const std::string& commands) {
    std::string why = move_error(side, commands);
    if (!why.empty()) throw IllegalMove(why);
    for (int i = 0; i < kPieces; ++i) step_piece(side, i, commands[i]);
    ++made_[side];
    capture_after(side);
}

std::string Position::coordinate(int side, int i) const {
    const Piece& p = pieces(side)[i];
    if (p.caught) return "##";
    if (p.riding()) return std::string{layout_->row_letter(p.car_row), layout_->col_letter(layout_->lifts()[p.lift].col)};
    return layout_->name(p.cell);
}

void Position::set_view(const std::array<Piece, kPieces>& guards, const std::array<Piece, kPieces>& robbers,
                        const std::string& lifts, int made_guards, int made_robbers) {
    guards_ = guards;
    robbers_ = robbers;
    placed_ = true;
    made_ = {made_guards, made_robbers};
    for (std::size_t l = 0; l < rider_.size(); ++l) rider_[l] = l < lifts.size() && lifts[l] == 'B' ? 2 * kPieces : -1;
    for (int side = 0; side < 2; ++side)
        for (int i = 0; i < kPieces; ++i)
            if (pieces(side)[i].riding()) rider_[pieces(side)[i].lift] = side * kPieces + i;
}

std::string Position::lift_states() const {
    std::string s;
    for (int r : rider_) s += r < 0 ? 'F' : 'B';
    return s;
}

bool Position::guard_sees(Cell cell) const {
    for (const Piece& g : guards_)
        if (g.on_board() && layout_->sees(g.cell, cell)) return true;
    return false;
}

std::string Position::line_for(int side) const {
    std::string line;
    for (int i = 0; i < kPieces; ++i) {
        if (side == kRobbers) line += coordinate(kGuards, i);
        else {
            const Piece& r = robbers_[i];
            line += r.caught ? "##" : (r.on_board() && guard_sees(r.cell)) ? layout_->name(r.cell) : "??";
        }
        line += ' ';
    }
    return line + lift_states();
}

}  // namespace pursuit::bank
