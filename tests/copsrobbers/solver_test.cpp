// The exact solver against known cop numbers, a brute-force minimax, and the spec's facts.
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>

#include "copsrobbers/maps.h"
#include "copsrobbers/solver.h"

using namespace pursuit;
using namespace pursuit::copsrobbers;

namespace {

bool textbook_win(const City& c, int cops) { return Solver(c.graph, cops, 1000).cops_win_textbook(); }

// Brute force: can the cops capture within k rounds, X to move? (tiny graphs only)
bool cops_capture_within(const Graph& g, std::vector<int> cops, int x, int k) {
    if (k == 0) return false;
    std::vector<int> xs{x};
    for (int w : g.neighbours(x)) xs.push_back(w);
    for (int y : xs) {
        if (std::find(cops.begin(), cops.end(), y) != cops.end()) continue;  // X avoids stepping on
        bool cops_win = false;
        std::function<void(std::size_t, std::vector<int>&)> rec = [&](std::size_t i, std::vector<int>& to) {
            if (cops_win) return;
            if (i == cops.size()) {
                if (std::find(to.begin(), to.end(), y) != to.end() || cops_capture_within(g, to, y, k - 1)) cops_win = true;
                return;
            }
            to[i] = cops[i];
            rec(i + 1, to);
            for (int w : g.neighbours(cops[i])) {
                to[i] = w;
                rec(i + 1, to);
            }
        };
        std::vector<int> to(cops.size());
        rec(0, to);
        if (!cops_win) return false;  // this escape survives k rounds
    }
    return true;
}

int brute_value(const Graph& g, const std::vector<int>& cops, int x, int max_k) {
    for (int k = 1; k <= max_k; ++k)
        if (cops_capture_within(g, cops, x, k)) return k;
    return Solver::kNever;
}

}  // namespace

TEST(CopsRobbersSolver, CopNumbers) {
    EXPECT_TRUE(textbook_win(named_map("tree-30-s1"), 1));
    EXPECT_TRUE(textbook_win(named_map("tree-100-s2"), 1));
    for (int n : {4, 5, 12}) {
        EXPECT_FALSE(textbook_win(make_cycle(n), 1)) << n;
        EXPECT_TRUE(textbook_win(make_cycle(n), 2)) << n;
    }
    EXPECT_TRUE(textbook_win(make_cycle(3), 1));
    EXPECT_FALSE(textbook_win(make_petersen(), 2));
    EXPECT_TRUE(textbook_win(make_petersen(), 3));
    EXPECT_FALSE(textbook_win(make_dodecahedron(), 2));
    EXPECT_TRUE(textbook_win(make_dodecahedron(), 3));
    EXPECT_FALSE(textbook_win(make_grid(4, 4), 1));
    EXPECT_TRUE(textbook_win(make_grid(4, 4), 2));
}

TEST(CopsRobbersSolver, DismantlableExactlyWhereOneCopWins) {
    EXPECT_TRUE(dismantlable(named_map("tree-100-s2").graph));
    EXPECT_TRUE(dismantlable(make_cycle(3).graph));
    EXPECT_FALSE(dismantlable(make_cycle(4).graph));
    EXPECT_FALSE(dismantlable(make_petersen().graph));
    EXPECT_FALSE(dismantlable(make_grid(3, 3).graph));
    for (const char* name : {"sparse-20-s1", "city-30-s1", "example7", "grid-4x4", "dodecahedron"}) {
        City c = named_map(name);
        EXPECT_EQ(dismantlable(c.graph), textbook_win(c, 1)) << name;
    }
}

TEST(CopsRobbersSolver, MatchesBruteForceMinimax) {
    for (const char* name : {"example7", "petersen"}) {
        City c = named_map(name);
        Solver s(c.graph, 2, 6);
        int checked = 0;
        for (int a = 0; a < c.n(); ++a)
            for (int b = a; b < c.n(); ++b)
                for (int x = 0; x < c.n(); x += 2) {
                    if (x == a || x == b) continue;
                    const int expected = brute_value(c.graph, {a, b}, x, 3);
                    const int got = s.robber_to_move({b, a}, x);
                    ASSERT_EQ(std::min(got, 4), std::min(expected, 4)) << name << " cops " << a << "," << b << " X " << x;
                    ++checked;
                }
        EXPECT_GT(checked, 20);
    }
}

TEST(CopsRobbersSolver, HandWorkedValuesOnACycle) {
    Solver s(make_cycle(6).graph, 1, 100);
    // One cop never catches X on a 6-cycle; two opposite cops close in.
    EXPECT_EQ(s.robber_to_move({0}, 3), Solver::kNever);
    Solver two(make_cycle(6).graph, 2, 100);
    EXPECT_EQ(two.robber_to_move({0, 2}, 1), 1);  // X between the cops: caught at once
    EXPECT_EQ(two.cops_to_move({0, 3}, 5), 0);    // a cop next to X steps on it
    EXPECT_EQ(two.robber_to_move({0, 3}, 5), 1);  // X at 5 touches both cops' reach
    EXPECT_EQ(two.robber_to_move({0, 2}, 4), 2);
}

TEST(CopsRobbersSolver, TwoCopsCatchXOnA200CycleWithin99Rounds) {
    Solver s(make_cycle(200).graph, 2, 100);
    const int worst = s.worst_start_value();
    EXPECT_LE(worst, 99);
    EXPECT_GE(worst, 40);  // roughly half the cycle: they must walk around
}

TEST(CopsRobbersSolver, OneCopCatchesOnA200TreeWithin20Rounds) {
    // A balanced tree (every crossing has three children): depth 5 for 200 crossings.
    std::vector<std::pair<int, int>> e;
    for (int v = 1; v < 200; ++v) e.push_back({(v - 1) / 3, v});
    City tree = make_city(200, e, {}, "ternary-200");
    Solver s(tree.graph, 1, 100);
    EXPECT_LE(s.worst_start_value(), 20);
    // A random tree: capture within its diameter.
    City t = named_map("tree-200-s3");
    Solver r(t.graph, 1, 400);
    int diameter = 0;
    for (int v = 0; v < t.n(); ++v) {
        auto d = t.graph.bfs(v);
        diameter = std::max(diameter, *std::max_element(d.begin(), d.end()));
    }
    EXPECT_LE(r.worst_start_value(), diameter);
}

TEST(CopsRobbersSolver, FitsC2OnN200) {
    EXPECT_TRUE(Solver::fits(named_map("city-200-s4").graph, 2));
    EXPECT_TRUE(Solver::fits(named_map("grid-14x14").graph, 2));
    EXPECT_FALSE(Solver::fits(named_map("city-200-s4").graph, 3));
    EXPECT_TRUE(Solver::fits(make_petersen().graph, 5));
}
