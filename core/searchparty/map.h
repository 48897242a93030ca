// Owns: the Search Party map — reading the `N M p q` + grid text (strictly, with errors that
// name the line), the open/obstacle layout, the start cell and the cast sizes.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace pursuit::searchparty {

inline constexpr int kMaxSide = 256;
inline constexpr int kMaxCostars = 26;
inline constexpr int kMaxExtras = 26;
// More bytes than any map file can hold (a 256x256 map with its header and CRLF is about
// 66 KB; the rest is room for trailing blanks): the programs stop reading a MAP there, so a
// huge file or /dev/zero is an error, not a read until memory runs out.
inline constexpr std::size_t kMaxMapFileBytes = 1u << 20;

// Whether a move token starting with `c` moves someone: '@' (the star) or an ASCII letter (a
// costar A.., an extra a..); the reading ignores any other token. Also the map reader's test
// that a header line is a move line.
inline bool names_an_actor(char c) { return c == '@' || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'); }

struct Map {
    int cols = 0, rows = 0;   // N columns (x), M rows (y)
    int costars = 0, extras = 0;
    int start = 0;            // cell index of S (y * cols + x)
    std::vector<std::uint8_t> open;  // 1 = open (incl. S), 0 = obstacle

    int index(int x, int y) const { return y * cols + x; }
    int x_of(int i) const { return i % cols; }
    int y_of(int i) const { return i / cols; }
    bool inside(int x, int y) const { return x >= 0 && y >= 0 && x < cols && y < rows; }
    bool open_at(int x, int y) const { return inside(x, y) && open[index(x, y)] != 0; }
    int open_count() const;
    // The map text in the input format (S at the start cell).
    std::string to_text() const;
};

// Parses a map. `source` names it in errors ("map1.txt line 3: ..."). Rows may end with
// trailing blanks or '\r'; blank lines after the grid are ignored. The open cells must be
// connected by king moves (otherwise no search could ever end).
Map read_map(const std::string& text, const std::string& source = "map");

}  // namespace pursuit::searchparty
