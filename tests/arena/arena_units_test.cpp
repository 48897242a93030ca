// Unit tests of the arena's pieces: templates, descriptors, winner decoding, schedules,
// the torn-line handling of games.jsonl, the Bradley-Terry fit, the progress line.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>

#include "arena/descriptor.h"
#include "arena/game_log.h"
#include "arena/html_report.h"
#include "arena/match_runner.h"
#include "arena/progress.h"
#include "arena/ratings.h"
#include "arena/schedule.h"
#include "arena/summary.h"
#include "common/errors.h"
#include "common/judge_io.h"
#include "../common/scratch_dir.h"

using namespace pursuit;
using namespace pursuit::arena;
namespace fs = std::filesystem;

TEST(ArenaTemplate, ExpandsPlaceholdersAndRejectsUnknownOnes) {
    EXPECT_EQ(expand("--seed={seed} {{x} {map}", {{"seed", "7"}, {"map", "/m/a b.txt"}}), "--seed=7 {x} /m/a b.txt");
    try {
        expand("{mpa}", {{"map", "x"}});
        FAIL();
    } catch (const InputError& e) {
        EXPECT_NE(std::string(e.what()).find("unknown placeholder {mpa}"), std::string::npos);
    }
    EXPECT_THROW(expand("{seed", {{"seed", "1"}}), InputError);
    EXPECT_EQ(side_pointer("/players/{side}/score", 1), "/players/1/score");
}

TEST(ArenaDescriptor, LoadsTheFakeGameAndRejectsBrokenOnes) {
    const std::string dir = std::string(PURSUIT_SOURCE_DIR) + "/tests/arena/games";
    auto games = discover_descriptors({dir});
    ASSERT_EQ(games.size(), 1u);
    const GameDescriptor& g = games[0];
    EXPECT_EQ(g.game, "fake");
    EXPECT_EQ(g.roles, (std::vector<std::string>{"hunter", "prey"}));
    ASSERT_EQ(g.default_maps.size(), 2u);
    EXPECT_TRUE(fs::exists(g.default_maps[0])) << g.default_maps[0];
    EXPECT_EQ(g.score_ptr, "/players/{side}/score");

    const pursuit::test::ScratchDir scratch("arena-desc-");
    const std::string& tmp = scratch.path();
    write_file(tmp + "/x/arena.json", R"({"game":"x","judge":"j","roles":["a","b"],"args":["{sede}"],"result":{"winner":"/w"}})");
    try {
        load_descriptor(tmp + "/x/arena.json");
        FAIL();
    } catch (const InputError& e) {
        EXPECT_NE(std::string(e.what()).find("{sede}"), std::string::npos);
    }
    write_file(tmp + "/x/arena.json", R"({"game":"x","judge":"j","roles":["a","b"],"args":[]})");
    EXPECT_THROW(load_descriptor(tmp + "/x/arena.json"), InputError);  // two roles need a winner pointer
    write_file(tmp + "/x/arena.json", R"({"game":"x","judge":"j","roles":["a","b"],"args":[],"result":{"winner":"w"}})");
    EXPECT_THROW(load_descriptor(tmp + "/x/arena.json"), InputError);  // not a JSON pointer
}

TEST(ArenaWinner, DecodesIndexRoleNameDrawAndCustomValues) {
    GameDescriptor g;
    g.roles = {"cops", "robber"};
    g.winner_values = {{"P", 0}, {"X", 1}};
    const std::vector<std::string> names{"alice", "bob"};
    EXPECT_EQ(decode_winner(Json(1), g, names), 1);
    EXPECT_EQ(decode_winner(Json(-1), g, names), -1);
    EXPECT_EQ(decode_winner(Json(nullptr), g, names), -1);
    EXPECT_EQ(decode_winner(Json("Robber"), g, names), 1);
    EXPECT_EQ(decode_winner(Json("draw"), g, names), -1);
    EXPECT_EQ(decode_winner(Json("bob"), g, names), 1);
    EXPECT_EQ(decode_winner(Json("P"), g, names), 0);
    EXPECT_THROW(decode_winner(Json(2), g, names), InputError);
    EXPECT_THROW(decode_winner(Json("nobody"), g, names), InputError);
}

TEST(ArenaSchedule, RoundRobinPlaysBothRolesGauntletOnlyTheChampion) {
    const std::vector<Bot> bots{{"a", "x"}, {"b", "x"}, {"c", "x"}, {"d", "x"}};
    const std::vector<MapEntry> maps{{"m1", "m1"}, {"m2", "m2"}};
    auto rr = make_schedule(bots, 2, maps, 3, Mode::RoundRobin, "");
    EXPECT_EQ(rr.size(), 2u * 3 * 12);  // 6 pairs x 2 role assignments
    std::set<std::string> keys;
    for (const auto& m : rr) keys.insert(m.key);
    EXPECT_EQ(keys.size(), rr.size());
    EXPECT_EQ(rr[0].key, "m1|1|a|b");
    EXPECT_EQ(rr[1].key, "m1|1|b|a");
    auto g = make_schedule(bots, 2, maps, 1, Mode::Gauntlet, "c");
    EXPECT_EQ(g.size(), 2u * 6);
    for (const auto& m : g) EXPECT_TRUE(m.bots[0] == 2 || m.bots[1] == 2);
    EXPECT_EQ(make_schedule(bots, 1, maps, 2, Mode::RoundRobin, "").size(), 2u * 2 * 4);
    EXPECT_THROW(make_schedule(bots, 2, maps, 1, Mode::Gauntlet, "zed"), InputError);
    EXPECT_THROW(make_schedule({{"a", "x"}, {"a", "y"}}, 2, maps, 1, Mode::RoundRobin, ""), InputError);
    EXPECT_THROW(make_schedule({{"a", "x"}}, 2, maps, 1, Mode::RoundRobin, ""), InputError);
}

// A record as match_runner writes it (the smallest shape load_game_log accepts).
Json log_record(const std::string& key) {
    return Json{{"key", key},        {"index", 0},      {"game", "g"},       {"map", "m"},
                {"seed", 1},         {"bots", {"a", "b"}}, {"status", "ok"}, {"winner", 1},
                {"scores", {1, nullptr}}, {"faults", {nullptr, "time limit"}}, {"move_times_ms", Json::array({Json::array({1.5}), Json::array()})},
                {"captures", 2},     {"reason", "r"}};
}

TEST(ArenaGameLog, DropsATornLastLineAndRejectsGarbageInTheMiddle) {
    const pursuit::test::ScratchDir scratch("arena-log-");
    const std::string& tmp = scratch.path();
    const std::string path = tmp + "/games.jsonl";
    {
        GameLog log(path);
        log.append(log_record("a"));
        log.append(log_record("b"));
    }
    const std::string two = read_file(path);
    write_file(path, two + "{\"key\": \"c\", \"trunc");  // killed mid-write
    auto recs = load_game_log(path);
    ASSERT_EQ(recs.size(), 2u);
    EXPECT_EQ(recs[1]["key"], "b");
    EXPECT_EQ(read_file(path), two);  // trimmed for appending
    write_file(path, log_record("a").dump() + "\nnot json\n" + log_record("b").dump() + "\n");
    EXPECT_THROW(load_game_log(path), InputError);
    EXPECT_TRUE(load_game_log(tmp + "/missing.jsonl").empty());
}

// Found by fuzzing (--resume on a hand-edited log reached undefined behaviour in the summary):
// a record whose fields do not have the shapes the arena writes is refused, naming the field.
TEST(ArenaGameLog, RecordsWithWrongShapesAreRefused) {
    const pursuit::test::ScratchDir scratch("arena-log-");
    const std::string& tmp = scratch.path();
    const std::string path = tmp + "/games.jsonl";
    const std::vector<std::pair<std::string, Json>> bad{
        {"key", 5},          {"index", "0"},   {"status", nullptr},  {"map", 3},
        {"bots", {"a", "b", "c"}}, {"bots", {1, 2}}, {"winner", 2},  {"winner", "X"},
        {"scores", {1, 2, 3}},     {"scores", Json::array({"x"})}, {"faults", Json::array({7})}, {"move_times_ms", Json::array({Json::array({"slow"})})},
        {"captures", "two"},       {"reason", Json::array({1})},
        {"tiebreaks", 3},          {"tiebreaks", Json::array({"x"})}};
    for (const auto& [field, value] : bad) {
        Json r = log_record("x");
        r[field] = value;
        write_file(path, r.dump() + "\n" + log_record("y").dump() + "\n");
        try {
            load_game_log(path);
            ADD_FAILURE() << field << " = " << value.dump() << " was accepted";
        } catch (const InputError& e) {
            EXPECT_NE(std::string(e.what()).find("line 1"), std::string::npos) << e.what();
        }
    }
    // Missing optional fields read as null, so the summary can index them.
    Json r = log_record("z");
    r.erase("captures");
    r.erase("move_times_ms");
    r["reason"] = nullptr;
    write_file(path, r.dump() + "\n");
    const auto recs = load_game_log(path);
    ASSERT_EQ(recs.size(), 1u);
    EXPECT_TRUE(recs[0]["captures"].is_null());
    EXPECT_TRUE(recs[0].contains("move_times_ms"));
    EXPECT_EQ(recs[0]["reason"], "");  // the summary reads it with value("reason", string)
    const GameDescriptor g = load_descriptor(std::string(PURSUIT_SOURCE_DIR) + "/tests/arena/games/fake/arena.json");
    EXPECT_NO_THROW((void)format_text(summarise(g, {"a", "b"}, {recs[0], recs[0]})));
}

TEST(ArenaRatings, TwoBotsMatchTheClosedForm) {
    // 75 wins of 100: MLE difference = 400 log10(3) = 190.85 Elo; se of the logit difference
    // = 1/sqrt(n p (1-p)) = 1/sqrt(18.75); centred ratings are ± half of that each.
    std::vector<Comparison> cs;
    for (int i = 0; i < 100; ++i) cs.push_back(i < 75 ? Comparison{0, 1, 1.0} : Comparison{1, 0, 1.0});
    const Ratings r = fit_bradley_terry(2, cs, false);
    EXPECT_TRUE(r.converged);
    const double scale = 400 / std::log(10.0);
    EXPECT_NEAR(r.elo[0] - r.elo[1], 400 * std::log10(3.0), 0.5);  // tiny prior shrinkage
    EXPECT_NEAR(r.elo[0], -r.elo[1], 1e-9);
    EXPECT_NEAR(r.ci95[0], 1.96 * scale / std::sqrt(18.75) / 2, 0.5);
}

TEST(ArenaRatings, RecoversDesignedStrengthsAndRoleAdvantage) {
    // Expected outcomes from known ratings (fractional scores = exact expectations, many games).
    const std::vector<double> truth{-150, -50, 50, 150};
    const double adv = 80;
    std::vector<Comparison> cs;
    for (int a = 0; a < 4; ++a)
        for (int b = 0; b < 4; ++b)
            if (a != b)
                for (int k = 0; k < 50; ++k) cs.push_back({a, b, expected_score(truth[a], truth[b], adv)});
    const Ratings r = fit_bradley_terry(4, cs, true);
    for (int i = 0; i < 4; ++i) EXPECT_NEAR(r.elo[i], truth[i], 1.0) << i;
    EXPECT_NEAR(r.role0_advantage_elo, adv, 1.0);
}

TEST(ArenaRatings, ABotThatWonEverythingStaysFiniteWithAWideInterval) {
    std::vector<Comparison> cs;
    for (int k = 0; k < 10; ++k) cs.push_back({0, 1, 1.0});
    const Ratings r = fit_bradley_terry(2, cs, false);
    EXPECT_TRUE(std::isfinite(r.elo[0]));
    EXPECT_GT(r.elo[0], 300);
    EXPECT_GT(r.ci95[0], 300);
}

TEST(ArenaProgress, LineShowsDoneTotalAndTimeLeft) {
    EXPECT_EQ(Progress::line(30, 120, 2, 15, 45, 10), "[##--------] 30/120 games  25%  15 s elapsed  ~45 s left  (2 failed)");
    EXPECT_EQ(Progress::duration(3725), "1 h 2 min");
    EXPECT_EQ(html_escape("<a href=\"x\">&'"), "&lt;a href=&quot;x&quot;&gt;&amp;&#39;");
}

#include "arena/summary.h"

TEST(ArenaSummary, OneRoleGamesCompareScoresOnTheSameInstanceAndFaultsLose) {
    GameDescriptor g;
    g.game = "solo";
    g.roles = {"solver"};
    g.higher_score_wins = false;  // fewer turns is better
    auto rec = [](const std::string& map, const std::string& bot, double turns, bool fault) {
        return Json{{"key", map + "|1|" + bot}, {"index", 0}, {"map", map}, {"seed", 1}, {"bots", {bot}},
                    {"status", "ok"}, {"scores", {turns}}, {"faults", {fault ? Json("garbage") : Json(nullptr)}}};
    };
    const std::vector<Json> records{rec("m1", "a", 100, false), rec("m1", "b", 120, false), rec("m1", "c", 1, true),
                                    rec("m2", "a", 90, false),  rec("m2", "b", 90, false),  rec("m2", "c", 5, true)};
    const Summary s = summarise(g, {"a", "b", "c"}, records);
    EXPECT_EQ(s.comparisons, 6);
    // a: beats b on m1, draws on m2, beats the faulted c twice.
    EXPECT_EQ(s.per_bot[0].wins, 3);
    EXPECT_EQ(s.per_bot[0].draws, 1);
    EXPECT_EQ(s.per_bot[2].losses, 4);  // c's low turn counts do not count: it faulted
    EXPECT_GT(s.ratings.elo[0], s.ratings.elo[1]);
    EXPECT_GT(s.ratings.elo[1], s.ratings.elo[2]);
}

TEST(ArenaSummary, TwoRoleTalliesPairingsMapsAndExcludesFailedGames) {
    GameDescriptor g;
    g.game = "duel";
    g.roles = {"cops", "robber"};
    auto rec = [](const std::string& b0, const std::string& b1, int winner, const std::string& status) {
        return Json{{"key", "m|1|" + b0 + "|" + b1}, {"index", 0}, {"map", "m"}, {"seed", 1}, {"bots", {b0, b1}},
                    {"status", status}, {"winner", winner}, {"captures", 2}, {"faults", {nullptr, nullptr}}};
    };
    const Summary s = summarise(g, {"x", "y"}, {rec("x", "y", 0, "ok"), rec("y", "x", 0, "ok"), rec("x", "y", -1, "ok"),
                                                rec("y", "x", -1, "timeout")});
    EXPECT_EQ(s.games_total, 4);
    EXPECT_EQ(s.games_failed, 1);
    ASSERT_EQ(s.pairs.size(), 1u);
    EXPECT_EQ(s.pairs[0].of_a.wins, 1);
    EXPECT_EQ(s.pairs[0].of_a.losses, 1);
    EXPECT_EQ(s.pairs[0].of_a.draws, 1);
    EXPECT_EQ(s.pairs[0].errors, 1);
    EXPECT_DOUBLE_EQ(s.pairs[0].captures_sum / s.pairs[0].captures_count, 2.0);
    EXPECT_EQ(s.maps[0].role_wins[0], 2);
    EXPECT_EQ(s.failures.size(), 1u);
    EXPECT_NE(pairings_csv(s).find("x,y,3,1,1,1,0,0,1,2.000,,"), std::string::npos) << pairings_csv(s);
}

TEST(ArenaDescriptor, WinnerFromScoresAndRolePointers) {
    const pursuit::test::ScratchDir scratch("arena-desc2-");
    const std::string& tmp = scratch.path();
    write_file(tmp + "/f/arena.json", R"({"game":"f","judge":"j","roles":["Fugitive","Detectives"],"args":["{cmd_Fugitive}"],
        "winner_from_scores":true,"result":{"score":"/scores/{side}","fault":"/players/{role}/verdict"}})");
    const GameDescriptor g = load_descriptor(tmp + "/f/arena.json");
    EXPECT_TRUE(g.winner_from_scores);
    EXPECT_EQ(side_pointer(g.fault_ptr, 1, g.roles[1]), "/players/Detectives/verdict");
    EXPECT_EQ(at_pointer(Json{{"players", {{"Detectives", {{"verdict", "crashed"}}}}}}, "/players/Detectives/verdict"), "crashed");
    EXPECT_TRUE(at_pointer(Json::object(), "/players/x").is_null());
}

TEST(ArenaDescriptor, AMisspelledBuiltInMapNameIsRefusedWithTheKnownNames) {
    // "--maps petersn" reached copsrobbers-server, which failed every game ("unknown map name").
    const std::string native = std::string(PURSUIT_SOURCE_DIR) + "/native";
    const GameDescriptor cr = load_descriptor(native + "/copsrobbers/arena.json");
    EXPECT_EQ(cr.map_name_tool, "map");
    EXPECT_NO_THROW(check_map_name(cr, "petersen"));
    EXPECT_NO_THROW(check_map_name(cr, "grid-6x6"));
    EXPECT_NO_THROW(check_map_name(cr, "city-30-s1"));
    try {
        check_map_name(cr, "petersn");
        ADD_FAILURE() << "no error for a misspelled built-in name";
    } catch (const InputError& e) {
        const std::string m = e.what();
        EXPECT_EQ(m.rfind("map petersn: no such file, and not a built-in map of copsrobbers: unknown map name 'petersn' (known: ", 0), 0u) << m;
        EXPECT_NE(m.find("grid-<w>x<h>"), std::string::npos) << m;
        EXPECT_NE(m.find("petersen, dodecahedron, example7)"), std::string::npos) << m;
    }
    // A game whose judge reads files only has no names at all (the fake game's judge neither).
    const GameDescriptor fu = load_descriptor(native + "/fugitive/arena.json");
    EXPECT_EQ(fu.map_name_tool, "");
    try {
        check_map_name(fu, "example8");
        ADD_FAILURE() << "no error for a name in a game without built-in maps";
    } catch (const InputError& e) {
        EXPECT_EQ(std::string(e.what()), "map example8: no such file, and fugitive has no built-in map names (fugitive-judge reads map files only)");
    }
}

TEST(ArenaDescriptor, ABuiltInMapThatTheJudgesSetupCannotPlayIsRefused) {
    // "--maps cycle-3" is a valid name, but copsrobbers-server (--cops 2) cannot place 2 cops and
    // X on a triangle: every game failed in the judge. The descriptor's map_name_config is the
    // game's uniform config of such a game; creating it (the judge's own code) decides.
    const std::string native = std::string(PURSUIT_SOURCE_DIR) + "/native";
    const GameDescriptor cr = load_descriptor(native + "/copsrobbers/arena.json");
    EXPECT_EQ(cr.map_name_config, (Json{{"map_name", "{map}"}, {"cops", 2}}));
    EXPECT_NO_THROW(check_map_name(cr, "petersen", 3));
    EXPECT_NO_THROW(check_map_name(cr, "cycle-12", 3));
    try {
        check_map_name(cr, "cycle-3", 3);
        ADD_FAILURE() << "no error for a map the setup cannot play";
    } catch (const InputError& e) {
        EXPECT_EQ(std::string(e.what()),
                  "map cycle-3: a built-in map of copsrobbers, but copsrobbers-server cannot play it with the "
                  "descriptor's setup {\"cops\":2} (seed 1): cannot place 2 cops and X on pairwise non-adjacent "
                  "crossings of this city");
    }
    // The same value reaches the judge: args take it through {config.cops}.
    EXPECT_NE(std::find(cr.args.begin(), cr.args.end(), "{config.cops}"), cr.args.end());
    EXPECT_EQ(expand("--cops={config.cops}", config_vars(cr)), "--cops=2");
}

// The message check_map_file gives for `path`, or "" when it accepts it.
std::string map_file_refusal(const GameDescriptor& g, const std::string& path, int seeds = 1) {
    try {
        check_map_file(g, path, seeds);
        return "";
    } catch (const InputError& e) {
        return e.what();
    }
}

TEST(ArenaDescriptor, AMapFileTheJudgeCannotPlayIsRefusedWithTheReadersReason) {
    // "--maps maps/fugitive/example8.txt" in a copsrobbers tournament (or a broken map file)
    // started every game, and each failed in the judge. map_file_config is the game the judge
    // creates on a file; creating it through the uniform interface (the game's reader) decides.
    const std::string src = PURSUIT_SOURCE_DIR, maps = src + "/maps";
    struct Case {
        std::string game, other_map, reason;
    };
    const std::vector<Case> cases{
        {"copsrobbers", "fugitive/example8.txt",
         "copsrobbers-server cannot play this file with the descriptor's setup {\"cops\":2} (seed 1): "
         "map line 1: expected \"N M\" (2 integers), got 1 token"},
        {"fugitive", "copsrobbers/petersen.txt",
         "fugitive-judge cannot play this file (seed 1): config.map line 1: expected the number of cities, got '10 15'"},
        {"bank", "fugitive/example8.txt",
         "bank-judge cannot play this file (seed 1): config.layout line 1: unknown line '8' (expected name, columns, guards or map)"},
        {"searchparty", "bank/small.txt",
         "searchparty-controller cannot play this file (seed 1): map line 1: expected the header \"N M p q\" "
         "(columns, rows, costars, extras) (4 integers), got 15 tokens"},
    };
    for (const auto& c : cases) {
        const GameDescriptor g = load_descriptor(src + "/native/" + c.game + "/arena.json");
        ASSERT_FALSE(g.map_file_config.is_null()) << c.game;
        for (const auto& m : g.default_maps) EXPECT_EQ(map_file_refusal(g, m, 3), "") << c.game;  // its own maps play
        const std::string other = maps + "/" + c.other_map;
        EXPECT_EQ(map_file_refusal(g, other), "map " + other + ": " + c.reason);
    }
    // A well-formed city that the judge's setup cannot play: in K10 no 2 cops and X stand on
    // pairwise non-adjacent crossings (as for the built-in cycle-3, but a file).
    const pursuit::test::ScratchDir scratch("arena-map-file-");
    const std::string& tmp = scratch.path();
    std::string k10 = "10 45\n";
    for (int a = 1; a <= 10; ++a)
        for (int b = a + 1; b <= 10; ++b) k10 += std::to_string(a) + " " + std::to_string(b) + "\n";
    write_file(tmp + "/k10.txt", k10);
    const GameDescriptor cr = load_descriptor(src + "/native/copsrobbers/arena.json");
    EXPECT_EQ(map_file_refusal(cr, tmp + "/k10.txt"),
              "map " + tmp + "/k10.txt: copsrobbers-server cannot play this file with the descriptor's setup "
              "{\"cops\":2} (seed 1): cannot place 2 cops and X on pairwise non-adjacent crossings of this city");
    // A game without map_file_config (the fake one): files are left to its judge.
    const GameDescriptor fake = load_descriptor(src + "/tests/arena/games/fake/arena.json");
    EXPECT_EQ(map_file_refusal(fake, tmp + "/k10.txt"), "");
}

TEST(ArenaDescriptor, MapFileAndMapNameConfigsMustAgreeOnTheJudgesSetup) {
    // Both describe the judge's one setup ({config.cops} reaches the judge once): a file and a
    // name checked with different cop counts would check games the judge does not play.
    const pursuit::test::ScratchDir scratch("arena-desc3-");
    const std::string& tmp = scratch.path();
    const std::string head = R"({"game":"copsrobbers","judge":"j","roles":["a","b"],"args":["{config.cops}"],"result":{"winner":"/w"},)";
    write_file(tmp + "/c/arena.json", head + R"("map_name_config":{"map_name":"{map}","cops":2},"map_file_config":{"map":"{map_text}","cops":3}})");
    try {
        load_descriptor(tmp + "/c/arena.json");
        ADD_FAILURE() << "no error for two setups";
    } catch (const InputError& e) {
        EXPECT_EQ(std::string(e.what()), tmp + "/c/arena.json: \"map_file_config\" and \"map_name_config\" give \"cops\" "
                                                "different values (3, 2)");
    }
    write_file(tmp + "/c/arena.json", head + R"("map_file_config":{"map":"{map_text}","cops":3,"seed":1}})");
    EXPECT_THROW(load_descriptor(tmp + "/c/arena.json"), InputError);  // the arena sets the seed
    write_file(tmp + "/c/arena.json", head + R"("map_file_config":{"map":"{map_text}","cops":3}})");
    EXPECT_EQ(expand("--cops={config.cops}", config_vars(load_descriptor(tmp + "/c/arena.json"))), "--cops=3");
}

TEST(ArenaSchedule, AMapPathThatIsNoFileIsRefusedNotTakenForAName) {
    // "--maps maps/typo.txt" was taken for a built-in map name: every game then failed in the
    // judge ("cannot read ...") and the arena exited 0 with a table of errors.
    const pursuit::test::ScratchDir scratch("arena-map-entry-");
    const std::string& dir = scratch.path();
    try {
        make_map_entry(dir + "/typo.txt");
        ADD_FAILURE() << "no error for a missing map file";
    } catch (const InputError& e) {
        EXPECT_EQ(std::string(e.what()), "map " + dir + "/typo.txt: no such file");
    }
    try {
        make_map_entry(dir);
        ADD_FAILURE() << "no error for a folder";
    } catch (const InputError& e) {
        EXPECT_EQ(std::string(e.what()), "map " + dir + ": not a regular file");
    }
    // Without a '/' a misspelled file was still taken for a name ("--maps petersn.txt": every game
    // failed, exit 0); no built-in name has a '.'. An empty file is no map of any game.
    try {
        make_map_entry("no-such-map-here.txt");
        ADD_FAILURE() << "no error for a missing map file without a folder";
    } catch (const InputError& e) {
        EXPECT_EQ(std::string(e.what()), "map no-such-map-here.txt: no such file");
    }
    write_file(dir + "/empty.txt", "");
    try {
        make_map_entry(dir + "/empty.txt");
        ADD_FAILURE() << "no error for an empty map file";
    } catch (const InputError& e) {
        EXPECT_EQ(std::string(e.what()), "map " + dir + "/empty.txt: empty file");
    }
    write_file(dir + "/ok.txt", "x\n");
    EXPECT_EQ(make_map_entry(dir + "/ok.txt").name, "ok");
    EXPECT_EQ(make_map_entry("grid-4x4").value, "grid-4x4");  // a built-in name stays a name
}

// One-role tie-breaks (result.tiebreaks): Search Party's spec breaks equal turns by more living
// costars, then more living extras; before, equal scores were always a draw.
TEST(ArenaDescriptor, TieBreaksMustBeAnArrayOfPointersWithADirection) {
    const pursuit::test::ScratchDir scratch("arena-desc-tb-");
    const std::string& tmp = scratch.path();
    const std::string path = tmp + "/s/arena.json";
    auto error_of = [&](const std::string& result, const std::string& roles = R"(["solver"])") {
        write_file(path, R"({"game":"s","judge":"j","roles":)" + roles + R"(,"args":[],"result":)" + result + "}");
        try {
            load_descriptor(path);
        } catch (const InputError& e) {
            return std::string(e.what());
        }
        return std::string("(loaded)");
    };
    EXPECT_EQ(error_of(R"({"score":"/turns","tiebreaks":{"pointer":"/costars","higher_wins":true}})"),
              path + " result: \"tiebreaks\" must be an array of {\"pointer\": \"/...\", \"higher_wins\": true|false}");
    EXPECT_EQ(error_of(R"({"score":"/turns","tiebreaks":["/costars"]})"),
              path + " result: tiebreaks[0] must be an object {\"pointer\": \"/...\", \"higher_wins\": true|false}");
    EXPECT_EQ(error_of(R"({"score":"/turns","tiebreaks":[{"pointer":"/costars","higher_wins":true},{"higher_wins":true}]})"),
              path + " result tiebreaks[1]: missing field \"pointer\"");
    EXPECT_EQ(error_of(R"({"score":"/turns","tiebreaks":[{"pointer":"costars","higher_wins":true}]})"),
              path + " result tiebreaks[0]: \"costars\" is not a JSON pointer");
    EXPECT_EQ(error_of(R"({"score":"/turns","tiebreaks":[{"pointer":"/costars"}]})"),
              path + " result tiebreaks[0]: missing field \"higher_wins\" (true or false)");
    EXPECT_EQ(error_of(R"({"score":"/turns","tiebreaks":[{"pointer":"/costars","higher_wins":"yes"}]})"),
              path + " result tiebreaks[0]: field \"higher_wins\" must be true or false");
    EXPECT_EQ(error_of(R"({"score":"/turns","tiebreaks":[{"pointer":"/costars","higher_win":true}]})"),
              path + " result tiebreaks[0]: unknown field \"higher_win\" (a tie-break has \"pointer\" and \"higher_wins\")");
    EXPECT_EQ(error_of(R"({"winner":"/w","tiebreaks":[{"pointer":"/costars","higher_wins":true}]})", R"(["a","b"])"),
              path + " result: \"tiebreaks\" apply to one-role games only (this one has 2 roles)");
    EXPECT_EQ(error_of(R"({"score":"/turns","tiebreaks":[]})"), "(loaded)");
}

namespace {

// The one-role fake game's descriptor (tests/arena/games-solo/solo): fewer turns win, then
// more costars, then more extras.
GameDescriptor solo_game() {
    return load_descriptor(std::string(PURSUIT_SOURCE_DIR) + "/tests/arena/games-solo/solo/arena.json");
}

Json solo_record(const std::string& map, const std::string& bot, double turns, const Json& tiebreaks, bool fault = false) {
    Json r{{"key", map + "|1|" + bot}, {"index", 0}, {"map", map}, {"seed", 1}, {"bots", {bot}}, {"status", "ok"},
           {"scores", {turns}}, {"faults", {fault ? Json("garbage") : Json(nullptr)}}};
    if (!tiebreaks.is_null()) r["tiebreaks"] = tiebreaks;
    return r;
}

}  // namespace

TEST(ArenaSummary, EqualScoresAreBrokenByTheTieBreaksInOrder) {
    const GameDescriptor g = solo_game();
    // m1: equal turns; a has more costars (3 > 2) and beats b although b has more extras.
    // m2: equal turns and costars; b has more extras. m3: all equal: a draw.
    // m4: fewer turns still win whatever the tie-breaks.
    const std::vector<Json> records{
        solo_record("m1", "a", 100, {3, 0}), solo_record("m1", "b", 100, {2, 5}),
        solo_record("m2", "a", 90, {1, 1}),  solo_record("m2", "b", 90, {1, 2}),
        solo_record("m3", "a", 80, {2, 2}),  solo_record("m3", "b", 80, {2, 2}),
        solo_record("m4", "a", 70, {0, 0}),  solo_record("m4", "b", 71, {9, 9})};
    const Summary s = summarise(g, {"a", "b"}, records);
    EXPECT_EQ(s.comparisons, 4);
    ASSERT_EQ(s.pairs.size(), 1u);
    EXPECT_EQ(s.pairs[0].of_a.wins, 2);    // m1 (costars), m4 (turns)
    EXPECT_EQ(s.pairs[0].of_a.losses, 1);  // m2 (extras)
    EXPECT_EQ(s.pairs[0].of_a.draws, 1);   // m3
    EXPECT_EQ(s.per_bot[0].wins, 2);
    EXPECT_EQ(s.per_bot[1].wins, 1);
    EXPECT_EQ(s.per_bot[1].draws, 1);
    const Json j = to_json(s);
    EXPECT_EQ(j["tiebreaks"], Json::parse(R"([{"pointer":"/costars","higher_wins":true},{"pointer":"/extras","higher_wins":true}])"));
    EXPECT_EQ(j["pairings"][0]["decided_by_tiebreak"], 2) << j["pairings"].dump();
    EXPECT_EQ(j["bots"][0]["avg_tiebreaks"], Json::parse("[1.5,0.75]")) << j["bots"].dump();
    EXPECT_NE(format_text(s).find("2 by tie-break"), std::string::npos) << format_text(s);
}

TEST(ArenaSummary, TieBreaksAreLowerWinsWhenSaidAndAFaultStillLoses) {
    GameDescriptor g = solo_game();
    const pursuit::test::ScratchDir scratch("arena-desc-tb2-");
    const std::string& tmp = scratch.path();
    write_file(tmp + "/s/arena.json", R"({"game":"s","judge":"j","roles":["solver"],"args":[],"higher_score_wins":false,
        "result":{"score":"/turns","tiebreaks":[{"pointer":"/dead","higher_wins":false}]}})");
    g = load_descriptor(tmp + "/s/arena.json");
    const Summary s = summarise(g, {"a", "b", "c"},
                                {solo_record("m1", "a", 100, {1}), solo_record("m1", "b", 100, {4}),
                                 solo_record("m1", "c", 100, {0}, true)});
    // a (1 dead) beats b (4 dead); c has the best tie-break but faulted: it loses to both.
    EXPECT_EQ(s.per_bot[0].wins, 2);
    EXPECT_EQ(s.per_bot[1].wins, 1);
    EXPECT_EQ(s.per_bot[1].losses, 1);
    EXPECT_EQ(s.per_bot[2].losses, 2);
    EXPECT_EQ(s.per_bot[0].draws + s.per_bot[1].draws + s.per_bot[2].draws, 0);
}

TEST(ArenaSummary, RecordsWithoutTieBreakValuesFromAnEarlierRunStayDrawsOnEqualScores) {
    // --resume over games.jsonl written before the descriptor had tie-breaks: nothing to break with.
    const Summary s = summarise(solo_game(), {"a", "b"},
                                {solo_record("m1", "a", 100, nullptr), solo_record("m1", "b", 100, {3, 3})});
    EXPECT_EQ(s.pairs[0].of_a.draws, 1);
}
