// Search Party rules: map errors, vision, moves read as the original controller reads them,
// simultaneous deaths, the end of the search, the game adapter. Positions worked by hand.
#include <gtest/gtest.h>

#include "common/errors.h"
#include "common/game.h"
#include "common/judge_io.h"
#include "searchparty/checker.h"
#include "searchparty/rules.h"
#include "searchparty/searchparty_game.h"

using namespace pursuit;
using namespace pursuit::searchparty;

namespace {

std::string map_error(const std::string& text) {
    try {
        read_map(text, "m.txt");
    } catch (const InputError& e) {
        return e.what();
    }
    return "(no error)";
}

std::string move_error(State& s, const std::string& line) {
    try {
        s.play_line(line);
    } catch (const IllegalMove& e) {
        return e.what();
    }
    return "(no error)";
}

const char* kExample1 = "6 5 0 0\n......\n......\n..S...\n......\n......\n";

}  // namespace

TEST(SearchPartyMap, ReadsTheStatementExample) {
    Map m = read_map(kExample1);
    EXPECT_EQ(m.cols, 6);
    EXPECT_EQ(m.rows, 5);
    EXPECT_EQ(m.x_of(m.start), 2);
    EXPECT_EQ(m.y_of(m.start), 2);
    EXPECT_EQ(m.open_count(), 30);
    EXPECT_EQ(m.to_text(), kExample1);
    // CRLF and trailing blanks and blank lines at the end are fine.
    EXPECT_EQ(read_map("2 1 0 0\r\nS. \r\n\n\n").open_count(), 2);
}

TEST(SearchPartyMap, ErrorsNameTheLine) {
    EXPECT_EQ(map_error("3 2 0 0\nS..\n..\n"), "m.txt line 3: grid row 2 has 2 characters, expected N = 3");
    EXPECT_EQ(map_error("3 2 0 0\n\nS..\n...\n"),
              "m.txt line 2: grid row 1 is a blank line, expected N = 3 characters of '.', '#' or 'S' (no blank lines "
              "before or inside the grid)");
    EXPECT_EQ(map_error("3 2 0 0\nS..\n \t\n"),
              "m.txt line 3: grid row 2 is a blank line, expected N = 3 characters of '.', '#' or 'S' (no blank lines "
              "before or inside the grid)");
    EXPECT_EQ(map_error("3 2 0 0\nS..\n.x.\n"), "m.txt line 3: bad character 'x' at x=1 (expected '.', '#' or 'S')");
    EXPECT_EQ(map_error("3 2 0 0\n...\n...\n"), "m.txt line 3: the grid has no start 'S'");
    EXPECT_EQ(map_error("3 2 0 0\nS..\n..S\n"), "m.txt line 3: a second start 'S' at x=2 (only one is allowed)");
    EXPECT_EQ(map_error("3 3 0 0\nS..\n...\n"), "m.txt line 4: expected grid row 3 of 3, got end of input");
    EXPECT_EQ(map_error("3 1 0 0\nS..\n...\n"), "m.txt line 3: unexpected text after the 1 grid rows");
    EXPECT_EQ(map_error("257 1 0 0\nS\n"), "m.txt line 1: N (columns) must be 1..256, got 257");
    EXPECT_EQ(map_error("1 0 0 0\n"), "m.txt line 1: M (rows) must be 1..256, got 0");
    EXPECT_EQ(map_error("1 1 27 0\nS\n"), "m.txt line 1: p (costars) must be 0..26, got 27");
    // A negative field is named too (it was "-1 is outside 0..1073741824").
    EXPECT_EQ(map_error("1 1 -1 0\nS\n"), "m.txt line 1: p (costars) must be 0..26, got -1");
    EXPECT_EQ(map_error("1 -3 0 0\nS\n"), "m.txt line 1: M (rows) must be 1..256, got -3");
    EXPECT_EQ(map_error("1 1 0 30\nS\n"), "m.txt line 1: q (extras) must be 0..26, got 30");
    EXPECT_NE(map_error("1 1 0\nS\n").find("m.txt line 1: expected the header"), std::string::npos);
    EXPECT_EQ(map_error("4 1 0 0\nS#..\n"),
              "m.txt: the open cell x=2,y=0 cannot be reached from S by king moves (open cells must be connected)");
    // Diagonal connections count (king moves).
    EXPECT_EQ(map_error("2 2 0 0\nS#\n#.\n"), "(no error)");
    // A huge field is named against its range (it was "outside -2147483648..2147483647").
    EXPECT_EQ(map_error("99999999999 5 0 0\nS\n"), "m.txt line 1: N (columns) must be 1..256, got 99999999999");
    // Too large for any integer: named the same way (it was "expected the header ..., got '9999...'").
    EXPECT_EQ(map_error("\n6 5 0 99999999999999999999\nS\n"), "m.txt line 2: q (extras) must be 0..26, got 99999999999999999999");
    EXPECT_EQ(map_error("6 -99999999999999999999 0 0\nS\n"), "m.txt line 1: M (rows) must be 1..256, got -99999999999999999999");
    EXPECT_EQ(map_error("6 5 " + std::string(60, '9') + " 0\nS\n"), "m.txt line 1: p (costars) must be 0..26, got " + std::string(37, '9') + "...");
    EXPECT_EQ(map_error("300 5 0 99999999999999999999\nS\n"), "m.txt line 1: N (columns) must be 1..256, got 300");
    // Lines ended by CR alone were one line: "got 9 tokens".
    EXPECT_EQ(map_error("3 1 0 0\rS..\r"), "m.txt line 1: the lines end with a carriage return alone (CR); expected LF or CRLF line ends");
    // Blanks around a row are dropped, as the original's strip() drops them (an indented map was
    // "has 5 characters"); inside a row a blank is a bad character.
    EXPECT_EQ(map_error("3 2 0 0\n  S..\n\t...  \n"), "(no error)");
    EXPECT_EQ(map_error("3 1 0 0\nS .\n"), "m.txt line 2: bad character ' ' at x=1 (expected '.', '#' or 'S')");
}

// A bad byte is shown as \xNN, two hex digits, as every message shows one (README): it was
// printed in decimal, '\x195' for 0xC3 and '\x1' for 0x01.
TEST(SearchPartyMap, ABadByteIsNamedInHex) {
    EXPECT_EQ(map_error("3 2 0 0\nS..\n.\xc3\xa9\n"), "m.txt line 3: bad character '\\xc3' at x=1 (expected '.', '#' or 'S')");
    EXPECT_EQ(map_error("3 2 0 0\nS..\n.\x01.\n"), "m.txt line 3: bad character '\\x01' at x=1 (expected '.', '#' or 'S')");
    // A row of the right width with a character outside ASCII is longer in bytes: it was "grid
    // row 3 has 8 characters, expected N = 6" for "..S….", and so was a Latin-1 'é' read by the
    // page as U+FFFD. The byte is named first.
    EXPECT_EQ(map_error("6 1 0 0\n..S\xe2\x80\xa6.\n"), "m.txt line 2: bad character '\\xe2' at x=3 (expected '.', '#' or 'S')");
    EXPECT_EQ(map_error("6 2 0 0\n..S...\n..\xe9...\n"), "m.txt line 3: bad character '\\xe9' at x=2 (expected '.', '#' or 'S')");
    // The first bad character of such a row, as for any row (not the byte outside ASCII).
    EXPECT_EQ(map_error("4 2 0 0\n..S.\nx.\xc3\xa9\n"), "m.txt line 3: bad character 'x' at x=0 (expected '.', '#' or 'S')");
    EXPECT_EQ(map_error("3 2 0 0\nS..\n.\x7f.\n"), "m.txt line 3: bad character '\\x7f' at x=1 (expected '.', '#' or 'S')");
}

// A file saved as "UTF-8" by Windows Notepad starts with a byte order mark: the page's file
// reader drops it and loaded the map, the programs said "expected the header ... got '\xef...'".
// Now both read it; a mark anywhere else is still a bad character.
TEST(SearchPartyMap, AByteOrderMarkBeforeTheHeaderIsSkipped) {
    EXPECT_EQ(read_map("\xEF\xBB\xBF" "3 2 0 0\nS..\n...\n").open_count(), 6);
    EXPECT_EQ(map_error("3 2 0 0\nS..\n\xEF\xBB\xBF...\n"), "m.txt line 3: bad character '\\xef' at x=0 (expected '.', '#' or 'S')");
}

// Text over the programs' cap on map files gets their error wherever it comes from (pasted in
// the page: the engine parsed 10 MB of junk line by line and named its first line).
TEST(SearchPartyMap, TextOverTheFileCapIsRefusedAsAFileIs) {
    std::string big = "3 2 0 0\nS..\n...\n";
    big.resize(kMaxMapFileBytes, '\n');
    EXPECT_EQ(map_error(big), "(no error)") << "the cap itself is allowed";
    big.push_back('\n');
    EXPECT_EQ(map_error(big), "m.txt: more than 1048576 bytes, larger than any map");
}

TEST(SearchPartyRules, VisionIs21CellsWithoutCorners) {
    EXPECT_EQ(vision_offsets().size(), 21u);
    EXPECT_TRUE(sees(0, 0, 2, 1));
    EXPECT_FALSE(sees(0, 0, 2, 2));
    EXPECT_FALSE(sees(0, 0, 3, 0));
    // From S at (2,2) on the 6x5 example: columns 0..4, minus the four corners (0,0),(4,0),(0,4),(4,4).
    State s(read_map(kExample1));
    EXPECT_EQ(s.unsearched(), 30 - 21);
    EXPECT_EQ(s.board_rows()[0], ".ooo..");
    EXPECT_EQ(s.board_rows()[2], "ooooo.");
}

TEST(SearchPartyRules, StatementExampleFinishesInFourTurns) {
    State s(read_map(kExample1));
    for (const char* line : {"@4.", "@6.", "@6."}) {
        s.play_line(line);
        EXPECT_FALSE(s.finished()) << line;
    }
    s.play_line("@6.");
    EXPECT_TRUE(s.finished());
    EXPECT_EQ(s.final_line(), "4 0 0");
}

TEST(SearchPartyRules, StateBlockMatchesTheController) {
    State s(read_map("7 3 2 1\n##...##\n#..S..#\n.......\n"));
    EXPECT_EQ(s.state_block(),
              "Turn 1\n@:3,1 A:3,1 B:3,1 a:3,1.\n##ooo##\n#ooooo#\n.ooooo.\n"
              "----------------------------------------\n");
}

TEST(SearchPartyRules, MoveLineQuirksOfTheOriginal) {
    const std::string map = "9 5 2 1\n.........\n.........\n....S....\n.........\n.........\n";
    State s(read_map(map));
    // Dots stripped only at the ends, first two characters count, non-letters ignored.
    Moves m = s.parse_line("..@66 A4x 7 a2...");
    EXPECT_EQ(std::string(m.begin(), m.end()), "6452");
    auto digits = [&s](const std::string& line) {
        const Moves d = s.parse_line(line);
        return std::string(d.begin(), d.end());
    };
    EXPECT_EQ(digits(""), "5555");
    EXPECT_EQ(digits("."), "5555");
    EXPECT_EQ(digits("@6.A4"), "6555");
    // The "moved twice" check compares first characters of every token, ignored ones too.
    EXPECT_EQ(move_error(s, "@6 @4."), "Invalid movelist (moving someone more than once in a turn)");
    EXPECT_EQ(move_error(s, "7 77"), "Invalid movelist (moving someone more than once in a turn)");
    EXPECT_EQ(move_error(s, "C5."), "Invalid move of dead or nonexistent costar C");
    EXPECT_EQ(move_error(s, "@6 b5."), "Invalid move of dead or nonexistent extra b");
    EXPECT_EQ(move_error(s, "@0."), "Invalid move of [4, 2] in direction 0 onto # or off of the map");
    EXPECT_EQ(move_error(s, "Ax."), "Invalid move of [4, 2] in direction x onto # or off of the map");
    EXPECT_EQ(move_error(s, "@."), "Invalid move token '@' (no direction)");
    EXPECT_EQ(s.turns(), 0) << "errors leave the state unchanged";
    s.play_line("@8 A8 a8");
    EXPECT_EQ(move_error(s, "@8 A8."), "(no error)");
    EXPECT_EQ(move_error(s, "@8."), "Invalid move of [4, 0] in direction 8 onto # or off of the map");
    EXPECT_EQ(move_error(s, "@1 A3 a2."), "(no error)");
    EXPECT_EQ(s.actors_line(), "@:3,1 A:5,1 B:4,2 a:4,2.");
}

TEST(SearchPartyRules, WallsBlockMovesButNotSight) {
    State s(read_map("5 4 0 0\n.#...\nS#...\n.#...\n.....\n"));
    EXPECT_EQ(move_error(s, "@6."), "Invalid move of [0, 1] in direction 6 onto # or off of the map");
    EXPECT_TRUE(s.searched(s.map().index(2, 1)));  // seen through the wall
    EXPECT_FALSE(s.searched(s.map().index(3, 1)));
}

// Hand-worked: in a 10-cell corridor with S at x = 0 the view from S searches x = 0..2, so 7
// cells are left. A person on x = 7 would see x = 5..9, 5 unsearched cells. Marking x = 9
// searched leaves 6 in all and 4 in that view; marking it again, or marking a wall, changes
// nothing; and the search ends as soon as the last cells are marked, without a turn.
TEST(SearchPartyRules, MarkSearchedCountsCellsWithoutATurn) {
    const Map m = read_map("11 1 0 0\nS.........#\n");
    State s(m);
    EXPECT_EQ(s.unsearched(), 7);
    EXPECT_EQ(s.unsearched_in_view(m.index(7, 0)), 5);
    s.mark_searched(m.index(9, 0));
    s.mark_searched(m.index(9, 0));
    s.mark_searched(m.index(10, 0));  // the wall
    EXPECT_EQ(s.unsearched(), 6);
    EXPECT_EQ(s.unsearched_in_view(m.index(7, 0)), 4);
    EXPECT_TRUE(s.searched(m.index(9, 0)));
    for (int x = 3; x <= 8; ++x) s.mark_searched(m.index(x, 0));
    EXPECT_TRUE(s.finished());
    EXPECT_EQ(s.turns(), 0);
}

TEST(SearchPartyRules, SimultaneousDeathsNoChainReaction) {
    // Long corridor: star, costars A, B, extras a, b, c.
    const std::string map = "30 1 2 3\nS.............................\n";
    {
        // A walks 3 away alone: dies (sees nobody). B stays with the star: lives.
        State s(read_map(map));
        s.play_line("A6");
        s.play_line("A6");
        EXPECT_TRUE(s.actors()[1].alive) << "at distance 2 A still sees the others";
        s.play_line("A6");
        EXPECT_FALSE(s.actors()[1].alive);
        EXPECT_EQ(s.costars_alive(), 1);
        EXPECT_EQ(move_error(s, "A4."), "Invalid move of dead or nonexistent costar A");
        EXPECT_EQ(move_error(s, "A5."), "Invalid move of dead or nonexistent costar A");  // even staying
        EXPECT_EQ(move_error(s, "@5 B5 a5."), "(no error)");
        EXPECT_EQ(s.actors_line(), "@:0,0 B:0,0 a:0,0 b:0,0 c:0,0.");
    }
    {
        // Three extras walk off together: each sees two others, all live. Two extras: both die.
        State s(read_map(map));
        for (int i = 0; i < 3; ++i) s.play_line("a6 b6 c6");
        EXPECT_EQ(s.extras_alive(), 3);
        State t(read_map(map));
        for (int i = 0; i < 3; ++i) t.play_line("a6 b6");
        EXPECT_EQ(t.extras_alive(), 1);
        EXPECT_EQ(t.final_line(), "3 2 1");
    }
    {
        // A costar and an extra keep each other alive; the extra's only costar dying the same
        // turn does not kill it that turn (deaths are simultaneous).
        State s(read_map(map));
        for (int i = 0; i < 3; ++i) s.play_line("A6 a6");
        EXPECT_EQ(s.costars_alive(), 2);
        EXPECT_EQ(s.extras_alive(), 3);
    }
    {
        // Extra a near only extra b, and b also near c: a dies (1 other extra), b lives (a and c),
        // c dies (only b). All at once, so b still counted a.
        State s(read_map("30 1 0 3\nS.............................\n"));
        s.play_line("a6 b6 c6");
        s.play_line("a6 b6 c6");
        s.play_line("a6 b6 c6");  // x=3, all alive together
        s.play_line("b6 c6");     // a=3, b=4, c=4
        s.play_line("b6 c6");     // a=3, b=5, c=5: all see each other
        EXPECT_EQ(s.extras_alive(), 3);
        s.play_line("c6");  // a=3, b=5, c=6: a sees b only (dist 2), b sees a and c, c sees b only
        EXPECT_EQ(s.extras_alive(), 1);
        EXPECT_TRUE(s.actors()[2].alive);
    }
}

TEST(SearchPartyRules, CheckerReportsTheTruth) {
    const Map m = read_map(kExample1);
    auto r = check_solution(m, "@4.\n@6.\n@6.\n@6.\n4 0 0\n");
    EXPECT_TRUE(r.valid);
    EXPECT_TRUE(r.claim_matches);
    EXPECT_EQ(r.turns, 4);
    r = check_solution(m, "@4.\n@6.\n@6.\n@6.\n3 0 0\n");
    EXPECT_TRUE(r.valid);
    EXPECT_FALSE(r.claim_matches);
    EXPECT_EQ(r.message, "solution line 5: the final line claims '3 0 0' but the true result is '4 0 0'");
    // The final line's numbers are compared as numbers ("+0" was a wrong claim of 0).
    r = check_solution(m, "@4.\n@6.\n@6.\n@6.\n04 +0 0\n");
    EXPECT_TRUE(r.claim_matches) << r.message;
    EXPECT_EQ(r.message, "ok");
    r = check_solution(m, "@4.\n@6.\n4 0 0\n");
    EXPECT_FALSE(r.valid);
    EXPECT_EQ(r.message, "solution: after all 2 move lines, 7 open cells are still unsearched");
    EXPECT_EQ(check_solution(read_map("6 1 0 0\nS.....\n"), "@6.\n@6.\n2 0 0\n").message,
              "solution: after all 2 move lines, 1 open cell is still unsearched");
    // One move line is "its 1 move line" ("after all 1 move lines"); a binary last line (a PNG
    // chosen in the page) is reported escaped, so the report can be written as JSON.
    EXPECT_EQ(check_solution(m, "@4.\n4 0 0\n").message, "solution: after its 1 move line, 7 open cells are still unsearched");
    const CheckReport binary = check_solution(m, "@4.\n\x89PNG\x80\n");
    EXPECT_FALSE(binary.valid);
    EXPECT_EQ(binary.to_json()["claimed"], "\\x89PNG\\x80");
    EXPECT_NO_THROW(binary.to_json().dump());
    r = check_solution(m, "@4.\n@4.\n@4.\n");
    // As a move line it is wrong too, which is said (it was hidden behind "expected the final line").
    EXPECT_EQ(r.message, "solution line 3: expected the final line \"turns costars extras\", got '@4.' (as a move line: Invalid move "
                         "of [0, 2] in direction 4 onto # or off of the map (turn 3: @ moves 4 from 0,2 onto a wall or off the map))");
    EXPECT_EQ(r.turns, 2);  // the true turns after the move lines before it (it printed 0 0 0)
    const Map lonely = read_map("10 1 1 0\nS.........\n");  // A walks off alone and dies
    EXPECT_EQ(check_solution(lonely, "A6.\nA6.\nA6.\nA6.\n").message,
              "solution line 4: expected the final line \"turns costars extras\", got 'A6.' (as a move line: Invalid move of dead or "
              "nonexistent costar A (turn 4: costar A is dead and cannot move))");
    // A solution that forgot its final line: its true result, and what the final line would be.
    r = check_solution(m, "@4.\n@6.\n@6.\n@6.\n");
    EXPECT_FALSE(r.valid);
    EXPECT_EQ(r.turns, 4);
    EXPECT_EQ(r.message, "solution line 4: expected the final line \"turns costars extras\", got '@6.' (as a move line it ends the "
                         "search: the final line would be '4 0 0')");
    // The original's words, then the turn and the actor in plain words.
    r = check_solution(m, "@4.\n@4.\n@4.\n3 0 0\n");
    EXPECT_EQ(r.message, "solution line 3: Invalid move of [0, 2] in direction 4 onto # or off of the map (turn 3: @ moves 4 from 0,2 "
                         "onto a wall or off the map)");
}

// The lines played are what a replay of the solution holds (searchparty-check --replay, the
// page's Watch solution): the move lines as written, up to the fault; a blank line after the
// finishing move is never read; a last line that is a legal move (a forgotten final line) is
// played, as its result is the one reported.
TEST(SearchPartyRules, CheckerKeepsTheLinesItPlayed) {
    using Lines = std::vector<std::string>;
    const Map m = read_map(kExample1);
    EXPECT_EQ(check_solution(m, "@4.\n@6\n@66.\r\n@6 \n\n4 0 0\n").moves, (Lines{"@4.", "@6", "@66.", "@6 "}));
    EXPECT_EQ(check_solution(m, "@4.\n@6.\n@6.\n@6.\n\n\n4 0 0\n").moves, (Lines{"@4.", "@6.", "@6.", "@6."}));
    EXPECT_EQ(check_solution(m, "@4.\n@4.\n@4.\n3 0 0\n").moves, (Lines{"@4.", "@4."}));  // line 3 walks off the map
    EXPECT_EQ(check_solution(m, "@4.\n@6.\n@6.\n@6.\n").moves, (Lines{"@4.", "@6.", "@6.", "@6."}));
    EXPECT_EQ(check_solution(m, "@4.\n@4.\n@4.\n").moves, (Lines{"@4.", "@4."}));  // the last line refused as a move
    EXPECT_EQ(check_solution(m, "@4.\n@6.\n@6.\n@6.\n@6.\n5 0 0\n").moves, (Lines{"@4.", "@6.", "@6.", "@6."}));
    EXPECT_EQ(check_solution(m, "\xef\xbb\xbf@4.\n1 0 0\n").moves, Lines{});
    const Json j = check_solution(m, "@4.\n@6.\n@6.\n@6.\n4 0 0\n").to_json();
    EXPECT_EQ(j["moves"], Json::parse(R"(["@4.", "@6.", "@6.", "@6."])"));
    EXPECT_EQ(j["message"], "ok");
}

// A solution and a map given for each other (searchparty-check's arguments swapped, a solver's
// output pasted in the page's Map form) are named as what they are. Before, the map's header
// was "expected the header ..., got 1 token", and a map played as a solution made its rows
// turns where nobody moves and ended in "expected the final line".
TEST(SearchPartyRules, ASolutionForAMapAndAMapForASolutionAreNamedSo) {
    EXPECT_EQ(map_error("@4.\n@6.\n@6.\n@6.\n4 0 0\n"),
              "m.txt line 1: expected the header \"N M p q\", got the move line '@4.': this is a solution (move lines, then "
              "\"turns costars extras\"), not a map");
    EXPECT_EQ(map_error("\n@4 A2 a2.\n"), "m.txt line 2: expected the header \"N M p q\", got the move line '@4 A2 a2.': this is a solution "
                                           "(move lines, then \"turns costars extras\"), not a map");
    // Other first lines keep their words: a header's typo, a word, a final line.
    EXPECT_EQ(map_error("hello world\nS\n"), "m.txt line 1: expected the header \"N M p q\" (columns, rows, costars, extras) (4 integers), got 2 tokens");
    EXPECT_EQ(map_error("4 0 0\n"), "m.txt line 1: expected the header \"N M p q\" (columns, rows, costars, extras) (4 integers), got 3 tokens");
    const Map m = read_map(kExample1);
    for (const std::string& map_text : {std::string(kExample1), "\xef\xbb\xbf" + std::string(kExample1), std::string("12 1 0 0\n.....S......\n")}) {
        const CheckReport r = check_solution(m, map_text);
        EXPECT_FALSE(r.valid);
        EXPECT_EQ(r.message, "solution: this is a map (header '" + map_text.substr(map_text.find_first_of("0123456789"), map_text.find('\n') - map_text.find_first_of("0123456789")) +
                                 "'), not a solution (move lines, then \"turns costars extras\")");
        EXPECT_EQ(r.turns, 0);
        EXPECT_TRUE(r.moves.empty());
    }
    EXPECT_EQ(check_solution(m, "6 5 0 0\n@4.\n").message.find("this is a map"), std::string::npos);  // not a map: played as lines
}

// The game interface's check tool (the page's Watch solution): the checker's report, the
// solution named by "solution_name" as searchparty-check names its SOLUTION file.
TEST(SearchPartyGame, TheCheckToolNamesTheSolutionItWasGiven) {
    // The InputError the tool throws for `args`, "(none)" when it answers.
    auto refusal = [](const Json& args) {
        try {
            searchparty_tool("check", args);
        } catch (const InputError& e) {
            return std::string(e.what());
        }
        return std::string("(none)");
    };
    Json args{{"map", kExample1}, {"solution", "@4.\n@4.\n@4.\n3 0 0\n"}};
    EXPECT_EQ(searchparty_tool("check", args)["message"].get<std::string>().rfind("solution line 3: Invalid move", 0), 0u);
    args["solution_name"] = "sol.txt";
    const Json r = searchparty_tool("check", args);
    EXPECT_EQ(r["message"].get<std::string>().rfind("sol.txt line 3: Invalid move", 0), 0u) << r.dump();
    EXPECT_EQ(r["moves"], Json::parse(R"(["@4.", "@4."])"));
    EXPECT_EQ(r["valid"], false);
    args["solution_name"] = 7;
    EXPECT_EQ(refusal(args), "args.solution_name: expected the solution's name as a string, got 7");
    // A file that is not UTF-8, as the page sends it (each byte one character, "latin1"): the
    // same words as for its bytes (read as UTF-8, the bad byte was U+FFFD, a token the reading
    // ignores: the line passed for one where nobody moves).
    const std::string bytes = "@4.\n@\xe9.\n@6.\n@6.\n4 0 0\n";
    Json latin1{{"map", kExample1}, {"solution", "@4.\n@\u00e9.\n@6.\n@6.\n4 0 0\n"}, {"solution_encoding", "latin1"}};
    EXPECT_EQ(searchparty_tool("check", latin1)["message"], check_solution(read_map(kExample1), bytes).message);
    EXPECT_NE(check_solution(read_map(kExample1), bytes).message.find("line 2: not a text line"), std::string::npos);
    latin1["solution"] = "@4.\n\u0100\n";
    EXPECT_EQ(refusal(latin1), "args.solution: a character above U+00FF in a solution whose solution_encoding is \"latin1\"");
    latin1["solution_encoding"] = "cp1252";
    EXPECT_EQ(refusal(latin1), "args.solution_encoding: expected \"utf-8\" or \"latin1\", got \"cp1252\"");
}

// A garbage solution file must not come back whole and raw in the message: a 10 MB last line
// was quoted entire, binary bytes went to the terminal as they were.
TEST(SearchPartyRules, CheckerQuotesAShortPrintableExcerpt) {
    const Map m = read_map(kExample1);
    auto r = check_solution(m, "@4.\n" + std::string(100'000, 'z') + "\n");
    EXPECT_EQ(r.message, "solution line 2: expected the final line \"turns costars extras\", got '" + std::string(40, 'z') +
                             "...' (as a move line: Invalid move of dead or nonexistent extra z (turn 2: extra z does not exist (the map "
                             "has no extras)))");
    r = check_solution(m, "@4.\n\x1b[2J\x07\xff\n");
    EXPECT_EQ(r.message, "solution line 2: expected the final line \"turns costars extras\", got '\\x1b[2J\\x07\\xff' (as a move line it "
                         "is not a text line (byte 0x1b at column 1): the controller refuses it as garbage output)");
    r = check_solution(m, "@4.\n@6.\n@6.\n@6.\n4 0 \x1b\n");
    EXPECT_EQ(r.message, "solution line 5: expected the final line \"turns costars extras\", got '4 0 \\x1b'");
    r = check_solution(m, "@4 " + std::string(100, 'y') + "\n1 0 0\n");
    EXPECT_EQ(r.message, "solution line 1: Invalid move of dead or nonexistent extra y (turn 1: extra y does not exist (the map has no extras))");
    r = check_solution(m, "@\x1b\n1 0 0\n");
    EXPECT_EQ(r.message.substr(0, 17), "solution line 1: ");
    EXPECT_EQ(r.message.find('\x1b'), std::string::npos) << r.message;
}

// The game interface (the page, pursuit-tool) words a refused move line as searchparty-check
// does: the original's words, then the turn and who. Four people stand on 2,1, so "Invalid
// move of [2, 1]" alone did not say that B is the one walking into the wall; a letter beyond
// the cast is said not to exist (the page said it was "not in the search any more").
TEST(SearchPartyGame, ARefusedMoveNamesTheTurnAndWhoAsTheCheckerDoes) {
    const std::string map = "8 4 2 1\n########\n..S.....\n........\n........\n";
    auto g = create_game(Json{{"game", "searchparty"}, {"map", map}});
    auto error_of = [&](const char* line) {
        try {
            g->apply(Json(line));
        } catch (const IllegalMove& e) {
            return std::string(e.what());
        }
        return std::string("(played)");
    };
    EXPECT_EQ(error_of("A6 B8."), "Invalid move of [2, 1] in direction 8 onto # or off of the map (turn 1: B moves 8 from 2,1 onto a wall or off the map)");
    EXPECT_EQ(error_of("@0."), "Invalid move of [2, 1] in direction 0 onto # or off of the map (turn 1: @ at 2,1 has the direction '0', not a keypad digit 1-9)");
    EXPECT_EQ(error_of("Q5."), "Invalid move of dead or nonexistent costar Q (turn 1: costar Q does not exist (the map has 2 costars, A..B))");
    EXPECT_EQ(error_of("@6 @4."), "Invalid movelist (moving someone more than once in a turn) (turn 1: @ is moved more than once in the line)");
    EXPECT_EQ(g->result()["turns"], 0);  // nothing was played
    try {
        g->suggest_move(Json{{"fixed", "B8"}});
        ADD_FAILURE();
    } catch (const IllegalMove& e) {
        EXPECT_EQ(std::string(e.what()), "Invalid move of [2, 1] in direction 8 onto # or off of the map (turn 1: B moves 8 from 2,1 onto a wall or off the map)");
    }
    // The same line and map through the checker: the same words after its "solution line 1: ".
    const CheckReport r = check_solution(read_map(map), "A6 B8.\n1 2 1\n");
    EXPECT_EQ(r.message, "solution line 1: " + error_of("A6 B8."));
}

TEST(SearchPartyGame, UniformInterface) {
    auto g = create_game(Json{{"game", "searchparty"}, {"map", kExample1}});
    EXPECT_EQ(g->id(), "searchparty");
    EXPECT_EQ(g->to_move(), 0);
    Json obs = g->observation(-1);
    EXPECT_EQ(obs["board"][2], "ooooo.");
    EXPECT_EQ(obs["actors"][0]["name"], "@");
    EXPECT_EQ(g->legal_moves(0)["@"].size(), 9u);
    EXPECT_THROW(g->apply(Json("@0.")), IllegalMove);
    for (const char* line : {"@4.", "@6.", "@6.", "@6."}) g->apply(Json(line));
    EXPECT_TRUE(g->over());
    EXPECT_EQ(g->result()["lines"][1], "4 0 0");
    auto again = game_from_replay(g->replay());
    EXPECT_TRUE(again->over());
    EXPECT_THROW(create_game(Json{{"game", "searchparty"}, {"map", "1 1 0 0\nx\n"}}), InputError);
    EXPECT_THROW(create_game(Json{{"game", "searchparty"}, {"builtin", "nope"}}), InputError);
}

TEST(SearchPartyGame, BotFinishesBuiltinMapsWithEveryoneAlive) {
    for (const char* level : {"easy", "medium", "hard", "best"}) {
        auto g = create_game(Json{{"game", "searchparty"}, {"builtin", "rooms"}});
        int n = 0;
        while (!g->over() && n++ < 1000) g->apply(g->suggest_move(Json{{"level", level}}));
        ASSERT_TRUE(g->over()) << level;
        EXPECT_EQ(g->result()["costars_alive"], 2) << level;
        EXPECT_EQ(g->result()["extras_alive"], 3) << level;
    }
}

TEST(SearchPartyGame, HandSteeredStarAndSolverForTheRest) {
    auto g = create_game(Json{{"game", "searchparty"}, {"builtin", "rooms"}});
    const Json move = g->suggest_move(Json{{"fixed", "@6"}});
    EXPECT_NE(move.get<std::string>().find("@6"), std::string::npos);
    g->apply(move);
    EXPECT_EQ(g->observation(-1)["actors"][0]["x"], 5);
}

// A hand-steered suggestion follows the level asked for: the policy made for the first call's
// level was kept, so "best" after "easy" went on playing easy.
TEST(SearchPartyGame, HandSteeringFollowsTheLevelOfEachCall) {
    auto play = [](const std::vector<std::string>& levels) {
        auto g = create_game(Json{{"game", "searchparty"}, {"builtin", "example2"}});
        std::string lines;
        for (const std::string& level : levels) {
            const Json move = g->suggest_move(Json{{"fixed", "@5"}, {"level", level}});
            lines += move.get<std::string>() + "|";
            g->apply(move);
        }
        return lines;
    };
    const std::string best = play({"best", "best", "best", "best"}), easy = play({"easy", "easy", "easy", "easy"});
    ASSERT_NE(best, easy) << "the levels must differ here for the test to mean anything";
    const std::string mixed = play({"easy", "best", "best", "best"});
    EXPECT_NE(mixed, easy);
}

// The game's plan does not depend on the seed: a caller passing a new seed each turn (as
// pursuit-tool play does) follows the same plan as one passing none, and it is made once.
TEST(SearchPartyGame, ASeedPerTurnFollowsTheSamePlan) {
    auto play = [](bool seed_per_turn) {
        auto g = create_game(Json{{"game", "searchparty"}, {"builtin", "example2"}, {"seed", 5}});
        for (int i = 0; !g->over() && i < 500; ++i)
            g->apply(g->suggest_move(seed_per_turn ? Json{{"level", "best"}, {"seed", 5 + i}} : Json{{"level", "best"}}));
        return g->replay()["moves"];
    };
    EXPECT_EQ(play(true), play(false));
}

TEST(SearchPartyGame, MalformedConfigsAreInputErrors) {
    auto error_of = [](const Json& config) {
        try {
            create_game(config);
        } catch (const InputError& e) {
            return std::string(e.what());
        }
        return std::string("(no error)");
    };
    EXPECT_EQ(error_of(Json::parse(R"({"game":"searchparty","generate":{"kind":20}})")),
              "config.generate.kind: expected one of maze, cave, rooms, open, got 20");
    EXPECT_EQ(error_of(Json::parse(R"({"game":"searchparty","generate":{"cols":1e300}})")),
              "config.generate.cols: expected an integer, got 1e+300");
    EXPECT_EQ(error_of(Json::parse(R"({"game":"searchparty","generate":{"rows":999}})")),
              "config.generate.rows: 999 is outside 1..256");
    EXPECT_EQ(error_of(Json::parse(R"({"game":"searchparty","seed":-1})")), "config.seed: expected a non-negative integer, got -1");
    EXPECT_EQ(error_of(Json::parse(R"({"game":"searchparty","generate":{"cols":0}})")), "config.generate.cols: 0 is outside 1..256");
    try {
        game_from_replay(Json::parse(R"({"format":"pursuit-replay","version":1,"config":{"game":"searchparty","seed":-2},"moves":[]})"));
        ADD_FAILURE();
    } catch (const InputError& e) {
        EXPECT_EQ(std::string(e.what()), "replay: config.seed: expected a non-negative integer, got -2");
    }
    EXPECT_EQ(error_of(Json::parse(R"({"game":"searchparty","builtin":5})")), "config.builtin: expected a built-in map's name as a string, got 5");
    EXPECT_EQ(error_of(Json{{"game", "searchparty"}, {"map", kExample1}, {"map_name", 7}}),
              "config.map_name: expected the map's name as a string, got 7");
    // map_encoding "latin1": each character one byte, so the refused byte is named as the
    // programs name it ('\xe9' read from the file; U+00E9 is C3 A9 in the JSON text).
    const Json latin1{{"game", "searchparty"}, {"map", "6 2 0 0\n..S...\n..\xc3\xa9...\n"}, {"map_name", "f.txt"}};
    EXPECT_EQ(error_of(latin1), "f.txt line 3: bad character '\\xc3' at x=2 (expected '.', '#' or 'S')");
    Json as_bytes = latin1;
    as_bytes["map_encoding"] = "latin1";
    EXPECT_EQ(error_of(as_bytes), "f.txt line 3: bad character '\\xe9' at x=2 (expected '.', '#' or 'S')");
    as_bytes["map"] = "6 1 0 0\n..S...\n";
    EXPECT_EQ(error_of(as_bytes), "(no error)");
    as_bytes["map"] = "6 2 0 0\n..S...\n\xc2\x80.....\n";  // U+0080: byte 0x80
    EXPECT_EQ(error_of(as_bytes), "f.txt line 3: bad character '\\x80' at x=0 (expected '.', '#' or 'S')");
    as_bytes["map"] = "6 1 0 0\n..S..\xe2\x82\xac\n";
    EXPECT_EQ(error_of(as_bytes), "config.map: a character above U+00FF in a map whose map_encoding is \"latin1\"");
    as_bytes["map_encoding"] = "cp1252";
    EXPECT_EQ(error_of(as_bytes), "config.map_encoding: expected \"utf-8\" or \"latin1\", got \"cp1252\"");
    auto g = create_game(Json{{"game", "searchparty"}, {"builtin", "example2"}});
    EXPECT_THROW(g->suggest_move(Json{{"level", 3}}), InputError);
    EXPECT_THROW(g->suggest_move(Json{{"fixed", 6}}), InputError);
    EXPECT_THROW(g->suggest_move(Json{{"fixed", "@0"}}), IllegalMove);
}

// Limits exactly at the maximum and the smallest board. "1 1 26 26 / S": one open cell, seen
// from S, so the search is over after 0 turns with all 26 costars and 26 extras alive; the
// last letters Z and z exist, and no turn may be played any more. A 256 x 256 board (the
// largest) reads; 257 does not (see ErrorsNameTheLine).
TEST(SearchPartyRules, LimitsAtTheMaximumAndTheSmallestBoard) {
    State s(read_map("1 1 26 26\nS\n"));
    EXPECT_TRUE(s.finished());
    EXPECT_EQ(s.turns(), 0);
    EXPECT_EQ(s.final_line(), "0 26 26");
    EXPECT_EQ(s.actors().size(), 53u);
    EXPECT_EQ(s.actor_index('Z'), 26);
    EXPECT_EQ(s.actor_index('z'), 52);
    EXPECT_EQ(move_error(s, "Z5 z5."), "the search is over");
    std::string big = "256 256 0 0\n";
    for (int y = 0; y < 256; ++y) big += (y == 128 ? std::string(128, '.') + "S" + std::string(127, '.') : std::string(256, '.')) + "\n";
    const Map m = read_map(big);
    EXPECT_EQ(m.cols, 256);
    EXPECT_EQ(m.open_count(), 256 * 256);
    // Costar letters past p and extras past q are "nonexistent".
    State t(read_map("9 1 2 1\n....S....\n"));  // S sees x = 2..6 only
    EXPECT_EQ(move_error(t, "C5."), "Invalid move of dead or nonexistent costar C");
    EXPECT_EQ(move_error(t, "b5."), "Invalid move of dead or nonexistent extra b");
    EXPECT_EQ(move_error(t, "B5 a5."), "(no error)");
}

// The spec's table of the reference maps: size, p, q, open cells, and the cells left unseen
// after the view from S, as our reader and the initial State count them.
TEST(SearchPartyMap, ReferenceMapsMatchTheSpecTable) {
    struct Row {
        int cols, rows, p, q, open, unseen;
    };
    const Row table[5] = {{12, 12, 2, 0, 111, 105}, {20, 20, 1, 1, 264, 256}, {80, 47, 3, 2, 2513, 2495},
                          {150, 58, 4, 9, 7282, 7261}, {250, 146, 8, 13, 9762, 9741}};
    for (int i = 0; i < 5; ++i) {
        const std::string path = std::string(PURSUIT_SHARED_DIR) + "/ref/searchparty/map" + std::to_string(i + 1) + ".txt";
        const Map m = read_map(read_file(path), path);
        const Row& r = table[i];
        EXPECT_EQ((std::vector<int>{m.cols, m.rows, m.costars, m.extras, m.open_count(), State(m).unsearched()}),
                  (std::vector<int>{r.cols, r.rows, r.p, r.q, r.open, r.unseen}))
            << "map" << i + 1;
    }
}

// Batch form ends: no move line may follow the one that completes the search, and a map the
// view from S already covers is solved by the final line alone, "0 p q".
TEST(SearchPartyRules, CheckerEndsOfTheBatchForm) {
    auto r = check_solution(read_map(kExample1), "@4.\n@6.\n@6.\n@6.\n@6.\n5 0 0\n");
    EXPECT_FALSE(r.valid);
    EXPECT_EQ(r.message, "solution line 5: the search already ended after 4 turns, but more move lines follow");
    const Map covered = read_map("5 3 1 2\n.....\n..S..\n.....\n");
    r = check_solution(covered, "0 1 2\n");
    EXPECT_TRUE(r.valid && r.claim_matches) << r.message;
    r = check_solution(covered, "@5.\n1 1 2\n");
    EXPECT_FALSE(r.valid);
    EXPECT_EQ(r.message, "solution line 1: the search already ended after 0 turns, but more move lines follow");
    // A blank line before the final line is never read by the controller: not a fault (it was
    // "line 5: ... more move lines follow", naming the blank line).
    r = check_solution(read_map(kExample1), "@4.\n@6.\n@6.\n@6.\n\n4 0 0\n");
    EXPECT_TRUE(r.valid && r.claim_matches) << r.message;
    r = check_solution(covered, "\n\n0 1 2\n");
    EXPECT_TRUE(r.valid && r.claim_matches) << r.message;
    // Blank lines before the end are turns where nobody moves, as the controller plays them.
    r = check_solution(read_map(kExample1), "\n@4.\n@6.\n@6.\n@6.\n5 0 0\n");
    EXPECT_TRUE(r.valid && r.claim_matches) << r.message;
}

// A rule error keeps the original controller's words (what()) and names the actor and the
// reason in plain words (detail(), which the controller adds on stderr with the turn).
TEST(SearchPartyRules, RuleErrorsNameTheActorInPlainWords) {
    const auto detail = [](const std::string& map, const std::vector<std::string>& lines) -> std::pair<std::string, std::string> {
        State s(read_map(map));
        try {
            for (const auto& l : lines) s.play_line(l);
        } catch (const MoveLineError& e) {
            return {e.what(), e.detail()};
        }
        return {"(no error)", ""};
    };
    using P = std::pair<std::string, std::string>;
    EXPECT_EQ(detail(kExample1, {"@4.", "@4.", "@4."}),
              P("Invalid move of [0, 2] in direction 4 onto # or off of the map", "@ moves 4 from 0,2 onto a wall or off the map"));
    EXPECT_EQ(detail(kExample1, {"@4 @6."}), P("Invalid movelist (moving someone more than once in a turn)", "@ is moved more than once in the line"));
    EXPECT_EQ(detail(kExample1, {"12 1 0"}), P("Invalid movelist (moving someone more than once in a turn)",
                                               "two tokens start with '1' (the first characters of all tokens must differ)"));
    EXPECT_EQ(detail(kExample1, {"@0."}), P("Invalid move of [2, 2] in direction 0 onto # or off of the map",
                                           "@ at 2,2 has the direction '0', not a keypad digit 1-9"));
    EXPECT_EQ(detail(kExample1, {"@"}), P("Invalid move token '@' (no direction)", "@ has no direction"));
    EXPECT_EQ(detail("5 1 3 1\n..S..\n", {"D5"}), P("Invalid move of dead or nonexistent costar D", "costar D does not exist (the map has 3 costars, A..C)"));
    EXPECT_EQ(detail("5 1 3 1\n..S..\n", {"b5"}), P("Invalid move of dead or nonexistent extra b", "extra b does not exist (the map has 1 extra, a)"));
    // A costar walking 3 cells from the star dies on turn 3 (DeathsShowInTheNextBlock...).
    EXPECT_EQ(detail("9 1 1 0\nS........\n", {"A6.", "A6.", "A6.", "A4."}),
              P("Invalid move of dead or nonexistent costar A", "costar A is dead and cannot move"));
}

// searchparty-check refuses the move lines the controller refuses as garbage output (NUL,
// \x0b, \x0c, invalid UTF-8: they were read as spaces or ignored), naming the line, and a UTF-8
// byte order mark, which made line 1's first token one the reading ignores.
TEST(SearchPartyRules, CheckerRefusesWhatTheControllerRefusesAsGarbage) {
    const Map m = read_map(kExample1);
    auto r = check_solution(m, std::string("@4\0.\n@6.\n@6.\n@6.\n4 0 0\n", 20));
    EXPECT_FALSE(r.valid);
    EXPECT_EQ(r.message, "solution line 1: not a text line (byte 0x00 at column 3): '@4\\x00.' (the controller refuses it as garbage output)");
    r = check_solution(m, "@4.\n@6\x0b.\n@6.\n@6.\n4 0 0\n");
    EXPECT_FALSE(r.valid);
    EXPECT_EQ(r.turns, 1);  // the lines before it are played
    EXPECT_EQ(r.message, "solution line 2: not a text line (byte 0x0b at column 3): '@6\\x0b.' (the controller refuses it as garbage output)");
    r = check_solution(m, "@4.\n@6.\n\x0c@6.\n@6.\n4 0 0\n");
    EXPECT_EQ(r.message.rfind("solution line 3: not a text line (byte 0x0c at column 1)", 0), 0u) << r.message;
    r = check_solution(m, "@4.\n@6.\n@6.\n@6 \xff.\n4 0 0\n");
    EXPECT_EQ(r.message.rfind("solution line 4: not a text line (byte 0xff at column 4)", 0), 0u) << r.message;
    // The same lines in text are fine, CRLF too.
    r = check_solution(m, "@4.\r\n@6.\t\r\n@6.\r\n@6.\r\n4 0 0\r\n");
    EXPECT_TRUE(r.valid && r.claim_matches) << r.message;
    r = check_solution(m, "\xef\xbb\xbf@4.\n@6.\n@6.\n@6.\n4 0 0\n");
    EXPECT_FALSE(r.valid);
    EXPECT_EQ(r.message, "solution line 1: starts with a UTF-8 byte order mark (\\xef\\xbb\\xbf), which would hide its first token; "
                         "save the file without it");
}

// Text after the final line is named at its own line (the final line's was blamed as a move
// line "after the search ended"); a final line written twice is text after the final line.
// The controller ends the game at a solver line over 1 MiB (an output-limit failure); the
// checker accepted such a line when it was a move line padded with spaces, or the final line.
TEST(SearchPartyRules, CheckerRefusesALineLongerThanTheControllerTakes) {
    const Map m = read_map(kExample1);
    const std::string padded = "@6." + std::string(kMaxSolverLineBytes, ' ');
    auto r = check_solution(m, "@4.\n" + padded + "\n@6.\n@6.\n4 0 0\n");
    EXPECT_FALSE(r.valid);
    EXPECT_EQ(r.turns, 1);
    EXPECT_EQ(r.message, "solution line 2: 1048579 bytes, more than the controller takes in a line from a solver (1048576): '@6." +
                             std::string(37, ' ') + "...'");
    r = check_solution(m, "@4.\n@6.\n@6.\n@6.\n4 0 0" + std::string(kMaxSolverLineBytes, ' ') + "\n");
    EXPECT_FALSE(r.valid);
    EXPECT_EQ(r.turns, 4);
    EXPECT_EQ(r.message.rfind("solution line 5: 1048581 bytes, more than", 0), 0u) << r.message;
    r = check_solution(m, "@4.\n@6.\n@6.\n" + std::string(kMaxSolverLineBytes - 3, ' ') + "@6.\n4 0 0\n");  // at the limit
    EXPECT_TRUE(r.valid && r.claim_matches) << r.message;
}

TEST(SearchPartyRules, CheckerNamesTheLineAfterTheFinalLine) {
    const Map m = read_map(kExample1);
    auto r = check_solution(m, "@4.\n@6.\n@6.\n@6.\n4 0 0\ngarbage\n");
    EXPECT_FALSE(r.valid);
    EXPECT_EQ(r.turns, 4);
    EXPECT_EQ(r.message, "solution line 6: text after the final line (line 5): 'garbage'");
    r = check_solution(m, "@4.\n@6.\n@6.\n@6.\n4 0 0\n4 0 0\n");
    EXPECT_EQ(r.message, "solution line 6: text after the final line (line 5): '4 0 0'");
    r = check_solution(m, "@4.\n@6.\n@6.\n@6.\n4 0 0\n\n  \n@5.\n\n");  // blank lines skipped, trailing ones ignored
    EXPECT_EQ(r.message, "solution line 8: text after the final line (line 5): '@5.'");
    // A move line where the final line belongs is still that.
    r = check_solution(m, "@4.\n@6.\n@6.\n@6.\n@5.\n4 0 0\n");
    EXPECT_EQ(r.message, "solution line 5: the search already ended after 4 turns, but more move lines follow");
}

// Found by mutation testing (each assertion failed under a plausible bug that all other tests
// let through). Header and rows the reader must refuse: N = 0 is named against its range like
// M = 0 (not "row 1 has 1 characters, expected N = 0"); a row longer than N is an error, not cut
// to N; 'o' (a searched cell in the controller's board) is not a map character.
TEST(SearchPartyMap, ZeroColumnsLongRowsAndBoardCharactersAreRefused) {
    EXPECT_EQ(map_error("0 1 0 0\nS\n"), "m.txt line 1: N (columns) must be 1..256, got 0");
    EXPECT_EQ(map_error("3 1 0 0\nS...\n"), "m.txt line 2: grid row 1 has 4 characters, expected N = 3");
    EXPECT_EQ(map_error("3 2 0 0\nS..\n....\n"), "m.txt line 3: grid row 2 has 4 characters, expected N = 3");
    EXPECT_EQ(map_error("3 1 0 0\nSo.\n"), "m.txt line 2: bad character 'o' at x=1 (expected '.', '#' or 'S')");
}

// State::play(Moves), the typed path the solvers use, refuses what a move line may not do and
// leaves the state as it was. Hand-worked on the WallsBlockMovesButNotSight map: the star on
// 0,1 has the wall 1,1 to its right (6) and the border to its left (4); 2 (down, 0,2) is open.
TEST(SearchPartyRules, PlayRefusesWallsTheBorderAndTheDead) {
    State s(read_map("5 4 0 0\n.#...\nS#...\n.#...\n.....\n"));
    auto play_error = [&s](const Moves& m) {
        try {
            s.play(m);
        } catch (const IllegalMove& e) {
            return std::string(e.what());
        }
        return std::string("(no error)");
    };
    EXPECT_EQ(play_error(Moves{'6'}), "Invalid move of [0, 1] in direction 6 onto # or off of the map");
    EXPECT_EQ(play_error(Moves{'4'}), "Invalid move of [0, 1] in direction 4 onto # or off of the map");
    EXPECT_EQ(play_error(Moves{'9'}), "Invalid move of [0, 1] in direction 9 onto # or off of the map");
    EXPECT_EQ(s.turns(), 0);
    EXPECT_EQ(s.actors_line(), "@:0,1.");
    EXPECT_EQ(play_error(Moves{'2'}), "(no error)");
    EXPECT_EQ(s.actors_line(), "@:0,2.");
    // A costar walking 3 cells from the star dies on turn 3; then only its '5' may be played.
    State t(read_map("9 1 1 0\nS........\n"));
    for (int i = 0; i < 3; ++i) t.play(Moves{'5', '6'});
    ASSERT_FALSE(t.actors()[1].alive);
    EXPECT_THROW(t.play(Moves{'5', '4'}), IllegalMove);
    EXPECT_NO_THROW(t.play(Moves{'6', '5'}));
}

// The canonical line (the solver's output, the game's suggestions) lists the living only: a dead
// actor's "A5" is a rule error for the controller. Same corridor: A dies on turn 3.
TEST(SearchPartyRules, TheCanonicalLineLeavesTheDeadOut) {
    State s(read_map("9 1 1 0\nS........\n"));
    EXPECT_EQ(s.format_line(s.all_stay()), "@5 A5.");
    for (int i = 0; i < 3; ++i) s.play_line("A6.");
    EXPECT_EQ(s.costars_alive(), 0);
    EXPECT_EQ(s.format_line(s.all_stay()), "@5.");
    EXPECT_EQ(s.format_line(Moves{'6', '5'}), "@6.");
    EXPECT_NO_THROW(s.play_line(s.format_line(Moves{'6', '5'})));
}

// The game's legal moves are those of the living: in the corridor the star on 0,0 may stay (5)
// or step right (6); once A is dead (turn 3) it has no entry.
TEST(SearchPartyGame, LegalMovesAreThoseOfTheLiving) {
    auto g = create_game(Json{{"game", "searchparty"}, {"map", "9 1 1 0\nS........\n"}});
    EXPECT_EQ(g->legal_moves(0), Json::parse(R"({"@": ["5", "6"], "A": ["5", "6"]})"));
    for (int i = 0; i < 3; ++i) g->apply(Json("A6."));
    EXPECT_EQ(g->legal_moves(0), Json::parse(R"({"@": ["5", "6"]})"));
}

// The final line's three numbers are all compared: in "6 1 1 0 / S....." the costar walking
// right finishes the search on turn 3 (at x = 3 it sees x = 5) and dies the same turn (3 from
// the star), so the truth is "3 0 0"; on a map the view from S covers it is "0 1 2".
TEST(SearchPartyRules, CheckerComparesEveryNumberOfTheFinalLine) {
    const Map corridor = read_map("6 1 1 0\nS.....\n");
    auto r = check_solution(corridor, "A6.\nA6.\nA6.\n3 0 0\n");
    EXPECT_TRUE(r.valid && r.claim_matches) << r.message;
    r = check_solution(corridor, "A6.\nA6.\nA6.\n3 1 0\n");
    EXPECT_TRUE(r.valid);
    EXPECT_FALSE(r.claim_matches);
    EXPECT_EQ(r.message, "solution line 4: the final line claims '3 1 0' but the true result is '3 0 0'");
    const Map covered = read_map("5 3 1 2\n.....\n..S..\n.....\n");
    EXPECT_TRUE(check_solution(covered, "0 1 2\n").claim_matches);
    EXPECT_FALSE(check_solution(covered, "0 1 1\n").claim_matches);
    EXPECT_FALSE(check_solution(covered, "0 2 1\n").claim_matches);
}

// Any whitespace separates tokens, as the original's split() reads a line: "@6<TAB>A2" moves
// both (with a space-only split it was one token, "@6\tA2", moving the star alone). On the
// MoveLineQuirks map (S on 4,2, cast @ A B a) the digits are in cast order.
TEST(SearchPartyRules, TabsSeparateMoveTokensAsSpacesDo) {
    State s(read_map("9 5 2 1\n.........\n.........\n....S....\n.........\n.........\n"));
    const Moves m = s.parse_line("@6\tA2\t a8.");
    EXPECT_EQ(std::string(m.begin(), m.end()), "6258");
    EXPECT_EQ(move_error(s, "@6\t@4."), "Invalid movelist (moving someone more than once in a turn)");
}

// Deaths are checked before the end of the search, so a death on the finishing turn counts.
// "6 1 1 0 / S.....": A walking right sees x = 5 from x = 3 on turn 3 (the search is over) and
// is 3 from the star, so it dies that turn: "3 0 0", not "3 1 0".
TEST(SearchPartyRules, DeathsOnTheLastTurnCount) {
    State s(read_map("6 1 1 0\nS.....\n"));
    s.play_line("A6.");
    s.play_line("A6.");
    EXPECT_FALSE(s.finished());
    EXPECT_EQ(s.costars_alive(), 1) << "at distance 2 A still sees the star";
    s.play_line("A6.");
    EXPECT_TRUE(s.finished());
    EXPECT_EQ(s.costars_alive(), 0);
    EXPECT_EQ(s.final_line(), "3 0 0");
}
