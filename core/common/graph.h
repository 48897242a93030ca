// Owns: an undirected graph with vertices 0..n-1 (adjacency lists) and BFS helpers,
// shared by the graph games (Cops and Robbers, Fugitive). Games keep their own 1-based
// numbering at the I/O edge and convert.
#pragma once
#include <vector>

namespace pursuit {

class Graph {
public:
    explicit Graph(int n = 0) : adj_(n) {}
    int size() const { return static_cast<int>(adj_.size()); }
    void add_edge(int a, int b) {
        adj_[a].push_back(b);
        adj_[b].push_back(a);
    }
    bool has_edge(int a, int b) const;
    const std::vector<int>& neighbours(int v) const { return adj_[v]; }
    int degree(int v) const { return static_cast<int>(adj_[v].size()); }

    // Distances from `from` (-1 where unreachable).
    std::vector<int> bfs(int from) const;
    bool connected() const;
    // All-pairs distances, n*n row-major (-1 unreachable). O(n*(n+m)).
    std::vector<int> all_pairs() const;

private:
    std::vector<std::vector<int>> adj_;
};

}  // namespace pursuit
