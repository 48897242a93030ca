// Owns: the global plan of the Search Party solver — a balanced partition of the cells still
// to be searched into one region per team (walking-distance k-means, then additive weights
// tuned so every team is expected to finish at about the same turn: the walk from where it
// stands to its region plus the region's cells over the team's sweep rate).
// Integer arithmetic only, so native and wasm plans are identical.
#pragma once
#include <array>
#include <cstdint>
#include <vector>

#include "searchparty/map.h"

namespace pursuit::searchparty {

// King-move neighbours of each cell in CSR form (start[c] .. start[c + 1] in next).
struct WalkGraph {
    std::vector<int> start, next;
    // The same neighbours as bits (k-th king step in the order of `next`, cell + step[k]): the
    // hot walks read one byte per cell instead of two offsets and a list.
    std::vector<std::uint8_t> steps;
    std::array<int, 8> step{};
    int cols = 0;  // of the map (cell = y * cols + x)
    explicit WalkGraph(const Map& map);
    int cells() const { return static_cast<int>(start.size()) - 1; }
    // Walking distances from `sources` (-1 = unreachable or wall).
    std::vector<int> bfs(const std::vector<int>& sources) const;
    // The same into caller-owned buffers (a hot path reuses them instead of allocating).
    void bfs(const std::vector<int>& sources, std::vector<int>& dist, std::vector<int>& queue) const;
};

// Walking distances from some sources, labelled only as far as a caller asks: a hot path
// that scores the cells near a leader, or walks from a target until it meets the leader, does
// not pay for the whole map (cells are stamped per walk, not cleared). A label is the exact
// walking distance; a cell not labelled yet is farther than any cell expanded so far + 1.
class GrowingWalk {
public:
    explicit GrowingWalk(int cells = 0) : label_(cells), queue_(cells) {}
    void start(const std::vector<int>& sources);
    void start(int source);
    // -1 while `cell` is not labelled.
    int dist(int cell) const { return label_[cell].round == round_ ? label_[cell].dist : -1; }
    // The next cell in walking order, with its neighbours labelled; -1 once all are done.
    // (Inline: the target search and the distance tables call it for every cell they walk.)
    int expand_next(const WalkGraph& graph) {
        if (head_ == tail_) return -1;
        const int c = queue_[head_++];
        const std::uint16_t d = label_[c].dist + 1;
        const unsigned bits = graph.steps[c];
        for (int k = 0; k < 8; ++k) {  // in the order of graph.next
            if (!(bits >> k & 1)) continue;
            const int n = c + graph.step[k];
            if (label_[n].round == round_) continue;
            label_[n] = {round_, d};
            queue_[tail_++] = n;
        }
        return c;
    }
    // Labels every cell within `depth` steps.
    void grow_to(const WalkGraph& graph, int depth) {
        while (head_ < tail_ && label_[queue_[head_]].dist < depth) expand_next(graph);
    }
    // Labels `cell` and every cell at most as far; its distance (-1 if unreachable).
    int reach(const WalkGraph& graph, int cell);

private:
    // A cell's label is valid in the walk of its round; 16 bits each (a walk is shorter than
    // the 65536 cells of the largest map) keep a whole-map table small in the cache.
    struct Label {
        std::uint16_t round = 0, dist = 0;
    };
    std::vector<Label> label_;
    std::vector<int> queue_;  // a cell enters once per walk: room for every cell, no growing
    std::size_t head_ = 0, tail_ = 0;
    std::uint16_t round_ = 0;
};

// Walking distances up to `depth` steps from some sources, for hot paths that ask about a
// small neighbourhood many times: each walk stamps the cells it reaches instead of clearing a
// whole-map table, so it costs only what it visits.
class NearWalk {
public:
    explicit NearWalk(int cells) : walk_(cells) {}
    void walk(const WalkGraph& graph, const std::vector<int>& sources, int depth) {
        walk_.start(sources);
        walk_.grow_to(graph, depth);
    }
    // Steps from the nearest source by the last walk; -1 if it did not reach `cell`.
    int dist(int cell) const { return walk_.dist(cell); }

private:
    GrowingWalk walk_;
};

// Walking distances between `cells` (row-major, -1 = unreachable). Walks are symmetric, so
// each walk only goes as far as it takes to reach the cells not walked from yet.
std::vector<int> walk_table(const WalkGraph& graph, const std::vector<int>& cells);

struct RegionParams {
    int lloyd_rounds = 0;     // k-means rounds moving the seeds to their regions' centres
    int balance_rounds = 80;  // rounds adjusting the additive weights
    int rate_percent = 70;    // share of a team's ideal sweep rate it achieves on average
    // Sectors: with a common origin, cut the cells by angle around it into slices sized by
    // the teams' rates (every region then starts at the origin: no walk through others').
    bool sectors = false;
    int sector_phase = 0;     // rotates the cut (in 1/16 of the cells)
};

struct Regions {
    std::vector<int> owner;          // per cell: team index, -1 for walls
    std::vector<int> todo;           // per team: cells to search in its region
    std::vector<int> expected;       // per team: expected turns to finish it
};

// Splits the cells with todo[c] != 0 among teams; team i starts at origins[i] and sweeps
// about sweep[i] new cells per turn when unhindered. All origins equal (the start) → seeds by
// farthest-point sampling; otherwise the seeds start at the origins.
Regions partition_regions(const WalkGraph& graph, const Map& map, const std::vector<std::uint8_t>& todo,
                          const std::vector<int>& origins, const std::vector<int>& sweep, const RegionParams& params);

}  // namespace pursuit::searchparty
