// Owns: check_solution (see checker.h).
#include "searchparty/checker.h"

#include <exception>
#include <optional>
#include <vector>

#include "common/counted.h"
#include "common/line_reader.h"
#include "searchparty/rules.h"

namespace pursuit::searchparty {

Json CheckReport::to_json() const {
    // The last line as it was only when it is text: a binary file's (a PNG chosen as the
    // solution in the page) made the JSON unwritable, "invalid UTF-8 byte at index 6: 0x80".
    // (The moves are always text: a line that is not is refused before it is played.)
    const std::string claimed_shown = non_text_detail(claimed).empty() ? claimed : escaped_excerpt(claimed, claimed.size());
    return Json{{"valid", valid},   {"claim_matches", claim_matches}, {"turns", turns},  {"costars", costars},
                {"extras", extras}, {"claimed", claimed_shown},       {"message", message}, {"moves", moves}};
}

namespace {

// The solution's lines without their line ends (a '\r' before a '\n' too), the blank lines at its end left out.
std::vector<std::string> solution_lines(const std::string& solution) {
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
    return lines;
}

// Whether `line` reads as a final line "turns costars extras": three integers.
bool is_final_line(const std::string& line) {
    const auto t = split_tokens(line);
    long long v;
    return t.size() == 3 && parse_int(t[0], v) && parse_int(t[1], v) && parse_int(t[2], v);
}

// The start of a message about line `i` (counted from 0) of the solution named `source`.
std::string line_at(const std::string& source, std::size_t i) { return source + " line " + std::to_string(i + 1) + ": "; }

// The fault of line `i` when it is longer than a solver's line may be. The controller ends the game at a solver line over
// its limit (an output-limit failure).
std::string too_long(const std::vector<std::string>& lines, std::size_t i, const std::string& source) {
    return line_at(source, i) + std::to_string(lines[i].size()) + " bytes, more than the controller takes in a line from a solver (" +
           std::to_string(kMaxSolverLineBytes) + "): " + quoted_excerpt(lines[i]);
}

// The fault of line `i`, not blank, met after the search ended on an earlier line: text after a final line, or a move
// line too many.
std::string fault_after_the_end(const State& s, const std::vector<std::string>& lines, std::size_t i, const std::string& source) {
    // Line i is where the final line belongs: if it is one, what follows it is the fault.
    if (is_final_line(lines[i])) {
        std::size_t j = i + 1;
        while (split_tokens(lines[j]).empty()) ++j;  // the last line is not blank
        return line_at(source, j) + "text after the final line (line " + std::to_string(i + 1) + "): " + quoted_excerpt(lines[j]);
    }
    return line_at(source, i) + "the search already ended after " + std::to_string(s.turns()) + " turns, but more move lines follow";
}

// Plays move line `i` on `s`; the fault when the controller would refuse it, nullopt when it is played.
std::optional<std::string> play_move_line(State& s, const std::vector<std::string>& lines, std::size_t i, const std::string& source) {
    if (lines[i].size() > kMaxSolverLineBytes) return too_long(lines, i, source);
    // The controller's own check of a solver's line: it refuses such a line as garbage output.
    if (const std::string bad = non_text_detail(lines[i]); !bad.empty())
        return line_at(source, i) + "not a text line (" + bad + "): " + quoted_excerpt(lines[i]) +
               " (the controller refuses it as garbage output)";
    try {
        s.play_line(lines[i]);
    } catch (const MoveLineError& e) {
        return line_at(source, i) + e.what() + " (turn " + std::to_string(s.turns() + 1) + ": " + e.detail() + ")";
    } catch (const std::exception& e) {
        return line_at(source, i) + e.what();
    }
    return std::nullopt;
}

// Plays every line but the last (the move lines) on `s`, each one played added to `played`; the first fault, nullopt
// when there is none.
std::optional<std::string> play_move_lines(State& s, const std::vector<std::string>& lines, const std::string& source,
                                           std::vector<std::string>& played) {
    for (std::size_t i = 0; i + 1 < lines.size(); ++i) {
        if (s.finished()) {
            // A blank line between the finishing move and the final line is never read by the
            // controller (it stops at the finish): not a fault ("line 5: the search already
            // ended after 4 turns, but more move lines follow" named a blank line).
            if (split_tokens(lines[i]).empty()) continue;
            return fault_after_the_end(s, lines, i, source);
        }
        if (auto fault = play_move_line(s, lines, i, source)) return fault;
        played.push_back(lines[i]);
    }
    return std::nullopt;
}

// The last line (not a final line) read as a move line on `s`, a search not over, for the message: why it is refused,
// or that it ends the search; "" for a legal move that does not. A legal move is played on `s` (the result reported)
// and added to `played`.
std::string last_line_as_a_move(State& s, const std::string& claimed, std::vector<std::string>& played) {
    if (const std::string bad = non_text_detail(claimed); !bad.empty())
        return " (as a move line it is not a text line (" + bad + "): the controller refuses it as garbage output)";
    State after = s;
    try {
        after.play_line(claimed);
        s = after;
        played.push_back(claimed);
        if (s.finished()) return " (as a move line it ends the search: the final line would be '" + s.final_line() + "')";
    } catch (const MoveLineError& e) {
        return std::string(" (as a move line: ") + e.what() + " (turn " + std::to_string(s.turns() + 1) + ": " + e.detail() + "))";
    } catch (const std::exception& e) {
        return std::string(" (as a move line: ") + e.what() + ")";
    }
    return "";
}

// Whether `text` reads as a map (a solution never does: its last line is not a grid row).
bool is_a_map(const std::string& text) {
    try {
        read_map(text, "solution");
        return true;
    } catch (const std::exception&) {
        return false;
    }
}

// The integers `tokens` read as (each a final line's token).
std::vector<long long> numbers(const std::vector<std::string>& tokens) {
    std::vector<long long> v(tokens.size());
    for (std::size_t i = 0; i < tokens.size(); ++i) parse_int(tokens[i], v[i]);
    return v;
}

}  // namespace

CheckReport check_solution(const Map& map, const std::string& solution, const std::string& source) {
    const std::vector<std::string> lines = solution_lines(solution);
    CheckReport r;
    State s(map);
    auto finish = [&](const std::string& message) {
        r.turns = s.turns(), r.costars = s.costars_alive(), r.extras = s.extras_alive();
        r.message = message;
        return r;
    };
    if (lines.empty()) return finish(source + ": empty (expected move lines and a final line \"turns costars extras\")");
    // A map given for the solution (searchparty-check's arguments swapped) played its rows as
    // turns where nobody moves and ended in "expected the final line" or a moved-twice error.
    const bool byte_order_mark = lines.front().rfind("\xef\xbb\xbf", 0) == 0;
    if (is_a_map(solution)) {
        const std::string header = byte_order_mark ? lines.front().substr(3) : lines.front();
        return finish(source + ": this is a map (header " + quoted_excerpt(header) + "), not a solution (move lines, then \"turns costars extras\")");
    }
    // A byte order mark made line 1's first token one the reading ignores (as the original's
    // does for a solver's output): the first move was silently dropped.
    if (byte_order_mark)
        return finish(line_at(source, 0) + "starts with a UTF-8 byte order mark (\\xef\\xbb\\xbf), which would hide its first token; "
                                           "save the file without it");
    r.claimed = lines.back();
    const std::size_t moves = lines.size() - 1;
    if (const auto fault = play_move_lines(s, lines, source, r.moves)) return finish(*fault);
    if (r.claimed.size() > kMaxSolverLineBytes) return finish(too_long(lines, moves, source));
    if (!is_final_line(r.claimed)) {
        // The result printed is the true one after the move lines (it was "0 0 0"), the last
        // line too when it is a legal move line (a solution that forgot its final line).
        // As a move line it may also be wrong: that is said too ("A is dead" was hidden behind
        // "expected the final line").
        const std::string as_a_move = s.finished() ? "" : last_line_as_a_move(s, r.claimed, r.moves);
        return finish(source + " line " + std::to_string(lines.size()) + ": expected the final line \"turns costars extras\", got '" +
                      escaped_excerpt(r.claimed) + "'" + as_a_move);
    }
    if (!s.finished())
        return finish(source + (moves == 1 ? ": after its 1 move line, " : ": after all " + std::to_string(moves) + " move lines, ") + counted(s.unsearched(), "open cell is", "open cells are") + " still unsearched");
    r.valid = true;
    // Compared as numbers, as they were read: "23 +2 0" claims 23 2 0 (it was "wrong").
    r.claim_matches = numbers(split_tokens(s.final_line())) == numbers(split_tokens(r.claimed));
    if (r.claim_matches) return finish("ok");
    // Named like every other verdict: which file, which line (it was the only one without).
    return finish(source + " line " + std::to_string(lines.size()) + ": the final line claims '" + escaped_excerpt(r.claimed) +
                  "' but the true result is '" + s.final_line() + "'");
}

}  // namespace pursuit::searchparty
