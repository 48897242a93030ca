// Owns: the beam search over joint moves (see beam.h): its tables, ranking and replay.
#include "searchparty/beam.h"

#include <algorithm>
#include <array>
#include <climits>
#include <cstdint>
#include <tuple>

#include "searchparty/regions.h"

namespace pursuit::searchparty {
namespace {

constexpr int kFar = 1 << 20;
constexpr int kMaxCast = 4;  // the positions a state holds (BeamParams::max_people is at most this)
// Cells a person is expected to search per turn, for the ranking's finishing estimate
// (map 2: 3, 5 and 7 all end at 38 turns; map 1 is won by the other plans).
constexpr int kRate = 5;

// The open cells numbered 0..n-1: where each step leads, what each sees (a bit set), and
// for each pair of cells the turns until a person walking from the first sees the second.
struct Tables {
    int n = 0, words = 0;
    std::vector<int> x, y;             // per open id
    std::vector<int> step;             // n x 9: the open id after digit '1' + k, -1 off the open cells
    std::vector<std::uint64_t> view;   // n x words
    std::vector<int> into_sight;       // n x n
};

Tables make_tables(const Map& map, std::vector<int>& id) {
    Tables t;
    id.assign(map.open.size(), -1);
    for (int c = 0; c < static_cast<int>(map.open.size()); ++c)
        if (map.open[c]) id[c] = t.n++, t.x.push_back(map.x_of(c)), t.y.push_back(map.y_of(c));
    t.words = (t.n + 63) / 64;
    t.step.assign(static_cast<std::size_t>(t.n) * 9, -1);
    t.view.assign(static_cast<std::size_t>(t.n) * t.words, 0);
    std::vector<std::vector<int>> sight(static_cast<std::size_t>(t.n));  // the open ids each sees
    for (int i = 0; i < t.n; ++i) {
        for (int k = 0; k < 9; ++k) {
            const char d = static_cast<char>('1' + k);
            const int nx = t.x[i] + digit_dx(d), ny = t.y[i] + digit_dy(d);
            if (map.open_at(nx, ny)) t.step[static_cast<std::size_t>(i) * 9 + k] = id[map.index(nx, ny)];
        }
        for (const Offset& o : vision_offsets())
            if (map.open_at(t.x[i] + o.dx, t.y[i] + o.dy)) {
                const int v = id[map.index(t.x[i] + o.dx, t.y[i] + o.dy)];
                t.view[static_cast<std::size_t>(i) * t.words + v / 64] |= std::uint64_t{1} << (v % 64);
                sight[static_cast<std::size_t>(i)].push_back(v);
            }
    }
    // Into sight of a cell: the walk to the nearest cell that sees it (sight is symmetric, so
    // those are the cells it sees).
    t.into_sight.assign(static_cast<std::size_t>(t.n) * t.n, kFar);
    const WalkGraph graph(map);
    std::vector<int> dist, queue;
    for (int from = 0; from < t.n; ++from) {
        graph.bfs({map.index(t.x[from], t.y[from])}, dist, queue);
        int* row = &t.into_sight[static_cast<std::size_t>(from) * t.n];
        for (int u = 0; u < t.n; ++u)
            for (int v : sight[static_cast<std::size_t>(u)]) {
                const int d = dist[static_cast<std::size_t>(map.index(t.x[v], t.y[v]))];
                if (d >= 0) row[u] = std::min(row[u], d);
            }
    }
    return t;
}

bool has(const std::uint64_t* bits, int i) { return (bits[i / 64] >> (i % 64)) & 1U; }

// One kept state: where the cast stands, how it got there.
struct Node {
    std::array<int, kMaxCast> pos{};
    int parent = -1;
    int combo = 0;  // the joint move from the parent, base 9 (digit k of person k)
};

// A child ranked: turns still needed (estimated) plus cells left, then cells left, then the
// sum of the walks into sight of them (spread out), then its identity (a total order).
struct Child {
    int rank, left, spread;
    std::uint64_t hash;
    int parent, combo;
    auto key() const { return std::tie(rank, left, spread, hash, parent, combo); }
};
using Cast = std::array<int, kMaxCast>;  // one open id per person of the cast

// The living actors, the only ones that move.
std::vector<int> cast_of(const State& start) {
    std::vector<int> cast;
    for (int a = 0; a < static_cast<int>(start.actors().size()); ++a)
        if (start.actors()[a].alive) cast.push_back(a);
    return cast;
}

// Nobody dies (the death rule, on open ids, for the cast that moves).
inline bool all_live(const Tables& t, const std::vector<Role>& role, int people, const Cast& pos) {
    for (int i = 0; i < people; ++i) {
        int star_or_costar = 0, extras = 0;
        for (int j = 0; j < people; ++j)
            if (j != i && sees(t.x[pos[i]], t.y[pos[i]], t.x[pos[j]], t.y[pos[j]]))
                (role[j] == Role::Extra ? extras : star_or_costar) += 1;
        if (!survives(role[i], star_or_costar, extras)) return false;
    }
    return true;
}

// The cells searched after the cast stands on `pos`, from those searched before.
inline void see_from(const Tables& t, int people, const std::uint64_t* before, const Cast& pos, std::uint64_t* out) {
    for (int w = 0; w < t.words; ++w) {
        std::uint64_t bits = before[w];
        for (int i = 0; i < people; ++i) bits |= t.view[static_cast<std::size_t>(pos[i]) * t.words + w];
        out[w] = bits;
    }
}

// Applies combo to node: the new positions, false if somebody steps off the open cells.
inline bool step(const Tables& t, int people, const Node& node, int combo, Cast& pos) {
    for (int i = 0, c = combo; i < people; ++i, c /= 9) {
        pos[i] = t.step[static_cast<std::size_t>(node.pos[i]) * 9 + c % 9];
        if (pos[i] < 0) return false;
    }
    return true;
}

// The walk into sight of the farthest cell left (a lower bound), or, when higher, a finishing
// estimate with every cell left to whoever is nearest (`bound`); the sum of the walks into
// sight of the cells left (`spread`).
inline void estimate(const Tables& t, int people, const std::uint64_t* seen, const Cast& pos, int& bound, int& spread) {
    bound = 0, spread = 0;
    Cast far{}, load{};
    for (int u = 0; u < t.n; ++u) {
        if (has(seen, u)) continue;
        int near = kFar, who = 0;
        for (int i = 0; i < people; ++i) {
            const int d = t.into_sight[static_cast<std::size_t>(pos[i]) * t.n + u];
            if (d < near) near = d, who = i;
        }
        bound = std::max(bound, near), spread += near;
        far[who] = std::max(far[who], near), ++load[who];
    }
    for (int i = 0; i < people; ++i) bound = std::max(bound, far[i] + load[i] / kRate);
}

// The kept states of each turn so far with the cells each has searched (`words` per state),
// and the scratch of the turn being expanded.
struct BeamRun {
    std::vector<std::vector<Node>> layers;
    std::vector<std::uint64_t> searched, seen;
    std::vector<Child> children;
};

// The root state: the cast where it stands, the cells searched at the start.
void start_run(const State& start, const Tables& t, const std::vector<int>& id, const std::vector<int>& cast, BeamRun& run) {
    const Map& map = start.map();
    run.layers.assign(1, {});
    Node root;
    for (int i = 0; i < static_cast<int>(cast.size()); ++i)
        root.pos[i] = id[map.index(start.actors()[cast[i]].x, start.actors()[cast[i]].y)];
    run.layers[0].push_back(root);
    run.searched.assign(static_cast<std::size_t>(t.words), 0);
    for (int i = 0; i < t.n; ++i)
        if (start.searched(map.index(t.x[i], t.y[i]))) run.searched[i / 64] |= std::uint64_t{1} << (i % 64);
    run.seen.assign(static_cast<std::size_t>(t.words), 0);
}

// Ranks the children of state `p` of the last layer into run.children, up to one that
// searches every cell: its joint move, or -1.
int expand(const Tables& t, const std::vector<Role>& role, int people, int combos, int p, BeamRun& run) {
    const Node& parent = run.layers.back()[p];
    const std::uint64_t* before = &run.searched[static_cast<std::size_t>(p) * t.words];
    std::uint64_t* const seen = run.seen.data();
    for (int combo = 0; combo < combos; ++combo) {
        Cast pos{};
        if (!step(t, people, parent, combo, pos) || !all_live(t, role, people, pos)) continue;
        see_from(t, people, before, pos, seen);
        int left = t.n;  // (no bit past the last open id is ever set)
        std::uint64_t hash = 0;
        for (int w = 0; w < t.words; ++w) left -= __builtin_popcountll(seen[w]), hash = beam_mix(hash, seen[w]);
        if (left == 0) return combo;
        int bound = 0, spread = 0;
        estimate(t, people, seen, pos, bound, spread);
        for (int i = 0; i < people; ++i) hash = beam_mix(hash, static_cast<std::uint64_t>(pos[i]));
        run.children.push_back({bound + left, left, spread, hash, p, combo});
    }
    return -1;
}

// Keeps the best `width` distinct children of the turn (equal cast positions and searched
// cells) as its layer; false when there are none.
bool next_layer(const Tables& t, int people, int width, BeamRun& run) {
    const std::vector<Node>& layer = run.layers.back();
    std::vector<Node> next;
    std::vector<std::uint64_t> next_searched;
    keep_best_distinct(run.children, width, [&](const Child& c) {
        Node node;
        node.parent = c.parent, node.combo = c.combo;
        step(t, people, layer[c.parent], c.combo, node.pos);
        next_searched.resize(next_searched.size() + static_cast<std::size_t>(t.words));
        see_from(t, people, &run.searched[static_cast<std::size_t>(c.parent) * t.words], node.pos,
                 &next_searched[next_searched.size() - t.words]);
        next.push_back(node);
    });
    if (next.empty()) return false;
    run.layers.push_back(std::move(next));
    run.searched = std::move(next_searched);
    return true;
}

// The joint moves replayed on the real rules.
Plan replay_path(const State& start, const std::vector<int>& cast, const std::vector<int>& path) {
    const int people = static_cast<int>(cast.size());
    Plan plan;
    State s = start;
    for (int combo : path) {
        Moves m = s.all_stay();
        for (int i = 0, c = combo; i < people; ++i, c /= 9) m[cast[i]] = static_cast<char>('1' + c % 9);
        s.play(m);
        plan.moves.push_back(std::move(m));
    }
    plan.complete = s.finished() && s.costars_alive() == start.costars_alive() && s.extras_alive() == start.extras_alive();
    plan.turns = s.turns(), plan.costars = s.costars_alive(), plan.extras = s.extras_alive();
    plan.variant = "beam search";
    return plan;
}

}  // namespace

Plan beam_search(const State& start, const BeamParams& params, int max_turns) {
    const Map& map = start.map();
    const std::vector<int> cast = cast_of(start);
    const int people = static_cast<int>(cast.size());
    if (people == 0 || people > std::min(params.max_people, kMaxCast) || map.open_count() > params.max_open || start.finished())
        return {};
    std::vector<int> id;
    const Tables t = make_tables(map, id);
    std::vector<Role> role;
    for (int a : cast) role.push_back(start.actors()[a].role);
    BeamRun run;
    start_run(start, t, id, cast, run);
    int combos = 1;
    for (int i = 0; i < people; ++i) combos *= 9;
    long long work = 0;
    int solved_parent = -1, solved_combo = -1;
    for (int turn = 1; turn <= max_turns && solved_parent < 0; ++turn) {
        run.children.clear();
        for (int p = 0; p < static_cast<int>(run.layers.back().size()) && solved_parent < 0; ++p) {
            if ((solved_combo = expand(t, role, people, combos, p, run)) >= 0) solved_parent = p;
            // (counted for the solving state too: work beyond the limit fails even then)
            work += static_cast<long long>(combos) * t.n;
            if (work > params.work) return {};
        }
        if (solved_parent >= 0) break;
        if (!next_layer(t, people, params.width, run)) return {};
    }
    if (solved_parent < 0) return {};
    // The joint moves back from the solving child, then replayed on the real rules.
    return replay_path(start, cast, path_back(run.layers, solved_parent, solved_combo));
}

}  // namespace pursuit::searchparty
