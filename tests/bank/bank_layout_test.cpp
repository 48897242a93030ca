// The layout files: the spec's building read from maps/bank/bank.txt, a second building,
// and layout errors that name the line and the problem.
#include <gtest/gtest.h>

#include "bank_test_util.h"
#include "bank/layout.h"
#include "common/errors.h"

using namespace pursuit;
using namespace pursuit::bank;
using bank_test::map_text;

namespace {
std::string layout_error(const std::string& text) {
    return bank_test::error_of([&] { Layout::parse(text, "t.txt"); });
}
const char* kTiny =
    "columns ABCDE\n"
    "guards AA AB AC AD\n"
    "map\n"
    "E L.S..\n"
    "D :#|##\n"
    "C :#|##\n"
    "B :#|##\n"
    "A L.S..\n"
    "end\n";
}  // namespace

TEST(BankLayout, SpecBuildingFromTheMapFile) {
    Layout L = Layout::parse(map_text("bank.txt"), "bank.txt");
    EXPECT_EQ(L.rows(), 17);
    EXPECT_EQ(L.cols(), 25);
    ASSERT_EQ(L.floors(), 5);
    for (int f = 0; f < 5; ++f) EXPECT_EQ(L.floor_row(f), 4 * f);  // rows A E I M Q
    ASSERT_EQ(L.lifts().size(), 3u);
    EXPECT_EQ(L.lifts()[0].col, 0);   // A
    EXPECT_EQ(L.lifts()[1].col, 12);  // M
    EXPECT_EQ(L.lifts()[2].col, 24);  // Y
    EXPECT_EQ(L.lifts()[1].lo_floor, 0);
    EXPECT_EQ(L.lifts()[1].hi_floor, 4);
    EXPECT_EQ(L.name(L.guard_starts()[0]), "AK");
    EXPECT_EQ(L.name(L.guard_starts()[3]), "AO");
    EXPECT_EQ(L.name(Cell{0, 10}), "AK");
    EXPECT_EQ(L.name(Cell{16, 24}), "QY");
    EXPECT_FALSE(L.parse_cell("RA"));  // 17 rows: A..Q
    EXPECT_FALSE(L.parse_cell("AZ"));  // 25 columns: A..Y
    // Stairs in columns E I Q U, junctions on floors, walls elsewhere.
    EXPECT_EQ(L.kind(*L.parse_cell("AE")), kJunction);
    EXPECT_EQ(L.kind(*L.parse_cell("BE")), kStair);
    EXPECT_EQ(L.kind(*L.parse_cell("BF")), kWall);
    EXPECT_EQ(L.kind(*L.parse_cell("CM")), kShaft);
    EXPECT_EQ(L.lift_at_door(*L.parse_cell("IY")), 2);
    // 125 floor cells + 4 staircases x 4 flights x 3 stair cells.
    EXPECT_EQ(L.walkable_cells().size(), 125u + 48u);
}

TEST(BankLayout, DefaultLayoutIsTheMapFile) {
    EXPECT_EQ(default_layout_text(), map_text("bank.txt"));
}

TEST(BankLayout, LineOfSight) {
    const Layout& L = default_layout();
    auto c = [&](const char* s) { return *L.parse_cell(s); };
    EXPECT_TRUE(L.sees(c("AA"), c("AY")));   // one floor row
    EXPECT_FALSE(L.sees(c("AA"), c("EA")));  // another floor
    EXPECT_TRUE(L.sees(c("AE"), c("CE")));   // junction and stair of one staircase
    EXPECT_TRUE(L.sees(c("BE"), c("PE")));   // the staircase runs through all floors
    EXPECT_FALSE(L.sees(c("CE"), c("CI")));  // two staircases
    EXPECT_FALSE(L.sees(c("AF"), c("CE")));  // floor cell off the staircase
    EXPECT_TRUE(L.sees(c("EE"), c("EX")));   // a junction is on its floor too
}

TEST(BankLayout, SecondBuildingIsReadFromData) {
    Layout L = Layout::parse(map_text("small.txt"), "small.txt");
    EXPECT_EQ(L.rows(), 13);
    EXPECT_EQ(L.cols(), 19);
    ASSERT_EQ(L.floors(), 3);
    EXPECT_EQ(L.floor_row(1), 6);  // row G
    ASSERT_EQ(L.lifts().size(), 2u);
    EXPECT_EQ(L.lifts()[1].col, 18);  // S
    EXPECT_EQ(L.name(L.guard_starts()[0]), "AH");
    // The middle staircase (column L) joins floors 1 and 2 only.
    Position pos(L, 10);
    pos.place({*L.parse_cell("GL"), *L.parse_cell("ML"), *L.parse_cell("FL"), *L.parse_cell("AA")});
    pos.play(kGuards, "SSSS");
    EXPECT_NE(pos.piece_error(kRobbers, 0, 'U'), "");
    EXPECT_EQ(pos.piece_error(kRobbers, 0, 'D'), "");
    EXPECT_EQ(pos.piece_error(kRobbers, 2, 'U'), "");
    EXPECT_NE(pos.piece_error(kRobbers, 1, 'D'), "");  // ML is plain floor
    // A lift ride of one floor takes 3 moves here (6 rows, 2 a move).
    pos.play(kRobbers, "SSS2");
    EXPECT_EQ(pos.coordinate(kRobbers, 3), "CA");
    pos.play(kGuards, "SSSS");
    pos.play(kRobbers, "SSSI");
    EXPECT_EQ(pos.coordinate(kRobbers, 3), "EA");
    pos.play(kGuards, "SSSS");
    pos.play(kRobbers, "SSSI");
    EXPECT_EQ(pos.coordinate(kRobbers, 3), "GA");
    EXPECT_FALSE(pos.pieces(kRobbers)[3].riding());
    EXPECT_EQ(pos.lift_states(), "FF");
}

TEST(BankLayout, TinyLayoutParses) {
    Layout L = Layout::parse(kTiny, "t.txt");
    EXPECT_EQ(L.floors(), 2);
    EXPECT_EQ(L.lifts().size(), 1u);
}

TEST(BankLayout, ErrorsNameTheLineAndProblem) {
    std::string t = kTiny;
    auto with = [&](const std::string& from, const std::string& to) {
        std::string s = t;
        s.replace(s.find(from), from.size(), to);
        return s;
    };
    EXPECT_EQ(layout_error(with("D :#|##", "D :#|#")), "t.txt line 5: row D has 4 cells, expected 5 (one per column letter)");
    EXPECT_EQ(layout_error(with("C :#|##", "C :#|#x")), "t.txt line 6: row C column E: unknown cell 'x' (legend: . S | L : #)");
    EXPECT_EQ(layout_error(with("B :#|##", "B :####")), "t.txt line 6: row C: column C: a stair cell must join two floors (stair or S above and below)");
    EXPECT_EQ(layout_error(with("D :#|##", "D ##|##")), "t.txt line 5: row D: lift column A: expected ':' between the doors");
    EXPECT_EQ(layout_error(with("guards AA AB AC AD", "guards AA AB AC BB")), "t.txt line 2: guard start 'BB' is not a walkable cell of the map");
    EXPECT_EQ(layout_error(with("guards AA AB AC AD", "guards AA AB")), "t.txt line 2: expected 4 guard start cells, got 2");
    EXPECT_EQ(layout_error(with("end\n", "")), "t.txt line 9: the map has no \"end\" line");
    EXPECT_EQ(layout_error(with("map\n", "mop\n")), "t.txt line 3: unknown line 'mop' (expected name, columns, guards or map)");
    EXPECT_EQ(layout_error(with("A L.S..", "E L.S..")), "t.txt line 8: row letter 'E' is used twice");
    // Floors an odd number of rows apart cannot have a lift (2 rows a move).
    std::string odd = "columns ABC\nguards AB AB AB AB\nmap\nD L.S\nC :#|\nB :#|\nA L.S\nend\n";
    EXPECT_EQ(layout_error(odd), "t.txt line 4: row D: lift column A: floors an odd number of rows apart (a lift moves 2 rows a move)");
}

TEST(BankLayout, ErrorsQuoteAShortPrintableExcerptOfTheFile) {
    // A 10 MB line was quoted whole in the message (10 MB on stderr), and binary bytes raw
    // (a terminal took "\x1b[2J" as "clear the screen").
    const std::string long_line(10'000'000, 'A');
    EXPECT_EQ(layout_error(long_line + "\n"), "t.txt line 1: unknown line '" + std::string(40, 'A') +
                                                  "...' (expected name, columns, guards or map)");
    EXPECT_EQ(layout_error("\x1b[2J\x07\xff\n"), "t.txt line 1: unknown line '\\x1b[2J\\x07\\xff' (expected name, columns, guards or map)");
    std::string t = kTiny;
    EXPECT_EQ(layout_error(t.replace(t.find("A L.S.."), 7, "A " + std::string(5000, '.'))),
              "t.txt line 8: row A has 5000 cells, expected 5 (one per column letter)");
    t = kTiny;
    EXPECT_EQ(layout_error(t.replace(t.find("C :#|##"), 7, "C :#|#\x01")),
              "t.txt line 6: row C column E: unknown cell '\\x01' (legend: . S | L : #)");
    t = kTiny;
    EXPECT_EQ(layout_error(t.replace(t.find("end\n"), 4, "\x1b" + std::string(100, 'z') + "\n")),
              "t.txt line 9: expected a map row \"<row letter> <cells>\" or \"end\", got '\\x1b" + std::string(39, 'z') + "...'");
    t = kTiny;
    EXPECT_EQ(layout_error(t.replace(t.find("AD"), 2, "A\x1b")), "t.txt line 2: guard start 'A\\x1b' is not a walkable cell of the map");
}

// A floor row holds no stair cell: floors 1 2 3 on rows A C E and a staircase column C whose
// cell on floor row C is '|' instead of the junction 'S' (every stair cell there would still
// have stair cells above and below).
TEST(BankLayout, AStairCellOnAFloorRowIsAnError) {
    EXPECT_EQ(layout_error("columns ABC\nguards AA AA AA AA\nmap\nE ..S\nD ##|\nC ..|\nB ##|\nA ..S\nend\n"),
              "t.txt line 6: row C: column C: '|' on a floor row");
}
