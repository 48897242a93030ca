// Owns: the team-tail re-walk and the shortened team walks (see team_tail.h): the plan's replay
// facts, the cells a team owns after a cut or in a window, the beam over its joint moves and
// the splice.
#include "searchparty/team_tail.h"

#include <algorithm>
#include <array>
#include <climits>
#include <cstdint>
#include <numeric>
#include <optional>
#include <tuple>
#include <unordered_set>

#include "searchparty/beam.h"

namespace pursuit::searchparty {
namespace {

constexpr int kMaxMembers = 3;  // the positions a beam state holds
constexpr int kRate = 5;        // cells a person is expected to search per turn (as beam.h)

// What a replay of the plan tells: every actor's cell after each turn, and the turn each
// cell was first searched (0 = seen from S).
struct Replay {
    std::vector<std::vector<int>> where;  // [turn][actor], turn 0..T
    std::vector<int> first;               // per cell, -1 for walls
};

template <class F>
void for_each_seen(const Map& map, int cell, F&& f) {
    for (const Offset& o : vision_offsets()) {
        const int x = map.x_of(cell) + o.dx, y = map.y_of(cell) + o.dy;
        if (map.open_at(x, y)) f(map.index(x, y));
    }
}

std::vector<Role> roles_of(const State& start, const std::vector<int>& members) {
    std::vector<Role> roles;
    for (int a : members) roles.push_back(start.actors()[a].role);
    return roles;
}

Replay replay(const State& start, const Plan& plan) {
    const Map& map = start.map();
    Replay r;
    r.first.assign(map.open.size(), -1);
    State s = start;
    std::vector<char> alive;  // before the turn: who searched in it (the dying too)
    auto note = [&] {
        std::vector<int> at;
        for (const Actor& a : s.actors()) at.push_back(map.index(a.x, a.y));
        for (std::size_t a = 0; a < alive.size(); ++a)  // a turn searches what the living see
            if (alive[a]) for_each_seen(map, at[a], [&](int c) { if (r.first[c] < 0 && s.searched(c)) r.first[c] = s.turns(); });
        r.where.push_back(std::move(at));
        alive.clear();
        for (const Actor& a : s.actors()) alive.push_back(a.alive);
    };
    for (int c = 0; c < static_cast<int>(map.open.size()); ++c)
        if (s.searched(c)) r.first[c] = 0;
    note();
    for (const Moves& m : plan.moves) {
        s.play(m);
        note();
    }
    return r;
}

// Per team, the last turn one of its members sees a cell searched for the first time then.
std::vector<int> last_new_cells(const Map& map, const Replay& r, const std::vector<Team>& teams) {
    std::vector<int> last(teams.size(), 0);
    for (std::size_t t = 0; t < teams.size(); ++t) {
        const std::vector<int> members = members_of(teams[t]);
        for (int turn = static_cast<int>(r.where.size()) - 1; turn > last[t]; --turn) {
            bool found = false;
            for (int a : members)
                for_each_seen(map, r.where[turn][a], [&](int c) { found = found || r.first[c] == turn; });
            if (found) last[t] = turn;
        }
    }
    return last;
}

std::size_t latest(const std::vector<int>& last) {
    return static_cast<std::size_t>(std::max_element(last.begin(), last.end()) - last.begin());
}

// The cells a team must see when it walks the window from turn t1 to t2 again: those it
// searches first in the window that no other team ever sees (`others`) and the team does not
// see after it (`last_seen`: the team's last turn seeing each cell); sorted.
void window_cells(const Map& map, const Replay& r, const std::vector<int>& members, const std::vector<char>& others,
                  const std::vector<int>& last_seen, int t1, int t2, std::vector<int>& own) {
    own.clear();
    for (int turn = t1 + 1; turn <= t2; ++turn)
        for (int a : members)
            for_each_seen(map, r.where[turn][a], [&](int c) {
                if (r.first[c] == turn && !others[c] && last_seen[c] <= t2) own.push_back(c);
            });
    std::sort(own.begin(), own.end());
    own.erase(std::unique(own.begin(), own.end()), own.end());
}

struct Node {
    std::array<int, kMaxMembers> pos{};  // box cells (see Box)
    int parent = -1, combo = 0;
};

// The states a turn of the beam has reached, by hash: a state reached again (from a later
// parent, or by a later joint move) is skipped before its cells are scanned, as
// keep_best_distinct would drop it (same state, same rank; the first has the smaller key).
// Open addressing with turn stamps, so a turn starts without clearing the table. The table
// grows with the states a turn actually reaches (at most half full), not with the layer times
// the joint moves: sized for that bound it was megabytes, allocated and zeroed in every call
// and mostly empty (map 5 on one thread: the least of five runs 11.22 -> 10.69 s user).
class HashSeen {
public:
    void clear() {
        if (slots_.empty()) slots_.assign(1024, Slot{});
        ++stamp_;
        count_ = 0;
    }
    bool insert(std::uint64_t hash) {  // false when already there this turn
        if (2 * (count_ + 1) > slots_.size()) grow();
        Slot& s = find(hash);
        if (s.stamp == stamp_) return false;
        s = Slot{hash, stamp_};
        ++count_;
        return true;
    }

private:
    struct Slot {
        std::uint64_t hash = 0;
        std::uint32_t stamp = 0;
    };
    // The slot holding `hash` this turn, or the empty (older) slot where it would go.
    Slot& find(std::uint64_t hash) {
        const std::size_t mask = slots_.size() - 1;
        for (std::size_t i = (hash ^ (hash >> 29)) & mask;; i = (i + 1) & mask) {
            Slot& s = slots_[i];
            if (s.stamp != stamp_ || s.hash == hash) return s;
        }
    }
    void grow() {
        std::vector<Slot> old(slots_.size() * 2);
        old.swap(slots_);
        for (const Slot& s : old)
            if (s.stamp == stamp_) find(s.hash) = s;
    }
    std::vector<Slot> slots_;
    std::uint32_t stamp_ = 0;
    std::size_t count_ = 0;
};

// The best `width` keys (rank, left, hash, parent, move) of a turn's children so far, worst on
// top of a heap.
class BestKeys {
public:
    using Key = std::tuple<int, int, std::uint64_t, int, int>;
    explicit BestKeys(int width) : width_(static_cast<std::size_t>(std::max(width, 1))) {}
    void clear() { heap_.clear(); }
    bool full() const { return heap_.size() >= width_; }
    // Whether the worst kept key is before every key starting (rank, left).
    bool beats(int rank, int left) const { return std::get<0>(heap_.front()) < rank || (std::get<0>(heap_.front()) == rank && std::get<1>(heap_.front()) < left); }
    void offer(const Key& key) {
        if (full() && !(key < heap_.front())) return;
        if (full()) std::pop_heap(heap_.begin(), heap_.end()), heap_.pop_back();
        heap_.push_back(key);
        std::push_heap(heap_.begin(), heap_.end());
    }

private:
    std::size_t width_;
    std::vector<Key> heap_;
};

struct Child {
    int rank, left;
    std::uint64_t hash;
    int parent, combo;
    auto key() const { return std::tie(rank, left, hash, parent, combo); }
};

using Cells = std::array<int, kMaxMembers>;  // one box cell per member

// Every cell the members can stand on in time lies in the box `max_turns` around where they
// start: a team beam's states hold cells of it, numbered row by row within it.
struct Box {
    int x0 = 0, y0 = 0, x1 = -1, y1 = -1, cols = 0, cells = 0;
    bool contains(int x, int y) const { return x >= x0 && x <= x1 && y >= y0 && y <= y1; }
    int local(int x, int y) const { return (y - y0) * cols + x - x0; }
};

Box box_around(const Map& map, const Cells& from, int people, int max_turns) {
    int x0 = map.cols, y0 = map.rows, x1 = -1, y1 = -1;
    for (int i = 0; i < people; ++i) {
        x0 = std::min(x0, map.x_of(from[i])), x1 = std::max(x1, map.x_of(from[i]));
        y0 = std::min(y0, map.y_of(from[i])), y1 = std::max(y1, map.y_of(from[i]));
    }
    Box box;
    box.x0 = std::max(0, x0 - max_turns), box.y0 = std::max(0, y0 - max_turns);
    box.x1 = std::min(map.cols - 1, x1 + max_turns), box.y1 = std::min(map.rows - 1, y1 + max_turns);
    box.cols = box.x1 - box.x0 + 1;
    box.cells = box.cols * (box.y1 - box.y0 + 1);
    return box;
}

// The box's tables, built once per beam so the hot loop never divides nor walks.
struct BoxTables {
    int m = 0, words = 0;  // the own cells, and the 64-bit words of a set of them
    // Per box cell: where each king step (digit order) leads (-1: a wall or off the box), and
    // its coordinates.
    std::vector<int> step_to, lx, ly;
    // Per box cell, the own cells it sees (CSR).
    std::vector<int> sees_start, sees_own;
    // The same as bit masks: per box cell, (word, bits) of the own cells it sees, one entry per
    // word (a cell's own cells are few and close in number), so a state's sight is a few ANDs.
    std::vector<int> mask_start, mask_word;
    std::vector<std::uint64_t> mask_bits;
    // Per box cell, the walk from it into sight of each own cell (walks that leave the box are
    // too long to matter), own cells side by side so a state reads one row.
    std::vector<std::uint8_t> into;
    // With `to`, the members must end on those cells: per member, the walk to its cell.
    std::vector<std::vector<std::uint8_t>> home_walk;
};

void build_steps(const Map& map, const Box& box, BoxTables& t) {
    t.step_to.assign(static_cast<std::size_t>(box.cells) * 9, -1);
    t.lx.assign(box.cells, 0), t.ly.assign(box.cells, 0);
    for (int y = box.y0; y <= box.y1; ++y)
        for (int x = box.x0; x <= box.x1; ++x) {
            const int l = box.local(x, y);
            t.lx[l] = x, t.ly[l] = y;
            for (int d = 0; d < 9; ++d) {
                const char digit = static_cast<char>('1' + d);
                const int nx = x + digit_dx(digit), ny = y + digit_dy(digit);
                if (map.open_at(x, y) && box.contains(nx, ny) && map.open_at(nx, ny))
                    t.step_to[static_cast<std::size_t>(l) * 9 + d] = box.local(nx, ny);
            }
        }
}

void build_sight(const Map& map, const Box& box, const std::vector<int>& own, BoxTables& t) {
    t.sees_start.assign(box.cells + 1, 0);
    for (int pass = 0; pass < 2; ++pass) {  // count, then fill
        std::vector<int> fill(t.sees_start.begin(), t.sees_start.end() - 1);
        if (pass == 1) t.sees_own.resize(t.sees_start.back());
        for (int k = 0; k < t.m; ++k)
            for_each_seen(map, own[k], [&](int c) {
                if (!box.contains(map.x_of(c), map.y_of(c))) return;
                const int l = box.local(map.x_of(c), map.y_of(c));
                if (pass == 0) ++t.sees_start[l + 1];
                else t.sees_own[fill[l]++] = k;
            });
        if (pass == 0) std::partial_sum(t.sees_start.begin(), t.sees_start.end(), t.sees_start.begin());
    }
}

void build_masks(const Box& box, BoxTables& t) {
    t.mask_start.assign(box.cells + 1, 0);
    for (int l = 0; l < box.cells; ++l) {
        for (int e = t.sees_start[l]; e < t.sees_start[l + 1]; ++e) {
            const int w = t.sees_own[e] / 64;
            if (static_cast<int>(t.mask_word.size()) == t.mask_start[l] || t.mask_word.back() != w)
                t.mask_word.push_back(w), t.mask_bits.push_back(0);
            t.mask_bits.back() |= std::uint64_t{1} << (t.sees_own[e] % 64);
        }
        t.mask_start[l + 1] = static_cast<int>(t.mask_word.size());
    }
}

// Breadth first over the box from the cells in `queue` (labelled 0), up to `reach` steps:
// label(l) becomes the walk to box cell l (UINT8_MAX while not reached).
template <class Label>
inline void walk_from(const std::vector<int>& step_to, int reach, std::vector<int>& queue, Label&& label) {
    for (std::size_t h = 0; h < queue.size(); ++h) {
        const int l = queue[h], d = label(l) + 1;
        if (d > reach) continue;
        for (int k = 0; k < 9; ++k)
            if (const int n = step_to[static_cast<std::size_t>(l) * 9 + k]; n >= 0 && label(n) == UINT8_MAX)
                label(n) = static_cast<std::uint8_t>(d), queue.push_back(n);
    }
}

void build_into(const Map& map, const Box& box, const std::vector<int>& own, int max_turns, BoxTables& t) {
    const int m = t.m, reach = std::min(max_turns, 254);
    t.into.assign(static_cast<std::size_t>(box.cells) * m, UINT8_MAX);
    // The walks run on a block of own cells at a time, each into its own row of `block` (a walk
    // over the strided table touched a cache line per label: a tenth of map 5's time), then
    // the block is written into the table row by row.
    constexpr int kBlock = 32;
    std::vector<int> queue;
    std::vector<std::uint8_t> block(static_cast<std::size_t>(kBlock) * box.cells);
    for (int k0 = 0; k0 < m; k0 += kBlock) {
        const int k1 = std::min(m, k0 + kBlock);
        std::fill(block.begin(), block.end(), UINT8_MAX);
        for (int k = k0; k < k1; ++k) {
            queue.clear();
            std::uint8_t* row = block.data() + static_cast<std::size_t>(k - k0) * box.cells;
            auto label = [row](int l) -> std::uint8_t& { return row[l]; };
            for_each_seen(map, own[k], [&](int c) {
                if (box.contains(map.x_of(c), map.y_of(c)))
                    label(box.local(map.x_of(c), map.y_of(c))) = 0, queue.push_back(box.local(map.x_of(c), map.y_of(c)));
            });
            walk_from(t.step_to, reach, queue, label);
        }
        for (int l = 0; l < box.cells; ++l)
            for (int k = k0; k < k1; ++k)
                t.into[static_cast<std::size_t>(l) * m + k] = block[static_cast<std::size_t>(k - k0) * box.cells + l];
    }
}

void build_home_walks(const Map& map, const Box& box, const Cells& to, int people, int max_turns, BoxTables& t) {
    const int reach = std::min(max_turns, 254);
    std::vector<int> queue;
    t.home_walk.resize(people);
    for (int i = 0; i < people; ++i) {
        t.home_walk[i].assign(box.cells, UINT8_MAX);
        const int tx = map.x_of(to[i]), ty = map.y_of(to[i]);
        if (!box.contains(tx, ty)) continue;
        queue.assign(1, box.local(tx, ty));
        auto label = [&](int l) -> std::uint8_t& { return t.home_walk[i][l]; };
        label(box.local(tx, ty)) = 0;
        walk_from(t.step_to, reach, queue, label);
    }
}

BoxTables box_tables(const Map& map, const Box& box, const std::vector<int>& own, int max_turns, int people, const Cells* to) {
    BoxTables t;
    t.m = static_cast<int>(own.size()), t.words = (t.m + 63) / 64;
    build_steps(map, box, t);
    build_sight(map, box, own, t);
    build_masks(box, t);
    build_into(map, box, own, max_turns, t);
    if (to) build_home_walks(map, box, *to, people, max_turns, t);
    return t;
}

// Nobody dies (the death rule on box cells).
inline bool lives(const BoxTables& t, const std::vector<Role>& roles, int people, const Cells& pos) {
    for (int i = 0; i < people; ++i) {
        int star_or_costar = 0, extras = 0;
        for (int j = 0; j < people; ++j)
            if (j != i && sees(t.lx[pos[i]], t.ly[pos[i]], t.lx[pos[j]], t.ly[pos[j]])) (roles[j] == Role::Extra ? extras : star_or_costar) += 1;
        if (!survives(roles[i], star_or_costar, extras)) return false;
    }
    return true;
}

// The members' cells after the joint move `combo` from `node`; false if one steps off the box's
// open cells.
inline bool step(const BoxTables& t, int people, const Node& node, int combo, Cells& pos) {
    for (int i = 0, c = combo; i < people; ++i, c /= 9)
        if ((pos[i] = t.step_to[static_cast<std::size_t>(node.pos[i]) * 9 + c % 9]) < 0) return false;
    return true;
}

// The own cells still left (bits) when the members stand on `pos`, from those left before.
inline void see(const BoxTables& t, int people, const std::uint64_t* before, const Cells& pos, std::uint64_t* out) {
    std::copy(before, before + t.words, out);  // bits of cells still left
    for (int i = 0; i < people; ++i)
        for (int e = t.mask_start[pos[i]]; e < t.mask_start[pos[i] + 1]; ++e) out[t.mask_word[e]] &= ~t.mask_bits[e];
}

// A state's cells left (`bits`), each from the member nearest to seeing it: false when one
// cannot be seen in time (the state is doomed); else the farthest walk into sight in `bound`,
// and per member the farthest of its cells (`far`) and their number (`load`).
inline bool scan_left(const BoxTables& t, int people, const std::uint64_t* bits, const Cells& pos, int turn, int max_turns,
                      int& bound, Cells& far, Cells& load) {
    const int m = t.m;
    std::array<const std::uint8_t*, kMaxMembers> row{};
    for (int i = 0; i < people; ++i) row[i] = t.into.data() + static_cast<std::size_t>(pos[i]) * m;
    // A cell nobody can see in time dooms the state (it would go below): stop at it.
    for (int w = 0; w < t.words; ++w)
        for (std::uint64_t b = bits[w]; b; b &= b - 1) {
            const int k = w * 64 + __builtin_ctzll(b);
            int near = INT_MAX, who = 0;
            for (int i = 0; i < people; ++i) {
                const int d = row[i][k];
                if (d < near) near = d, who = i;
            }
            if (turn + near > max_turns) return false;
            bound = std::max(bound, near), far[who] = std::max(far[who], near), ++load[who];
        }
    return true;
}

// The kept states of each turn so far, with the own cells each has left (`words` per state),
// and the scratch of the turn being expanded.
struct BeamRun {
    std::vector<std::vector<Node>> layers;
    std::vector<std::uint64_t> left, next_left, bits;
    std::vector<Child> children;
    HashSeen fresh;
    BestKeys best_keys;
    explicit BeamRun(int width) : best_keys(width) {}
};

// Ranks the children of state `p` of the last layer into run.children (those that can end in
// time and rank among the kept ones); the joint move that solves the beam from it, or -1.
int expand(const BoxTables& t, const std::vector<Role>& roles, int people, int combos, int turn, int max_turns, int p,
           BeamRun& run) {
    const int words = t.words;
    const bool homing = !t.home_walk.empty();
    const Node& parent = run.layers.back()[p];
    // data() + offset, not &v[i]: a window with no cells of its own has no words (m = 0),
    // and &v[0] of an empty vector is undefined (UBSan).
    const std::uint64_t* const before = run.left.data() + static_cast<std::size_t>(p) * words;
    std::uint64_t* const bits = run.bits.data();
    for (int combo = 0; combo < combos; ++combo) {
        Cells pos{};
        if (!step(t, people, parent, combo, pos)) continue;
        int away = 0;  // the walk to the cells the members must end on, a lower bound
        for (int i = 0; homing && i < people; ++i) away = std::max<int>(away, t.home_walk[i][pos[i]]);
        if (turn + away > max_turns || !lives(t, roles, people, pos)) continue;
        see(t, people, before, pos, bits);
        std::uint64_t hash = 0;
        for (int w = 0; w < words; ++w) hash = beam_mix(hash, bits[w]);
        for (int i = 0; i < people; ++i) hash = beam_mix(hash, static_cast<std::uint64_t>(pos[i]));
        if (!run.fresh.insert(hash)) continue;  // the same state from an earlier parent or move
        int count = 0, bound = 0;
        for (int w = 0; w < words; ++w) count += __builtin_popcountll(bits[w]);
        // Its rank is at least count + away: when `width` children already rank better,
        // it would not be kept, so its cells are not scanned (the same states are kept).
        if (run.best_keys.full() && run.best_keys.beats(count + away, count)) continue;
        Cells far{}, load{};
        if (!scan_left(t, people, bits, pos, turn, max_turns, bound, far, load)) continue;
        if (count == 0 && away == 0) return combo;  // solved
        // `bound` so far and `away` are lower bounds: a state that cannot end in time goes.
        bound = std::max(bound, away);
        if (turn + bound > max_turns) continue;
        for (int i = 0; i < people; ++i) bound = std::max(bound, far[i] + load[i] / kRate);
        run.children.push_back({bound + count, count, hash, p, combo});
        run.best_keys.offer(run.children.back().key());
    }
    return -1;
}

// The best `width` distinct children of the turn as its layer; false when there are none.
bool next_layer(const BoxTables& t, int people, int width, BeamRun& run) {
    const int words = t.words;
    const std::vector<Node>& layer = run.layers.back();
    std::vector<Node> next;
    run.next_left.clear();
    keep_best_distinct(run.children, width, [&](const Child& c) {
        Node node;
        node.parent = c.parent, node.combo = c.combo;
        step(t, people, layer[c.parent], c.combo, node.pos);
        run.next_left.resize(run.next_left.size() + static_cast<std::size_t>(words));
        see(t, people, run.left.data() + static_cast<std::size_t>(c.parent) * words, node.pos,
            run.next_left.data() + (run.next_left.size() - words));
        next.push_back(node);
    });
    if (next.empty()) return false;
    run.layers.push_back(std::move(next));
    run.left.swap(run.next_left);
    return true;
}

// The beam over the members' joint moves from `from` (their cells) until every cell of `own`
// is seen (and, with `to`, every member stands on its cell of `to`); the joint moves (base 9,
// digit i for member i) or empty when not found within `max_turns` or the work. States hold
// cells of the box the members can reach in time (see Box).
std::vector<int> team_beam(const Map& map, const std::vector<Role>& roles, const Cells& from, const std::vector<int>& own,
                           int max_turns, const TeamTailParams& params, const Cells* to = nullptr) {
    const int people = static_cast<int>(roles.size());
    const Box box = box_around(map, from, people, max_turns);
    const BoxTables t = box_tables(map, box, own, max_turns, people, to);
    const int m = t.m, words = t.words;
    int combos = 1;
    for (int i = 0; i < people; ++i) combos *= 9;
    BeamRun run(params.width);
    run.layers.assign(1, std::vector<Node>(1));
    for (int i = 0; i < people; ++i) run.layers[0][0].pos[i] = box.local(map.x_of(from[i]), map.y_of(from[i]));
    run.left.assign(static_cast<std::size_t>(words), 0), run.bits.assign(static_cast<std::size_t>(words), 0);
    for (int k = 0; k < m; ++k) run.left[k / 64] |= std::uint64_t{1} << (k % 64);
    see(t, people, run.left.data(), run.layers[0][0].pos, run.left.data());
    long long work = 0;
    for (int turn = 1; turn <= max_turns; ++turn) {
        run.children.clear();
        run.fresh.clear();
        run.best_keys.clear();
        for (int p = 0; p < static_cast<int>(run.layers.back().size()); ++p) {
            work += static_cast<long long>(combos) * m;
            if (work > params.work) return {};
            if (const int combo = expand(t, roles, people, combos, turn, max_turns, p, run); combo >= 0)
                return path_back(run.layers, p, combo);
        }
        if (!next_layer(t, people, params.width, run)) return {};
    }
    return {};
}

// `plan` with the members' moves from turn `cut` on replaced by `path`, then by their own
// moves from turn `resume` on (-1: they stand), the others' as they were, replayed on the real
// rules: complete only if everything is searched with everybody alive.
Plan splice_team(const State& start, const Plan& plan, const std::vector<int>& members, int cut, const std::vector<int>& path,
                 int resume = -1) {
    Plan out;
    State s = start;
    const int people = s.costars_alive() + s.extras_alive();
    for (std::size_t t = 0; t < plan.moves.size() && !s.finished(); ++t) {
        Moves m = plan.moves[t];
        if (static_cast<int>(t) >= cut) {
            const std::size_t k = t - static_cast<std::size_t>(cut);
            const std::size_t later = static_cast<std::size_t>(resume) + k - path.size();
            for (std::size_t i = 0; i < members.size(); ++i)
                m[members[i]] = k < path.size() ? static_cast<char>('1' + path[k] / (i == 0 ? 1 : i == 1 ? 9 : 81) % 9)
                                : resume >= 0 && later < plan.moves.size() ? plan.moves[later][members[i]] : '5';
        }
        if (!s.illegal_reason(m).empty()) return {};
        s.play(m);
        out.moves.push_back(std::move(m));
    }
    out.complete = s.finished() && s.costars_alive() + s.extras_alive() == people;
    out.turns = s.turns(), out.costars = s.costars_alive(), out.extras = s.extras_alive();
    out.variant = plan.variant + " + team tail at " + std::to_string(cut);
    return out;
}

}  // namespace

// The window shortening's settings: under 3000 open cells the whole pipeline takes 2-3 s, so
// the shortening gets a wider beam (100 states, not 30) and longer windows (8-30 steps, not
// 8-20): map 3 210 -> 208 turns for 2.3 -> 4.7 s CPU, our rooms-48x32 96 -> 94, maps 1, 2
// unchanged. Above, windows to 24 (the 30-state beam): maps 4 / 5 263 / 248 -> 262 / 246 for
// about 1.2 s more CPU on map 5, affordable since the finalists are polished side by side
// (map 5: 5.5-5.9 -> 6.7-7.1 s of wall time on 2 cores). Windows to 30 or a 60-state beam
// gain at most one turn more for 2-5 s.
TeamWalkParams default_team_walks(int open_cells) {
    TeamWalkParams params;
    params.windows.clear();
    const int longest = open_cells < 3000 ? 30 : 24;
    for (int length = 8; length <= longest; length += 2) params.windows.push_back(length);
    if (open_cells < 3000) params.width = 100;
    return params;
}

Plan shorten_team_walks(const State& start, Plan best, const TeamWalkParams& params, const std::function<bool()>& go_on,
                        BeamMemo* memo) {
    if (!best.complete || start.finished()) return best;
    const Map& map = start.map();
    const std::vector<Team> teams = form_teams(start, 3);
    TeamTailParams beam;
    beam.width = params.width, beam.work = params.work;
    // A beam that failed fails again from the same cells to the same cells with the same cells
    // to see in the same turns: their hash is remembered (after a window pays, the next round
    // tries the same team's windows again, and only those overlapping it have changed), in the
    // caller's memo when given (a later call on the plan with re-walked tails).
    BeamMemo own_memo;
    std::unordered_set<std::uint64_t>& failed = (memo ? *memo : own_memo).failed;
    long long& replayed = (memo ? *memo : own_memo).replayed;
    int kept = 0;
    // The window lengths in turn, again while a cycle through them pays (a window that pays
    // can open a shorter one of another team's).
    for (int cycle_start = -1; cycle_start != kept && kept < params.rounds && replayed < params.replay_work;) {
        cycle_start = kept;
        for (int window : params.windows) {
            std::vector<char> stuck(teams.size(), 0);  // no window of the team's pays
            while (kept < params.rounds && replayed < params.replay_work) {
                const Replay r = replay(start, best);
                replayed += static_cast<long long>(r.where.size()) * static_cast<long long>(r.where[0].size());
                const std::vector<int> last = last_new_cells(map, r, teams);
                const std::size_t team = latest(last);
                const std::vector<int> members = members_of(teams[team]);
                if (stuck[team] || static_cast<int>(members.size()) > kMaxMembers) break;
                const std::vector<Role> roles = roles_of(start, members);
                beam.width = members.size() >= 3 ? std::min(params.width, params.width_of_three) : params.width;
                const auto mine = [&](int a) { return std::find(members.begin(), members.end(), a) != members.end(); };
                std::vector<char> others(map.open.size(), 0);  // seen by another team at some turn
                std::vector<int> last_seen(map.open.size(), -1);  // the team's last turn seeing the cell
                for (int turn = 0; turn < static_cast<int>(r.where.size()); ++turn)
                    for (int a = 0; a < static_cast<int>(r.where[turn].size()); ++a)
                        if (mine(a)) for_each_seen(map, r.where[turn][a], [&](int c) { last_seen[c] = turn; });
                        else if (start.actors()[a].alive) for_each_seen(map, r.where[turn][a], [&](int c) { others[c] = 1; });
                bool shorter = false;
                std::vector<int> own;
                for (int t2 = last[team]; t2 - window >= 0 && !shorter; t2 -= window / 2) {
                    if (go_on && !go_on()) return best;
                    const int t1 = t2 - window;
                    window_cells(map, r, members, others, last_seen, t1, t2, own);
                    std::array<int, kMaxMembers> from{}, to{};
                    std::uint64_t key = beam_mix(team, static_cast<std::uint64_t>(window));
                    for (std::size_t i = 0; i < members.size(); ++i) {
                        from[i] = r.where[t1][members[i]], to[i] = r.where[t2][members[i]];
                        key = beam_mix(beam_mix(key, static_cast<std::uint64_t>(from[i])), static_cast<std::uint64_t>(to[i]));
                    }
                    for (int c : own) key = beam_mix(key, static_cast<std::uint64_t>(c));
                    if (static_cast<int>(own.size()) > params.max_cells || !failed.insert(key).second) continue;
                    const std::vector<int> path = team_beam(map, roles, from, own, window - 1, beam, &to);
                    if (path.empty()) continue;
                    Plan spliced = splice_team(start, best, members, t1, path, t2);
                    if (!spliced.complete || spliced.turns > best.turns) continue;
                    spliced.variant = best.variant + " + team walks shortened";
                    best = std::move(spliced), shorter = true, ++kept, failed.erase(key);
                    std::fill(stuck.begin(), stuck.end(), 0);
                }
                if (!shorter) stuck[team] = 1;
            }
        }
    }
    return best;
}

Plan rewalk_team_tails(const State& start, Plan best, const TeamTailParams& params, const std::function<bool()>& go_on,
                       BeamMemo* memo) {
    if (!best.complete || start.finished()) return best;
    const Map& map = start.map();
    const std::vector<Team> teams = form_teams(start, 3);
    for (int round = 0; round < params.rounds; ++round) {
        const Replay r = replay(start, best);
        const std::vector<int> last = last_new_cells(map, r, teams);
        const std::size_t team = latest(last);
        const std::vector<int> members = members_of(teams[team]);
        if (static_cast<int>(members.size()) > std::min(params.max_members, kMaxMembers)) break;
        const std::vector<Role> roles = roles_of(start, members);
        bool kept = false;
        for (int back : params.cuts) {
            const int cut = last[team] - back;
            if (cut < 0 || (go_on && !go_on())) break;
            // The cells only this team searches after the cut.
            std::vector<char> others(map.open.size(), 0);
            for (int turn = cut + 1; turn < static_cast<int>(r.where.size()); ++turn)
                for (int a = 0; a < static_cast<int>(r.where[turn].size()); ++a)
                    if (std::find(members.begin(), members.end(), a) == members.end() && start.actors()[a].alive)
                        for_each_seen(map, r.where[turn][a], [&](int c) { others[c] = 1; });
            std::vector<int> own;
            for (int c = 0; c < static_cast<int>(map.open.size()); ++c)
                if (r.first[c] > cut && !others[c]) own.push_back(c);
            if (own.empty() || static_cast<int>(own.size()) > params.max_cells) continue;
            std::array<int, kMaxMembers> from{};
            std::uint64_t key = beam_mix(team, static_cast<std::uint64_t>(back));  // as in shorten_team_walks
            for (std::size_t i = 0; i < members.size(); ++i) {
                from[i] = r.where[cut][members[i]];
                key = beam_mix(key, static_cast<std::uint64_t>(from[i]));
            }
            for (int c : own) key = beam_mix(key, static_cast<std::uint64_t>(c));
            if (memo && memo->failed.count(key)) continue;
            const std::vector<int> path = team_beam(map, roles, from, own, back - 1, params);
            if (path.empty()) {
                if (memo) memo->failed.insert(key);
                continue;
            }
            Plan spliced = splice_team(start, best, members, cut, path);
            if (better(spliced, best) || (spliced.complete && spliced.turns == best.turns &&
                                          last_new_cells(map, replay(start, spliced), teams)[team] < last[team])) {
                best = std::move(spliced);
                kept = true;
                break;
            }
        }
        if (!kept) break;
    }
    return best;
}

namespace {

bool somebody_waits(const State& s, const Moves& moves) {
    for (std::size_t a = 0; a < moves.size(); ++a)
        if (moves[a] == '5' && s.actors()[a].alive) return true;
    return false;
}

// The plan without turn `t` (`before`: the state before it) played to its end, when every move
// is legal, nobody dies and the search ends; `replayed` counts the turns x people played.
std::optional<State> end_without_turn(const State& before, const Plan& plan, std::size_t t, int people, long long& replayed) {
    State s = before;
    for (std::size_t k = t + 1; k < plan.moves.size() && !s.finished(); ++k) {
        if (!s.illegal_reason(plan.moves[k]).empty()) return std::nullopt;
        s.play(plan.moves[k]);
        replayed += static_cast<long long>(plan.moves[k].size());
        if (s.costars_alive() + s.extras_alive() < people) return std::nullopt;
    }
    if (!s.finished()) return std::nullopt;
    return s;
}

}  // namespace

Plan drop_waiting_turns(const State& start, Plan best, long long replay_work, const std::function<bool()>& go_on) {
    if (!best.complete) return best;
    const int people = start.costars_alive() + start.extras_alive();
    State before = start;  // the state before turn t of `best`
    long long replayed = 0;
    for (std::size_t t = 0; t + 1 < best.moves.size();) {
        if (somebody_waits(before, best.moves[t])) {
            if (replayed >= replay_work || (go_on && !go_on())) break;
            if (const std::optional<State> end = end_without_turn(before, best, t, people, replayed)) {
                best.moves.erase(best.moves.begin() + static_cast<std::ptrdiff_t>(t));
                best.moves.resize(static_cast<std::size_t>(end->turns() - start.turns()));  // (it may end sooner still)
                best.turns = end->turns(), best.costars = end->costars_alive(), best.extras = end->extras_alive();
                const std::string mark = " + waits dropped";
                if (best.variant.size() < mark.size() || best.variant.compare(best.variant.size() - mark.size(), mark.size(), mark) != 0)
                    best.variant += mark;
                continue;  // turn t is the next one now
            }
        }
        before.play(best.moves[t]);
        ++t;
    }
    return best;
}

}  // namespace pursuit::searchparty
