// Owns: the judges' handling of bad command lines and output paths, run as real processes:
// an --out / --result path that cannot be written is refused before any program runs (it
// used to be found after the game, whose result was then lost), a copsrobbers map file whose
// name has no ".txt", a series whose second map is broken or misspelled (found before the
// first game), fugitive-judge naming an unknown or missing option, explaining a relative bot
// command (programs run in a folder of their own) and printing the failing program's stderr,
// fugitive-bot's messages named once (and where its map comes from), searchparty-controller naming a bad option, checking
// --replay before the solver starts and keeping a sub-millisecond --time-limit a limit, and
// robots creating its --replays folder (or saying why it cannot), writing the replays of the
// cases before a malformed one and naming a bad option, a
// folder on standard input named (robots aborted), the Search Party tools, fugitive-maps,
// bank-judge and copsrobbers-bot naming themselves and the bad argument, and pursuit-arena
// naming an unwritable --out and refusing a misspelled or empty map file, a misspelled built-in
// map name or a built-in map its judge's setup cannot play; and every program that writes files
// saying which (stdout for the judges' series, also when a write fails mid-series, stderr for
// searchparty-controller and robots, whose stdout is a protocol). The programs' misbehaviour during a game is the
// hostile matrix's business (hostile_matrix_test.cpp).
#include <sys/wait.h>

#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "common/judge_io.h"

namespace {
namespace fs = std::filesystem;
using pursuit::make_temp_dir;
using pursuit::read_file;

const std::string kBin = PURSUIT_BIN_DIR;
const std::string kSrc = PURSUIT_SOURCE_DIR;

struct Outcome {
    std::string out;  // stdout + stderr
    int status = -1;
};

Outcome run(const std::string& cmd) {
    FILE* p = popen(("( " + cmd + " ) 2>&1 </dev/null").c_str(), "r");
    Outcome r;
    char buf[4096];
    std::size_t n;
    while ((n = fread(buf, 1, sizeof buf, p)) > 0) r.out.append(buf, n);
    const int st = pclose(p);
    r.status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
    return r;
}

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// Runs `cmd` and expects its exit status and a part of its output (both printed on a failure).
Outcome expect_exit(const std::string& cmd, int status, const std::string& says) {
    Outcome r = run(cmd);
    EXPECT_EQ(r.status, status) << cmd << "\n" << r.out;
    EXPECT_TRUE(has(r.out, says)) << "expected '" << says << "' from " << cmd << "\n" << r.out;
    return r;
}

// A bot command that leaves a marker file when it starts, then plays as `bot`.
std::string marked(const std::string& marker, const std::string& bot) { return "touch " + marker + "; exec " + bot; }

class JudgeCli : public ::testing::Test {
protected:
    void SetUp() override {
        dir = make_temp_dir("judge-cli-");
        std::ofstream(dir + "/afile") << "a regular file, not a folder\n";
        marker = dir + "/started";
    }
    void TearDown() override {
        std::error_code ec;
        if (!HasFailure()) fs::remove_all(dir, ec);
    }
    std::string dir, marker;
};

TEST_F(JudgeCli, BankJudgeRefusesAnUnwritableOutputBeforeAnyProgramRuns) {
    const std::string bad = dir + "/afile/out";
    Outcome r = run(kBin + "/bank-judge --moves 5 --result " + bad + "/result.json --replay " + dir + "/replay.json '" +
                    marked(marker, kBin + "/bank-bot") + "' '" + marked(marker, kBin + "/bank-bot") + "'");
    EXPECT_EQ(r.status, 1) << r.out;  // a file, as every judge (2 is for a bad command line)
    EXPECT_TRUE(has(r.out, "bank-judge: cannot write " + bad + "/result.json")) << r.out;
    EXPECT_FALSE(fs::exists(marker)) << "a program ran before the output path was checked";
    EXPECT_FALSE(fs::exists(dir + "/replay.json"));
    r = run(kBin + "/bank-judge --series 1 --moves 5 --out " + bad + " '" + marked(marker, kBin + "/bank-bot") + "' '" +
            marked(marker, kBin + "/bank-bot") + "'");
    EXPECT_EQ(r.status, 1) << r.out;
    EXPECT_TRUE(has(r.out, "cannot write " + bad + "/series.json")) << r.out;
    EXPECT_FALSE(fs::exists(marker));
    // Writable paths in folders that do not exist yet are created, as before; the check leaves nothing behind.
    r = run(kBin + "/bank-judge --moves 5 --result " + dir + "/new/deeper/result.json --replay " + dir + "/new/replay.json '" + kBin +
            "/bank-bot' '" + kBin + "/bank-bot'");
    EXPECT_EQ(r.status, 0) << r.out;
    EXPECT_TRUE(fs::exists(dir + "/new/deeper/result.json"));
    EXPECT_TRUE(fs::exists(dir + "/new/replay.json"));
    std::size_t files = 0;
    for (const auto& e : fs::recursive_directory_iterator(dir + "/new")) files += e.is_regular_file();
    EXPECT_EQ(files, 2u);
}

TEST_F(JudgeCli, CopsRobbersServerRefusesAnUnwritableOutputBeforeAnyProgramRuns) {
    const std::string bad = dir + "/afile/out";
    const Outcome r = run(kBin + "/copsrobbers-server --map grid-10x10 --cops 1 --rounds 5 --out " + bad + " --cops-cmd '" +
                          marked(marker, kBin + "/copsrobbers-bot") + "' --robber-cmd '" + marked(marker, kBin + "/copsrobbers-bot") +
                          "'");
    EXPECT_EQ(r.status, 1) << r.out;
    EXPECT_TRUE(has(r.out, "copsrobbers-server: cannot write " + bad + "/result.json")) << r.out;
    EXPECT_FALSE(fs::exists(marker)) << "a program ran before the output path was checked";
    const Outcome ok = run(kBin + "/copsrobbers-server --map grid-10x10 --cops 1 --rounds 5 --out " + dir + "/new/deeper --cops-cmd '" +
                           kBin + "/copsrobbers-bot' --robber-cmd '" + kBin + "/copsrobbers-bot'");
    EXPECT_EQ(ok.status, 0) << ok.out;
    EXPECT_TRUE(fs::exists(dir + "/new/deeper/result.json"));
    EXPECT_TRUE(fs::exists(dir + "/new/deeper/replay.json"));
}

TEST_F(JudgeCli, FugitiveJudgeRefusesAnUnwritableOutputBeforeAnyProgramRuns) {
    const std::string bad = dir + "/afile/out";
    const Outcome r = run(kBin + "/fugitive-judge --map " + kSrc + "/maps/fugitive/generated-20.txt --out " + bad + " --fugitive '" +
                          marked(marker, kBin + "/fugitive-bot --strategy random") + "' --detectives '" +
                          marked(marker, kBin + "/fugitive-bot --strategy random") + "'");
    EXPECT_EQ(r.status, 1) << r.out;
    EXPECT_TRUE(has(r.out, "fugitive-judge: cannot write " + bad + "/result.json")) << r.out;
    EXPECT_FALSE(fs::exists(marker)) << "a program ran before the output path was checked";
}

TEST_F(JudgeCli, JudgesSayOnStandardOutputWhichFilesTheyWrote) {
    // fugitive-judge and bank-judge wrote their result and replay without a word, unlike copsrobbers-server.
    // Standard output only (stderr to /dev/null): the line belongs with the game's summary.
    expect_exit(kBin + "/fugitive-judge --map " + kSrc + "/maps/fugitive/generated-20.txt --out " + dir + "/fu --fugitive '" + kBin +
                    "/fugitive-bot --strategy random --seed 1' --detectives '" + kBin + "/fugitive-bot --strategy random --seed 2' 2>/dev/null",
                0, "\nwrote " + dir + "/fu/result.json and " + dir + "/fu/replay.json\n");
    expect_exit(kBin + "/copsrobbers-server --map petersen --cops 1 --rounds 5 --out " + dir + "/cr --cops-cmd " + kBin +
                    "/copsrobbers-bot --robber-cmd " + kBin + "/copsrobbers-bot 2>/dev/null",
                0, "\nwrote " + dir + "/cr/result.json and " + dir + "/cr/replay.json\n");
    expect_exit(kBin + "/bank-judge --moves 5 --result " + dir + "/bk/result.json --replay " + dir + "/bk/replay.json " + kBin +
                    "/bank-bot " + kBin + "/bank-bot 2>/dev/null",
                0, "\nwrote " + dir + "/bk/result.json and " + dir + "/bk/replay.json\n");
    expect_exit(kBin + "/bank-judge --moves 5 --replay " + dir + "/bk/only.json " + kBin + "/bank-bot " + kBin + "/bank-bot 2>/dev/null", 0,
                "\nwrote " + dir + "/bk/only.json\n");
}

// A shell snippet: "guardians: N", how many processes are still the player guardian of the
// judge whose pid is $pid (their environment names it; the player_guardian.h process). One
// grep for all of /proc: a grep a process took about 1.5 s, and the game had ended by then.
const std::string kGuardianCount = "$(grep -lszx \"PURSUIT_PLAYER_GUARDIAN=$pid\" /proc/[0-9]*/environ | wc -l)";
const std::string kGuardianOf = "echo guardians: " + kGuardianCount;
// The same once none is left or 5 s have passed: a guardian ends a moment after its judge.
const std::string kGuardianOfAfterEnd = "for i in $(seq 50); do [ " + kGuardianCount + " = 0 ] && break; sleep 0.1; done; " + kGuardianOf;

// The command of judge `which` of the four (fugitive-judge, copsrobbers-server, bank-judge,
// searchparty-controller) with the bot `bot(n)` in each of its slots ('@1', '@2'; the controller's
// one solver '@1'), `ms` a move (the controller's --time-limit in seconds), its outputs under `dir`.
constexpr int kJudges = 4;
std::string judge_command(int which, const std::string& dir, int ms, const std::function<std::string(char)>& bot) {
    std::ostringstream seconds;
    seconds << ms / 1000.0;
    const std::string judges[kJudges]{
        kBin + "/fugitive-judge --map " + kSrc + "/maps/fugitive/generated-20.txt --out " + dir + "/fu --time-ms " + std::to_string(ms) +
            " --fugitive '@1' --detectives '@2'",
        kBin + "/copsrobbers-server --map petersen --cops 1 --rounds 5 --first-move-ms " + std::to_string(ms) + " --out " + dir +
            "/cr --cops-cmd '@1' --robber-cmd '@2'",
        kBin + "/bank-judge --moves 5 --time-ms " + std::to_string(ms) + " '@1' '@2'",
        kBin + "/searchparty-controller --time-limit " + seconds.str() + " " + kSrc + "/maps/searchparty/maze-31x21-s1.txt -- sh -c '@1'"};
    std::string judge = judges[which];
    for (std::size_t at; (at = judge.find('@')) != std::string::npos;) judge.replace(at, 2, bot(judge[at + 1]));
    return judge;
}

// A shell snippet: waits up to 5 s for no process to match `pattern` (pgrep -f), then lists those
// left, or says "none left".
std::string none_left(const std::string& pattern) {
    return "for i in $(seq 50); do pgrep -f " + pattern + " >/dev/null || break; sleep 0.1; done; pgrep -af " + pattern + " || echo none left";
}

// A judge's guardian is a process of its own while the judge runs (one, however many players)
// and is gone once the judge has ended normally; the next test ends judges by signals.
TEST_F(JudgeCli, AJudgesGuardianEndsWithIt) {
    // Bots that never answer: the game ends normally (status 0) when the first one's 1.5 s run out.
    const std::string judge = kBin + "/bank-judge --moves 5 --time-ms 1500 'sleep 30' 'sleep 30'";
    const Outcome r = run(judge + " >/dev/null 2>&1 & pid=$!; sleep 0.5; " + kGuardianOf + "; wait $pid; echo status $?; " + kGuardianOfAfterEnd);
    EXPECT_EQ(r.out, "guardians: 1\nstatus 0\nguardians: 0\n");
}

// Ctrl-C in a terminal, SIGTERM or SIGHUP ended a judge and left its players running: each
// player has a process group of its own, so they were orphaned (a bot in a long think, or a
// hung one, for ever). The judge now takes its players along and ends as the signal asks. It
// leaves no temporary directory either (fugitive-judge left its bots' fugitive-match-* in /tmp):
// each judge runs with a TMPDIR of its own, empty afterwards. SIGKILL, which no handler sees,
// left both too: the judge's guardian process (native/common/player_guardian.h) now does that
// work once the judge is gone, a moment later (the script waits up to 5 s for it).
TEST_F(JudgeCli, AJudgeStoppedByASignalTakesItsPlayersAlong) {
    int k = 0;
    for (const std::string sig : {"TERM", "HUP", "KILL"}) {
        for (int which = 0; which < kJudges; ++which) {
            ++k;
            const std::string mark = std::to_string(getpid() % 1000) + std::to_string(k);
            const std::string cmd = judge_command(which, dir, 60000, [&](char n) { return "sleep 97." + mark + n; });
            // The bots' commands are 'sleep 97.<mark><1|2>'; the judge gets the signal once they run.
            // (anchored: the shell running this script has the bots' commands in its own)
            const std::string bots = "'^sleep 97\\." + mark + "[12]$'";
            const std::string tmp = dir + "/tmp-" + std::to_string(k);
            fs::create_directories(tmp);
            const std::string script = "TMPDIR=" + tmp + " " + cmd + " >/dev/null 2>&1 & pid=$!; sleep 1; kill -" + sig +
                                       " $pid; wait $pid; echo status $?; for i in $(seq 50); do pgrep -f " + bots + " >/dev/null || " +
                                       "[ -n \"$(ls -A " + tmp + ")\" ] || break; sleep 0.1; done; pgrep -af " + bots + " || echo none left; " +
                                       kGuardianOfAfterEnd;
            const Outcome r = run(script);
            const int number = sig == "TERM" ? 15 : sig == "HUP" ? 1 : 9;
            EXPECT_NE(r.out.find("status " + std::to_string(128 + number) + "\nnone left\nguardians: 0\n"), std::string::npos)
                << sig << ": " << cmd << "\n" << r.out;
            run("pkill -f " + bots);  // (what a failure left)
            std::string left;
            for (const auto& entry : fs::directory_iterator(tmp)) left += " " + entry.path().filename().string();
            EXPECT_EQ(left, "") << sig << ": " << cmd << " left in its TMPDIR";
        }
    }
}

// The same for a bot whose process left its group (`setsid -w sleep`: the waiting setsid is in
// the player's group, sleep in a session of its own): the group kill missed it and it ran on.
// It carries its player's process mark (native/common/process_marks.h): the stop handler
// (TERM, HUP) and the guardian (KILL) kill what carries the judge's marks.
TEST_F(JudgeCli, AJudgeStoppedByASignalTakesAlongWhatLeftItsPlayersGroups) {
    int k = 0;
    for (const std::string sig : {"TERM", "HUP", "KILL"}) {
        const std::string mark = std::to_string(getpid() % 1000) + std::to_string(++k);
        const std::string bots = "'^sleep 96\\." + mark + "[12]$'";
        const std::string judge = kBin + "/bank-judge --moves 5 --time-ms 60000 'setsid -w sleep 96." + mark + "1' 'setsid -w sleep 96." + mark + "2'";
        const std::string script = judge + " >/dev/null 2>&1 & pid=$!; sleep 1; pgrep -f " + bots + " | wc -l; kill -" + sig +
                                   " $pid; wait $pid; echo status $?; " + none_left(bots);
        const Outcome r = run(script);
        const int number = sig == "TERM" ? 15 : sig == "HUP" ? 1 : 9;
        // (the shell may say "Terminated" or "Killed" before the status)
        EXPECT_EQ(r.out.rfind("2\n", 0), 0u) << sig << ": not both bots' sleeps ran\n" << r.out;
        EXPECT_NE(r.out.find("status " + std::to_string(128 + number) + "\nnone left\n"), std::string::npos) << sig << "\n" << r.out;
        run("pkill -f " + bots);  // (what a failure left)
    }
}

// A bot's process that left its group and cleared its environment (`setsid env -i sleep`): the
// group kill and the process marks both missed it, and it outlived the judge, whether the game
// ended or the judge was stopped. The judges now adopt their players' orphans (PR_SET_CHILD_
// SUBREAPER, process_runner.h adopt_players_orphans): it becomes the judge's child when the bot's
// shell is killed, and goes when no player is left, or with the stop signal. SIGKILL is not
// tried: the judge's guardian is no ancestor of the bots and cannot find such a process.
TEST_F(JudgeCli, AJudgeTakesAlongWhatLeftItsPlayersGroupWithoutItsEnvironment) {
    int k = 0;
    for (const std::string ending : {"", "TERM"}) {
        // (a bot that never answers: the game ends when its 1.5 s run out, or the signal ends it first)
        const int ms = ending.empty() ? 1500 : 60000;
        for (int which = 0; which < kJudges; ++which) {
            const std::string mark = std::to_string(getpid() % 1000) + std::to_string(++k);
            const std::string cmd = judge_command(which, dir, ms, [&](char n) { return "setsid env -i sleep 93." + mark + n + " & sleep 30"; });
            const std::string escaped = "'^sleep 93\\." + mark + "[12]$'";
            const std::string script = cmd + " >/dev/null 2>&1 & pid=$!; sleep 1; pgrep -f " + escaped + " | wc -l; " +
                                       (ending.empty() ? "" : "kill -" + ending + " $pid; ") + "wait $pid; echo status $?; " + none_left(escaped);
            const Outcome r = run(script);
            const std::string what = (ending.empty() ? "the game's end" : ending) + ": " + cmd + "\n" + r.out;
            const bool one_bot = cmd.find("searchparty-controller") != std::string::npos;
            EXPECT_EQ(r.out.rfind(one_bot ? "1\n" : "2\n", 0), 0u) << "not every bot's process escaped: " << what;
            EXPECT_NE(r.out.find("\nnone left\n"), std::string::npos) << what;
            if (!ending.empty()) {
                EXPECT_NE(r.out.find("status 143\n"), std::string::npos) << what;
            }
            run("pkill -f " + escaped);  // (what a failure left)
        }
    }
}

// A full disk: the judges, map tools, arenas, the bundle, robots and pursuit-tool said nothing
// and exited 0 when their standard output could not be written, so a truncated map or table
// passed for a good one (the Search Party programs: SearchPartyPrograms.AFailedWrite...).
TEST_F(JudgeCli, AFailedWriteOfTheStandardOutputIsStatus1AndSaidOnStderr) {
    const std::vector<std::string> runs{
        "pursuit-arena --help", "bank-judge --help", "pursuit-bundle --help", "copsrobbers-server --help",
        "copsrobbers-maps --help", "fugitive-judge --help", "fugitive-maps --help", "fugitive-arena --help",
        "robots --help", "pursuit-tool --help",
        // real output, not only usage
        "fugitive-maps generate --cities 20 --seed 3", "pursuit-tool games", "pursuit-arena --list"};
    for (const std::string& cmd : runs) {
        const std::string program = cmd.substr(0, cmd.find(' '));
        expect_exit(kBin + "/" + cmd + " >/dev/full", 1, program + ": cannot write the standard output");
        expect_exit(kBin + "/" + cmd + " >/dev/null", 0, "");  // (the same command with room to write)
    }
}

TEST_F(JudgeCli, BankJudgeSaysBadInputWithStatus1AndABadCommandLineWith2) {
    // bank-judge answered 2 for everything; now it splits them as robots, searchparty-controller
    // and pursuit-arena do: 2 for the command line, 1 for a layout or a file.
    std::ofstream(dir + "/broken.txt") << "garbage\n";
    const std::string bots = " '" + marked(marker, kBin + "/bank-bot") + "' '" + marked(marker, kBin + "/bank-bot") + "'";
    expect_exit(kBin + "/bank-judge --layout " + dir + "/broken.txt" + bots, 1,
                "bank-judge: " + dir + "/broken.txt line 1: unknown line 'garbage'");
    expect_exit(kBin + "/bank-judge --layout " + dir + "/missing.txt" + bots, 1, "bank-judge: cannot read " + dir + "/missing.txt");
    expect_exit(kBin + "/bank-judge --moves 5 --tme-ms 3" + bots, 2, "bank-judge: unknown option --tme-ms");
    expect_exit(kBin + "/bank-judge --moves five" + bots, 2, "bank-judge: option --moves: expected an integer");
    EXPECT_FALSE(fs::exists(marker)) << "a program ran";
    // Its --help says so too (it still said 2 for a bad layout or an unwritable path).
    expect_exit(kBin + "/bank-judge --help", 0,
                "1 on a bad layout or a result/replay/--out path that cannot be written (checked before any\n"
                "program runs); 2 on bad arguments or none.");
}

TEST_F(JudgeCli, BadNumbersLevelsAndOneFileForTwoAreBadCommandLines) {
    // pursuit-arena took "-j -1" and "-j 0" (the default), "--seeds 1.7" (1 seed) and
    // "--game-timeout 0.001" (every game failed, "longer than 0 s"); "--seeds 1e10" said "at
    // least 1". bank-judge wrote the replay over the result when both named one file ("wrote X and
    // X"); bank-bot exited 1 for an unknown level, not naming the option. Now all are status 2,
    // the option named, before any program runs.
    const std::string arena = kBin + "/pursuit-arena copsrobbers --maps petersen --out " + dir + "/arena --bot a='" +
                              marked(marker, kBin + "/copsrobbers-bot") + "' --bot b=" + kBin + "/copsrobbers-bot";
    expect_exit(arena + " -j -1", 2, "pursuit-arena: option -j: expected an integer 1..1024, got '-1'");
    expect_exit(arena + " -j0", 2, "pursuit-arena: option -j: expected an integer 1..1024, got '0'");
    expect_exit(arena + " --seeds 1.7", 2, "pursuit-arena: option --seeds: expected an integer 1..1000000, got '1.7'");
    expect_exit(arena + " --seeds 1e10", 2, "pursuit-arena: option --seeds: expected an integer 1..1000000, got '1e10'");
    expect_exit(arena + " --game-timeout 0.001", 2, "pursuit-arena: option --game-timeout: expected a number 1..");
    // A gauntlet without its champion said '--champion "" is not one of the --bot names'.
    expect_exit(arena + " --mode gauntlet", 2, "pursuit-arena: --mode gauntlet needs --champion NAME (one of the --bot names)");
    const std::string bots = " '" + marked(marker, kBin + "/bank-bot") + "' '" + marked(marker, kBin + "/bank-bot") + "'";
    expect_exit(kBin + "/bank-judge --moves 5 --result " + dir + "/same.json --replay " + dir + "/./same.json" + bots, 2,
                "bank-judge: options --result and --replay name the same file (" + dir + "/./same.json): the replay would overwrite the result");
    EXPECT_FALSE(fs::exists(marker)) << "a program ran";
    EXPECT_FALSE(fs::exists(dir + "/arena")) << "the arena started";
    expect_exit("echo 10 | " + kBin + "/bank-bot --level foo", 2, "bank-bot: option --level: unknown bot level 'foo'");
}

TEST_F(JudgeCli, ASingleGameWhoseReplayCannotBeWrittenStillNamesTheResultItWrote) {
    // A bot turns DIR/replay.json into a folder once the up-front check has passed. copsrobbers-server
    // stopped at that write with result.json written but not named; every judge now tries both files,
    // names on stdout the one it wrote and on stderr the one that failed, and exits with its write-failure
    // status, 1 (bank-judge's was 2, the status of a bad command line).
    auto spoiling = [&](const std::string& sub, const std::string& bot) { return "'mkdir -p " + dir + sub + "/replay.json; exec " + bot + "'"; };
    Outcome r = expect_exit(kBin + "/copsrobbers-server --map petersen --cops 1 --rounds 5 --out " + dir + "/cr --cops-cmd " +
                                spoiling("/cr", kBin + "/copsrobbers-bot") + " --robber-cmd " + kBin + "/copsrobbers-bot",
                            1, "copsrobbers-server: cannot write " + dir + "/cr/replay.json");
    EXPECT_TRUE(has(r.out, "\nwrote " + dir + "/cr/result.json\n")) << r.out;
    r = expect_exit(kBin + "/fugitive-judge --map " + kSrc + "/maps/fugitive/generated-20.txt --out " + dir + "/fu --fugitive " +
                        spoiling("/fu", kBin + "/fugitive-bot --strategy random --seed 1") + " --detectives '" + kBin +
                        "/fugitive-bot --strategy random --seed 2'",
                    1, "fugitive-judge: cannot write " + dir + "/fu/replay.json");
    EXPECT_TRUE(has(r.out, "\nwrote " + dir + "/fu/result.json\n")) << r.out;
    r = expect_exit(kBin + "/bank-judge --moves 5 --result " + dir + "/bk/result.json --replay " + dir + "/bk/replay.json " +
                        spoiling("/bk", kBin + "/bank-bot") + " " + kBin + "/bank-bot",
                    1, "bank-judge: cannot write " + dir + "/bk/replay.json");
    EXPECT_TRUE(has(r.out, "\nwrote " + dir + "/bk/result.json\n")) << r.out;
    for (const char* f : {"/cr/result.json", "/fu/result.json", "/bk/result.json"}) EXPECT_TRUE(fs::is_regular_file(dir + f)) << f;
}

TEST_F(JudgeCli, SeriesSayOnStandardOutputWhichFilesTheyWrote) {
    // The series modes wrote DIR/series.json and a replay per game without a word. Standard
    // output only: the line comes last, after the table (progress stays on stderr).
    auto ends_with = [](const std::string& text, const std::string& tail) {
        return text.size() >= tail.size() && text.compare(text.size() - tail.size(), tail.size(), tail) == 0;
    };
    Outcome r = expect_exit(kBin + "/copsrobbers-server --series --a " + kBin + "/copsrobbers-bot --b " + kBin +
                                "/copsrobbers-bot --maps petersen --cops 1 --seeds 1 --rounds 5 --out " + dir + "/cr 2>/dev/null",
                            0, "total: A won");
    EXPECT_TRUE(ends_with(r.out, "\nwrote " + dir + "/cr/series.json, " + dir + "/cr/petersen-c1-s1-a-cops.json and " + dir +
                                     "/cr/petersen-c1-s1-b-cops.json\n")) << r.out;
    r = expect_exit(kBin + "/fugitive-judge --series --a '" + kBin + "/fugitive-bot --strategy random --seed 1' --b '" + kBin +
                        "/fugitive-bot --strategy random --seed 2' --maps " + kSrc + "/maps/fugitive/generated-20.txt --out " + dir +
                        "/fu 2>/dev/null",
                    0, "total");
    EXPECT_TRUE(ends_with(r.out, "\nwrote " + dir + "/fu/series.json, " + dir + "/fu/game-1-replay.json and " + dir +
                                     "/fu/game-2-replay.json\n")) << r.out;
    // More than two replays: how many, the first and the last.
    r = expect_exit(kBin + "/bank-judge --series 2 --moves 5 --out " + dir + "/bk " + kBin + "/bank-bot " + kBin + "/bank-bot 2>/dev/null",
                    0, "move time B:");
    EXPECT_TRUE(ends_with(r.out, "\nwrote " + dir + "/bk/series.json and 4 replays " + dir + "/bk/game-1-Aguards.json ... " + dir +
                                     "/bk/game-2-Bguards.json\n")) << r.out;
    for (const char* f : {"/cr/petersen-c1-s1-b-cops.json", "/fu/game-2-replay.json", "/bk/game-2-Bguards.json", "/bk/series.json"})
        EXPECT_TRUE(fs::exists(dir + f)) << f;
}

TEST_F(JudgeCli, SeriesThatFailToWriteAFileSayWhichFilesTheyHadWritten) {
    // A write failing mid-series (here a folder where a later replay goes) ended the run naming
    // that file, with the status as before, but not the replays already written. Now the
    // 'wrote ...' line names them, on standard output as after a whole series (no table then).
    fs::create_directories(dir + "/cr/petersen-c1-s2-a-cops.json");
    Outcome r = expect_exit(kBin + "/copsrobbers-server --series --a " + kBin + "/copsrobbers-bot --b " + kBin +
                                "/copsrobbers-bot --maps petersen --cops 1 --seeds 2 --rounds 5 --out " + dir + "/cr 2>/dev/null",
                            1, "wrote");
    EXPECT_EQ(r.out, "wrote " + dir + "/cr/petersen-c1-s1-a-cops.json and " + dir + "/cr/petersen-c1-s1-b-cops.json\n");
    expect_exit(kBin + "/copsrobbers-server --series --a " + kBin + "/copsrobbers-bot --b " + kBin +
                    "/copsrobbers-bot --maps petersen --cops 1 --seeds 2 --rounds 5 --out " + dir + "/cr 2>&1 >/dev/null",
                1, "copsrobbers-server: cannot write " + dir + "/cr/petersen-c1-s2-a-cops.json");
    fs::create_directories(dir + "/fu/game-2-replay.json");
    const std::string fugitive = kBin + "/fugitive-judge --series --a '" + kBin + "/fugitive-bot --strategy random --seed 1' --b '" + kBin +
                                 "/fugitive-bot --strategy random --seed 2' --maps " + kSrc + "/maps/fugitive/generated-20.txt --out " + dir + "/fu";
    r = expect_exit(fugitive + " 2>/dev/null", 1, "wrote");
    EXPECT_EQ(r.out, "wrote " + dir + "/fu/game-1-replay.json\n");
    expect_exit(fugitive + " 2>&1 >/dev/null", 1, "fugitive-judge: cannot write " + dir + "/fu/game-2-replay.json");
    // bank-judge: the same status 1 (it was 2); more than two replays are counted.
    fs::create_directories(dir + "/bk/game-2-Bguards.json");
    const std::string bank = kBin + "/bank-judge --series 2 --moves 5 --out " + dir + "/bk " + kBin + "/bank-bot " + kBin + "/bank-bot";
    r = expect_exit(bank + " 2>/dev/null", 1, "wrote");
    EXPECT_EQ(r.out, "wrote 3 replays " + dir + "/bk/game-1-Aguards.json ... " + dir + "/bk/game-2-Aguards.json\n");
    expect_exit(bank + " 2>&1 >/dev/null", 1, "bank-judge: cannot write " + dir + "/bk/game-2-Bguards.json");
    // The first replay failing: nothing written, no 'wrote' line.
    fs::create_directories(dir + "/bk2/game-1-Aguards.json");
    r = expect_exit(kBin + "/bank-judge --series 1 --moves 5 --out " + dir + "/bk2 " + kBin + "/bank-bot " + kBin + "/bank-bot 2>/dev/null", 1, "");
    EXPECT_EQ(r.out, "");
}

TEST_F(JudgeCli, ASeriesReplayThatCannotBeWrittenEndsTheOpenProgressLineNotABlankOne) {
    // SeriesFiles ends the progress line ("\r[k/N] ...") before the error. bank-judge printed a
    // game's progress after writing its replay, and fugitive-judge its forfeit line before it, so
    // the error came after a blank line on stderr (the first game's replay: "\nbank-judge: ...")
    // or bank-judge's last line was the previous game's. Now the replay is written while the
    // game's own progress line is open (a forfeit's detail line follows a successful write).
    fs::create_directories(dir + "/bk/game-1-Aguards.json");
    Outcome r = expect_exit(kBin + "/bank-judge --series 1 --moves 5 --out " + dir + "/bk " + kBin + "/bank-bot " + kBin +
                                "/bank-bot 2>&1 >/dev/null",
                            1, "bank-judge: cannot write " + dir + "/bk/game-1-Aguards.json");
    EXPECT_EQ(r.out.rfind("\r[1/2] seed 1 A guards: ", 0), 0u) << r.out;
    EXPECT_FALSE(has(r.out, "\n\n")) << r.out;
    fs::create_directories(dir + "/fu/game-1-replay.json");  // both programs forfeit at once
    r = expect_exit(kBin + "/fugitive-judge --series --a true --b true --maps " + kSrc + "/maps/fugitive/generated-20.txt --out " + dir +
                        "/fu 2>&1 >/dev/null",
                    1, "fugitive-judge: cannot write " + dir + "/fu/game-1-replay.json");
    EXPECT_EQ(r.out.rfind("\r[1/2] ", 0), 0u) << r.out;  // the game's line, marked "forfeit 20-0", then the error
    EXPECT_FALSE(has(r.out, "\n\n")) << r.out;
}

TEST_F(JudgeCli, SearchPartyControllerAndRobotsSayOnStandardErrorWhichFilesTheyWrote) {
    // searchparty-controller --replay FILE and robots --replays DIR wrote without a word. Their
    // standard output is a protocol (empty / the exact expected output), so the line goes to
    // stderr: the controller's after its finish lines, which stay the original's byte for byte.
    const std::string controller = kBin + "/searchparty-controller ";
    const std::string game = kSrc + "/maps/searchparty/maze-31x21-s1.txt -- " + kBin + "/searchparty-solver --interactive --level easy";
    const Outcome plain = run(controller + game + " >/dev/null");
    ASSERT_EQ(plain.status, 0) << plain.out;
    ASSERT_EQ(plain.out.rfind("Finished in ", 0), 0u) << plain.out;
    EXPECT_FALSE(has(plain.out, "wrote")) << plain.out;
    Outcome r = run(controller + "--replay " + dir + "/sp.json " + game + " 2>&1 >/dev/null");
    EXPECT_EQ(r.status, 0) << r.out;
    EXPECT_EQ(r.out, plain.out + "searchparty-controller: wrote " + dir + "/sp.json\n");
    r = run(controller + "--replay " + dir + "/sp.json " + game + " 2>/dev/null");
    EXPECT_EQ(r.out, "") << "stdout";
    r = run(controller + "--quiet --replay " + dir + "/sp.json " + game);
    EXPECT_EQ(r.out, "") << "--quiet";
    // robots: stdout unchanged, one line on stderr.
    std::ofstream(dir + "/in.txt") << "1 0\n10 14\n0 0\n";
    std::ofstream(dir + "/in3.txt") << "1 0\n10 14\n1 0\n10 14\n1 0\n10 14\n0 0\n";
    const Outcome expected = run(kBin + "/robots < " + dir + "/in3.txt");
    r = run(kBin + "/robots --replays " + dir + "/rp < " + dir + "/in3.txt 2>/dev/null");
    EXPECT_EQ(r.out, expected.out);
    r = run(kBin + "/robots --replays " + dir + "/rp < " + dir + "/in3.txt 2>&1 >/dev/null");
    EXPECT_EQ(r.out, "robots: wrote 3 replays " + dir + "/rp/case-1.json ... " + dir + "/rp/case-3.json\n");
    r = run(kBin + "/robots --replays " + dir + "/rp < " + dir + "/in.txt 2>&1 >/dev/null");
    EXPECT_EQ(r.out, "robots: wrote " + dir + "/rp/case-1.json\n");
}

TEST_F(JudgeCli, RobotsWritesTheReplaysOfTheCasesJudgedBeforeABadOne) {
    // A malformed case in the middle of the input: the cases before it were printed, but no
    // replay at all was written (the replays came after the whole input was judged). Now their
    // replays are written and named after the error, which is as before (case, line, status 1).
    std::string in;
    for (int k = 0; k < 3; ++k) in += "1 0\n10 14\n";
    std::ofstream(dir + "/bad.txt") << in + "1 0\n15 15\n1 0\n10 14\n0 0\n";
    const Outcome plain = expect_exit(kBin + "/robots < " + dir + "/bad.txt 2>/dev/null", 1, "Case 3:\n");
    Outcome r = expect_exit(kBin + "/robots --replays " + dir + "/rp < " + dir + "/bad.txt 2>/dev/null", 1, "Case 3:\n");
    EXPECT_EQ(r.out, plain.out) << "stdout is the good cases' expected output, byte for byte";
    EXPECT_FALSE(has(r.out, "Case 4:")) << r.out;
    r = expect_exit(kBin + "/robots --replays " + dir + "/rp2 < " + dir + "/bad.txt 2>&1 >/dev/null", 1, "case 4");
    EXPECT_EQ(r.out, "robots: input line 8: case 4: robot 1 is on your start cell (15,15)\nrobots: wrote 3 replays " + dir +
                         "/rp2/case-1.json ... " + dir + "/rp2/case-3.json\n");
    for (const char* f : {"/rp/case-1.json", "/rp/case-2.json", "/rp/case-3.json"}) {
        ASSERT_TRUE(fs::exists(dir + f)) << f;
        EXPECT_EQ(pursuit::Json::parse(read_file(dir + f))["game"], "robots") << f;
    }
    EXPECT_FALSE(fs::exists(dir + "/rp/case-4.json"));
    EXPECT_FALSE(fs::exists(dir + "/rp/case-5.json")) << "nothing after the bad case";
    // Two good cases are named one by one; a bad first case writes nothing and says no 'wrote'.
    std::ofstream(dir + "/bad2.txt") << "1 0\n10 14\n1 0\n10 14\n1 0\n1 x\n0 0\n";
    r = expect_exit(kBin + "/robots --replays " + dir + "/rp3 < " + dir + "/bad2.txt 2>&1 >/dev/null", 1, "");
    EXPECT_EQ(r.out, "robots: input line 6: expected case 3: robot 1 (row column), got 'x'\nrobots: wrote " + dir + "/rp3/case-1.json and " +
                         dir + "/rp3/case-2.json\n");
    std::ofstream(dir + "/bad1.txt") << "1 0\n15 15\n0 0\n";
    r = expect_exit(kBin + "/robots --replays " + dir + "/rp4 < " + dir + "/bad1.txt 2>&1", 1, "");
    EXPECT_EQ(r.out, "robots: input line 2: case 1: robot 1 is on your start cell (15,15)\n");
    EXPECT_FALSE(fs::exists(dir + "/rp4/case-1.json"));
}

TEST_F(JudgeCli, CopsRobbersMapFileWithoutTxtIsAFileNotAName) {
    // It said "unknown map name 'mymap'" for an existing file without '/' or ".txt".
    fs::copy_file(kSrc + "/maps/copsrobbers/grid-10x10.txt", dir + "/mymap");
    const Outcome r = run("cd " + dir + " && " + kBin + "/copsrobbers-server --map mymap --cops 1 --rounds 5 --seed 1 --cops-cmd '" + kBin +
                      "/copsrobbers-bot' --robber-cmd '" + kBin + "/copsrobbers-bot' --out " + dir + "/out");
    EXPECT_EQ(r.status, 0) << r.out;
    EXPECT_FALSE(has(r.out, "unknown map name")) << r.out;
    EXPECT_EQ(pursuit::Json::parse(read_file(dir + "/out/replay.json"))["config"]["map"], read_file(dir + "/mymap"));
    // A name that is neither a file nor a generated map still says what the names are.
    const Outcome bad = run(kBin + "/copsrobbers-server --map gird-10x10 --cops-cmd true --robber-cmd true");
    EXPECT_EQ(bad.status, 1);
    EXPECT_TRUE(has(bad.out, "unknown map name 'gird-10x10' (known: ")) << bad.out;
}

TEST_F(JudgeCli, CopsRobbersSeriesChecksEveryMapBeforeTheFirstGame) {
    // A broken second map used to end the series after the first map's games (no series.json).
    std::ofstream(dir + "/broken.txt") << "10 12\n1 2\n2 3\n";
    const std::string a = marked(marker, kBin + "/copsrobbers-bot --strategy random");
    for (const std::string& second : {dir + "/broken.txt", std::string("gird-10x10")}) {
        const Outcome r = run(kBin + "/copsrobbers-server --series --a '" + a + "' --b '" + a + "' --maps grid-4x4," + second +
                          " --cops 1 --seeds 1 --rounds 5 --relaxed --out " + dir + "/series");
        EXPECT_EQ(r.status, 1) << r.out;
        EXPECT_TRUE(has(r.out, second == "gird-10x10" ? "unknown map name 'gird-10x10'" : dir + "/broken.txt line 4: ")) << r.out;
        EXPECT_FALSE(has(r.out, "[1/")) << "no game before the broken map is found: " << r.out;
        EXPECT_FALSE(fs::exists(marker));
    }
}

TEST_F(JudgeCli, FugitiveJudgeNamesAWrongOrMissingArgument) {
    // It printed only the usage, naming nothing. Status 2 for the command line, as every judge
    // (fugitive-judge and copsrobbers-server said 1, as for a broken map).
    const std::string judge = kBin + "/fugitive-judge --map " + kSrc + "/maps/fugitive/generated-20.txt ";
    Outcome r = expect_exit(judge + "--fugitive true --detectives true --bogus 3", 2, "fugitive-judge: unknown option --bogus");
    r = expect_exit(judge + "--fugitive true", 2, "fugitive-judge: missing --detectives");
    r = expect_exit(judge + "--fugitive true --detectives true stray", 2, "unexpected argument 'stray'");
    r = expect_exit(kBin + "/fugitive-judge --series --a true --b true", 2, "--series needs --maps FILE... or --generate K");
    EXPECT_EQ(run(kBin + "/fugitive-judge --help").status, 0);
}

TEST_F(JudgeCli, FugitiveJudgeExplainsARelativeCommandAndShowsTheStderr) {
    // The bot exists beside the judge's working directory, but programs run in a folder of
    // their own: "status 127 (command not found?)" alone did not say why.
    fs::copy_file(kBin + "/fugitive-bot", dir + "/mybot");
    const Outcome r = run("cd " + dir + " && " + kBin + "/fugitive-judge --map " + kSrc +
                      "/maps/fugitive/generated-20.txt --fugitive ./mybot --detectives '" + kBin + "/fugitive-bot --strategy random'");
    EXPECT_EQ(r.status, 0) << r.out;
    EXPECT_TRUE(has(r.out, "Fugitive 0, Detectives 20")) << r.out;
    EXPECT_TRUE(has(r.out, "stderr of the Fugitive (tail):\nsh: 1: exec: ./mybot: not found")) << r.out;
    EXPECT_TRUE(has(r.out, "('./mybot') is looked up there: give the command as an absolute path")) << r.out;
    // A relative file given to an interpreter: sh (as python3) fails with status 2, not 127, and
    // there was no note at all.
    fs::create_directories(dir + "/bots");
    pursuit::write_file(dir + "/bots/mybot.sh", "exec " + kBin + "/fugitive-bot\n");
    const Outcome interpreted = run("cd " + dir + " && " + kBin + "/fugitive-judge --map " + kSrc +
                                    "/maps/fugitive/generated-20.txt --fugitive 'sh bots/mybot.sh' --detectives '" + kBin +
                                    "/fugitive-bot --strategy random'");
    EXPECT_EQ(interpreted.status, 0) << interpreted.out;
    EXPECT_TRUE(has(interpreted.out, "('sh bots/mybot.sh') is looked up there: give 'bots/mybot.sh' as an absolute path ($PWD/bots/mybot.sh)"))
        << interpreted.out;
    // An absolute command plays, with no note.
    const Outcome ok = run(kBin + "/fugitive-judge --map " + kSrc + "/maps/fugitive/generated-20.txt --fugitive " + dir +
                       "/mybot --detectives '" + kBin + "/fugitive-bot --strategy random'");
    EXPECT_EQ(ok.status, 0) << ok.out;
    EXPECT_FALSE(has(ok.out, "note:")) << ok.out;
    EXPECT_FALSE(has(ok.out, "Fugitive 0, Detectives 20")) << ok.out;
}

TEST_F(JudgeCli, SearchPartyControllerNamesABadOptionAndChecksTheReplayPathFirst) {
    const std::string controller = kBin + "/searchparty-controller ";
    const std::string map = kSrc + "/maps/searchparty/maze-31x21-s1.txt";
    // It printed only the usage for both.
    Outcome r = expect_exit(controller + "--bogus " + map + " -- true", 2, "searchparty-controller: unknown option --bogus");
    r = expect_exit(controller + "--time-limit", 2, "option --time-limit needs a value");
    // The replay path was found unwritable only after the whole run.
    r = expect_exit(controller + "--replay " + dir + "/afile/replay.json " + map + " -- touch " + marker, 1, "cannot write " + dir + "/afile/replay.json");
    EXPECT_FALSE(fs::exists(marker)) << "the solver ran before the replay path was checked";
    // A limit under a millisecond is a limit (it was "no limit": a silent solver hung the run).
    r = expect_exit("timeout 20 " + controller + "--time-limit 0.0001 " + map + " -- sleep 30", 1, "Solver failed (time limit)");
}

TEST_F(JudgeCli, RobotsReplaysFolderIsCreatedOrNamedWithTheReason) {
    std::ofstream(dir + "/in.txt") << "1 0\n10 14\n0 0\n";
    // A folder that does not exist yet is created (it said "cannot write DIR/case-1.json", no reason).
    Outcome r = expect_exit(kBin + "/robots --replays " + dir + "/new/replays < " + dir + "/in.txt", 0, "Case 1:\nLost game after making 21 moves.");
    EXPECT_EQ(pursuit::Json::parse(read_file(dir + "/new/replays/case-1.json"))["game"], "robots");
    r = expect_exit(kBin + "/robots --replays " + dir + "/afile/replays < " + dir + "/in.txt", 1, "robots: cannot write " + dir + "/afile/replays/case-1.json: Not a directory");
    r = expect_exit(kBin + "/robots --bogus < " + dir + "/in.txt", 2, "robots: unknown option --bogus");
}

// A map or a solution whose name starts with '-' was an unknown option, "--" too: only
// "./-x.txt" reached it. After "--" every word is a file, as POSIX programs take it.
TEST_F(JudgeCli, SearchPartyFilesNamedWithADashComeAfterTwoDashes) {
    const std::string map = kSrc + "/maps/searchparty/maze-31x21-s1.txt";
    Outcome r = run("cd " + dir + " && cp " + map + " ./-map.txt && " + kBin + "/searchparty-solver -- -map.txt > ./-sol.txt");
    ASSERT_EQ(r.status, 0) << r.out;
    r = run("cd " + dir + " && " + kBin + "/searchparty-check -- -map.txt -sol.txt");
    EXPECT_EQ(r.status, 0) << r.out;
    EXPECT_TRUE(has(r.out, "valid: ok")) << r.out;
    EXPECT_EQ(run("cd " + dir + " && " + kBin + "/searchparty-solver -- -map.txt").out, run(kBin + "/searchparty-solver " + map).out);
    // Before "--" a dash is still an option; after it, one MAP only.
    r = expect_exit("cd " + dir + " && " + kBin + "/searchparty-check -map.txt -sol.txt", 2, "searchparty-check: unknown option -map.txt");
    r = expect_exit("cd " + dir + " && " + kBin + "/searchparty-solver -- -map.txt --batch", 2, "searchparty-solver: one MAP only, got '-map.txt' and '--batch'");
}

TEST_F(JudgeCli, AFolderOnStandardInputIsNamedNotAnAbort) {
    // `robots < somefolder` ended in "terminate called after throwing std::__ios_failure" (status
    // 134); searchparty-check's '-' printed the stream's own "basic_filebuf::underflow" text.
    Outcome r = expect_exit(kBin + "/robots < " + dir, 1, "robots: cannot read standard input: it is a directory");
    r = expect_exit(kBin + "/searchparty-check " + kSrc + "/maps/searchparty/maze-31x21-s1.txt - < " + dir, 1, "searchparty-check: cannot read standard input: it is a directory");
    // The solver's batch form took a folder for no input at all: "no MAP given" and the usage, status 2.
    r = expect_exit(kBin + "/searchparty-solver < " + dir, 1, "searchparty-solver: cannot read standard input: it is a directory");
    r = expect_exit(kBin + "/searchparty-solver --batch < " + dir, 1, "searchparty-solver: cannot read standard input: it is a directory");
}

TEST_F(JudgeCli, SearchPartyToolsNameThemselvesAndWhatIsWrong) {
    const std::string map = kSrc + "/maps/searchparty/maze-31x21-s1.txt";
    // searchparty-check: --help was the usage on stderr with status 2; errors named no program.
    Outcome r = expect_exit(kBin + "/searchparty-check --help", 0, "usage: searchparty-check [--replay FILE] [--] MAP SOLUTION");
    r = expect_exit(kBin + "/searchparty-check " + dir + "/nomap.txt " + dir + "/afile", 1, "searchparty-check: cannot read " + dir + "/nomap.txt: No such file or directory");
    r = expect_exit(kBin + "/searchparty-controller " + dir + "/nomap.txt -- true", 1, "searchparty-controller: cannot read " + dir + "/nomap.txt: No such file or directory");
    // searchparty-solver printed only the usage for each of these.
    r = expect_exit(kBin + "/searchparty-solver --bogus " + map, 2, "searchparty-solver: unknown option --bogus");
    r = expect_exit(kBin + "/searchparty-solver --level hardest " + map, 2, "searchparty-solver: option --level: expected easy, medium, hard or best, got 'hardest'");
    r = expect_exit(kBin + "/searchparty-solver " + map + " --seed", 2, "searchparty-solver: option --seed needs a value");
    // Without MAP, standard input that is no controller's state block is the map (the original
    // challenge's batch form): the same plan as from the file; garbage is named as a map error.
    r = run("echo garbage | " + kBin + "/searchparty-solver");
    EXPECT_EQ(r.status, 1);
    EXPECT_TRUE(has(r.out, "searchparty-solver: standard input line 1: expected the header \"N M p q\"")) << r.out;
    r = expect_exit(kBin + "/searchparty-solver < /dev/null", 2, "searchparty-solver: no MAP given (the batch form reads it from a file or from standard input)");
    // An empty file on standard input is an empty map file, refused as one (it was "no MAP given").
    std::ofstream(dir + "/empty.txt").flush();
    r = expect_exit(kBin + "/searchparty-solver < " + dir + "/empty.txt", 1,
                    "searchparty-solver: standard input line 1: expected the header line \"N M p q\", got an empty map");
    const Outcome piped = run(kBin + "/searchparty-solver < " + map + " 2>/dev/null");
    const Outcome forced = run(kBin + "/searchparty-solver --batch < " + map + " 2>/dev/null");
    const Outcome from_file = run(kBin + "/searchparty-solver " + map + " 2>/dev/null");
    EXPECT_EQ(piped.status, 0);
    EXPECT_EQ(piped.out, from_file.out);
    EXPECT_EQ(forced.out, from_file.out);
    EXPECT_NE(from_file.out.find(" 2 1\n"), std::string::npos) << from_file.out;  // "T 2 1": everyone alive
    // searchparty-mapgen: --help was status 2; "abc" was taken as 0 by atoi.
    r = run(kBin + "/searchparty-mapgen --help");
    EXPECT_EQ(r.status, 0) << r.out;
    r = expect_exit(kBin + "/searchparty-mapgen maze abc 15 1 1 3", 2, "searchparty-mapgen: argument COLS: expected an integer 1..256, got 'abc'");
    // A bad KIND was status 1, as for bad input; an unknown option or a wrong count was the usage alone.
    r = expect_exit(kBin + "/searchparty-mapgen mace 31 21 2 1 1", 2, "searchparty-mapgen: generate: unknown kind 'mace' (maze, cave, rooms, open)");
    r = expect_exit(kBin + "/searchparty-mapgen --nosuch", 2, "searchparty-mapgen: unknown option --nosuch\nusage:");
    r = expect_exit(kBin + "/searchparty-mapgen maze 31 21", 2, "searchparty-mapgen: expected 6 arguments (KIND COLS ROWS COSTARS EXTRAS SEED), got 3\nusage:");
    r = expect_exit(kBin + "/searchparty-mapgen --set", 2, "searchparty-mapgen: option --set takes one DIR\nusage:");
    // searchparty-solver --policy: values were read by atoi ("lanes=abc" played lanes 0, "lanes=9"
    // was taken) and an unknown key was status 1.
    r = expect_exit(kBin + "/searchparty-solver --policy lanes=abc " + map, 2, "searchparty-solver: option --policy lanes: expected an integer 0..4, got 'abc'");
    r = expect_exit(kBin + "/searchparty-solver --policy regions=1,lanes=9 " + map, 2, "searchparty-solver: option --policy lanes: expected an integer 0..4, got '9'");
    r = expect_exit(kBin + "/searchparty-solver --policy foo=1 " + map, 2, "searchparty-solver: option --policy: unknown key 'foo' (keys: see --help)");
    r = expect_exit(kBin + "/searchparty-solver --policy lanes " + map, 2, "searchparty-solver: option --policy: expected key=value, got 'lanes'");
    r = expect_exit(kBin + "/searchparty-solver --policy sector_phase=-3 " + map, 2, "searchparty-solver: option --policy sector_phase: expected an integer 0..15, got '-3'");
    // "rate=1,rate=2" played rate 2 without a word.
    r = expect_exit(kBin + "/searchparty-solver --policy rate=1,lanes=2,rate=2 " + map, 2, "searchparty-solver: option --policy: key 'rate' given twice");
    r = run(kBin + "/searchparty-solver --policy regions=1,tours=1,lanes=0 " + map + " 2>/dev/null");
    EXPECT_EQ(r.status, 0) << r.out;
    EXPECT_NE(r.out.find(" 2 1\n"), std::string::npos) << r.out;
}

TEST_F(JudgeCli, SmallToolsNameTheBadArgument) {
    // fugitive-maps: --help was status 2, an unknown command or option only the usage.
    Outcome r = expect_exit(kBin + "/fugitive-maps --help", 0, "usage: fugitive-maps generate");
    r = expect_exit(kBin + "/fugitive-maps generat --cities 20", 2, "fugitive-maps: unknown command 'generat' (generate, validate, examples)");
    r = expect_exit(kBin + "/fugitive-maps generate --citys 20", 2, "fugitive-maps: generate: unknown option --citys");
    // bank-judge with one command: the usage alone.
    r = expect_exit(kBin + "/bank-judge '" + marked(marker, kBin + "/bank-bot") + "'", 2, "bank-judge: expected two commands (GUARDS_COMMAND ROBBERS_COMMAND), got 1");
    EXPECT_FALSE(fs::exists(marker));
    // copsrobbers-bot's option errors named no program.
    r = expect_exit(kBin + "/copsrobbers-bot --strategy nope", 2, "copsrobbers-bot: unknown strategy 'nope'");
    r = run("echo garbage | " + kBin + "/copsrobbers-bot");
    EXPECT_FALSE(has(r.out, "copsrobbers-bot: copsrobbers-bot:")) << r.out;
}

TEST_F(JudgeCli, ArenaNamesAnUnwritableOutAndAMisspelledOrEmptyMap) {
    const std::string arena = kBin + "/pursuit-arena copsrobbers --quiet --bot 'a=" + marked(marker, "true") + "' --bot b=true ";
    // It said "filesystem error: cannot create directories: Not a directory [...]".
    Outcome r = expect_exit(arena + "--out " + dir + "/afile --maps petersen", 1, "pursuit-arena: cannot write --out " + dir + "/afile: Not a directory");
    // A misspelled map file in the current folder was taken for a built-in name: every game
    // failed in the judge and the arena exited 0.
    r = expect_exit("cd " + dir + " && " + arena + "--out " + dir + "/o1 --maps petersn.txt", 2, "pursuit-arena: map petersn.txt: no such file");
    std::ofstream(dir + "/empty.txt").flush();
    r = expect_exit(arena + "--out " + dir + "/o2 --maps " + dir + "/empty.txt", 2, "pursuit-arena: map " + dir + "/empty.txt: empty file");
    EXPECT_FALSE(fs::exists(marker)) << "a bot ran";
}

// "-" as an output file is the standard output, and so is every spelling of it (found by an audit
// of the output options, 2026-12-05): bank-judge's check that --result and --replay are not one
// file died on a pipe ("filesystem error: cannot make canonical path ... [/dev/stdout]") and
// refused "--result - --replay -", which are written one after the other; a folder option given
// "-" made a folder named "-"; fugitive-maps' summary line ended the map it wrote to stdout;
// pursuit-tool check-replay could not read a replay piped in.
TEST_F(JudgeCli, TheStandardOutputAsAnOutputFileBySpellingAndNeverAsAFolder) {
    const std::string bots = " '" + kBin + "/bank-bot' '" + kBin + "/bank-bot'";
    // With a JSON file on stdout, stdout is that JSON alone (the result lines were printed before
    // it, so `| jq` needed them cut off); the lines for people go to stderr, "wrote" named once.
    for (const std::string& outputs : {"--result " + dir + "/r.json --replay /dev/stdout", std::string("--result - --replay -"),
                                       "--result /dev/stdout --replay " + dir + "/p.json"}) {
        const Outcome out = run(kBin + "/bank-judge --moves 5 " + outputs + bots + " 2>" + dir + "/err.txt | cat");
        const std::string err = pursuit::read_file(dir + "/err.txt");
        EXPECT_EQ(out.status, 0) << outputs << "\n" << out.out << err;
        EXPECT_EQ(out.out.substr(0, 2), "{\n") << outputs << ": JSON alone on stdout\n" << out.out;
        EXPECT_EQ(out.out.substr(out.out.size() - 2), "}\n") << outputs << ": JSON alone on stdout\n" << out.out;
        EXPECT_TRUE(has(err, "Robbers win") && has(err, "guards: p50")) << outputs << "\n" << err;
        EXPECT_FALSE(has(err + out.out, "filesystem error")) << outputs << "\n" << err;
        EXPECT_FALSE(has(err, "the standard output and the standard output")) << err;
    }
    // Without one, the lines stay on stdout.
    EXPECT_TRUE(has(run(kBin + "/bank-judge --moves 5 --replay " + dir + "/q.json" + bots + " 2>/dev/null").out, "Robbers win"));
    // One reply is "1 reply" (it read "(1 replies)"); two programs that fail are named as programs
    // in one sentence each (it read "robbers: robbers was killed by signal 11").
    // The crashed wait is not a reply (it read "(1 replies)" for the guards).
    const Outcome one = run(kBin + "/bank-judge 'read L; read S; read line; kill -SEGV $$' '" + kBin + "/bank-bot' 2>&1");
    EXPECT_TRUE(has(one.out, "guards: p50 0.00  p90 0.00  p99 0.00  max 0.00 ms (0 replies)")) << one.out;
    EXPECT_TRUE(has(one.out, "ms (1 reply)\n")) << one.out;
    EXPECT_TRUE(has(one.out, "Robbers win: the guards' program was killed by signal 11 (SIGSEGV) before answering move 1"))
        << one.out;
    expect_exit(kBin + "/bank-judge --moves 5 --result " + dir + "/same.json --replay " + dir + "/./same.json" + bots, 2,
                "options --result and --replay name the same file");
    // A folder option given "-": refused before any program runs, no folder "-" made.
    const std::string in_dir = "cd " + dir + " && ";
    expect_exit(in_dir + kBin + "/bank-judge --series 1 --moves 5 --out - '" + marked(marker, kBin + "/bank-bot") + "' '" +
                    marked(marker, kBin + "/bank-bot") + "'",
                1, "bank-judge: cannot write -/series.json: \"-\" is the standard output, not a folder");
    expect_exit(in_dir + kBin + "/fugitive-maps examples -", 1, "cannot write -/generated-20.txt: \"-\" is the standard output, not a folder");
    expect_exit(in_dir + kBin + "/pursuit-arena copsrobbers --quiet --bot 'a=" + marked(marker, "true") + "' --bot b=true --out - --maps petersen",
                1, "pursuit-arena: cannot write --out -: \"-\" is the standard output, not a folder");
    EXPECT_FALSE(fs::exists(dir + "/-"));
    EXPECT_FALSE(fs::exists(marker)) << "a program ran";
    // fugitive-maps generate --out -: the map alone on stdout, as without --out; its line on stderr.
    const Outcome plain = run(kBin + "/fugitive-maps generate --cities 20 --seed 3 2>/dev/null");
    const Outcome dash = run(kBin + "/fugitive-maps generate --cities 20 --seed 3 --out - 2>/dev/null");
    EXPECT_EQ(dash.status, 0) << dash.out;
    EXPECT_EQ(dash.out, plain.out);
    EXPECT_TRUE(has(run(kBin + "/fugitive-maps generate --cities 20 --seed 3 --out - 2>&1 >/dev/null").out, "the standard output: 20 cities"));
    // A replay piped into pursuit-tool check-replay -.
    const Outcome checked = run(kBin + "/bank-judge --moves 5 --replay -" + bots + " 2>/dev/null | " + kBin + "/pursuit-tool check-replay -");
    EXPECT_EQ(checked.status, 0) << checked.out;
    EXPECT_TRUE(has(checked.out, "\"winner\"")) << checked.out;
}

TEST_F(JudgeCli, ArenaRefusesAMisspelledBuiltInMapNameBeforeAnyGame) {
    // "--maps petersn" reached copsrobbers-server: every game failed there ("unknown map name").
    const std::string bots = " --quiet --bot 'a=" + marked(marker, "true") + "' --bot 'b=" + marked(marker, "true") + "' ";
    Outcome r = expect_exit(kBin + "/pursuit-arena copsrobbers" + bots + "--out " + dir + "/o1 --maps petersen petersn", 2,
                            "pursuit-arena: map petersn: no such file, and not a built-in map of copsrobbers: unknown map name 'petersn' (known: ");
    EXPECT_TRUE(has(r.out, "petersen, dodecahedron, example7)")) << r.out;  // the valid names
    // A game whose judge reads map files only takes no name at all.
    expect_exit(kBin + "/pursuit-arena fugitive" + bots + "--out " + dir + "/o2 --maps example8", 2,
                "pursuit-arena: map example8: no such file, and fugitive has no built-in map names (fugitive-judge reads map files only)");
    EXPECT_FALSE(fs::exists(marker)) << "a bot ran";
    EXPECT_FALSE(fs::exists(dir + "/o1/games.jsonl"));
}

TEST_F(JudgeCli, ArenaRefusesABuiltInMapTheJudgesSetupCannotPlay) {
    // "--maps cycle-3" (a valid name; copsrobbers-server plays 2 cops) failed every game in the
    // judge: "cannot place 2 cops and X on pairwise non-adjacent crossings of this city".
    const std::string bots = " --quiet --bot 'a=" + marked(marker, "true") + "' --bot 'b=" + marked(marker, "true") + "' ";
    expect_exit(kBin + "/pursuit-arena copsrobbers" + bots + "--out " + dir + "/o1 --maps petersen cycle-3", 2,
                "pursuit-arena: map cycle-3: a built-in map of copsrobbers, but copsrobbers-server cannot play it with "
                "the descriptor's setup {\"cops\":2} (seed 1): cannot place 2 cops and X on pairwise non-adjacent crossings of this city");
    EXPECT_FALSE(fs::exists(marker)) << "a bot ran";
    EXPECT_FALSE(fs::exists(dir + "/o1/games.jsonl"));
}

TEST_F(JudgeCli, FugitiveBotNamesItselfOnce) {
    fs::copy_file(kSrc + "/maps/fugitive/generated-20.txt", dir + "/connect.txt");
    const Outcome r = run("cd " + dir + " && printf 'Robber\\n' | " + kBin + "/fugitive-bot");
    EXPECT_EQ(r.status, 1);
    EXPECT_TRUE(has(r.out, "fugitive-bot: expected the role Fugitive or Detectives, got 'Robber'")) << r.out;
    EXPECT_FALSE(has(r.out, "fugitive-bot: fugitive-bot:")) << r.out;
    // Run by hand in a folder without connect.txt it said only "cannot read connect.txt".
    const Outcome bare = run("mkdir -p " + dir + "/empty && cd " + dir + "/empty && echo Fugitive | " + kBin + "/fugitive-bot");
    EXPECT_EQ(bare.status, 1);
    EXPECT_TRUE(has(bare.out, "fugitive-bot: cannot read connect.txt: No such file or directory (the judge puts connect.txt in the bot's "
                              "working folder; elsewhere give --map FILE)"))
        << bare.out;
}

TEST_F(JudgeCli, JudgesRefuseAnOptionOfTheOtherModeBeforeAnyProgramRuns) {
    // Each of these was ignored without a word: bank-judge played a single game with --out DIR
    // and wrote nothing, copsrobbers-server played one game with --seeds or a --cops list, a
    // series with --map or --cops-cmd, fugitive-judge a single game with --generate.
    const std::string bank_bot = "'" + marked(marker, kBin + "/bank-bot") + "'";
    expect_exit(kBin + "/bank-judge --moves 5 --out " + dir + "/bk " + bank_bot + " " + bank_bot, 2,
                "bank-judge: option --out is for a series (--series N); a single game writes --result FILE and --replay FILE");
    expect_exit(kBin + "/bank-judge --series 1 --moves 5 --replay " + dir + "/r.json " + bank_bot + " " + bank_bot, 2,
                "bank-judge: option --replay is for a single game; a series writes its files with --out DIR");
    const std::string cr_bot = "'" + marked(marker, kBin + "/copsrobbers-bot") + "'";
    const std::string cr_single = kBin + "/copsrobbers-server --map petersen --rounds 5 --cops-cmd " + cr_bot + " --robber-cmd " + cr_bot;
    expect_exit(cr_single + " --seeds 3", 2, "copsrobbers-server: --seeds is for --series (one game: --seed S)");
    expect_exit(cr_single + " --cops 1,2", 2, "copsrobbers-server: --cops takes one count for a single game (a list is for --series)");
    expect_exit(cr_single + " --a " + cr_bot, 2, "copsrobbers-server: --a is for --series");
    expect_exit(cr_single + " --quick", 2, "copsrobbers-server: --quick is for --figures");
    expect_exit(kBin + "/copsrobbers-server --series --a " + cr_bot + " --b " + cr_bot + " --maps petersen --map petersen", 2,
                "copsrobbers-server: --map is for a single game; a series takes --a CMD --b CMD --maps M1,M2,...");
    const std::string fu_bot = "'" + marked(marker, kBin + "/fugitive-bot --strategy random") + "'";
    expect_exit(kBin + "/fugitive-judge --map " + kSrc + "/maps/fugitive/generated-20.txt --generate 2 --fugitive " + fu_bot +
                    " --detectives " + fu_bot,
                2, "fugitive-judge: --generate is for --series");
    expect_exit(kBin + "/fugitive-judge --series --a " + fu_bot + " --b " + fu_bot + " --generate 1 --detectives " + fu_bot, 2,
                "fugitive-judge: --detectives is for a single game");
    EXPECT_FALSE(fs::exists(marker)) << "a program ran";
    EXPECT_FALSE(fs::exists(dir + "/bk"));
}

TEST_F(JudgeCli, CopsRobbersServerNamesWhatIsMissingAndSeriesStartAtTheGivenSeed) {
    // A missing command or map printed the usage alone; --seed was ignored by a series (always seeds 1..N).
    expect_exit(kBin + "/copsrobbers-server --map petersen --cops-cmd true", 2, "copsrobbers-server: missing --robber-cmd CMD");
    expect_exit(kBin + "/copsrobbers-server --series --a true --b true", 2, "copsrobbers-server: --series needs --maps M1,M2,...");
    expect_exit(kBin + "/copsrobbers-server petersen 2 100", 2,
                "copsrobbers-server: expected the 6 arguments MAP C R SEED COPS_CMD ROBBER_CMD, got 3");
    expect_exit(kBin + "/copsrobbers-server --help", 0, "[--seeds N] [--seed S]");
    expect_exit(kBin + "/copsrobbers-server --series --a " + kBin + "/copsrobbers-bot --b " + kBin +
                    "/copsrobbers-bot --maps petersen --cops 1 --seeds 2 --seed 7 --rounds 5 --out " + dir + "/cr 2>/dev/null",
                0, "/cr/petersen-c1-s8-b-cops.json\n");
    EXPECT_TRUE(fs::exists(dir + "/cr/petersen-c1-s7-a-cops.json"));
    EXPECT_FALSE(fs::exists(dir + "/cr/petersen-c1-s1-a-cops.json"));
    EXPECT_EQ(pursuit::Json::parse(read_file(dir + "/cr/petersen-c1-s8-a-cops.json"))["config"]["seed"], 8);
}

TEST_F(JudgeCli, FugitiveJudgeSeriesChecksTheCityRangeTakesHelpAnywhereAndExplainsARelativeCommand) {
    // --cities-min above --cities-max said "map cities = 264704347: expected 5..200".
    expect_exit(kBin + "/fugitive-judge --series --a true --b true --generate 1 --cities-min 150 --cities-max 100", 2,
                "fugitive-judge: --cities-min 150 is above --cities-max 100");
    // --help after another option was an unknown option.
    expect_exit(kBin + "/fugitive-judge --series --help", 0, "usage:");
    // A series showed no note for a command that is not found in the program's own folder (a single game did).
    const Outcome r = expect_exit("cd " + dir + " && " + kBin + "/fugitive-judge --series --a fugitive-bot --b '" + kBin +
                                      "/fugitive-bot --strategy random' --maps " + kSrc + "/maps/fugitive/generated-20.txt",
                                  0, "note: each program runs in a fresh folder holding connect.txt, so a relative path in its command\n"
                                     "      ('fugitive-bot') is looked up there");
    EXPECT_EQ(r.out.find("note: each program"), r.out.rfind("note: each program")) << "the note comes once per command\n" << r.out;
}

TEST_F(JudgeCli, MapAndSearchPartyToolsNameAMissingOrUnknownArgument) {
    // fugitive-maps validate without a file checked nothing and exited 0.
    expect_exit(kBin + "/fugitive-maps validate", 2, "fugitive-maps: validate needs at least one FILE");
    // copsrobbers-maps took an option for a map name ("unknown map name '--bogus'") and wrote the
    // names before a misspelled one.
    expect_exit(kBin + "/copsrobbers-maps --bogus", 2, "copsrobbers-maps: unknown option --bogus");
    expect_exit(kBin + "/copsrobbers-maps --out", 2, "copsrobbers-maps: option --out needs a value");
    // A map name is part of the command line: status 2 (it was 1, the status of bad input data).
    expect_exit(kBin + "/copsrobbers-maps --out " + dir + "/m petersen petersn", 2, "copsrobbers-maps: unknown map name 'petersn'");
    EXPECT_FALSE(fs::exists(dir + "/m/petersen.txt"));
    expect_exit(kBin + "/copsrobbers-maps --help", 0, "DIR default: maps/copsrobbers");
    // searchparty-controller and searchparty-check: the usage alone, or "cannot read --bogus" (status 1).
    expect_exit(kBin + "/searchparty-controller " + dir + "/afile", 2, "searchparty-controller: no SOLVER command after MAP '" + dir + "/afile'");
    expect_exit(kBin + "/searchparty-controller --quiet", 2, "searchparty-controller: no MAP given");
    expect_exit(kBin + "/searchparty-check --bogus " + dir + "/afile", 2, "searchparty-check: unknown option --bogus");
    expect_exit(kBin + "/searchparty-check " + dir + "/afile", 2, "searchparty-check: expected MAP and SOLUTION, got 1 argument");
}

}  // namespace
