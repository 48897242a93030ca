// Owns: viewpoint set cover and tour ordering (see tours.h).
#include "searchparty/tours.h"

#include <algorithm>
#include <array>
#include <climits>
#include <cstdlib>
#include <queue>
#include <utility>

namespace pursuit::searchparty {

std::vector<std::pair<int, int>> cover_offsets(int cover_d2) {
    std::vector<std::pair<int, int>> v;
    for (int dy = -6; dy <= 6; ++dy)
        for (int dx = -6; dx <= 6; ++dx)
            if (dx * dx + dy * dy < cover_d2) v.emplace_back(dx, dy);
    return v;
}

namespace {

// Lazy greedy over a heap of (gain, -candidate): the candidate with most gain is taken when its
// gain is still up to date, else re-queued with its new gain (gains only drop as cells get
// covered); ties go to the lower candidate, so the result is the same everywhere.
template <class Gain, class Take>
void lazy_greedy(std::priority_queue<std::pair<int, int>>& heap, Gain gain, Take take) {
    while (!heap.empty()) {
        const auto [g, neg] = heap.top();
        heap.pop();
        const int id = -neg, now = gain(id);
        if (now <= 0) continue;
        if (now < g) {
            heap.emplace(now, neg);
            continue;
        }
        take(id);
    }
}

// Greedy set cover: the viewpoint covering most uncovered cells first.
std::vector<int> cover(const Map& map, const std::vector<int>& cells, const std::vector<std::pair<int, int>>& offs) {
    std::vector<char> in_set(map.open.size(), 0), covered(map.open.size(), 0);
    for (int c : cells) in_set[c] = 1;
    auto gain = [&](int v) {
        int n = 0;
        const int x = map.x_of(v), y = map.y_of(v);
        for (auto [dx, dy] : offs)
            if (map.inside(x + dx, y + dy)) {
                const int c = map.index(x + dx, y + dy);
                n += in_set[c] && !covered[c];
            }
        return n;
    };
    std::vector<char> candidate(map.open.size(), 0);
    std::priority_queue<std::pair<int, int>> heap;  // (gain, -cell)
    for (int c : cells)
        for (auto [dx, dy] : offs) {
            const int x = map.x_of(c) - dx, y = map.y_of(c) - dy;
            if (!map.open_at(x, y) || candidate[map.index(x, y)]) continue;
            candidate[map.index(x, y)] = 1;
            heap.emplace(gain(map.index(x, y)), -map.index(x, y));
        }
    std::vector<int> chosen;
    lazy_greedy(heap, gain, [&](int v) {
        chosen.push_back(v);
        const int x = map.x_of(v), y = map.y_of(v);
        for (auto [dx, dy] : offs)
            if (map.inside(x + dx, y + dy)) covered[map.index(x + dx, y + dy)] = 1;
    });
    return chosen;
}

// Open path from order[0] (fixed): nearest neighbour, then 2-opt and point relocation.
void order_path(std::vector<int>& order, const std::vector<std::vector<int>>& d, int rounds) {
    const int n = static_cast<int>(order.size());
    for (int i = 1; i < n; ++i) {
        int best = i;
        for (int j = i + 1; j < n; ++j)
            if (d[order[i - 1]][order[j]] < d[order[i - 1]][order[best]]) best = j;
        std::swap(order[i], order[best]);
    }
    auto dist = [&](int i, int j) { return (i < 0 || j < 0 || i >= n || j >= n) ? 0 : d[order[i]][order[j]]; };
    for (int round = 0; round < rounds; ++round) {
        bool improved = false;
        for (int i = 1; i < n - 1; ++i)
            for (int j = i + 1; j < n; ++j) {  // reverse order[i..j]
                const int delta = dist(i - 1, j) + (j + 1 < n ? dist(i, j + 1) : 0) - dist(i - 1, i) - (j + 1 < n ? dist(j, j + 1) : 0);
                if (delta < 0) {
                    std::reverse(order.begin() + i, order.begin() + j + 1);
                    improved = true;
                }
            }
        for (int i = 1; i < n; ++i) {  // move order[i] elsewhere
            const int v = order[i], prev = order[i - 1], next = i + 1 < n ? order[i + 1] : -1;
            const int saving = d[prev][v] + (next >= 0 ? d[v][next] - d[prev][next] : 0);
            std::vector<int> rest(order);
            rest.erase(rest.begin() + i);
            int best_add = saving, best_j = -1;
            for (int j = 0; j + 1 <= n - 1; ++j) {  // insert after rest[j]
                const int a = rest[j], b = j + 1 < n - 1 ? rest[j + 1] : -1;
                const int add = d[a][v] + (b >= 0 ? d[v][b] - d[a][b] : 0);
                if (add < best_add) best_add = add, best_j = j;
            }
            if (best_j < 0) continue;
            rest.insert(rest.begin() + best_j + 1, v);
            order = std::move(rest);
            improved = true;
        }
        if (!improved) break;
    }
}

}  // namespace

std::vector<int> order_tour(const WalkGraph& graph, const std::vector<int>& views, int from, int opt_rounds) {
    if (views.empty()) return {};
    std::vector<int> points{from};
    points.insert(points.end(), views.begin(), views.end());
    const int n = static_cast<int>(points.size());
    const std::vector<int> table = walk_table(graph, points);
    std::vector<std::vector<int>> d(n);
    for (int i = 0; i < n; ++i) d[i].assign(table.begin() + static_cast<long>(i) * n, table.begin() + static_cast<long>(i + 1) * n);
    std::vector<int> order(n);
    for (int i = 0; i < n; ++i) order[i] = i;
    order_path(order, d, opt_rounds);
    std::vector<int> tour;
    for (int i = 1; i < n; ++i) tour.push_back(points[order[i]]);
    return tour;
}

std::vector<int> cover_points(const Map& map, const std::vector<int>& cells, int cover_d2) {
    return cover(map, cells, cover_offsets(cover_d2));
}

namespace {
// The buddy slots of a pair viewpoint: in sight of the leader and as far from it as sight
// allows, so the two views overlap least.
constexpr std::array<std::pair<int, int>, 12> kSlots{{{0, 2}, {2, 0}, {0, -2}, {-2, 0}, {1, 2}, {2, 1}, {-1, 2}, {-2, 1},
                                                      {1, -2}, {2, -1}, {-1, -2}, {-2, -1}}};

bool within_two_steps(const Map& map, int x, int y, int sx, int sy) {
    for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx)
            if (map.open_at(x + dx, y + dy) && std::abs(x + dx - sx) <= 1 && std::abs(y + dy - sy) <= 1) return true;
    return false;
}

// The offsets each buddy slot's pair sees together (kSlots order).
using SlotUnions = std::vector<std::vector<std::pair<int, int>>>;

// Calls f(cell) for every cell on the map that pair candidate `id` (leader cell * slots +
// slot) shows.
template <class F>
void for_each_shown(const Map& map, const SlotUnions& unions, int id, F&& f) {
    const int K = static_cast<int>(kSlots.size());
    const int v = id / K, x = map.x_of(v), y = map.y_of(v);
    for (auto [dx, dy] : unions[id % K])
        if (map.inside(x + dx, y + dy)) f(map.index(x + dx, y + dy));
}

// Local search on a pair cover, up to 4 passes: a view with no cell of its own is dropped,
// and two views whose leaders are within `reach` (Chebyshev) are replaced by one candidate
// that covers what only they cover (the first found, scanning leaders within 4 of one of
// those cells). `valid`: per candidate id (leader cell * slots + slot), whether the buddy
// can stand there.
void merge_views(const Map& map, const std::vector<char>& in_set, const SlotUnions& unions, const std::vector<char>& valid,
                 std::vector<int>& ids, int reach) {
    const int K = static_cast<int>(kSlots.size());
    std::vector<int> count(map.open.size(), 0);
    auto cells_of = [&](int id, std::vector<int>& out) {
        out.clear();
        for_each_shown(map, unions, id, [&](int c) {
            if (in_set[c]) out.push_back(c);
        });
    };
    std::vector<int> buf, own_a;
    auto add = [&](int id, int delta) {
        cells_of(id, buf);
        for (int c : buf) count[c] += delta;
    };
    auto own = [&](int id, std::vector<int>& out) {  // cells only this view covers
        cells_of(id, buf);
        out.clear();
        for (int c : buf)
            if (count[c] == 1) out.push_back(c);
    };
    for (int id : ids) add(id, 1);
    std::vector<char> alive(ids.size(), 1);
    std::vector<std::array<bool, 81>> shape(K);  // per slot: the union's offsets on a 9 x 9 square
    for (int k = 0; k < K; ++k)
        for (auto [dx, dy] : unions[k]) shape[k][(dy + 4) * 9 + dx + 4] = true;
    auto covers_all = [&](int id, const std::vector<int>& need) {
        const int v = id / K, k = id % K, x = map.x_of(v), y = map.y_of(v);
        for (int c : need) {
            const int dx = map.x_of(c) - x, dy = map.y_of(c) - y;
            if (std::abs(dx) > 4 || std::abs(dy) > 4 || !shape[k][(dy + 4) * 9 + dx + 4]) return false;
        }
        return true;
    };
    for (int pass = 0; pass < 4; ++pass) {
        bool changed = false;
        for (std::size_t i = 0; i < ids.size(); ++i) {
            if (!alive[i]) continue;
            own(ids[i], own_a);
            if (own_a.empty()) {
                add(ids[i], -1), alive[i] = 0, changed = true;
                continue;
            }
            const int vi = ids[i] / K;
            for (std::size_t j = 0; j < ids.size() && alive[i]; ++j) {
                if (j == i || !alive[j]) continue;
                const int vj = ids[j] / K;
                if (std::abs(map.x_of(vi) - map.x_of(vj)) > reach || std::abs(map.y_of(vi) - map.y_of(vj)) > reach) continue;
                // what nobody but i and j covers
                add(ids[i], -1), add(ids[j], -1);
                std::vector<int> need;
                for (int id : {ids[i], ids[j]}) {
                    cells_of(id, buf);
                    for (int c : buf)
                        if (count[c] == 0 && std::find(need.begin(), need.end(), c) == need.end()) need.push_back(c);
                }
                add(ids[i], 1), add(ids[j], 1);
                // the leader is within 4 of every cell it must show
                int x0 = INT_MIN, x1 = INT_MAX, y0 = INT_MIN, y1 = INT_MAX;
                for (int c : need) {
                    x0 = std::max(x0, map.x_of(c) - 4), x1 = std::min(x1, map.x_of(c) + 4);
                    y0 = std::max(y0, map.y_of(c) - 4), y1 = std::min(y1, map.y_of(c) + 4);
                }
                int found = -1;
                for (int y = y0; y <= y1 && found < 0; ++y)
                    for (int x = x0; x <= x1 && found < 0; ++x) {
                        if (!map.open_at(x, y)) continue;
                        for (int id = map.index(x, y) * K; id < (map.index(x, y) + 1) * K && found < 0; ++id)
                            if (valid[id] && covers_all(id, need)) found = id;
                    }
                if (found < 0) continue;
                add(ids[i], -1), add(ids[j], -1), add(found, 1);
                ids[i] = found, alive[j] = 0, changed = true;
                own(ids[i], own_a);
            }
        }
        if (!changed) break;
    }
    std::vector<int> kept;
    for (std::size_t i = 0; i < ids.size(); ++i)
        if (alive[i]) kept.push_back(ids[i]);
    ids = std::move(kept);
}
}  // namespace

std::vector<TeamView> cover_pair_views(const Map& map, const std::vector<int>& cells, const PairCoverParams& params) {
    const auto one = cover_offsets(8);
    SlotUnions unions(kSlots.size());
    for (std::size_t k = 0; k < kSlots.size(); ++k) {
        unions[k] = one;
        for (auto [dx, dy] : one) {
            const std::pair<int, int> o{dx + kSlots[k].first, dy + kSlots[k].second};
            if (std::find(unions[k].begin(), unions[k].end(), o) == unions[k].end()) unions[k].push_back(o);
        }
    }
    std::vector<char> in_set(map.open.size(), 0), covered(map.open.size(), 0), near(map.open.size(), 0);
    for (int c : cells) {
        in_set[c] = 1;
        for (int dy = -4; dy <= 4; ++dy)
            for (int dx = -4; dx <= 4; ++dx)
                if (map.open_at(map.x_of(c) + dx, map.y_of(c) + dy)) near[map.index(map.x_of(c) + dx, map.y_of(c) + dy)] = 1;
    }
    const int K = static_cast<int>(kSlots.size());
    // Candidate views (leader cell * K + slot) near the cells: the buddy's cell open and
    // within two steps' walk of the leader's.
    std::vector<char> valid(map.open.size() * K, 0);
    for (int v = 0; v < static_cast<int>(map.open.size()); ++v) {
        if (!near[v]) continue;
        const int x = map.x_of(v), y = map.y_of(v);
        for (int k = 0; k < K; ++k) {
            const int sx = x + kSlots[k].first, sy = y + kSlots[k].second;
            valid[v * K + k] = map.open_at(sx, sy) && within_two_steps(map, x, y, sx, sy);
        }
    }
    // A cell few candidates see is worth more (64 + 64 * rarity / candidates), so the
    // cover takes the awkward cells by walls with whole views early instead of leaving
    // them to crumbs of a few cells each at the end.
    std::vector<int> weight(map.open.size(), 64);
    if (params.rarity > 0) {
        std::vector<int> candidates(map.open.size(), 0);
        for (int id = 0; id < static_cast<int>(valid.size()); ++id)
            if (valid[id]) for_each_shown(map, unions, id, [&](int c) { ++candidates[c]; });
        for (int c = 0; c < static_cast<int>(map.open.size()); ++c)
            if (candidates[c] > 0) weight[c] = 64 + 64 * params.rarity / candidates[c];
    }
    auto gain = [&](int id) {
        int n = 0;
        for_each_shown(map, unions, id, [&](int c) {
            if (in_set[c] && !covered[c]) n += weight[c];
        });
        return n;
    };
    std::priority_queue<std::pair<int, int>> heap;  // (gain, -id)
    for (int id = 0; id < static_cast<int>(valid.size()); ++id) {
        if (!valid[id]) continue;
        const int g = gain(id);
        if (g > 0) heap.emplace(g, -id);
    }
    std::vector<int> chosen_ids;
    lazy_greedy(heap, gain, [&](int id) {
        chosen_ids.push_back(id);
        for_each_shown(map, unions, id, [&](int c) { covered[c] = 1; });
    });
    if (params.merge_reach > 0) merge_views(map, in_set, unions, valid, chosen_ids, params.merge_reach);
    std::vector<TeamView> chosen;
    for (int id : chosen_ids) {
        const int v = id / K, k = id % K;
        chosen.push_back({v, map.index(map.x_of(v) + kSlots[k].first, map.y_of(v) + kSlots[k].second)});
    }
    return chosen;
}

std::vector<int> plan_tour(const WalkGraph& graph, const Map& map, const std::vector<int>& cells, int from,
                           const TourParams& params) {
    return order_tour(graph, cover_points(map, cells, params.cover_d2), from, params.opt_rounds);
}

}  // namespace pursuit::searchparty
