// Owns: reading, validating and writing city maps (see city.h).
#include "copsrobbers/city.h"

#include <cstdio>
#include <cstdlib>
#include <set>

#include "common/errors.h"
#include "common/line_reader.h"

namespace pursuit::copsrobbers {
namespace {

std::string num(long long v) { return std::to_string(v); }

// Parses a real number token strictly (used for layout coordinates only).
bool parse_real(const std::string& t, double& out) {
    if (t.empty()) return false;
    char* end = nullptr;
    out = std::strtod(t.c_str(), &end);
    return end == t.c_str() + t.size();
}

}  // namespace

City read_city(const std::string& text, const std::string& source, const Limits& limits) {
    LineReader in(text, source);
    if (!in.skip_blank_lines()) in.fail_at_end("expected the line \"N M\", got end of input");
    auto nm = in.line_of_ints("\"N M\"", 2, 0, 1000000);
    const int n = static_cast<int>(nm[0]), m = static_cast<int>(nm[1]);
    if (n < limits.min_n || n > limits.max_n)
        in.fail("N = " + num(n) + " is outside " + num(limits.min_n) + ".." + num(limits.max_n));
    if (m < limits.min_m || m > limits.max_m)
        in.fail("M = " + num(m) + " is outside " + num(limits.min_m) + ".." + num(limits.max_m));
    City city;
    city.graph = Graph(n);
    std::set<std::pair<int, int>> seen;
    for (int i = 0; i < m; ++i) {
        auto ab = in.line_of_ints("street " + num(i + 1) + " \"a b\"", 2, 1, n);
        const int a = static_cast<int>(ab[0]) - 1, b = static_cast<int>(ab[1]) - 1;
        if (a == b) in.fail("street " + num(a + 1) + " " + num(b + 1) + " is a loop");
        if (!seen.insert({std::min(a, b), std::max(a, b)}).second)
            in.fail("street " + num(a + 1) + " " + num(b + 1) + " appears twice");
        city.graph.add_edge(a, b);
        city.streets.push_back({a, b});
    }
    if (in.skip_blank_lines()) {
        std::string tag = in.next_line("\"layout\"");
        if (split_tokens(tag) != std::vector<std::string>{"layout"})
            in.fail("expected end of map or the line \"layout\", got '" + tag + "'");
        for (int v = 0; v < n; ++v) {
            auto tokens = split_tokens(in.next_line("layout position of crossing " + num(v + 1)));
            Point p;
            if (tokens.size() != 2 || !parse_real(tokens[0], p.x) || !parse_real(tokens[1], p.y))
                in.fail("expected \"x y\" (two numbers) for the position of crossing " + num(v + 1));
            city.layout.push_back(p);
        }
        if (in.skip_blank_lines()) {  // taken, so that the error names its line, not the one before
            const std::string extra = in.next_line("the end of the map");
            in.fail("unexpected text after the layout: '" + extra + "'");
        }
    }
    if (!city.graph.connected()) {
        auto d = city.graph.bfs(0);
        int lost = 0;
        while (d[lost] >= 0) ++lost;
        throw InputError(source + ": the city is not connected (crossing " + num(lost + 1) +
                         " cannot be reached from crossing 1)");
    }
    return city;
}

City make_city(int n, const std::vector<std::pair<int, int>>& streets, std::vector<Point> layout,
               const std::string& source, const Limits& limits) {
    City raw;  // validated by reading its own text, so both paths share every check
    raw.graph = Graph(n);
    raw.streets = streets;
    raw.layout = std::move(layout);
    return read_city(format_city(raw, true), source, limits);
}

std::string format_city(const City& city, bool with_layout) {
    std::string out = num(city.n()) + " " + num(city.m()) + "\n";
    for (auto [a, b] : city.streets) out += num(a + 1) + " " + num(b + 1) + "\n";
    if (with_layout && !city.layout.empty()) {
        out += "layout\n";
        char buf[64];
        for (const Point& p : city.layout) {
            std::snprintf(buf, sizeof buf, "%.4f %.4f\n", p.x, p.y);
            out += buf;
        }
    }
    return out;
}

}  // namespace pursuit::copsrobbers
