#include <gtest/gtest.h>

#include <climits>

#include "common/counted.h"
#include "common/errors.h"
#include "common/line_reader.h"

using namespace pursuit;

namespace {
std::string error_of(const std::function<void()>& f) {
    try {
        f();
    } catch (const InputError& e) {
        return e.what();
    }
    return "(no error)";
}
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
