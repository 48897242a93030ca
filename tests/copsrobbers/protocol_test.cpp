// The server against real processes: our bot on both sides, and misbehaving programs
// (illegal move, garbage, crash, hang, early exit, wrong count) losing with a message.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <sstream>

#include "common/game.h"
#include "common/judge_io.h"
#include "copsrobbers/match.h"
#include "../common/time_scale.h"

using namespace pursuit;
using namespace pursuit::copsrobbers;

namespace {

const std::string kBin = PURSUIT_BIN_DIR;
const std::string kPrograms = std::string(PURSUIT_SOURCE_DIR) + "/tests/copsrobbers/programs/";
const std::string kBot = kBin + "/copsrobbers-bot";

Json config(const char* map, int cops, int rounds, int seed) {
    return Json{{"game", "copsrobbers"}, {"map_name", map}, {"cops", cops}, {"rounds", rounds}, {"seed", seed}};
}

// The server's limits, longer in the sanitizer build (test::kTimeScale).
MatchTiming timing() {
    MatchTiming t;
    t.move_ms = test::scaled(t.move_ms);
    t.first_move_ms = test::scaled(t.first_move_ms);
    return t;
}

MatchTiming fast() {
    MatchTiming t;
    t.move_ms = test::scaled(400);
    t.first_move_ms = test::scaled(800);
    return t;
}

std::string script(const char* name) { return "exec sh " + kPrograms + name; }

}  // namespace

TEST(CopsRobbersProtocol, OurBotAgainstItselfFinishesLegally) {
    MatchOutcome m = play_match(config("petersen", 3, 50, 2), kBot, kBot, timing());
    EXPECT_EQ(m.winner, "cops");  // three cops catch X on the Petersen graph
    EXPECT_FALSE(m.result.value("forfeit", false)) << m.summary;
    auto replayed = game_from_replay(m.replay);  // every move was legal
    EXPECT_TRUE(replayed->over());
    EXPECT_EQ(replayed->result()["winner"], "cops");

    MatchOutcome two = play_match(config("petersen", 2, 30, 2), kBot, kBot, timing());
    EXPECT_EQ(two.winner, "robber") << two.summary;  // two are not enough
}

TEST(CopsRobbersProtocol, BestBotBeatsGreedyOnBothSides) {
    MatchOutcome cops = play_match(config("grid-6x6", 2, 60, 4), kBot, kBot + " --strategy greedy", timing());
    EXPECT_EQ(cops.winner, "cops") << cops.summary;
    MatchOutcome robber = play_match(config("dodecahedron", 2, 60, 4), kBot + " --strategy greedy", kBot, timing());
    EXPECT_EQ(robber.winner, "robber") << robber.summary;
}

TEST(CopsRobbersProtocol, AbandonedSolveFallsBackToHeuristicsQuickly) {
    // --solve-ms 1: the 4-million-state solve is abandoned at once on both sides.
    MatchOutcome m = play_match(config("city-200-s4", 2, 40, 1), kBot + " --solve-ms 1", kBot + " --solve-ms 1", timing());
    EXPECT_FALSE(m.result.value("forfeit", false)) << m.summary;
    ASSERT_FALSE(m.cops_ms.empty());
    EXPECT_LT(m.cops_ms[0], test::scaled(500.0));
    EXPECT_LT(m.robber_ms[0], test::scaled(500.0));
}

TEST(CopsRobbersProtocol, CopsNeverSeeXStart) {
    const std::string dir = make_temp_dir("cr-proto-");
    const std::string log = dir + "/cops-input.txt";
    MatchOutcome m = play_match(config("grid-4x4", 1, 12, 5), "tee " + log + " | " + kBot, kBot, timing());
    std::ifstream in(log);
    std::vector<std::string> lines;
    for (std::string l; std::getline(in, l);) lines.push_back(l);
    auto game = game_from_replay(m.replay);
    // P, C, R, "N M", 24 streets, the cop start, then X's position after its first move.
    ASSERT_GE(lines.size(), 30u);
    EXPECT_EQ(lines[0], "P");
    EXPECT_EQ(lines[1], "1");
    EXPECT_EQ(lines[2], "12");
    EXPECT_EQ(lines[3], "16 24");
    EXPECT_EQ(lines[28], std::to_string(m.replay["config"]["start"]["cops"][0].get<int>()));
    EXPECT_EQ(lines[29], m.replay["moves"][0].get<std::string>());  // where X went, not its start
    std::remove(log.c_str());
    std::remove(dir.c_str());
}

TEST(CopsRobbersProtocol, IllegalMoveLoses) {
    MatchOutcome m = play_match(config("petersen", 2, 30, 1), kBot, script("illegal.sh"), fast());
    EXPECT_EQ(m.winner, "cops");
    EXPECT_EQ(m.result["loser"], "robber");
    EXPECT_EQ(m.result["reason"], "illegal move in round 1 (\"99\"): X: 99 is not a crossing 1..10");
    MatchOutcome c = play_match(config("petersen", 2, 30, 1), script("one_number.sh"), kBot, fast());
    EXPECT_EQ(c.winner, "robber");
    EXPECT_EQ(c.result["reason"], "illegal move in round 1 (\"1\"): expected 2 crossing numbers, got \"1\"");
}

TEST(CopsRobbersProtocol, GarbageLineLoses) {
    MatchOutcome m = play_match(config("petersen", 2, 30, 1), script("garbage.sh"), kBot, fast());
    EXPECT_EQ(m.winner, "robber");
    EXPECT_NE(m.result["reason"].get<std::string>().find("hello there"), std::string::npos) << m.result.dump();
}

TEST(CopsRobbersProtocol, CrashLosesWithStderr) {
    MatchOutcome m = play_match(config("petersen", 2, 30, 1), kBot, script("crash.sh"), fast());
    EXPECT_EQ(m.winner, "cops");
    EXPECT_EQ(m.result["reason"].get<std::string>().rfind("crashed:", 0), 0u) << m.result.dump();
    EXPECT_NE(m.result["stderr_tail"].get<std::string>().find("about to crash"), std::string::npos);
}

TEST(CopsRobbersProtocol, HangLosesOnTime) {
    MatchOutcome m = play_match(config("petersen", 2, 30, 1), script("hang.sh"), kBot, fast());
    EXPECT_EQ(m.winner, "robber");
    EXPECT_EQ(m.result["reason"].get<std::string>().rfind("time limit:", 0), 0u) << m.result.dump();
}

TEST(CopsRobbersProtocol, EarlyExitLoses) {
    MatchOutcome m = play_match(config("petersen", 2, 30, 1), kBot, script("quits.sh"), fast());
    EXPECT_EQ(m.winner, "cops");
    EXPECT_NE(m.result["reason"].get<std::string>().find("status 3"), std::string::npos) << m.result.dump();
    EXPECT_NE(m.result["stderr_tail"].get<std::string>().find("giving up"), std::string::npos);
}

TEST(CopsRobbersProtocol, ServerProgramWritesResultAndReplay) {
    const std::string dir = make_temp_dir("cr-server-");
    const std::string cmd = kBin + "/copsrobbers-server --map " + std::string(PURSUIT_SOURCE_DIR) +
                            "/maps/copsrobbers/example7.txt --relaxed --cops 2 --rounds 20 --seed 3 --cops-cmd '" + kBot +
                            "' --robber-cmd '" + kBot + " --strategy random' --out " + dir + " > " + dir + "/stdout.txt";
    ASSERT_EQ(std::system(cmd.c_str()), 0);
    Json result = Json::parse(read_file(dir + "/result.json"));
    EXPECT_EQ(result["winner"], "cops");  // example7 is a tree: one cop suffices
    auto game = game_from_replay(Json::parse(read_file(dir + "/replay.json")));
    EXPECT_TRUE(game->over());
    EXPECT_NE(read_file(dir + "/stdout.txt").find("The cops win"), std::string::npos);
    std::system(("rm -rf " + dir).c_str());
}

TEST(CopsRobbersProtocol, BrokenMapNamesTheLine) {
    const std::string dir = make_temp_dir("cr-map-");
    write_file(dir + "/bad.txt", "10 10\n1 2\n2 3\n3 3\n");
    const std::string cmd = kBin + "/copsrobbers-server --map " + dir + "/bad.txt --cops-cmd true --robber-cmd true 2> " +
                            dir + "/err.txt";
    EXPECT_NE(std::system(cmd.c_str()), 0);
    EXPECT_NE(read_file(dir + "/err.txt").find("bad.txt line 4: street 3 3 is a loop"), std::string::npos)
        << read_file(dir + "/err.txt");
    std::system(("rm -rf " + dir).c_str());
}

TEST(CopsRobbersProtocol, BadNumbersInOptionsAreNamed) {
    // atoi/strtoull took "abc" as 0 ("config.cops: expected an integer 1..8, got 0"), "-5" ms as a
    // limit, and the bot's --seed abc silently as 0.
    const std::string dir = make_temp_dir("cr-opt-");
    auto err = [&](const std::string& args) {
        std::system((args + " </dev/null >/dev/null 2>" + dir + "/err.txt").c_str());
        return read_file(dir + "/err.txt");
    };
    const std::string server = kBin + "/copsrobbers-server --map petersen --cops-cmd true --robber-cmd true ";
    EXPECT_NE(err(server + "--cops abc").find("option --cops: expected an integer 1..8, got 'abc'"), std::string::npos);
    EXPECT_NE(err(server + "--move-ms -5").find("option --move-ms: expected an integer 1..3600000, got '-5'"), std::string::npos);
    EXPECT_NE(err(kBin + "/copsrobbers-server petersen 2 x 1 true true").find("option R: expected an integer 1..254, got 'x'"),
              std::string::npos);
    EXPECT_NE(err(kBot + " --seed abc").find("option --seed: expected an integer"), std::string::npos);
    EXPECT_NE(err(kBot + " --solve-ms soon").find("option --solve-ms: expected a number"), std::string::npos);
    // The usage names the flag the program takes (it said --bot CMD_DIR; the flag is --bot-dir).
    std::system((kBin + "/copsrobbers-server --help > " + dir + "/usage.txt").c_str());
    EXPECT_NE(read_file(dir + "/usage.txt").find("--bot-dir DIR"), std::string::npos);
    std::system(("rm -rf " + dir).c_str());
}
