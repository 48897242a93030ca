// Owns: the city graph of Cops and Robbers: reading the map text (the protocol's graph
// block "N M" + M lines "a b", optionally followed by a drawing layout), validating it
// (loops, duplicate streets, out-of-range crossings, disconnected, size limits) with errors
// naming the line, and writing it back. Crossings are 1..N in text, 0..N-1 inside.
//
// Map text = protocol graph block, then optionally a line "layout" and N lines "x y"
// (the drawing position of crossing i, any real numbers; pages scale them to fit).
#pragma once
#include <string>
#include <utility>
#include <vector>

#include "common/graph.h"

namespace pursuit::copsrobbers {

struct Limits {
    int min_n = 10, max_n = 200;
    int min_m = 10, max_m = 500;
    // The contract's limits (10 <= N <= 200, 10 <= M <= 500).
    static Limits contract() { return {}; }
    // For small hand-made graphs such as the spec's 7-crossing example.
    static Limits relaxed() { return {1, 200, 0, 500}; }
};

struct Point {
    double x = 0, y = 0;
};

struct City {
    Graph graph;
    std::vector<std::pair<int, int>> streets;  // 0-based, in input order
    std::vector<Point> layout;                 // empty when the map has none
    int n() const { return graph.size(); }
    int m() const { return static_cast<int>(streets.size()); }
};

// Reads a map; throws InputError "<source> line L: ..." on anything wrong.
City read_city(const std::string& text, const std::string& source, const Limits& limits = Limits::contract());
// Builds a city from 0-based streets (validated like read_city; `source` names it in errors).
City make_city(int n, const std::vector<std::pair<int, int>>& streets, std::vector<Point> layout,
               const std::string& source, const Limits& limits = Limits::relaxed());
// The protocol graph block ("N M" + M lines, 1-based), plus the layout section if asked.
std::string format_city(const City& city, bool with_layout);

}  // namespace pursuit::copsrobbers
