// The server against real processes: our bot on both sides, and misbehaving programs
// (illegal move, garbage, crash, hang, early exit, wrong count) losing with a message.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <sys/wait.h>

#include "common/game.h"
#include "common/judge_io.h"
#include "copsrobbers/match.h"
#include "../common/time_scale.h"
#include "../common/scratch_dir.h"

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

// --solve-ms 1: the 4-million-state solve is abandoned at once, on both sides. "At once" is a
// ratio measured in this test, not a time: the first reply of each side against the first reply
// of the same side solving to the end (under load both are slower; a fixed 500 ms bound failed).
// Solving to the end, X's first reply is its whole solve (about 2 s); the cops presolve while X
// thinks, so their whole solve shows only when X answers at once (about 1.4 s, against 20 ms).
TEST(CopsRobbersProtocol, AbandonedSolveFallsBackToHeuristicsQuickly) {
    const std::string abandoning = kBot + " --solve-ms 1", solving = kBot + " --solve-ms 1000000";
    MatchTiming patient = timing();
    patient.first_move_ms = test::scaled(60000);
    const Json game = config("city-200-s4", 2, 40, 1);
    const MatchOutcome both_abandon = play_match(game, abandoning, abandoning, timing());
    EXPECT_FALSE(both_abandon.result.value("forfeit", false)) << both_abandon.summary;
    const MatchOutcome cops_solve = play_match(game, solving, abandoning, patient);
    const MatchOutcome x_solves = play_match(game, abandoning, solving, patient);
    ASSERT_FALSE(both_abandon.cops_ms.empty() || cops_solve.cops_ms.empty() || x_solves.robber_ms.empty());
    EXPECT_LT(4 * both_abandon.cops_ms[0], cops_solve.cops_ms[0]) << "the cops' first reply, abandoning / solving (ms)";
    EXPECT_LT(4 * both_abandon.robber_ms[0], x_solves.robber_ms[0]) << "X's first reply, abandoning / solving (ms)";
}

TEST(CopsRobbersProtocol, CopsNeverSeeXStart) {
    const test::ScratchDir scratch("cr-proto-");
    const std::string& dir = scratch.path();
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

// The cops are named as a program: the sentence read "cops was killed by signal 11".
TEST(CopsRobbersProtocol, CrashedCopsAreNamedAsAProgram) {
    MatchOutcome m = play_match(config("petersen", 2, 30, 1), script("crash.sh"), kBot, fast());
    EXPECT_EQ(m.winner, "robber");
    const std::string reason = m.result["reason"];
    EXPECT_TRUE(reason.find("the cops' program was killed by signal") != std::string::npos ||
                reason.find("to the cops' program: it closed its input") != std::string::npos)
        << reason;
}

TEST(CopsRobbersProtocol, CrashLosesWithStderr) {
    MatchOutcome m = play_match(config("petersen", 2, 30, 1), kBot, script("crash.sh"), fast());
    EXPECT_EQ(m.winner, "cops");
    EXPECT_EQ(m.result["reason"].get<std::string>().rfind("crashed:", 0), 0u) << m.result.dump();
    EXPECT_NE(m.result["stderr_tail"].get<std::string>().find("about to crash"), std::string::npos);
}

// Two programs that both fail are no one's win, every time: the winner was whichever failure
// the server met second (with two commands that do not exist, 9 of 12 games went to the cops).
TEST(CopsRobbersProtocol, BothProgramsFailingIsNoOnesWin) {
    for (int run = 0; run < 6; ++run) {
        MatchOutcome m = play_match(config("petersen", 2, 30, 1), "pursuit-no-such-cops", "pursuit-no-such-x", fast());
        ASSERT_EQ(m.winner, "none") << "run " << run << ": " << m.result.dump();
        EXPECT_EQ(m.result["loser"], "both");
        const std::string reason = m.result["reason"];
        EXPECT_EQ(reason.rfind("the cops: ", 0), 0u) << reason;
        EXPECT_NE(reason.find("; X: "), std::string::npos) << reason;
        EXPECT_NE(reason.find("127"), reason.rfind("127")) << "both exits named: " << reason;
        EXPECT_EQ(m.summary.rfind("No winner: both programs failed (", 0), 0u) << m.summary;
        EXPECT_EQ(m.replay["result"]["winner"], "none");
    }
    // A program that gives up at once beside one that does not exist: both failed too, with
    // the stderr of each.
    MatchOutcome m = play_match(config("petersen", 2, 30, 1), "pursuit-no-such-cops", "echo giving up >&2; exit 4", fast());
    EXPECT_EQ(m.winner, "none") << m.result.dump();
    EXPECT_NE(m.result["reason"].get<std::string>().find("status 4"), std::string::npos) << m.result.dump();
    EXPECT_NE(m.result["stderr_tail"].get<std::string>().find("[X]\ngiving up"), std::string::npos) << m.result.dump();
    EXPECT_NE(m.result["stderr_tail"].get<std::string>().find("[the cops]\nsh: "), std::string::npos) << m.result.dump();
    // One program that does not exist against a working one still loses, and only it.
    m = play_match(config("petersen", 2, 30, 1), "pursuit-no-such-cops", kBot, fast());
    EXPECT_EQ(m.winner, "robber") << m.result.dump();
    EXPECT_EQ(m.result["loser"], "cops");
}

TEST(CopsRobbersProtocol, ASeriesCountsGamesWithNoWinnerApart) {
    const test::ScratchDir scratch("copsrobbers-series-void-");
    const std::string cmd = kBin + "/copsrobbers-server --series --a pursuit-no-such-a --b pursuit-no-such-b --maps petersen --seeds 1 > " +
                            scratch.file("out.txt") + " 2>&1";
    ASSERT_EQ(std::system(cmd.c_str()), 0) << cmd;
    const std::string out = read_file(scratch.file("out.txt"));
    // It said "A won 1 of 2 games, B won 1": a game no one won went to the robber's side.
    EXPECT_NE(out.find("total: A won 0 of 2 games, B won 0, 2 with no winner (both programs failed)"), std::string::npos) << out;
}

TEST(CopsRobbersProtocol, ASeriesChecksEveryStartBeforeItsFirstGame) {
    // cycle-3 (a triangle) has no two non-adjacent crossings: the series played Petersen's two games,
    // then stopped on cycle-3 with no table, no series.json and no map named in its message.
    const test::ScratchDir scratch("copsrobbers-series-start-");
    const std::string cmd = kBin + "/copsrobbers-server --series --a " + kBot + " --b " + kBot +
                            " --maps petersen,cycle-3 --cops 1 --seeds 1 --out " + scratch.file("out") + " > " +
                            scratch.file("out.txt") + " 2>&1";
    const int status = std::system(cmd.c_str());
    ASSERT_TRUE(WIFEXITED(status)) << cmd;
    EXPECT_EQ(WEXITSTATUS(status), 1) << cmd;
    EXPECT_EQ(read_file(scratch.file("out.txt")),
              "copsrobbers-server: cycle-3 with C=1, seed 1: cannot place 1 cops and X on pairwise non-adjacent crossings of this city\n");
    EXPECT_FALSE(std::filesystem::exists(scratch.file("out")));  // no game was played
}

TEST(CopsRobbersProtocol, FiguresRefuseAGamesOptionsAndAFolderWithoutTheBot) {
    // `--figures --quick --seed 3` (or --out d, --rounds 20, ...) ran the figures as if the option were
    // not there; `--bot-dir /nonexistent` played 74 games that all failed and printed 0 % figures, status 0.
    const test::ScratchDir scratch("copsrobbers-figures-");
    auto run = [&](const std::string& args) {
        const std::string cmd = kBin + "/copsrobbers-server --figures --quick " + args + " > " + scratch.file("out.txt") + " 2>&1";
        const int status = std::system(cmd.c_str());
        EXPECT_TRUE(WIFEXITED(status)) << cmd;
        return std::pair{WEXITSTATUS(status), read_file(scratch.file("out.txt"))};
    };
    EXPECT_EQ(run("--seed 3"), (std::pair<int, std::string>{2, "copsrobbers-server: --seed is not for --figures (it plays its own games) (see --help)\n"}));
    EXPECT_EQ(run("--out " + scratch.file("d")),
              (std::pair<int, std::string>{2, "copsrobbers-server: --out is not for --figures (it plays its own games) (see --help)\n"}));
    EXPECT_FALSE(std::filesystem::exists(scratch.file("d")));
    EXPECT_EQ(run("--bot-dir " + scratch.file("nowhere")),
              (std::pair<int, std::string>{2, "copsrobbers-server: --bot-dir " + scratch.file("nowhere") +
                                                  " holds no copsrobbers-bot to run (see --help)\n"}));
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
    const pursuit::test::ScratchDir scratch("cr-server-");
    const std::string& dir = scratch.path();
    const std::string cmd = kBin + "/copsrobbers-server --map " + std::string(PURSUIT_SOURCE_DIR) +
                            "/maps/copsrobbers/example7.txt --relaxed --cops 2 --rounds 20 --seed 3 --cops-cmd '" + kBot +
                            "' --robber-cmd '" + kBot + " --strategy random' --out " + dir + " > " + dir + "/stdout.txt";
    ASSERT_EQ(std::system(cmd.c_str()), 0);
    Json result = Json::parse(read_file(dir + "/result.json"));
    EXPECT_EQ(result["winner"], "cops");  // example7 is a tree: one cop suffices
    auto game = game_from_replay(Json::parse(read_file(dir + "/replay.json")));
    EXPECT_TRUE(game->over());
    EXPECT_NE(read_file(dir + "/stdout.txt").find("The cops win"), std::string::npos);
}

TEST(CopsRobbersProtocol, BrokenMapNamesTheLine) {
    const pursuit::test::ScratchDir scratch("cr-map-");
    const std::string& dir = scratch.path();
    write_file(dir + "/bad.txt", "10 10\n1 2\n2 3\n3 3\n");
    const std::string cmd = kBin + "/copsrobbers-server --map " + dir + "/bad.txt --cops-cmd true --robber-cmd true 2> " +
                            dir + "/err.txt";
    EXPECT_NE(std::system(cmd.c_str()), 0);
    EXPECT_NE(read_file(dir + "/err.txt").find("bad.txt line 4: street 3 3 is a loop"), std::string::npos)
        << read_file(dir + "/err.txt");
}

TEST(CopsRobbersProtocol, BadNumbersInOptionsAreNamed) {
    // atoi/strtoull took "abc" as 0 ("config.cops: expected an integer 1..8, got 0"), "-5" ms as a
    // limit, and the bot's --seed abc silently as 0.
    const pursuit::test::ScratchDir scratch("cr-opt-");
    const std::string& dir = scratch.path();
    auto err = [&](const std::string& args) {
        std::system((args + " </dev/null >/dev/null 2>" + dir + "/err.txt").c_str());
        return read_file(dir + "/err.txt");
    };
    const std::string server = kBin + "/copsrobbers-server --map petersen --cops-cmd true --robber-cmd true ";
    EXPECT_NE(err(server + "--cops abc").find("option --cops: expected an integer 1..8, got 'abc'"), std::string::npos);
    EXPECT_NE(err(server + "--move-ms -5").find("option --move-ms: expected an integer 1..3600000, got '-5'"), std::string::npos);
    EXPECT_NE(err(kBin + "/copsrobbers-server petersen 2 x 1 true true").find("argument R: expected an integer 1..254, got 'x'"),
              std::string::npos);
    EXPECT_NE(err(kBot + " --seed abc").find("option --seed: expected an integer"), std::string::npos);
    EXPECT_NE(err(kBot + " --solve-ms soon").find("option --solve-ms: expected a number"), std::string::npos);
    // The usage names the flag the program takes (it said --bot CMD_DIR; the flag is --bot-dir).
    std::system((kBin + "/copsrobbers-server --help > " + dir + "/usage.txt").c_str());
    EXPECT_NE(read_file(dir + "/usage.txt").find("--bot-dir DIR"), std::string::npos);
}

// --- the spec's protocol, exchanged with real processes ------------------------------------

namespace {

// A scripted program: logs every line it receives to DIR/<name>.in, answers each line from
// the `first`-th on with the next line of `answers`, and after end of input sleeps 30 s (so
// a match that ends in time proves the server terminated it rather than waited for it).
std::string scripted(const std::string& dir, const std::string& name, int first, const std::string& answers) {
    write_file(dir + "/" + name + ".answers", answers);
    write_file(dir + "/" + name + ".sh",
               "exec 3<\"$1.answers\"\nn=0\n"
               "while IFS= read -r l; do printf '%s\\n' \"$l\" >> \"$1.in\"; n=$((n+1));\n"
               "  if [ $n -ge " + std::to_string(first) + " ]; then IFS= read -r m <&3; printf '%s\\n' \"$m\"; fi; done\n"
               "sleep 30\n");
    return "exec sh " + dir + "/" + name + ".sh " + dir + "/" + name;
}

const std::string kExampleGraph = "7 7\n1 2\n1 3\n2 4\n3 4\n3 5\n5 6\n5 7\n";

}  // namespace

// The spec's example (X side, C = 2, R = 100, 7 crossings): X starts on 3, the cops on 6 and
// 7. X writes 1, 2, 2, 4; the cops 5 5, 3 3, 4 1; X's 4 steps onto cop 1 in round 4. Both programs' input is compared byte for byte: the header, one's own start, then
// per round the other side's position(s); the cops see where X went, never its start 3, and
// get nothing after X's capturing move. Both programs then sleep: the server ends them.
TEST(CopsRobbersProtocol, SpecExampleOverRealProcessesByteForByte) {
    const pursuit::test::ScratchDir scratch("cr-example-");
    const std::string& dir = scratch.path();
    Json cfg{{"game", "copsrobbers"}, {"map_name", "example7"}, {"cops", 2}, {"rounds", 100},
             {"start", {{"cops", {6, 7}}, {"robber", 3}}}};
    // 11 header lines (side, C, R, "N M", 7 streets) and the start line; answers from line 13.
    const std::string robber = scripted(dir, "x", 13, "1\n2\n2\n4\n");
    const std::string cops = scripted(dir, "p", 13, "5 5\n3 3\n4 1\n");
    const Stopwatch clock;
    MatchOutcome m = play_match(cfg, cops, robber, fast());
    EXPECT_LT(clock.elapsed_ms(), test::scaled(5000.0)) << "the server waited for the programs to exit";
    EXPECT_EQ(m.winner, "cops");
    EXPECT_FALSE(m.result.value("forfeit", false)) << m.result.dump();
    EXPECT_EQ(m.summary, "The cops win: X stepped onto a cop at crossing 4 in round 4");
    EXPECT_EQ(read_file(dir + "/x.in"), "X\n2\n100\n" + kExampleGraph + "3\n6 7\n5 5\n3 3\n4 1\n");
    EXPECT_EQ(read_file(dir + "/p.in"), "P\n2\n100\n" + kExampleGraph + "6 7\n1\n2\n2\n");
    EXPECT_EQ(m.replay["moves"], Json::parse(R"(["1","5 5","2","3 3","2","4 1","4"])"));
}

// The default limits are the spec's decision (first reply 3 s, later ones 1 s), and the first
// reply of each side gets the longer limit: a 0.8 s first reply passes under (first 1.5 s,
// later 0.4 s), the same delay on the second reply loses on time at 0.4 s, naming the round.
// (The delay is scaled with the limits: it must stay between them in the sanitizer build.)
TEST(CopsRobbersProtocol, FirstReplyGetsTheLongerLimitLaterOnesDoNot) {
    EXPECT_EQ(MatchTiming{}.first_move_ms, 3000);
    EXPECT_EQ(MatchTiming{}.move_ms, 1000);
    const pursuit::test::ScratchDir scratch("cr-slow-");
    const std::string& dir = scratch.path();
    // Example7, X on 3, cops on 6 and 7: X waits 0.8 s before each answer (stays on 3 twice).
    const int delay_ms = test::scaled(800);
    write_file(dir + "/slow.sh", "n=0\nwhile IFS= read -r l; do n=$((n+1)); if [ $n -ge 13 ]; then sleep " +
                                     std::to_string(delay_ms / 1000.0) + "; echo 3; fi; done\n");
    Json cfg{{"game", "copsrobbers"}, {"map_name", "example7"}, {"cops", 2}, {"rounds", 100},
             {"start", {{"cops", {6, 7}}, {"robber", 3}}}};
    const std::string cops = scripted(dir, "p", 13, "6 7\n6 7\n6 7\n");
    MatchTiming t;
    t.first_move_ms = test::scaled(1500);
    t.move_ms = test::scaled(400);
    MatchOutcome m = play_match(cfg, cops, "exec sh " + dir + "/slow.sh", t);
    EXPECT_EQ(m.winner, "cops");
    EXPECT_EQ(m.result["loser"], "robber");
    // The second reply is cut at 0.4 s (the judge stops waiting at the limit of that reply).
    EXPECT_EQ(m.result["reason"], "time limit: X sent no reply to round 2 within " + std::to_string(t.move_ms) + " ms");
    EXPECT_EQ(m.result["rounds_played"], 1);
    ASSERT_EQ(m.robber_ms.size(), 1u);
    EXPECT_GE(m.robber_ms[0], delay_ms);
}

// A malformed cops' line (a word among the numbers) loses at once, with the line quoted.
TEST(CopsRobbersProtocol, MalformedCopsLineLoses) {
    const pursuit::test::ScratchDir scratch("cr-bad-");
    const std::string& dir = scratch.path();
    Json cfg{{"game", "copsrobbers"}, {"map_name", "example7"}, {"cops", 2}, {"rounds", 100},
             {"start", {{"cops", {6, 7}}, {"robber", 3}}}};
    MatchOutcome m = play_match(cfg, scripted(dir, "p", 13, "5 x\n"), scripted(dir, "x", 13, "1\n"), fast());
    EXPECT_EQ(m.winner, "robber");
    EXPECT_EQ(m.result["reason"], "illegal move in round 1 (\"5 x\"): the cops' move: 'x' is not a crossing number");
}

// "the last lines of its stderr (size-capped)": a program that writes 200 KB to stderr and
// exits keeps only the last 4096 bytes in the result, ending with its last line.
TEST(CopsRobbersProtocol, LosersStderrIsKeptSizeCapped) {
    const pursuit::test::ScratchDir scratch("cr-noisy-");
    const std::string& dir = scratch.path();
    write_file(dir + "/noisy.sh",
               "read -r l\ni=0\nwhile [ $i -lt 2000 ]; do printf '%099d\\n' $i >&2; i=$((i+1)); done\n"
               "echo 'the very last line' >&2\nexit 4\n");
    MatchOutcome m = play_match(config("petersen", 2, 30, 1), kBot, "exec sh " + dir + "/noisy.sh", timing());
    EXPECT_EQ(m.winner, "cops");
    const std::string tail = m.result["stderr_tail"].get<std::string>();
    EXPECT_EQ(tail.size(), 4096u);
    EXPECT_EQ(tail.substr(tail.size() - 19), "the very last line\n");
}

// A silent program on a later move loses on the later limit, and the reason names that limit:
// it said "sent no reply within 3.000 s" (the first reply's allowance, which the server's
// process reader waits for every reply) when the limit of that move was 1 s.
TEST(CopsRobbersProtocol, SilenceOnALaterMoveNamesTheLaterLimit) {
    const pursuit::test::ScratchDir scratch("cr-silent-");
    const std::string& dir = scratch.path();
    Json cfg{{"game", "copsrobbers"}, {"map_name", "example7"}, {"cops", 2}, {"rounds", 100},
             {"start", {{"cops", {6, 7}}, {"robber", 3}}}};
    // X stays on 3 in round 1, then reads on without answering.
    write_file(dir + "/silent.sh", "n=0\nwhile IFS= read -r l; do n=$((n+1)); if [ $n -eq 13 ]; then echo 3; fi; done\n");
    MatchTiming t;
    t.first_move_ms = test::scaled(1500);
    t.move_ms = test::scaled(300);
    const auto began = std::chrono::steady_clock::now();
    MatchOutcome m = play_match(cfg, scripted(dir, "p", 13, "6 7\n6 7\n"), "exec sh " + dir + "/silent.sh", t);
    const auto waited = std::chrono::steady_clock::now() - began;
    EXPECT_EQ(m.winner, "cops");
    EXPECT_EQ(m.result["reason"], "time limit: X sent no reply to round 2 within " + std::to_string(t.move_ms) + " ms");
    // The silence is cut at the later limit: the reader used to wait the first reply's.
    EXPECT_LT(waited, std::chrono::milliseconds(t.first_move_ms));
    EXPECT_EQ(m.result["rounds_played"], 1);
}
