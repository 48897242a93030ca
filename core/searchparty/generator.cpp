// Owns: generate_map (see generator.h). Shapes are carved into an all-wall grid; then only
// the king-connected component holding the most open cells is kept and S is put in it.
#include "searchparty/generator.h"

#include <algorithm>

#include "common/errors.h"
#include "common/rng.h"

namespace pursuit::searchparty {
namespace {

using Grid = std::vector<std::uint8_t>;  // 1 = open

void carve_maze(Grid& g, int W, int H, Rng& rng) {
    // Recursive backtracker on the even cells, corridors of width 1, plus a few loops.
    std::vector<int> stack{0};
    g[0] = 1;
    const int dx[4] = {2, -2, 0, 0}, dy[4] = {0, 0, 2, -2};
    while (!stack.empty()) {
        const int c = stack.back(), x = c % W, y = c / W;
        int order[4] = {0, 1, 2, 3};
        for (int i = 3; i > 0; --i) std::swap(order[i], order[rng.below(i + 1)]);
        bool moved = false;
        for (int k : order) {
            const int nx = x + dx[k], ny = y + dy[k];
            if (nx < 0 || ny < 0 || nx >= W || ny >= H || g[ny * W + nx]) continue;
            g[(y + dy[k] / 2) * W + x + dx[k] / 2] = 1;
            g[ny * W + nx] = 1;
            stack.push_back(ny * W + nx);
            moved = true;
            break;
        }
        if (!moved) stack.pop_back();
    }
    for (int i = 0; i < W * H / 30; ++i) g[rng.below(W * H)] = 1;
}

void carve_cave(Grid& g, int W, int H, Rng& rng) {
    // Beyond the board counts as wall, which closes a cave in from its edges; on a board under 5
    // cells across, every cell is an edge cell and the cave closed to S alone (a 100x1 cave on 20
    // of 20 seeds, 40x3 on 7), so there the board is mirrored at its edges instead.
    const bool thin = std::min(W, H) < 5;
    auto mirror = [](int v, int n) { return v < 0 ? -v - 1 : v >= n ? 2 * n - v - 1 : v; };
    for (auto& c : g) c = !rng.chance(0.45);
    for (int iter = 0; iter < 4; ++iter) {
        Grid n = g;
        for (int y = 0; y < H; ++y)
            for (int x = 0; x < W; ++x) {
                int walls = 0;
                for (int ddy = -1; ddy <= 1; ++ddy)
                    for (int ddx = -1; ddx <= 1; ++ddx) {
                        int X = x + ddx, Y = y + ddy;
                        if (thin) X = mirror(X, W), Y = mirror(Y, H);  // (one step out: back on the board)
                        walls += (X < 0 || Y < 0 || X >= W || Y >= H) ? 1 : !g[Y * W + X];
                    }
                n[y * W + x] = walls < 5;
            }
        g = n;
    }
}

void carve_rooms(Grid& g, int W, int H, Rng& rng) {
    // A grid of rooms separated by one-cell walls, each wall pierced by a door or two.
    const int rw = 4 + static_cast<int>(rng.below(5)), rh = 3 + static_cast<int>(rng.below(4));
    for (auto& c : g) c = 1;
    for (int x = rw; x < W; x += rw + 1)
        for (int y = 0; y < H; ++y) g[y * W + x] = 0;
    for (int y = rh; y < H; y += rh + 1)
        for (int x = 0; x < W; ++x) g[y * W + x] = 0;
    for (int x = rw; x < W; x += rw + 1)
        for (int y0 = 0; y0 < H; y0 += rh + 1)
            for (int d = 0; d < 1 + static_cast<int>(rng.below(2)); ++d) {
                const int y = y0 + static_cast<int>(rng.below(rh));
                if (y < H) g[y * W + x] = 1;
            }
    for (int y = rh; y < H; y += rh + 1)
        for (int x0 = 0; x0 < W; x0 += rw + 1) {
            const int x = x0 + static_cast<int>(rng.below(rw));
            if (x < W && rng.chance(0.8)) g[y * W + x] = 1;
        }
}

void carve_open(Grid& g, int W, int H, Rng& rng) {
    for (auto& c : g) c = 1;
    for (int b = 0; b < W * H / 60; ++b) {  // blobs of obstacles
        const int x = static_cast<int>(rng.below(W)), y = static_cast<int>(rng.below(H));
        const int w = 1 + static_cast<int>(rng.below(4)), h = 1 + static_cast<int>(rng.below(3));
        for (int yy = y; yy < y + h && yy < H; ++yy)
            for (int xx = x; xx < x + w && xx < W; ++xx) g[yy * W + xx] = 0;
    }
}

}  // namespace

Map generate_map(const GenerateSpec& spec) {
    const int W = spec.cols, H = spec.rows;
    if (W < 1 || H < 1 || W > kMaxSide || H > kMaxSide)
        throw InputError("generate: cols and rows must be 1.." + std::to_string(kMaxSide));
    if (spec.costars < 0 || spec.costars > kMaxCostars || spec.extras < 0 || spec.extras > kMaxExtras)
        throw InputError("generate: costars and extras must be 0..26");
    Rng rng(spec.seed);
    Grid g(static_cast<std::size_t>(W) * H, 0);
    if (spec.kind == "maze") carve_maze(g, W, H, rng);
    else if (spec.kind == "cave") carve_cave(g, W, H, rng);
    else if (spec.kind == "rooms") carve_rooms(g, W, H, rng);
    else if (spec.kind == "open") carve_open(g, W, H, rng);
    else throw InputError("generate: unknown kind '" + spec.kind + "' (maze, cave, rooms, open)");
    // Keep the largest king-connected component.
    std::vector<int> comp(g.size(), -1), sizes;
    for (int s = 0; s < W * H; ++s) {
        if (!g[s] || comp[s] >= 0) continue;
        const int id = static_cast<int>(sizes.size());
        std::vector<int> stack{s};
        comp[s] = id;
        int n = 0;
        while (!stack.empty()) {
            const int c = stack.back();
            stack.pop_back();
            ++n;
            for (int dy = -1; dy <= 1; ++dy)
                for (int dx = -1; dx <= 1; ++dx) {
                    const int x = c % W + dx, y = c / W + dy;
                    if (x < 0 || y < 0 || x >= W || y >= H || !g[y * W + x] || comp[y * W + x] >= 0) continue;
                    comp[y * W + x] = id;
                    stack.push_back(y * W + x);
                }
        }
        sizes.push_back(n);
    }
    Map m;
    m.cols = W, m.rows = H, m.costars = spec.costars, m.extras = spec.extras;
    m.open.assign(g.size(), 0);
    if (sizes.empty()) {  // nothing open at all: a single open start
        m.open[0] = 1;
        return m;
    }
    int biggest = 0;
    for (int i = 1; i < static_cast<int>(sizes.size()); ++i)
        if (sizes[i] > sizes[biggest]) biggest = i;
    std::vector<int> cells;
    for (int i = 0; i < W * H; ++i)
        if (comp[i] == biggest) {
            m.open[i] = 1;
            cells.push_back(i);
        }
    m.start = cells[rng.below(cells.size())];
    return m;
}

const std::vector<GenerateSpec>& generated_set() {
    static const std::vector<GenerateSpec> set{
        {"maze", 31, 21, 2, 1, 1},   {"maze", 81, 61, 4, 6, 2},   {"cave", 60, 40, 3, 2, 3},  {"cave", 160, 100, 6, 9, 4},
        {"rooms", 48, 32, 2, 3, 5},  {"rooms", 120, 80, 5, 8, 6}, {"open", 64, 40, 3, 4, 7},  {"open", 256, 256, 26, 26, 8}};
    return set;
}

std::string set_map_name(const GenerateSpec& spec) {
    return spec.kind + "-" + std::to_string(spec.cols) + "x" + std::to_string(spec.rows) + "-s" + std::to_string(spec.seed);
}

}  // namespace pursuit::searchparty
