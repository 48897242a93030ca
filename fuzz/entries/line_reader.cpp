// Owns: the "line_reader" entry: LineReader driven by 8 op bytes over fuzzed text, plus the
// properties of split_tokens and parse_int (checked against an independent reading).
#include <cctype>
#include <climits>

#include "common/errors.h"
#include "common/line_reader.h"
#include "entries.h"

namespace pursuit::fuzz {
namespace {

constexpr std::size_t kOps = 8;
constexpr long long kBounds[] = {LLONG_MIN, -1000, -1, 0, 1, 31, 1000000, LLONG_MAX};

void check_split_and_parse(std::string_view text) {
    std::string non_space;
    for (char c : text)
        if (!std::isspace(static_cast<unsigned char>(c))) non_space += c;
    std::string joined;
    for (const auto& t : split_tokens(text)) {
        if (t.empty()) finding("split_tokens", "empty token");
        for (char c : t)
            if (std::isspace(static_cast<unsigned char>(c))) finding("split_tokens", "token with a blank");
        joined += t;
        long long v = 0;
        const bool ok = parse_int(t, v);
        // Independent reading: optional sign then 1..17 digits (parse_int caps at 18 chars).
        std::size_t i = (t[0] == '-' || t[0] == '+') ? 1 : 0;
        bool digits = i < t.size() && t.size() <= 18;
        long long ref = 0;
        for (std::size_t k = i; digits && k < t.size(); ++k) {
            if (t[k] < '0' || t[k] > '9') digits = false;
            else ref = ref * 10 + (t[k] - '0');
        }
        if (t[0] == '-') ref = -ref;
        if (ok != digits || (ok && v != ref)) finding("parse_int", "disagrees on '" + t.substr(0, 30) + "'");
    }
    if (joined != non_space) finding("split_tokens", "tokens do not cover the non-blank text");
}

}  // namespace

int fuzz_line_reader(const std::uint8_t* data, std::size_t size) {
    if (size < kOps) return 0;
    const std::string text(reinterpret_cast<const char*>(data + kOps), size - kOps);
    if (text.size() < 4096) check_split_and_parse(text);
    LineReader in(text, "fuzz");
    try {
        for (int step = 0; step < 64; ++step) {
            const std::uint8_t op = data[step % kOps];
            const long long lo = kBounds[(op >> 3) & 7], hi = kBounds[(op >> 5) & 7];
            const int before = in.line_number();
            switch (op & 7) {
                case 0: (void)in.next_token("a token"); break;
                case 1: {
                    const long long v = in.next_int("a number", lo, hi);
                    if (v < lo || v > hi) finding("LineReader::next_int", "value outside its bounds");
                    break;
                }
                case 2: {
                    const std::size_t count = (op >> 3) % 5;
                    const auto v = in.line_of_ints("numbers", count, lo, hi);
                    if (v.size() != count) finding("LineReader::line_of_ints", "wrong count");
                    for (long long x : v)
                        if (x < lo || x > hi) finding("LineReader::line_of_ints", "value outside its bounds");
                    break;
                }
                case 3: (void)in.peek_line(); break;
                case 4: (void)in.skip_blank_lines(); break;
                case 5: (void)in.next_line("a line"); break;
                case 6: (void)in.at_end(); break;
                default:
                    if (in.at_end()) return 0;
                    break;
            }
            if (in.line_number() < before) finding("LineReader", "line number went backwards");
        }
    } catch (const InputError& e) {
        const std::string m = e.what();
        if (m.rfind("fuzz line ", 0) != 0) finding("LineReader", "error without source and line: " + m);
    }
    return 0;
}

}  // namespace pursuit::fuzz
