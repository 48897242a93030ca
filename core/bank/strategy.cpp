// Owns: the Bank bots (see strategy.h).
#include "bank/strategy.h"

#include <algorithm>
#include <deque>

#include "common/errors.h"

namespace pursuit::bank {

Level parse_level(const std::string& name) {
    if (name == "easy" || name == "random") return Level::Random;
    if (name == "medium" || name == "greedy") return Level::Greedy;
    if (name == "hard") return Level::Hard;
    if (name == "best" || name == "strong") return Level::Strong;
    throw InputError("unknown bot level '" + name + "' (easy, medium, hard, best; or random, greedy, strong)");
}

Distances::Distances(const StateSpace& space) : space_(&space), n_(space.size()) {
    d_.assign(static_cast<std::size_t>(n_) * n_, 30000);
    std::vector<bool> all_free(space.layout().lifts().size(), true);
    std::vector<int> next, queue;
    for (int from = 0; from < n_; ++from) {
        bool start = space.is_ride(from) ? space.valid_ride(from) : space.layout().walkable(space.layout().cell(from));
        if (!start) continue;
        short* row = &d_[static_cast<std::size_t>(from) * n_];
        queue.assign(1, from);
        row[from] = 0;
        for (std::size_t q = 0; q < queue.size(); ++q) {
            int s = queue[q];
            space.successors(s, all_free, next);
            for (int t : next)
                if (row[t] > row[s] + 1) {
                    row[t] = static_cast<short>(row[s] + 1);
                    queue.push_back(t);
                }
        }
    }
}

int state_of(const Piece& p, const StateSpace& space) {
    if (p.riding()) return space.ride(p.lift, p.car_row, p.target_floor);
    return space.layout().index(p.cell);
}

int state_after(const Position& pos, int side, int piece, char cmd, const StateSpace& space) {
    const Piece& p = pos.pieces(side)[piece];
    const Layout& L = pos.layout();
    Cell c = p.cell;
    if (cmd == 'L') --c.c;
    else if (cmd == 'R') ++c.c;
    else if (cmd == 'U') ++c.r;
    else if (cmd == 'D') --c.r;
    else if (cmd == 'I' || (cmd >= '1' && cmd <= '9')) {
        int lift = p.riding() ? p.lift : L.lift_at_door(p.cell);
        int row = p.riding() ? p.car_row : p.cell.r;
        int target = p.riding() ? p.target_floor : cmd - '1';
        int goal = L.floor_row(target);
        row += goal > row ? 2 : -2;
        return row == goal ? L.index(L.door(lift, target)) : space.ride(lift, row, target);
    }
    return L.index(c);
}

std::vector<Cell> robber_placement(const Layout& layout, Level level, Rng& rng) {
    // Random: anywhere legal. Otherwise: far from the guards' floor, spread over floors.
    std::vector<Cell> out;
    std::vector<int> cells;
    int guard_floor = layout.floor_of_row(layout.guard_starts()[0].r);
    for (int id : layout.walkable_cells()) {
        Cell c = layout.cell(id);
        bool on_guard = false;
        for (Cell g : layout.guard_starts()) on_guard |= g == c;
        if (on_guard) continue;
        if (level != Level::Random && layout.floor_of_row(c.r) == guard_floor) continue;
        if (level != Level::Random && c.r < layout.floor_row(std::min(layout.floors() - 1, guard_floor + 1))) continue;
        cells.push_back(id);
    }
    if (level == Level::Random || cells.size() < kPieces) {
        for (int i = 0; i < kPieces; ++i) out.push_back(layout.cell(cells[rng.below(cells.size())]));
        return out;
    }
    // Strong/greedy: prefer stair cells (seen only from the same staircase) on different staircases.
    std::vector<int> stairs;
    for (int id : cells)
        if (layout.kind(layout.cell(id)) == kStair) stairs.push_back(id);
    rng.shuffle(stairs);
    std::vector<int> used_runs;
    for (int id : stairs) {
        if (static_cast<int>(out.size()) == kPieces) break;
        int run = layout.staircase(layout.cell(id));
        if (std::find(used_runs.begin(), used_runs.end(), run) != used_runs.end() && used_runs.size() < 4) continue;
        used_runs.push_back(run);
        out.push_back(layout.cell(id));
    }
    while (static_cast<int>(out.size()) < kPieces) out.push_back(layout.cell(cells[rng.below(cells.size())]));
    return out;
}

namespace {

// Picks a legal joint move from per-piece preferences: each piece's commands in order of
// preference; lift-call conflicts between own pieces fall back to the next preference.
std::string resolve(const Position& pos, int side, const std::vector<std::vector<char>>& prefs) {
    std::string cmds(kPieces, 'S');
    std::vector<std::size_t> at(kPieces, 0);
    for (int i = 0; i < kPieces; ++i) cmds[i] = prefs[i].empty() ? 'S' : prefs[i][0];
    for (int guard = 0; guard < 64 && !pos.move_error(side, cmds).empty(); ++guard) {
        // find the later of two callers of one lift and move it to its next choice
        bool changed = false;
        for (int i = 0; i < kPieces && !changed; ++i)
            for (int j = i + 1; j < kPieces && !changed; ++j)
                if (cmds[i] >= '1' && cmds[i] <= '9' && cmds[j] >= '1' && cmds[j] <= '9' &&
                    pos.layout().lift_at_door(pos.pieces(side)[i].cell) == pos.layout().lift_at_door(pos.pieces(side)[j].cell)) {
                    if (++at[j] < prefs[j].size()) cmds[j] = prefs[j][at[j]];
                    else cmds[j] = 'S';
                    changed = true;
                }
        if (!changed) break;
    }
    return cmds;
}

std::vector<char> shuffled_commands(const Position& pos, int side, int i, Rng& rng) {
    auto cmds = pos.piece_commands(side, i);
    rng.shuffle(cmds);
    return cmds;
}

// Sorts commands by score (higher first); ties keep the shuffled order.
std::vector<char> by_score(std::vector<char> cmds, const std::vector<double>& score) {
    std::vector<int> order(cmds.size());
    for (std::size_t k = 0; k < order.size(); ++k) order[k] = static_cast<int>(k);
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return score[a] > score[b]; });
    std::vector<char> out;
    for (int k : order) out.push_back(cmds[k]);
    return out;
}

std::string random_move(const Position& pos, int side, Rng& rng) {
    std::vector<std::vector<char>> prefs;
    for (int i = 0; i < kPieces; ++i) prefs.push_back(shuffled_commands(pos, side, i, rng));
    return resolve(pos, side, prefs);
}

}  // namespace

namespace {

// Cells the robber (in state `robber`) reaches before every guard, guards moving first:
// the size of its escape region; cornering a robber means shrinking it to nothing.
int safe_cells(const Distances& dist, int robber, const std::vector<int>& guards, int margin = 0) {
    const Layout& L = dist.space().layout();
    int n = 0;
    for (int x : L.walkable_cells()) {
        int dr = dist.at(robber, x);
        if (dr >= 30000) continue;
        bool first = true;
        for (int g : guards)
            if (dist.at(g, x) <= dr + margin) { first = false; break; }
        n += first;
    }
    return n;
}

// Greedy guards: walk at the nearest robber seen; otherwise wander (moving beats staying).
std::string greedy_guards(const Position& pos, const Belief& belief, const Distances& dist, Rng& rng) {
    const StateSpace& S = dist.space();
    std::vector<std::vector<char>> prefs;
    for (int i = 0; i < kPieces; ++i) {
        auto cmds = shuffled_commands(pos, kGuards, i, rng);
        std::vector<double> score;
        for (char c : cmds) {
            int s = state_after(pos, kGuards, i, c, S);
            double best = c == 'S' ? -0.5 : 0.0;
            for (int r = 0; r < kPieces; ++r)
                if (belief.seen(r)) best = std::max(best, 1000.0 - dist.at(s, belief.cells_of(r)[0]));
            score.push_back(best);
        }
        prefs.push_back(by_score(cmds, score));
    }
    return resolve(pos, kGuards, prefs);
}

// Each robber not caught: the states it may be in.
std::vector<std::vector<int>> possible_states(const Belief& belief, const StateSpace& S) {
    std::vector<std::vector<int>> mass(kPieces);
    for (int r = 0; r < kPieces; ++r)
        if (!belief.caught(r))
            for (int s = 0; s < S.size(); ++s)
                if (belief.possible(r)[s]) mass[r].push_back(s);
    return mass;
}

// Chasers: for each seen robber the two guards nearest to it (all four when it is the only one
// seen), within 20 moves. chase[g] = the robber guard g chases, or -1.
std::vector<int> pick_chasers(const Position& pos, const Belief& belief, const Distances& dist,
                              const std::vector<std::vector<int>>& mass) {
    const StateSpace& S = dist.space();
    const auto guard_to = [&](int g, int cell) { return dist.at(state_of(pos.pieces(kGuards)[g], S), cell); };
    int seen_count = 0;
    for (int q = 0; q < kPieces; ++q) seen_count += belief.seen(q);
    std::vector<int> chase(kPieces, -1);
    for (int r = 0; r < kPieces; ++r) {
        if (!belief.seen(r)) continue;
        const int cell = mass[r][0];
        const int wanted = seen_count == 1 ? 4 : 2;
        for (int k = 0; k < wanted; ++k) {
            int best = -1;
            for (int g = 0; g < kPieces; ++g)
                if (chase[g] < 0 && (best < 0 || guard_to(g, cell) < guard_to(best, cell))) best = g;
            if (best >= 0 && guard_to(best, cell) < 20) chase[best] = r;
        }
    }
    return chase;
}

// Sweepers aim at the watch post (any cell) seeing the most possible-state mass not yet
// watched by another guard, discounted by the way there; each robber's mass sums to 1.
// patrol_target[g] for each sweeper g (in `order`), -1 for chasers.
std::vector<int> patrol_targets(const Belief& belief, const Distances& dist, const Layout& L, const std::vector<std::vector<int>>& mass,
                                const std::vector<int>& chase, const std::vector<int>& order, const std::vector<int>& planned) {
    const StateSpace& S = dist.space();
    std::vector<int> patrol_target(kPieces, -1);
    std::vector<double> weight(S.size(), 0.0);
    for (int r = 0; r < kPieces; ++r)
        if (!belief.seen(r) && !mass[r].empty())
            for (int t : mass[r]) {
                // A rider's mass counts at the door where its car will let it out.
                int at = S.is_ride(t) ? L.index(L.door(S.ride_lift(t), S.ride_target(t))) : t;
                weight[at] += 1.0 / static_cast<double>(mass[r].size());
            }
    for (int g : order) {
        if (chase[g] >= 0) continue;
        const int from = planned[g];
        double best = -1;
        for (int x : L.walkable_cells()) {
            double seen = 0;
            for (int t : L.walkable_cells())
                if (weight[t] > 0 && L.sees(L.cell(x), L.cell(t))) seen += weight[t];
            double value = seen / (1.0 + 0.1 * dist.at(from, x));
            if (value > best) best = value, patrol_target[g] = x;
        }
        for (int t : L.walkable_cells())
            if (L.sees(L.cell(patrol_target[g]), L.cell(t))) weight[t] = 0;
    }
    return patrol_target;
}

// Strong guards: chase robbers in sight (two nearest guards each), the rest sweep the
// possible-state mass of unseen robbers, each guard covering what the others do not.
std::string strong_guards(const Position& pos, const Belief& belief, const Distances& dist, Rng& rng) {
    const StateSpace& S = dist.space();
    const auto mass = possible_states(belief, S);
    const auto chase = pick_chasers(pos, belief, dist, mass);
    // Chasers first, then sweepers: a chaser scores its moves with the chasers before it where
    // they chose to go (planned).
    std::vector<int> order;
    for (int g = 0; g < kPieces; ++g) if (chase[g] >= 0) order.push_back(g);
    for (int g = 0; g < kPieces; ++g) if (chase[g] < 0) order.push_back(g);
    std::vector<int> planned;
    for (const Piece& p : pos.pieces(kGuards)) planned.push_back(state_of(p, S));
    const auto patrol_target = patrol_targets(belief, dist, pos.layout(), mass, chase, order, planned);
    std::vector<std::vector<char>> prefs(kPieces);
    for (int g : order) {
        auto cmds = shuffled_commands(pos, kGuards, g, rng);
        std::vector<double> score;
        std::vector<int> result;
        for (char c : cmds) {
            int s = state_after(pos, kGuards, g, c, S);
            result.push_back(s);
            double v = 0;
            if (chase[g] >= 0) {
                // Shrink the seen robber's escape region, with the other guards where they
                // will be (already chosen) or are.
                const int target = mass[chase[g]][0];
                std::vector<int> others = planned;
                others[g] = s;
                v = -0.5 * safe_cells(dist, target, others) - 3.0 * dist.at(s, target);
            } else {
                v = -dist.at(s, patrol_target[g]);
                if (c == 'S') v -= 1e-3;
            }
            score.push_back(v);
        }
        prefs[g] = by_score(cmds, score);
        for (std::size_t k = 0; k < cmds.size(); ++k)
            if (cmds[k] == prefs[g][0]) planned[g] = result[k];
    }
    return resolve(pos, kGuards, prefs);
}

// How good a robber state is against guards at `guards` (states), one guard move to come.
double robber_state_value(const Position& pos, int s, const std::vector<int>& guards, const Distances& dist) {
    const StateSpace& S = dist.space();
    const Layout& L = pos.layout();
    int door = s, moves = 0;  // where it stands, or where a ride ends and in how many moves
    if (S.is_ride(s)) {
        std::vector<bool> free(L.lifts().size(), true);
        std::vector<int> next;
        while (S.is_ride(door)) { S.successors(door, free, next); door = next[0]; ++moves; }
    }
    int d = 1000;
    for (int g : guards) d = std::min(d, dist.at(g, door) - moves);
    if (d <= 1) return -1000.0 + d;
    // Escape region with a margin of 2 moves, so a corridor is left before it closes.
    const int safe = safe_cells(dist, s, guards, 2);
    double v = 1.5 * std::min(safe, 60) + 2.0 * std::min(d, 30);
    if (!S.is_ride(s)) {
        Cell c = L.cell(s);
        // Being seen brings every guard; being one guard step from sight nearly so.
        for (const Piece& g : pos.pieces(kGuards)) {
            if (!g.on_board()) continue;
            if (L.sees(g.cell, c)) v -= 6;
            else
                for (int t : S.walk_neighbours(L.index(g.cell)))
                    if (L.sees(L.cell(t), c)) { v -= 2; break; }
        }
        int lift = L.lift_at_door(c);
        if (lift >= 0 && pos.lift_free(lift)) v += 2;  // an escape at hand
    }
    return v;
}

std::string scored_robbers(const Position& pos, const Distances& dist, Rng& rng, bool strong) {
    const StateSpace& S = dist.space();
    std::vector<int> guards;
    for (const Piece& g : pos.pieces(kGuards)) guards.push_back(state_of(g, S));
    std::vector<std::vector<char>> prefs;
    std::vector<int> taken;
    for (int i = 0; i < kPieces; ++i) {
        auto cmds = shuffled_commands(pos, kRobbers, i, rng);
        std::vector<double> score;
        for (char c : cmds) {
            int s = state_after(pos, kRobbers, i, c, S);
            double v;
            if (strong) {
                v = robber_state_value(pos, s, guards, dist);
                for (int t : taken) if (t == s) v -= 2;  // spread out
            } else {
                int d = 1000;
                for (int g : guards) d = std::min(d, dist.at(g, s));
                v = d;
            }
            score.push_back(v);
        }
        prefs.push_back(by_score(cmds, score));
        taken.push_back(state_after(pos, kRobbers, i, prefs.back()[0], S));
    }
    return resolve(pos, kRobbers, prefs);
}

}  // namespace

// Why a mix for "hard": a weaker search depth changes little in this game (the strong bots are
// one-ply scorers), while an occasional greedy move measurably lands between the two levels.
constexpr double kHardGreedyShare = 0.3;

std::string guard_move(const Position& pos, const Belief& belief, const Distances& dist, Level level, Rng& rng) {
    if (level == Level::Random) return random_move(pos, kGuards, rng);
    if (level == Level::Hard && rng.chance(kHardGreedyShare)) level = Level::Greedy;
    if (level == Level::Greedy) return greedy_guards(pos, belief, dist, rng);
    return strong_guards(pos, belief, dist, rng);
}

std::string robber_move(const Position& pos, const Distances& dist, Level level, Rng& rng) {
    if (level == Level::Random) return random_move(pos, kRobbers, rng);
    if (level == Level::Hard) level = rng.chance(kHardGreedyShare) ? Level::Greedy : Level::Strong;
    return scored_robbers(pos, dist, rng, level == Level::Strong);
}

}  // namespace pursuit::bank
