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

// The format of replay.h, field by field: every field written, "moves" and "config" required
// with their types, each missing one named.
TEST(Replay, WritesEveryFieldOfTheFormatAndRequiresMovesAndConfig) {
    const Json config{{"game", "robots"}, {"seed", 3}};
    const Json r = make_replay("robots", config, Json::array({"N"}), Json{{"over", false}});
    EXPECT_EQ(r, (Json{{"format", "pursuit-replay"}, {"version", 1}, {"game", "robots"}, {"engine", "1.0.0"},
                       {"config", config}, {"moves", Json::array({"N"})}, {"result", Json{{"over", false}}}}));
    Json no_moves = r;
    no_moves.erase("moves");
    EXPECT_EQ(replay_error(no_moves), "replay: missing array field \"moves\"");
    Json moves_object = r;
    moves_object["moves"] = Json::object();
    EXPECT_EQ(replay_error(moves_object), "replay: missing array field \"moves\"");
    Json no_config = r;
    no_config.erase("config");
    EXPECT_EQ(replay_error(no_config), "replay: missing object field \"config\"");
    Json no_version = r;
    no_version.erase("version");
    EXPECT_EQ(replay_error(no_version), "replay: missing integer field \"version\"");
}

// hex64 is always 16 hex digits (fingerprint.h: "<16 hex>"), leading zeros kept; fnv1a64 is
// FNV-1a (published test vectors).
TEST(Fingerprint, Hex64IsSixteenDigitsAndFnvIsFnv1a) {
    EXPECT_EQ(hex64(0), "0000000000000000");
    EXPECT_EQ(hex64(0xabcULL), "0000000000000abc");
    EXPECT_EQ(hex64(~0ULL), "ffffffffffffffff");
    EXPECT_EQ(hex64(fnv1a64("foobar")), "85944171f73967e8");
    EXPECT_EQ(fnv1a64("b", fnv1a64("a")), fnv1a64("ab"));  // a seed continues the hash
}

// The suite fingerprint covers every replay of every game's fingerprint configs whole (config,
// moves and result), each game's share under its id, and "hash" covers every share: a change in
// one replay must show in its game's share and in the hash.
TEST(Fingerprint, CoversEveryReplayOfEveryGame) {
    const Json fp = suite_fingerprint();
    int replays = 0;
    std::uint64_t total = fnv1a64("pursuit");
    for (const GameInfo& info : all_games()) {
        if (!info.fingerprint_configs) continue;
        std::uint64_t h = fnv1a64(info.id);
        for (const Json& config : info.fingerprint_configs()) {
            const Json replay = play_bot_game(config);
            EXPECT_TRUE(replay["result"]["over"].get<bool>()) << config.dump();
            h = fnv1a64(replay.dump(), h);
            ++replays;
        }
        EXPECT_EQ(fp["per_game"][info.id], hex64(h)) << info.id;
        total = fnv1a64(hex64(h), total);
    }
    EXPECT_EQ(fp["replays"], replays);
    EXPECT_EQ(fp["per_game"].size(), all_games().size());
    EXPECT_EQ(fp["hash"], hex64(total));
    EXPECT_NE(fp["hash"], hex64(fnv1a64("pursuit")));  // not the hash of an empty suite
}

// play_bot_game is bounded: a game that has not ended after max_moves is an error, never a
// replay of an unfinished game.
TEST(Fingerprint, PlayBotGameRefusesAnUnfinishedGame) {
    try {
        const Json replay = play_bot_game(Json{{"game", "robots"}, {"seed", 3}}, 2);
        ADD_FAILURE() << "returned " << replay["moves"].dump();
    } catch (const InputError& e) {
        EXPECT_STREQ(e.what(), "play_bot_game: no result after 2 moves");
    }
    try {
        play_bot_game(Json{{"game", "robots"}, {"seed", 3}}, 1);
        ADD_FAILURE() << "a game of one move returned";
    } catch (const InputError& e) {
        EXPECT_STREQ(e.what(), "play_bot_game: no result after 1 move");
    }
}

// game.h: apply throws IllegalMove and leaves the state unchanged (no move recorded), so the
// replay holds only the moves that were played.
TEST(Replay, ARefusedMoveIsNotRecorded) {
    auto g = create_game(Json{{"game", "robots"}, {"seed", 3}});
    EXPECT_THROW(g->apply("up"), IllegalMove);
    EXPECT_EQ(g->moves(), Json::array());
    EXPECT_EQ(g->replay()["moves"], Json::array());
    EXPECT_EQ(game_from_replay(g->replay())->moves(), Json::array());
}

// Replays must always serialise: create_game refuses a config with text JSON cannot carry,
// naming it, for every game.
TEST(Registry, AConfigWithInvalidUtf8IsRefusedForEveryGame) {
    for (const GameInfo& g : all_games()) {
        Json config{{"game", g.id}, {"seed", 1}};
        config[g.config_keys.empty() ? "seed" : g.config_keys.front()] = "\xff\xfe";
        try {
            create_game(config);
            ADD_FAILURE() << g.id;
        } catch (const InputError& e) {
            EXPECT_EQ(std::string(e.what()).rfind("config: text is not valid UTF-8 (", 0), 0u) << g.id << ": " << e.what();
        }
    }
}
