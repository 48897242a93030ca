#include <gtest/gtest.h>

#include <climits>

#include "common/counted.h"
#include "common/errors.h"
#include "../common/thrown_text.h"
#include "common/line_reader.h"

using namespace pursuit;

namespace {
std::string error_of(const std::function<void()>& call) { return test::thrown_text<InputError>(call); }
}  // namespace

TEST(LineReader, TokensAcrossLinesAndCrlf) {
    LineReader in("3 4\r\n\n  5\n", "map.txt");
    EXPECT_EQ(in.next_int("a", 0, 9), 3);
    EXPECT_EQ(in.next_int("b", 0, 9), 4);
    EXPECT_EQ(in.next_int("c", 0, 9), 5);
    EXPECT_EQ(in.line_number(), 3);
}

TEST(LineReader, ErrorsNameSourceLineAndExpectation) {
    EXPECT_EQ(error_of([] { LineReader in("1\nx\n", "map.txt"); in.next_int("n", 0, 5); in.next_int("city", 1, 8); }),
              "map.txt line 2: expected city (an integer), got 'x'");
    EXPECT_EQ(error_of([] { LineReader in("9\n", "map.txt"); in.next_int("n", 0, 5); }),
              "map.txt line 1: expected n in 0..5, got 9");
    EXPECT_EQ(error_of([] { LineReader in("", "map.txt"); in.next_line("the header"); }),
              "map.txt line 1: expected the header, got end of input");
    EXPECT_EQ(error_of([] { LineReader in("1 2 3\n", "in"); in.line_of_ints("a pair", 2, 0, 9); }),
              "in line 1: expected a pair (2 integers), got 3 tokens");
    // One token was "1 tokens"; a blank line "0 tokens".
    EXPECT_EQ(error_of([] { LineReader in("7\n", "in"); in.line_of_ints("a pair", 2, 0, 9); }),
              "in line 1: expected a pair (2 integers), got 1 token");
    EXPECT_EQ(error_of([] { LineReader in(" \n", "in"); in.line_of_ints("a pair", 2, 0, 9); }),
              "in line 1: expected a pair (2 integers), got an empty line");
}

TEST(LineReader, ParseIntIsStrict) {
    long long v;
    EXPECT_TRUE(parse_int("-12", v));
    EXPECT_EQ(v, -12);
    EXPECT_FALSE(parse_int("12a", v));
    EXPECT_FALSE(parse_int("", v));
    EXPECT_FALSE(parse_int("-", v));
    EXPECT_FALSE(parse_int("99999999999999999999", v));
    EXPECT_FALSE(parse_int("+", v));
    EXPECT_FALSE(parse_int("--1", v));
    EXPECT_FALSE(parse_int(" 5", v));
    EXPECT_FALSE(parse_int("0x10", v));
}

// The whole range of long long, not only 18 characters: 19-digit seeds were refused while the
// message offered 0..4611686018427387904.
TEST(LineReader, ParseIntTakesTheWholeRangeAndNoMore) {
    long long v = 0;
    EXPECT_TRUE(parse_int("4611686018427387904", v));
    EXPECT_EQ(v, 1LL << 62);
    EXPECT_TRUE(parse_int("9223372036854775807", v));
    EXPECT_EQ(v, LLONG_MAX);
    EXPECT_TRUE(parse_int("-9223372036854775808", v));
    EXPECT_EQ(v, LLONG_MIN);
    EXPECT_TRUE(parse_int("+0000000000000000000000042", v));
    EXPECT_EQ(v, 42);
    EXPECT_TRUE(parse_int("-0", v));
    EXPECT_EQ(v, 0);
    EXPECT_FALSE(parse_int("9223372036854775808", v));
    EXPECT_FALSE(parse_int("-9223372036854775809", v));
    EXPECT_FALSE(parse_int("18446744073709551616", v));
}

// counted() is every message's count with its noun: one is singular, zero and many plural.
TEST(Counted, SingularForOneAndPluralOtherwise) {
    EXPECT_EQ(counted(1, "case", "cases"), "1 case");
    EXPECT_EQ(counted(0, "case", "cases"), "0 cases");
    EXPECT_EQ(counted(2, "reply", "replies"), "2 replies");
    EXPECT_EQ(counted(1, "open cell is", "open cells are"), "1 open cell is");
}

// Lines come without their '\r' (line_reader.h: "current line (without '\n' / '\r')"): a map
// saved on Windows must read as the same lines.
TEST(LineReader, LinesComeWithoutCarriageReturns) {
    LineReader in("N 3\r\nrow\r\n", "map.txt");
    EXPECT_EQ(in.peek_line(), "N 3");
    EXPECT_EQ(in.next_line("the header"), "N 3");
    EXPECT_EQ(in.next_line("a row"), "row");
    EXPECT_TRUE(in.at_end());
}

// The line number is the last line read: skipping blank lines looks ahead without counting the
// line it stops before, so the error about that line names it, not the one after.
TEST(LineReader, SkippingBlankLinesKeepsTheLineNumberRight) {
    LineReader in("\n  \n7 x\n", "case.txt");
    ASSERT_TRUE(in.skip_blank_lines());
    EXPECT_EQ(in.line_number(), 2);
    EXPECT_EQ(in.peek_line(), "7 x");
    EXPECT_EQ(error_of([&] { in.line_of_ints("a pair", 2, 0, 9); }), "case.txt line 3: expected a pair, got 'x'");
}

// An empty input is reported at line 1 by every reading call, not at "line 0".
TEST(LineReader, EmptyInputIsReportedAtLineOne) {
    EXPECT_EQ(error_of([] { LineReader in("", "in"); in.next_token("the count"); }),
              "in line 1: expected the count, got end of input");
    EXPECT_EQ(error_of([] { LineReader in("", "in"); in.next_int("the count", 0, 9); }),
              "in line 1: expected the count, got end of input");
    // After the last line: the line past it.
    EXPECT_EQ(error_of([] { LineReader in("1\n2\n", "in"); in.next_line("a"); in.next_line("b"); in.next_line("c"); }),
              "in line 3: expected c, got end of input");
}

// Bounds are inclusive at both ends, by token and by line.
TEST(LineReader, RangesIncludeBothEnds) {
    LineReader in("0 9\n-3 3\n", "in");
    EXPECT_EQ(in.next_int("lo", 0, 9), 0);
    EXPECT_EQ(in.next_int("hi", 0, 9), 9);
    EXPECT_EQ(in.line_of_ints("a pair", 2, -3, 3), (std::vector<long long>{-3, 3}));
    EXPECT_EQ(error_of([] { LineReader r("4 0\n", "in"); r.line_of_ints("a pair", 2, -3, 3); }), "in line 1: a pair: 4 is outside -3..3");
}

// line_of_ints reads whole blank-separated integer tokens only: "3-4" is one token, not 3 and -4,
// and a digit run past long long is refused, not wrapped into the range.
TEST(LineReader, LineOfIntsTakesOnlyWholeIntegerTokens) {
    EXPECT_EQ(error_of([] { LineReader in("3-4\n", "in"); in.line_of_ints("a pair", 2, -9, 9); }),
              "in line 1: expected a pair (2 integers), got 1 token");
    EXPECT_EQ(error_of([] { LineReader in("99999999999999999999\n", "in"); in.line_of_ints("a seed", 1, LLONG_MIN, LLONG_MAX); }),
              "in line 1: expected a seed, got '99999999999999999999'");
    EXPECT_EQ(error_of([] { LineReader in("1 2 3\n", "in"); in.line_of_ints("a pair", 2, 0, 9); }),
              "in line 1: expected a pair (2 integers), got 3 tokens");
    LineReader ok("123456789012345 -7\t\n", "in");
    EXPECT_EQ(ok.line_of_ints("a pair", 2, -1000000000000000LL, 1000000000000000LL), (std::vector<long long>{123456789012345LL, -7}));
}

// The text check of program output lines (line_reader.h): UTF-8 without control bytes other
// than tab; overlong forms, surrogates and code points past U+10FFFF are not text.
TEST(TextCheck, FirstNonTextByteFollowsTheUtf8Rules) {
    constexpr auto npos = std::string_view::npos;
    EXPECT_EQ(first_non_text_byte("plain\ttext"), npos);
    EXPECT_EQ(first_non_text_byte("caf\xc3\xa9"), npos);          // a 2-byte character that ends the line
    EXPECT_EQ(first_non_text_byte("\xe2\x82\xac"), npos);         // U+20AC, 3 bytes, the whole line
    EXPECT_EQ(first_non_text_byte("x\xf0\x9f\x98\x80"), npos);    // U+1F600, 4 bytes at the end
    EXPECT_EQ(first_non_text_byte("\xed\x9f\xbf"), npos);         // U+D7FF, the last before the surrogates
    EXPECT_EQ(first_non_text_byte("ab\x7f"), 2u);                 // DEL is a control byte
    EXPECT_EQ(first_non_text_byte(std::string_view("a\0b", 3)), 1u);
    EXPECT_EQ(first_non_text_byte("ok\r"), 2u);
    EXPECT_EQ(first_non_text_byte("caf\xc3"), 3u);                // cut short
    EXPECT_EQ(first_non_text_byte("\xc0\xaf"), 0u);               // overlong '/'
    EXPECT_EQ(first_non_text_byte("\xe0\x80\xaf"), 0u);           // overlong '/', 3 bytes
    EXPECT_EQ(first_non_text_byte("-\xed\xa0\x80"), 1u);          // U+D800, a surrogate
    EXPECT_EQ(first_non_text_byte("\xf4\x90\x80\x80"), 0u);       // U+110000
    EXPECT_EQ(non_text_detail(std::string_view("ab\0", 3)), "byte 0x00 at column 3");
    EXPECT_EQ(non_text_detail("\xff"), "byte 0xff at column 1");
    EXPECT_EQ(non_text_detail("fine"), "");
}

// Excerpts for messages (line_reader.h): at most max_bytes, then "..."; control and non-ASCII
// bytes as \xNN, tab as \t, backslash doubled; in double quotes a quote as \".
TEST(TextCheck, ExcerptsEscapeAndCutAsDocumented) {
    EXPECT_EQ(escaped_excerpt(std::string(40, 'a')), std::string(40, 'a'));  // exactly the limit: whole
    EXPECT_EQ(escaped_excerpt(std::string(41, 'a')), std::string(40, 'a') + "...");
    EXPECT_EQ(escaped_excerpt("a\tb\\c\x7f\x01"), "a\\tb\\\\c\\x7f\\x01");
    EXPECT_EQ(quoted_excerpt("x9"), "'x9'");
    EXPECT_EQ(quoted_excerpt("\x01\x02\x03", 2), "'\\x01\\x02...'");
    EXPECT_EQ(double_quoted_excerpt("@6 \xc3\"\\."), "\"@6 \\xc3\\\"\\\\.\"");
}
