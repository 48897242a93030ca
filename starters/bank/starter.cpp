// Bank Heist starter bot (C++17, single file): plays guards or robbers with legal random moves.
// Build: g++ -O2 -o starter starter.cpp     Run: ./starter [seed]
//
// Protocol (shared/specs/bank.md): reads L (the move limit), then 0 (guards) or 1 (robbers).
// Robbers first write their four start cells on one line ("GE GQ MW QH"). Then before each of
// its moves a player reads ONE line (four opponent pieces, then the lift states, e.g.
// "?? ?? EK ## FFF") and writes one line of four commands with no spaces ("LRUS"), flushed.
// Cells are two letters, row (A..Q, A = bottom) then column (A..Y).
//
// The building (17 x 25): floors on rows A, E, I, M, Q; staircases on columns E, I, Q, U; lift
// doors on columns A, M, Y of every floor. This starter never calls a lift (commands L R U D S,
// and # for a caught robber); its robbers also keep off the lift columns, so a guard riding a
// lift (shown at its in-lift coordinate) is never mistaken for a guard standing on their cell.
//
// Replace choose_command with your strategy.
#include <algorithm>
#include <cstdlib>
#include <iostream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

struct Cell { int row, col; };  // row 0 = A (bottom floor), col 0 = A
constexpr int kRows = 17, kCols = 25, kPieces = 4;

static std::mt19937 rng;

static bool is_floor(int row) { return row % 4 == 0; }
static bool is_stair_col(int col) { return col == 4 || col == 8 || col == 16 || col == 20; }
static bool is_lift_col(int col) { return col == 0 || col == 12 || col == 24; }
static bool walkable(Cell c) {
    return c.row >= 0 && c.row < kRows && c.col >= 0 && c.col < kCols && (is_floor(c.row) || is_stair_col(c.col));
}
static std::string name(Cell c) { return {char('A' + c.row), char('A' + c.col)}; }

// Where command `cmd` takes a piece at `c` (row -1 when the command is not legal there).
static Cell step(Cell c, char cmd) {
    switch (cmd) {
        case 'S': return c;
        case 'L': return is_floor(c.row) && c.col > 0 ? Cell{c.row, c.col - 1} : Cell{-1, -1};
        case 'R': return is_floor(c.row) && c.col < kCols - 1 ? Cell{c.row, c.col + 1} : Cell{-1, -1};
        case 'U': return is_stair_col(c.col) && c.row < kRows - 1 ? Cell{c.row + 1, c.col} : Cell{-1, -1};
        case 'D': return is_stair_col(c.col) && c.row > 0 ? Cell{c.row - 1, c.col} : Cell{-1, -1};
    }
    return {-1, -1};
}

// A random legal command; robbers avoid lift doors and the guards' cells.
static char choose_command(Cell& at, bool robber, const std::vector<std::string>& guards) {
    std::string cmds = "LRUDS";
    std::shuffle(cmds.begin(), cmds.end(), rng);
    for (char cmd : cmds) {
        Cell to = step(at, cmd);
        if (to.row < 0) continue;
        if (robber && (is_lift_col(to.col) || std::count(guards.begin(), guards.end(), name(to)))) continue;
        at = to;
        return cmd;
    }
    return 'S';
}

int main(int argc, char** argv) {
    rng.seed(argc > 1 ? static_cast<unsigned>(std::strtoul(argv[1], nullptr, 10)) : 1u);
    std::string line;
    int limit = 0, side = 0;
    if (!std::getline(std::cin, line)) return 0;
    limit = std::atoi(line.c_str());
    if (!std::getline(std::cin, line)) return 0;
    side = std::atoi(line.c_str());
    const bool robber = side == 1;

    std::vector<Cell> mine;
    std::vector<bool> caught(kPieces, false);
    if (robber) {
        std::vector<Cell> starts;
        for (int r = 0; r < kRows; ++r)
            for (int c = 0; c < kCols; ++c)
                if (walkable({r, c}) && !is_lift_col(c) && !(r == 0 && c >= 10 && c <= 14)) starts.push_back({r, c});
        for (int i = 0; i < kPieces; ++i) mine.push_back(starts[std::uniform_int_distribution<std::size_t>(0, starts.size() - 1)(rng)]);
        for (int i = 0; i < kPieces; ++i) std::cout << (i ? " " : "") << name(mine[i]);
        std::cout << std::endl;
    } else {
        mine = {{0, 10}, {0, 11}, {0, 13}, {0, 14}};  // AK AL AN AO
    }

    for (int move = 0; move < limit; ++move) {
        if (!std::getline(std::cin, line)) return 0;  // the game ended
        std::istringstream in(line);
        std::vector<std::string> seen(kPieces);
        for (auto& s : seen) in >> s;
        std::string lifts;
        in >> lifts;  // "FBF": only needed when you use the lifts
        if (robber) {
            for (int i = 0; i < kPieces; ++i)
                if (std::count(seen.begin(), seen.end(), name(mine[i]))) caught[i] = true;
            if (std::count(caught.begin(), caught.end(), true) == kPieces) return 0;
        } else if (std::count(seen.begin(), seen.end(), "##") == kPieces) {
            return 0;  // every robber caught
        }
        std::string out;
        for (int i = 0; i < kPieces; ++i) out += robber && caught[i] ? '#' : choose_command(mine[i], robber, seen);
        std::cout << out << std::endl;
    }
    return 0;
}
