// Owns: the team-tail re-walk (see team_tail.h): the plan's replay facts, the cells a team
// owns after a cut, the beam over its joint moves and the splice.
#include "searchparty/team_tail.h"

#include <algorithm>
#include <array>
#include <climits>
#include <cstdint>
#include <tuple>

#include "searchparty/beam.h"
#include "searchparty/regions.h"

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

Replay replay(const State& start, const Plan& plan) {
    const Map& map = start.map();
    Replay r;
    r.first.assign(map.open.size(), -1);
    State s = start;
    auto note = [&] {
        std::vector<int> at;
        for (const Actor& a : s.actors()) at.push_back(map.index(a.x, a.y));
        r.where.push_back(std::move(at));
        for (int c = 0; c < static_cast<int>(map.open.size()); ++c)
            if (r.first[c] < 0 && s.searched(c)) r.first[c] = s.turns();
    };
    note();
    for (const Moves& m : plan.moves) {
        s.play(m);
        note();
    }
    return r;
}

template <class F>
void for_each_seen(const Map& map, int cell, F&& f) {
    for (const Offset& o : vision_offsets()) {
        const int x = map.x_of(cell) + o.dx, y = map.y_of(cell) + o.dy;
        if (map.open_at(x, y)) f(map.index(x, y));
    }
}

// Per team, the last turn one of its members sees a cell searched for the first time then.
std::vector<int> last_new_cells(const Map& map, const Replay& r, const std::vector<Team>& teams) {
    std::vector<int> last(teams.size(), 0);
    for (std::size_t t = 0; t < teams.size(); ++t) {
        std::vector<int> members{teams[t].leader};
        members.insert(members.end(), teams[t].followers.begin(), teams[t].followers.end());
        for (int turn = static_cast<int>(r.where.size()) - 1; turn > last[t]; --turn) {
            bool found = false;
            for (int a : members)
                for_each_seen(map, r.where[turn][a], [&](int c) { found = found || r.first[c] == turn; });
            if (found) last[t] = turn;
        }
    }
    return last;
}

struct Node {
    std::array<int, kMaxMembers> pos{};  // map cells
    int parent = -1, combo = 0;
};

struct Child {
    int rank, left;
    std::uint64_t hash;
    int parent, combo;
    auto key() const { return std::tie(rank, left, hash, parent, combo); }
};

// The beam over the members' joint moves from `from` (their cells) until every cell of `own`
// is seen; the joint moves (base 9, digit i for member i) or empty when not found within
// `max_turns` or the work.
std::vector<int> team_beam(const Map& map, const WalkGraph& graph, const std::vector<Role>& roles,
                           const std::array<int, kMaxMembers>& from, const std::vector<int>& own, int max_turns,
                           const TeamTailParams& params) {
    const int people = static_cast<int>(roles.size()), m = static_cast<int>(own.size());
    const int words = (m + 63) / 64;
    // Per own cell, the walk from every cell into sight of it; per map cell, the own cells it sees.
    std::vector<int> index_of(map.open.size(), -1);
    for (int k = 0; k < m; ++k) index_of[own[k]] = k;
    std::vector<std::uint16_t> into(static_cast<std::size_t>(m) * map.open.size(), UINT16_MAX);
    std::vector<int> dist, queue, sources;
    for (int k = 0; k < m; ++k) {
        sources.clear();
        for_each_seen(map, own[k], [&](int c) { sources.push_back(c); });
        graph.bfs(sources, dist, queue);
        for (int c = 0; c < static_cast<int>(map.open.size()); ++c)
            if (dist[c] >= 0) into[static_cast<std::size_t>(k) * map.open.size() + c] = static_cast<std::uint16_t>(std::min(dist[c], 60000));
    }
    auto lives = [&](const std::array<int, kMaxMembers>& pos) {
        for (int i = 0; i < people; ++i) {
            int star_or_costar = 0, extras = 0;
            for (int j = 0; j < people; ++j)
                if (j != i && sees(map.x_of(pos[i]), map.y_of(pos[i]), map.x_of(pos[j]), map.y_of(pos[j])))
                    (roles[j] == Role::Extra ? extras : star_or_costar) += 1;
            if (!survives(roles[i], star_or_costar, extras)) return false;
        }
        return true;
    };
    auto step = [&](const Node& node, int combo, std::array<int, kMaxMembers>& pos) {
        for (int i = 0, c = combo; i < people; ++i, c /= 9) {
            const char d = static_cast<char>('1' + c % 9);
            const int x = map.x_of(node.pos[i]) + digit_dx(d), y = map.y_of(node.pos[i]) + digit_dy(d);
            if (!map.open_at(x, y)) return false;
            pos[i] = map.index(x, y);
        }
        return true;
    };
    auto see = [&](const std::uint64_t* before, const std::array<int, kMaxMembers>& pos, std::uint64_t* out) {
        std::copy(before, before + words, out);  // bits of cells still left
        for (int i = 0; i < people; ++i)
            for_each_seen(map, pos[i], [&](int c) {
                if (index_of[c] >= 0) out[index_of[c] / 64] &= ~(std::uint64_t{1} << (index_of[c] % 64));
            });
    };
    int combos = 1;
    for (int i = 0; i < people; ++i) combos *= 9;
    std::vector<std::vector<Node>> layers(1, std::vector<Node>(1));
    layers[0][0].pos = from;
    std::vector<std::uint64_t> left(static_cast<std::size_t>(words), 0), next_left, bits(static_cast<std::size_t>(words));
    for (int k = 0; k < m; ++k) left[k / 64] |= std::uint64_t{1} << (k % 64);
    see(left.data(), from, left.data());
    std::vector<Child> children;
    long long work = 0;
    for (int turn = 1; turn <= max_turns; ++turn) {
        const std::vector<Node>& layer = layers.back();
        children.clear();
        for (int p = 0; p < static_cast<int>(layer.size()); ++p) {
            work += static_cast<long long>(combos) * m;
            if (work > params.work) return {};
            for (int combo = 0; combo < combos; ++combo) {
                std::array<int, kMaxMembers> pos{};
                if (!step(layer[p], combo, pos) || !lives(pos)) continue;
                see(&left[static_cast<std::size_t>(p) * words], pos, bits.data());
                int count = 0, bound = 0;
                std::array<int, kMaxMembers> far{}, load{};
                for (int w = 0; w < words; ++w)
                    for (std::uint64_t b = bits[w]; b; b &= b - 1) {
                        const int k = w * 64 + __builtin_ctzll(b);
                        int near = INT_MAX, who = 0;
                        for (int i = 0; i < people; ++i) {
                            const int d = into[static_cast<std::size_t>(k) * map.open.size() + pos[i]];
                            if (d < near) near = d, who = i;
                        }
                        ++count, bound = std::max(bound, near), far[who] = std::max(far[who], near), ++load[who];
                    }
                if (count == 0) {  // solved: the joint moves back from here
                    std::vector<int> path{combo};
                    for (int l = static_cast<int>(layers.size()) - 1, q = p; l > 0; q = layers[l][q].parent, --l)
                        path.push_back(layers[l][q].combo);
                    std::reverse(path.begin(), path.end());
                    return path;
                }
                for (int i = 0; i < people; ++i) bound = std::max(bound, far[i] + load[i] / kRate);
                std::uint64_t hash = 0;
                for (int w = 0; w < words; ++w) hash = beam_mix(hash, bits[w]);
                for (int i = 0; i < people; ++i) hash = beam_mix(hash, static_cast<std::uint64_t>(pos[i]));
                children.push_back({bound + count, count, hash, p, combo});
            }
        }
        std::vector<Node> next;
        next_left.clear();
        keep_best_distinct(children, params.width, [&](const Child& c) {
            Node node;
            node.parent = c.parent, node.combo = c.combo;
            step(layer[c.parent], c.combo, node.pos);
            next_left.resize(next_left.size() + static_cast<std::size_t>(words));
            see(&left[static_cast<std::size_t>(c.parent) * words], node.pos, &next_left[next_left.size() - words]);
            next.push_back(node);
        });
        if (next.empty()) return {};
        layers.push_back(std::move(next));
        left.swap(next_left);
    }
    return {};
}

// `plan` with the members' moves from turn `cut` on replaced by `path` (then standing), the
// others' as they were, replayed on the real rules: complete only if everything is searched
// with everybody alive.
Plan splice_team(const State& start, const Plan& plan, const std::vector<int>& members, int cut, const std::vector<int>& path) {
    Plan out;
    State s = start;
    const int people = s.costars_alive() + s.extras_alive();
    for (std::size_t t = 0; t < plan.moves.size() && !s.finished(); ++t) {
        Moves m = plan.moves[t];
        if (static_cast<int>(t) >= cut) {
            const std::size_t k = t - static_cast<std::size_t>(cut);
            for (std::size_t i = 0; i < members.size(); ++i)
                m[members[i]] = k < path.size() ? static_cast<char>('1' + path[k] / (i == 0 ? 1 : i == 1 ? 9 : 81) % 9) : '5';
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

Plan rewalk_team_tails(const State& start, Plan best, const TeamTailParams& params, const std::function<bool()>& go_on) {
    if (!best.complete || start.finished()) return best;
    const Map& map = start.map();
    const WalkGraph graph(map);
    const std::vector<Team> teams = form_teams(start, 3);
    for (int round = 0; round < params.rounds; ++round) {
        const Replay r = replay(start, best);
        const std::vector<int> last = last_new_cells(map, r, teams);
        const std::size_t team = static_cast<std::size_t>(std::max_element(last.begin(), last.end()) - last.begin());
        std::vector<int> members{teams[team].leader};
        members.insert(members.end(), teams[team].followers.begin(), teams[team].followers.end());
        if (static_cast<int>(members.size()) > std::min(params.max_members, kMaxMembers)) break;
        std::vector<Role> roles;
        for (int a : members) roles.push_back(start.actors()[a].role);
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
            for (std::size_t i = 0; i < members.size(); ++i) from[i] = r.where[cut][members[i]];
            const std::vector<int> path = team_beam(map, graph, roles, from, own, back - 1, params);
            if (path.empty()) continue;
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

}  // namespace pursuit::searchparty
