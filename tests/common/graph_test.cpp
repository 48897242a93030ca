// Graph (common/graph.h): BFS distances (-1 unreachable), connectivity and the all-pairs table,
// on small graphs worked out by hand.
#include <gtest/gtest.h>

#include "common/graph.h"

using pursuit::Graph;

namespace {
// 0 - 1 - 2 - 3 with a chord 0 - 2, and 4 - 5 apart from them.
Graph two_pieces() {
    Graph g(6);
    g.add_edge(0, 1);
    g.add_edge(1, 2);
    g.add_edge(2, 3);
    g.add_edge(0, 2);
    g.add_edge(4, 5);
    return g;
}
}  // namespace

TEST(Graph, BfsGivesShortestDistancesAndMinusOneWhereUnreachable) {
    const Graph g = two_pieces();
    EXPECT_EQ(g.bfs(0), (std::vector<int>{0, 1, 1, 2, -1, -1}));
    EXPECT_EQ(g.bfs(3), (std::vector<int>{2, 2, 1, 0, -1, -1}));
    EXPECT_EQ(g.bfs(5), (std::vector<int>{-1, -1, -1, -1, 1, 0}));
    EXPECT_TRUE(g.has_edge(2, 0));
    EXPECT_FALSE(g.has_edge(1, 3));
    EXPECT_EQ(g.degree(2), 3);
}

TEST(Graph, ConnectedOnlyWhenEveryVertexIsReached) {
    EXPECT_FALSE(two_pieces().connected());
    Graph g = two_pieces();
    g.add_edge(3, 4);
    EXPECT_TRUE(g.connected());
    EXPECT_TRUE(Graph(0).connected());
    EXPECT_TRUE(Graph(1).connected());
    EXPECT_FALSE(Graph(2).connected());
}

TEST(Graph, AllPairsIsEveryBfsRowMajor) {
    Graph path(3);  // 0 - 1 - 2
    path.add_edge(0, 1);
    path.add_edge(1, 2);
    EXPECT_EQ(path.all_pairs(), (std::vector<int>{0, 1, 2,  //
                                                  1, 0, 1,  //
                                                  2, 1, 0}));
    const Graph g = two_pieces();
    const std::vector<int> all = g.all_pairs();
    ASSERT_EQ(all.size(), 36u);
    for (int v = 0; v < 6; ++v)
        EXPECT_EQ(std::vector<int>(all.begin() + v * 6, all.begin() + v * 6 + 6), g.bfs(v)) << v;
}
