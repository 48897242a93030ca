// The judge against a second, literal reading of the statement (shared/seeds/robots.en.txt):
// a slow simulation written from the text alone — robots step to the neighbour of least
// Manhattan distance found by trying all eight (and checking it is unique), sets of cells,
// every candidate move played on a copy — must print the same output as the fast engine
// (sign steps, stamped counters, shared previews) on seeded cases built to crowd the centre,
// so pushes, crushes, collisions, teleports and losses all occur.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <tuple>

#include "common/rng.h"
#include "robots/cases.h"
#include "robots/strategy.h"

using namespace pursuit;
using namespace pursuit::robots;

namespace {

int dist(Cell a, Cell b) { return std::abs(a.r - b.r) + std::abs(a.c - b.c); }
bool on_board(Cell x) { return x.r >= 1 && x.r <= 31 && x.c >= 1 && x.c <= 31; }

struct Literal {
    Cell you{15, 15};
    std::vector<Cell> robots;
    std::set<Cell> debris;
    std::vector<Cell> teleports;
    std::vector<bool> used;
    int moves = 0;
    int status = 0;  // 0 playing, 1 won, -1 lost

    bool robot_on(Cell x) const { return std::find(robots.begin(), robots.end(), x) != robots.end(); }

    // "walk to an adjacent cell if it is empty", or push debris one further (not onto debris,
    // not off the board); staying is always allowed.
    bool can_walk(int dr, int dc) const {
        const Cell to{you.r + dr, you.c + dc};
        if (to == you) return true;
        if (!on_board(to) || robot_on(to)) return false;
        if (!debris.count(to)) return true;
        const Cell push{to.r + dr, to.c + dc};
        return on_board(push) && !debris.count(push);
    }
    bool can_teleport(std::size_t i) const {
        const Cell t = teleports[i];
        return !used[i] && t != you && !robot_on(t) && !debris.count(t);
    }

    // The unique neighbour closest to you (the test fails if there are two).
    Cell robot_step(Cell r) const {
        Cell best{0, 0};
        int best_d = 1 << 30, ties = 0;
        for (int dr = -1; dr <= 1; ++dr)
            for (int dc = -1; dc <= 1; ++dc) {
                if (dr == 0 && dc == 0) continue;
                const Cell n{r.r + dr, r.c + dc};
                const int d = dist(n, you);
                if (d < best_d) best = n, best_d = d, ties = 1;
                else if (d == best_d) ++ties;
            }
        EXPECT_EQ(ties, 1) << "two closest neighbours";
        return best;
    }

    void robots_move() {
        std::vector<Cell> next;
        for (Cell r : robots) next.push_back(robot_step(r));
        bool reached = false;
        std::vector<Cell> kept;
        for (Cell n : next) {
            reached |= n == you;
            if (std::count(next.begin(), next.end(), n) > 1 || debris.count(n)) debris.insert(n);
            else kept.push_back(n);
        }
        robots = kept;
        if (reached) status = -1;
        else if (robots.empty()) status = 1;
    }

    void walk(int dr, int dc) {
        ++moves;
        const Cell to{you.r + dr, you.c + dc};
        if (to != you && debris.count(to)) {
            const Cell push{to.r + dr, to.c + dc};
            debris.erase(to);
            debris.insert(push);
            robots.erase(std::remove(robots.begin(), robots.end(), push), robots.end());
        }
        you = to;
        if (robots.empty()) status = 1;  // your push destroyed the last robot
        else robots_move();
    }
    void teleport(std::size_t i) {
        ++moves;
        used[i] = true;
        you = teleports[i];
        robots_move();
    }
};

// The prescribed strategy, each candidate played on a copy; the output lines of one case.
std::vector<std::string> literal_case(const Case& c) {
    Literal g;
    g.robots = c.robots;
    g.teleports = c.teleports;
    g.used.assign(c.teleports.size(), false);
    std::vector<std::string> lines;
    auto cell = [](Cell x) { return "(" + std::to_string(x.r) + "," + std::to_string(x.c) + ")"; };
    while (g.status == 0) {
        std::tuple<int, int, int, int> best_key{};
        int best_dr = 0, best_dc = 0;
        bool found = false;
        for (int dr = -1; dr <= 1; ++dr)
            for (int dc = -1; dc <= 1; ++dc) {
                if (!g.can_walk(dr, dc)) continue;
                Literal after = g;
                after.walk(dr, dc);
                if (after.status == -1) continue;
                int nearest = 1 << 30;
                for (Cell r : after.robots) nearest = std::min(nearest, dist(after.you, r));
                const auto key = std::make_tuple(static_cast<int>(after.robots.size()), -nearest, after.you.r, after.you.c);
                if (!found || key < best_key) best_key = key, best_dr = dr, best_dc = dc, found = true;
            }
        if (found) {
            g.walk(best_dr, best_dc);
            continue;
        }
        bool teleported = false;
        for (std::size_t i = 0; i < g.teleports.size() && !teleported; ++i) {
            if (!g.can_teleport(i)) continue;
            Literal after = g;
            after.teleport(i);
            if (after.status == -1) continue;
            g.teleport(i);
            lines.push_back("Move " + std::to_string(g.moves) + ": teleport to " + cell(g.teleports[i]));
            teleported = true;
        }
        if (!teleported) g.walk(0, 0);
    }
    lines.push_back((g.status == 1 ? "Won" : "Lost") + std::string(" game after making ") + std::to_string(g.moves) + " moves.");
    lines.push_back("Final position: " + cell(g.you));
    lines.push_back("Number of cells with debris: " + std::to_string(g.debris.size()));
    if (g.status == -1) lines.push_back("Number of robots remaining: " + std::to_string(g.robots.size()));
    return lines;
}

// Robots mostly within `spread` of the centre; some teleports on robot cells or on (15,15).
Case crowded_case(Rng& rng) {
    const int spreads[] = {2, 4, 8, 15};
    const int spread = spreads[rng.range(0, 3)];
    const int count = rng.range(1, 50);
    Case c;
    std::set<Cell> used{kStart};
    while (static_cast<int>(c.robots.size()) < count) {
        Cell x = rng.range(0, 9) < 7 ? Cell{std::clamp(15 + rng.range(-spread, spread), 1, 31), std::clamp(15 + rng.range(-spread, spread), 1, 31)}
                                     : Cell{rng.range(1, 31), rng.range(1, 31)};
        if (used.insert(x).second) c.robots.push_back(x);
    }
    const int teleports = rng.range(0, 20);
    for (int i = 0; i < teleports; ++i)
        c.teleports.push_back(rng.range(0, 9) < 8 ? Cell{rng.range(1, 31), rng.range(1, 31)}
                                                  : (rng.range(0, 1) ? kStart : c.robots[rng.range(0, count - 1)]));
    return c;
}

}  // namespace

TEST(RobotsReference, JudgeAgreesWithALiteralReadingOfTheStatement) {
    Rng rng(31);
    std::string input, expected;
    int teleport_lines = 0, won = 0, lost = 0;
    for (int k = 1; k <= 300; ++k) {
        const Case c = crowded_case(rng);
        input += format_case(c);
        expected += (k > 1 ? "\nCase " : "Case ") + std::to_string(k) + ":\n";
        for (const auto& line : literal_case(c)) {
            expected += line + "\n";
            teleport_lines += line.rfind("Move ", 0) == 0;
            won += line.rfind("Won", 0) == 0;
            lost += line.rfind("Lost", 0) == 0;
        }
    }
    input += "0 0\n";
    std::string out;
    judge(input, out);
    EXPECT_EQ(out, expected);
    // The cases reach every kind of ending (not a test that cannot fail for lack of variety).
    EXPECT_GT(teleport_lines, 100);
    EXPECT_GT(won, 30);
    EXPECT_GT(lost, 30);
}
