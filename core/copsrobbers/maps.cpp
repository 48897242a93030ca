// Owns: the map generators (see maps.h).
#include "copsrobbers/maps.h"

#include <algorithm>
#include <cmath>
#include <set>

#include "common/errors.h"
#include "common/line_reader.h"
#include "common/rng.h"

namespace pursuit::copsrobbers {
namespace {

using Edges = std::vector<std::pair<int, int>>;
const double kPi = 3.14159265358979323846;

std::vector<Point> circle(int n, double radius, double phase = 0) {
    std::vector<Point> p(n);
    for (int i = 0; i < n; ++i)
        p[i] = {radius * std::cos(phase + 2 * kPi * i / n), radius * std::sin(phase + 2 * kPi * i / n)};
    return p;
}

// Spring embedding with a fixed number of steps (deterministic; for drawing only).
std::vector<Point> spring_layout(int n, const Edges& edges, std::uint64_t seed) {
    Rng rng(seed);
    std::vector<Point> p(n);
    for (auto& q : p) q = {rng.unit(), rng.unit()};
    const double k = 1.0 / std::sqrt(static_cast<double>(n));
    for (int step = 0; step < 150; ++step) {
        const double temp = 0.1 * (1.0 - step / 150.0) + 0.002;
        std::vector<Point> force(n);
        for (int i = 0; i < n; ++i)
            for (int j = i + 1; j < n; ++j) {
                double dx = p[i].x - p[j].x, dy = p[i].y - p[j].y, d2 = dx * dx + dy * dy + 1e-9;
                double f = k * k / d2;
                force[i].x += dx * f, force[i].y += dy * f, force[j].x -= dx * f, force[j].y -= dy * f;
            }
        for (auto [a, b] : edges) {
            double dx = p[a].x - p[b].x, dy = p[a].y - p[b].y, d = std::sqrt(dx * dx + dy * dy) + 1e-9;
            double f = d / k;
            force[a].x -= dx * f, force[a].y -= dy * f, force[b].x += dx * f, force[b].y += dy * f;
        }
        for (int i = 0; i < n; ++i) {
            double len = std::sqrt(force[i].x * force[i].x + force[i].y * force[i].y) + 1e-9;
            double s = std::min(len, temp) / len;
            p[i].x += force[i].x * s, p[i].y += force[i].y * s;
        }
    }
    return p;
}

bool parse_suffix_int(const std::string& s, long long& v) { return parse_int(s, v) && v > 0 && v < 100000; }

}  // namespace

City make_cycle(int n) {
    Edges e;
    for (int i = 0; i < n; ++i) e.push_back({i, (i + 1) % n});
    return make_city(n, e, circle(n, 1.0), "cycle-" + std::to_string(n));
}

City make_grid(int w, int h) {
    Edges e;
    std::vector<Point> p;
    for (int r = 0; r < h; ++r)
        for (int c = 0; c < w; ++c) {
            p.push_back({static_cast<double>(c), static_cast<double>(r)});
            if (c + 1 < w) e.push_back({r * w + c, r * w + c + 1});
            if (r + 1 < h) e.push_back({r * w + c, (r + 1) * w + c});
        }
    return make_city(w * h, e, p, "grid-" + std::to_string(w) + "x" + std::to_string(h));
}

City make_tree(int n, std::uint64_t seed) {
    Rng rng(seed);
    Edges e;
    std::vector<int> parent(n, -1), depth(n, 0);
    std::vector<std::vector<int>> children(n);
    for (int v = 1; v < n; ++v) {
        // Prefer recent vertices a little so trees get some depth, not just stars.
        int lo = std::max(0, v - 1 - static_cast<int>(rng.below(8)) * (v / 8 + 1));
        int p = rng.range(lo, v - 1);
        parent[v] = p, depth[v] = depth[p] + 1;
        children[p].push_back(v);
        e.push_back({p, v});
    }
    // Tidy layout: leaves get consecutive x in DFS order, parents the mean of their children.
    std::vector<Point> pos(n);
    double next_x = 0;
    std::vector<std::pair<int, bool>> stack{{0, false}};
    while (!stack.empty()) {
        auto [v, done] = stack.back();
        stack.pop_back();
        if (done || children[v].empty()) {
            if (children[v].empty()) pos[v].x = next_x++;
            else {
                double s = 0;
                for (int c : children[v]) s += pos[c].x;
                pos[v].x = s / children[v].size();
            }
            pos[v].y = depth[v] * 2.0;
            continue;
        }
        stack.push_back({v, true});
        for (auto it = children[v].rbegin(); it != children[v].rend(); ++it) stack.push_back({*it, false});
    }
    return make_city(n, e, pos, "tree-" + std::to_string(n) + "-s" + std::to_string(seed));
}

City make_planar_city(int n, std::uint64_t seed) {
    Rng rng(seed);
    int w = std::max(2, static_cast<int>(std::lround(std::sqrt(n * 1.3))));
    int h = std::max(2, n / w);
    const int total = w * h;
    Edges e;
    std::vector<Point> p(total);
    for (int r = 0; r < h; ++r)
        for (int c = 0; c < w; ++c)
            p[r * w + c] = {c + (rng.unit() - 0.5) * 0.5, r + (rng.unit() - 0.5) * 0.5};
    // Streets: grid streets kept with probability 0.8, and at most one diagonal per block
    // (so the drawing stays planar); a spanning check keeps the city connected.
    Edges candidates;
    for (int r = 0; r < h; ++r)
        for (int c = 0; c < w; ++c) {
            int v = r * w + c;
            if (c + 1 < w) candidates.push_back({v, v + 1});
            if (r + 1 < h) candidates.push_back({v, v + w});
            if (c + 1 < w && r + 1 < h && rng.chance(0.25))
                candidates.push_back(rng.chance(0.5) ? std::make_pair(v, v + w + 1) : std::make_pair(v + 1, v + w));
        }
    std::vector<int> comp(total);
    for (int i = 0; i < total; ++i) comp[i] = i;
    auto find = [&](int x) {
        while (comp[x] != x) x = comp[x] = comp[comp[x]];
        return x;
    };
    std::vector<bool> kept(candidates.size(), false);
    std::vector<std::size_t> order(candidates.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    rng.shuffle(order);
    for (std::size_t i : order) {  // random spanning tree first
        auto [a, b] = candidates[i];
        if (find(a) != find(b)) comp[find(a)] = find(b), kept[i] = true;
    }
    for (std::size_t i = 0; i < candidates.size(); ++i)
        if (!kept[i] && rng.chance(0.55)) kept[i] = true;
    for (std::size_t i = 0; i < candidates.size(); ++i)
        if (kept[i]) e.push_back(candidates[i]);
    return make_city(total, e, p, "city-" + std::to_string(n) + "-s" + std::to_string(seed));
}

City make_sparse(int n, std::uint64_t seed) {
    Rng rng(seed);
    Edges e;
    std::set<std::pair<int, int>> seen;
    auto add = [&](int a, int b) {
        if (a == b || !seen.insert({std::min(a, b), std::max(a, b)}).second) return;
        e.push_back({a, b});
    };
    for (int v = 1; v < n; ++v) add(rng.range(0, v - 1), v);
    // 1.4 n streets, but never more than there are pairs of crossings (n = 2, 3 looped forever).
    const int target = std::min(static_cast<int>(n * 1.4), n * (n - 1) / 2);
    while (static_cast<int>(e.size()) < target) add(rng.range(0, n - 1), rng.range(0, n - 1));
    return make_city(n, e, spring_layout(n, e, seed), "sparse-" + std::to_string(n) + "-s" + std::to_string(seed));
}

City make_petersen() {
    Edges e;
    for (int i = 0; i < 5; ++i) {
        e.push_back({i, (i + 1) % 5});          // outer pentagon
        e.push_back({i, i + 5});                // spoke
        e.push_back({5 + i, 5 + (i + 2) % 5});  // inner pentagram
    }
    auto p = circle(5, 2.0, -kPi / 2);
    auto q = circle(5, 1.0, -kPi / 2);
    p.insert(p.end(), q.begin(), q.end());
    return make_city(10, e, p, "petersen");
}

City make_dodecahedron() {
    // Schlegel diagram: outer pentagon o0..o4, a ring of ten m0..m9, an inner pentagon i0..i4.
    Edges e;
    for (int i = 0; i < 5; ++i) {
        e.push_back({i, (i + 1) % 5});
        e.push_back({i, 5 + 2 * i});
        e.push_back({5 + 2 * i + 1, 15 + i});
        e.push_back({15 + i, 15 + (i + 1) % 5});
    }
    for (int j = 0; j < 10; ++j) e.push_back({5 + j, 5 + (j + 1) % 10});
    auto p = circle(5, 3.0, -kPi / 2);
    auto m = circle(10, 2.0, -kPi / 2);
    auto q = circle(5, 1.0, -kPi / 2 + kPi / 5);
    p.insert(p.end(), m.begin(), m.end());
    p.insert(p.end(), q.begin(), q.end());
    return make_city(20, e, p, "dodecahedron");
}

City make_example7() {
    Edges e{{0, 1}, {0, 2}, {1, 3}, {2, 3}, {2, 4}, {4, 5}, {4, 6}};
    std::vector<Point> p{{1, 0}, {0, 1}, {2, 1}, {1, 2}, {3, 2}, {2.5, 3}, {3.5, 3}};
    return make_city(7, e, p, "example7");
}

City named_map(const std::string& name) {
    if (name == "petersen") return make_petersen();
    if (name == "dodecahedron") return make_dodecahedron();
    if (name == "example7") return make_example7();
    auto dash = name.find('-');
    const std::string kind = name.substr(0, dash);
    const std::string rest = dash == std::string::npos ? "" : name.substr(dash + 1);
    long long a = 0, b = 0;
    if (kind == "cycle" && parse_suffix_int(rest, a) && a >= 3 && a <= 200) return make_cycle(static_cast<int>(a));
    if (kind == "grid") {
        auto x = rest.find('x');
        if (x != std::string::npos && parse_suffix_int(rest.substr(0, x), a) && parse_suffix_int(rest.substr(x + 1), b) &&
            a * b <= 200)
            return make_grid(static_cast<int>(a), static_cast<int>(b));
    }
    auto s = rest.find("-s");
    if (s != std::string::npos && parse_suffix_int(rest.substr(0, s), a) && a >= 2 && a <= 200 &&
        parse_int(rest.substr(s + 2), b) && b >= 0) {
        if (kind == "tree") return make_tree(static_cast<int>(a), static_cast<std::uint64_t>(b));
        if (kind == "city") return make_planar_city(static_cast<int>(a), static_cast<std::uint64_t>(b));
        if (kind == "sparse") return make_sparse(static_cast<int>(a), static_cast<std::uint64_t>(b));
    }
    // The sizes are part of the message: "grid-999x999" is the right form with a size out of range.
    throw InputError("unknown map name '" + name +
                     "' (known: cycle-<n> with n 3..200, grid-<w>x<h> with w*h <= 200, tree-<n>-s<seed>, "
                     "city-<n>-s<seed> and sparse-<n>-s<seed> with n 2..200, petersen, dodecahedron, example7)");
}

std::vector<std::string> map_suite() {
    return {"tree-30-s1",  "tree-100-s2",  "tree-200-s3",   "cycle-12",  "cycle-50",  "cycle-200",
            "grid-4x4",    "grid-6x6",     "grid-10x10",    "grid-14x14", "city-30-s1", "city-60-s2",
            "city-120-s3", "city-200-s4",  "sparse-20-s1",  "sparse-60-s2", "sparse-150-s3",
            "petersen",    "dodecahedron", "example7"};
}

}  // namespace pursuit::copsrobbers
