// Tests: the rules (placement, moves, joint Detectives' moves, capture, schedule), the
// exact scoring with every example of the contract, and the Detectives' knowledge.
#include <gtest/gtest.h>

#include "common/errors.h"
#include "fugitive/knowledge.h"
#include "fugitive/rules.h"
#include "test_maps.h"

using namespace pursuit;
using namespace pursuit::fugitive;

namespace {

// A ring of 20 cities: the Fugitive and the Detectives walk around it predictably.
std::shared_ptr<const Map> ring20() { return std::make_shared<Map>(read_map(fugitive_test::ring(20))); }

// Fugitive starts at 1, Detectives at 11..14; every turn the Fugitive steps 1->2->1...
// and the Detectives step back and forth 11..14 <-> 12..15 (far away).
State quiet_game(int turns) {
    State s(ring20());
    s.place_detectives({11, 12, 13, 14});
    s.place_fugitive(1);
    for (int t = 1; t <= turns; ++t) {
        s.move_fugitive({'C', t % 2 ? 2 : 1});
        s.move_detectives(t % 2 ? Detectives{12, 13, 14, 15} : Detectives{11, 12, 13, 14});
    }
    return s;
}

}  // namespace

TEST(FugitiveRules, AnnouncementScheduleIsEveryFifthTurn) {
    for (int t = 1; t <= 50; ++t) EXPECT_EQ(is_announcement_turn(t), t % 5 == 0) << t;
    EXPECT_FALSE(is_announcement_turn(0));
}

TEST(FugitiveRules, PlacementRules) {
    State s(ring20());
    EXPECT_EQ(s.to_move(), kDetectives);
    EXPECT_THROW(s.place_fugitive(3), IllegalMove);  // Detectives place first
    EXPECT_THROW(s.place_detectives({1, 2, 2, 4}), IllegalMove);
    EXPECT_THROW(s.place_detectives({1, 2, 3, 21}), IllegalMove);
    EXPECT_EQ(s.why_illegal_detectives_placement({1, 2, 2, 4}), "Detectives 2 and 3 both start on city 2");
    s.place_detectives({1, 2, 3, 4});
    EXPECT_EQ(s.to_move(), kFugitive);
    EXPECT_EQ(s.why_illegal_fugitive_placement(3), "city 3 holds a Detective");  // Decision of the contract
    EXPECT_THROW(s.place_fugitive(3), IllegalMove);
    s.place_fugitive(10);
    EXPECT_EQ(s.turn(), 1);
    EXPECT_EQ(s.phase(), Phase::FugitiveMove);
}

TEST(FugitiveRules, FugitiveMustUseAnExistingRoadOfThatTransport) {
    State s(std::make_shared<Map>(read_map(fugitive_test::kExample8)));
    s.place_detectives({2, 3, 6, 7});
    s.place_fugitive(1);
    EXPECT_EQ(s.why_illegal_fugitive_move({'T', 4}), "no T road from 1 to 4");
    EXPECT_EQ(s.why_illegal_fugitive_move({'C', 1}), "no C road from 1 to 1");  // nobody stays
    EXPECT_EQ(s.why_illegal_fugitive_move({'X', 4}), "unknown transport 'X' (expected C, T or P)");
    EXPECT_TRUE(s.why_illegal_fugitive_move({'P', 4}).empty());
    const auto moves = s.fugitive_moves();  // from 1: C2 P4 C5 T8
    ASSERT_EQ(moves.size(), 4u);
    EXPECT_EQ(move_text(moves[1]), "P 4");
    EXPECT_THROW(s.move_fugitive({'T', 4}), IllegalMove);
    EXPECT_EQ(s.fugitive(), 1);  // unchanged
}

// Two cities joined by roads of two transports: the Fugitive picks the road, and the
// Detectives learn only its letter. Example map, Fugitive on 3 (C 3-4, C 3-6, T 2-3, T 3-4,
// T 3-8), Detectives on 1 5 6 7: by train it may be on 2, 4 or 8; by car only on 4 (6 holds
// a Detective, so it is not there).
TEST(FugitiveRules, ParallelRoadsOfTwoTransportsAreTwoMovesTellingDifferentThings) {
    const auto map = std::make_shared<Map>(read_map(fugitive_test::kExample8));
    State s(map);
    s.place_detectives({1, 5, 6, 7});
    s.place_fugitive(3);
    std::vector<std::string> moves;
    for (const FugitiveMove& m : s.fugitive_moves()) moves.push_back(move_text(m));
    EXPECT_EQ(moves, (std::vector<std::string>{"T 2", "C 4", "T 4", "C 6", "T 8"}));
    State by_car = s;
    by_car.move_fugitive({'C', 4});
    EXPECT_EQ(Knowledge::of(by_car).cities(), (std::vector<int>{4}));
    s.move_fugitive({'T', 4});
    EXPECT_EQ(s.fugitive(), 4);
    EXPECT_EQ(Knowledge::of(s).cities(), (std::vector<int>{2, 4, 8}));
}

TEST(FugitiveRules, DetectivesJointMoveAllMoveDistinctSwapsLegal) {
    State s(ring20());
    s.place_detectives({5, 6, 8, 15});
    s.place_fugitive(1);
    s.move_fugitive({'C', 20});
    EXPECT_EQ(s.why_illegal_detectives_move({6, 5, 9, 16}), "");  // 1 and 2 swap: legal
    EXPECT_EQ(s.why_illegal_detectives_move({4, 7, 8, 16}), "Detective 3: no road from 8 to 8");  // nobody stays
    EXPECT_EQ(s.why_illegal_detectives_move({4, 7, 7, 16}), "Detectives 2 and 3 both end on city 7");
    EXPECT_EQ(s.why_illegal_detectives_move({4, 7, 9, 17}), "Detective 4: no road from 15 to 17");
    EXPECT_THROW(s.move_detectives({4, 7, 7, 16}), IllegalMove);
    EXPECT_EQ(s.detectives(), (Detectives{5, 6, 8, 15}));  // unchanged
    s.move_detectives({6, 5, 9, 16});
    EXPECT_EQ(s.detectives(), (Detectives{6, 5, 9, 16}));
    EXPECT_EQ(s.turn(), 2);
    EXPECT_EQ(s.to_move(), kFugitive);
}

TEST(FugitiveRules, NoJointMoveMeansTheDetectivesLose) {
    // A triangle 1-2-3 with a tail: 4 Detectives, 3 of them on the triangle and the fourth
    // stuck: every car neighbour set overlaps so some joint move is impossible.
    // Map: 1-2,2-3,3-1 triangle and 4-5,5-6,6-4 triangle joined 3-4. Detectives on 1,2,5,6.
    const auto map = std::make_shared<Map>(read_map("6\nC 1-2\nC 2-3\nC 3-1\nC 4-5\nC 5-6\nC 6-4\nC 3-4\nEND\n"));
    State s(map);
    EXPECT_TRUE(s.joint_move_exists({1, 2, 5, 6}));  // 1->2, 2->1 (swap), 5->6, 6->5
    // Detectives on 1,2,3 (triangle) + 4: 1,2 can only go to {2,3},{1,3}; 3 to {1,2,4}; 4 to {3,5,6}.
    EXPECT_TRUE(s.joint_move_exists({1, 2, 3, 4}));
    // 5-city wheel-less ring: Detectives on 4 of 5 ring cities always can rotate.
    State r(std::make_shared<Map>(read_map(fugitive_test::ring(5))));
    EXPECT_TRUE(r.joint_move_exists({1, 2, 3, 4}));
    // A star-like map where two Detectives share their only two neighbours and a third
    // Detective too: leaves 1 and 2 with neighbours {3,4} only, and Detective 3 on 5 with
    // neighbours {3,4} only -> three pieces for two cities: no joint move.
    const auto star = std::make_shared<Map>(read_map("6\nC 1-3\nC 1-4\nC 2-3\nC 2-4\nC 5-3\nC 5-4\nC 6-3\nC 6-4\nEND\n"));
    State t(star);
    EXPECT_FALSE(t.joint_move_exists({1, 2, 5, 6}));
    t.place_detectives({1, 2, 5, 6});
    t.place_fugitive(3);
    t.move_fugitive({'C', 1});  // the Fugitive may go to 1: a Detective stands there -> capture
    EXPECT_TRUE(t.over());
    State u(star);
    u.place_detectives({1, 2, 5, 6});
    u.place_fugitive(4);
    // 4's neighbours are 1,2,5,6: all Detectives. Walk onto Detective 1 on turn 1.
    u.move_fugitive({'C', 1});
    EXPECT_EQ(u.ending(), Ending::CapturedByFugitiveMove);
    EXPECT_EQ(u.score(), (std::array<int, 2>{0, 20}));
}

TEST(FugitiveRules, DetectivesWithoutJointMoveForfeit) {
    // Detectives on 3,4 (hub) and 1,2: from 1 and 2 only {3,4}; hubs go to 1,2,5,6.
    // Put them on 1,2,5,6 after the Fugitive's move: they have no joint move -> 20-0.
    const auto star = std::make_shared<Map>(read_map("7\nC 1-3\nC 1-4\nC 2-3\nC 2-4\nC 5-3\nC 5-4\nC 6-3\nC 6-4\nC 7-3\nC 7-4\nEND\n"));
    State s(star);
    s.place_detectives({1, 2, 5, 6});
    s.place_fugitive(7);
    s.move_fugitive({'C', 3});  // 3 holds no Detective: the Fugitive is safe; Detectives stuck
    EXPECT_TRUE(s.over());
    EXPECT_EQ(s.ending(), Ending::Forfeit);
    EXPECT_EQ(s.forfeited_by(), kDetectives);
    EXPECT_EQ(s.score(), (std::array<int, 2>{20, 0}));
}

// --- scoring: every example of the contract -------------------------------------------
// Ring of 20 cities, all by car. Detectives 2..4 shuttle 12,13,14 <-> 13,14,15 far away;
// the script gives the Fugitive's city and Detective 1's city per turn.
namespace {
void play(State& s, const std::vector<std::pair<int, int>>& script) {
    for (const auto& [fugitive, detective1] : script) {
        s.move_fugitive({'C', fugitive});
        if (s.over()) return;
        s.move_detectives(s.turn() % 2 ? Detectives{detective1, 13, 14, 15} : Detectives{detective1, 12, 13, 14});
    }
}
// Turns 1..k: the Fugitive shuttles 1 -> 20 -> 1 ..., Detective 1 shuttles 3 -> 2 -> 3 ...
std::vector<std::pair<int, int>> shuttle(int k) {
    std::vector<std::pair<int, int>> out;
    for (int t = 1; t <= k; ++t) out.push_back(t % 2 ? std::pair{20, 2} : std::pair{1, 3});
    return out;
}
State shuttle_start() {
    State s(ring20());
    s.place_detectives({3, 12, 13, 14});
    s.place_fugitive(1);
    return s;
}
}  // namespace

TEST(FugitiveScoring, EscapeAfterTurn50Is20To0) {
    State s = quiet_game(50);
    ASSERT_TRUE(s.over());
    EXPECT_EQ(s.ending(), Ending::Escaped);
    EXPECT_EQ(s.score(), (std::array<int, 2>{20, 0}));
    EXPECT_EQ(s.announcements_used(), 10);
    State t = shuttle_start();
    play(t, shuttle(50));  // Detective 1 always next to it, never on it
    EXPECT_EQ(t.ending(), Ending::Escaped);
    EXPECT_EQ(t.score(), (std::array<int, 2>{20, 0}));
}

TEST(FugitiveScoring, CaughtInRoundOneBeforeTheAnnouncementIs0To20) {
    State s = shuttle_start();
    auto script = shuttle(1);       // after turn 1: Fugitive 20, Detective 1 on 2
    script.push_back({1, 1});       // turn 2: Fugitive to 1, Detective 1 from 2 onto 1
    play(s, script);
    ASSERT_TRUE(s.over());
    EXPECT_EQ(s.ending(), Ending::CapturedByDetectivesMove);
    EXPECT_EQ(s.capture_turn(), 2);
    EXPECT_EQ(s.score(), (std::array<int, 2>{0, 20}));
    EXPECT_EQ(s.end_reason(), "Detective 1 caught the Fugitive at city 1 on turn 2");
}

TEST(FugitiveScoring, CaughtByTheDetectivesMoveOfTurn5Is1To19) {
    State s = shuttle_start();
    auto script = shuttle(4);       // after turn 4: Fugitive 1, Detective 1 on 3
    script.push_back({2, 2});       // turn 5 (announced at 2), Detective 1 from 3 onto 2
    play(s, script);
    ASSERT_TRUE(s.over());
    EXPECT_EQ(s.capture_turn(), 5);
    EXPECT_EQ(s.announcements_used(), 1);
    EXPECT_EQ(s.score(), (std::array<int, 2>{1, 19}));
}

TEST(FugitiveScoring, CaughtByTheDetectivesMoveOfTurn50Is10To10) {
    State s = shuttle_start();
    auto script = shuttle(49);      // after turn 49: Fugitive 20, Detective 1 on 2
    script.push_back({1, 1});       // turn 50
    play(s, script);
    ASSERT_TRUE(s.over());
    EXPECT_EQ(s.ending(), Ending::CapturedByDetectivesMove);
    EXPECT_EQ(s.capture_turn(), 50);
    EXPECT_EQ(s.score(), (std::array<int, 2>{10, 10}));
}

TEST(FugitiveScoring, CaughtOnTurn12CountsTwoUsedAnnouncements) {
    State s = shuttle_start();
    auto script = shuttle(11);
    script.push_back({1, 1});
    play(s, script);
    EXPECT_EQ(s.capture_turn(), 12);
    EXPECT_EQ(s.score(), (std::array<int, 2>{2, 18}));
}

TEST(FugitiveScoring, FugitiveWalkingOntoADetectiveOnTurn5Is0To20) {
    // Detective 1 starts on 4 (other colour of the ring than the Fugitive) and ends turn 4
    // on 2, next to the Fugitive on 1; on turn 5 the Fugitive walks onto it.
    State s(ring20());
    s.place_detectives({4, 12, 13, 14});
    s.place_fugitive(1);
    play(s, {{20, 3}, {1, 4}, {20, 3}, {1, 2}, {2, 0}});
    ASSERT_TRUE(s.over());
    EXPECT_EQ(s.ending(), Ending::CapturedByFugitiveMove);
    EXPECT_EQ(s.capture_turn(), 5);
    EXPECT_EQ(s.announcements_used(), 0);  // that turn's announcement is still unused
    EXPECT_EQ(s.score(), (std::array<int, 2>{0, 20}));
    EXPECT_EQ(s.end_reason(), "the Fugitive walked onto a Detective at city 2 on turn 5");
}

TEST(FugitiveScoring, FugitiveWalkingOntoADetectiveOnTurn10Is1To19) {
    State s(ring20());
    s.place_detectives({4, 12, 13, 14});
    s.place_fugitive(1);
    play(s, {{20, 3}, {1, 4}, {20, 3}, {1, 4}, {20, 3}, {1, 4}, {20, 3}, {1, 2}, {20, 1}, {1, 0}});
    ASSERT_TRUE(s.over());
    EXPECT_EQ(s.ending(), Ending::CapturedByFugitiveMove);
    EXPECT_EQ(s.capture_turn(), 10);
    EXPECT_EQ(s.announcements_used(), 1);  // turn 5 used, turn 10 not
    EXPECT_EQ(s.score(), (std::array<int, 2>{1, 19}));
}

// Turn 50 is an announcement turn: walking onto a Detective then leaves that announcement
// unused, so 9 are used (turns 5..45) and the Detectives score 10 + 1 = 11, the Fugitive 9.
// Script: turns 1..46 shuttle (Fugitive 20/1, Detective 1 3/4); turn 47 Fugitive 20, D1 3;
// turn 48 Fugitive 1, D1 2 (next to it); turn 49 Fugitive 20, D1 1; turn 50 the Fugitive
// walks 20 -> 1 onto Detective 1. The Detectives' move of turn 50 is never made.
TEST(FugitiveScoring, FugitiveWalkingOntoADetectiveOnTurn50Is9To11) {
    State s(ring20());
    s.place_detectives({4, 12, 13, 14});
    s.place_fugitive(1);
    std::vector<std::pair<int, int>> script;
    for (int t = 1; t <= 46; ++t) script.push_back(t % 2 ? std::pair{20, 3} : std::pair{1, 4});
    for (auto step : {std::pair{20, 3}, std::pair{1, 2}, std::pair{20, 1}, std::pair{1, 0}}) script.push_back(step);
    play(s, script);
    ASSERT_TRUE(s.over());
    EXPECT_EQ(s.ending(), Ending::CapturedByFugitiveMove);
    EXPECT_EQ(s.capture_turn(), 50);
    EXPECT_EQ(s.announcements_used(), 9);
    EXPECT_EQ(s.score(), (std::array<int, 2>{9, 11}));
    ASSERT_EQ(s.history().size(), 50u);
    EXPECT_FALSE(s.history().back().detectives_moved);
}

TEST(FugitiveScoring, ForfeitIs0To20ForTheOffender) {
    State s = shuttle_start();
    s.forfeit(kFugitive, "Fugitive crashed");
    EXPECT_EQ(s.score(), (std::array<int, 2>{0, 20}));
    State t = shuttle_start();
    play(t, shuttle(7));
    t.forfeit(kDetectives, "Detectives: illegal move");
    EXPECT_EQ(t.score(), (std::array<int, 2>{20, 0}));
    EXPECT_EQ(t.forfeited_by(), kDetectives);
}

// --- knowledge ------------------------------------------------------------------------

TEST(FugitiveKnowledge, ExactPossibleSetOnTheContractExample) {
    // Example map. Detectives on 2,3,6,7; Fugitive starts on 1.
    const auto map = std::make_shared<Map>(read_map(fugitive_test::kExample8));
    State s(map);
    s.place_detectives({2, 3, 6, 7});
    s.place_fugitive(1);
    Knowledge k = Knowledge::of(s);
    EXPECT_EQ(k.cities(), (std::vector<int>{1}));
    s.move_fugitive({'C', 5});  // by car from {1}: {2,5}; 2 holds a Detective -> {5}
    k = Knowledge::of(s);
    EXPECT_EQ(k.cities(), (std::vector<int>{5}));
    s.move_detectives({1, 4, 8, 6});  // 2->1, 3->4, 6->8, 7->6
    k = Knowledge::of(s);
    EXPECT_EQ(k.cities(), (std::vector<int>{5}));
    s.move_fugitive({'C', 2});  // from {5} by car: {1,2,8}; Detectives on 1,4,8,6 -> {2}
    EXPECT_EQ(Knowledge::of(s).cities(), (std::vector<int>{2}));
    s.move_detectives({2, 3, 5, 7});  // 1->2 catches it
    EXPECT_TRUE(s.over());
}

TEST(FugitiveKnowledge, GrowsWithTransportsAndCollapsesOnAnnouncements) {
    State s = shuttle_start();  // ring20, Fugitive on 1, Detectives 3,12,13,14
    play(s, shuttle(1));        // C: from {1}: {2,20}; Detective 1 moved 3->2 -> {20}
    EXPECT_EQ(Knowledge::of(s).cities(), (std::vector<int>{20}));
    play(s, {{1, 3}});          // C: {19,1}; Detectives end on 3,12,13,14
    EXPECT_EQ(Knowledge::of(s).cities(), (std::vector<int>{1, 19}));
    play(s, {{20, 2}});         // {2,20,18} minus Detective on 2 -> {18,20}
    EXPECT_EQ(Knowledge::of(s).cities(), (std::vector<int>{18, 20}));
    play(s, {{1, 3}});          // {17,19,1} (2 excluded? 2 free again after move: {1,17,19,...})
    EXPECT_EQ(Knowledge::of(s).cities(), (std::vector<int>{1, 17, 19}));
    s.move_fugitive({'C', 20});  // turn 5: announcement
    EXPECT_EQ(Knowledge::of(s).cities(), (std::vector<int>{20}));
}

// --- gaps found by mutation testing -----------------------------------------------------

// Cities are 1..n: city 0 is out of range for both placements (it was only tested above n),
// and a Detective placed on Detective 1's city is caught however far apart the two are.
TEST(FugitiveRules, CityZeroAndADuplicateOfDetective1AreIllegalPlacements) {
    State s(ring20());
    EXPECT_EQ(s.why_illegal_detectives_placement({0, 2, 3, 4}), "Detective 1: city 0 out of range 1..20");
    EXPECT_EQ(s.why_illegal_detectives_placement({1, 2, 3, 1}), "Detectives 1 and 4 both start on city 1");
    EXPECT_THROW(s.place_detectives({1, 2, 3, 1}), IllegalMove);
    s.place_detectives({11, 12, 13, 14});
    EXPECT_EQ(s.why_illegal_fugitive_placement(0), "city 0 out of range 1..20");
    EXPECT_EQ(s.why_illegal_fugitive_placement(21), "city 21 out of range 1..20");
    EXPECT_THROW(s.place_fugitive(0), IllegalMove);
    EXPECT_EQ(s.fugitive(), 0);  // still unplaced
}

// Ring of 20. Detectives on 2, 10, 12, 4; the Fugitive goes 18 -> 17. Detectives 1 (2 -> 3)
// and 4 (4 -> 3) both step onto city 3: illegal, though they are not neighbours in the list.
TEST(FugitiveRules, Detectives1And4MayNotEndOnOneCity) {
    State s(ring20());
    s.place_detectives({2, 10, 12, 4});
    s.place_fugitive(18);
    s.move_fugitive({'C', 17});
    EXPECT_EQ(s.why_illegal_detectives_move({3, 11, 13, 3}), "Detectives 1 and 4 both end on city 3");
    EXPECT_THROW(s.move_detectives({3, 11, 13, 3}), IllegalMove);
    EXPECT_EQ(s.why_illegal_detectives_move({3, 11, 13, 5}), "");
}

// The Detectives also learn from their own move: a city a Detective stepped onto without
// catching anyone does not hold the Fugitive. Ring of 20, Detectives 19 12 13 14, Fugitive on
// 1 takes a car: it may be on 2 or 20. Detective 1 steps 19 -> 20 and catches nobody, so the
// Fugitive is on 2.
TEST(FugitiveKnowledge, ACityADetectiveMovedOntoIsRuledOut) {
    State s(ring20());
    s.place_detectives({19, 12, 13, 14});
    s.place_fugitive(1);
    s.move_fugitive({'C', 2});
    EXPECT_EQ(Knowledge::of(s).cities(), (std::vector<int>{2, 20}));
    s.move_detectives({20, 13, 14, 15});
    ASSERT_FALSE(s.over());
    EXPECT_EQ(Knowledge::of(s).cities(), (std::vector<int>{2}));
    s.move_fugitive({'C', 3});  // by car from {2}: {1, 3}
    EXPECT_EQ(Knowledge::of(s).cities(), (std::vector<int>{1, 3}));
}
