// Owns: Map, read_map, map_text (see header).
#include "fugitive/map.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <set>
#include <tuple>

#include "common/errors.h"
#include "common/line_reader.h"

namespace pursuit::fugitive {

int transport_index(char letter) {
    for (int t = 0; t < kTransports; ++t)
        if (kTransportLetters[t] == letter) return t;
    return -1;
}

Map::Map(int n, std::vector<Road> roads, std::vector<Point> positions)
    : n_(n), roads_(std::move(roads)), any_(n + 1), positions_(std::move(positions)) {
    for (auto& adj : by_transport_) adj.assign(n + 1, {});
    for (const Road& r : roads_) {
        const int t = transport_index(r.transport);
        by_transport_[t][r.a].push_back(r.b);
        by_transport_[t][r.b].push_back(r.a);
        any_[r.a].push_back(r.b);
        any_[r.b].push_back(r.a);
    }
    for (int v = 1; v <= n; ++v) {
        for (auto& adj : by_transport_) std::sort(adj[v].begin(), adj[v].end());
        std::sort(any_[v].begin(), any_[v].end());
        any_[v].erase(std::unique(any_[v].begin(), any_[v].end()), any_[v].end());
    }
    // All-pairs BFS over every transport (n <= 200: at most 40 000 entries).
    const short far = 10000;
    dist_.assign(static_cast<size_t>(n + 1) * (n + 1), far);
    std::vector<int> queue;
    for (int s = 1; s <= n; ++s) {
        short* row = &dist_[static_cast<size_t>(s) * (n + 1)];
        row[s] = 0;
        queue.assign(1, s);
        for (size_t i = 0; i < queue.size(); ++i) {
            const int u = queue[i];
            for (int w : any_[u])
                if (row[w] == far) {
                    row[w] = static_cast<short>(row[u] + 1);
                    queue.push_back(w);
                }
        }
    }
}

bool Map::has_road(char transport, int a, int b) const {
    const int t = transport_index(transport);
    if (t < 0 || a < 1 || a > n_ || b < 1 || b > n_) return false;
    const auto& adj = by_transport_[t][a];
    return std::binary_search(adj.begin(), adj.end(), b);
}

namespace {

std::string trim(const std::string& s) {
    size_t b = 0, e = s.size();
    while (b < e && std::isspace(static_cast<unsigned char>(s[b]))) ++b;
    while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1]))) --e;
    return s.substr(b, e - b);
}

int parse_city(LineReader& in, const std::string& token, int n, const std::string& line) {
    long long v;
    if (!parse_int(token, v)) in.fail("expected a road 'C a-b', got " + quoted_excerpt(line) + " (" + quoted_excerpt(token) + " is not a city number)");
    if (v < 1 || v > n) in.fail("city " + token + " out of range 1.." + std::to_string(n) + " in " + quoted_excerpt(line));
    return static_cast<int>(v);
}

bool parse_number(const std::string& token, double& out) {
    if (token.empty() || token.size() > 30) return false;
    char* end = nullptr;
    out = std::strtod(token.c_str(), &end);
    return end == token.c_str() + token.size() && out > -1e9 && out < 1e9;
}

std::vector<Point> read_positions(LineReader& in, int n) {
    std::vector<Point> pos(n + 1);
    std::vector<bool> seen(n + 1, false);
    for (int k = 0; k < n; ++k) {
        if (!in.skip_blank_lines()) in.fail_at_end("POSITIONS: expected " + std::to_string(n) + " lines 'city x y', got " + std::to_string(k));
        const std::string line = in.next_line("a position line");
        auto tok = split_tokens(line);
        long long c;
        if (tok.size() != 3 || !parse_int(tok[0], c)) in.fail("POSITIONS: expected 'city x y', got " + quoted_excerpt(line));
        if (c < 1 || c > n) in.fail("POSITIONS: city " + tok[0] + " out of range 1.." + std::to_string(n));
        if (seen[c]) in.fail("POSITIONS: city " + tok[0] + " has a second position");
        if (!parse_number(tok[1], pos[c].x) || !parse_number(tok[2], pos[c].y))
            in.fail("POSITIONS: expected two numbers after city " + tok[0] + ", got " + quoted_excerpt(line));
        seen[c] = true;
    }
    return pos;
}

}  // namespace

Map read_map(const std::string& text, const std::string& source) {
    LineReader in(text, source);
    if (!in.skip_blank_lines()) in.fail_at_end("expected the number of cities, got an empty file");
    const std::string first = trim(in.next_line("the number of cities"));
    long long n;
    if (!parse_int(first, n)) in.fail("expected the number of cities, got " + quoted_excerpt(first));
    if (n > kMaxCities) in.fail("n = " + first + " cities: at most " + std::to_string(kMaxCities) + " allowed");
    if (n < 5) in.fail("n = " + first + " cities: at least 5 needed (four Detectives and the Fugitive stand on distinct cities)");

    std::vector<Road> roads;
    std::set<std::tuple<char, int, int>> seen;
    std::vector<int> car_degree(n + 1, 0);
    bool ended = false;
    int end_line = 0;
    while (in.skip_blank_lines()) {
        const std::string line = trim(in.next_line("a road or END"));
        if (line == "END") {
            ended = true;
            end_line = in.line_number();
            break;
        }
        if (line.size() < 2 || !std::isspace(static_cast<unsigned char>(line[1])))
            in.fail("expected a road 'C a-b' or END, got " + quoted_excerpt(line));
        const char t = line[0];
        if (transport_index(t) < 0)
            in.fail("unknown transport " + quoted_excerpt(std::string(1, t)) + " (expected C, T or P) in " + quoted_excerpt(line));
        const std::string rest = trim(line.substr(1));
        const size_t dash = rest.find('-');
        if (dash == std::string::npos || rest.find_first_of(" \t") != std::string::npos)
            in.fail("expected a road 'C a-b', got " + quoted_excerpt(line));
        const int a = parse_city(in, rest.substr(0, dash), static_cast<int>(n), line);
        const int b = parse_city(in, rest.substr(dash + 1), static_cast<int>(n), line);
        if (a == b) in.fail("road " + quoted_excerpt(line) + " is a loop (a road joins two different cities)");
        if (!seen.insert({t, std::min(a, b), std::max(a, b)}).second)
            in.fail("duplicate road " + quoted_excerpt(line) + " (the same transport between the same cities twice)");
        roads.push_back(Road{t, a, b});
        if (t == 'C') ++car_degree[a], ++car_degree[b];
    }
    if (!ended) in.fail_at_end("missing END after the roads");
    auto fail_at_end_line = [&](const std::string& what) {
        throw InputError(source + " line " + std::to_string(end_line) + " (END): " + what);
    };
    for (int v = 1; v <= n; ++v)
        if (car_degree[v] < 2)
            fail_at_end_line("city " + std::to_string(v) + " has " + std::to_string(car_degree[v]) +
                             " car road(s); every city needs at least two");
    // Car connectivity.
    std::vector<std::vector<int>> car(n + 1);
    for (const Road& r : roads)
        if (r.transport == 'C') car[r.a].push_back(r.b), car[r.b].push_back(r.a);
    std::vector<bool> reached(n + 1, false);
    std::deque<int> queue{1};
    reached[1] = true;
    while (!queue.empty()) {
        const int u = queue.front();
        queue.pop_front();
        for (int w : car[u])
            if (!reached[w]) reached[w] = true, queue.push_back(w);
    }
    for (int v = 1; v <= n; ++v)
        if (!reached[v])
            fail_at_end_line("the car graph is not connected: city " + std::to_string(v) +
                             " cannot be reached from city 1 by car");

    std::vector<Point> positions;
    if (in.skip_blank_lines() && trim(in.peek_line()) == "POSITIONS") {
        in.next_line("POSITIONS");
        positions = read_positions(in, static_cast<int>(n));
    }
    return Map(static_cast<int>(n), std::move(roads), std::move(positions));
}

std::string map_text(const Map& map, bool with_positions) {
    std::string out = std::to_string(map.size()) + "\n";
    for (char t : kTransportLetters)
        for (const Road& r : map.roads())
            if (r.transport == t) out += std::string(1, t) + " " + std::to_string(r.a) + "-" + std::to_string(r.b) + "\n";
    out += "END\n";
    if (with_positions && map.has_positions()) {
        out += "POSITIONS\n";
        char buf[80];
        for (int v = 1; v <= map.size(); ++v) {
            std::snprintf(buf, sizeof buf, "%d %.1f %.1f\n", v, map.positions()[v].x, map.positions()[v].y);
            out += buf;
        }
    }
    return out;
}

}  // namespace pursuit::fugitive
