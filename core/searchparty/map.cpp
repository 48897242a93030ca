// Owns: read_map and the map's text form (see map.h).
#include "searchparty/map.h"

#include <algorithm>
#include <climits>
#include <string_view>

#include "common/errors.h"
#include "common/line_reader.h"

namespace pursuit::searchparty {
namespace {

bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\r'; }

// A grid row without the blanks around it, as the original's `.strip()` reads it (an indented
// map was "has 7 characters").
std::string strip(std::string s) {
    while (!s.empty() && is_blank(s.back())) s.pop_back();
    std::size_t first = 0;
    while (first < s.size() && is_blank(s[first])) ++first;
    return s.substr(first);
}

// Whether `line` has a move line's look: every token an actor ('@' or a letter) then a direction
// digit ("@4.", "A2 a2"). No header or garbage line has it.
bool reads_as_a_move_line(const std::string& line) {
    const auto tokens = split_tokens(line);
    for (const std::string& t : tokens)
        if (t.size() < 2 || !names_an_actor(t[0]) || t[1] < '1' || t[1] > '9') return false;
    return !tokens.empty();
}

// Flood fill by king moves from the start; returns an open cell it did not reach, or -1.
int unreachable_open_cell(const Map& m) {
    std::vector<std::uint8_t> seen(m.open.size(), 0);
    std::vector<int> stack{m.start};
    seen[m.start] = 1;
    while (!stack.empty()) {
        const int i = stack.back();
        stack.pop_back();
        const int x = m.x_of(i), y = m.y_of(i);
        for (int dy = -1; dy <= 1; ++dy)
            for (int dx = -1; dx <= 1; ++dx) {
                if (!m.open_at(x + dx, y + dy)) continue;
                const int j = m.index(x + dx, y + dy);
                if (!seen[j]) {
                    seen[j] = 1;
                    stack.push_back(j);
                }
            }
    }
    for (std::size_t i = 0; i < m.open.size(); ++i)
        if (m.open[i] && !seen[i]) return static_cast<int>(i);
    return -1;
}

// Each header field against its range, in order, named ("-1 is outside 0..1073741824" was
// not, nor "99999999999 is outside -2147483648..2147483647"); one too large for any integer
// (99999999999999999999) too (it was "expected the header …, got '9999…'"). A line that is
// not four integers is left to line_of_ints, which takes any integer.
void check_header_ranges(LineReader& in) {
    struct Field {
        const char* name;
        int lo, hi;
    };
    const Field fields[4] = {{"N (columns)", 1, kMaxSide}, {"M (rows)", 1, kMaxSide}, {"p (costars)", 0, kMaxCostars}, {"q (extras)", 0, kMaxExtras}};
    const auto tokens = split_tokens(in.peek_line());
    if (tokens.size() != 4) return;
    for (int i = 0; i < 4; ++i) {
        const std::string_view digits = std::string_view(tokens[i]).substr(tokens[i][0] == '-' || tokens[i][0] == '+');
        if (digits.empty() || digits.find_first_not_of("0123456789") != std::string_view::npos) return;
        long long v = 0;
        const bool fits = parse_int(tokens[i], v);
        if (fits && v >= fields[i].lo && v <= fields[i].hi) continue;
        in.next_line("");
        const std::string got = fits ? std::to_string(v) : tokens[i].size() <= 40 ? tokens[i] : tokens[i].substr(0, 37) + "...";
        in.fail(std::string(fields[i].name) + " must be " + std::to_string(fields[i].lo) + ".." + std::to_string(fields[i].hi) + ", got " + got);
    }
}

// A solution given for a map (searchparty-check's arguments swapped, a solver's output pasted in
// the page's Map form) was "expected the header ..., got 1 token".
void refuse_a_solution_as_header(LineReader& in) {
    if (!reads_as_a_move_line(in.peek_line())) return;
    const std::string line = in.peek_line();
    in.next_line("");
    in.fail("expected the header \"N M p q\", got the move line " + quoted_excerpt(line) +
            ": this is a solution (move lines, then \"turns costars extras\"), not a map");
}

// Grid row y (0-based) into m; `starts` counts the 'S' seen so far.
void read_grid_row(LineReader& in, Map& m, int y, int& starts) {
    if (in.at_end())
        in.fail_at_end("expected grid row " + std::to_string(y + 1) + " of " + std::to_string(m.rows) + ", got end of input");
    const std::string row = strip(in.next_line("grid row"));
    // A blank line before or inside the grid was "has 0 characters", which reads like a
    // count of something; say what the line is.
    if (row.empty())
        in.fail("grid row " + std::to_string(y + 1) + " is a blank line, expected N = " + std::to_string(m.cols) +
                " characters of '.', '#' or 'S' (no blank lines before or inside the grid)");
    // A row with a byte outside ASCII: its first bad character before its length ('é' counted
    // as two "characters" made a right row too long).
    const auto bad = [](char c) { return c != '.' && c != '#' && c != 'S'; };
    if (std::any_of(row.begin(), row.end(), [](char c) { return static_cast<unsigned char>(c) >= 0x80; })) {
        const auto first = std::find_if(row.begin(), row.end(), bad);
        in.fail("bad character " + quoted_excerpt(std::string(1, *first)) + " at x=" + std::to_string(first - row.begin()) +
                " (expected '.', '#' or 'S')");
    }
    if (static_cast<int>(row.size()) != m.cols)
        in.fail("grid row " + std::to_string(y + 1) + " has " + std::to_string(row.size()) + " characters, expected N = " +
                std::to_string(m.cols));
    for (int x = 0; x < m.cols; ++x) {
        const char c = row[x];
        if (c == 'S') {
            if (++starts > 1) in.fail("a second start 'S' at x=" + std::to_string(x) + " (only one is allowed)");
            m.start = m.index(x, y);
        } else if (bad(c)) {
            // '\xc3' for byte 0xC3, as every message shows a byte (it printed '\x195', in decimal)
            in.fail("bad character " + quoted_excerpt(std::string(1, c)) + " at x=" + std::to_string(x) + " (expected '.', '#' or 'S')");
        }
        m.open[m.index(x, y)] = c != '#';
    }
}

}  // namespace

int Map::open_count() const {
    int n = 0;
    for (auto o : open) n += o;
    return n;
}

std::string Map::to_text() const {
    std::string t = std::to_string(cols) + " " + std::to_string(rows) + " " + std::to_string(costars) + " " +
                    std::to_string(extras) + "\n";
    for (int y = 0; y < rows; ++y) {
        for (int x = 0; x < cols; ++x) t += index(x, y) == start ? 'S' : open[index(x, y)] ? '.' : '#';
        t += '\n';
    }
    return t;
}

Map read_map(const std::string& text, const std::string& source) {
    // The same cap as the programs' map files, so that text pasted into the page gets their error.
    if (text.size() > kMaxMapFileBytes)
        throw InputError(source + ": more than " + std::to_string(kMaxMapFileBytes) + " bytes, larger than any map");
    // A UTF-8 byte order mark (Windows Notepad's "UTF-8") before the header is not a character
    // of the map: the page's file reader drops it, so the programs do too.
    const std::string_view bom = "\xEF\xBB\xBF";
    if (text.compare(0, bom.size(), bom) == 0) return read_map(text.substr(bom.size()), source);
    // Lines ended by CR alone (classic Mac OS) made the whole file one line: "got 9 tokens".
    if (text.find('\n') == std::string::npos && text.find('\r') != std::string::npos && text.find('\r') + 1 < text.size())
        throw InputError(source + " line 1: the lines end with a carriage return alone (CR); expected LF or CRLF line ends");
    LineReader in(text, source);
    if (!in.skip_blank_lines()) in.fail_at_end("expected the header line \"N M p q\", got an empty map");
    check_header_ranges(in);
    refuse_a_solution_as_header(in);
    // (Four integers in their ranges once it returns: check_header_ranges named any field out of them.)
    const auto head = in.line_of_ints("the header \"N M p q\" (columns, rows, costars, extras)", 4, LLONG_MIN, LLONG_MAX);
    Map m;
    m.cols = static_cast<int>(head[0]);
    m.rows = static_cast<int>(head[1]);
    m.costars = static_cast<int>(head[2]);
    m.extras = static_cast<int>(head[3]);
    m.open.assign(static_cast<std::size_t>(m.cols) * m.rows, 0);
    int starts = 0;
    for (int y = 0; y < m.rows; ++y) read_grid_row(in, m, y, starts);
    if (starts == 0) in.fail("the grid has no start 'S'");
    if (in.skip_blank_lines()) {
        in.next_line("");
        in.fail("unexpected text after the " + std::to_string(m.rows) + " grid rows");
    }
    if (const int cell = unreachable_open_cell(m); cell >= 0)
        throw InputError(source + ": the open cell x=" + std::to_string(m.x_of(cell)) + ",y=" + std::to_string(m.y_of(cell)) +
                         " cannot be reached from S by king moves (open cells must be connected)");
    return m;
}

}  // namespace pursuit::searchparty
