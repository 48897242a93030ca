// Owns: check_solution (see checker.h).
#include "searchparty/checker.h"

#include <exception>
#include <vector>

#include "common/line_reader.h"
#include "searchparty/rules.h"

namespace pursuit::searchparty {

Json CheckReport::to_json() const {
    return Json{{"valid", valid},   {"claim_matches", claim_matches}, {"turns", turns}, {"costars", costars},
                {"extras", extras}, {"claimed", claimed},             {"message", message}};
}

CheckReport check_solution(const Map& map, const std::string& solution, const std::string& source) {
    std::vector<std::string> lines;
    for (std::size_t p = 0; p <= solution.size();) {
        std::size_t e = solution.find('\n', p);
        if (e == std::string::npos) e = solution.size();
        std::string l = solution.substr(p, e - p);
        if (!l.empty() && l.back() == '\r') l.pop_back();
        lines.push_back(l);
        p = e + 1;
    }
    while (!lines.empty() && split_tokens(lines.back()).empty()) lines.pop_back();
    CheckReport r;
    State s(map);
    auto finish = [&](const std::string& message) {
        r.turns = s.turns(), r.costars = s.costars_alive(), r.extras = s.extras_alive();
        r.message = message;
        return r;
    };
    if (lines.empty()) return finish(source + ": empty (expected move lines and a final line \"turns costars extras\")");
    r.claimed = lines.back();
    const auto claim = split_tokens(r.claimed);
    long long v;
    const bool has_final_line = claim.size() == 3 && parse_int(claim[0], v) && parse_int(claim[1], v) && parse_int(claim[2], v);
    const std::size_t moves = lines.size() - 1;
    for (std::size_t i = 0; i < moves; ++i) {
        if (s.finished())
            return finish(source + " line " + std::to_string(i + 1) + ": the search already ended after " + std::to_string(s.turns()) +
                          " turns, but more move lines follow");
        try {
            s.play_line(lines[i]);
        } catch (const std::exception& e) {
            return finish(source + " line " + std::to_string(i + 1) + ": " + e.what());
        }
    }
    if (!has_final_line) {
        // The result printed is the true one after the move lines (it was "0 0 0"), the last
        // line too when it is a legal move line (a solution that forgot its final line).
        bool last_is_a_move = !s.finished();
        if (last_is_a_move) {
            State after = s;
            try {
                after.play_line(r.claimed);
                s = after;
            } catch (const std::exception&) {
                last_is_a_move = false;
            }
        }
        return finish(source + " line " + std::to_string(lines.size()) + ": expected the final line \"turns costars extras\", got '" +
                      escaped_excerpt(r.claimed) + "'" +
                      (last_is_a_move && s.finished() ? " (as a move line it ends the search: the final line would be '" + s.final_line() + "')" : ""));
    }
    if (!s.finished())
        return finish(source + ": after all " + std::to_string(moves) + " move lines, " + std::to_string(s.unsearched()) +
                      " open cells are still unsearched");
    r.valid = true;
    r.claim_matches = split_tokens(s.final_line()) == claim;
    return finish(r.claim_matches ? "ok" : "the final line claims '" + escaped_excerpt(r.claimed) + "' but the true result is '" + s.final_line() + "'");
}

}  // namespace pursuit::searchparty
