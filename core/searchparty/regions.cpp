// Owns: the balanced region partition (see regions.h).
#include "searchparty/regions.h"

#include <algorithm>
#include <climits>

#include "common/stop_check.h"

namespace pursuit::searchparty {

WalkGraph::WalkGraph(const Map& map) : cols(map.cols) {
    start.assign(map.open.size() + 1, 0);
    steps.assign(map.open.size(), 0);
    for (int i = 0; i < static_cast<int>(map.open.size()); ++i) {
        start[i] = static_cast<int>(next.size());
        if (!map.open[i]) continue;
        const int x = map.x_of(i), y = map.y_of(i);
        int k = 0;
        for (int dy = -1; dy <= 1; ++dy)
            for (int dx = -1; dx <= 1; ++dx) {
                if (!dx && !dy) continue;
                step[k] = dy * map.cols + dx;
                if (map.open_at(x + dx, y + dy)) next.push_back(map.index(x + dx, y + dy)), steps[i] |= 1 << k;
                ++k;
            }
    }
    start[map.open.size()] = static_cast<int>(next.size());
}

std::vector<int> WalkGraph::bfs(const std::vector<int>& sources) const {
    std::vector<int> dist, queue;
    bfs(sources, dist, queue);
    return dist;
}

void WalkGraph::bfs(const std::vector<int>& sources, std::vector<int>& dist, std::vector<int>& queue) const {
    dist.assign(cells(), -1);
    queue.clear();
    for (int s : sources)
        if (dist[s] < 0) dist[s] = 0, queue.push_back(s);
    for (std::size_t h = 0; h < queue.size(); ++h) {
        const int c = queue[h];
        for (int k = start[c]; k < start[c + 1]; ++k)
            if (dist[next[k]] < 0) dist[next[k]] = dist[c] + 1, queue.push_back(next[k]);
    }
}

void GrowingWalk::start(const std::vector<int>& sources) {
    if (++round_ == 0) {  // the rounds wrapped around: start the labels afresh
        std::fill(label_.begin(), label_.end(), Label{});
        round_ = 1;
    }
    head_ = tail_ = 0;
    for (int s : sources)
        if (label_[s].round != round_) label_[s] = {round_, 0}, queue_[tail_++] = s;
}

void GrowingWalk::start(int source) {
    start(std::vector<int>{});
    label_[source] = {round_, 0}, queue_[tail_++] = source;
}

int GrowingWalk::reach(const WalkGraph& graph, int cell) {
    while (dist(cell) < 0 && expand_next(graph) >= 0) {
    }
    const int d = dist(cell);
    if (d >= 0) grow_to(graph, d);
    return d;
}

std::vector<int> walk_table(const WalkGraph& graph, const std::vector<int>& cells) {
    const std::size_t n = cells.size();
    std::vector<int> table(n * n, 0);
    // Walked from in a sweep along the map's longer side, the cells still to reach from a cell
    // lie to one side of it, so its walk ends sooner (map 5: a sixth fewer cells walked).
    const int cols = std::max(1, graph.cols), rows = graph.cells() / cols;
    auto along = [&](int cell) { return cols >= rows ? cell % cols : cell / cols; };
    std::vector<std::size_t> order(n);
    for (std::size_t i = 0; i < n; ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return along(cells[a]) < along(cells[b]); });
    GrowingWalk walk(graph.cells());
    // (A walk can cover the map: stopped (stop_check.h), the rest of the table stays 0.)
    for (std::size_t k = 0; k < n && !stop_requested(); ++k) {
        const std::size_t i = order[k];
        walk.start(cells[i]);
        for (std::size_t l = k; l < n; ++l) {
            const std::size_t j = order[l];
            table[i * n + j] = table[j * n + i] = walk.reach(graph, cells[j]);
        }
    }
    return table;
}

namespace {

constexpr int kStep = 16;  // weights are in 1/16 of a step

// Every cell of `cells` goes to the seed minimising weight + 16 * walking distance, the lower
// team index on a tie (`from_seed[i]`: walking distances from seed i). A region grown outward
// from its seed in that order (a Dijkstra over (cost, team, cell)) gives the same owners:
// every cell on a shortest walk from the winning seed to a cell is won by that seed too. The
// seeds stay put while only the weights are balanced, so their walks are done once, not once
// per round, and a round only assigns the cells it counts.
void assign(const std::vector<std::vector<int>>& from_seed, const std::vector<long long>& weight, const std::vector<int>& cells,
            std::vector<int>& owner) {
    for (int c : cells) {
        owner[c] = -1;
        long long best = LLONG_MAX;
        for (std::size_t i = 0; i < from_seed.size(); ++i) {
            const int d = from_seed[i][c];
            if (d < 0) continue;
            const long long cost = weight[i] + kStep * static_cast<long long>(d);
            if (cost < best) best = cost, owner[c] = static_cast<int>(i);
        }
    }
}

// Angular order around (0,0): by half plane, then by cross product, then nearer first.
bool angle_less(long long ax, long long ay, long long bx, long long by) {
    const int ha = (ay < 0 || (ay == 0 && ax < 0)) ? 1 : 0, hb = (by < 0 || (by == 0 && bx < 0)) ? 1 : 0;
    if (ha != hb) return ha < hb;
    const long long cross = ax * by - ay * bx;
    if (cross != 0) return cross > 0;
    return ax * ax + ay * ay < bx * bx + by * by;
}

Regions sectors(const WalkGraph& g, const Map& map, std::vector<int> cells, int origin, const std::vector<int>& sweep,
                const RegionParams& params) {
    const int ox = map.x_of(origin), oy = map.y_of(origin), k = static_cast<int>(sweep.size());
    std::sort(cells.begin(), cells.end(), [&](int a, int b) {
        const int ax = map.x_of(a) - ox, ay = map.y_of(a) - oy, bx = map.x_of(b) - ox, by = map.y_of(b) - oy;
        if (angle_less(ax, ay, bx, by)) return true;
        if (angle_less(bx, by, ax, ay)) return false;
        return a < b;
    });
    const long long n = static_cast<long long>(cells.size());
    std::rotate(cells.begin(), cells.begin() + static_cast<long>(n * (params.sector_phase % 16) / 16), cells.end());
    long long total_rate = 0;
    for (int r : sweep) total_rate += r;
    Regions r;
    r.owner.assign(g.cells(), -1);
    r.todo.assign(k, 0);
    long long done = 0, acc = 0;
    for (int t = 0; t < k; ++t) {
        acc += sweep[t];
        const long long end = t + 1 == k ? n : n * acc / total_rate;
        for (; done < end; ++done) r.owner[cells[done]] = t, ++r.todo[t];
    }
    // Cells not to search go to the region of the nearest cell that is (walking distance).
    std::vector<int> queue;
    for (int c : cells) queue.push_back(c);
    for (std::size_t h = 0; h < queue.size(); ++h)
        for (int e = g.start[queue[h]]; e < g.start[queue[h] + 1]; ++e)
            if (r.owner[g.next[e]] < 0) r.owner[g.next[e]] = r.owner[queue[h]], queue.push_back(g.next[e]);
    for (int t = 0; t < k; ++t) r.expected.push_back(static_cast<int>(100LL * r.todo[t] / std::max(1LL, 1LL * sweep[t] * params.rate_percent)));
    return r;
}

}  // namespace

Regions partition_regions(const WalkGraph& g, const Map& map, const std::vector<std::uint8_t>& todo,
                          const std::vector<int>& origins, const std::vector<int>& sweep, const RegionParams& params) {
    const int k = static_cast<int>(origins.size());
    std::vector<int> cells;
    for (int c = 0; c < g.cells(); ++c)
        if (todo[c]) cells.push_back(c);
    std::vector<std::vector<int>> from_origin(k);
    for (int i = 0; i < k; ++i) from_origin[i] = (i > 0 && origins[i] == origins[i - 1]) ? from_origin[i - 1] : g.bfs({origins[i]});

    const bool same_origin = std::all_of(origins.begin(), origins.end(), [&](int o) { return o == origins[0]; });
    if (params.sectors && same_origin && !cells.empty()) return sectors(g, map, cells, origins[0], sweep, params);
    std::vector<int> seeds = origins;
    const bool common_origin = std::all_of(origins.begin(), origins.end(), [&](int o) { return o == origins[0]; });
    if (common_origin && !cells.empty()) {  // farthest-point sampling among the cells to search
        std::vector<int> near = from_origin[0];
        for (int i = 0; i < k; ++i) {
            int far = cells[0];
            for (int c : cells)
                if (near[c] > near[far]) far = c;
            seeds[i] = far;
            const std::vector<int> d = g.bfs({far});
            for (int c = 0; c < g.cells(); ++c)
                if (d[c] >= 0 && d[c] < near[c]) near[c] = d[c];
        }
    }
    std::vector<long long> weight(k, 0);
    Regions r;
    r.owner.assign(g.cells(), -1);
    std::vector<std::vector<int>> from_seed(k);
    auto walk_from_seeds = [&] {
        for (int i = 0; i < k; ++i)
            from_seed[i] = seeds[i] == origins[i] ? from_origin[i] : i > 0 && seeds[i] == seeds[i - 1] ? from_seed[i - 1] : g.bfs({seeds[i]});
    };
    for (int round = 0; round < params.lloyd_rounds; ++round) {  // seeds to their regions' centres
        walk_from_seeds();
        assign(from_seed, weight, cells, r.owner);
        std::vector<long long> sx(k, 0), sy(k, 0), n(k, 0);
        for (int c : cells) sx[r.owner[c]] += map.x_of(c), sy[r.owner[c]] += map.y_of(c), ++n[r.owner[c]];
        std::vector<long long> best(k, LLONG_MAX);
        for (int c : cells) {
            const int t = r.owner[c];
            const long long dx = map.x_of(c) * n[t] - sx[t], dy = map.y_of(c) * n[t] - sy[t];
            const long long d = (dx * dx + dy * dy) / (n[t] * n[t]);
            if (d < best[t]) best[t] = d, seeds[t] = c;
        }
    }
    // Balance: the team expected to finish last gives cells to the others.
    auto expected = [&](std::vector<int>& todo_count) {
        std::vector<long long> t(k, 0);
        std::vector<int> reach(k, INT_MAX);
        todo_count.assign(k, 0);
        for (int c : cells) {
            const int o = r.owner[c];
            ++todo_count[o];
            reach[o] = std::min(reach[o], from_origin[o][c]);
        }
        for (int i = 0; i < k; ++i) {
            const long long rate = std::max(1LL, static_cast<long long>(sweep[i]) * params.rate_percent);
            t[i] = todo_count[i] ? kStep * reach[i] + kStep * 100LL * todo_count[i] / rate : 0;
        }
        return t;
    };
    long long best_max = LLONG_MAX;
    std::vector<long long> best_weight = weight;
    walk_from_seeds();
    for (int round = 0; round <= params.balance_rounds; ++round) {
        assign(from_seed, weight, cells, r.owner);
        std::vector<int> count;
        const std::vector<long long> t = expected(count);
        const long long worst = *std::max_element(t.begin(), t.end());
        if (worst < best_max) best_max = worst, best_weight = weight;
        long long mean = 0;
        for (long long v : t) mean += v;
        mean /= k;
        for (int i = 0; i < k; ++i) weight[i] += std::clamp((t[i] - mean) / 3, -4LL * kStep, 4LL * kStep);
        const long long low = *std::min_element(weight.begin(), weight.end());
        for (long long& w : weight) w -= low;
    }
    std::vector<int> all(g.cells());
    for (int c = 0; c < g.cells(); ++c) all[c] = c;
    assign(from_seed, best_weight, all, r.owner);  // every cell, for the policy's region test
    const std::vector<long long> t = expected(r.todo);
    for (long long v : t) r.expected.push_back(static_cast<int>(v / kStep));
    return r;
}

}  // namespace pursuit::searchparty
