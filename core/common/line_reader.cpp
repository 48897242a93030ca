// Owns: LineReader and token helpers (see header).
#include "common/line_reader.h"

#include <cctype>

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

bool parse_int(std::string_view t, long long& out) {
    if (t.empty() || t.size() > 18) return false;
    std::size_t i = 0;
    bool neg = false;
    if (t[0] == '-' || t[0] == '+') {
        neg = t[0] == '-';
        i = 1;
        if (t.size() == 1) return false;
    }
    long long v = 0;
    for (; i < t.size(); ++i) {
        if (t[i] < '0' || t[i] > '9') return false;
        v = v * 10 + (t[i] - '0');
    }
    out = neg ? -v : v;
    return true;
}

namespace {
std::string shown(const std::string& token) {
    std::string s;
    for (unsigned char c : token.substr(0, 40))
        s += (c >= 32 && c < 127) ? static_cast<char>(c) : '?';
    if (token.size() > 40) s += "...";
    return "'" + s + "'";
}
}  // namespace

LineReader::LineReader(std::string text, std::string source) : source_(std::move(source)) {
    std::size_t start = 0;
    while (start < text.size()) {
        std::size_t end = text.find('\n', start);
        if (end == std::string::npos) end = text.size();
        std::string line = text.substr(start, end - start);
        if (!line.empty() && line.back() == '\r') line.pop_back();
        lines_.push_back(std::move(line));
        start = end + 1;
    }
}

bool LineReader::at_end() const { return next_ >= lines_.size() && pending_pos_ >= pending_.size(); }

bool LineReader::skip_blank_lines() {
    while (next_ < lines_.size() && split_tokens(lines_[next_]).empty()) {
        ++next_;
        line_no_ = static_cast<int>(next_);
    }
    return next_ < lines_.size();
}

const std::string& LineReader::peek_line() {
    static const std::string empty;
    return next_ < lines_.size() ? lines_[next_] : empty;
}

std::string LineReader::next_line(const std::string& what) {
    pending_.clear();
    pending_pos_ = 0;
    if (next_ >= lines_.size()) {
        line_no_ = static_cast<int>(lines_.size()) + 1;
        fail("expected " + what + ", got end of input");
    }
    line_no_ = static_cast<int>(++next_);
    return lines_[next_ - 1];
}

std::string LineReader::next_token(const std::string& what) {
    while (pending_pos_ >= pending_.size()) {
        if (next_ >= lines_.size()) {
            line_no_ = static_cast<int>(lines_.size()) + (lines_.empty() ? 1 : 0);
            fail("expected " + what + ", got end of input");
        }
        pending_ = split_tokens(lines_[next_]);
        pending_pos_ = 0;
        line_no_ = static_cast<int>(++next_);
    }
    return pending_[pending_pos_++];
}

long long LineReader::next_int(const std::string& what, long long lo, long long hi) {
    std::string t = next_token(what);
    long long v;
    if (!parse_int(t, v)) fail("expected " + what + " (an integer), got " + shown(t));
    if (v < lo || v > hi)
        fail("expected " + what + " in " + std::to_string(lo) + ".." + std::to_string(hi) +
             ", got " + std::to_string(v));
    return v;
}

std::vector<long long> LineReader::line_of_ints(const std::string& what, std::size_t count,
                                                long long lo, long long hi) {
    auto tokens = split_tokens(next_line(what));
    if (tokens.size() != count)
        fail("expected " + what + " (" + std::to_string(count) + " integers), got " +
             std::to_string(tokens.size()) + " tokens");
    std::vector<long long> out;
    for (const auto& t : tokens) {
        long long v;
        if (!parse_int(t, v)) fail("expected " + what + ", got " + shown(t));
        if (v < lo || v > hi)
            fail(what + ": " + std::to_string(v) + " is outside " + std::to_string(lo) + ".." +
                 std::to_string(hi));
        out.push_back(v);
    }
    return out;
}

void LineReader::fail_at_end(const std::string& message) {
    line_no_ = static_cast<int>(lines_.size()) + 1;
    fail(message);
}

void LineReader::fail(const std::string& message) const {
    throw InputError(source_ + " line " + std::to_string(line_no_) + ": " + message);
}

}  // namespace pursuit
