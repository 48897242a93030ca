// Owns: LineReader and token helpers (see header).
#include "common/line_reader.h"

#include <cctype>
#include <charconv>
#include <climits>

#include "common/counted.h"
#include "common/errors.h"

namespace pursuit {

std::vector<std::string> split_tokens(std::string_view line) {
    std::vector<std::string> out;
    std::size_t i = 0;
    while (i < line.size()) {
        while (i < line.size() && std::isspace(static_cast<unsigned char>(line[i]))) ++i;
        std::size_t j = i;
        while (j < line.size() && !std::isspace(static_cast<unsigned char>(line[j]))) ++j;
        if (j > i) out.emplace_back(line.substr(i, j - i));
        i = j;
    }
    return out;
}

// Digits with an optional sign, the whole range of long long (a seed of 19 digits is fine;
// one past the range is refused, not wrapped).
bool parse_int(std::string_view t, long long& out) {
    const bool neg = !t.empty() && t[0] == '-';
    if (!t.empty() && (t[0] == '-' || t[0] == '+')) t.remove_prefix(1);
    if (t.empty()) return false;
    for (char c : t)
        if (c < '0' || c > '9') return false;
    unsigned long long magnitude = 0;
    const auto [end, err] = std::from_chars(t.data(), t.data() + t.size(), magnitude);
    const unsigned long long limit = static_cast<unsigned long long>(LLONG_MAX) + (neg ? 1 : 0);
    if (err != std::errc() || end != t.data() + t.size() || magnitude > limit) return false;
    out = neg ? (magnitude == 0 ? 0 : -static_cast<long long>(magnitude - 1) - 1) : static_cast<long long>(magnitude);
    return true;
}

namespace {
// Reads exactly `count` non-negative-or-negative integers in [lo, hi] separated by blanks,
// without allocating; false on anything unusual (the caller then reports precisely).
bool parse_ints_fast(std::string_view line, std::size_t count, long long lo, long long hi, std::vector<long long>& out) {
    std::size_t i = 0;
    auto blank = [](char c) { return c == ' ' || c == '\t'; };
    for (std::size_t k = 0; k < count; ++k) {
        while (i < line.size() && blank(line[i])) ++i;
        bool neg = i < line.size() && line[i] == '-';
        if (neg) ++i;
        std::size_t start = i;
        long long v = 0;
        while (i < line.size() && line[i] >= '0' && line[i] <= '9' && i - start < 12) v = v * 10 + (line[i++] - '0');
        if (i == start || (i < line.size() && !blank(line[i]))) return false;
        v = neg ? -v : v;
        if (v < lo || v > hi) return false;
        out.push_back(v);
    }
    while (i < line.size() && blank(line[i])) ++i;
    return i == line.size();
}

}  // namespace

std::string escaped_excerpt(std::string_view s, std::size_t max_bytes) {
    static const char* hex = "0123456789abcdef";
    std::string out;
    for (std::size_t i = 0; i < s.size() && i < max_bytes; ++i) {
        const unsigned char c = static_cast<unsigned char>(s[i]);
        if (c == '\t') out += "\\t";
        else if (c == '\\') out += "\\\\";
        else if (c < 0x20 || c >= 0x7f) out += std::string("\\x") + hex[c >> 4] + hex[c & 15];
        else out += static_cast<char>(c);
    }
    if (s.size() > max_bytes) out += "...";
    return out;
}

std::string quoted_excerpt(std::string_view s, std::size_t max_bytes) { return "'" + escaped_excerpt(s, max_bytes) + "'"; }

std::string double_quoted_excerpt(std::string_view s, std::size_t max_bytes) {
    std::string out = "\"";
    for (const char c : escaped_excerpt(s, max_bytes)) {  // (its only quotes are the text's own)
        if (c == '"') out += '\\';
        out += c;
    }
    return out + "\"";
}

std::size_t first_non_text_byte(std::string_view s) {
    for (std::size_t i = 0; i < s.size();) {
        const unsigned char c = static_cast<unsigned char>(s[i]);
        if (c < 0x80) {
            if ((c < 0x20 && c != '\t') || c == 0x7f) return i;
            ++i;
            continue;
        }
        const std::size_t len = (c & 0xe0) == 0xc0 ? 2 : (c & 0xf0) == 0xe0 ? 3 : (c & 0xf8) == 0xf0 ? 4 : 0;
        if (len == 0 || c == 0xc0 || c == 0xc1 || c > 0xf4 || i + len > s.size()) return i;
        for (std::size_t k = 1; k < len; ++k)
            if ((static_cast<unsigned char>(s[i + k]) & 0xc0) != 0x80) return i;
        // The second byte's range rules out overlong forms (E0, F0), UTF-16 surrogates (ED)
        // and code points past U+10FFFF (F4): JSON writers refuse all of them.
        const unsigned char c1 = static_cast<unsigned char>(s[i + 1]);
        if ((c == 0xe0 && c1 < 0xa0) || (c == 0xed && c1 > 0x9f) || (c == 0xf0 && c1 < 0x90) || (c == 0xf4 && c1 > 0x8f))
            return i;
        i += len;
    }
    return std::string_view::npos;
}

std::string non_text_detail(std::string_view s) {
    const std::size_t bad = first_non_text_byte(s);
    if (bad == std::string_view::npos) return "";
    static const char* hex = "0123456789abcdef";
    const unsigned char c = static_cast<unsigned char>(s[bad]);
    return std::string("byte 0x") + hex[c >> 4] + hex[c & 15] + " at column " + std::to_string(bad + 1);
}

LineReader::LineReader(std::string text, std::string source) : text_(std::move(text)), source_(std::move(source)) {}

std::string_view LineReader::take_line() {
    std::size_t end = text_.find('\n', pos_);
    if (end == std::string::npos) end = text_.size();
    std::string_view line(text_.data() + pos_, end - pos_);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    pos_ = end + 1;
    ++line_no_;
    return line;
}

bool LineReader::at_end() const { return !has_next_line() && pending_pos_ >= pending_.size(); }

bool LineReader::skip_blank_lines() {
    while (has_next_line()) {
        const std::size_t save = pos_;
        const int save_no = line_no_;
        if (!split_tokens(take_line()).empty()) {
            pos_ = save;
            line_no_ = save_no;
            return true;
        }
    }
    return false;
}

const std::string& LineReader::peek_line() {
    const std::size_t save = pos_;
    const int save_no = line_no_;
    current_ = has_next_line() ? std::string(take_line()) : std::string();
    pos_ = save;
    line_no_ = save_no;
    return current_;
}

std::string LineReader::next_line(const std::string& what) {
    pending_.clear();
    pending_pos_ = 0;
    if (!has_next_line()) fail_at_end("expected " + what + ", got end of input");
    return std::string(take_line());
}

std::string LineReader::next_token(const std::string& what) {
    while (pending_pos_ >= pending_.size()) {
        if (!has_next_line()) {
            if (line_no_ == 0) line_no_ = 1;  // empty input: point at line 1
            fail("expected " + what + ", got end of input");
        }
        pending_ = split_tokens(take_line());
        pending_pos_ = 0;
    }
    return pending_[pending_pos_++];
}

long long LineReader::next_int(const std::string& what, long long lo, long long hi) {
    std::string t = next_token(what);
    long long v;
    if (!parse_int(t, v)) fail("expected " + what + " (an integer), got " + quoted_excerpt(t));
    if (v < lo || v > hi)
        fail("expected " + what + " in " + std::to_string(lo) + ".." + std::to_string(hi) +
             ", got " + std::to_string(v));
    return v;
}

std::vector<long long> LineReader::line_of_ints(const std::string& what, std::size_t count,
                                                long long lo, long long hi) {
    const std::string line = next_line(what);
    std::vector<long long> out;
    out.reserve(count);
    if (parse_ints_fast(line, count, lo, hi, out)) return out;  // the common, well-formed case
    out.clear();
    auto tokens = split_tokens(line);
    if (tokens.size() != count)
        fail("expected " + what + " (" + std::to_string(count) + " integers), got " +
             (tokens.empty() ? std::string("an empty line") : counted(tokens.size(), "token", "tokens")));
    for (const auto& t : tokens) {
        long long v;
        if (!parse_int(t, v)) fail("expected " + what + ", got " + quoted_excerpt(t));
        if (v < lo || v > hi)
            fail(what + ": " + std::to_string(v) + " is outside " + std::to_string(lo) + ".." +
                 std::to_string(hi));
        out.push_back(v);
    }
    return out;
}

void LineReader::fail_at_end(const std::string& message) {
    // Points just past the last line: count the lines of the text once.
    int lines = 0;
    for (std::size_t p = 0; p < text_.size(); ++lines) {
        std::size_t e = text_.find('\n', p);
        p = e == std::string::npos ? text_.size() : e + 1;
    }
    line_no_ = lines + 1;
    fail(message);
}

void LineReader::fail(const std::string& message) const {
    throw InputError(source_ + " line " + std::to_string(line_no_) + ": " + message);
}

}  // namespace pursuit
