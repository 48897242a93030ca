// Owns: small grid helpers shared by grid games (Robots, Search Party, Bank):
// cells, the 8 king directions in numpad order, distances, a dense per-cell array.
#pragma once
#include <array>
#include <cstdlib>
#include <vector>

namespace pursuit {

struct Cell {
    int r = 0, c = 0;
    bool operator==(const Cell& o) const { return r == o.r && c == o.c; }
    bool operator!=(const Cell& o) const { return !(*this == o); }
    bool operator<(const Cell& o) const { return r != o.r ? r < o.r : c < o.c; }
};

struct Dir {
    int dr, dc;
    char numpad;      // '1'..'9' as on a numeric keypad (5 = stay)
    const char* name; // "N", "NE", ..., "stay"
};

// The 9 king steps, numpad order 1..9 ('5' is stay). Row grows downwards (south).
inline constexpr std::array<Dir, 9> kKingSteps{{{1, -1, '1', "SW"},
                                                {1, 0, '2', "S"},
                                                {1, 1, '3', "SE"},
                                                {0, -1, '4', "W"},
                                                {0, 0, '5', "stay"},
                                                {0, 1, '6', "E"},
                                                {-1, -1, '7', "NW"},
                                                {-1, 0, '8', "N"},
                                                {-1, 1, '9', "NE"}}};

inline int manhattan(Cell a, Cell b) { return std::abs(a.r - b.r) + std::abs(a.c - b.c); }
inline int chebyshev(Cell a, Cell b) {
    int dr = std::abs(a.r - b.r), dc = std::abs(a.c - b.c);
    return dr > dc ? dr : dc;
}
inline int sign(int v) { return (v > 0) - (v < 0); }

// Dense rows x cols array with bounds-checked access through `in`.
template <class T>
class GridArray {
public:
    GridArray() = default;
    GridArray(int rows, int cols, T fill = T{})
        : rows_(rows), cols_(cols), data_(static_cast<std::size_t>(rows) * cols, fill) {}
    int rows() const { return rows_; }
    int cols() const { return cols_; }
    bool in(int r, int c) const { return r >= 0 && c >= 0 && r < rows_ && c < cols_; }
    T& at(int r, int c) { return data_[static_cast<std::size_t>(r) * cols_ + c]; }
    const T& at(int r, int c) const { return data_[static_cast<std::size_t>(r) * cols_ + c]; }
    void fill(const T& v) { std::fill(data_.begin(), data_.end(), v); }

private:
    int rows_ = 0, cols_ = 0;
    std::vector<T> data_;
};

}  // namespace pursuit
