// Every game refuses a config key it does not take, naming the key and the keys it takes (a
// misspelt "cop": 3 played the default 2 cops without a word), while a replay whose config
// carries such a key still opens: the game was played without it.
#include <gtest/gtest.h>

#include <map>

#include "common/errors.h"
#include "common/game.h"
#include "common/replay.h"

namespace pursuit {
namespace {

std::string error_of(const Json& config) {
    try {
        create_game(config);
    } catch (const InputError& e) {
        return e.what();
    }
    return "(no error)";
}

TEST(ConfigKeys, AnUnknownKeyIsRefusedNamingItAndTheKeysTheGameTakes) {
    const std::map<std::string, std::string> takes{
        {"bank", "Bank Heist takes game, seed, layout and moves"},
        {"copsrobbers", "Cops and Robbers takes game, seed, map, map_name, relaxed, cops, rounds and start"},
        {"fugitive", "Fugitive vs Detectives takes game, seed and map"},
        {"robots", "Robots takes game, seed, input, case, robots and teleports"},
        {"searchparty", "Search Party takes game, seed, map, map_name, map_encoding, builtin and generate"},
    };
    ASSERT_EQ(takes.size(), all_games().size());
    for (const auto& [game, listed] : takes)
        EXPECT_EQ(error_of(Json{{"game", game}, {"seed", 1}, {"colour", "red"}}), "config.colour: unknown key (" + listed + ")");
    EXPECT_EQ(error_of(Json{{"game", "copsrobbers"}, {"map_name", "petersen"}, {"cop", 3}}),
              "config.cop: unknown key (" + takes.at("copsrobbers") + ")");
}

TEST(ConfigKeys, AnUnknownKeyInsideAGeneratorOrAStartIsRefusedToo) {
    // {"cites": 50} made the default 100-city map.
    EXPECT_EQ(error_of(Json{{"game", "fugitive"}, {"map", Json{{"cites", 50}}}}),
              "config.map.cites: unknown key (the map generator takes cities, seed, car_per_city, train_fraction and plane_fraction)");
    EXPECT_EQ(error_of(Json{{"game", "searchparty"}, {"generate", Json{{"kind", "cave"}, {"colls", 30}}}}),
              "config.generate.colls: unknown key (the map generator takes kind, cols, rows, costars, extras and seed)");
    EXPECT_EQ(error_of(Json{{"game", "copsrobbers"}, {"map_name", "petersen"}, {"cops", 1},
                            {"start", Json{{"cops", {1}}, {"robber", 5}, {"rober", 6}}}}),
              "config.start.rober: unknown key (a start takes cops and robber)");
    // The tools that take the same objects name their arguments.
    try {
        run_tool("searchparty", "generate", Json{{"kind", "cave"}, {"colls", 30}});
        ADD_FAILURE() << "no error";
    } catch (const InputError& e) {
        EXPECT_STREQ(e.what(), "args.colls: unknown key (the map generator takes kind, cols, rows, costars, extras and seed)");
    }
    try {
        run_tool("fugitive", "generate", Json{{"cities", 30}, {"car_per_cty", 2}});
        ADD_FAILURE() << "no error";
    } catch (const InputError& e) {
        EXPECT_EQ(std::string(e.what()).rfind("args.car_per_cty: unknown key", 0), 0u) << e.what();
    }
}

TEST(ConfigKeys, AReplayWithAnUnknownKeyInsideAGeneratorOrAStartStillOpens) {
    const auto played = create_game(Json{{"game", "fugitive"}, {"seed", 2}, {"map", Json{{"cities", 20}}}});
    Json replay = played->replay();
    replay["config"]["map"]["cites"] = 5;
    EXPECT_EQ(game_from_replay(replay)->result(), played->result());
    const auto started = create_game(Json{{"game", "copsrobbers"}, {"map_name", "petersen"}, {"cops", 1},
                                          {"start", Json{{"cops", {1}}, {"robber", 3}}}});
    replay = started->replay();
    replay["config"]["start"]["note"] = "x";
    EXPECT_NO_THROW(game_from_replay(replay));
}

TEST(ConfigKeys, EveryKeyAGameTakesIsAccepted) {
    // One config per game using the keys its pages and judges send.
    const std::vector<Json> configs{
        Json{{"game", "bank"}, {"seed", 3}, {"moves", 40}, {"layout", nullptr}},
        Json{{"game", "copsrobbers"}, {"seed", 2}, {"map_name", "petersen"}, {"cops", 3}, {"rounds", 20}},
        Json{{"game", "fugitive"}, {"seed", 4},
             {"map", Json{{"cities", 30}, {"seed", 2}, {"car_per_city", 2}, {"train_fraction", 0.3}, {"plane_fraction", 0.1}}}},
        Json{{"game", "searchparty"}, {"seed", 7},
             {"generate", Json{{"kind", "cave"}, {"cols", 20}, {"rows", 12}, {"costars", 1}, {"extras", 1}, {"seed", 3}}}},
        Json{{"game", "copsrobbers"}, {"map_name", "petersen"}, {"cops", 1}, {"start", Json{{"cops", {1}}, {"robber", 3}}}},
        Json{{"game", "robots"}, {"seed", 5}, {"robots", 10}, {"teleports", 2}},
        Json{{"game", "searchparty"}, {"seed", 6}, {"builtin", "example1"}},
    };
    for (const Json& config : configs) EXPECT_EQ(error_of(config), "(no error)") << config.dump();
    for (const auto& info : all_games()) {
        if (!info.fingerprint_configs) continue;
        for (const Json& config : info.fingerprint_configs()) EXPECT_EQ(error_of(config), "(no error)") << config.dump();
    }
}

TEST(ConfigKeys, AReplayWhoseConfigHasAKeyTheGameDoesNotTakeStillOpens) {
    Json config{{"game", "copsrobbers"}, {"seed", 2}, {"map_name", "petersen"}, {"cops", 2}, {"rounds", 10}};
    const auto played = create_game(config);
    Json replay = played->replay();
    replay["config"]["title"] = "saved by a host page";
    const auto reopened = game_from_replay(replay);
    EXPECT_EQ(reopened->result(), played->result());
    EXPECT_EQ(reopened->config()["title"], "saved by a host page");  // kept as recorded
}

}  // namespace
}  // namespace pursuit
