// bank-judge with real processes: our bot on both sides, scripted programs checking the
// exact protocol lines (incl. the final extra line), and misbehaving programs (illegal
// command, garbage, crash, hang, bad start line) that must lose with a message while the
// result and the replay are still written.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <string>

#include <sys/wait.h>

#include "bank/bank_game.h"
#include "bank/layout.h"
#include "common/game.h"
#include "common/judge_io.h"
#include "../common/scratch_dir.h"
#include "../common/time_scale.h"

using namespace pursuit;

namespace {

const std::string kBin = PURSUIT_BIN_DIR;

struct JudgeRun {
    Json result, replay;
    test::ScratchDir dir{"bank-judge-test-"};  // the judge's files and the bots' logs, removed with the run
};

std::string quote(const std::string& s) {
    std::string out = "'";
    for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

JudgeRun judge(const std::string& guards, const std::string& robbers, std::string extra = "--moves 150") {
    // The judge's per-reply limit (250 ms) is for Release bots; longer in the sanitizer build.
    if (test::kTimeScale > 1 && extra.find("--time-ms") == std::string::npos)
        extra += " --time-ms " + std::to_string(test::scaled(250));
    JudgeRun run;
    const std::string cmd = "cd " + run.dir.path() + " && " + kBin + "/bank-judge " + extra + " --result result.json --replay replay.json " +
                            quote(guards) + " " + quote(robbers) + " > stdout.txt 2>&1";
    EXPECT_EQ(std::system(cmd.c_str()), 0) << cmd;
    run.result = Json::parse(read_file(run.dir.file("result.json")));
    run.replay = Json::parse(read_file(run.dir.file("replay.json")));
    return run;
}

std::string file(const JudgeRun& r, const std::string& name) { return read_file(r.dir.file(name)); }

// A robbers' program that places AJ AJ AP AP and then answers `reply` forever, logging
// every line it reads to robbers.log.
std::string scripted(const std::string& first, const std::string& reply, const std::string& log) {
    return "exec 2>/dev/null; read L; read S; echo \"$L|$S\" > " + log + "; " + (first.empty() ? "" : "echo '" + first + "'; ") +
           "while read line; do echo \"$line\" >> " + log + "; echo '" + reply + "'; done";
}

}  // namespace

TEST(BankJudge, BotAgainstItselfPlaysToTheEnd) {
    JudgeRun r = judge(kBin + "/bank-bot --seed 3", kBin + "/bank-bot --level greedy --seed 4", "--moves 60 --seed 3");
    EXPECT_TRUE(r.result["forfeit"].is_null()) << r.result.dump();
    EXPECT_TRUE(r.result["over"].get<bool>());
    EXPECT_TRUE(r.result["winner"] == "guards" || r.result["winner"] == "robbers");
    // The replay rebuilds the same game (placement + one line per move).
    auto game = game_from_replay(r.replay);
    EXPECT_TRUE(game->over());
    EXPECT_EQ(game->result()["caught"], r.result["caught"]);
    EXPECT_EQ(game->result()["moves"], r.result["moves"]);
    if (r.result["winner"] == "robbers") {
        EXPECT_EQ(r.result["moves"], Json::array({60, 60}));
    }
}

TEST(BankJudge, SecondLayoutForJudgeAndBots) {
    const std::string map = std::string(PURSUIT_SOURCE_DIR) + "/maps/bank/small.txt";
    JudgeRun r = judge(kBin + "/bank-bot --layout {layout}", kBin + "/bank-bot --layout {layout} --level greedy",
                       "--moves 40 --layout " + map);
    EXPECT_TRUE(r.result["forfeit"].is_null()) << r.result.dump();
    EXPECT_EQ(r.replay["config"]["layout"], read_file(map));
    EXPECT_EQ(game_from_replay(r.replay)->result()["caught"], r.result["caught"]);
}

// --layout with a bot not told the file: it plays the spec building and loses at once ("'JU' is
// not a cell name"), which said nothing of why. The judge notes it, naming the command.
TEST(BankJudge, ALayoutNotPassedToACommandIsNoted) {
    const std::string map = std::string(PURSUIT_SOURCE_DIR) + "/maps/bank/small.txt";
    JudgeRun r = judge(kBin + "/bank-bot --layout {layout}", kBin + "/bank-bot --level greedy", "--moves 40 --layout " + map);
    const std::string out = file(r, "stdout.txt");
    EXPECT_NE(out.find("bank-judge: note: --layout " + map + ", but the command '" + kBin +
                       "/bank-bot --level greedy' has no {layout}"),
              std::string::npos)
        << out;
    EXPECT_EQ(out.find("'" + kBin + "/bank-bot --layout {layout}' has no"), std::string::npos) << out;
    // Told to both: no note.
    r = judge(kBin + "/bank-bot --layout {layout}", kBin + "/bank-bot --layout {layout}", "--moves 10 --layout " + map);
    EXPECT_EQ(file(r, "stdout.txt").find("note:"), std::string::npos) << file(r, "stdout.txt");
}

TEST(BankJudge, LayoutWithoutALayoutOptionIsACopyOfTheSpecLayout) {
    // Without --layout, {layout} became "": `bank-bot --layout {layout} --level random` read "--level"
    // as its layout file and both programs failed. Now it names a temporary copy of the spec layout,
    // gone when the judge ends.
    const std::string copy_it = "cp \"$(echo {layout})\" guards-layout.txt; echo {layout} > guards-layout-path.txt; exec " +
                                kBin + "/bank-bot --layout {layout}";
    JudgeRun r = judge(copy_it, kBin + "/bank-bot --layout {layout} --level random", "--moves 20");
    EXPECT_TRUE(r.result["forfeit"].is_null()) << r.result.dump();
    EXPECT_EQ(file(r, "guards-layout.txt"), bank::default_layout_text());
    std::string path = file(r, "guards-layout-path.txt");
    path.pop_back();  // echo's newline
    EXPECT_NE(path.find("/bank-layout-"), std::string::npos) << path;
    EXPECT_FALSE(std::filesystem::exists(path)) << path;
}

TEST(BankJudge, GuardsCatchTheLastRobberAndRobbersReadOneMoreLine) {
    JudgeRun r = judge(scripted("", "LSSR", "guards.log"), scripted("AJ AJ AP AP", "####", "robbers.log"));
    EXPECT_EQ(r.result["winner"], "guards") << r.result.dump();
    EXPECT_EQ(r.result["reason"], "all caught");
    EXPECT_EQ(r.result["caught"], 4);
    EXPECT_EQ(r.result["captures"][0]["by"], "guards");
    EXPECT_EQ(file(r, "guards.log"), "150|0\nAJ AJ AP AP FFF\n");
    EXPECT_EQ(file(r, "robbers.log"), "150|1\nAJ AL AN AP FFF\n");  // the final extra line
    EXPECT_EQ(r.replay["moves"], Json::array({"AJ AJ AP AP", "LSSR"}));
}

TEST(BankJudge, TrailingBlanksAndCarriageReturnsAreTolerated) {
    // A Windows-built bot ends its lines with "\r\n", a sloppy one with a space or a tab: the
    // judge used to forfeit "LSSR " ("expected 4 commands with no spaces"). printf, not echo:
    // /bin/sh's echo may or may not expand \r.
    JudgeRun r = judge("read L; read S; while read line; do printf 'LSSR \\r\\n'; done",
                       "read L; read S; printf 'AJ AJ AP AP\\t \\r\\n'; while read line; do printf '####  \\n'; done");
    EXPECT_TRUE(r.result["forfeit"].is_null()) << r.result.dump();
    EXPECT_EQ(r.result["winner"], "guards");
    EXPECT_EQ(r.result["reason"], "all caught");
    EXPECT_EQ(r.replay["moves"], Json::array({"AJ AJ AP AP", "LSSR"}));  // recorded without the blanks
    // Blanks inside a move or before it are still malformed, and named as sent.
    r = judge("read L; read S; read line; printf 'LS SR \\r\\n'", kBin + "/bank-bot");
    EXPECT_EQ(r.result["forfeit"]["message"], "guards move 1: 'LS SR': expected 4 commands with no spaces (one per piece), got 'LS SR'");
    r = judge("read L; read S; read line; printf ' LSSR\\n'", kBin + "/bank-bot");
    EXPECT_EQ(r.result["forfeit"]["message"], "guards move 1: ' LSSR': expected 4 commands with no spaces (one per piece), got ' LSSR'");
}

TEST(BankJudge, RobbersWalkIntoGuardsAndGuardsReadOneMoreLine) {
    JudgeRun r = judge(scripted("", "SSSS", "guards.log"), scripted("AJ AJ AP AP", "RRLL", "robbers.log"));
    EXPECT_EQ(r.result["winner"], "guards") << r.result.dump();
    EXPECT_EQ(r.result["captures"][3]["by"], "robbers");
    EXPECT_EQ(file(r, "robbers.log"), "150|1\nAK AL AN AO FFF\n");
    EXPECT_EQ(file(r, "guards.log"), "150|0\nAJ AJ AP AP FFF\n## ## ## ## FFF\n");
}

TEST(BankJudge, MoveLimitEndsWithoutAnExtraLine) {
    JudgeRun r = judge(scripted("", "SSSS", "guards.log"), scripted("QA QB QC QD", "SSSS", "robbers.log"), "--moves 2");
    EXPECT_EQ(r.result["winner"], "robbers");
    EXPECT_EQ(r.result["reason"], "move limit");
    EXPECT_EQ(file(r, "guards.log"), "2|0\n?? ?? ?? ?? FFF\n?? ?? ?? ?? FFF\n");
    EXPECT_EQ(file(r, "robbers.log"), "2|1\nAK AL AN AO FFF\nAK AL AN AO FFF\n");
}

TEST(BankJudge, IllegalCommandLoses) {
    JudgeRun r = judge(scripted("", "SSSX", "g.log"), kBin + "/bank-bot");
    EXPECT_EQ(r.result["winner"], "robbers");
    EXPECT_EQ(r.result["forfeit"]["side"], "guards");
    EXPECT_EQ(r.result["forfeit"]["message"],
              "guards move 1: 'SSSX': guard 4: unknown command 'X' (expected one of L R U D S 1-9 I #)");
    EXPECT_EQ(r.replay["moves"].size(), 1u);  // the robbers' start line only
    EXPECT_EQ(r.result["summary"], "Robbers win: " + r.result["forfeit"]["message"].get<std::string>());
    EXPECT_NE(file(r, "stdout.txt").find("Robbers win: guards move 1"), std::string::npos);
}

TEST(BankJudge, RuleBreakingMoveLoses) {
    // Guard 1 at AK cannot go up: no staircase there.
    JudgeRun r = judge(scripted("", "USSS", "g.log"), kBin + "/bank-bot");
    EXPECT_EQ(r.result["forfeit"]["message"], "guards move 1: 'USSS': guard 1: 'U' needs a staircase; at AK is not on one");
}

TEST(BankJudge, BadStartLineLoses) {
    JudgeRun r = judge(kBin + "/bank-bot", scripted("AK QQ QY QX", "SSSS", "r.log"));
    EXPECT_EQ(r.result["winner"], "guards");
    EXPECT_EQ(r.result["forfeit"]["message"], "robbers start cells: 'AK QQ QY QX': robber 1: AK holds a guard");
}

// The robbers' start line is one line of four cells (unlike Fugitive, the Bank protocol is
// line based), and it is a reply like any other: later than 0.25 s loses.
TEST(BankJudge, StartCellsMustComeOnOneLineAndInTime) {
    JudgeRun r = judge(kBin + "/bank-bot", "read L; read S; printf 'GE\\nGQ\\nMW\\nQH\\n'; cat > /dev/null");
    EXPECT_EQ(r.result["winner"], "guards");
    EXPECT_EQ(r.result["forfeit"]["message"],
              "robbers start cells: 'GE': the robbers' start line needs 4 cells separated by spaces, e.g. \"GE GQ MW QH\"; got 'GE'");
    r = judge(kBin + "/bank-bot", "read L; read S; sleep 1; echo 'GE GQ MW QH'; cat > /dev/null", "--time-ms 250");
    EXPECT_EQ(r.result["forfeit"]["side"], "robbers");
    EXPECT_EQ(r.result["forfeit"]["kind"], "time limit") << r.result.dump();
    EXPECT_EQ(r.replay["moves"].size(), 0u);
}

TEST(BankJudge, GarbageLoses) {
    JudgeRun r = judge(kBin + "/bank-bot", "read L; read S; printf 'AA\\001\\002\\n'");
    EXPECT_EQ(r.result["winner"], "guards");
    EXPECT_EQ(r.result["forfeit"]["side"], "robbers");
    EXPECT_EQ(r.result["forfeit"]["kind"], "garbage output") << r.result.dump();
}

TEST(BankJudge, CrashLoses) {
    JudgeRun r = judge("read L; read S; read line; kill -SEGV $$", kBin + "/bank-bot");
    EXPECT_EQ(r.result["winner"], "robbers");
    EXPECT_EQ(r.result["forfeit"]["kind"], "crashed") << r.result.dump();
    // The player is named as a program, so the sentence reads right (it was "guards: guards was
    // killed by signal 11").
    EXPECT_EQ(r.result["forfeit"]["message"], "the guards' program was killed by signal 11 (SIGSEGV) before answering move 1");
}

TEST(BankJudge, HangLosesOnTime) {
    JudgeRun r = judge(kBin + "/bank-bot", "read L; read S; echo 'QA QB QC QD'; read line; sleep 5", "--time-ms 250");
    EXPECT_EQ(r.result["winner"], "guards");
    EXPECT_EQ(r.result["forfeit"]["kind"], "time limit") << r.result.dump();
    EXPECT_NE(r.result["forfeit"]["message"].get<std::string>().find("0.250 s"), std::string::npos);
    EXPECT_EQ(r.replay["moves"].size(), 2u);  // start line + the guards' first move
}

TEST(BankJudge, EarlyExitLoses) {
    JudgeRun r = judge("read L; read S; exit 3", kBin + "/bank-bot");
    EXPECT_EQ(r.result["winner"], "robbers");
    // Either its reply is missing or the judge's next line cannot be written: both name why.
    EXPECT_TRUE(r.result["forfeit"]["kind"] == "exited" || r.result["forfeit"]["kind"] == "write failed") << r.result.dump();
    EXPECT_NE(r.result["forfeit"]["message"].get<std::string>().find("status 3"), std::string::npos) << r.result.dump();
}

// Two programs that both fail are no one's win, every time (the winner was whichever failure
// the judge met second).
TEST(BankJudge, BothProgramsFailingIsNoOnesWin) {
    for (int run = 0; run < 4; ++run) {
        JudgeRun r = judge("pursuit-no-such-guards", "pursuit-no-such-robbers");
        ASSERT_EQ(r.result["winner"], "none") << "run " << run << ": " << r.result.dump();
        EXPECT_EQ(r.result["forfeit"]["side"], "both");
        EXPECT_EQ(r.result["forfeit"]["kind"], "both failed");
        const std::string message = r.result["forfeit"]["message"];
        EXPECT_NE(message.find("guards"), std::string::npos) << message;
        EXPECT_NE(message.find("robbers"), std::string::npos) << message;
        EXPECT_EQ(r.result["summary"].get<std::string>().rfind("No winner: both programs failed (", 0), 0u) << r.result.dump();
        EXPECT_EQ(r.replay["result"]["winner"], "none");
    }
    // One that does not exist against a working one: only it loses.
    JudgeRun r = judge("pursuit-no-such-guards", kBin + "/bank-bot");
    EXPECT_EQ(r.result["winner"], "robbers") << r.result.dump();
    EXPECT_EQ(r.result["forfeit"]["side"], "guards");
    // A program that ends with status 0 before replying at all has failed too.
    r = judge("read L; exit 0", "pursuit-no-such-robbers");
    EXPECT_EQ(r.result["winner"], "none") << r.result.dump();
}

// Guards that end (status 0) after their L-th move, as the starters do, have not failed when
// the robbers then fail their L-th: the guards win (it was "no winner: ... guards exited with
// status 0 before answering move 3").
TEST(BankJudge, AProgramThatEndsAfterItsLastMoveHasNotFailed) {
    JudgeRun r = judge("read L; read S; read a; echo SSSS; read b; echo SSSS; exit 0",
                       "read L; read S; echo 'QA QB QC QD'; read a; echo SSSS; read b; exit 5", "--moves 2");
    EXPECT_EQ(r.result["winner"], "guards") << r.result.dump();
    EXPECT_EQ(r.result["forfeit"]["side"], "robbers");
    EXPECT_NE(r.result["forfeit"]["message"].get<std::string>().find("status 5"), std::string::npos) << r.result.dump();
}

TEST(BankJudge, ASeriesCountsGamesWithNoWinnerApart) {
    const test::ScratchDir scratch("bank-series-void-");
    const std::string& dir = scratch.path();
    const std::string cmd = kBin + "/bank-judge --series 1 --moves 40 --out " + dir + " pursuit-no-such-a pursuit-no-such-b > " + dir +
                            "/out.txt 2> " + dir + "/err.txt";
    ASSERT_EQ(std::system(cmd.c_str()), 0);
    const std::string out = read_file(dir + "/out.txt");
    EXPECT_NE(out.find("no winner (both programs failed): 1 + 1 games"), std::string::npos) << out;
    const Json summary = Json::parse(read_file(dir + "/series.json"));
    // "robbers_won" was games - guards_won: a game no one won was the robbers'.
    EXPECT_EQ(summary["A_guards"]["robbers_won"], 0) << summary.dump();
    EXPECT_EQ(summary["A_guards"]["no_winner"], 1);
    EXPECT_EQ(summary["B_guards"]["forfeits_guards"], 1);
    EXPECT_EQ(summary["B_guards"]["forfeits_robbers"], 1);
}

TEST(BankJudge, SeriesPrintsATable) {
    const test::ScratchDir scratch("bank-series-test-");
    const std::string& dir = scratch.path();
    const std::string cmd = kBin + "/bank-judge --series 2 --moves 40 --out " + dir + " '" + kBin + "/bank-bot --seed {seed}' '" + kBin +
                            "/bank-bot --level random --seed {seed}' > " + dir + "/out.txt 2> " + dir + "/err.txt";
    ASSERT_EQ(std::system(cmd.c_str()), 0);
    const std::string out = read_file(dir + "/out.txt");
    EXPECT_NE(out.find("A guards, B robbers"), std::string::npos) << out;
    EXPECT_NE(out.find("move time A: p50"), std::string::npos) << out;
    EXPECT_NE(read_file(dir + "/err.txt").find("[4/4]"), std::string::npos);
    Json summary = Json::parse(read_file(dir + "/series.json"));
    EXPECT_EQ(summary["A_guards"]["games"], 2);
    EXPECT_EQ(summary["B_guards"]["games"], 2);
    Json replay = Json::parse(read_file(dir + "/game-2-Bguards.json"));
    EXPECT_EQ(replay["config"]["seed"], 2);
}

TEST(BankBot, ABadSeedIsNamed) {
    // strtoull took "abc" as seed 0 without a word.
    const test::ScratchDir scratch("bank-bot-opt-");
    const std::string& dir = scratch.path();
    const int raw = std::system((kBin + "/bank-bot --seed abc </dev/null >/dev/null 2>" + dir + "/err.txt").c_str());
    EXPECT_EQ(WEXITSTATUS(raw), 2);
    EXPECT_NE(read_file(dir + "/err.txt").find("bank-bot: option --seed: expected an integer"), std::string::npos)
        << read_file(dir + "/err.txt");
}

TEST(BankBot, AnUnknownOptionOrAMissingValueIsNamed) {
    // Both printed the usage alone.
    const test::ScratchDir scratch("bank-bot-opt-");
    const std::string& dir = scratch.path();
    int raw = std::system((kBin + "/bank-bot --levle hard </dev/null >/dev/null 2>" + dir + "/err.txt").c_str());
    EXPECT_EQ(WEXITSTATUS(raw), 2);
    EXPECT_EQ(read_file(dir + "/err.txt").rfind("bank-bot: unknown option --levle\nusage: bank-bot", 0), 0u) << read_file(dir + "/err.txt");
    raw = std::system((kBin + "/bank-bot --layout </dev/null >/dev/null 2>" + dir + "/err.txt").c_str());
    EXPECT_EQ(WEXITSTATUS(raw), 2);
    EXPECT_EQ(read_file(dir + "/err.txt").rfind("bank-bot: option --layout needs a value\n", 0), 0u) << read_file(dir + "/err.txt");
}

TEST(BankGame, OneMoveEachIsSaidInTheSingular) {
    // "Robbers win: 4 of 4 free after 1 moves each".
    auto g = create_game(Json{{"game", "bank"}, {"seed", 1}, {"moves", 1}});
    for (int i = 0; i < 10 && !g->over(); ++i) g->apply(g->suggest_move(Json{{"level", "random"}, {"seed", 1}}));
    ASSERT_TRUE(g->over());
    const std::string summary = g->result()["summary"];
    ASSERT_EQ(g->result()["winner"], "robbers") << summary;  // (one random move each catches no one here)
    EXPECT_NE(summary.find(" after 1 move each ("), std::string::npos) << summary;
}
