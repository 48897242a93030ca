// Owns: Knowledge (see header).
#include "fugitive/knowledge.h"

namespace pursuit::fugitive {

Knowledge Knowledge::of(const State& state) {
    Knowledge k(state.map());
    if (state.start_city() == 0) return k;  // not placed yet: nothing known
    k.start(state.start_city());
    Detectives before = state.placement();
    for (const TurnRecord& r : state.history()) {
        k.fugitive_moved(r.fugitive.transport, before);
        if (is_announcement_turn(r.turn)) k.announced(r.fugitive.city);
        if (r.detectives_moved) {
            k.detectives_moved(r.detectives);
            before = r.detectives;
        }
    }
    return k;
}

void Knowledge::start(int city) {
    std::fill(possible_.begin(), possible_.end(), 0);
    std::fill(belief_.begin(), belief_.end(), 0.0);
    possible_[city] = 1;
    belief_[city] = 1;
    count_ = 1;
}

void Knowledge::fugitive_moved(char transport, const Detectives& detectives) {
    const int t = transport_index(transport);
    std::vector<char> next(possible_.size(), 0);
    std::vector<double> weight(possible_.size(), 0.0);
    for (int v = 1; v <= map_->size(); ++v) {
        if (!possible_[v]) continue;
        const auto& roads = map_->neighbours(t, v);
        for (int w : roads) {
            next[w] = 1;
            weight[w] += belief_[v] / static_cast<double>(roads.size());
        }
    }
    possible_.swap(next);
    belief_.swap(weight);
    remove(detectives);
}

void Knowledge::announced(int city) { start(city); }

void Knowledge::detectives_moved(const Detectives& detectives) { remove(detectives); }

void Knowledge::remove(const Detectives& d) {
    for (int c : d)
        if (c >= 1 && c < static_cast<int>(possible_.size())) possible_[c] = 0;
    recount();
}

void Knowledge::recount() {
    count_ = 0;
    double total = 0;
    for (size_t v = 1; v < possible_.size(); ++v) {
        count_ += possible_[v] != 0;
        if (!possible_[v]) belief_[v] = 0;
        total += belief_[v];
    }
    for (size_t v = 1; v < possible_.size(); ++v)
        belief_[v] = total > 0 ? belief_[v] / total : (possible_[v] && count_ ? 1.0 / count_ : 0.0);
}

std::vector<int> Knowledge::cities() const {
    std::vector<int> out;
    for (size_t v = 1; v < possible_.size(); ++v)
        if (possible_[v]) out.push_back(static_cast<int>(v));
    return out;
}

}  // namespace pursuit::fugitive
