// Owns: generate_map, validate_map, compute_layout (see header).
#include "fugitive/map_generator.h"

#include <algorithm>
#include <cmath>
#include <set>
#include <tuple>
#include <utility>

#include "common/errors.h"
#include "common/rng.h"

namespace pursuit::fugitive {
namespace {

constexpr double kWidth = 1000, kHeight = 750;

double dist2(const Point& a, const Point& b) { return (a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y); }

double cross(const Point& o, const Point& a, const Point& b) { return (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x); }

// Proper crossing of segments ab and cd that share no endpoint (collinear overlaps count).
bool segments_cross(const Point& a, const Point& b, const Point& c, const Point& d) {
    const double d1 = cross(a, b, c), d2 = cross(a, b, d), d3 = cross(c, d, a), d4 = cross(c, d, b);
    if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) return true;
    auto on = [](const Point& p, const Point& q, const Point& r) {  // r on segment pq (collinear)
        return std::min(p.x, q.x) <= r.x && r.x <= std::max(p.x, q.x) && std::min(p.y, q.y) <= r.y && r.y <= std::max(p.y, q.y);
    };
    if (d1 == 0 && on(a, b, c)) return true;
    if (d2 == 0 && on(a, b, d)) return true;
    if (d3 == 0 && on(c, d, a)) return true;
    if (d4 == 0 && on(c, d, b)) return true;
    return false;
}

// Distance from p to segment ab.
double point_segment_distance(const Point& p, const Point& a, const Point& b) {
    const double l2 = dist2(a, b);
    double t = l2 > 0 ? ((p.x - a.x) * (b.x - a.x) + (p.y - a.y) * (b.y - a.y)) / l2 : 0;
    t = std::clamp(t, 0.0, 1.0);
    const Point q{a.x + t * (b.x - a.x), a.y + t * (b.y - a.y)};
    return std::sqrt(dist2(p, q));
}

std::vector<Point> scatter_points(int n, Rng& rng) {
    std::vector<Point> pts(n + 1);
    double spacing = 0.75 * std::sqrt(kWidth * kHeight / n);
    const double margin = 30;
    int placed = 0, attempts = 0;
    while (placed < n) {
        Point p{margin + rng.unit() * (kWidth - 2 * margin), margin + rng.unit() * (kHeight - 2 * margin)};
        bool ok = true;
        for (int i = 1; i <= placed && ok; ++i) ok = dist2(p, pts[i]) >= spacing * spacing;
        if (ok) {
            pts[++placed] = p;
        } else if (++attempts > 200) {
            spacing *= 0.95;
            attempts = 0;
        }
    }
    return pts;
}

using Edge = std::pair<int, int>;

// Greedy planar graph on `members`: candidate pairs are each member's k nearest, shortest
// first, kept when crossing no kept edge and passing no other member too closely.
std::vector<Edge> greedy_planar(const std::vector<int>& members, const std::vector<Point>& pts, int k) {
    std::vector<std::pair<double, Edge>> cand;
    std::set<Edge> seen;
    for (int a : members) {
        std::vector<std::pair<double, int>> near;
        for (int b : members)
            if (b != a) near.push_back({dist2(pts[a], pts[b]), b});
        std::sort(near.begin(), near.end());
        for (int i = 0; i < std::min<int>(k, static_cast<int>(near.size())); ++i) {
            Edge e{std::min(a, near[i].second), std::max(a, near[i].second)};
            if (seen.insert(e).second) cand.push_back({near[i].first, e});
        }
    }
    std::sort(cand.begin(), cand.end());
    std::vector<Edge> kept;
    for (const auto& [len2, e] : cand) {
        bool ok = true;
        for (const Edge& f : kept) {
            if (f.first == e.first || f.first == e.second || f.second == e.first || f.second == e.second) continue;
            if (segments_cross(pts[e.first], pts[e.second], pts[f.first], pts[f.second])) { ok = false; break; }
        }
        const double clearance = 0.12 * std::sqrt(len2);
        for (int c : members) {
            if (!ok) break;
            if (c != e.first && c != e.second && point_segment_distance(pts[c], pts[e.first], pts[e.second]) < clearance) ok = false;
        }
        if (ok) kept.push_back(e);
    }
    return kept;
}

bool connected_on(const std::vector<int>& members, const std::vector<Edge>& edges, int n) {
    if (members.empty()) return true;
    std::vector<std::vector<int>> adj(n + 1);
    for (const Edge& e : edges) adj[e.first].push_back(e.second), adj[e.second].push_back(e.first);
    std::vector<char> seen(n + 1, 0);
    std::vector<int> stack{members[0]};
    seen[members[0]] = 1;
    int count = 0;
    while (!stack.empty()) {
        const int u = stack.back();
        stack.pop_back();
        ++count;
        for (int w : adj[u])
            if (!seen[w]) seen[w] = 1, stack.push_back(w);
    }
    return count == static_cast<int>(members.size());
}

// Removes random edges (longer ones first) down to `target`, keeping every member's degree
// >= min_degree and the layer connected.
void thin(std::vector<Edge>& edges, const std::vector<int>& members, const std::vector<Point>& pts, int n,
          std::size_t target, int min_degree, Rng& rng) {
    std::vector<int> degree(n + 1, 0);
    for (const Edge& e : edges) ++degree[e.first], ++degree[e.second];
    std::vector<std::pair<double, Edge>> order;
    for (const Edge& e : edges) order.push_back({std::sqrt(dist2(pts[e.first], pts[e.second])) * (0.5 + rng.unit()), e});
    std::sort(order.rbegin(), order.rend());
    for (const auto& [key, e] : order) {
        if (edges.size() <= target) break;
        if (degree[e.first] <= min_degree || degree[e.second] <= min_degree) continue;
        auto it = std::find(edges.begin(), edges.end(), e);
        edges.erase(it);
        if (connected_on(members, edges, n)) {
            --degree[e.first], --degree[e.second];
        } else {
            edges.push_back(e);
        }
    }
}

// Farthest-point sampling: `count` well spread members of `from`.
std::vector<int> spread_subset(const std::vector<int>& from, const std::vector<Point>& pts, int count, Rng& rng) {
    std::vector<int> chosen{from[rng.below(from.size())]};
    while (static_cast<int>(chosen.size()) < count) {
        int best = -1;
        double best_d = -1;
        for (int c : from) {
            double d = 1e18;
            for (int s : chosen) d = std::min(d, dist2(pts[c], pts[s]));
            d *= 0.7 + 0.6 * rng.unit();  // some irregularity
            if (d > best_d) best_d = d, best = c;
        }
        if (best_d <= 0) break;
        chosen.push_back(best);
    }
    std::sort(chosen.begin(), chosen.end());
    return chosen;
}

std::vector<int> endpoints(const std::vector<Edge>& edges) {
    std::set<int> s;
    for (const Edge& e : edges) s.insert(e.first), s.insert(e.second);
    return {s.begin(), s.end()};
}

Map try_generate(const MapParams& p, Rng& rng) {
    const int n = p.cities;
    std::vector<Point> pts = scatter_points(n, rng);
    std::vector<int> all;
    for (int v = 1; v <= n; ++v) all.push_back(v);
    std::vector<Edge> car = greedy_planar(all, pts, 8);
    thin(car, all, pts, n, static_cast<std::size_t>(p.car_per_city * n), 2, rng);

    std::vector<Road> roads;
    for (const Edge& e : car) roads.push_back({'C', e.first, e.second});
    const int stations_wanted = std::max(3, static_cast<int>(std::lround(p.train_fraction * n)));
    if (n >= 8 && stations_wanted >= 3) {
        std::vector<int> stations = spread_subset(all, pts, stations_wanted, rng);
        std::vector<Edge> train = greedy_planar(stations, pts, 5);
        thin(train, stations, pts, n, static_cast<std::size_t>(1.25 * stations.size()), 1, rng);
        for (const Edge& e : train) roads.push_back({'T', e.first, e.second});
        std::vector<int> with_train = endpoints(train);
        const int airports_wanted = std::min<int>(static_cast<int>(with_train.size()), std::max(3, static_cast<int>(std::lround(p.plane_fraction * n))));
        if (with_train.size() >= 3) {
            std::vector<int> airports = spread_subset(with_train, pts, airports_wanted, rng);
            std::vector<Edge> plane = greedy_planar(airports, pts, 3);
            thin(plane, airports, pts, n, static_cast<std::size_t>(1.3 * airports.size()), 1, rng);
            for (const Edge& e : plane) roads.push_back({'P', e.first, e.second});
        }
    }
    return Map(n, std::move(roads), std::move(pts));
}

}  // namespace

Map generate_map(const MapParams& params) {
    if (params.cities < 5 || params.cities > kMaxCities)
        throw InputError("map cities = " + std::to_string(params.cities) + ": expected 5.." + std::to_string(kMaxCities));
    if (!(params.car_per_city >= 1 && params.car_per_city <= 3) || !(params.train_fraction >= 0 && params.train_fraction <= 1) ||
        !(params.plane_fraction >= 0 && params.plane_fraction <= params.train_fraction))
        throw InputError("map parameters out of range (car_per_city 1..3, 0 <= plane_fraction <= train_fraction <= 1)");
    Rng rng(params.seed * 0x9E3779B97F4A7C15ULL + 17);
    for (int attempt = 0; attempt < 20; ++attempt) {
        Map m = try_generate(params, rng);
        if (validate_map(m).ok()) return m;
    }
    throw InputError("could not generate a valid map with " + std::to_string(params.cities) + " cities");
}

Validation validate_map(const Map& map) {
    Validation v;
    const int n = map.size();
    if (n > kMaxCities) v.problems.push_back(std::to_string(n) + " cities: at most 200 allowed");
    std::vector<int> car_degree(n + 1, 0);
    std::vector<char> has_train(n + 1, 0), has_plane(n + 1, 0);
    std::array<std::vector<Edge>, kTransports> layer;
    std::set<std::tuple<char, int, int>> seen;
    for (const Road& r : map.roads()) {
        if (r.a == r.b) v.problems.push_back(std::string(1, r.transport) + " road " + std::to_string(r.a) + "-" + std::to_string(r.b) + " is a loop");
        if (!seen.insert({r.transport, std::min(r.a, r.b), std::max(r.a, r.b)}).second)
            v.problems.push_back("duplicate " + std::string(1, r.transport) + " road " + std::to_string(r.a) + "-" + std::to_string(r.b));
        layer[transport_index(r.transport)].push_back({r.a, r.b});
        if (r.transport == 'C') ++car_degree[r.a], ++car_degree[r.b];
        if (r.transport == 'T') has_train[r.a] = has_train[r.b] = 1;
        if (r.transport == 'P') has_plane[r.a] = has_plane[r.b] = 1;
    }
    for (int c = 1; c <= n; ++c) {
        if (car_degree[c] < 2) v.problems.push_back("city " + std::to_string(c) + " has " + std::to_string(car_degree[c]) + " car road(s); at least two needed");
        if (has_plane[c] && !has_train[c]) v.problems.push_back("city " + std::to_string(c) + " has an airport but no train station (plane cities must be train cities)");
    }
    std::vector<int> all;
    for (int c = 1; c <= n; ++c) all.push_back(c);
    if (!connected_on(all, layer[0], n)) v.problems.push_back("the car graph is not connected");
    for (int t = 0; t < kTransports; ++t) {
        const std::string name = std::string(1, kTransportLetters[t]);
        if (map.has_positions()) {
            const auto& pts = map.positions();
            const auto& edges = layer[t];
            for (size_t i = 0; i < edges.size(); ++i)
                for (size_t j = i + 1; j < edges.size(); ++j) {
                    const Edge &e = edges[i], &f = edges[j];
                    if (f.first == e.first || f.first == e.second || f.second == e.first || f.second == e.second) continue;
                    if (segments_cross(pts[e.first], pts[e.second], pts[f.first], pts[f.second]))
                        v.problems.push_back(name + " roads " + std::to_string(e.first) + "-" + std::to_string(e.second) + " and " +
                                             std::to_string(f.first) + "-" + std::to_string(f.second) + " cross (not planar as drawn)");
                }
        } else {
            const int cities = static_cast<int>(endpoints(layer[t]).size());
            if (cities >= 3 && static_cast<int>(layer[t].size()) > 3 * cities - 6)
                v.problems.push_back(name + " layer has " + std::to_string(layer[t].size()) + " roads on " + std::to_string(cities) + " cities: more than 3n-6, not planar");
        }
    }
    if (!map.has_positions()) v.notes.push_back("no positions: planarity checked only by Euler's bound (m <= 3n - 6 per transport)");
    return v;
}

std::vector<Point> compute_layout(const Map& map) {
    const int n = map.size();
    Rng rng(0x5EEDULL + static_cast<std::uint64_t>(n));
    std::vector<Point> p(n + 1), disp(n + 1);
    for (int v = 1; v <= n; ++v) {  // start on a circle, jittered
        const double a = 6.283185307179586 * v / n;
        p[v] = {kWidth / 2 + 300 * std::cos(a) + rng.unit() * 20, kHeight / 2 + 250 * std::sin(a) + rng.unit() * 20};
    }
    const double k = std::sqrt(kWidth * kHeight / n);
    double temperature = kWidth / 8;
    const int iterations = 250;
    for (int it = 0; it < iterations; ++it) {
        for (int v = 1; v <= n; ++v) disp[v] = {0, 0};
        for (int a = 1; a <= n; ++a)
            for (int b = a + 1; b <= n; ++b) {
                double dx = p[a].x - p[b].x, dy = p[a].y - p[b].y;
                double d2 = std::max(dx * dx + dy * dy, 0.01);
                const double f = k * k / d2;  // repulsion k^2/d, along unit vector (dx/d)
                disp[a].x += dx * f, disp[a].y += dy * f;
                disp[b].x -= dx * f, disp[b].y -= dy * f;
            }
        for (const Road& r : map.roads()) {
            if (r.transport != 'C') continue;  // car roads give the geography
            double dx = p[r.a].x - p[r.b].x, dy = p[r.a].y - p[r.b].y;
            const double d = std::max(std::sqrt(dx * dx + dy * dy), 0.1);
            const double f = d / k;  // attraction d^2/k along unit vector
            disp[r.a].x -= dx * f, disp[r.a].y -= dy * f;
            disp[r.b].x += dx * f, disp[r.b].y += dy * f;
        }
        for (int v = 1; v <= n; ++v) {
            const double d = std::max(std::sqrt(disp[v].x * disp[v].x + disp[v].y * disp[v].y), 0.01);
            const double step = std::min(d, temperature);
            p[v].x += disp[v].x / d * step;
            p[v].y += disp[v].y / d * step;
        }
        temperature = std::max(1.0, temperature * 0.97);
    }
    // Fit to the box with a margin.
    double minx = 1e18, maxx = -1e18, miny = 1e18, maxy = -1e18;
    for (int v = 1; v <= n; ++v) minx = std::min(minx, p[v].x), maxx = std::max(maxx, p[v].x), miny = std::min(miny, p[v].y), maxy = std::max(maxy, p[v].y);
    const double sx = (kWidth - 60) / std::max(maxx - minx, 1.0), sy = (kHeight - 60) / std::max(maxy - miny, 1.0);
    const double s = std::min(sx, sy);
    for (int v = 1; v <= n; ++v) p[v] = {30 + (p[v].x - minx) * s, 30 + (p[v].y - miny) * s};
    return p;
}

}  // namespace pursuit::fugitive
