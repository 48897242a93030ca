// Owns: the Fugitive map (cities 1..n, roads by transport C/T/P), the connect.txt reader
// with every check of the contract, our optional positions section after END, and the
// writer. Cities are numbered 1..n everywhere in core/fugitive (index 0 is unused).
//
// Positions section (ours; the contract says a reader ignores everything after END):
//   END
//   POSITIONS
//   1 120.5 300
//   2 80 415.25
//   ... exactly one line "city x y" per city, any order, x/y decimal numbers.
// If the first non-blank line after END is not "POSITIONS", the rest is ignored.
#pragma once
#include <algorithm>
#include <array>
#include <climits>
#include <string>
#include <vector>

namespace pursuit::fugitive {

inline constexpr int kMaxCities = 200;
inline constexpr int kTransports = 3;
inline constexpr char kTransportLetters[kTransports] = {'C', 'T', 'P'};
int transport_index(char letter);  // 0 car, 1 train, 2 plane, -1 otherwise

struct Road {
    char transport;
    int a, b;
};

struct Point {
    double x = 0, y = 0;
};

class Map {
public:
    Map() = default;
    // Builds adjacency and distances; does no validation (read_map / validate_map do).
    Map(int n, std::vector<Road> roads, std::vector<Point> positions = {});

    int size() const { return n_; }
    const std::vector<Road>& roads() const { return roads_; }
    // Neighbours of `city` by one transport (index 0..2), and by any transport (deduplicated).
    const std::vector<int>& neighbours(int transport, int city) const { return by_transport_[transport][city]; }
    const std::vector<int>& neighbours(int city) const { return any_[city]; }
    bool has_road(char transport, int a, int b) const;
    // Fewest moves (any transport) between two cities; large if unreachable.
    int distance(int a, int b) const { return dist_[a * (n_ + 1) + b]; }
    // Fewest moves from `city` to the nearest of `cities` (INT_MAX if there are none).
    template <class Cities>
    int distance_to_any(int city, const Cities& cities) const {
        int best = INT_MAX;
        for (int c : cities) best = std::min(best, distance(city, c));
        return best;
    }
    bool has_positions() const { return !positions_.empty(); }
    const std::vector<Point>& positions() const { return positions_; }  // index 1..n when present
    void set_positions(std::vector<Point> p) { positions_ = std::move(p); }

private:
    int n_ = 0;
    std::vector<Road> roads_;
    std::array<std::vector<std::vector<int>>, kTransports> by_transport_;
    std::vector<std::vector<int>> any_;
    std::vector<short> dist_;
    std::vector<Point> positions_;
};

// Reads connect.txt text; throws InputError "<source> line N: <what is wrong>".
Map read_map(const std::string& text, const std::string& source = "connect.txt");
// connect.txt text; with_positions adds our POSITIONS section when the map has positions.
std::string map_text(const Map& map, bool with_positions = true);

}  // namespace pursuit::fugitive
