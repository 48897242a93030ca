// Owns: the bots (see strategy.h).
#include "copsrobbers/strategy.h"

#include <algorithm>

#include "common/errors.h"

namespace pursuit::copsrobbers {
namespace {

std::vector<int> closed_neighbourhood(const Graph& g, int v) {
    std::vector<int> out{v};
    out.insert(out.end(), g.neighbours(v).begin(), g.neighbours(v).end());
    return out;
}

bool captures_now(const Graph& g, const std::vector<int>& cops, int x) {
    for (int c : cops)
        if (c == x || g.has_edge(c, x)) return true;
    return false;
}

}  // namespace

Strategy parse_strategy(const std::string& name) {
    if (name == "random") return Strategy::Random;
    if (name == "greedy") return Strategy::Greedy;
    if (name == "cover") return Strategy::Cover;
    if (name == "lookahead") return Strategy::Lookahead;
    if (name == "exact" || name == "best") return Strategy::Exact;
    throw InputError("unknown strategy '" + name + "' (random, greedy, cover, lookahead, exact)");
}

Strategy strategy_for_level(const std::string& level) {
    if (level == "easy") return Strategy::Greedy;
    if (level == "medium") return Strategy::Cover;
    if (level == "hard") return Strategy::Lookahead;
    if (level == "best") return Strategy::Exact;
    throw InputError("unknown level '" + level + "' (easy, medium, hard, best)");
}

const char* strategy_name(Strategy s) {
    switch (s) {
        case Strategy::Random: return "random";
        case Strategy::Greedy: return "greedy";
        case Strategy::Cover: return "cover";
        case Strategy::Lookahead: return "lookahead";
        case Strategy::Exact: return "exact";
    }
    return "?";
}

Brain::Brain(const City& city, int cops, int rounds, double solver_budget, std::function<bool()> should_stop)
    : city_(&city), n_(city.n()), cops_(cops), rounds_(rounds), dist_(city.graph.all_pairs()),
      fits_(Solver::fits(city.graph, cops, solver_budget)), should_stop_(std::move(should_stop)) {}

const Solver* Brain::solver() {
    if (!fits_) return nullptr;
    if (!solver_) {
        solver_ = std::make_unique<Solver>(city_->graph, cops_, rounds_, should_stop_);
        if (!solver_->complete()) {  // abandoned on the caller's budget: heuristics from now on
            solver_.reset();
            fits_ = false;
            return nullptr;
        }
    }
    return solver_.get();
}

int Brain::min_cop_dist(int v, const std::vector<int>& cops) const {
    int best = n_;
    for (int c : cops) best = std::min(best, dist(c, v));
    return best;
}

int Brain::robber_region(int x, const std::vector<int>& cops) const {
    int count = 0;
    for (int v = 0; v < n_; ++v) count += dist(x, v) < min_cop_dist(v, cops);
    return count;
}

// Cops in turn take the step that most shrinks X's region given the others' choices
// (two passes, so early cops can react to later ones); ties: closer to X in total.
std::vector<int> Brain::cover_cops(const std::vector<int>& cops, int x) const {
    const Graph& g = city_->graph;
    std::vector<int> plan = cops;
    for (std::size_t i = 0; i < cops.size(); ++i)
        if (cops[i] == x || g.has_edge(cops[i], x)) {
            plan[i] = x;
            return plan;
        }
    auto score = [&](const std::vector<int>& p) {
        long long total = 0;
        for (int c : p) total += dist(c, x);
        return static_cast<long long>(robber_region(x, p)) * 100000 + total;
    };
    for (int pass = 0; pass < 2; ++pass)
        for (std::size_t i = 0; i < cops.size(); ++i) {
            long long best = -1;
            int best_v = plan[i];
            for (int v : closed_neighbourhood(g, cops[i])) {
                plan[i] = v;
                long long s = score(plan);
                if (best < 0 || s < best) best = s, best_v = v;
            }
            plan[i] = best_v;
        }
    return plan;
}

// X at y with the cops about to move from `cops`. Higher is better for X.
double Brain::robber_score(Strategy s, const std::vector<int>& cops, int y) const {
    const double distance = min_cop_dist(y, cops);
    if (s == Strategy::Cover) {
        int region = 0;  // crossings X reaches safely although the cops move first
        for (int v = 0; v < n_; ++v) region += dist(y, v) + 1 < min_cop_dist(v, cops);
        return region * 1000.0 + distance * 10 + city_->graph.degree(y);
    }
    // Lookahead: the cops answer with their cover move; X keeps the largest region.
    const std::vector<int> reply = cover_cops(cops, y);
    if (captures_now(city_->graph, cops, y)) return -1e9;
    return robber_region(y, reply) * 1000.0 + min_cop_dist(y, reply) * 10 + city_->graph.degree(y);
}

int Brain::heuristic_robber(Strategy s, const std::vector<int>& cops, int x, Rng& rng) const {
    const Graph& g = city_->graph;
    auto options = closed_neighbourhood(g, x);
    rng.shuffle(options);  // random tie-breaks
    int best = options[0];
    double best_score = -1e18;
    for (int y : options) {
        double sc;
        const bool doomed = captures_now(g, cops, y);  // on or next to a cop: caught now
        if (s == Strategy::Random) sc = doomed ? 0 : 1;
        else if (s == Strategy::Greedy) sc = min_cop_dist(y, cops);
        else sc = doomed ? -1e12 + min_cop_dist(y, cops) : robber_score(s, cops, y);
        if (sc > best_score) best_score = sc, best = y;
    }
    return best;
}

int Brain::robber_move(Strategy s, const std::vector<int>& cops, int x, int rounds_left, Rng& rng) {
    if (s == Strategy::Random) {
        auto options = closed_neighbourhood(city_->graph, x);
        return options[rng.below(options.size())];
    }
    const Solver* exact = s == Strategy::Exact ? solver() : nullptr;
    if (!exact) return heuristic_robber(s == Strategy::Exact ? Strategy::Lookahead : s, cops, x, rng);
    // Longest capture time first (kNever = survives the horizon); the heuristic breaks ties.
    int best_value = -1;
    std::vector<int> best;
    for (int y : closed_neighbourhood(city_->graph, x)) {
        int v = exact->cops_to_move(cops, y);
        if (v >= rounds_left) v = rounds_left;  // survives the game either way (kNever too)
        if (v > best_value) best_value = v, best.clear();
        if (v == best_value) best.push_back(y);
    }
    if (best.size() == 1) return best[0];
    int choice = best[0];
    double best_score = -1e18;
    for (int y : best) {
        double sc = robber_score(Strategy::Lookahead, cops, y);
        if (sc > best_score) best_score = sc, choice = y;
    }
    return choice;
}

std::vector<int> Brain::cops_move(Strategy s, const std::vector<int>& cops, int x, int rounds_left, Rng& rng) {
    const Graph& g = city_->graph;
    (void)rounds_left;
    if (s == Strategy::Random) {
        std::vector<int> out;
        for (int c : cops) {
            auto options = closed_neighbourhood(g, c);
            out.push_back(options[rng.below(options.size())]);
        }
        return out;
    }
    if (s == Strategy::Greedy) {  // every cop one step along a shortest path to X
        std::vector<int> out;
        for (int c : cops) {
            auto options = closed_neighbourhood(g, c);
            rng.shuffle(options);
            int best = c;
            for (int v : options)
                if (dist(v, x) < dist(best, x)) best = v;
            out.push_back(best);
        }
        return out;
    }
    const Solver* exact = s == Strategy::Exact ? solver() : nullptr;
    if (exact) {
        if (captures_now(g, cops, x)) return exact->best_cops_move(cops, x);
        const std::vector<int> first = exact->best_cops_move(cops, x);
        double joint = 1;
        for (int c : cops) joint *= g.degree(c) + 1;
        if (!first.empty() && joint > 4096) return first;
        if (!first.empty()) {
            const int target = exact->robber_to_move(first, x);
            // Among the fastest captures, prefer the cover heuristic's measure.
            std::vector<int> best = first;
            long long best_score = -1;
            std::vector<int> pick(cops.size());
            std::vector<std::vector<int>> choices;
            for (int c : cops) choices.push_back(closed_neighbourhood(g, c));
            std::vector<std::size_t> odo(cops.size(), 0);
            while (true) {
                for (std::size_t i = 0; i < cops.size(); ++i) pick[i] = choices[i][odo[i]];
                if (exact->robber_to_move(pick, x) == target) {
                    long long total = 0;
                    for (int c : pick) total += dist(c, x);
                    long long sc = static_cast<long long>(robber_region(x, pick)) * 100000 + total;
                    if (best_score < 0 || sc < best_score) best_score = sc, best = pick;
                }
                std::size_t i = 0;
                for (; i < cops.size(); ++i) {
                    if (++odo[i] < choices[i].size()) break;
                    odo[i] = 0;
                }
                if (i == cops.size()) break;
            }
            return best;
        }
    }
    return cover_cops(cops, x);
}

}  // namespace pursuit::copsrobbers
