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
    const auto line_at = [&](std::size_t i) { return source + " line " + std::to_string(i + 1) + ": "; };
    // A byte order mark made line 1's first token one the reading ignores (as the original's
    // does for a solver's output): the first move was silently dropped.
    if (lines.front().rfind("\xef\xbb\xbf", 0) == 0)
        return finish(line_at(0) + "starts with a UTF-8 byte order mark (\\xef\\xbb\\xbf), which would hide its first token; "
                                   "save the file without it");
    // The controller ends the game at a solver line over its limit (an output-limit failure).
    const auto too_long = [&](std::size_t i) {
        return line_at(i) + std::to_string(lines[i].size()) + " bytes, more than the controller takes in a line from a solver (" +
               std::to_string(kMaxSolverLineBytes) + "): " + quoted_excerpt(lines[i]);
    };
    const auto is_final_line = [](const std::string& line) {
        const auto t = split_tokens(line);
        long long v;
        return t.size() == 3 && parse_int(t[0], v) && parse_int(t[1], v) && parse_int(t[2], v);
    };
    r.claimed = lines.back();
    const auto claim = split_tokens(r.claimed);
    const bool has_final_line = is_final_line(r.claimed);
    const std::size_t moves = lines.size() - 1;
    for (std::size_t i = 0; i < moves; ++i) {
        if (s.finished()) {
            // A blank line between the finishing move and the final line is never read by the
            // controller (it stops at the finish): not a fault ("line 5: the search already
            // ended after 4 turns, but more move lines follow" named a blank line).
            if (split_tokens(lines[i]).empty()) continue;
            // Line i is where the final line belongs: if it is one, what follows it is the fault.
            if (is_final_line(lines[i])) {
                std::size_t j = i + 1;
                while (split_tokens(lines[j]).empty()) ++j;  // the last line is not blank
                return finish(line_at(j) + "text after the final line (line " + std::to_string(i + 1) + "): " + quoted_excerpt(lines[j]));
            }
            return finish(line_at(i) + "the search already ended after " + std::to_string(s.turns()) + " turns, but more move lines follow");
        }
        if (lines[i].size() > kMaxSolverLineBytes) return finish(too_long(i));
        // The controller's own check of a solver's line: it refuses such a line as garbage output.
        if (const std::string bad = non_text_detail(lines[i]); !bad.empty())
            return finish(line_at(i) + "not a text line (" + bad + "): " + quoted_excerpt(lines[i]) +
                          " (the controller refuses it as garbage output)");
        try {
            s.play_line(lines[i]);
        } catch (const MoveLineError& e) {
            return finish(line_at(i) + e.what() + " (turn " + std::to_string(s.turns() + 1) + ": " + e.detail() + ")");
        } catch (const std::exception& e) {
            return finish(line_at(i) + e.what());
        }
    }
    if (r.claimed.size() > kMaxSolverLineBytes) return finish(too_long(moves));
    if (!has_final_line) {
        // The result printed is the true one after the move lines (it was "0 0 0"), the last
        // line too when it is a legal move line (a solution that forgot its final line).
        // As a move line it may also be wrong: that is said too ("A is dead" was hidden behind
        // "expected the final line").
        std::string as_a_move;
        if (!s.finished()) {
            State after = s;
            if (const std::string bad = non_text_detail(r.claimed); !bad.empty())
                as_a_move = " (as a move line it is not a text line (" + bad + "): the controller refuses it as garbage output)";
            else
                try {
                    after.play_line(r.claimed);
                    s = after;
                    if (s.finished()) as_a_move = " (as a move line it ends the search: the final line would be '" + s.final_line() + "')";
                } catch (const MoveLineError& e) {
                    as_a_move = std::string(" (as a move line: ") + e.what() + " (turn " + std::to_string(s.turns() + 1) + ": " + e.detail() + "))";
                } catch (const std::exception& e) {
                    as_a_move = std::string(" (as a move line: ") + e.what() + ")";
                }
        }
        return finish(source + " line " + std::to_string(lines.size()) + ": expected the final line \"turns costars extras\", got '" +
                      escaped_excerpt(r.claimed) + "'" + as_a_move);
    }
    if (!s.finished())
        return finish(source + ": after all " + std::to_string(moves) + " move lines, " + std::to_string(s.unsearched()) +
                      (s.unsearched() == 1 ? " open cell is" : " open cells are") + " still unsearched");
    r.valid = true;
    // Compared as numbers, as they were read: "23 +2 0" claims 23 2 0 (it was "wrong").
    const auto numbers = [](const std::vector<std::string>& tokens) {
        std::vector<long long> v(tokens.size());
        for (std::size_t i = 0; i < tokens.size(); ++i) parse_int(tokens[i], v[i]);
        return v;
    };
    r.claim_matches = numbers(split_tokens(s.final_line())) == numbers(claim);
    return finish(r.claim_matches ? "ok" : "the final line claims '" + escaped_excerpt(r.claimed) + "' but the true result is '" + s.final_line() + "'");
}

}  // namespace pursuit::searchparty
