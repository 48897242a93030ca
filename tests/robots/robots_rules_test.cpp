// Hand-worked Robots positions: every rule of shared/specs/robots.md.
#include <gtest/gtest.h>

#include "common/errors.h"
#include "../common/thrown_text.h"
#include "robots/cases.h"
#include "robots/robots_game.h"
#include "robots/strategy.h"

using namespace pursuit;
using namespace pursuit::robots;

namespace {
Position pos(std::vector<Cell> robots, std::vector<Cell> teleports = {}) { return Position(Case{robots, teleports}); }
const Action kStay = Action::walk(0, 0);
}  // namespace

TEST(RobotsRules, RobotStepsDiagonallyTowardYou) {
    auto p = pos({{10, 20}, {15, 1}, {31, 15}});
    p.play(kStay);
    EXPECT_EQ(p.robots(), (std::vector<Cell>{{11, 19}, {15, 2}, {30, 15}}));
    EXPECT_EQ(p.status(), Status::Playing);
    EXPECT_EQ(p.moves_made(), 1);
}

TEST(RobotsRules, RobotsMoveTowardYourNewCell) {
    auto p = pos({{10, 15}});
    p.play(Action::walk(0, 1));  // you go to (15,16): the robot steps SE to (11,16)
    EXPECT_EQ(p.you(), (Cell{15, 16}));
    EXPECT_EQ(p.robots(), (std::vector<Cell>{{11, 16}}));
}

TEST(RobotsRules, TwoRobotsOnOneCellBecomeDebris) {
    // (10,14) and (10,16) both step to (11,15); (1,1) survives.
    auto p = pos({{10, 14}, {10, 16}, {1, 1}});
    p.play(kStay);
    EXPECT_EQ(p.robots(), (std::vector<Cell>{{2, 2}}));
    EXPECT_TRUE(p.debris_at({11, 15}));
    EXPECT_EQ(p.debris_count(), 1);
}

TEST(RobotsRules, RobotWalkingOntoDebrisIsDestroyedAndDebrisStaysOne) {
    auto p = pos({{10, 10}, {1, 31}});
    p.place_debris({11, 11});
    p.play(kStay);
    EXPECT_EQ(p.robots(), (std::vector<Cell>{{2, 30}}));
    EXPECT_EQ(p.debris_count(), 1);
}

TEST(RobotsRules, LastRobotsDestroyedWithoutReachingYouWins) {
    auto p = pos({{10, 14}, {10, 16}});
    p.play(kStay);
    EXPECT_EQ(p.status(), Status::Won);
    EXPECT_EQ(p.moves_made(), 1);
}

TEST(RobotsRules, PushingDebrisMovesItOneFurther) {
    auto p = pos({{1, 1}});
    p.place_debris({15, 16});
    ASSERT_EQ(p.illegal_reason(Action::walk(0, 1)), "");
    p.play(Action::walk(0, 1));
    EXPECT_EQ(p.you(), (Cell{15, 16}));
    EXPECT_FALSE(p.debris_at({15, 16}));
    EXPECT_TRUE(p.debris_at({15, 17}));
    EXPECT_EQ(p.debris_count(), 1);
}

TEST(RobotsRules, PushedDebrisDestroysARobotAndTheLastOneWinsAtOnce) {
    // Debris at (14,14), robot at (13,13): pushing NW crushes it before the robots move.
    auto p = pos({{13, 13}});
    p.place_debris({14, 14});
    p.play(Action::walk(-1, -1));
    EXPECT_EQ(p.status(), Status::Won);
    EXPECT_EQ(p.you(), (Cell{14, 14}));
    EXPECT_TRUE(p.debris_at({13, 13}));
    EXPECT_TRUE(p.robots().empty());
    EXPECT_EQ(p.debris_count(), 1);
}

TEST(RobotsRules, IllegalWalks) {
    auto p = pos({{15, 16}});
    EXPECT_EQ(p.illegal_reason(Action::walk(0, 1)), "a robot stands there");
    p.place_debris({14, 15});
    p.place_debris({13, 15});
    EXPECT_EQ(p.illegal_reason(Action::walk(-1, 0)), "the debris is blocked by more debris");
    auto edge = pos({{20, 20}});
    for (int i = 0; i < 14; ++i) edge.play(Action::walk(-1, 0));  // reach row 1
    ASSERT_EQ(edge.you().r, 1);
    EXPECT_EQ(edge.illegal_reason(Action::walk(-1, 0)), "that step leaves the board");
    auto push_off = pos({{31, 31}});
    for (int i = 0; i < 13; ++i) push_off.play(Action::walk(-1, 0));
    ASSERT_EQ(push_off.you(), (Cell{2, 15}));
    push_off.place_debris({1, 15});
    EXPECT_EQ(push_off.illegal_reason(Action::walk(-1, 0)), "the debris would be pushed off the board");
}

TEST(RobotsRules, RobotReachingYouLoses) {
    auto p = pos({{13, 13}});
    p.play(Action::walk(-1, -1));  // you step next to it: it walks onto you
    EXPECT_EQ(p.status(), Status::Lost);
    EXPECT_EQ(p.robots().size(), 1u);
}

TEST(RobotsRules, SeveralRobotsOnYouLoseAndDestroyEachOther) {
    auto p = pos({{14, 14}, {16, 16}});
    p.play(kStay);
    EXPECT_EQ(p.status(), Status::Lost);
    EXPECT_TRUE(p.robots().empty());
    EXPECT_EQ(p.debris_count(), 1);
    EXPECT_TRUE(p.debris_at({15, 15}));
}

TEST(RobotsRules, TeleportsAreUsedOnceAndNeedAnEmptyCell) {
    auto p = pos({{1, 1}, {30, 30}}, {{5, 5}, {1, 1}});
    EXPECT_EQ(p.illegal_reason(Action::to(1)), "teleport destination 2 is not empty");
    EXPECT_EQ(p.illegal_reason(Action::to(2)), "there is no teleport destination 3");
    p.play(Action::to(0));
    EXPECT_EQ(p.you(), (Cell{5, 5}));
    EXPECT_TRUE(p.teleport_used(0));
    EXPECT_EQ(p.illegal_reason(Action::to(0)), "teleport destination 1 was already used");
}

TEST(RobotsStrategy, PrefersFewerRobotsThenDistanceThenRowThenColumn) {
    // One far robot straight north: every walk keeps one robot; the largest minimum
    // distance is by stepping away (south row 16); of SW, S, SE ties on distance? The robot at
    // (1,15) ends at (2,15+s): S gives 16-2 = 14 + 0; SW and SE give 14 + 1 - ... worked below.
    auto p = pos({{1, 15}});
    // After you step to (16,14) the robot goes to (2,14): distance 14. To (16,15): robot (2,15): 14.
    // To (16,16): robot (2,16): 14. All tie at 14, smallest row 16 then smallest column 14: SW.
    Action a = strategy_action(p);
    EXPECT_EQ(action_name(a), "SW");
}

TEST(RobotsStrategy, KillingMovesBeatDistance) {
    // Robots at (13,14) and (13,16) collide at (14,15) if you stay; staying is safe.
    auto p = pos({{13, 14}, {13, 16}});
    Action a = strategy_action(p);
    Position after = p;
    after.play(a);
    EXPECT_EQ(after.status(), Status::Won);
}

TEST(RobotsStrategy, TeleportsWhenNoWalkIsSafeFromTheStartOfTheList) {
    // Eight robots at distance 2; after one stay they fill all eight neighbours: no walk
    // is possible and staying loses. List entry 1 (15,14) holds a robot; entry 2 is safe.
    auto p = pos({{13, 13}, {13, 15}, {13, 17}, {15, 13}, {15, 17}, {17, 13}, {17, 15}, {17, 17}},
                 {{15, 14}, {1, 1}, {31, 31}});
    p.play(kStay);
    ASSERT_EQ(p.status(), Status::Playing);
    ASSERT_EQ(p.robots().size(), 8u);
    Action a = strategy_action(p);
    ASSERT_TRUE(a.is_teleport());
    EXPECT_EQ(a.teleport, 1);  // (15,14) is next to robots and unsafe; (1,1) is safe
}

TEST(RobotsGame, MoveNotationAndErrors) {
    RobotsGame g(Json{{"game", "robots"}, {"robots", Json::array({Json::array({15, 16})})}, {"teleports", Json::array()}});
    EXPECT_THROW(g.apply("E"), IllegalMove);
    EXPECT_THROW(g.apply("up"), IllegalMove);
    EXPECT_THROW(g.apply(42), IllegalMove);
    EXPECT_EQ(g.moves().size(), 0u);
    auto legal = g.legal_moves(0);
    EXPECT_EQ(std::find(legal.begin(), legal.end(), "E"), legal.end());
    EXPECT_NE(std::find(legal.begin(), legal.end(), "W"), legal.end());
    g.apply("W");
    EXPECT_EQ(g.observation(0)["you"], Json::array({15, 14}));
}

TEST(RobotsGame, ConfigErrorsNameTheField) {
    try {
        RobotsGame g(Json{{"game", "robots"}, {"robots", Json::array({Json::array({15, 15})})}});
        FAIL() << "expected InputError";
    } catch (const InputError& e) {
        EXPECT_NE(std::string(e.what()).find("robot 1 at (15,15) is on your start cell"), std::string::npos) << e.what();
    }
    EXPECT_THROW(RobotsGame(Json{{"game", "robots"}, {"robots", 0}}), InputError);
}

// suggest_move's options: Robots has one bot, so every known level gives the same move, but the
// options are checked as in the other games (it ignored them: {"level":"expert"}, {"colour":1}
// and {"seed":-1} all gave a move).
TEST(RobotsGame, SuggestOptionsAreCheckedNamingTheField) {
    RobotsGame g(Json{{"game", "robots"}, {"seed", 7}, {"robots", 20}, {"teleports", 5}});
    const Json move = g.suggest_move(Json::object());
    for (const char* level : {"easy", "medium", "hard", "best"}) {
        EXPECT_EQ(g.suggest_move(Json{{"level", level}}), move) << level;
        EXPECT_EQ(g.suggest_move(Json{{"level", level}, {"seed", 5}}), move) << level;
    }
    EXPECT_EQ(g.suggest_move(Json{{"seed", 0}}), move);
    auto error_of = [&](const Json& options) {
        try {
            g.suggest_move(options);
        } catch (const InputError& e) {
            return std::string(e.what());
        }
        return std::string("(no error)");
    };
    EXPECT_EQ(error_of(Json{{"level", "expert"}}), "options.level: expected easy, medium, hard or best, got 'expert'");
    EXPECT_EQ(error_of(Json{{"level", "Best"}}), "options.level: expected easy, medium, hard or best, got 'Best'");
    EXPECT_EQ(error_of(Json{{"level", 3}}), "options.level: expected easy, medium, hard or best, got 3");
    EXPECT_EQ(error_of(Json{{"level", nullptr}}), "options.level: expected easy, medium, hard or best, got null");
    EXPECT_EQ(error_of(Json{{"seed", -1}}), "options.seed: expected a non-negative integer, got -1");
    EXPECT_EQ(error_of(Json{{"seed", "x"}}), "options.seed: expected a non-negative integer, got \"x\"");
    EXPECT_EQ(error_of(Json{{"level", "best"}, {"colour", "red"}}), "options.colour: unknown option (Robots takes level and seed)");
    EXPECT_EQ(error_of(Json{{"strategy", "greedy"}}), "options.strategy: unknown option (Robots takes level and seed)");
    EXPECT_EQ(error_of(Json::array()), "options: expected a JSON object, got []");
    // A long or invalid key is shortened and stays valid UTF-8 (the message travels as JSON).
    const std::string long_key = std::string(59, 'k') + "\xc3\xa9tendu";
    const std::string msg = error_of(Json{{long_key, 1}});
    EXPECT_EQ(msg, "options." + std::string(57, 'k') + "...: unknown option (Robots takes level and seed)");
    EXPECT_EQ(error_of(Json{{std::string(56, 'k') + "\xc3\xa9tendu", 1}}),  // the cut falls inside the é
              "options." + std::string(56, 'k') + "...: unknown option (Robots takes level and seed)");
    EXPECT_NO_THROW((void)Json(error_of(Json{{"\xff", 1}})).dump());
    EXPECT_EQ(g.moves().size(), 0u);
}

TEST(RobotsGame, ReplayRebuildsTheSameGame) {
    RobotsGame g(Json{{"game", "robots"}, {"seed", 7}, {"robots", 20}, {"teleports", 5}});
    while (!g.over()) g.apply(g.suggest_move(Json::object()));
    auto again = game_from_replay(g.replay());
    EXPECT_EQ(again->result(), g.result());
    EXPECT_EQ(again->observation(-1), g.observation(-1));
}

TEST(RobotsRules, PreviewsAgreeWithPlayingTheMove) {
    // The strategy's shared-work previews must equal a plain copy-and-play, on positions
    // from 300 seeded games (debris, pushes and crowded endings included).
    PreviewScratch scratch;
    int compared = 0;
    for (int seed = 1; seed <= 300; ++seed) {
        Rng rng(seed);
        Position p(random_case(rng, 5 + seed % 46, seed % 21));
        while (p.status() == Status::Playing && p.moves_made() < 400) {
            std::array<Preview, 9> walks;
            std::array<bool, 9> legal;
            p.preview_walks(scratch, walks, legal);
            for (int k = 0; k < 9; ++k) {
                const Action a = Action::walk(kKingSteps[k].dr, kKingSteps[k].dc);
                ASSERT_EQ(legal[k], p.illegal_reason(a).empty());
                if (!legal[k]) continue;
                Position played = p;
                played.play(a);
                const Preview one = p.preview(a, scratch);
                ASSERT_EQ(walks[k].lost, played.status() == Status::Lost) << "seed " << seed;
                ASSERT_EQ(one.lost, walks[k].lost);
                ASSERT_EQ(one.robots_left, walks[k].robots_left);
                ASSERT_EQ(walks[k].robots_left, static_cast<int>(played.robots().size()));
                ASSERT_EQ(one.min_distance, walks[k].min_distance);
                ++compared;
            }
            p.play(strategy_action(p));
        }
    }
    EXPECT_GT(compared, 10000);
}

// --- edge cases of the strategy and the counting, worked by hand -------------------------

// Eight robots at distance 2 around (15,15); after one stay they stand on all eight
// neighbours (14..16 x 14..16), so no walk is possible and staying loses.
namespace {
Position surrounded(std::vector<Cell> teleports) {
    auto p = pos({{13, 13}, {13, 15}, {13, 17}, {15, 13}, {15, 17}, {17, 13}, {17, 15}, {17, 17}}, std::move(teleports));
    p.play(kStay);
    return p;
}
}  // namespace

TEST(RobotsStrategy, TeleportSkipsAnEmptyDestinationThatLosesAtOnce) {
    // Entry 1 (15,13) is empty, so teleporting there is legal, but the robots on (14,14),
    // (15,14) and (16,14) would step onto it: not safe. Entry 2 (1,1) is safe. The spec: the
    // first unused destination that is empty *and safe*, searching from the list's start.
    auto p = surrounded({{15, 13}, {1, 1}});
    ASSERT_EQ(p.status(), Status::Playing);
    ASSERT_EQ(p.illegal_reason(Action::to(0)), "");
    Action a = strategy_action(p);
    ASSERT_TRUE(a.is_teleport());
    EXPECT_EQ(a.teleport, 1);
}

TEST(RobotsStrategy, NoSafeTeleportMeansStayAndLoseCountingTheStay) {
    // Entry 1 (15,13) is unsafe, entry 2 (14,14) holds a robot: the strategy stays (move 2)
    // and all eight robots walk onto you and destroy each other there: lost after 2 moves at
    // (15,15), one debris cell (under you), no robot left, and no teleport line.
    auto p = surrounded({{15, 13}, {14, 14}});
    ASSERT_EQ(p.moves_made(), 1);
    const auto lines = play_case_lines(p);
    EXPECT_EQ(lines, (std::vector<std::string>{"Lost game after making 2 moves.", "Final position: (15,15)",
                                               "Number of cells with debris: 1", "Number of robots remaining: 0"}));
    EXPECT_FALSE(p.teleport_used(0));
}

TEST(RobotsRules, PushCrushesOneRobotThenTheOthersReplyAndOneDiesOnThatDebris) {
    // Debris (14,14); robots (13,13), (12,12), (1,31). You walk NW onto (14,14), pushing the
    // debris onto (13,13): that robot is destroyed (still one debris cell). Then the robots
    // step toward (14,14): (12,12) -> (13,13) lands on the debris and is destroyed; (1,31)
    // -> (2,30). One robot left, one debris cell, still playing.
    auto p = pos({{13, 13}, {12, 12}, {1, 31}});
    p.place_debris({14, 14});
    p.play(Action::walk(-1, -1));
    EXPECT_EQ(p.status(), Status::Playing);
    EXPECT_EQ(p.you(), (Cell{14, 14}));
    EXPECT_EQ(p.robots(), (std::vector<Cell>{{2, 30}}));
    EXPECT_TRUE(p.debris_at({13, 13}));
    EXPECT_FALSE(p.debris_at({14, 14}));
    EXPECT_EQ(p.debris_count(), 1);
}

TEST(RobotsJudgeLines, AOneMoveWinSaysMovesAndTheTieBreakPicksTheSmallestRow) {
    // Robots (10,14) and (10,16): any walk that keeps you in column 15 makes both step onto
    // (11,15) and collide (0 robots left). N (14,15), stay (15,15) and S (16,15) all tie on
    // robots and distance; the smallest row wins: N. "moves" even for m = 1.
    auto p = pos({{10, 14}, {10, 16}});
    EXPECT_EQ(play_case_lines(p), (std::vector<std::string>{"Won game after making 1 moves.", "Final position: (14,15)",
                                                            "Number of cells with debris: 1"}));
}

// "each to the neighbour ... even if occupied": robots in a file move together. (10,15) steps
// onto (11,15), which the robot there leaves for (12,15) in the same move: no collision.
TEST(RobotsRules, RobotsStepOntoCellsOthersLeaveWithoutColliding) {
    auto p = pos({{10, 15}, {11, 15}});
    p.play(kStay);
    EXPECT_EQ(p.robots(), (std::vector<Cell>{{11, 15}, {12, 15}}));
    EXPECT_EQ(p.debris_count(), 0);
    EXPECT_EQ(p.status(), Status::Playing);
}

// A teleport destination must be empty: not your own cell, not debris; entries are used once
// each, so the same cell listed twice can be teleported to twice.
TEST(RobotsRules, TeleportNeedsAnEmptyCellAndEachListEntryIsUsedOnce) {
    auto p = pos({{1, 1}}, {{15, 15}, {20, 20}, {5, 5}, {5, 5}});
    EXPECT_EQ(p.illegal_reason(Action::to(0)), "teleport destination 1 is not empty");  // you stand there
    p.place_debris({20, 20});
    EXPECT_EQ(p.illegal_reason(Action::to(1)), "teleport destination 2 is not empty");
    p.play(Action::to(2));
    EXPECT_EQ(p.you(), (Cell{5, 5}));
    EXPECT_EQ(p.illegal_reason(Action::to(3)), "teleport destination 4 is not empty");  // you again
    p.play(Action::walk(0, 1));
    EXPECT_EQ(p.illegal_reason(Action::to(2)), "teleport destination 3 was already used");
    EXPECT_EQ(p.illegal_reason(Action::to(3)), "");
    p.play(Action::to(3));
    EXPECT_EQ(p.you(), (Cell{5, 5}));
    EXPECT_EQ(p.moves_made(), 3);  // teleports are moves
}

// Fewer robots left beats a larger distance. Robots A (1,14), B (1,16), C (15,19). In
// column 15 (N, stay, S) A and B both step onto (2,15) and collide: 1 robot left, C steps to
// distance 3 ((14,18) from N). In column 14 A and B stay apart (3 robots) but C ends 4 away
// (NW: C to (14,18), 4 from (14,14)); column 16 leaves 3 robots, C 2 away. So the fewest
// robots (N, stay, S, all at distance 3; smallest row: N), not the largest distance (NW).
TEST(RobotsStrategy, FewestRobotsBeatsALargerDistance) {
    auto p = pos({{1, 14}, {1, 16}, {15, 19}});
    const Action a = strategy_action(p);
    EXPECT_EQ(action_name(a), "N");
    p.play(a);
    EXPECT_EQ(p.robots(), (std::vector<Cell>{{14, 18}}));
    EXPECT_TRUE(p.debris_at({2, 15}));
}

// --- config boards, move notation and legal moves (gaps found by mutation testing) -------

// A config board is checked like a problem input: 1..50 robots, every robot and teleport
// cell on the 31x31 board (rows and columns 1..31). Without these checks an empty robot list
// or a robot at (0,5) reached the engine (the robot at (0,5) indexes outside the board).
TEST(RobotsGame, ConfigBoardCellsAreCheckedLikeTheInput) {
    auto error_of = [](std::vector<Cell> robots, std::vector<Cell> teleports = {}) {
        Json config = case_to_json(Case{robots, teleports});
        config["game"] = "robots";
        return test::thrown_text<InputError>([&] { RobotsGame g(config); });
    };
    EXPECT_EQ(error_of({}), "config: expected 1..50 robots, got 0");
    EXPECT_EQ(error_of({{1, 1}, {0, 5}}), "config: robot 2 at (0,5) is off the 31x31 board");
    EXPECT_EQ(error_of({{5, 32}}), "config: robot 1 at (5,32) is off the 31x31 board");
    EXPECT_EQ(error_of({{1, 1}}, {{31, 31}, {32, 1}}), "config: teleport 2 at (32,1) is off the board");
    EXPECT_EQ(error_of({{1, 1}}, {{1, 0}}), "config: teleport 1 at (1,0) is off the board");
    EXPECT_EQ(error_of({{31, 31}, {1, 1}}, {{1, 31}, {31, 1}}), "(no error)");  // the corners are on the board
}

// Teleport notation is T1..T20, 1-based: "T0" is no move at all (it must not turn into a
// stay, which would let the robots step), nor are "T21" and a bare "T".
TEST(RobotsGame, TeleportNotationStartsAtT1) {
    RobotsGame g(Json{{"game", "robots"}, {"robots", Json::array({Json::array({1, 1})})}, {"teleports", Json::array({Json::array({5, 5})})}});
    for (const char* bad : {"T0", "T21", "T", "T-1"}) {
        try {
            g.apply(bad);
            ADD_FAILURE() << bad << " was accepted";
        } catch (const IllegalMove& e) {
            EXPECT_NE(std::string(e.what()).find("unknown Robots move \"" + std::string(bad) + "\""), std::string::npos) << e.what();
        }
    }
    EXPECT_EQ(g.moves().size(), 0u);
    EXPECT_EQ(g.observation(0)["robots"], Json::parse("[[1,1]]"));  // the robot has not stepped
    g.apply("T1");
    EXPECT_EQ(g.observation(0)["you"], Json::array({5, 5}));
}

// legal_moves lists exactly the teleports allowed now. Robot (1,1); list (15,15) = your cell,
// (1,1) = the robot's, (5,5). At the start only T3. After T3 you stand on (5,5) and the robot
// steps to (2,2): (15,15) and (1,1) are empty now and entry 3 is used, so T1 and T2.
TEST(RobotsGame, LegalMovesListOnlyUsableTeleports) {
    RobotsGame g(Json{{"game", "robots"},
                      {"robots", Json::array({Json::array({1, 1})})},
                      {"teleports", Json::array({Json::array({15, 15}), Json::array({1, 1}), Json::array({5, 5})})}});
    auto teleports_in = [](const Json& legal) {
        std::vector<std::string> out;
        for (const Json& m : legal)
            if (m.get<std::string>()[0] == 'T') out.push_back(m.get<std::string>());
        return out;
    };
    EXPECT_EQ(teleports_in(g.legal_moves(0)), (std::vector<std::string>{"T3"}));
    g.apply("T3");
    EXPECT_EQ(g.observation(0)["robots"], Json::parse("[[2,2]]"));
    EXPECT_EQ(teleports_in(g.legal_moves(0)), (std::vector<std::string>{"T1", "T2"}));
}

// The fast legal() the strategy uses must say what illegal_reason says about teleports, a used
// entry included (else the strategy could teleport to one entry twice). Robot (1,1); list
// (5,5), (20,20). T1: you stand on (5,5), the robot steps to (2,2). E: you on (5,6), the robot
// on (3,3); (5,5) is empty again but entry 1 is used; entry 2 is free; there is no entry 3.
TEST(RobotsRules, LegalAgreesWithIllegalReasonForTeleports) {
    auto p = pos({{1, 1}}, {{5, 5}, {20, 20}});
    p.play(Action::to(0));
    p.play(Action::walk(0, 1));
    ASSERT_EQ(p.you(), (Cell{5, 6}));
    ASSERT_EQ(p.robots(), (std::vector<Cell>{{3, 3}}));
    EXPECT_EQ(p.illegal_reason(Action::to(0)), "teleport destination 1 was already used");
    EXPECT_FALSE(p.legal(Action::to(0)));
    EXPECT_EQ(p.illegal_reason(Action::to(1)), "");
    EXPECT_TRUE(p.legal(Action::to(1)));
    EXPECT_FALSE(p.legal(Action::to(2)));
}
