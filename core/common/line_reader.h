// Owns: strict, token-based reading of line-oriented text (maps, cases, protocol lines), and
// the check that a line is text (what every judge requires of a program's output line).
// Every error names the source, the line number and what was expected, e.g.
//   "connect.txt line 7: expected a city number 1..8, got 'x9'".
#pragma once
#include <string>
#include <string_view>
#include <vector>

namespace pursuit {

std::vector<std::string> split_tokens(std::string_view line);
// Parses a whole token as a base-10 int (optional leading '-'); false on anything else.
bool parse_int(std::string_view token, long long& out);
// Untrusted text as it may appear in a message: at most `max_bytes` bytes (then "..."), control
// and non-ASCII bytes as \xNN, tab as \t, backslash as \\ (a 10 MB line or a binary file must
// not reach the terminal raw and whole).
std::string escaped_excerpt(std::string_view s, std::size_t max_bytes = 40);
// The same in single quotes, as messages show a token or line: 'x9', '\x01\x02...'.
std::string quoted_excerpt(std::string_view s, std::size_t max_bytes = 40);
// The same in double quotes, a double quote inside as \" (a garbage line "@6 \xc3"\\." read as
// two quoted pieces): "@6 \xc3\"\\.".
std::string double_quoted_excerpt(std::string_view s, std::size_t max_bytes = 40);

// The line check every judge applies to a program's output line (process_runner.h's framing),
// here so that a checker of saved output refuses the same lines: a line is text only if it is
// valid UTF-8 without control bytes other than tab (so it can go into JSON results and replays
// as it is); overlong forms, surrogates and code points past U+10FFFF are not text either.
// Index of the first byte that makes `s` not text; npos when it is.
std::size_t first_non_text_byte(std::string_view s);
// "" when `s` is text, else what is wrong: "byte 0x00 at column 3".
std::string non_text_detail(std::string_view s);

class LineReader {
public:
    // `text` is the whole input; `source` names it in errors ("input", "map1.txt", ...).
    LineReader(std::string text, std::string source);

    bool at_end() const;                // no more lines at all
    bool skip_blank_lines();            // advances past blank lines; false if at end
    const std::string& peek_line();     // current line (without '\n' / '\r'); "" at end
    std::string next_line(const std::string& what);  // throws at end: "expected <what>"
    int line_number() const { return line_no_; }  // 1-based number of the last line read
    const std::string& source() const { return source_; }

    // Reads the next token, skipping whitespace and line breaks (token stream view).
    std::string next_token(const std::string& what);
    long long next_int(const std::string& what, long long lo, long long hi);
    // Reads a line and requires exactly `count` integer tokens in [lo, hi].
    std::vector<long long> line_of_ints(const std::string& what, std::size_t count, long long lo,
                                        long long hi);

    [[noreturn]] void fail(const std::string& message) const;  // "<source> line N: message"
    // Like fail, but points just past the last line (for "got end of input" errors).
    [[noreturn]] void fail_at_end(const std::string& message);

private:
    // Lines are found lazily in `text_` (no per-line copies: judges read large inputs
    // under tight memory limits).
    bool has_next_line() const { return pos_ < text_.size(); }
    std::string_view take_line();  // the next line without '\n'/'\r'; advances
    std::string text_;
    std::string source_;
    std::size_t pos_ = 0;  // offset of the next unread line
    int line_no_ = 0;
    std::string current_;
    // token-stream state: remaining tokens of the current line
    std::vector<std::string> pending_;
    std::size_t pending_pos_ = 0;
};

}  // namespace pursuit
