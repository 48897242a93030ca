// Owns: reading and checking a Bank layout file, and the derived geometry (see layout.h).
#include "bank/layout.h"

#include <algorithm>

#include "common/errors.h"
#include "common/line_reader.h"

namespace pursuit::bank {
namespace {

bool valid_kind(char ch) {
    return ch == kWall || ch == kFloor || ch == kJunction || ch == kStair || ch == kDoor || ch == kShaft;
}

bool distinct_upper(const std::string& s) {
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s[i] < 'A' || s[i] > 'Z') return false;
        if (s.find(s[i], i + 1) != std::string::npos) return false;
    }
    return true;
}

std::string strip_comment(const std::string& line) {
    std::string s = line.substr(0, line.find('#') == 0 ? 0 : line.size());
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.pop_back();
    return s;
}

}  // namespace

bool Layout::on_floor(Cell c) const {
    char k = kind(c);
    return k == kFloor || k == kJunction || k == kDoor;
}
bool Layout::on_staircase(Cell c) const {
    char k = kind(c);
    return k == kJunction || k == kStair;
}

std::string Layout::name(Cell c) const {
    if (!in(c)) return "??";
    return std::string{row_letters_[c.r], col_letters_[c.c]};
}

std::optional<Cell> Layout::parse_cell(const std::string& s) const {
    if (s.size() != 2) return std::nullopt;
    auto r = row_letters_.find(s[0]), c = col_letters_.find(s[1]);
    if (r == std::string::npos || c == std::string::npos) return std::nullopt;
    return Cell{static_cast<int>(r), static_cast<int>(c)};
}

int Layout::floor_of_row(int r) const { return r >= 0 && r < rows_ ? row_floor_[r] : -1; }

int Layout::lift_at_door(Cell c) const { return in(c) ? door_lift_[index(c)] : -1; }

bool Layout::sees(Cell a, Cell b) const {
    int fa = floor_run(a), sa = staircase(a);
    return (fa >= 0 && fa == floor_run(b)) || (sa >= 0 && sa == staircase(b));
}

void Layout::fail_row(int r, const std::string& problem) const {
    throw InputError(source_ + " line " + std::to_string(row_line_[r]) + ": row " + row_letters_[r] + ": " + problem);
}

// Layout file: comment lines start with '#'; header lines "name ...", "columns <letters>",
// "guards <cells>", then "map", one line per row (top first: "<row letter> <cells>"), "end".
Layout Layout::parse(const std::string& text, const std::string& source) {
    Layout L;
    L.text_ = text;
    L.source_ = source;
    LineReader in(text, source);
    std::vector<std::string> guard_tokens;
    int guards_line = 0;
    bool in_map = false, ended = false;
    std::vector<std::string> map_rows;  // top first
    std::vector<int> map_lines;
    while (!in.at_end()) {
        std::string raw = in.next_line("a layout line");
        if (ended) {
            if (!strip_comment(raw).empty()) in.fail("text after \"end\"");
            continue;
        }
        if (!in_map) {
            std::string line = strip_comment(raw);
            if (line.empty()) continue;
            auto tokens = split_tokens(line);
            if (tokens.empty()) continue;  // whitespace other than space/tab (e.g. a form feed) is a blank line
            const std::string& key = tokens[0];
            if (key == "name") {
                L.name_ = line.substr(line.find("name") + 4);
                L.name_.erase(0, L.name_.find_first_not_of(" \t"));
            } else if (key == "columns") {
                if (tokens.size() != 2) in.fail("expected \"columns <letters>\", e.g. columns ABCDE");
                if (!distinct_upper(tokens[1])) in.fail("column letters must be distinct uppercase letters, got '" + escaped_excerpt(tokens[1]) + "'");
                L.col_letters_ = tokens[1];
            } else if (key == "guards") {
                guard_tokens.assign(tokens.begin() + 1, tokens.end());
                guards_line = in.line_number();
                if (guard_tokens.size() != 4) in.fail("expected 4 guard start cells, got " + std::to_string(guard_tokens.size()));
            } else if (key == "map") {
                if (L.col_letters_.empty()) in.fail("\"map\" before \"columns\"");
                in_map = true;
            } else {
                in.fail("unknown line '" + escaped_excerpt(tokens[0]) + "' (expected name, columns, guards or map)");
            }
            continue;
        }
        if (raw == "end") {
            ended = true;
            continue;
        }
        if (raw.size() < 2 || raw[0] < 'A' || raw[0] > 'Z' || raw[1] != ' ')
            in.fail("expected a map row \"<row letter> <cells>\" or \"end\", got '" + escaped_excerpt(raw) + "'");
        std::string cells = raw.substr(2);
        while (!cells.empty() && cells.back() == ' ') cells.pop_back();
        if (cells.size() != L.col_letters_.size())
            in.fail("row " + std::string(1, raw[0]) + " has " + std::to_string(cells.size()) + " cells, expected " +
                    std::to_string(L.col_letters_.size()) + " (one per column letter)");
        for (std::size_t c = 0; c < cells.size(); ++c)
            if (!valid_kind(cells[c]))
                in.fail("row " + std::string(1, raw[0]) + " column " + std::string(1, L.col_letters_[c]) + ": unknown cell '" +
                        escaped_excerpt(std::string(1, cells[c])) + "' (legend: . S | L : #)");
        L.row_letters_.insert(L.row_letters_.begin(), raw[0]);
        map_rows.insert(map_rows.begin(), cells);
        map_lines.insert(map_lines.begin(), in.line_number());
        if (!distinct_upper(L.row_letters_)) in.fail("row letter '" + std::string(1, raw[0]) + "' is used twice");
    }
    if (!in_map) in.fail_at_end("no \"map\" section");
    if (!ended) in.fail_at_end("the map has no \"end\" line");
    if (map_rows.empty()) in.fail_at_end("the map has no rows");
    if (guard_tokens.empty()) throw InputError(source + ": no \"guards\" line (4 guard start cells)");
    L.rows_ = static_cast<int>(map_rows.size());
    L.cols_ = static_cast<int>(L.col_letters_.size());
    L.grid_ = GridArray<char>(L.rows_, L.cols_, kWall);
    for (int r = 0; r < L.rows_; ++r)
        for (int c = 0; c < L.cols_; ++c) L.grid_.at(r, c) = map_rows[r][c];
    L.row_line_ = map_lines;
    L.derive();
    for (const auto& t : guard_tokens) {
        auto c = L.parse_cell(t);
        if (!c || !L.walkable(*c))
            throw InputError(source + " line " + std::to_string(guards_line) + ": guard start '" + escaped_excerpt(t) +
                             "' is not a walkable cell of the map");
        L.guard_starts_.push_back(*c);
    }
    return L;
}

void Layout::derive() {
    row_floor_.assign(rows_, -1);
    for (int r = 0; r < rows_; ++r) {
        bool any_floor = false;
        for (int c = 0; c < cols_; ++c) any_floor |= on_floor(Cell{r, c});
        if (any_floor) {
            row_floor_[r] = static_cast<int>(floor_rows_.size());
            floor_rows_.push_back(r);
        }
        for (int c = 0; c < cols_; ++c) {
            char k = kind(Cell{r, c});
            if (!any_floor && (k == kDoor || k == kJunction)) fail_row(r, "a floor cell outside a floor row");
            if (any_floor && (k == kStair || k == kShaft))
                fail_row(r, std::string("column ") + col_letters_[c] + ": '" + k + "' on a floor row");
        }
    }
    if (floor_rows_.empty()) throw InputError(source_ + ": the map has no floor row");
    if (floors() > 9) fail_row(floor_rows_[9], "more than 9 floors (lift calls are one digit)");
    // Stairs: every stair cell has stair/junction cells above and below (no dead ends).
    for (int r = 0; r < rows_; ++r)
        for (int c = 0; c < cols_; ++c) {
            if (kind(Cell{r, c}) != kStair) continue;
            if (!on_staircase(Cell{r - 1, c}) || !on_staircase(Cell{r + 1, c}))
                fail_row(r, std::string("column ") + col_letters_[c] + ": a stair cell must join two floors (stair or S above and below)");
        }
    // Lifts: a column of doors joined by shaft cells; a shaft cell must lead to doors both ways.
    door_lift_.assign(cells(), -1);
    for (int c = 0; c < cols_; ++c) {
        int lo = -1, hi = -1;
        for (int f = 0; f < floors(); ++f) {
            if (kind(Cell{floor_rows_[f], c}) != kDoor) continue;
            if (lo < 0) lo = f;
            else if (hi != f - 1) fail_row(floor_rows_[f], std::string("lift column ") + col_letters_[c] + ": the doors must be on consecutive floors");
            hi = f;
        }
        for (int r = 0; r < rows_; ++r) {
            bool inside = lo >= 0 && r > floor_rows_[lo] && r < floor_rows_[hi];
            if (kind(Cell{r, c}) == kShaft && !inside) fail_row(r, std::string("column ") + col_letters_[c] + ": shaft cell outside a lift's doors");
            if (inside && row_floor_[r] < 0 && kind(Cell{r, c}) != kShaft)
                fail_row(r, std::string("lift column ") + col_letters_[c] + ": expected ':' between the doors");
            if (inside && row_floor_[r] >= 0 && kind(Cell{r, c}) != kDoor)
                fail_row(r, std::string("lift column ") + col_letters_[c] + ": expected a door 'L' on every floor the shaft passes");
        }
        if (lo < 0) continue;
        if (hi == lo) fail_row(floor_rows_[lo], std::string("column ") + col_letters_[c] + ": a lift needs doors on two floors at least");
        for (int f = lo; f < hi; ++f)
            if ((floor_rows_[f + 1] - floor_rows_[f]) % 2)
                fail_row(floor_rows_[f + 1], std::string("lift column ") + col_letters_[c] +
                                                 ": floors an odd number of rows apart (a lift moves 2 rows a move)");
        for (int f = lo; f <= hi; ++f) door_lift_[index(Cell{floor_rows_[f], c})] = static_cast<int>(lifts_.size());
        lifts_.push_back(Lift{c, lo, hi});
    }
    // Runs of sight.
    floor_run_.assign(cells(), -1);
    stair_run_.assign(cells(), -1);
    int runs = 0, stairs = 0;
    for (int r = 0; r < rows_; ++r)
        for (int c = 0; c < cols_; ++c) {
            if (on_floor(Cell{r, c})) floor_run_[index(Cell{r, c})] = on_floor(Cell{r, c - 1}) ? floor_run_[index(Cell{r, c - 1})] : runs++;
            if (walkable(Cell{r, c})) walkable_.push_back(index(Cell{r, c}));
        }
    for (int c = 0; c < cols_; ++c)
        for (int r = 0; r < rows_; ++r) {
            if (!on_staircase(Cell{r, c})) continue;
            bool joins_below = on_staircase(Cell{r - 1, c}) &&
                               (kind(Cell{r, c}) == kStair || kind(Cell{r - 1, c}) == kStair);
            stair_run_[index(Cell{r, c})] = joins_below ? stair_run_[index(Cell{r - 1, c})] : stairs++;
        }
}

}  // namespace pursuit::bank
