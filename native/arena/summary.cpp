// Owns: aggregating game records into tables and ratings (summary.h).
#include "arena/summary.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <sstream>

namespace pursuit::arena {
namespace {

std::string csv_field(const std::string& s) {
    if (s.find_first_of(",\"\n") == std::string::npos) return s;
    std::string out = "\"";
    for (char c : s) out += c == '"' ? std::string("\"\"") : std::string(1, c);
    return out + "\"";
}

void add_result(Tally& t, double points, bool fault, const Json& score) {
    ++t.games;
    if (points == 1) ++t.wins;
    else if (points == 0) ++t.losses;
    else ++t.draws;
    if (fault) ++t.faults;
    if (score.is_number()) {
        t.score_sum += score.get<double>();
        ++t.score_count;
    }
}

int time_bin(double ms) {
    int b = 0;
    while (b < static_cast<int>(kTimeEdgesMs.size()) && ms >= kTimeEdgesMs[b]) ++b;
    return b;
}

PairTally& pair_of(std::vector<PairTally>& pairs, int n, int a, int b) {
    const int lo = std::min(a, b), hi = std::max(a, b);
    // pairs are laid out in (lo, hi) order by summarise()
    const int idx = lo * n - lo * (lo + 1) / 2 + (hi - lo - 1);
    return pairs[idx];
}

}  // namespace

std::string format_number(const char* printf_format, double value) {
    char buf[64];
    std::snprintf(buf, sizeof buf, printf_format, value);
    return buf;
}

std::string tiebreaks_text(const Summary& s) {
    if (s.tiebreaks.empty()) return "";
    std::string out = "equal scores then by ";
    for (std::size_t k = 0; k < s.tiebreaks.size(); ++k)
        out += (k ? ", then " : "") + s.tiebreaks[k].pointer + (s.tiebreaks[k].higher_wins ? " (higher wins)" : " (lower wins)");
    return out;
}

namespace {

// One run of a one-role game, kept until every run of the same (map, seed) is known.
struct OneRoleRun {
    int bot;
    double score;
    bool fault;
    std::vector<double> tiebreaks;  // empty when the record has none (an earlier run's)
};

// Builds the summary one record at a time; each record type has its own short step.
class Summariser {
public:
    Summariser(const GameDescriptor& g, const std::vector<std::string>& bots) : g_(g), n_(static_cast<int>(bots.size())) {
        s_.game = g.game;
        s_.title = g.title;
        s_.roles = g.roles;
        s_.bots = bots;
        for (int i = 0; i < n_; ++i) index_[bots[i]] = i;
        s_.per_bot.assign(n_, Tally{});
        s_.time_hist.assign(n_, std::vector<int>(kTimeEdgesMs.size() + 1, 0));
        s_.moves_timed.assign(n_, 0);
        s_.tiebreaks = g.sides() == 1 ? g.tiebreaks : std::vector<TieBreak>{};
        s_.tiebreak_sum.assign(n_, std::vector<double>(s_.tiebreaks.size(), 0.0));
        s_.tiebreak_count.assign(n_, 0);
        for (int a = 0; a < n_; ++a)
            for (int b = a + 1; b < n_; ++b) {
                PairTally p;
                p.a = a;
                p.b = b;
                s_.pairs.push_back(p);
            }
        times_.resize(n_);
    }

    void add(const Json& r) {
        std::vector<int> side_bot;
        for (const auto& name : r["bots"]) {
            auto it = index_.find(name.get<std::string>());
            if (it == index_.end()) return;  // a bot not in this summary
            side_bot.push_back(it->second);
        }
        if (static_cast<int>(side_bot.size()) != g_.sides()) return;
        ++s_.games_total;
        MapTally& mt = map_tally(r.value("map", std::string("?")));
        const bool ok = r.value("status", std::string()) == "ok";
        if (!ok || any_fault(r)) {
            Json brief = r;
            brief.erase("move_times_ms");
            s_.failures.push_back(brief);
        }
        if (!ok) {
            ++s_.games_failed;
            ++mt.errors;
            if (g_.sides() == 2) ++pair_of(s_.pairs, n_, side_bot[0], side_bot[1]).errors;
            return;
        }
        ++s_.games_ok;
        add_move_times(r, side_bot);
        if (g_.sides() == 2) add_two_role_game(r, side_bot, mt);
        else add_one_role_run(r, side_bot[0], mt);
    }

    Summary finish() {
        if (g_.sides() == 1) compare_one_role_runs();
        s_.comparisons = static_cast<int>(comps_.size());
        s_.ratings = fit_bradley_terry(n_, comps_, g_.sides() == 2);
        for (auto& t : times_) {
            if (t.empty()) {
                s_.time_median_ms.push_back(NAN);
                continue;
            }
            std::nth_element(t.begin(), t.begin() + t.size() / 2, t.end());
            s_.time_median_ms.push_back(t[t.size() / 2]);
        }
        return s_;
    }

private:
    static bool any_fault(const Json& r) {
        if (r.contains("faults"))
            for (const auto& f : r["faults"])
                if (!f.is_null()) return true;
        return false;
    }
    static Json score_of(const Json& r, int side) {
        const Json scores = r.value("scores", Json::array());
        return side < static_cast<int>(scores.size()) ? scores[side] : Json(nullptr);
    }
    static bool fault_of(const Json& r, int side) {
        const Json faults = r.value("faults", Json::array());
        return side < static_cast<int>(faults.size()) && !faults[side].is_null();
    }

    MapTally& map_tally(const std::string& name) {
        auto it = map_index_.find(name);
        if (it == map_index_.end()) {
            it = map_index_.emplace(name, static_cast<int>(s_.maps.size())).first;
            MapTally m;
            m.map = name;
            m.per_bot.assign(n_, Tally{});
            s_.maps.push_back(m);
        }
        return s_.maps[it->second];
    }

    void add_move_times(const Json& r, const std::vector<int>& side_bot) {
        if (!r.contains("move_times_ms")) return;
        for (int side = 0; side < g_.sides() && side < static_cast<int>(r["move_times_ms"].size()); ++side)
            for (const auto& t : r["move_times_ms"][side]) {
                const double ms = t.get<double>();
                const int bot = side_bot[side];
                ++s_.time_hist[bot][time_bin(ms)];
                ++s_.moves_timed[bot];
                if (times_[bot].size() < 200000) times_[bot].push_back(ms);
            }
    }

    void add_two_role_game(const Json& r, const std::vector<int>& side_bot, MapTally& mt) {
        const int w = r["winner"].is_number_integer() ? r["winner"].get<int>() : -1;
        const double p0 = w == 0 ? 1 : w == 1 ? 0 : 0.5;
        add_result(s_.per_bot[side_bot[0]], p0, fault_of(r, 0), score_of(r, 0));
        add_result(s_.per_bot[side_bot[1]], 1 - p0, fault_of(r, 1), score_of(r, 1));
        add_result(mt.per_bot[side_bot[0]], p0, fault_of(r, 0), score_of(r, 0));
        add_result(mt.per_bot[side_bot[1]], 1 - p0, fault_of(r, 1), score_of(r, 1));
        if (w >= 0) ++mt.role_wins[w];
        else ++mt.draws;
        comps_.push_back({side_bot[0], side_bot[1], p0});
        PairTally& p = pair_of(s_.pairs, n_, side_bot[0], side_bot[1]);
        const int a_side = side_bot[0] == p.a ? 0 : 1;
        add_result(p.of_a, a_side == 0 ? p0 : 1 - p0, fault_of(r, a_side), score_of(r, a_side));
        if (fault_of(r, 1 - a_side)) ++p.b_faults;
        if (score_of(r, 1 - a_side).is_number()) {
            p.b_score_sum += score_of(r, 1 - a_side).get<double>();
            ++p.b_score_count;
        }
        if (r["captures"].is_number()) {
            p.captures_sum += r["captures"].get<double>();
            ++p.captures_count;
        }
    }

    // The record's tie-break values, or none when they are missing or of another shape.
    std::vector<double> tiebreak_values(const Json& r) const {
        std::vector<double> tb;
        const Json& values = r.contains("tiebreaks") ? r["tiebreaks"] : Json();
        if (!s_.tiebreaks.empty() && values.is_array() && values.size() == s_.tiebreaks.size() &&
            std::all_of(values.begin(), values.end(), [](const Json& v) { return v.is_number(); }))
            for (const auto& v : values) tb.push_back(v.get<double>());
        return tb;
    }

    void add_one_role_run(const Json& r, int bot, MapTally& mt) {
        const Json sc = score_of(r, 0);
        Tally& t = s_.per_bot[bot];
        ++t.games;
        if (fault_of(r, 0)) ++t.faults;
        if (!sc.is_number()) return;
        t.score_sum += sc.get<double>();
        ++t.score_count;
        Tally& m = mt.per_bot[bot];
        ++m.games;
        m.score_sum += sc.get<double>();
        ++m.score_count;
        std::vector<double> tb = tiebreak_values(r);
        if (!tb.empty()) {
            for (std::size_t k = 0; k < tb.size(); ++k) s_.tiebreak_sum[bot][k] += tb[k];
            ++s_.tiebreak_count[bot];
        }
        by_instance_[r["map"].get<std::string>() + "|" + r["seed"].dump()].push_back(
            {bot, sc.get<double>(), fault_of(r, 0), std::move(tb)});
    }

    // Points of run a against run b (1, 0.5 or 0), and whether a tie-break decided them.
    // A faulted run loses to any clean one, whatever its score; equal scores are broken by
    // the first tie-break whose values differ (both runs must have recorded them: records
    // of an earlier run without them stay draws).
    std::pair<double, bool> points_of(const OneRoleRun& a, const OneRoleRun& b) const {
        if (a.fault != b.fault) return {a.fault ? 0.0 : 1.0, false};
        if (a.score != b.score) return {(a.score > b.score) == g_.higher_score_wins ? 1.0 : 0.0, false};
        if (!a.tiebreaks.empty() && !b.tiebreaks.empty())
            for (std::size_t k = 0; k < s_.tiebreaks.size(); ++k)
                if (a.tiebreaks[k] != b.tiebreaks[k])
                    return {(a.tiebreaks[k] > b.tiebreaks[k]) == s_.tiebreaks[k].higher_wins ? 1.0 : 0.0, true};
        return {0.5, false};
    }

    // Every pair of bots on the same instance is one comparison (wins/draws/losses).
    void compare_one_role_runs() {
        for (const auto& [instance, runs] : by_instance_)
            for (std::size_t x = 0; x < runs.size(); ++x)
                for (std::size_t y = x + 1; y < runs.size(); ++y) {
                    const bool in_order = runs[x].bot <= runs[y].bot;
                    compare(in_order ? runs[x] : runs[y], in_order ? runs[y] : runs[x]);
                }
    }

    void compare(const OneRoleRun& ra, const OneRoleRun& rb) {
        const auto [pa, by_tiebreak] = points_of(ra, rb);
        const int a = ra.bot, b = rb.bot;
        comps_.push_back({a, b, pa});
        PairTally& p = pair_of(s_.pairs, n_, a, b);
        if (by_tiebreak) ++p.by_tiebreak;
        add_result(p.of_a, pa, false, ra.score);
        p.b_score_sum += rb.score;
        ++p.b_score_count;
        Tally &ta = s_.per_bot[a], &tb = s_.per_bot[b];
        (pa == 1 ? ta.wins : pa == 0 ? ta.losses : ta.draws)++;
        (pa == 0 ? tb.wins : pa == 1 ? tb.losses : tb.draws)++;
    }

    const GameDescriptor& g_;
    const int n_;
    Summary s_;
    std::map<std::string, int> index_, map_index_;
    std::vector<std::vector<double>> times_;
    std::vector<Comparison> comps_;
    std::map<std::string, std::vector<OneRoleRun>> by_instance_;
};

}  // namespace

Summary summarise(const GameDescriptor& g, const std::vector<std::string>& bots, const std::vector<Json>& records) {
    Summariser summariser(g, bots);
    for (const auto& r : records) summariser.add(r);
    return summariser.finish();
}

std::string format_text(const Summary& s) {
    std::ostringstream o;
    const int n = static_cast<int>(s.bots.size());
    std::size_t w = 6;
    for (const auto& b : s.bots) w = std::max(w, b.size());
    auto pad = [&](const std::string& x, std::size_t width) { return x + std::string(width > x.size() ? width - x.size() : 0, ' '); };
    o << s.title << ": " << s.games_total << " games (" << s.games_ok << " ok, " << s.games_failed
      << " failed), " << s.comparisons << " rated comparisons\n\n";
    std::vector<int> order(n);
    for (int i = 0; i < n; ++i) order[i] = i;
    std::sort(order.begin(), order.end(), [&](int x, int y) { return s.ratings.elo[x] > s.ratings.elo[y]; });
    o << "Ratings (Bradley-Terry, Elo scale, mean 0, 95 % interval)\n";
    o << "  " << pad("bot", w) << "  rating        games  wins  losses  draws  faults  avg score\n";
    for (int i : order) {
        const Tally& t = s.per_bot[i];
        o << "  " << pad(s.bots[i], w) << "  " << pad(format_number("%+.0f", s.ratings.elo[i]) + " ± " + format_number("%.0f", s.ratings.ci95[i]), 13)  // "±" is 2 bytes
          << "  " << pad(std::to_string(t.games), 5) << "  " << pad(std::to_string(t.wins), 4) << "  "
          << pad(std::to_string(t.losses), 6) << "  " << pad(std::to_string(t.draws), 5) << "  "
          << pad(std::to_string(t.faults), 6) << "  "
          << (t.score_count ? format_number("%.2f", t.score_sum / t.score_count) : std::string("-")) << "\n";
    }
    if (s.roles.size() == 2)
        o << "  advantage of playing " << s.roles[0] << ": " << format_number("%+.0f", s.ratings.role0_advantage_elo) << " ± "
          << format_number("%.0f", s.ratings.role0_advantage_ci95) << " Elo\n";
    o << "\nPairings (A vs B: A's wins-draws-losses" << (s.roles.size() == 2 ? ", both roles" : ", same map and seed") << ")\n";
    if (!s.tiebreaks.empty()) o << "  (" << tiebreaks_text(s) << ")\n";
    for (const auto& p : s.pairs) {
        if (p.of_a.games == 0 && p.errors == 0) continue;
        o << "  " << pad(s.bots[p.a] + " vs " + s.bots[p.b], 2 * w + 4) << "  " << p.of_a.wins << "-" << p.of_a.draws
          << "-" << p.of_a.losses;
        if (p.captures_count) o << "  captures/game " << format_number("%.2f", p.captures_sum / p.captures_count);
        if (p.of_a.score_count) o << "  avg score " << format_number("%.2f", p.of_a.score_sum / p.of_a.score_count) << " : " << format_number("%.2f", p.b_score_sum / std::max(1, p.b_score_count));
        if (p.by_tiebreak) o << "  " << p.by_tiebreak << " by tie-break";
        if (p.of_a.faults || p.b_faults) o << "  faults " << p.of_a.faults << ":" << p.b_faults;
        if (p.errors) o << "  failed games " << p.errors;
        o << "\n";
    }
    if (!s.failures.empty()) {
        o << "\nFaults and failed games: " << s.failures.size() << " (first 10)\n";
        for (std::size_t i = 0; i < s.failures.size() && i < 10; ++i) {
            const Json& r = s.failures[i];
            o << "  #" << r["index"] << " " << r["key"].get<std::string>() << ": " << r["status"].get<std::string>();
            if (r.contains("faults"))
                for (std::size_t k = 0; k < r["faults"].size(); ++k)
                    if (!r["faults"][k].is_null()) o << "; " << r["bots"][k].get<std::string>() << " " << r["faults"][k].get<std::string>();
            const std::string reason = r.value("reason", std::string());
            if (r["status"] != "ok" && !reason.empty()) o << "; " << reason.substr(0, 300);
            o << "\n";
        }
    }
    return o.str();
}

std::string pairings_csv(const Summary& s) {
    std::ostringstream o;
    o << "bot_a,bot_b,games,a_wins,b_wins,draws,a_faults,b_faults,failed_games,captures_per_game,a_avg_score,b_avg_score\n";
    for (const auto& p : s.pairs) {
        o << csv_field(s.bots[p.a]) << "," << csv_field(s.bots[p.b]) << "," << p.of_a.games << "," << p.of_a.wins << ","
          << p.of_a.losses << "," << p.of_a.draws << "," << p.of_a.faults << "," << p.b_faults << "," << p.errors << ","
          << (p.captures_count ? format_number("%.3f", p.captures_sum / p.captures_count) : "") << ","
          << (p.of_a.score_count ? format_number("%.3f", p.of_a.score_sum / p.of_a.score_count) : "") << ","
          << (p.b_score_count ? format_number("%.3f", p.b_score_sum / p.b_score_count) : "") << "\n";
    }
    return o.str();
}

std::string ratings_csv(const Summary& s) {
    std::ostringstream o;
    o << "bot,elo,ci95,games,wins,losses,draws,faults,avg_score,median_move_ms\n";
    for (std::size_t i = 0; i < s.bots.size(); ++i) {
        const Tally& t = s.per_bot[i];
        o << csv_field(s.bots[i]) << "," << format_number("%.1f", s.ratings.elo[i]) << "," << format_number("%.1f", s.ratings.ci95[i]) << ","
          << t.games << "," << t.wins << "," << t.losses << "," << t.draws << "," << t.faults << ","
          << (t.score_count ? format_number("%.3f", t.score_sum / t.score_count) : "") << ","
          << (std::isnan(s.time_median_ms[i]) ? "" : format_number("%.3f", s.time_median_ms[i])) << "\n";
    }
    return o.str();
}

Json to_json(const Summary& s) {
    auto tally = [](const Tally& t) {
        return Json{{"games", t.games}, {"wins", t.wins}, {"losses", t.losses}, {"draws", t.draws}, {"faults", t.faults},
                    {"avg_score", t.score_count ? Json(t.score_sum / t.score_count) : Json(nullptr)}};
    };
    Json bots = Json::array();
    for (std::size_t i = 0; i < s.bots.size(); ++i) {
        Json b = tally(s.per_bot[i]);
        b["name"] = s.bots[i];
        b["elo"] = s.ratings.elo[i];
        b["ci95"] = s.ratings.ci95[i];
        b["moves_timed"] = s.moves_timed[i];
        b["median_move_ms"] = std::isnan(s.time_median_ms[i]) ? Json(nullptr) : Json(s.time_median_ms[i]);
        b["move_time_histogram"] = s.time_hist[i];
        if (!s.tiebreaks.empty()) {
            Json avg = nullptr;
            if (s.tiebreak_count[i]) {
                avg = Json::array();
                for (double v : s.tiebreak_sum[i]) avg.push_back(v / s.tiebreak_count[i]);
            }
            b["avg_tiebreaks"] = avg;
        }
        bots.push_back(b);
    }
    Json pairs = Json::array();
    for (const auto& p : s.pairs) {
        Json j = tally(p.of_a);
        j["a"] = s.bots[p.a];
        j["b"] = s.bots[p.b];
        j["b_faults"] = p.b_faults;
        j["b_avg_score"] = p.b_score_count ? Json(p.b_score_sum / p.b_score_count) : Json(nullptr);
        j["captures_per_game"] = p.captures_count ? Json(p.captures_sum / p.captures_count) : Json(nullptr);
        j["failed_games"] = p.errors;
        if (!s.tiebreaks.empty()) j["decided_by_tiebreak"] = p.by_tiebreak;
        pairs.push_back(j);
    }
    Json maps = Json::array();
    for (const auto& m : s.maps) {
        Json per = Json::object();
        for (std::size_t i = 0; i < s.bots.size(); ++i) per[s.bots[i]] = tally(m.per_bot[i]);
        maps.push_back({{"map", m.map}, {"bots", per}, {"role_wins", {m.role_wins[0], m.role_wins[1]}},
                        {"draws", m.draws}, {"failed_games", m.errors}});
    }
    Json tiebreaks = Json::array();
    for (const auto& tb : s.tiebreaks) tiebreaks.push_back({{"pointer", tb.pointer}, {"higher_wins", tb.higher_wins}});
    return {{"game", s.game}, {"title", s.title}, {"roles", s.roles}, {"tiebreaks", tiebreaks}, {"games", s.games_total}, {"games_ok", s.games_ok},
            {"games_failed", s.games_failed}, {"comparisons", s.comparisons}, {"bots", bots}, {"pairings", pairs},
            {"maps", maps}, {"failures", s.failures},
            {"role0_advantage_elo", s.ratings.role0_advantage_elo}, {"role0_advantage_ci95", s.ratings.role0_advantage_ci95},
            {"move_time_edges_ms", kTimeEdgesMs}, {"rating_model", "Bradley-Terry, Newton fit, Hessian 95% intervals, Elo scale, mean 0"}};
}

}  // namespace pursuit::arena
