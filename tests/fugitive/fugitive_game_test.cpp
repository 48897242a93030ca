// Tests: the Game adapter (config, notation, observation per side, legal moves, replay
// round trip, forfeit move, tools) and bot games through it.
#include <gtest/gtest.h>

#include "common/errors.h"
#include "common/fingerprint.h"
#include "common/game.h"
#include "fugitive/fugitive_game.h"
#include "test_maps.h"

using namespace pursuit;

namespace {
Json example_config() { return Json{{"game", "fugitive"}, {"seed", 3}, {"map", fugitive_test::kExample8}}; }
}  // namespace

TEST(FugitiveGame, PlaysAGameInProtocolNotationAndHidesTheFugitiveFromTheDetectives) {
    auto g = create_game(example_config());
    EXPECT_EQ(g->sides(), 2);
    EXPECT_EQ(g->to_move(), 1);  // Detectives place first
    Json legal = g->legal_moves(1);
    EXPECT_TRUE(legal["joint"].get<bool>());
    EXPECT_EQ(legal["pieces"][0].size(), 8u);
    g->apply("2 3 6 7");
    EXPECT_EQ(g->to_move(), 0);
    EXPECT_THROW(g->apply("2"), IllegalMove);
    g->apply("1");
    EXPECT_EQ(g->legal_moves(0), (Json{"C 2", "P 4", "C 5", "T 8"}));
    g->apply("C 5");
    Json d = g->observation(1);
    EXPECT_TRUE(d["fugitive"].is_null());
    EXPECT_EQ(d["transports"], Json({"C"}));
    EXPECT_EQ(d["possible"], Json({5}));
    EXPECT_EQ(d["log"].back(), "Turn 1: Fugitive took C");
    Json f = g->observation(0);
    EXPECT_EQ(f["fugitive"], 5);
    EXPECT_EQ(f["log"].back(), "Turn 1: Fugitive took C to 5");
    Json pieces = g->legal_moves(1)["pieces"];
    EXPECT_EQ(pieces[0], Json({1, 3, 5}));  // from 2: C1, T3, C5
    g->apply(Json::array({1, 4, 8, 6}));    // array notation accepted
    g->apply("C 2");
    g->apply("2 3 5 7");
    ASSERT_TRUE(g->over());
    Json r = g->result();
    EXPECT_EQ(r["score"]["Detectives"], 20);
    EXPECT_EQ(r["ending"], "caught");
    EXPECT_EQ(g->observation(1)["fugitive"], 2);  // revealed once over
    // Replay round trip.
    auto again = game_from_replay(g->replay());
    EXPECT_EQ(again->result(), r);
}

TEST(FugitiveGame, MalformedMovesAreRejectedWithReasons) {
    auto g = create_game(example_config());
    try {
        g->apply("2 3 6");
        FAIL();
    } catch (const IllegalMove& e) {
        EXPECT_STREQ(e.what(), "expected four cities for the Detectives, got '2 3 6'");
    }
    try {
        g->apply("2 3 6 x");
        FAIL();
    } catch (const IllegalMove& e) {
        EXPECT_STREQ(e.what(), "Detective 4: expected a city number, got 'x'");
    }
    g->apply("2 3 6 7");
    g->apply("1");
    EXPECT_THROW(g->apply("Q 2"), IllegalMove);
    EXPECT_THROW(g->apply("C2"), IllegalMove);
    EXPECT_THROW(g->apply(42), IllegalMove);
    EXPECT_EQ(g->moves().size(), 2u);
}

TEST(FugitiveGame, ForfeitMoveEndsTheGameAndReplays) {
    auto g = create_game(example_config());
    g->apply("2 3 6 7");
    g->apply(Json{{"forfeit", 0}, {"reason", "Fugitive crashed"}});
    ASSERT_TRUE(g->over());
    EXPECT_EQ(g->result()["score"], (Json{{"Fugitive", 0}, {"Detectives", 20}}));
    EXPECT_EQ(game_from_replay(g->replay())->result()["forfeited_by"], "Fugitive");
}

// The judge's record of two programs that both failed: 0-0, and a replay ends the same way.
TEST(FugitiveGame, ForfeitByBothScoresNothing) {
    auto g = create_game(example_config());
    g->apply(Json{{"forfeit", "both"}, {"reason", "both programs failed: ..."}});
    ASSERT_TRUE(g->over());
    EXPECT_EQ(g->result()["score"], (Json{{"Fugitive", 0}, {"Detectives", 0}}));
    EXPECT_EQ(g->result()["forfeited_by"], "both");
    EXPECT_EQ(game_from_replay(g->replay())->result(), g->result());
    auto h = create_game(example_config());
    EXPECT_THROW(h->apply(Json{{"forfeit", "all"}}), IllegalMove);
    EXPECT_THROW(h->apply(Json{{"forfeit", 2}}), IllegalMove);
}

TEST(FugitiveGame, GeneratedMapConfigAndBadConfigs) {
    auto g = create_game(Json{{"game", "fugitive"}, {"seed", 5}, {"map", Json{{"cities", 60}}}});
    EXPECT_EQ(g->observation(-1)["map"]["n"], 60);
    EXPECT_FALSE(g->observation(-1)["map"]["positions_computed"].get<bool>());
    EXPECT_TRUE(create_game(example_config())->observation(-1)["map"]["positions_computed"].get<bool>());
    EXPECT_THROW(create_game(Json{{"game", "fugitive"}, {"map", 5}}), InputError);
    try {
        create_game(Json{{"game", "fugitive"}, {"map", "5\nC 1-2\n"}});
        FAIL();
    } catch (const InputError& e) {
        EXPECT_STREQ(e.what(), "config.map line 3: missing END after the roads");
    }
}

TEST(FugitiveGame, BotGamesFinishForEveryLevelAndAreDeterministic) {
    for (const char* level : {"easy", "medium", "hard", "best"}) {
        for (int seed = 1; seed <= 3; ++seed) {
            auto g = create_game(Json{{"game", "fugitive"}, {"seed", seed}, {"map", Json{{"cities", 80}}}});
            int moves = 0;
            while (!g->over() && moves < 200) {
                g->apply(g->suggest_move(Json{{"level", level}, {"seed", seed * 100 + moves}}));
                ++moves;
            }
            ASSERT_TRUE(g->over()) << level;
            const auto score = g->result()["scores"];
            EXPECT_EQ(score[0].get<int>() + score[1].get<int>(), 20);
            EXPECT_NE(g->result()["ending"], "forfeit");
        }
    }
    const Json config{{"game", "fugitive"}, {"seed", 9}, {"map", Json{{"cities", 50}}}};
    EXPECT_EQ(play_bot_game(config).dump(), play_bot_game(config).dump());
}

TEST(FugitiveGame, ToolsGenerateValidateAndDescribeMaps) {
    Json gen = run_tool("fugitive", "generate", Json{{"cities", 30}, {"seed", 4}});
    Json v = run_tool("fugitive", "validate", Json{{"map", gen["text"]}});
    EXPECT_TRUE(v["ok"].get<bool>());
    Json bad = run_tool("fugitive", "validate", Json{{"map", "5\nC 1-2\nEND\n"}});
    EXPECT_FALSE(bad["ok"].get<bool>());
    EXPECT_EQ(bad["problems"][0], "connect.txt line 3 (END): city 1 has 1 car road(s); every city needs at least two");
    EXPECT_EQ(run_tool("fugitive", "map", Json{{"map", fugitive_test::kExample8}})["roads"].size(), 14u);
}

TEST(FugitiveGame, TheResultSummaryStartsASentence) {
    // The page capitalised it, but a host page's pursuit:game-over carried "the Fugitive walked onto
    // a Detective ..." as it was (the rules' reason, which the judge's lines quote, stays as it is).
    auto g = create_game(example_config());
    g->apply("2 3 6 7");
    g->apply("1");
    g->apply("C 2");  // onto the Detective at 2
    ASSERT_TRUE(g->over());
    EXPECT_EQ(g->result()["summary"], "The Fugitive walked onto a Detective at city 2 on turn 1 — Fugitive 0, Detectives 20");
}

// The Fugitive's legal placements are the cities without a Detective: on the example with
// Detectives on 2 3 6 7, cities 1 4 5 8. A Detective's city out of range is named by piece.
TEST(FugitiveGame, PlacementChoicesAndOutOfRangeCities) {
    auto g = create_game(example_config());
    try {
        g->apply("2 3 6 9");
        FAIL();
    } catch (const IllegalMove& e) {
        EXPECT_STREQ(e.what(), "Detective 4: city 9 out of range 1..8");
    }
    g->apply("2 3 6 7");
    EXPECT_EQ(g->legal_moves(0), (Json{"1", "4", "5", "8"}));
}

// The announcement the page announces next: turns 1..5 await turn 5 (turn 5 itself is one),
// turns 6..10 await turn 10. Ring of 20: the Fugitive shuttles 1 <-> 2, the Detectives
// 11..14 <-> 12..15, nobody meets.
TEST(FugitiveGame, NextAnnouncementIsTheCurrentTurnOnAnAnnouncementTurn) {
    auto g = create_game(Json{{"game", "fugitive"}, {"seed", 3}, {"map", fugitive_test::ring(20)}});
    EXPECT_EQ(g->observation(1)["next_announcement"], 5);  // placement
    g->apply("11 12 13 14");
    g->apply("1");
    for (int t = 1; t <= 6; ++t) {
        const Json o = g->observation(1);
        EXPECT_EQ(o["turn"], t);
        EXPECT_EQ(o["announcement_turn"], t == 5) << t;
        EXPECT_EQ(o["next_announcement"], t <= 5 ? 5 : 10) << t;
        g->apply(t % 2 ? "C 2" : "C 1");
        g->apply(t % 2 ? "12 13 14 15" : "11 12 13 14");
    }
}
