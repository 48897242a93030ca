// The guards' possible-state sets: hand-worked updates and, over many seeded games, the
// invariant that every unseen robber is inside its set.
#include <gtest/gtest.h>

#include "bank/bank_game.h"
#include "common/errors.h"
#include "bank/line_player.h"
#include "bank/strategy.h"
#include "bank_test_util.h"
#include "common/game.h"

using namespace pursuit;
using namespace pursuit::bank;
using bank_test::at;
using bank_test::placed;

namespace {
// Plays one guards' move and one robbers' move, feeding the belief as a guard bot would.
void round(Position& pos, Belief& belief, const std::string& guards, const std::string& robbers) {
    auto before = pos.pieces(kGuards);
    std::string lifts = pos.lift_states();
    pos.play(kGuards, guards);
    belief.after_guard_move(pos.pieces(kGuards), lifts_after_guard_move(pos.layout(), lifts, before, pos.pieces(kGuards)));
    pos.play(kRobbers, robbers);
    belief.after_robber_move(pos.pieces(kGuards), pos.line_for(kGuards));
}
std::vector<std::string> names(const Belief& b, int r) {
    std::vector<std::string> out;
    for (int s : b.cells_of(r)) out.push_back(default_layout().name(default_layout().cell(s)));
    return out;
}
}  // namespace

TEST(BankBelief, StartExcludesWhatGuardsSee) {
    Position pos = placed("AB QQ BE QY");
    Belief b(default_layout());
    b.start(pos.pieces(kGuards), pos.line_for(kGuards));
    EXPECT_TRUE(b.seen(0));
    EXPECT_EQ(names(b, 0), std::vector<std::string>{"AB"});
    // 173 walkable cells minus the 25 of floor 1 (seen by the guards there).
    EXPECT_EQ(b.count(1), 148);
    EXPECT_TRUE(b.possible(1)[default_layout().index(at("BE"))]);
    EXPECT_FALSE(b.possible(1)[default_layout().index(at("AA"))]);
}

TEST(BankBelief, RobberLeavingSightIsTrackedStepByStep) {
    Position pos = placed("AE QQ QY QX");
    Belief b(default_layout());
    b.start(pos.pieces(kGuards), pos.line_for(kGuards));
    round(pos, b, "SSSS", "USSS");  // AE -> BE, out of sight on the staircase
    EXPECT_EQ(pos.line_for(kGuards), "?? ?? ?? ?? FFF");
    EXPECT_EQ(names(b, 0), std::vector<std::string>{"BE"});  // AD AE AF are seen
    round(pos, b, "SSSS", "USSS");  // -> CE
    EXPECT_EQ(names(b, 0), (std::vector<std::string>{"BE", "CE"}));  // AE would be seen
    round(pos, b, "SSSS", "SSSS");
    EXPECT_EQ(names(b, 0), (std::vector<std::string>{"BE", "CE", "DE"}));
}

TEST(BankBelief, LiftRidesAreWatchedThroughTheLiftStates) {
    Position pos = placed("AM QQ QY QX");
    Belief b(default_layout());
    b.start(pos.pieces(kGuards), pos.line_for(kGuards));
    round(pos, b, "SSSS", "3SSS");  // robber 1 rides the middle lift from floor 1
    EXPECT_EQ(pos.line_for(kGuards), "?? ?? ?? ?? FBF");
    EXPECT_EQ(b.count(0), 4);  // a ride towards floor 2, 3, 4 or 5, car at row C
    EXPECT_TRUE(b.cells_of(0).empty());
    for (int s : b.rides_of(0)) {
        EXPECT_EQ(b.space().ride_lift(s), 1);
        EXPECT_EQ(b.space().ride_row(s), 2);
    }
    round(pos, b, "SSSS", "ISSS");  // car at row E: stepped out at EM (floor 2) or riding on
    EXPECT_EQ(names(b, 0), std::vector<std::string>{"EM"});
    EXPECT_EQ(b.rides_of(0).size(), 3u);
    round(pos, b, "SSSS", "ISSS");  // car at row G; or out on floor 2 and walked a step
    EXPECT_EQ(names(b, 0), (std::vector<std::string>{"EL", "EM", "EN"}));
    EXPECT_EQ(b.rides_of(0).size(), 3u);
    for (int s : b.rides_of(0)) EXPECT_EQ(b.space().ride_row(s), 6);
    round(pos, b, "SSSS", "ISSS");  // arrived on floor 3 (IM) after 4 moves; lift free again
    EXPECT_EQ(pos.line_for(kGuards), "?? ?? ?? ?? FFF");
    EXPECT_TRUE(b.rides_of(0).empty());  // a free lift has no rider
    EXPECT_TRUE(b.possible(0)[default_layout().index(at("IM"))]);
    EXPECT_EQ(b.count(0), 5 + 1);  // EK..EO, IM
}

TEST(BankBelief, EveryUnseenRobberIsInsideItsSet) {
    for (int seed = 1; seed <= 12; ++seed) {
        const char* levels[] = {"easy", "medium", "hard"};
        auto game = create_game(Json{{"game", "bank"}, {"moves", 120}, {"seed", seed}});
        auto& bank = dynamic_cast<BankGame&>(*game);
        int checks = 0;
        while (!game->over()) {
            if (bank.position().placed() && game->to_move() == kGuards)
                for (int r = 0; r < kPieces; ++r) {
                    const Piece& p = bank.position().pieces(kRobbers)[r];
                    if (p.caught) continue;
                    ASSERT_TRUE(bank.belief().possible(r)[state_of(p, bank.belief().space())])
                        << "seed " << seed << " robber " << r + 1 << " move " << game->moves().size();
                    ++checks;
                }
            game->apply(game->suggest_move(Json{{"level", levels[(seed + game->moves().size()) % 3]}}));
        }
        EXPECT_GT(checks, 0);
    }
}

TEST(BankLinePlayer, RobbersReadRidersFromInLiftCoordinates) {
    LinePlayer robbers(default_layout(), 50, kRobbers, Level::Greedy, 9);
    const std::string start = robbers.start();
    EXPECT_EQ(parse_placement(default_layout(), start).size(), 4u);
    ASSERT_TRUE(robbers.reply("AK AM AN AO FFF"));
    EXPECT_FALSE(robbers.guards()[1].riding());
    ASSERT_TRUE(robbers.reply("AK CM AN AO FBF"));  // guard 2 called the middle lift upwards
    const Piece& g = robbers.guards()[1];
    EXPECT_TRUE(g.riding());
    EXPECT_EQ(g.lift, 1);
    EXPECT_EQ(g.car_row, 2);
    EXPECT_EQ(g.target_floor, 1);  // the target is unknown: the next floor up (row E)
    ASSERT_TRUE(robbers.reply("AK EM AN AO FBF"));  // passing floor 2: still busy, still riding
    EXPECT_TRUE(robbers.guards()[1].riding());
    EXPECT_EQ(robbers.guards()[1].target_floor, 2);
    ASSERT_TRUE(robbers.reply("AK GM AN AO FBF"));
    ASSERT_TRUE(robbers.reply("AK IM AN AO FFF"));  // the lift is free: it stepped out on IM
    EXPECT_FALSE(robbers.guards()[1].riding());
    EXPECT_EQ(default_layout().name(robbers.guards()[1].cell), "IM");
}

TEST(BankLinePlayer, GuardsStopAfterTheirLastMoveOrAllCaught) {
    LinePlayer guards(default_layout(), 2, kGuards, Level::Strong, 3);
    EXPECT_EQ(guards.start(), "");
    auto m1 = guards.reply("?? ?? ?? ?? FFF");
    ASSERT_TRUE(m1);
    EXPECT_EQ(m1->size(), 4u);
    EXPECT_FALSE(guards.done());
    ASSERT_TRUE(guards.reply("?? ?? ?? ?? FFF"));
    EXPECT_TRUE(guards.done());  // L = 2 moves made
    LinePlayer other(default_layout(), 50, kGuards, Level::Strong, 3);
    EXPECT_FALSE(other.reply("## ## ## ## FFF"));  // the robbers' move caught the last one
}

// A judge line carries one state letter per lift: the spec building has three ("FFF"); a line
// with two is the judge's error and the bot says so instead of reading past the end.
TEST(BankLinePlayer, ALineWithTheWrongNumberOfLiftStatesIsAnError) {
    LinePlayer robbers(default_layout(), 50, kRobbers, Level::Greedy, 9);
    robbers.start();
    EXPECT_THROW(robbers.reply("AK AL AN AO FF"), InputError);
    LinePlayer guards(default_layout(), 50, kGuards, Level::Greedy, 9);
    EXPECT_THROW(guards.reply("?? ?? ?? ?? FFFF"), InputError);
}
