// Owns: Graph BFS helpers.
#include "common/graph.h"

#include <algorithm>

namespace pursuit {

bool Graph::has_edge(int a, int b) const {
    const auto& n = adj_[a];
    return std::find(n.begin(), n.end(), b) != n.end();
}

std::vector<int> Graph::bfs(int from) const {
    std::vector<int> dist(adj_.size(), -1);
    std::vector<int> queue{from};
    dist[from] = 0;
    for (std::size_t i = 0; i < queue.size(); ++i) {
        int v = queue[i];
        for (int w : adj_[v])
            if (dist[w] < 0) {
                dist[w] = dist[v] + 1;
                queue.push_back(w);
            }
    }
    return dist;
}

bool Graph::connected() const {
    if (adj_.empty()) return true;
    auto d = bfs(0);
    return std::none_of(d.begin(), d.end(), [](int x) { return x < 0; });
}

std::vector<int> Graph::all_pairs() const {
    const int n = size();
    std::vector<int> out(static_cast<std::size_t>(n) * n);
    for (int v = 0; v < n; ++v) {
        auto d = bfs(v);
        std::copy(d.begin(), d.end(), out.begin() + static_cast<std::ptrdiff_t>(v) * n);
    }
    return out;
}

}  // namespace pursuit
