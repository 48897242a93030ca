// Owns: the Bank Heist rules as typed calls: pieces, the robbers' hidden placement, the
// per-piece commands L R U D S 1-9 I #, lifts (free/busy, one rider, 2 rows a move),
// captures after either player's move, the move limit, the result, and the two protocol
// observation lines ("?? EK ## AB FBF" for guards, "AJ CM AM AP FFF" for robbers).
#pragma once
#include <array>
#include <string>
#include <vector>

#include "bank/layout.h"

namespace pursuit::bank {

inline constexpr int kPieces = 4;
enum Side { kGuards = 0, kRobbers = 1 };

struct Piece {
    Cell cell;              // where it stands (when riding: the door it boarded at)
    bool caught = false;    // robbers only
    int lift = -1;          // >= 0 while riding that lift
    int car_row = 0;        // while riding: the car's row
    int target_floor = 0;   // while riding: 0-based floor it goes to
    bool riding() const { return lift >= 0; }
    bool on_board() const { return !caught && !riding(); }  // on a cell: sees, catches, is caught
};

struct Capture {
    int robber = 0;   // 0-based, in the robbers' listed order
    int side = 0;     // whose move made it
    int move = 0;     // that side's move number (1-based)
    Cell cell;
};

class Position {
public:
    Position(const Layout& layout, int move_limit);

    const Layout& layout() const { return *layout_; }
    int move_limit() const { return limit_; }
    bool placed() const { return placed_; }
    // Side to move: robbers first (placement), then guards, robbers, ...; -1 when over.
    int to_move() const;
    bool over() const { return to_move() < 0; }
    int moves_made(int side) const { return made_[side]; }
    const std::array<Piece, kPieces>& pieces(int side) const { return side == kGuards ? guards_ : robbers_; }
    bool lift_free(int lift) const { return rider_[lift] < 0; }
    int lift_rider(int lift) const { return rider_[lift]; }  // side*4+piece, -1 when free
    int caught_count() const;
    const std::vector<Capture>& captures() const { return captures_; }

    // Placement: four start cells ("GE GQ MW QH"). Returns "" if fine, else why not.
    std::string placement_error(const std::vector<Cell>& cells) const;
    void place(const std::vector<Cell>& cells);  // throws IllegalMove
    // One move: four commands, one per piece. Returns "" if legal, else the reason
    // naming the piece ("robber 2: 'U' needs a staircase above ...").
    std::string move_error(int side, const std::string& commands) const;
    void play(int side, const std::string& commands);  // throws IllegalMove, state unchanged then
    // Every legal command of one piece now (for bots and the site).
    std::vector<char> piece_commands(int side, int piece) const;
    std::string piece_error(int side, int piece, char command) const;

    // Coordinate of a piece as the opponent reads it: its cell, or (car row, lift column).
    std::string coordinate(int side, int piece) const;
    std::string lift_states() const;  // "FBF"
    bool guard_sees(Cell robber) const;  // any guard on board sees that cell
    // The protocol line this side reads before its move.
    std::string line_for(int side) const;

    bool guards_won() const { return caught_count() == kPieces; }

    // For bots: a position holding only what one side knows (the other side's pieces as
    // given, e.g. hidden_robbers() when unknown) and the lift states "FBF".
    void set_view(const std::array<Piece, kPieces>& guards, const std::array<Piece, kPieces>& robbers,
                  const std::string& lift_states, int moves_made_guards, int moves_made_robbers);

private:
    const Layout* layout_;
    int limit_;
    bool placed_ = false;
    std::array<int, 2> made_{{0, 0}};
    std::array<Piece, kPieces> guards_, robbers_;
    std::vector<int> rider_;
    std::vector<Capture> captures_;
    void step_piece(int side, int piece, char command);
    void capture_after(int side);
    std::array<Piece, kPieces>& own(int side) { return side == kGuards ? guards_ : robbers_; }
};

// Robbers the guards do not know: on no cell (they block nothing and are never seen).
std::array<Piece, kPieces> hidden_robbers();
// A riding guard as the robbers can know it: the car row and direction are seen, the target
// is not; it is taken to be the next floor in the direction of travel.
Piece as_robbers_see(const Layout& layout, const Piece& rider);

std::string side_name(int side);   // "guards" / "robbers"
std::string piece_name(int side, int piece);  // "guard 1" / "robber 3"

}  // namespace pursuit::bank
