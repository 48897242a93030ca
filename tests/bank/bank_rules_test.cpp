// The Bank Heist rules, each on a hand-worked position of the spec layout (rows A..Q bottom
// to top, floors on rows A E I M Q, stairs in columns E I Q U, lifts in columns A M Y).
#include <gtest/gtest.h>

#include <algorithm>

#include "bank_test_util.h"
#include "common/errors.h"
#include "common/fingerprint.h"
#include "common/game.h"

using namespace pursuit;
using namespace pursuit::bank;
using bank_test::at;
using bank_test::error_of;
using bank_test::placed;

TEST(BankRules, PlacementIsHiddenAnywhereWalkableButGuardCells) {
    Position pos(default_layout(), 150);
    EXPECT_EQ(pos.to_move(), kRobbers);
    EXPECT_EQ(pos.placement_error({at("GE"), at("GQ"), at("MW"), at("QH")}), "");
    EXPECT_EQ(pos.placement_error({at("GE"), at("GE"), at("QB"), at("BE")}), "");  // sharing is fine
    EXPECT_EQ(pos.placement_error({at("AK"), at("GQ"), at("MW"), at("QH")}), "robber 1: AK holds a guard");
    EXPECT_EQ(pos.placement_error({at("GE"), at("BB"), at("MW"), at("QH")}), "robber 2: BB is not a floor or stair cell");
    EXPECT_EQ(pos.placement_error({at("GE"), at("GQ"), at("CA"), at("QH")}), "robber 3: CA is not a floor or stair cell");  // shaft
    EXPECT_EQ(error_of([] { parse_placement(default_layout(), "GE GQ MW"); }),
              "the robbers' start line needs 4 cells separated by spaces, e.g. \"GE GQ MW QH\"; got 'GE GQ MW'");
    EXPECT_EQ(error_of([] { parse_placement(default_layout(), "GE GQ MZ QH"); }),
              "robber 3: 'MZ' is not a cell name (row letter, column letter)");
    pos.place({at("GE"), at("GQ"), at("MW"), at("QH")});
    EXPECT_EQ(pos.to_move(), kGuards);  // then guards move first
}

TEST(BankRules, WalkingAlongFloorsAndStairs) {
    Position pos = placed("EA QY CE MM");
    // guards AK AL AN AO
    EXPECT_EQ(pos.piece_error(kGuards, 0, 'L'), "");
    EXPECT_EQ(pos.piece_error(kGuards, 0, 'U'), "guard 1: 'U' needs a staircase; at AK is not on one");
    pos.play(kGuards, "LRSS");
    EXPECT_EQ(pos.coordinate(kGuards, 0), "AJ");
    EXPECT_EQ(pos.coordinate(kGuards, 1), "AM");
    // Robber 1 at EA (floor 2, left end): no L; robber 2 at QY: no R, no U.
    EXPECT_EQ(pos.piece_error(kRobbers, 0, 'L'), "robber 1: 'L' leads into a wall from EA");
    EXPECT_EQ(pos.piece_error(kRobbers, 1, 'R'), "robber 2: 'R' leads into a wall from QY");
    // Robber 3 on stair CE: U and D, not L/R.
    EXPECT_EQ(pos.piece_error(kRobbers, 2, 'U'), "");
    EXPECT_EQ(pos.piece_error(kRobbers, 2, 'D'), "");
    EXPECT_EQ(pos.piece_error(kRobbers, 2, 'R'), "robber 3: 'R' needs a floor cell; at CE is a stair");
    pos.play(kRobbers, "RLUS");
    EXPECT_EQ(pos.coordinate(kRobbers, 0), "EB");
    EXPECT_EQ(pos.coordinate(kRobbers, 1), "QX");
    EXPECT_EQ(pos.coordinate(kRobbers, 2), "DE");
    pos.play(kGuards, "SSSS");
    pos.play(kRobbers, "SSUS");  // onto the junction EE: one floor = 4 stair moves from AE
    EXPECT_EQ(pos.coordinate(kRobbers, 2), "EE");
    pos.play(kGuards, "SSSS");
    EXPECT_EQ(pos.piece_error(kRobbers, 2, 'L'), "");  // a junction is a floor cell too
    EXPECT_EQ(pos.piece_error(kRobbers, 2, 'U'), "");
    // At the top junction the staircase ends.
    Position top = placed("QE QI QQ QU");
    top.play(kGuards, "SSSS");
    EXPECT_EQ(top.piece_error(kRobbers, 0, 'U'), "robber 1: 'U': the staircase at QE goes no further up");
    EXPECT_EQ(top.piece_error(kGuards, 0, 'D'), "guard 1: 'D' needs a staircase; at AK is not on one");
}

TEST(BankRules, StayCaughtAndRidingCommands) {
    Position pos = placed("AJ QY CE MM");
    pos.play(kGuards, "LSSS");  // guard 1 AK -> AJ catches robber 1
    ASSERT_EQ(pos.caught_count(), 1);
    EXPECT_EQ(pos.piece_error(kRobbers, 0, 'S'), "robber 1: is caught; its command must be '#'");
    EXPECT_EQ(pos.piece_error(kRobbers, 1, '#'), "robber 2: is not caught; '#' is only for caught robbers");
    EXPECT_EQ(pos.piece_error(kRobbers, 1, 'I'), "robber 2: 'I' is only for a piece riding a lift at QY");
    EXPECT_EQ(pos.piece_error(kRobbers, 1, 'x'), "robber 2: unknown command 'x' (expected one of L R U D S 1-9 I #)");
    EXPECT_EQ(pos.piece_error(kRobbers, 1, '\x01'), "robber 2: unknown command '\\x01' (expected one of L R U D S 1-9 I #)");
    EXPECT_EQ(pos.move_error(kRobbers, "#SS"), "expected 4 commands with no spaces (one per piece), got '#SS'");
    EXPECT_EQ(pos.move_error(kGuards, "SSSS"), "it is the robbers' turn");
    pos.play(kRobbers, "#SSS");
    EXPECT_EQ(pos.piece_error(kGuards, 0, '#'), "guard 1: '#' is only for caught robbers");
}

TEST(BankRules, LiftRideTwoRowsAMoveAndArrival) {
    Position pos = placed("QY QX QW QV");
    pos.play(kGuards, "SRSS");  // guard 2 AL -> AM, the middle lift's door on floor 1
    pos.play(kRobbers, "SSSS");
    EXPECT_EQ(pos.piece_error(kGuards, 1, '1'), "guard 2: '1' is its own floor");
    EXPECT_EQ(pos.piece_error(kGuards, 0, '3'), "guard 1: '3' calls a lift but at AK is not a lift door");
    pos.play(kGuards, "S3SS");  // call to floor 3 (row I): the car moves 2 rows at once
    EXPECT_EQ(pos.lift_states(), "FBF");
    EXPECT_EQ(pos.coordinate(kGuards, 1), "CM");  // in-lift coordinate, odd-ordinal row letter
    EXPECT_EQ(pos.line_for(kRobbers), "AK CM AN AO FBF");
    pos.play(kRobbers, "SSSS");
    EXPECT_EQ(pos.piece_error(kGuards, 1, 'S'), "guard 2: rides a lift; its command must be 'I'");
    pos.play(kGuards, "SISS");
    EXPECT_EQ(pos.coordinate(kGuards, 1), "EM");  // passing floor 2 inside the car
    EXPECT_TRUE(pos.pieces(kGuards)[1].riding());
    pos.play(kRobbers, "SSSS");
    pos.play(kGuards, "SISS");
    EXPECT_EQ(pos.coordinate(kGuards, 1), "GM");
    pos.play(kRobbers, "SSSS");
    pos.play(kGuards, "SISS");  // 2 floors = 4 moves: out on IM, the lift free again
    EXPECT_EQ(pos.coordinate(kGuards, 1), "IM");
    EXPECT_FALSE(pos.pieces(kGuards)[1].riding());
    EXPECT_EQ(pos.lift_states(), "FFF");
    pos.play(kRobbers, "SSSS");
    EXPECT_EQ(pos.piece_error(kGuards, 1, 'I'), "guard 2: 'I' is only for a piece riding a lift at IM");
    EXPECT_EQ(pos.piece_error(kGuards, 1, '1'), "");  // may ride again at once
}

TEST(BankRules, BusyLiftAndOneCallerPerLift) {
    Position pos = placed("EM AY QW QV");
    pos.play(kGuards, "SRLS");  // guards 2 and 3 both on AM
    // Robber 1 calls the middle lift from floor 2 first: it is busy for the guards now.
    pos.play(kRobbers, "5SSS");
    EXPECT_EQ(pos.coordinate(kRobbers, 0), "GM");
    EXPECT_EQ(pos.lift_states(), "FBF");
    EXPECT_EQ(pos.piece_error(kGuards, 1, '3'), "guard 2: the lift at AM is busy");
    pos.play(kGuards, "SSSS");
    pos.play(kRobbers, "ISSS");
    pos.play(kGuards, "SSSS");
    pos.play(kRobbers, "ISSS");
    pos.play(kGuards, "SSSS");
    pos.play(kRobbers, "ISSS");  // floors 2 -> 5: 6 moves
    pos.play(kGuards, "SSSS");
    pos.play(kRobbers, "ISSS");
    pos.play(kGuards, "SSSS");
    pos.play(kRobbers, "ISSS");
    EXPECT_EQ(pos.coordinate(kRobbers, 0), "QM");
    EXPECT_EQ(pos.lift_states(), "FFF");
    // Two guards on one door may not both call that lift in one move.
    EXPECT_EQ(pos.move_error(kGuards, "S23S"), "guard 3: guard 2 already calls this lift this move");
    EXPECT_EQ(pos.move_error(kGuards, "S2SS"), "");
    // Robber 2 on AY (right lift) and a guard elsewhere may use different lifts at once.
    pos.play(kGuards, "S2SS");
    EXPECT_EQ(pos.move_error(kRobbers, "S3SS"), "");
    EXPECT_EQ(pos.piece_error(kRobbers, 1, '9'), "robber 2: this lift does not serve floor 9");
}

TEST(BankRules, CapturesAfterEitherMove) {
    Position pos = placed("AJ AP QY QX");
    pos.play(kGuards, "LSSS");  // guard 1 onto robber 1: caught on the guards' move 1
    ASSERT_EQ(pos.captures().size(), 1u);
    EXPECT_EQ(pos.captures()[0].robber, 0);
    EXPECT_EQ(pos.captures()[0].side, kGuards);
    EXPECT_EQ(pos.captures()[0].move, 1);
    pos.play(kRobbers, "#LSS");  // robber 2 walks AP -> AO onto guard 4: caught on its own move
    ASSERT_EQ(pos.captures().size(), 2u);
    EXPECT_EQ(pos.captures()[1].robber, 1);
    EXPECT_EQ(pos.captures()[1].side, kRobbers);
    EXPECT_EQ(pos.captures()[1].move, 1);
    EXPECT_EQ(pos.line_for(kGuards), "## ## ?? ?? FFF");
}

TEST(BankRules, NoCaptureInsideAMovingLiftButOnStepOut) {
    // Robber 1 on AM rides up; guard 2 walks onto AM behind it: no capture (it is in the car).
    Position pos = placed("AM IM QY QX");
    pos.play(kGuards, "SSSS");
    pos.play(kRobbers, "2SSS");
    pos.play(kGuards, "SRSS");  // guard 2 AL -> AM while robber 1 rides at row C
    EXPECT_EQ(pos.caught_count(), 0);
    // Robber 2 waits on IM (floor 3); guard 2 rides there: stepping out catches it.
    pos.play(kRobbers, "ISSS");  // robber 1 out at EM
    pos.play(kGuards, "S3SS");
    pos.play(kRobbers, "SSSS");
    pos.play(kGuards, "SISS");
    pos.play(kRobbers, "SSSS");
    pos.play(kGuards, "SISS");
    pos.play(kRobbers, "SSSS");
    EXPECT_EQ(pos.caught_count(), 0);
    pos.play(kGuards, "SISS");
    EXPECT_EQ(pos.coordinate(kGuards, 1), "IM");
    ASSERT_EQ(pos.caught_count(), 1);
    EXPECT_EQ(pos.captures()[0].robber, 1);
}

// A rider is in no cell: a guard on the floor row the car passes does not see it; stepping
// out onto a guard's cell, the robber is caught on its own move. Robber 1 on IM (floor 3).
// Guard 2 walks AL -> AM (the middle door of floor 1); guard 1 walks AK -> AJ -> AI and up
// the staircase to the junction EI (floor 2) in 6 moves. Robber 1 then calls floor 1: the
// car is at G after the call, at E (row of floor 2, level with guard 1) after one 'I', at C
// after the next, and the third 'I' steps out on AM onto guard 2: caught on robbers' move 9.
TEST(BankRules, RiderPassingAGuardsFloorIsUnseenAndStepsOutIntoCapture) {
    Position pos = placed("IM QY QX QW");
    EXPECT_EQ(pos.line_for(kGuards), "?? ?? ?? ?? FFF");
    const std::vector<std::string> guards{"LRSS", "LSSS", "USSS", "USSS", "USSS", "USSS"};
    for (std::size_t k = 0; k < guards.size(); ++k) {
        pos.play(kGuards, guards[k]);
        if (k + 1 < guards.size()) pos.play(kRobbers, "SSSS");  // robbers' moves 1..5
    }
    ASSERT_EQ(pos.coordinate(kGuards, 0), "EI");
    ASSERT_EQ(pos.coordinate(kGuards, 1), "AM");
    pos.play(kRobbers, "1SSS");  // robbers' move 6
    EXPECT_EQ(pos.coordinate(kRobbers, 0), "GM");
    EXPECT_EQ(pos.line_for(kGuards), "?? ?? ?? ?? FBF");
    pos.play(kGuards, "SSSS");
    pos.play(kRobbers, "ISSS");  // move 7: the car is level with floor 2, where guard 1 stands
    EXPECT_EQ(pos.coordinate(kRobbers, 0), "EM");
    EXPECT_FALSE(pos.guard_sees(pos.pieces(kRobbers)[0].cell) && pos.pieces(kRobbers)[0].on_board());
    EXPECT_EQ(pos.line_for(kGuards), "?? ?? ?? ?? FBF");
    pos.play(kGuards, "SSSS");
    pos.play(kRobbers, "ISSS");  // move 8: row C
    EXPECT_EQ(pos.caught_count(), 0);
    pos.play(kGuards, "SSSS");
    pos.play(kRobbers, "ISSS");  // move 9: out on AM, where guard 2 stands
    ASSERT_EQ(pos.caught_count(), 1);
    EXPECT_EQ(pos.captures()[0].robber, 0);
    EXPECT_EQ(pos.captures()[0].side, kRobbers);
    EXPECT_EQ(pos.captures()[0].move, 9);
    EXPECT_EQ(pos.lift_states(), "FFF");
    EXPECT_EQ(pos.line_for(kGuards), "## ?? ?? ?? FFF");
}

TEST(BankRules, ObservationLinesAsTheProtocol) {
    // Guards on floor 1 see floor 1 and junctions' staircases only when on them.
    Position pos = placed("AB EK CE QQ");
    EXPECT_EQ(pos.line_for(kGuards), "AB ?? ?? ?? FFF");
    EXPECT_EQ(pos.line_for(kRobbers), "AK AL AN AO FFF");
    pos.play(kGuards, "SSSS");
    pos.play(kRobbers, "SSSS");
    // Guard 1 walks to the junction AE over 6 moves; then it sees the staircase E.
    for (int k = 0; k < 6; ++k) {
        pos.play(kGuards, "LSSS");
        pos.play(kRobbers, "SSSS");
    }
    EXPECT_EQ(pos.coordinate(kGuards, 0), "AE");
    EXPECT_EQ(pos.line_for(kGuards), "AB ?? CE ?? FFF");
}

// Vision, hand-worked: a staircase is its whole column (stair cells and the junctions of every
// floor), a floor row is seen only from that row, and a guard riding a lift sees nothing, even
// level with a floor. Robbers on IE (junction, floor 3), FE (stair), EB (floor 2), CI (stair).
// Guard 1 walks AK -> AE (6 moves), passing the junction AI; guard 2 steps onto AM, calls
// floor 3 on move 4 (car C), passes row E on move 5 and G on move 6, steps out on IM on move 7.
TEST(BankRules, VisionAlongStaircaseColumnsAndNeverFromInsideALift) {
    Position pos = placed("IE FE EB CI");
    auto guards = [&](const std::string& cmds) {
        pos.play(kGuards, cmds);
        const std::string line = pos.line_for(kGuards);
        pos.play(kRobbers, "SSSS");
        return line;
    };
    EXPECT_EQ(pos.line_for(kGuards), "?? ?? ?? ?? FFF");
    EXPECT_EQ(guards("LRSS"), "?? ?? ?? ?? FFF");  // AJ, AM
    EXPECT_EQ(guards("LSSS"), "?? ?? ?? CI FFF");  // on the junction AI: all of staircase I
    EXPECT_EQ(guards("LSSS"), "?? ?? ?? ?? FFF");  // AH: off it again
    EXPECT_EQ(guards("L3SS"), "?? ?? ?? ?? FBF");  // AG; the car at C
    pos.play(kGuards, "LISS");                     // AF; the car at E, on robber 3's row
    EXPECT_EQ(pos.coordinate(kGuards, 1), "EM");
    EXPECT_EQ(pos.line_for(kGuards), "?? ?? ?? ?? FBF");
    EXPECT_EQ(pos.line_for(kRobbers), "AF EM AN AO FBF");
    pos.play(kRobbers, "SSSS");
    EXPECT_EQ(guards("LISS"), "IE FE ?? ?? FBF");  // AE: the junction of floor 3 and the stair FE
    EXPECT_EQ(guards("UISS"), "IE FE ?? ?? FFF");  // on the stair BE; guard 2 out on IM
    // Robber 3 walks EB -> EE along floor 2: unseen until it stands on the junction EE.
    pos.play(kGuards, "SSSS");
    pos.play(kRobbers, "SSRS");
    EXPECT_EQ(pos.line_for(kGuards), "IE FE ?? ?? FFF");
    pos.play(kGuards, "SSSS");
    pos.play(kRobbers, "SSRS");
    EXPECT_EQ(pos.line_for(kGuards), "IE FE ?? ?? FFF");
    pos.play(kGuards, "SSSS");
    pos.play(kRobbers, "SSRS");
    EXPECT_EQ(pos.coordinate(kRobbers, 2), "EE");
    EXPECT_EQ(pos.line_for(kGuards), "IE FE EE ?? FFF");
    EXPECT_EQ(pos.caught_count(), 0);
}

// A rider is on no cell both ways: a robber may walk onto the door a guard has just boarded
// from. Guard 2 rides AM -> EM (floor 2), next to robber 1 on EL, and calls floor 1 at once:
// the car is at C, and robber 1 steps onto EM behind it, uncaught and unseen; the guard steps
// out on AM; robber 1, on a door since its last move, may now call the freed lift.
TEST(BankRules, RobberOnTheDoorARiderBoardedFromIsNotCaught) {
    Position pos = placed("EL QY QX QW");
    pos.play(kGuards, "SRSS");  // guard 2 AL -> AM
    pos.play(kRobbers, "SSSS");
    pos.play(kGuards, "S2SS");  // car at C
    pos.play(kRobbers, "SSSS");
    pos.play(kGuards, "SISS");  // out on EM
    EXPECT_EQ(pos.line_for(kGuards), "EL ?? ?? ?? FFF");
    pos.play(kRobbers, "SSSS");
    EXPECT_EQ(pos.piece_error(kGuards, 1, '1'), "");  // arrived by lift: may call again
    pos.play(kGuards, "S1SS");  // down again: the car at C
    EXPECT_EQ(pos.line_for(kGuards), "?? ?? ?? ?? FBF");
    pos.play(kRobbers, "RSSS");  // robber 1 EL -> EM, the door guard 2 boarded from
    EXPECT_EQ(pos.coordinate(kRobbers, 0), "EM");
    EXPECT_EQ(pos.caught_count(), 0);
    EXPECT_EQ(pos.line_for(kRobbers), "AK CM AN AO FBF");
    EXPECT_EQ(pos.piece_error(kRobbers, 0, '1'), "robber 1: the lift at EM is busy");
    pos.play(kGuards, "SISS");  // out on AM
    EXPECT_EQ(pos.coordinate(kGuards, 1), "AM");
    EXPECT_EQ(pos.caught_count(), 0);
    EXPECT_EQ(pos.line_for(kGuards), "?? ?? ?? ?? FFF");
    EXPECT_EQ(pos.piece_error(kRobbers, 0, '1'), "");
}

// Busy is judged at the start of a move (docs/bank.md): a lift freed by an own rider's
// arrival in this move cannot be called by another own piece in the same move; the next
// move it can (the original: once free, "the opponent's piece may take it"). Guard 2 rides
// AM -> EM; guard 3 walks AN -> AM behind it and calls on the arrival move: busy.
TEST(BankRules, ALiftFreedThisMoveIsCallableOnlyFromTheNextMove) {
    Position pos = placed("QY QX QW QV");
    pos.play(kGuards, "SRSS");  // guard 2 AL -> AM
    pos.play(kRobbers, "SSSS");
    pos.play(kGuards, "S2LS");  // guard 2 calls floor 2 (car C); guard 3 AN -> AM
    pos.play(kRobbers, "SSSS");
    EXPECT_EQ(pos.move_error(kGuards, "SI3S"), "guard 3: the lift at AM is busy");
    pos.play(kGuards, "SISS");  // guard 2 out on EM: free again
    EXPECT_EQ(pos.lift_states(), "FFF");
    pos.play(kRobbers, "SSSS");
    EXPECT_EQ(pos.move_error(kGuards, "SS3S"), "");
}

TEST(BankRules, MoveLimitAndResult) {
    Position pos = placed("QY QX QW QV", 2);
    pos.play(kGuards, "SSSS");
    pos.play(kRobbers, "SSSS");
    pos.play(kGuards, "SSSS");
    EXPECT_EQ(pos.to_move(), kRobbers);
    pos.play(kRobbers, "SSSS");
    EXPECT_TRUE(pos.over());
    EXPECT_FALSE(pos.guards_won());
    EXPECT_EQ(error_of([&] { pos.play(kGuards, "SSSS"); }), "the game is over");

    Position all = placed("AJ AJ AP AP", 5);
    all.play(kGuards, "LSSR");
    EXPECT_TRUE(all.over());
    EXPECT_TRUE(all.guards_won());
    auto r = result_json(all);
    EXPECT_EQ(r["winner"], "guards");
    EXPECT_EQ(r["caught"], 4);
    EXPECT_EQ(r["captures"].size(), 4u);
    EXPECT_EQ(r["captures"][0]["move"], 1);
}

TEST(BankGame, AdapterPlaysAndReplays) {
    auto g = create_game(Json{{"game", "bank"}, {"moves", 3}, {"seed", 7}});
    EXPECT_EQ(g->id(), "bank");
    EXPECT_EQ(g->sides(), 2);
    EXPECT_EQ(g->to_move(), 1);
    EXPECT_EQ(error_of([&] { g->apply("GE GQ"); }),
              "the robbers' start line needs 4 cells separated by spaces, e.g. \"GE GQ MW QH\"; got 'GE GQ'");
    g->apply("AB QY QX QW");
    EXPECT_EQ(g->observation(0)["line"], "AB ?? ?? ?? FFF");
    EXPECT_EQ(g->observation(1)["line"], "AK AL AN AO FFF");
    EXPECT_EQ(error_of([&] { g->apply("SSSX"); }), "guard 4: unknown command 'X' (expected one of L R U D S 1-9 I #)");
    while (!g->over()) g->apply(g->suggest_move(Json{{"level", "hard"}}));
    auto again = game_from_replay(g->replay());
    EXPECT_EQ(again->result(), g->result());
    EXPECT_EQ(g->result()["moves"], Json::array({3, 3}));
    EXPECT_EQ(error_of([] { create_game(Json{{"game", "bank"}, {"moves", 0}}); }),
              "config.moves: expected the move limit per player, an integer 1..10000 (the contest uses 150..400)");
    EXPECT_EQ(error_of([] { create_game(Json{{"game", "bank"}, {"layout", "columns AB\nmap\nA ..\n"}}); }),
              "config.layout line 4: the map has no \"end\" line");
}

TEST(BankGame, SecondLayoutThroughConfig) {
    auto g = create_game(Json{{"game", "bank"}, {"layout", bank_test::map_text("small.txt")}, {"moves", 20}, {"seed", 3}});
    while (!g->over()) g->apply(g->suggest_move(Json{{"level", "best"}}));
    EXPECT_EQ(g->observation(-1)["layout"]["rows"], 13);
    EXPECT_EQ(g->observation(1)["lift_states"].get<std::string>().size(), 2u);
}

TEST(BankGame, BotsAreDeterministicAndLegalAtEveryLevel) {
    for (const char* level : {"easy", "medium", "hard"}) {
        auto a = create_game(Json{{"game", "bank"}, {"moves", 60}, {"seed", 11}});
        auto b = create_game(Json{{"game", "bank"}, {"moves", 60}, {"seed", 11}});
        while (!a->over()) {
            Json m = a->suggest_move(Json{{"level", level}, {"seed", 5}});
            EXPECT_EQ(m, b->suggest_move(Json{{"level", level}, {"seed", 5}}));
            a->apply(m);  // throws if illegal
            b->apply(m);
        }
    }
}

TEST(BankGame, FingerprintConfigsFinishQuickly) {
    const auto& info = game_info("bank");
    for (const Json& config : info.fingerprint_configs()) {
        Json replay = play_bot_game(config);
        EXPECT_TRUE(replay["result"]["over"].get<bool>());
        EXPECT_EQ(play_bot_game(config), replay);  // deterministic
    }
}

// --- gaps found by mutation testing -------------------------------------------------------

// A rider is on no cell for sight too: robber 1 on the left lift's door AA is in plain view of
// the guards on floor 1; it calls floor 2 and the car is at row C, so the guards' line shows
// "??" (not the door it boarded from) with the left lift busy; it steps out on EA, where no
// guard stands, still unseen.
TEST(BankRules, ARobberRidingALiftIsUnseenEvenFromItsBoardingFloor) {
    Position pos = placed("AA QY QX QW");
    EXPECT_EQ(pos.line_for(kGuards), "AA ?? ?? ?? FFF");
    pos.play(kGuards, "SSSS");
    pos.play(kRobbers, "2SSS");
    EXPECT_EQ(pos.coordinate(kRobbers, 0), "CA");
    EXPECT_EQ(pos.line_for(kGuards), "?? ?? ?? ?? BFF");
    pos.play(kGuards, "SSSS");
    pos.play(kRobbers, "ISSS");
    EXPECT_EQ(pos.coordinate(kRobbers, 0), "EA");
    EXPECT_EQ(pos.line_for(kGuards), "?? ?? ?? ?? FFF");
}

// The guards win only when all four robbers are caught. Guard 1 AK -> AJ catches robbers 1
// and 2, guard 4 AO -> AP robber 3; robber 4 on QY is free: the game goes on, robbers to move.
TEST(BankRules, ThreeCaughtRobbersAreNotAWin) {
    Position pos = placed("AJ AJ AP QY");
    pos.play(kGuards, "LSSR");
    EXPECT_EQ(pos.caught_count(), 3);
    EXPECT_FALSE(pos.guards_won());
    EXPECT_FALSE(pos.over());
    EXPECT_EQ(pos.to_move(), kRobbers);
    EXPECT_EQ(pos.line_for(kGuards), "## ## ## ?? FFF");
    EXPECT_TRUE(result_json(pos)["winner"].is_null());
    pos.play(kRobbers, "###L");
    EXPECT_EQ(pos.coordinate(kRobbers, 3), "QX");
}

// A lift serves only the floors with its doors. Three floors (rows A C E); the left lift has
// doors on floors 2 and 3 only (row A, column A is plain floor). Robber 1 on its floor-2 door
// CA may call 3, not 1 (below the lift) and not 2 (its own floor).
TEST(BankRules, ALiftIsNotCalledToAFloorBelowItsLowestDoor) {
    const Layout L = Layout::parse(
        "columns ABC\nguards AB AB AB AB\nmap\nE L.S\nD :#|\nC L.S\nB ##|\nA ..S\nend\n", "t.txt");
    ASSERT_EQ(L.lifts().size(), 1u);
    Position pos(L, 10);
    pos.place({*L.parse_cell("CA"), *L.parse_cell("EB"), *L.parse_cell("AA"), *L.parse_cell("AC")});
    pos.play(kGuards, "SSSS");
    EXPECT_EQ(pos.piece_error(kRobbers, 0, '1'), "robber 1: this lift does not serve floor 1");
    EXPECT_EQ(pos.piece_error(kRobbers, 0, '2'), "robber 1: '2' is its own floor");
    EXPECT_EQ(pos.piece_error(kRobbers, 0, '3'), "");
    EXPECT_EQ(pos.move_error(kRobbers, "1SSS"), "robber 1: this lift does not serve floor 1");
}

// Junctions of two floors on adjacent rows, with no stair cell between, are two staircases:
// no sight between them and no 'U' from one to the other (walking agrees with seeing).
TEST(BankRules, JunctionsOnAdjacentRowsAreNotOneStaircase) {
    const Layout L = Layout::parse("columns ABC\nguards AA AA AA AA\nmap\nB ..S\nA ..S\nend\n", "t.txt");
    EXPECT_FALSE(L.sees(*L.parse_cell("AC"), *L.parse_cell("BC")));
    Position pos(L, 10);
    pos.place({*L.parse_cell("AC"), *L.parse_cell("BC"), *L.parse_cell("BA"), *L.parse_cell("AB")});
    pos.play(kGuards, "SSSS");
    EXPECT_EQ(pos.piece_error(kRobbers, 0, 'U'), "robber 1: 'U': the staircase at AC goes no further up");
    EXPECT_EQ(pos.piece_error(kRobbers, 1, 'D'), "robber 2: 'D': the staircase at BC goes no further down");
}

// The robbers' hiding places offered by the game: every walkable cell (125 floor cells and
// 48 stair cells) but the four guard cells.
TEST(BankGame, PlacementChoicesAreTheWalkableCellsWithoutAGuard) {
    auto g = create_game(Json{{"game", "bank"}, {"moves", 3}});
    const Json cells = g->legal_moves(1)["placement"];
    EXPECT_EQ(cells.size(), 169u);
    for (const char* guard : {"AK", "AL", "AN", "AO"}) EXPECT_EQ(std::count(cells.begin(), cells.end(), Json(guard)), 0) << guard;
    EXPECT_EQ(std::count(cells.begin(), cells.end(), Json("AM")), 1);
    EXPECT_EQ(std::count(cells.begin(), cells.end(), Json("BE")), 1);
}
