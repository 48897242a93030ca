// Tests: connect.txt reader (every check, errors naming the line), positions section,
// writer round trip, generator + validator, the London reference map.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "common/errors.h"
#include "fugitive/map.h"
#include "fugitive/map_generator.h"
#include "test_maps.h"

using namespace pursuit;
using namespace pursuit::fugitive;

namespace {

std::string error_of(const std::string& text) {
    try {
        read_map(text);
    } catch (const InputError& e) {
        return e.what();
    }
    return "";
}

std::string slurp(const std::string& path) {
    std::ifstream f(path);
    std::stringstream ss;
    ss << f.rdbuf();
    return ss.str();
}

}  // namespace

TEST(FugitiveMap, ReadsTheContractExample) {
    const Map m = read_map(fugitive_test::kExample8);
    EXPECT_EQ(m.size(), 8);
    EXPECT_EQ(m.roads().size(), 14u);
    EXPECT_TRUE(m.has_road('C', 2, 1));  // undirected
    EXPECT_TRUE(m.has_road('P', 4, 1));
    EXPECT_FALSE(m.has_road('C', 1, 4));
    EXPECT_EQ(m.neighbours(1), (std::vector<int>{2, 4, 5, 8}));
    EXPECT_EQ(m.neighbours(1, 1), (std::vector<int>{8}));  // train from 1
    EXPECT_EQ(m.distance(1, 7), 2);                        // 1 -P- 4 -C- 7
    EXPECT_FALSE(m.has_positions());
}

TEST(FugitiveMap, ToleratesBlankLinesAndSurroundingSpaceAndIgnoresTextAfterEnd) {
    const Map m = read_map("\n  5 \n\nC 1-2\n C 2-3 \nC 3-4\r\nC 4-5\nC 5-1\n\nEND\n12 34 whatever the contest put here\n");
    EXPECT_EQ(m.size(), 5);
    EXPECT_EQ(m.roads().size(), 5u);
    EXPECT_FALSE(m.has_positions());
}

TEST(FugitiveMap, EveryReaderErrorNamesTheLine) {
    using fugitive_test::ring;
    EXPECT_EQ(error_of("5\nC 1-2\nX 2-3\nEND\n"), "connect.txt line 3: unknown transport 'X' (expected C, T or P) in 'X 2-3'");
    EXPECT_EQ(error_of("5\nc 1-2\nEND\n"), "connect.txt line 2: unknown transport 'c' (expected C, T or P) in 'c 1-2'");
    EXPECT_EQ(error_of("5\nC 1-6\nEND\n"), "connect.txt line 2: city 6 out of range 1..5 in 'C 1-6'");
    EXPECT_EQ(error_of("5\nC 0-1\nEND\n"), "connect.txt line 2: city 0 out of range 1..5 in 'C 0-1'");
    EXPECT_EQ(error_of("5\nC 1-2\nT 3-3\nEND\n"), "connect.txt line 3: road 'T 3-3' is a loop (a road joins two different cities)");
    EXPECT_EQ(error_of("5\nC 1-2\nT 1-2\nC 2-1\nEND\n"),
              "connect.txt line 4: duplicate road 'C 2-1' (the same transport between the same cities twice)");
    EXPECT_EQ(error_of("5\nC 1-2\nC 2-3\n"), "connect.txt line 4: missing END after the roads");
    EXPECT_EQ(error_of("201\nEND\n"), "connect.txt line 1: n = 201 cities: at most 200 allowed");
    EXPECT_EQ(error_of("five\n"), "connect.txt line 1: expected the number of cities, got 'five'");
    EXPECT_EQ(error_of("5\nC 1 - 2\nEND\n"), "connect.txt line 2: expected a road 'C a-b', got 'C 1 - 2'");
    EXPECT_EQ(error_of("5\nC1-2\nEND\n"), "connect.txt line 2: expected a road 'C a-b' or END, got 'C1-2'");
    EXPECT_EQ(error_of("5\nC a-2\nEND\n"), "connect.txt line 2: expected a road 'C a-b', got 'C a-2' ('a' is not a city number)");
    EXPECT_EQ(error_of("5\nC 1-2\nC 2-3\nC 3-4\nC 4-5\nEND\n"),
              "connect.txt line 6 (END): city 1 has 1 car road(s); every city needs at least two");
    // Two car triangles 1-2-3 and 4-5-6 joined only by train: car graph disconnected.
    EXPECT_EQ(error_of("6\nC 1-2\nC 2-3\nC 3-1\nC 4-5\nC 5-6\nC 6-4\nT 3-4\nEND\n"),
              "connect.txt line 9 (END): the car graph is not connected: city 4 cannot be reached from city 1 by car");
    EXPECT_EQ(error_of(""), "connect.txt line 1: expected the number of cities, got an empty file");
    // Bytes that are not printable ASCII are shown as \xNN, as every other reader does (they were '?').
    EXPECT_EQ(error_of("\x01\x02\xff\n"), "connect.txt line 1: expected the number of cities, got '\\x01\\x02\\xff'");
    EXPECT_EQ(error_of("5\nC 1-\xc3\xa9\nEND\n"), "connect.txt line 2: expected a road 'C a-b', got 'C 1-\\xc3\\xa9' ('\\xc3\\xa9' is not a city number)");
    EXPECT_EQ(error_of(ring(5)), "");
}

// n exactly at the limit: 200 cities read, and a road to city 200 is in range; city 201
// is not. A map of fewer than 5 cities cannot hold four Detectives and the Fugitive apart.
TEST(FugitiveMap, TwoHundredCitiesIsTheLargestMap) {
    const Map m = read_map(fugitive_test::ring(200));
    EXPECT_EQ(m.size(), 200);
    EXPECT_TRUE(m.has_road('C', 200, 1));
    std::string text = fugitive_test::ring(200);
    text.insert(text.find("END"), "C 1-201\n");
    EXPECT_EQ(error_of(text), "connect.txt line 202: city 201 out of range 1..200 in 'C 1-201'");
    EXPECT_NE(error_of(fugitive_test::ring(4)).find("at least 5 needed"), std::string::npos);
}

TEST(FugitiveMap, PositionsSectionRoundTripsAndIsChecked) {
    Map m = read_map(fugitive_test::ring(5) + "POSITIONS\n1 0 0\n2 10 0\n3 10.5 10\n4 5 15\n5 -1 10\n");
    ASSERT_TRUE(m.has_positions());
    EXPECT_DOUBLE_EQ(m.positions()[3].x, 10.5);
    const Map again = read_map(map_text(m));
    EXPECT_EQ(map_text(again), map_text(m));
    EXPECT_EQ(error_of(fugitive_test::ring(5) + "POSITIONS\n1 0 0\n1 1 1\n"), "connect.txt line 10: POSITIONS: city 1 has a second position");
    EXPECT_EQ(error_of(fugitive_test::ring(5) + "POSITIONS\n1 0 zero\n"), "connect.txt line 9: POSITIONS: expected two numbers after city 1, got '1 0 zero'");
    EXPECT_NE(error_of(fugitive_test::ring(5) + "POSITIONS\n1 0 0\n").find("expected 5 lines 'city x y', got 1"), std::string::npos);
}

TEST(FugitiveMap, LondonReferenceMapReadsAndValidates) {
    const std::string text = slurp(std::string(PURSUIT_SHARED_DIR) + "/ref/fugitive/london_connect.txt");
    ASSERT_FALSE(text.empty());
    const Map m = read_map(text);
    EXPECT_EQ(m.size(), 199);
    const Validation v = validate_map(m);
    EXPECT_TRUE(v.ok()) << (v.problems.empty() ? "" : v.problems[0]);
    EXPECT_EQ(v.notes.size(), 1u);  // no positions: Euler bound only
}

TEST(FugitiveMap, ValidatorFindsCrossingsAndNestingViolations) {
    // Square 1(0,0) 2(10,0) 3(10,10) 4(0,10) + car diagonals 1-3 and 2-4 cross.
    Map m = read_map("5\nC 1-2\nC 2-3\nC 3-4\nC 4-1\nC 1-3\nC 2-4\nC 5-1\nC 5-2\nP 1-2\nEND\nPOSITIONS\n1 0 0\n2 10 0\n3 10 10\n4 0 10\n5 5 -10\n");
    const Validation v = validate_map(m);
    ASSERT_EQ(v.problems.size(), 3u);
    EXPECT_EQ(v.problems[0], "city 1 has an airport but no train station (plane cities must be train cities)");
    EXPECT_EQ(v.problems[2], "C roads 1-3 and 2-4 cross (not planar as drawn)");
}

TEST(FugitiveMap, GeneratedMapsAreValidDeterministicAndSized) {
    for (int n : {8, 40, 120, 200}) {
        MapParams p;
        p.cities = n;
        p.seed = 7;
        const Map a = generate_map(p);
        EXPECT_EQ(a.size(), n);
        EXPECT_TRUE(validate_map(a).ok());
        EXPECT_EQ(map_text(a), map_text(generate_map(p)));  // same seed, same map
        EXPECT_NO_THROW(read_map(map_text(a)));
        int plane = 0, train = 0;
        for (const Road& r : a.roads()) plane += r.transport == 'P', train += r.transport == 'T';
        if (n >= 40) {
            EXPECT_GT(train, n / 5);
            EXPECT_GE(plane, 2);
        }
    }
    MapParams bad;
    bad.cities = 201;
    EXPECT_THROW(generate_map(bad), InputError);
}

TEST(FugitiveMap, LayoutForPlainMapsIsInsideTheBoxAndDeterministic) {
    const Map m = read_map(fugitive_test::kExample8);
    const auto a = compute_layout(m), b = compute_layout(m);
    for (int v = 1; v <= 8; ++v) {
        EXPECT_GE(a[v].x, 0);
        EXPECT_LE(a[v].x, 1000);
        EXPECT_DOUBLE_EQ(a[v].y, b[v].y);
    }
}

// "Every city has at least two car roads": a train road is not a car road. Ring 1-2-3-4-5 by
// car but with 5-1 by train: cities 1 and 5 have one car road each (the car graph is a path,
// still connected), so the first of them, city 1, is named.
TEST(FugitiveMap, ATrainRoadDoesNotCountAsACarRoad) {
    EXPECT_EQ(error_of("5\nC 1-2\nC 2-3\nC 3-4\nC 4-5\nT 5-1\nEND\n"),
              "connect.txt line 7 (END): city 1 has 1 car road(s); every city needs at least two");
}
