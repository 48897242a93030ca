// Owns: Position and random_start (see rules.h).
#include "copsrobbers/rules.h"

#include <algorithm>

#include "common/errors.h"

namespace pursuit::copsrobbers {
namespace {
std::string num(int v) { return std::to_string(v); }
std::string crossing(int v) { return "crossing " + num(v + 1); }
}  // namespace

bool can_step(const Graph& g, int from, int to) { return from == to || g.has_edge(from, to); }

Start random_start(const City& city, int cops, Rng& rng) {
    const int n = city.n();
    std::vector<int> order(n);
    for (int attempt = 0; attempt < 200; ++attempt) {
        for (int v = 0; v < n; ++v) order[v] = v;
        rng.shuffle(order);
        std::vector<int> chosen;
        for (int v : order) {
            bool ok = true;
            for (int u : chosen) ok = ok && u != v && !city.graph.has_edge(u, v);
            if (ok) chosen.push_back(v);
            if (static_cast<int>(chosen.size()) == cops + 1) break;
        }
        if (static_cast<int>(chosen.size()) == cops + 1) {
            Start s;
            s.robber = chosen[0];  // the order is random, so any fixed slot is fair
            s.cops.assign(chosen.begin() + 1, chosen.end());
            return s;
        }
    }
    throw InputError("cannot place " + num(cops) + " cops and X on pairwise non-adjacent crossings of this city");
}

Position::Position(const City& city, Start start, int rounds)
    : city_(&city), cops_(start.cops), cop_start_(start.cops), robber_(start.robber),
      robber_start_(start.robber), rounds_(rounds) {
    const int n = city.n();
    if (cops_.empty() || cop_count() > kMaxCops) throw InputError("the number of cops must be 1.." + num(kMaxCops));
    if (rounds < 1) throw InputError("the number of rounds must be at least 1");
    std::vector<int> all = cops_;
    all.push_back(robber_);
    for (std::size_t i = 0; i < all.size(); ++i) {
        const std::string who = i + 1 == all.size() ? "X" : "cop " + num(static_cast<int>(i) + 1);
        if (all[i] < 0 || all[i] >= n) throw InputError("start of " + who + " is not a crossing 1.." + num(n));
        for (std::size_t j = 0; j < i; ++j) {
            if (all[i] == all[j] || city.graph.has_edge(all[i], all[j]))
                throw InputError("start of " + who + " (" + crossing(all[i]) + ") is on or next to another piece's start");
        }
    }
}

std::string Position::robber_move_problem(int to) const {
    if (phase_ != Phase::RobberToMove) return "it is not X's turn";
    if (to < 0 || to >= city_->n()) return "X: " + num(to + 1) + " is not a crossing 1.." + num(city_->n());
    if (!can_step(city_->graph, robber_, to))
        return "X cannot go from " + crossing(robber_) + " to " + crossing(to) + " (no street)";
    return "";
}

std::string Position::cops_move_problem(const std::vector<int>& to) const {
    if (phase_ != Phase::CopsToMove) return "it is not the cops' turn";
    if (to.size() != cops_.size())
        return "expected " + num(cop_count()) + " cop positions, got " + num(static_cast<int>(to.size()));
    for (int i = 0; i < cop_count(); ++i) {
        if (to[i] < 0 || to[i] >= city_->n())
            return "cop " + num(i + 1) + ": " + num(to[i] + 1) + " is not a crossing 1.." + num(city_->n());
        if (!can_step(city_->graph, cops_[i], to[i]))
            return "cop " + num(i + 1) + " cannot go from " + crossing(cops_[i]) + " to " + crossing(to[i]) + " (no street)";
    }
    return "";
}

void Position::move_robber(int to) {
    const std::string why = robber_move_problem(to);
    if (!why.empty()) throw IllegalMove(why);
    robber_ = to;
    robber_moved_ = true;
    if (std::find(cops_.begin(), cops_.end(), to) != cops_.end()) {
        phase_ = Phase::CopsWon;
        capture_round_ = current_round();
        end_reason_ = "X stepped onto a cop at " + crossing(to) + " in round " + num(current_round());
        return;
    }
    phase_ = Phase::CopsToMove;
}

void Position::move_cops(const std::vector<int>& to) {
    const std::string why = cops_move_problem(to);
    if (!why.empty()) throw IllegalMove(why);
    cops_ = to;
    const int round = current_round();
    ++rounds_done_;
    for (int i = 0; i < cop_count(); ++i)
        if (cops_[i] == robber_) {
            phase_ = Phase::CopsWon;
            capture_round_ = round;
            end_reason_ = "cop " + num(i + 1) + " caught X at " + crossing(robber_) + " in round " + num(round);
            return;
        }
    if (rounds_done_ >= rounds_) {
        phase_ = Phase::RobberWon;
        end_reason_ = "X was not caught in " + num(rounds_) + " rounds";
        return;
    }
    phase_ = Phase::RobberToMove;
}

}  // namespace pursuit::copsrobbers
