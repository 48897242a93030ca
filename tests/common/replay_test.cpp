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

namespace {
std::string replay_error(const Json& r) {
    try {
        check_replay(r);
    } catch (const InputError& e) {
        return e.what();
    }
    return "(no error)";
}
}  // namespace

// Fields that were read loosely: a version past int's range was cut to 1, a number as the
// format named no field, and a "game" naming another game than the config's was ignored.
TEST(Replay, VersionFormatAndGameAreCheckedExactly) {
    Json r = make_replay("searchparty", Json{{"game", "searchparty"}}, Json::array(), Json::object());
    r["version"] = 4294967297LL;
    EXPECT_EQ(replay_error(r), "replay: version 4294967297 is not supported (this engine reads 1)");
    r["version"] = 1;
    r["format"] = 5;
    EXPECT_EQ(replay_error(r), "replay: field \"format\" must be \"pursuit-replay\"");
    r["format"] = "pursuit-replay";
    r["game"] = "robots";
    EXPECT_EQ(replay_error(r), "replay: field \"game\" is \"robots\" but config.game is \"searchparty\"");
    r["game"] = "searchparty";
    EXPECT_EQ(replay_error(r), "(no error)");
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

// A long move is quoted as an excerpt, by the replay and by every game's own message: a 2 MB
// move came back whole (the page showed it; robots, bank and cops-and-robbers quoted it too).
TEST(Replay, ALongBadMoveIsQuotedAsAnExcerpt) {
    for (const char* game : {"robots", "searchparty", "fugitive", "bank", "copsrobbers"}) {
        const Json r = make_replay(game, Json{{"game", game}, {"seed", 3}}, Json::array({std::string(100000, 'x')}), Json::object());
        try {
            game_from_replay(r);
            ADD_FAILURE() << game;
        } catch (const InputError& e) {
            const std::string what = e.what();
            EXPECT_EQ(what.rfind("replay move 1 (\"" + std::string(56, 'x') + "...): ", 0), 0u) << game << ": " << what.substr(0, 200);
            EXPECT_LT(what.size(), 400u) << game << ": " << what.substr(0, 400);
        }
    }
    // Cut where a character starts: a cut inside 'é' left a message that is not UTF-8, which
    // the wasm envelope could not write (a WebAssembly exception reached JavaScript).
    std::string long_move = "a";
    for (int i = 0; i < 100; ++i) long_move += "\xc3\xa9";
    const Json utf8 = make_replay("searchparty", Json{{"game", "searchparty"}}, Json::array({long_move}), Json::object());
    try {
        game_from_replay(utf8);
        ADD_FAILURE();
    } catch (const InputError& e) {
        EXPECT_NO_THROW((void)Json(std::string(e.what())).dump()) << "not UTF-8: " << e.what();
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
