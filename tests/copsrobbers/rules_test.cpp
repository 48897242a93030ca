// Hand-worked positions for every rule of shared/specs/copsrobbers.md.
#include <gtest/gtest.h>

#include "common/errors.h"
#include "../common/thrown_text.h"
#include "common/game.h"
#include "copsrobbers/copsrobbers_game.h"
#include "copsrobbers/maps.h"
#include "copsrobbers/rules.h"

using namespace pursuit;
using namespace pursuit::copsrobbers;

namespace {

Json example_config() {
    // The spec's example: C = 2, R = 100, X starts at 3, the cops at 6 and 7.
    return Json{{"game", "copsrobbers"}, {"map_name", "example7"}, {"cops", 2}, {"rounds", 100},
                {"start", {{"cops", {6, 7}}, {"robber", 3}}}};
}

}  // namespace

TEST(CopsRobbersRules, TheSpecExamplePlaysOutAsWritten) {
    auto g = create_game(example_config());
    EXPECT_EQ(g->to_move(), 1);  // X first
    g->apply(1);
    g->apply(Json::array({5, 5}));
    g->apply("2");
    g->apply("3 3");
    g->apply(2);
    g->apply(Json::array({4, 1}));
    EXPECT_FALSE(g->over());
    g->apply(4);  // steps onto cop 1: caught
    ASSERT_TRUE(g->over());
    Json r = g->result();
    EXPECT_EQ(r["winner"], "cops");
    EXPECT_EQ(r["capture_round"], 4);
    EXPECT_EQ(r["summary"], "The cops win: X stepped onto a cop at crossing 4 in round 4");
}

TEST(CopsRobbersRules, CopSteppingOntoXCaptures) {
    auto g = create_game(example_config());
    g->apply(5);                    // X 3 -> 5, next to both cops
    g->apply(Json::array({6, 5}));  // cop 2 steps onto X
    ASSERT_TRUE(g->over());
    EXPECT_EQ(g->result()["summary"], "The cops win: cop 2 caught X at crossing 5 in round 1");
    EXPECT_EQ(g->result()["capture_round"], 1);
    EXPECT_EQ(g->observation(-1)["round"], 1);  // the round of the capture, not the next one
}

TEST(CopsRobbersRules, XWinsAfterRRoundsWithoutCapture) {
    Json config = example_config();
    config["rounds"] = 2;
    auto g = create_game(config);
    g->apply(1);
    g->apply(Json::array({6, 7}));
    EXPECT_FALSE(g->over());
    g->apply(2);
    g->apply(Json::array({5, 5}));
    ASSERT_TRUE(g->over());
    EXPECT_EQ(g->result()["winner"], "robber");
    EXPECT_EQ(g->result()["rounds_played"], 2);
}

TEST(CopsRobbersRules, IllegalMovesNameThePieceAndChangeNothing) {
    auto g = create_game(example_config());
    auto msg = [&](const Json& m) { return test::thrown_text<IllegalMove>([&] { g->apply(m); }, "(accepted)"); };
    EXPECT_EQ(msg(7), "X cannot go from crossing 3 to crossing 7 (no street)");
    EXPECT_EQ(msg(8), "X: 8 is not a crossing 1..7");
    EXPECT_EQ(msg(Json::array({1, 2})), "X's move: expected one crossing, got 2 numbers");
    EXPECT_EQ(msg("x"), "X's move: 'x' is not a crossing number");
    EXPECT_EQ(g->moves().size(), 0u);
    g->apply(3);  // staying is legal
    EXPECT_EQ(msg(Json::array({5})), "expected 2 cop positions, got 1");
    EXPECT_EQ(msg(Json::array({5, 4})), "cop 2 cannot go from crossing 7 to crossing 4 (no street)");
    EXPECT_EQ(msg(Json::array({0, 5})), "cop 1: 0 is not a crossing 1..7");
    g->apply(Json::array({5, 5}));  // cops may share a crossing
    EXPECT_EQ(g->observation(-1)["cops"], Json::array({5, 5}));
}

TEST(CopsRobbersRules, CopsNeverSeeXStart) {
    auto g = create_game(example_config());
    EXPECT_TRUE(g->observation(0)["robber"].is_null());
    EXPECT_EQ(g->observation(1)["robber"], 3);
    EXPECT_EQ(g->observation(-1)["robber"], 3);
    g->apply(1);
    EXPECT_EQ(g->observation(0)["robber"], 1);
}

TEST(CopsRobbersRules, StartsAreDistinctAndPairwiseNonAdjacent) {
    City c = named_map("grid-6x6");
    for (std::uint64_t seed = 1; seed <= 200; ++seed) {
        Rng rng(seed);
        Start s = random_start(c, 8, rng);
        std::vector<int> all = s.cops;
        all.push_back(s.robber);
        for (std::size_t i = 0; i < all.size(); ++i)
            for (std::size_t j = 0; j < i; ++j) {
                ASSERT_NE(all[i], all[j]);
                ASSERT_FALSE(c.graph.has_edge(all[i], all[j]));
            }
    }
    // Seeded: the same seed gives the same start.
    Rng a(7), b(7);
    EXPECT_EQ(random_start(c, 3, a).cops, random_start(c, 3, b).cops);
}

TEST(CopsRobbersRules, ImpossiblePlacementAndBadStartsAreInputErrors) {
    City star = make_city(5, {{0, 1}, {0, 2}, {0, 3}, {0, 4}}, {}, "star");
    Rng rng(1);
    EXPECT_THROW(random_start(star, 4, rng), InputError);  // only 4 leaves are independent
    Json config = example_config();
    config["start"] = Json{{"cops", {5, 7}}, {"robber", 3}};  // 3 and 5 adjacent
    EXPECT_THROW(create_game(config), InputError);
    config["start"] = Json{{"cops", {6}}, {"robber", 3}};
    EXPECT_THROW(create_game(config), InputError);
}

TEST(CopsRobbersRules, LegalMovesAndReplayRoundTrip) {
    auto g = create_game(example_config());
    EXPECT_EQ(g->legal_moves(1), Json::array({3, 1, 4, 5}));
    EXPECT_EQ(g->legal_moves(0), Json::array());
    g->apply(1);
    EXPECT_EQ(g->legal_moves(0)["per_cop"], Json::parse("[[6,5],[7,5]]"));
    g->apply(Json::array({5, 5}));
    auto again = game_from_replay(g->replay());
    EXPECT_EQ(again->observation(-1), g->observation(-1));
}

TEST(CopsRobbersRules, MapTextConfigUsesContractLimitsUnlessRelaxed) {
    Json config{{"game", "copsrobbers"}, {"map", "7 7\n1 2\n1 3\n2 4\n3 4\n3 5\n5 6\n5 7\n"}, {"cops", 1}, {"seed", 3}};
    EXPECT_THROW(create_game(config), InputError);
    config["relaxed"] = true;
    EXPECT_NO_THROW(create_game(config));
}

TEST(CopsRobbersRules, BotGamesFinishAndAreDeterministic) {
    for (const char* level : {"easy", "medium", "hard", "best"}) {
        Json config{{"game", "copsrobbers"}, {"map_name", "grid-6x6"}, {"cops", 2}, {"rounds", 40}, {"seed", 5}};
        auto a = create_game(config), b = create_game(config);
        for (int i = 0; i < 200 && !a->over(); ++i) {
            Json opts{{"level", level}, {"seed", 9}};
            Json m = a->suggest_move(opts);
            EXPECT_EQ(b->suggest_move(opts), m);
            a->apply(m);
            b->apply(m);
        }
        EXPECT_TRUE(a->over()) << level;
    }
}

// The last round: a capture in round R is a cops' win, not X's (the capture is checked
// before the round limit). Example map, R = 1: X 3 -> 5 (next to both cops at 6 and 7),
// cop 2 steps 7 -> 5 onto X in round 1 = R. And X stepping onto a cop in
// round R is caught as well; staying away with R = 1 makes X win after exactly one round.
TEST(CopsRobbersRules, CaptureInTheLastRoundBeatsTheRoundLimit) {
    Json config = example_config();
    config["rounds"] = 1;
    auto g = create_game(config);
    g->apply(5);
    g->apply(Json::array({6, 5}));
    ASSERT_TRUE(g->over());
    EXPECT_EQ(g->result()["winner"], "cops");
    EXPECT_EQ(g->result()["capture_round"], 1);

    auto h = create_game(config);
    h->apply(1);                    // 3 -> 1, away from the cops
    h->apply(Json::array({5, 5}));  // the cops close in but do not reach 1
    ASSERT_TRUE(h->over());
    EXPECT_EQ(h->result()["winner"], "robber");
    EXPECT_EQ(h->result()["rounds_played"], 1);

    // Engine level, R = 2: X stays on 3, cop 1 goes 6 -> 5, cop 2 stays on 7. In round 2
    // (the last) X walks 3 -> 5 onto cop 1: caught in round 2, the cops win.
    const City city = named_map("example7");
    Position p(city, Start{{5, 6}, 2}, 2);  // 0-based: cops on 6 and 7, X on 3
    p.move_robber(2);
    p.move_cops({4, 6});
    ASSERT_FALSE(p.over());
    EXPECT_EQ(p.rounds_left(), 1);
    p.move_robber(4);
    ASSERT_TRUE(p.over());
    EXPECT_EQ(p.phase(), Phase::CopsWon);
    EXPECT_EQ(p.capture_round(), 2);
}

// 1 <= C <= 8: a config with 0 or 9 cops is refused, 8 is played (on a 6x6 grid there is
// room for 9 pairwise non-adjacent starts).
TEST(CopsRobbersRules, CopCountLimits) {
    Json config{{"game", "copsrobbers"}, {"map_name", "grid-6x6"}, {"rounds", 10}, {"seed", 1}};
    config["cops"] = 0;
    EXPECT_THROW(create_game(config), InputError);
    config["cops"] = 9;
    EXPECT_THROW(create_game(config), InputError);
    config["cops"] = 8;
    EXPECT_EQ(create_game(config)->observation(-1)["cops"].size(), 8u);
}

// --- gaps found by mutation testing ---------------------------------------------------

// Cop 1 stepping onto X captures as well (the other tests catch X with cop 2 or by X's own
// step): X 3 -> 5, cop 1 6 -> 5, cop 2 stays on 7. Over in round 1 of 100, so the result
// counts 1 round played, not R.
TEST(CopsRobbersRules, CopOneSteppingOntoXCapturesAndOneRoundIsPlayed) {
    auto g = create_game(example_config());
    g->apply(5);
    g->apply(Json::array({5, 7}));
    ASSERT_TRUE(g->over());
    const Json r = g->result();
    EXPECT_EQ(r["winner"], "cops");
    EXPECT_EQ(r["summary"], "The cops win: cop 1 caught X at crossing 5 in round 1");
    EXPECT_EQ(r["capture_round"], 1);
    EXPECT_EQ(r["rounds_played"], 1);
}

// A cop's move to crossing N+1 is out of range (the example has 7 crossings), said as such
// for either cop, and nothing moves.
TEST(CopsRobbersRules, CopMoveOnePastTheLastCrossingIsOutOfRange) {
    auto g = create_game(example_config());
    g->apply(3);  // X stays
    auto msg = [&](const Json& m) { return test::thrown_text<IllegalMove>([&] { g->apply(m); }, "(accepted)"); };
    EXPECT_EQ(msg(Json::array({8, 7})), "cop 1: 8 is not a crossing 1..7");
    EXPECT_EQ(msg(Json::array({6, 8})), "cop 2: 8 is not a crossing 1..7");
    EXPECT_EQ(g->observation(-1)["cops"], Json::array({6, 7}));
}

// The engine's own start checks (a game config is checked before it gets there, so they are
// tested on Position directly): 1..8 cops, R >= 1, starts on crossings 1..N, no two pieces
// on one crossing. City: the path 1-2-...-20 (0-based 0..19); even 0-based crossings are
// pairwise non-adjacent.
TEST(CopsRobbersRules, PositionRefusesBadStartsItself) {
    std::vector<std::pair<int, int>> streets;
    for (int v = 0; v + 1 < 20; ++v) streets.push_back({v, v + 1});
    const City path = make_city(20, streets, {}, "path-20");
    auto error_of = [&](std::vector<int> cops, int robber, int rounds) {
        return test::thrown_text<InputError>([&] { Position p(path, Start{cops, robber}, rounds); });
    };
    EXPECT_EQ(error_of({0, 2, 4, 6, 8, 10, 12, 14}, 18, 10), "(no error)");
    EXPECT_EQ(error_of({0, 2, 4, 6, 8, 10, 12, 14, 16}, 18, 10), "the number of cops must be 1..8");
    EXPECT_EQ(error_of({}, 18, 10), "the number of cops must be 1..8");
    EXPECT_EQ(error_of({0}, 18, 1), "(no error)");
    EXPECT_EQ(error_of({0}, 18, 0), "the number of rounds must be at least 1");
    EXPECT_EQ(error_of({0}, 19, 10), "(no error)");  // crossing 20, the last
    EXPECT_EQ(error_of({20}, 5, 10), "start of cop 1 is not a crossing 1..20");
    EXPECT_EQ(error_of({0}, 20, 10), "start of X is not a crossing 1..20");
    EXPECT_EQ(error_of({0}, -1, 10), "start of X is not a crossing 1..20");
    EXPECT_EQ(error_of({4, 4}, 10, 10), "start of cop 2 (crossing 5) is on or next to another piece's start");
    EXPECT_EQ(error_of({4}, 4, 10), "start of X (crossing 5) is on or next to another piece's start");
    EXPECT_EQ(error_of({4}, 5, 10), "start of X (crossing 6) is on or next to another piece's start");
}
