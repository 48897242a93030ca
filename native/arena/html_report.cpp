// Owns: the HTML report (html_report.h). Charts are plain SVG built here.
#include "arena/html_report.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>

namespace pursuit::arena {
namespace {

const char* kPalette[] = {"#3366cc", "#dc3912", "#ff9900", "#109618", "#990099", "#0099c6",
                          "#dd4477", "#66aa00", "#b82e2e", "#316395"};

std::string num(double v, const char* f = "%.1f") { return format_number(f, v); }

const char* kStyle = R"(
body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;margin:2em auto;max-width:1000px;color:#222;padding:0 1em}
h1{font-size:1.6em}h2{font-size:1.25em;margin-top:2em;border-bottom:1px solid #ddd}
table{border-collapse:collapse;margin:.5em 0}th,td{padding:.25em .6em;border-bottom:1px solid #eee;text-align:right}
th:first-child,td:first-child{text-align:left}th{background:#f4f4f4}
.muted{color:#777}.bad{color:#b00}svg{display:block;margin:.5em 0}svg text{font-size:12px;fill:#222}
.legend span{display:inline-block;margin-right:1em}.sw{display:inline-block;width:.9em;height:.9em;margin-right:.3em;vertical-align:-.1em}
code{background:#f4f4f4;padding:0 .2em}
)";

std::string rating_chart(const Summary& s, const std::vector<int>& order) {
    const double row = 26, left = 140, width = 560, top = 10;
    double lo = 0, hi = 0;
    for (int i : order) {
        lo = std::min(lo, s.ratings.elo[i] - s.ratings.ci95[i]);
        hi = std::max(hi, s.ratings.elo[i] + s.ratings.ci95[i]);
    }
    lo = std::floor(lo / 100) * 100 - 50;
    hi = std::ceil(hi / 100) * 100 + 50;
    auto x = [&](double v) { return left + (v - lo) / (hi - lo) * width; };
    const double h = top + row * order.size() + 30;
    std::ostringstream o;
    o << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << left + width + 20 << "\" height=\"" << h
      << "\" role=\"img\" aria-label=\"ratings with 95% intervals\">\n";
    const double step = (hi - lo) > 1200 ? 400 : (hi - lo) > 600 ? 200 : 100;
    for (double t = std::ceil(lo / step) * step; t <= hi; t += step) {
        o << "<line x1=\"" << num(x(t)) << "\" x2=\"" << num(x(t)) << "\" y1=\"" << top << "\" y2=\"" << h - 22
          << "\" stroke=\"" << (t == 0 ? "#999" : "#eee") << "\"/><text x=\"" << num(x(t)) << "\" y=\"" << h - 8
          << "\" text-anchor=\"middle\">" << num(t, "%+.0f") << "</text>\n";
    }
    for (std::size_t k = 0; k < order.size(); ++k) {
        const int i = order[k];
        const double y = top + row * k + row / 2, e = s.ratings.elo[i], c = s.ratings.ci95[i];
        const char* col = kPalette[i % 10];
        o << "<text x=\"" << left - 8 << "\" y=\"" << y + 4 << "\" text-anchor=\"end\">" << html_escape(s.bots[i]) << "</text>"
          << "<rect x=\"" << num(std::min(x(0), x(e))) << "\" y=\"" << y - 7 << "\" width=\"" << num(std::fabs(x(e) - x(0)))
          << "\" height=\"14\" fill=\"" << col << "\" opacity=\"0.35\"/>"
          << "<line class=\"ci\" x1=\"" << num(x(e - c)) << "\" x2=\"" << num(x(e + c)) << "\" y1=\"" << y << "\" y2=\"" << y
          << "\" stroke=\"" << col << "\" stroke-width=\"2\"/>"
          << "<line x1=\"" << num(x(e - c)) << "\" x2=\"" << num(x(e - c)) << "\" y1=\"" << y - 5 << "\" y2=\"" << y + 5 << "\" stroke=\"" << col << "\"/>"
          << "<line x1=\"" << num(x(e + c)) << "\" x2=\"" << num(x(e + c)) << "\" y1=\"" << y - 5 << "\" y2=\"" << y + 5 << "\" stroke=\"" << col << "\"/>"
          << "<circle cx=\"" << num(x(e)) << "\" cy=\"" << y << "\" r=\"4\" fill=\"" << col << "\"><title>" << html_escape(s.bots[i])
          << ": " << num(e, "%+.0f") << " ± " << num(c, "%.0f") << "</title></circle>\n";
    }
    o << "</svg>\n";
    return o.str();
}

// Per map: one stacked bar per bot (wins / draws / losses), or mean score for one-role games.
std::string map_chart(const Summary& s) {
    const int n = static_cast<int>(s.bots.size());
    const double bar = 12, gap = 14, left = 120, width = 520;
    const bool two = s.roles.size() == 2;
    double max_score = 0;
    if (!two)
        for (const auto& m : s.maps)
            for (const auto& t : m.per_bot)
                if (t.score_count) max_score = std::max(max_score, std::fabs(t.score_sum / t.score_count));
    if (max_score == 0) max_score = 1;
    const double h = 10 + s.maps.size() * (n * bar + gap) + 10;
    std::ostringstream o;
    o << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << left + width + 60 << "\" height=\"" << h
      << "\" role=\"img\" aria-label=\"results per map\">\n";
    double y = 10;
    for (const auto& m : s.maps) {
        o << "<text x=\"" << left - 8 << "\" y=\"" << y + n * bar / 2 + 4 << "\" text-anchor=\"end\">" << html_escape(m.map) << "</text>\n";
        for (int i = 0; i < n; ++i, y += bar) {
            const Tally& t = m.per_bot[i];
            if (two) {
                const double g = std::max(1, t.games);
                const double ww = width * t.wins / g, dw = width * t.draws / g, lw = width * t.losses / g;
                o << "<rect x=\"" << left << "\" y=\"" << y << "\" width=\"" << num(ww) << "\" height=\"" << bar - 2 << "\" fill=\"" << kPalette[i % 10] << "\"><title>"
                  << html_escape(s.bots[i]) << " on " << html_escape(m.map) << ": " << t.wins << " wins, " << t.draws << " draws, "
                  << t.losses << " losses</title></rect>"
                  << "<rect x=\"" << num(left + ww) << "\" y=\"" << y << "\" width=\"" << num(dw) << "\" height=\"" << bar - 2 << "\" fill=\"#bbb\"/>"
                  << "<rect x=\"" << num(left + ww + dw) << "\" y=\"" << y << "\" width=\"" << num(lw) << "\" height=\"" << bar - 2 << "\" fill=\"#eee\"/>";
                o << "<text x=\"" << left + width + 6 << "\" y=\"" << y + bar - 3 << "\">" << num(100.0 * t.points() / g, "%.0f") << "%</text>\n";
            } else {
                const double v = t.score_count ? t.score_sum / t.score_count : 0;
                o << "<rect x=\"" << left << "\" y=\"" << y << "\" width=\"" << num(width * std::fabs(v) / max_score) << "\" height=\"" << bar - 2
                  << "\" fill=\"" << kPalette[i % 10] << "\"><title>" << html_escape(s.bots[i]) << " on " << html_escape(m.map) << ": mean score "
                  << num(v, "%.2f") << "</title></rect><text x=\"" << left + width + 6 << "\" y=\"" << y + bar - 3 << "\">" << num(v, "%.2f") << "</text>\n";
            }
        }
        y += gap;
    }
    o << "</svg>\n";
    return o.str();
}

std::string time_chart(const Summary& s) {
    const int n = static_cast<int>(s.bots.size());
    const int bins = static_cast<int>(kTimeEdgesMs.size()) + 1;
    const double left = 50, width = 600, height = 180, top = 10;
    std::ostringstream o;
    o << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << left + width + 20 << "\" height=\"" << top + height + 40
      << "\" role=\"img\" aria-label=\"time per move distribution\">\n";
    const double slot = width / bins, bw = slot * 0.8 / std::max(1, n);
    for (int b = 0; b < bins; ++b) {
        std::string label = b == 0 ? "<" + num(kTimeEdgesMs[0], "%g") : b == bins - 1 ? "≥" + num(kTimeEdgesMs.back(), "%g") : num(kTimeEdgesMs[b - 1], "%g") + "–" + num(kTimeEdgesMs[b], "%g");
        o << "<text x=\"" << num(left + slot * (b + 0.5)) << "\" y=\"" << top + height + 16 << "\" text-anchor=\"middle\">" << html_escape(label) << "</text>\n";
    }
    o << "<text x=\"" << left + width / 2 << "\" y=\"" << top + height + 34 << "\" text-anchor=\"middle\">milliseconds per move</text>\n";
    o << "<line x1=\"" << left << "\" x2=\"" << left + width << "\" y1=\"" << top + height << "\" y2=\"" << top + height << "\" stroke=\"#999\"/>\n";
    o << "<text x=\"" << left - 6 << "\" y=\"" << top + 10 << "\" text-anchor=\"end\">100%</text>\n";
    for (int i = 0; i < n; ++i) {
        if (!s.moves_timed[i]) continue;
        for (int b = 0; b < bins; ++b) {
            const double f = static_cast<double>(s.time_hist[i][b]) / s.moves_timed[i];
            const double bh = f * height;
            o << "<rect x=\"" << num(left + slot * b + slot * 0.1 + bw * i) << "\" y=\"" << num(top + height - bh) << "\" width=\"" << num(bw)
              << "\" height=\"" << num(bh) << "\" fill=\"" << kPalette[i % 10] << "\"><title>" << html_escape(s.bots[i]) << ": "
              << s.time_hist[i][b] << " moves (" << num(100 * f, "%.1f") << "%)</title></rect>";
        }
        o << "\n";
    }
    o << "</svg>\n";
    return o.str();
}

std::string legend(const Summary& s) {
    std::ostringstream o;
    o << "<p class=\"legend\">";
    for (std::size_t i = 0; i < s.bots.size(); ++i)
        o << "<span><i class=\"sw\" style=\"background:" << kPalette[i % 10] << "\"></i>" << html_escape(s.bots[i]) << "</span>";
    return o.str() + "</p>\n";
}

void write_head(std::ostringstream& o, const Summary& s, const Json& run, bool two) {
    o << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>Arena: " << html_escape(s.title)
      << "</title>\n<meta name=\"viewport\" content=\"width=device-width,initial-scale=1\">\n<style>" << kStyle << "</style></head>\n<body>\n";
    o << "<h1>Arena: " << html_escape(s.title) << "</h1>\n<p>" << s.games_total << " games (" << s.games_ok << " ok, "
      << s.games_failed << " failed) · mode " << html_escape(run.value("mode", std::string("?"))) << " · "
      << run.value("maps", Json::array()).size() << " maps × " << run.value("seeds", 0) << " seeds";
    if (two) o << " · both roles (" << html_escape(s.roles[0]) << ", " << html_escape(s.roles[1]) << ")";
    o << "</p>\n";
}

// The bots by rating, best first (the chart's and the table's order).
std::vector<int> rating_order(const Summary& s) {
    const int n = static_cast<int>(s.bots.size());
    std::vector<int> order(n);
    for (int i = 0; i < n; ++i) order[i] = i;
    std::sort(order.begin(), order.end(), [&](int x, int y) { return s.ratings.elo[x] > s.ratings.elo[y]; });
    return order;
}

void write_ratings(std::ostringstream& o, const Summary& s, bool two) {
    const std::vector<int> order = rating_order(s);
    o << "<h2>Ratings</h2>\n<p class=\"muted\">Bradley-Terry fit (Newton), Elo scale, mean 0; whiskers are 95 % intervals from the Hessian."
      << (two ? "" : " One-role game: bots are compared by score on the same map and seed")
      << (s.tiebreaks.empty() ? "" : ", " + html_escape(tiebreaks_text(s))) << (two ? "" : ".") << "</p>\n";
    o << rating_chart(s, order);
    o << "<table><tr><th>bot</th><th>rating</th><th>95 %</th><th>games</th><th>wins</th><th>losses</th><th>draws</th><th>faults</th><th>avg score</th><th>median ms/move</th></tr>\n";
    for (int i : order) {
        const Tally& t = s.per_bot[i];
        o << "<tr><td>" << html_escape(s.bots[i]) << "</td><td>" << num(s.ratings.elo[i], "%+.0f") << "</td><td>± " << num(s.ratings.ci95[i], "%.0f")
          << "</td><td>" << t.games << "</td><td>" << t.wins << "</td><td>" << t.losses << "</td><td>" << t.draws << "</td><td"
          << (t.faults ? " class=\"bad\"" : "") << ">" << t.faults << "</td><td>" << (t.score_count ? num(t.score_sum / t.score_count, "%.2f") : "–")
          << "</td><td>" << (std::isnan(s.time_median_ms[i]) ? std::string("–") : num(s.time_median_ms[i], "%.2f")) << "</td></tr>\n";
    }
    o << "</table>\n";
    if (two)
        o << "<p>Advantage of playing " << html_escape(s.roles[0]) << ": " << num(s.ratings.role0_advantage_elo, "%+.0f") << " ± "
          << num(s.ratings.role0_advantage_ci95, "%.0f") << " Elo.</p>\n";
}

void write_pairings(std::ostringstream& o, const Summary& s) {
    o << "<h2>Pairings</h2>\n<table><tr><th>A</th><th>B</th><th>games</th><th>A wins</th><th>draws</th><th>B wins</th><th>faults A:B</th>"
      << "<th>captures/game</th><th>avg score A</th><th>avg score B</th><th>failed</th>"
      << (s.tiebreaks.empty() ? "" : "<th>by tie-break</th>") << "</tr>\n";
    for (const auto& p : s.pairs) {
        if (p.of_a.games == 0 && p.errors == 0) continue;
        o << "<tr><td>" << html_escape(s.bots[p.a]) << "</td><td>" << html_escape(s.bots[p.b]) << "</td><td>" << p.of_a.games << "</td><td>"
          << p.of_a.wins << "</td><td>" << p.of_a.draws << "</td><td>" << p.of_a.losses << "</td><td>" << p.of_a.faults << ":" << p.b_faults
          << "</td><td>" << (p.captures_count ? num(p.captures_sum / p.captures_count, "%.2f") : "–") << "</td><td>"
          << (p.of_a.score_count ? num(p.of_a.score_sum / p.of_a.score_count, "%.2f") : "–") << "</td><td>"
          << (p.b_score_count ? num(p.b_score_sum / p.b_score_count, "%.2f") : "–") << "</td><td>" << p.errors << "</td>"
          << (s.tiebreaks.empty() ? "" : "<td>" + std::to_string(p.by_tiebreak) + "</td>") << "</tr>\n";
    }
    o << "</table>\n";
}

void write_per_map(std::ostringstream& o, const Summary& s, bool two) {
    o << "<h2>Per map</h2>\n" << legend(s);
    o << "<p class=\"muted\">" << (two ? "Bar: share of wins (colour), draws (grey), losses (light); number: points per game." : "Mean score per bot on each map.") << "</p>\n";
    o << map_chart(s);
    if (two) {
        o << "<table><tr><th>map</th><th>" << html_escape(s.roles[0]) << " wins</th><th>draws</th><th>" << html_escape(s.roles[1])
          << " wins</th><th>failed</th></tr>\n";
        for (const auto& m : s.maps)
            o << "<tr><td>" << html_escape(m.map) << "</td><td>" << m.role_wins[0] << "</td><td>" << m.draws << "</td><td>" << m.role_wins[1]
              << "</td><td>" << m.errors << "</td></tr>\n";
        o << "</table>\n";
    }
}

void write_times(std::ostringstream& o, const Summary& s) {
    bool any_times = false;
    for (int c : s.moves_timed) any_times = any_times || c > 0;
    o << "<h2>Time per move</h2>\n";
    if (any_times) o << legend(s) << time_chart(s);
    else o << "<p class=\"muted\">The judge reports no move times.</p>\n";
}

void write_failures(std::ostringstream& o, const Summary& s) {
    o << "<h2>Faults and failed games</h2>\n";
    if (s.failures.empty()) o << "<p>None.</p>\n";
    else {
        o << "<table><tr><th>#</th><th>game</th><th>status</th><th>what happened</th></tr>\n";
        for (std::size_t i = 0; i < s.failures.size() && i < 200; ++i) {
            const Json& r = s.failures[i];
            std::string what;
            if (r.contains("faults"))
                for (std::size_t k = 0; k < r["faults"].size(); ++k)
                    if (!r["faults"][k].is_null()) what += r["bots"][k].get<std::string>() + ": " + r["faults"][k].get<std::string>() + ". ";
            if (r["status"] != "ok") what += r.value("reason", std::string());
            o << "<tr><td>" << r["index"] << "</td><td>" << html_escape(r["key"].get<std::string>()) << "</td><td>"
              << html_escape(r["status"].get<std::string>()) << "</td><td style=\"text-align:left\">" << html_escape(what) << "</td></tr>\n";
        }
        o << "</table>\n";
        if (s.failures.size() > 200) o << "<p>… and " << s.failures.size() - 200 << " more (see games.jsonl).</p>\n";
    }
}

void write_files_and_bots(std::ostringstream& o, const Json& run) {
    o << "<h2>Files</h2>\n<p>Every game: <a href=\"games.jsonl\">games.jsonl</a> · tables: <a href=\"results.csv\">results.csv</a>, "
      << "<a href=\"ratings.csv\">ratings.csv</a>, <a href=\"results.json\">results.json</a> · replays in <a href=\"replays/\">replays/</a> "
      << "(open one in the site's replay viewer).</p>\n";
    o << "<h2>Bots</h2>\n<table><tr><th>name</th><th style=\"text-align:left\">command</th></tr>\n";
    if (run.contains("bots"))
        for (const auto& b : run["bots"])
            o << "<tr><td>" << html_escape(b.value("name", std::string())) << "</td><td style=\"text-align:left\"><code>"
              << html_escape(b.value("command", std::string())) << "</code></td></tr>\n";
    o << "</table>\n</body></html>\n";
}

}  // namespace

std::string html_escape(const std::string& text) {
    std::string out;
    for (char c : text) {
        switch (c) {
            case '&': out += "&amp;"; break;
            case '<': out += "&lt;"; break;
            case '>': out += "&gt;"; break;
            case '"': out += "&quot;"; break;
            case '\'': out += "&#39;"; break;
            default: out += c;
        }
    }
    return out;
}

std::string html_report(const Summary& s, const Json& run) {
    const bool two = s.roles.size() == 2;
    std::ostringstream o;
    write_head(o, s, run, two);
    write_ratings(o, s, two);
    write_pairings(o, s);
    write_per_map(o, s, two);
    write_times(o, s);
    write_failures(o, s);
    write_files_and_bots(o, run);
    return o.str();
}

}  // namespace pursuit::arena
