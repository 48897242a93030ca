// Owns: the Bank building read from a layout file (maps/bank/*.txt): the grid of cell kinds,
// coordinate letters, floors, staircases, lifts and guard start cells, plus the geometric
// questions the rules ask (may a piece step L/R/U/D from here, which floor/staircase/lift a
// cell belongs to, who sees whom). Nothing of the geometry is hard-coded; see maps/bank/.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "common/grid.h"

namespace pursuit::bank {

// Cell kinds, as written in the layout file.
enum Kind : char {
    kWall = '#',
    kFloor = '.',
    kJunction = 'S',  // a floor cell on a staircase
    kStair = '|',
    kDoor = 'L',      // a floor cell in front of a lift
    kShaft = ':',
};

struct Lift {
    int col = 0;
    int lo_floor = 0, hi_floor = 0;  // 0-based floors served (doors on each of them)
};

class Layout {
public:
    // Parses a layout text; errors are InputError "<source> line N: <problem>".
    static Layout parse(const std::string& text, const std::string& source);

    const std::string& name() const { return name_; }
    const std::string& text() const { return text_; }
    int rows() const { return rows_; }  // row 0 is the bottom row (letter of the last map line)
    int cols() const { return cols_; }
    int cells() const { return rows_ * cols_; }
    int index(Cell c) const { return c.r * cols_ + c.c; }
    Cell cell(int index) const { return Cell{index / cols_, index % cols_}; }
    bool in(Cell c) const { return c.r >= 0 && c.c >= 0 && c.r < rows_ && c.c < cols_; }
    char kind(Cell c) const { return in(c) ? grid_.at(c.r, c.c) : static_cast<char>(kWall); }

    bool on_floor(Cell c) const;     // '.', 'S', 'L'
    bool on_staircase(Cell c) const; // 'S', '|'
    bool walkable(Cell c) const { return on_floor(c) || kind(c) == kStair; }

    // Coordinates: row letter then column letter ("AK"); riders use (car row, lift column).
    std::string name(Cell c) const;
    std::optional<Cell> parse_cell(const std::string& two_letters) const;
    char row_letter(int r) const { return row_letters_[r]; }
    char col_letter(int c) const { return col_letters_[c]; }

    int floors() const { return static_cast<int>(floor_rows_.size()); }
    int floor_row(int floor) const { return floor_rows_[floor]; }
    int floor_of_row(int r) const;  // -1 if row r is not a floor row

    const std::vector<Lift>& lifts() const { return lifts_; }
    int lift_at_door(Cell c) const;  // lift index if c is a door, else -1
    Cell door(int lift, int floor) const { return Cell{floor_rows_[floor], lifts_[lift].col}; }

    const std::vector<Cell>& guard_starts() const { return guard_starts_; }
    const std::vector<int>& walkable_cells() const { return walkable_; }  // indices

    // Line of sight: same horizontal run of floor cells, or same staircase (a vertical run of
    // junction and stair cells). -1 when the cell is in no such run.
    int floor_run(Cell c) const { return in(c) ? floor_run_[index(c)] : -1; }
    int staircase(Cell c) const { return in(c) ? stair_run_[index(c)] : -1; }
    bool sees(Cell a, Cell b) const;

private:
    std::string name_, text_, row_letters_, col_letters_;
    int rows_ = 0, cols_ = 0;
    GridArray<char> grid_;
    std::vector<int> floor_rows_, row_floor_;
    std::vector<Lift> lifts_;
    std::vector<int> door_lift_;
    std::vector<Cell> guard_starts_;
    std::vector<int> walkable_, floor_run_, stair_run_;
    std::string source_;
    std::vector<int> row_line_;  // file line number of each row (for errors)
    [[noreturn]] void fail_row(int r, const std::string& problem) const;
    void derive();
};

// The layout of the spec (the same text as maps/bank/bank.txt; a test keeps them equal).
const std::string& default_layout_text();
const Layout& default_layout();

}  // namespace pursuit::bank
