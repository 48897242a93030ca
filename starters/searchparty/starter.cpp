// Search Party starter bot (C++17, single file): the interactive form, legal random moves.
// Build: g++ -O2 -o starter starter.cpp     Run: ./starter [seed] [map file]
//
// Protocol (shared/specs/searchparty.md): before every turn the controller writes
//   Turn 1
//   @:2,3 A:2,3 a:2,3.          (the living actors, x,y with (0,0) top left)
//   ##...##                     (the board: o searched, . unsearched, # obstacle)
//   ...
//   ----------------------------------------   (40 dashes)
// and reads one move line, e.g. "@9 A2 a2." (keypad digits: 8 up, 2 down, 4 left, 6 right,
// 7 9 1 3 diagonals, 5 stay), flushed. When the search is complete the controller prints the
// result on its own stderr and the solver just sees end of input: exit normally.
// The controller may pass the map file's path as an argument; this starter ignores it.
//
// Replace choose_moves with your strategy (keep costars and extras in sight of each other or
// they die; see the spec).
#include <cctype>
#include <cstdlib>
#include <iostream>
#include <random>
#include <string>
#include <vector>

struct Actor { char id; int x, y; };
static std::mt19937 rng;

// Keypad digit -> (dx, dy).
static void delta(int digit, int& dx, int& dy) {
    dx = (digit - 1) % 3 - 1;
    dy = digit >= 7 ? -1 : digit >= 4 ? 0 : 1;
}

// "@:2,3 A:2,3." -> actors.
static std::vector<Actor> parse_actors(std::string line) {
    std::vector<Actor> out;
    for (char& ch : line) if (ch == ':' || ch == ',' || ch == '.') ch = ' ';
    std::size_t i = 0;
    while (i < line.size()) {
        while (i < line.size() && line[i] == ' ') ++i;
        if (i >= line.size()) break;
        Actor a{line[i++], 0, 0};
        a.x = static_cast<int>(std::strtol(line.c_str() + i, nullptr, 10));
        while (i < line.size() && line[i] == ' ') ++i;
        while (i < line.size() && std::isdigit(static_cast<unsigned char>(line[i]))) ++i;
        a.y = static_cast<int>(std::strtol(line.c_str() + i, nullptr, 10));
        while (i < line.size() && line[i] == ' ') ++i;
        while (i < line.size() && std::isdigit(static_cast<unsigned char>(line[i]))) ++i;
        out.push_back(a);
    }
    return out;
}

static std::string choose_moves(const std::vector<Actor>& actors, const std::vector<std::string>& board) {
    std::string line;
    for (const Actor& a : actors) {
        std::vector<int> legal;
        for (int d = 1; d <= 9; ++d) {
            int dx, dy;
            delta(d, dx, dy);
            int x = a.x + dx, y = a.y + dy;
            if (y >= 0 && y < static_cast<int>(board.size()) && x >= 0 && x < static_cast<int>(board[y].size()) && board[y][x] != '#')
                legal.push_back(d);
        }
        int d = legal[std::uniform_int_distribution<std::size_t>(0, legal.size() - 1)(rng)];
        if (!line.empty()) line += ' ';
        line += a.id;
        line += static_cast<char>('0' + d);
    }
    return line + ".";
}

int main(int argc, char** argv) {
    unsigned seed = 1;
    for (int i = 1; i < argc; ++i)
        if (std::isdigit(static_cast<unsigned char>(argv[i][0]))) seed = static_cast<unsigned>(std::strtoul(argv[i], nullptr, 10));
    rng.seed(seed);
    std::string line;
    while (std::getline(std::cin, line)) {  // "Turn k"
        if (line.rfind("Turn", 0) != 0) continue;
        std::string actors_line;
        if (!std::getline(std::cin, actors_line)) return 0;
        std::vector<std::string> board;
        while (std::getline(std::cin, line) && line.rfind("----", 0) != 0) {
            if (!line.empty() && line.back() == '\r') line.pop_back();
            board.push_back(line);
        }
        std::cout << choose_moves(parse_actors(actors_line), board) << std::endl;
    }
    return 0;
}
