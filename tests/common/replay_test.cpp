#include <gtest/gtest.h>

#include "common/errors.h"
#include "common/fingerprint.h"
#include "common/game.h"
#include "common/replay.h"

using namespace pursuit;

TEST(Replay, RejectsWrongFormatAndVersion) {
    EXPECT_THROW(check_replay(Json::array()), InputError);
    EXPECT_THROW(check_replay(Json{{"format", "x"}}), InputError);
    Json r = make_replay("robots", Json{{"game", "robots"}}, Json::array(), Json::object());
    EXPECT_NO_THROW(check_replay(r));
    r["version"] = 99;
    EXPECT_THROW(check_replay(r), InputError);
}

TEST(Replay, BadMoveInReplayNamesTheMove) {
    Json r = make_replay("robots", Json{{"game", "robots"}, {"seed", 3}}, Json::array({"N", "up"}), Json::object());
    try {
        game_from_replay(r);
        FAIL();
    } catch (const InputError& e) {
        EXPECT_NE(std::string(e.what()).find("replay move 2 (\"up\")"), std::string::npos) << e.what();
    }
}

TEST(Registry, UnknownGameListsTheKnownOnes) {
    try {
        create_game(Json{{"game", "chess"}});
        FAIL();
    } catch (const InputError& e) {
        EXPECT_NE(std::string(e.what()).find("unknown game 'chess'"), std::string::npos);
        EXPECT_NE(std::string(e.what()).find("robots"), std::string::npos);
    }
}

TEST(Fingerprint, IsStableAcrossRuns) {
    auto a = suite_fingerprint();
    auto b = suite_fingerprint();
    EXPECT_EQ(a, b);
    EXPECT_GT(a["replays"].get<int>(), 0);
    EXPECT_EQ(fnv1a64(""), 14695981039346656037ULL);
    EXPECT_EQ(hex64(fnv1a64("a")), "af63dc4c8601ec8c");
}

// Every game checks config.seed the same way (the shared config_seed): a negative, fractional or
// non-number seed is refused naming the field; Cops and Robbers, Fugitive and Bank took -1 and 1.5
// (converted) and answered "x" with the JSON library's "type must be number, but is string".
TEST(Registry, EveryGameRefusesABadSeedNamingTheField) {
    for (const GameInfo& g : all_games()) {
        for (const Json& bad : {Json(-1), Json(1.5), Json("x")}) {
            try {
                create_game(Json{{"game", g.id}, {"seed", bad}});
                ADD_FAILURE() << g.id << " took seed " << bad.dump();
            } catch (const InputError& e) {
                EXPECT_EQ(std::string(e.what()).rfind("config.seed: expected a non-negative integer, got " + bad.dump(), 0), 0u)
                    << g.id << ": " << e.what();
            }
        }
        EXPECT_NO_THROW(create_game(Json{{"game", g.id}, {"seed", 0}})) << g.id;
        EXPECT_NO_THROW(create_game(Json{{"game", g.id}, {"seed", 123456789}})) << g.id;
    }
}
