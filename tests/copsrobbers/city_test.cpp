// Map reading: every error names the line; the generators give valid maps.
#include <gtest/gtest.h>

#include "common/errors.h"
#include "copsrobbers/city.h"
#include "copsrobbers/maps.h"

using namespace pursuit;
using namespace pursuit::copsrobbers;

namespace {

std::string read_error(const std::string& text, Limits limits = Limits::relaxed()) {
    try {
        read_city(text, "m.txt", limits);
    } catch (const InputError& e) {
        return e.what();
    }
    return "";
}

const char* kExample = "7 7\n1 2\n1 3\n2 4\n3 4\n3 5\n5 6\n5 7\n";

}  // namespace

TEST(CopsRobbersCity, ReadsTheSpecExampleWithRelaxedLimits) {
    City c = read_city(kExample, "example", Limits::relaxed());
    EXPECT_EQ(c.n(), 7);
    EXPECT_EQ(c.m(), 7);
    EXPECT_TRUE(c.graph.has_edge(2, 4));   // 3-5
    EXPECT_FALSE(c.graph.has_edge(0, 3));  // 1-4
    EXPECT_EQ(format_city(c, false), kExample);
}

TEST(CopsRobbersCity, ContractLimitsRejectTheSmallExample) {
    EXPECT_EQ(read_error(kExample, Limits::contract()), "m.txt line 1: N = 7 is outside 10..200");
}

TEST(CopsRobbersCity, ErrorsNameTheLine) {
    EXPECT_EQ(read_error("3 3\n1 2\n2 2\n1 3\n"), "m.txt line 3: street 2 2 is a loop");
    EXPECT_EQ(read_error("3 3\n1 2\n2 3\n2 1\n"), "m.txt line 4: street 2 1 appears twice");
    EXPECT_NE(read_error("3 2\n1 2\n2 4\n").find("m.txt line 3:"), std::string::npos);
    EXPECT_NE(read_error("3 2\n1 2\n2 4\n").find("1..3"), std::string::npos);
    EXPECT_NE(read_error("3 2\n1 2\nx 3\n").find("m.txt line 3:"), std::string::npos);
    EXPECT_NE(read_error("3 3\n1 2\n2 3\n").find("end of input"), std::string::npos);
    EXPECT_EQ(read_error("4 2\n1 2\n3 4\n"),
              "m.txt: the city is not connected (crossing 3 cannot be reached from crossing 1)");
    EXPECT_EQ(read_error("3 2\n1 2\n2 3\nlayout\n0 0\n1 1\n"),
              "m.txt line 7: expected layout position of crossing 3, got end of input");
    EXPECT_EQ(read_error("3 2\n1 2\n2 3\nfoo\n"), "m.txt line 4: expected end of map or the line \"layout\", got 'foo'");
    EXPECT_EQ(read_error("3 2\n1 2\n2 3\nlayout\n0 0\n1 x\n2 2\n"),
              "m.txt line 6: expected \"x y\" (two numbers) for the position of crossing 2");
}

TEST(CopsRobbersCity, LayoutRoundTrips) {
    City c = read_city("3 2\n1 2\n2 3\nlayout\n0 0\n1.5 -2\n3 1\n", "m", Limits::relaxed());
    ASSERT_EQ(c.layout.size(), 3u);
    EXPECT_DOUBLE_EQ(c.layout[1].x, 1.5);
    EXPECT_DOUBLE_EQ(c.layout[1].y, -2);
    EXPECT_EQ(read_city(format_city(c, true), "again", Limits::relaxed()).layout.size(), 3u);
}

TEST(CopsRobbersCity, ContractMaximaAreEnforced) {
    std::string text = "201 200\n";
    for (int i = 1; i <= 200; ++i) text += std::to_string(i) + " " + std::to_string(i + 1) + "\n";
    EXPECT_EQ(read_error(text, Limits::contract()), "m.txt line 1: N = 201 is outside 10..200");
}

TEST(CopsRobbersMaps, SuiteMapsAreValidAndDrawable) {
    for (const auto& name : map_suite()) {
        City c = named_map(name);
        SCOPED_TRACE(name);
        EXPECT_EQ(static_cast<int>(c.layout.size()), c.n());
        if (name != "example7") {
            EXPECT_NO_THROW(read_city(format_city(c, true), name, Limits::contract()));
        }
    }
    City p = named_map("petersen");
    EXPECT_EQ(p.n(), 10);
    EXPECT_EQ(p.m(), 15);
    City d = named_map("dodecahedron");
    EXPECT_EQ(d.n(), 20);
    EXPECT_EQ(d.m(), 30);
    for (int v = 0; v < 20; ++v) EXPECT_EQ(d.graph.degree(v), 3);
    EXPECT_EQ(named_map("tree-200-s3").m(), 199);
    EXPECT_THROW(named_map("nonsense"), InputError);
    // A name of a known form with its size out of range says what the range is.
    try {
        named_map("grid-999x999");
        ADD_FAILURE() << "grid-999x999 was accepted";
    } catch (const InputError& e) {
        EXPECT_NE(std::string(e.what()).find("grid-<w>x<h> with w*h <= 200"), std::string::npos) << e.what();
    }
    EXPECT_THROW(named_map("cycle-201"), InputError);
    EXPECT_EQ(named_map("grid-10x20").n(), 200);
}

TEST(CopsRobbersMaps, TheSmallestSparseMapsAreBuilt) {
    // sparse-<n>-s<seed> takes n 2..200, but sparse-2 and sparse-3 never came back: they asked for
    // 1.4 n streets, more than the n (n - 1) / 2 pairs of crossings there are (pursuit-arena
    // --maps sparse-2-s1, which builds the map to check it, hung before any game).
    EXPECT_EQ(named_map("sparse-2-s1").m(), 1);
    EXPECT_EQ(named_map("sparse-3-s1").m(), 3);
    EXPECT_EQ(named_map("sparse-4-s1").m(), 5);  // from 4 crossings on, as before: 1.4 n
    EXPECT_EQ(named_map("sparse-20-s1").m(), 28);
}

// The lower limits of the contract (10 <= N, 10 <= M) and M's maximum 500: a 10-crossing
// path has M = 9 streets, too few; adding the closing street 10-1 makes the smallest legal
// city (N = 10, M = 10). "N M" lines with M = 501 are refused before any street is read.
TEST(CopsRobbersCity, ContractMinimaAndTheStreetMaximum) {
    std::string path = "10 9\n";
    for (int i = 1; i <= 9; ++i) path += std::to_string(i) + " " + std::to_string(i + 1) + "\n";
    EXPECT_EQ(read_error(path, Limits::contract()), "m.txt line 1: M = 9 is outside 10..500");
    std::string cycle = "10 10\n" + path.substr(path.find('\n') + 1) + "10 1\n";
    EXPECT_EQ(read_error(cycle, Limits::contract()), "");
    EXPECT_EQ(read_city(cycle, "m.txt", Limits::contract()).m(), 10);
    EXPECT_EQ(read_error("200 501\n", Limits::contract()), "m.txt line 1: M = 501 is outside 10..500");
    EXPECT_EQ(read_error("9 10\n", Limits::contract()), "m.txt line 1: N = 9 is outside 10..200");
}

// The maxima themselves are legal: N = 200 crossings with M = 500 streets - the cycle
// 1..200 (200 streets), every i joined to i+2 (200 more) and i = 1..100 to i+3 (100 more),
// taken round the cycle; all 500 are distinct and none is a loop.
TEST(CopsRobbersCity, ContractMaximaThemselvesAreAccepted) {
    auto wrap = [](int v) { return (v - 1) % 200 + 1; };
    std::string text = "200 500\n";
    for (int i = 1; i <= 200; ++i) text += std::to_string(i) + " " + std::to_string(wrap(i + 1)) + "\n";
    for (int i = 1; i <= 200; ++i) text += std::to_string(i) + " " + std::to_string(wrap(i + 2)) + "\n";
    for (int i = 1; i <= 100; ++i) text += std::to_string(i) + " " + std::to_string(wrap(i + 3)) + "\n";
    EXPECT_EQ(read_error(text, Limits::contract()), "");
    const City c = read_city(text, "m.txt", Limits::contract());
    EXPECT_EQ(c.n(), 200);
    EXPECT_EQ(c.m(), 500);
    EXPECT_EQ(c.graph.degree(0), 5);  // crossing 1: 2 and 200 (cycle), 3 and 199 (i+2), 4 (i+3)
}

// The layout section is exactly N lines of two numbers and then the end: a third number on a
// line, or text after the N lines, is an error.
TEST(CopsRobbersCity, LayoutLinesAreTwoNumbersAndNothingFollows) {
    EXPECT_EQ(read_error("3 2\n1 2\n2 3\nlayout\n0 0 0\n1 1\n2 2\n"),
              "m.txt line 5: expected \"x y\" (two numbers) for the position of crossing 1");
    EXPECT_EQ(read_error("3 2\n1 2\n2 3\nlayout\n0 0\n1 1\n2 2\nextra\n"),
              "m.txt line 8: unexpected text after the layout: 'extra'");
    EXPECT_EQ(read_error("3 2\n1 2\n2 3\nlayout\n0 0\n1 1\n2 2\n\n\nextra\n"),
              "m.txt line 10: unexpected text after the layout: 'extra'");  // the line, not the blank before
    EXPECT_EQ(read_error("3 2\n1 2\n2 3\nlayout\n0 0\n1 1\n2 2\n\n"), "");  // trailing blank lines are fine
}
