// Tests: fugitive-judge against real processes: the bot against itself (all strategies),
// the exact protocol (Quit on early end, what each side reads), and misbehaving programs
// (illegal move, garbage, crash, hang, early exit, bad start city) which lose 0-20 with a
// message naming what happened.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <utility>

#include <sys/wait.h>

#include "common/game.h"
#include "common/json.h"
#include "../common/scratch_dir.h"
#include "../common/time_scale.h"

using pursuit::Json;

namespace {

const std::string kBin = PURSUIT_BIN_DIR;
const std::string kMaps = std::string(PURSUIT_SOURCE_DIR) + "/maps/fugitive";

std::string slurp(const std::string& path) {
    std::ifstream f(path);
    std::stringstream ss;
    ss << f.rdbuf();
    return ss.str();
}

std::string quote(const std::string& s) {
    std::string out = "'";
    for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

// Runs the judge binary; returns result.json (and the replay through `replay`). Its output
// directory goes once they are read.
Json judge(const std::string& map, const std::string& fugitive, const std::string& detectives, int time_ms = 5000,
           Json* replay = nullptr) {
    const pursuit::test::ScratchDir scratch("fugitive-judge-test-");
    const std::string out = scratch.file("out");
    const std::string cmd = kBin + "/fugitive-judge --map " + quote(map) + " --fugitive " + quote(fugitive) + " --detectives " +
                            quote(detectives) + " --seed 5 --time-ms " + std::to_string(time_ms) + " --out " + quote(out) + " > /dev/null";
    EXPECT_EQ(std::system(cmd.c_str()), 0) << cmd;
    if (replay) *replay = Json::parse(slurp(out + "/replay.json"));
    return Json::parse(slurp(out + "/result.json"));
}

std::string bot(const std::string& args = "") { return kBin + "/fugitive-bot " + args; }

// Scripted Detectives on the 8-city example: start on 2 3 6 7, then print whatever they read
// to stderr (so the test sees exactly what the judge sent).
const std::string kScriptedDetectives = "read r; printf '2\\n3\\n6\\n7\\n'; while read line; do echo \"got:$line\" >&2; done";

}  // namespace

TEST(FugitiveJudge, BotAgainstBotPlaysAFullGameAndWritesAReplay) {
    for (const char* strategy : {"random", "greedy", "strong"}) {
        Json replay;
        const Json r = judge(kMaps + "/generated-100.txt", bot(std::string("--strategy ") + strategy + " --seed 2"),
                             bot(std::string("--strategy ") + strategy + " --seed 3"), pursuit::test::scaled(5000), &replay);
        ASSERT_TRUE(r["over"].get<bool>()) << r.dump();
        EXPECT_NE(r["ending"], "forfeit") << r["reason"];
        EXPECT_EQ(r["score"]["Fugitive"].get<int>() + r["score"]["Detectives"].get<int>(), 20);
        EXPECT_EQ(r["players"]["Fugitive"]["verdict"], "ok");
        EXPECT_EQ(r["players"]["Detectives"]["verdict"], "ok");
        EXPECT_LT(r["players"]["Fugitive"]["thinking_ms"].get<double>(), pursuit::test::scaled(5000));
        // The replay rebuilds the same result through the uniform interface.
        EXPECT_EQ(pursuit::game_from_replay(replay)->result()["score"], r["score"]);
    }
}

TEST(FugitiveJudge, AFullGameEndsAfterTurn50WithoutSendingTheLastDetectivesMove) {
    // The greedy Fugitive escapes the random Detectives on this map (checked: 20-0).
    const Json r = judge(kMaps + "/generated-100.txt", bot("--strategy greedy --seed 1"), bot("--strategy random --seed 1"));
    ASSERT_EQ(r["ending"], "escaped") << r["reason"];
    EXPECT_EQ(r["score"], (Json{{"Fugitive", 20}, {"Detectives", 0}}));
    EXPECT_EQ(r["turn"], 50);
    // Lines read: the Fugitive's start + 50 moves; the Detectives' 4 + 50 x 4 cities.
    EXPECT_EQ(r["players"]["Fugitive"]["moves"], 51);
    EXPECT_EQ(r["players"]["Detectives"]["moves"], 204);
    EXPECT_EQ(r["players"]["Fugitive"]["verdict"], "ok");
    EXPECT_EQ(r["players"]["Detectives"]["verdict"], "ok");
}

TEST(FugitiveJudge, EarlyEndSendsQuitToBothInPlaceOfTheNextLine) {
    // The Fugitive starts on 1 and walks by car onto the Detective on 2 on turn 1.
    const std::string fugitive = "read r; read a; read b; read c; read d; echo 1; echo 'C 2'; read q; echo \"fugitive-got:$q\" >&2";
    const Json r = judge(kMaps + "/example8.txt", fugitive, kScriptedDetectives);
    EXPECT_EQ(r["ending"], "walked onto a Detective");
    EXPECT_EQ(r["score"], (Json{{"Fugitive", 0}, {"Detectives", 20}}));
    EXPECT_NE(r["players"]["Fugitive"]["stderr_tail"].get<std::string>().find("fugitive-got:Quit"), std::string::npos);
    // The Detectives read the start city 1, then Quit (no transport line).
    EXPECT_EQ(r["players"]["Detectives"]["stderr_tail"], "got:1\ngot:Quit\n");
}

// Readers are token based (the contract's Decision): the Detectives may write their four
// start cities on one line, and the Fugitive its transport and city on two lines. Example8:
// Detectives on 2 3 6 7 (one line), the Fugitive starts on 1 and walks "C" / "2" onto
// Detective 1 on turn 1: 0-20 by capture, so both were read, not refused as malformed.
TEST(FugitiveJudge, FourCitiesOnOneLineAndAMoveOnTwoLinesAreAccepted) {
    const std::string fugitive = "read r; read a; read b; read c; read d; echo 1; echo C; echo 2; read q";
    const std::string detectives = "read r; echo '2 3 6 7'; read s; read q";
    const Json r = judge(kMaps + "/example8.txt", fugitive, detectives);
    EXPECT_EQ(r["ending"], "walked onto a Detective") << r["reason"];
    EXPECT_EQ(r["score"], (Json{{"Fugitive", 0}, {"Detectives", 20}}));
    EXPECT_EQ(r["players"]["Detectives"]["verdict"], "ok");
    EXPECT_EQ(r["players"]["Fugitive"]["verdict"], "ok");
}

TEST(FugitiveJudge, DetectivesReadOnlyTheTransportOnANormalTurn) {
    // The Fugitive starts on 5 and moves C 8 (turn 1: the Detectives read only "C"); the scripted Detectives
    // answer nothing (they only echo), so they run out of time: a forfeit with a message.
    const std::string fugitive = "read r; read a; read b; read c; read d; echo 5; echo 'C 8'; cat > /dev/null";
    const Json r = judge(kMaps + "/example8.txt", fugitive, kScriptedDetectives, 600);
    EXPECT_EQ(r["players"]["Detectives"]["stderr_tail"], "got:5\ngot:C\n");
    EXPECT_EQ(r["ending"], "forfeit");
    EXPECT_EQ(r["forfeited_by"], "Detectives");
    EXPECT_EQ(r["players"]["Detectives"]["verdict"], "time limit");
    EXPECT_EQ(r["score"], (Json{{"Fugitive", 20}, {"Detectives", 0}}));
}

TEST(FugitiveJudge, IllegalFugitiveMoveLoses0To20WithTheReason) {
    const std::string fugitive = "read r; read a; read b; read c; read d; echo 1; echo 'T 4'; cat > /dev/null";
    const Json r = judge(kMaps + "/example8.txt", fugitive, kScriptedDetectives);
    EXPECT_EQ(r["forfeited_by"], "Fugitive");
    EXPECT_EQ(r["score"], (Json{{"Fugitive", 0}, {"Detectives", 20}}));
    EXPECT_EQ(r["reason"], "Fugitive: illegal Fugitive move T 4 on turn 1: no T road from 1 to 4 (in the Fugitive's move of turn 1)");
    // The process behaved; its move did not: the verdict says so (it was "ok" with no message).
    EXPECT_EQ(r["players"]["Fugitive"]["verdict"], "illegal move");
    EXPECT_EQ(r["players"]["Fugitive"]["message"], r["reason"]);
    EXPECT_EQ(r["players"]["Detectives"]["verdict"], "ok");
}

TEST(FugitiveJudge, AGarbageLineLosesAtOnceInsteadOfWaitingForMoreTokens) {
    // Two tokens that can never be cities: the token-based reader used to wait for two more
    // and the program lost by "time limit" after its whole budget.
    Json r = judge(kMaps + "/example8.txt", bot(), "read r; echo 'xyzzy !!@@'; sleep 30", 3000);
    EXPECT_EQ(r["reason"], "Detectives: malformed output: expected a city number for the Detectives' placement, got 'xyzzy' in the line 'xyzzy !!@@'");
    EXPECT_EQ(r["players"]["Detectives"]["verdict"], "malformed output");
    EXPECT_LT(r["players"]["Detectives"]["thinking_ms"].get<double>(), 1500);
    // A long token is cut and shown escaped, like the line: it was cut at byte 60 as it came,
    // here inside the 'é' (0xc3 0xa9), which is not UTF-8 and cannot be written as JSON.
    r = judge(kMaps + "/example8.txt", bot(), "read r; echo '" + std::string(59, 'x') + "\xc3\xa9 2 3 4'; sleep 30", 3000);
    EXPECT_EQ(r["reason"], "Detectives: malformed output: expected a city number for the Detectives' placement, got '" + std::string(59, 'x') +
                               "\\xc3...' in the line '" + std::string(59, 'x') + "\\xc3...'");
    // A Fugitive move must start with its transport.
    r = judge(kMaps + "/example8.txt", "read r; read a; read b; read c; read d; echo 1; echo hello; sleep 30", kScriptedDetectives, 3000);
    EXPECT_EQ(r["reason"], "Fugitive: malformed output: expected a transport C, T or P for the Fugitive's move of turn 1, got 'hello' in the line 'hello'");
    EXPECT_EQ(r["players"]["Fugitive"]["verdict"], "malformed output");
    EXPECT_LT(r["players"]["Fugitive"]["thinking_ms"].get<double>(), 1500);
    // Token based still: a move over two lines is fine.
    r = judge(kMaps + "/example8.txt", "read r; read a; read b; read c; read d; echo 5; echo C; echo 8; cat > /dev/null", kScriptedDetectives, 600);
    EXPECT_EQ(r["forfeited_by"], "Detectives");  // the scripted Detectives never answer
    EXPECT_EQ(r["players"]["Fugitive"]["verdict"], "ok");
}

// A transport is one letter: "CC 5" is malformed output (it was read as a move and refused
// as an illegal one, with another verdict and reason).
TEST(FugitiveJudge, ATwoLetterTransportIsMalformedOutput) {
    const Json r = judge(kMaps + "/example8.txt", "read r; read a; read b; read c; read d; echo 1; echo 'CC 5'; sleep 30",
                         kScriptedDetectives, 3000);
    EXPECT_EQ(r["reason"], "Fugitive: malformed output: expected a transport C, T or P for the Fugitive's move of turn 1, got 'CC' in the line 'CC 5'");
    EXPECT_EQ(r["players"]["Fugitive"]["verdict"], "malformed output");
    EXPECT_EQ(r["score"], (Json{{"Fugitive", 0}, {"Detectives", 20}}));
}

TEST(FugitiveJudge, FugitiveStartingOnADetectiveLoses) {
    const std::string fugitive = "read r; read a; read b; read c; read d; echo 3; cat > /dev/null";
    const Json r = judge(kMaps + "/example8.txt", fugitive, kScriptedDetectives);
    EXPECT_EQ(r["reason"], "Fugitive: illegal placement: city 3 holds a Detective (in the Fugitive's placement)");
    EXPECT_EQ(r["score"]["Fugitive"], 0);
}

TEST(FugitiveJudge, IllegalDetectivesPlacementAndGarbageLose) {
    Json r = judge(kMaps + "/example8.txt", bot(), "read r; echo 1 1 2 3; cat > /dev/null");
    EXPECT_EQ(r["reason"], "Detectives: illegal placement: Detectives 1 and 2 both start on city 1 (in the Detectives' placement)");
    EXPECT_EQ(r["score"], (Json{{"Fugitive", 20}, {"Detectives", 0}}));
    r = judge(kMaps + "/example8.txt", bot(), "read r; echo a b c d; cat > /dev/null");
    EXPECT_EQ(r["reason"], "Detectives: malformed output: expected a city number for the Detectives' placement, got 'a' in the line 'a b c d'");
    EXPECT_EQ(r["players"]["Detectives"]["verdict"], "malformed output");
    r = judge(kMaps + "/example8.txt", bot(), "read r; echo 1 2 3 4 5; cat > /dev/null");
    EXPECT_EQ(r["reason"], "Detectives: malformed output: expected 4 token(s) for the Detectives' placement, got the line '1 2 3 4 5'");
    r = judge(kMaps + "/example8.txt", "read r; printf 'x\\001y\\n'; cat > /dev/null", kScriptedDetectives);
    EXPECT_EQ(r["players"]["Fugitive"]["verdict"], "garbage output");
    EXPECT_EQ(r["score"]["Fugitive"], 0);
}

TEST(FugitiveJudge, CrashHangAndEarlyExitLoseWithTheRunnerVerdict) {
    Json r = judge(kMaps + "/example8.txt", bot(), "read r; kill -SEGV $$");
    EXPECT_EQ(r["players"]["Detectives"]["verdict"], "crashed");
    EXPECT_EQ(r["score"]["Detectives"], 0);
    // Named as a program: it read "Detectives was killed by signal 11".
    EXPECT_EQ(r["reason"], "the Detectives' program was killed by signal 11 (SIGSEGV) before answering the Detectives' placement");

    r = judge(kMaps + "/example8.txt", "read r; sleep 30", bot(), 800);
    EXPECT_EQ(r["players"]["Fugitive"]["verdict"], "time limit");
    EXPECT_EQ(r["score"], (Json{{"Fugitive", 0}, {"Detectives", 20}}));
    EXPECT_LT(r["players"]["Fugitive"]["thinking_ms"].get<double>(), 2000);

    r = judge(kMaps + "/example8.txt", "read r; exit 0", bot());
    // It left before the Detectives' cities could be sent: the write fails (or it "exited").
    const std::string v = r["players"]["Fugitive"]["verdict"];
    EXPECT_TRUE(v == "write failed" || v == "exited") << v;
    EXPECT_EQ(r["forfeited_by"], "Fugitive");

    r = judge(kMaps + "/example8.txt", bot(), "/nonexistent/program");
    // The shell reports "not found" and exits: before or after the role line reaches it (a race
    // the runner cannot decide), so the verdict is either; the reason names the exit either way.
    const std::string d = r["players"]["Detectives"]["verdict"];
    EXPECT_TRUE(d == "exited" || d == "write failed") << d;
    const std::string reason = r["reason"];
    EXPECT_TRUE(reason.find("127") != std::string::npos || reason.find("closed its input") != std::string::npos) << reason;
    EXPECT_EQ(r["score"]["Detectives"], 0);
}

// Two programs that both fail score 0-0, every time: the 20 points went to whichever failure
// the judge met second (6 of 8 games to the Detectives with two commands that do not exist).
TEST(FugitiveJudge, BothProgramsFailingScoreNothing) {
    for (int run = 0; run < 4; ++run) {
        Json replay;
        Json r = judge(kMaps + "/example8.txt", "pursuit-no-such-fugitive", "pursuit-no-such-detectives", 5000, &replay);
        ASSERT_EQ(r["forfeited_by"], "both") << "run " << run << ": " << r.dump();
        EXPECT_EQ(r["score"], (Json{{"Fugitive", 0}, {"Detectives", 0}}));
        EXPECT_NE(r["players"]["Fugitive"]["verdict"], "ok") << r.dump();
        EXPECT_NE(r["players"]["Detectives"]["verdict"], "ok") << r.dump();
        const std::string reason = r["reason"];
        // Each program named once, as a program, the Fugitive's first ("Fugitive: cannot send ...
        // to the Fugitive's program" or "the Fugitive's program exited ...", which one is timing).
        EXPECT_EQ(reason.rfind("both programs failed: ", 0), 0u) << reason;
        const std::size_t detectives = reason.find("; ");
        EXPECT_NE(reason.find("the Fugitive's program"), std::string::npos) << reason;
        EXPECT_LT(reason.find("the Fugitive's program"), detectives) << reason;
        EXPECT_NE(reason.find("the Detectives' program", detectives), std::string::npos) << reason;
        EXPECT_NE(reason.find("127"), reason.rfind("127")) << "both exits named: " << reason;
        // The replay ends the same way when played again.
        EXPECT_EQ(pursuit::game_from_replay(replay)->result()["score"], r["score"]);
    }
}

// Runs a shell command; its stdout + stderr and exit status.
static std::pair<std::string, int> run(const std::string& cmd) {
    FILE* p = popen((cmd + " 2>&1 </dev/null").c_str(), "r");
    char buf[512];
    std::string out;
    while (fgets(buf, sizeof buf, p)) out += buf;
    const int status = pclose(p);
    return {out, WIFEXITED(status) ? WEXITSTATUS(status) : -1};
}

TEST(FugitivePrograms, ABadNumberInAnOptionIsNamed) {
    // They said "stoull" / "stoi" (and fugitive-maps ignored a flag without its value).
    auto r = run(kBin + "/fugitive-judge --map " + kMaps + "/example8.txt --fugitive true --detectives true --seed abc");
    EXPECT_EQ(r.second, 2);  // the command line (a broken map is 1)
    EXPECT_NE(r.first.find("option --seed: expected an integer"), std::string::npos) << r.first;
    EXPECT_NE(r.first.find("got 'abc'"), std::string::npos) << r.first;
    r = run(kBin + "/fugitive-bot --budget-ms 2s");
    EXPECT_EQ(r.second, 2);  // a bad option, as copsrobbers-bot and bank-bot (it said 1)
    EXPECT_NE(r.first.find("option --budget-ms: expected an integer 1..3600000, got '2s'"), std::string::npos) << r.first;
    r = run(kBin + "/fugitive-bot --bogus");
    EXPECT_EQ(r.second, 2);
    EXPECT_NE(r.first.find("unknown option --bogus"), std::string::npos) << r.first;
    r = run(kBin + "/fugitive-bot --strategy clever");
    EXPECT_EQ(r.second, 2);
    EXPECT_NE(r.first.find("fugitive-bot: option --strategy: unknown strategy 'clever' (expected random, greedy or strong)"),
              std::string::npos) << r.first;
    r = run(kBin + "/fugitive-maps generate --cities 500");
    EXPECT_EQ(r.second, 2);  // a bad option (it said 1, as for a broken map)
    EXPECT_NE(r.first.find("option --cities: expected an integer 5..200, got '500'"), std::string::npos) << r.first;
    r = run(kBin + "/fugitive-maps generate --cities");
    EXPECT_EQ(r.second, 2);
    EXPECT_NE(r.first.find("option --cities needs a value"), std::string::npos) << r.first;
}

TEST(FugitivePrograms, ArenaHasHelpAndRejectsBadArguments) {
    // --help used to be skipped (odd argument count) and 20 strong-vs-strong games ran, then the
    // summary printed argv[2] and argv[4] past the end of argv ("(null)", an environment string).
    auto r = run(kBin + "/fugitive-arena --help");
    EXPECT_EQ(r.second, 0);
    EXPECT_EQ(r.first.rfind("usage: fugitive-arena", 0), 0u) << r.first;
    r = run(kBin + "/fugitive-arena --games");
    EXPECT_EQ(r.second, 2);
    EXPECT_NE(r.first.find("option --games needs a value"), std::string::npos) << r.first;
    r = run(kBin + "/fugitive-arena --fugitive best");
    EXPECT_EQ(r.second, 2);
    EXPECT_NE(r.first.find("unknown strategy 'best'"), std::string::npos) << r.first;
    // The names printed are the strategies, whatever the order of the options.
    r = run(kBin + "/fugitive-arena --games 2 --cities-min 20 --cities-max 25 --detectives greedy --fugitive random");
    EXPECT_EQ(r.second, 0);
    EXPECT_EQ(r.first.rfind("fugitive random vs detectives greedy: ", 0), 0u) << r.first;
}

TEST(FugitiveJudge, BrokenMapIsReportedBeforeAnythingRuns) {
    const pursuit::test::ScratchDir scratch("fugitive-broken-map-");
    const std::string path = scratch.file("broken-connect.txt");
    std::ofstream(path) << "5\nC 1-2\nQ 2-3\nEND\n";
    const std::string cmd = kBin + "/fugitive-judge --map " + path + " --fugitive true --detectives true 2>&1";
    FILE* p = popen(cmd.c_str(), "r");
    char buf[512] = {0};
    std::string out;
    while (fgets(buf, sizeof buf, p)) out += buf;
    EXPECT_NE(pclose(p), 0);
    // Named by its file (it said "config.map line 3"), in single and series mode.
    EXPECT_NE(out.find(path + " line 3: unknown transport 'Q'"), std::string::npos) << out;
    const std::string series = kBin + "/fugitive-judge --series --a true --b true --maps " + kMaps + "/example8.txt " + path + " 2>&1";
    p = popen(series.c_str(), "r");
    out.clear();
    while (fgets(buf, sizeof buf, p)) out += buf;
    EXPECT_NE(pclose(p), 0);
    EXPECT_NE(out.find(path + " line 3: unknown transport 'Q'"), std::string::npos) << out;
    EXPECT_EQ(out.find("[1/"), std::string::npos) << "no game before the broken map is found: " << out;
}

TEST(FugitiveArena, OnlyPlaysOneGameOfTheSeriesAndCountsThatOne) {
    auto run = [](const std::string& args) {
        FILE* p = popen((kBin + "/fugitive-arena " + args + " 2>&1").c_str(), "r");
        char buf[512] = {0};
        std::string out;
        while (fgets(buf, sizeof buf, p)) out += buf;
        const int st = pclose(p);
        return std::pair<std::string, int>{out, WIFEXITED(st) ? WEXITSTATUS(st) : -1};
    };
    // A game past the series played nothing and printed "0/2 caught (0 %), mean score F 0.00 D 20.00".
    auto r = run("--only 5 --games 2");
    EXPECT_EQ(r.second, 2);
    EXPECT_EQ(r.first, "fugitive-arena: --only 5: the series has games 0..1 (--games 2)\n");
    // One game replayed was counted out of the whole series ("1/2 caught", means halved).
    r = run("--only 1 --games 2 --cities-min 20 --cities-max 30 --fugitive random --detectives random");
    EXPECT_EQ(r.second, 0);
    EXPECT_NE(r.first.find("/1 caught ("), std::string::npos) << r.first;
}

// --- the whole exchange, line by line ---------------------------------------------------
// Ring of 20 cities by car. The Detectives start on 3 12 13 14, the Fugitive on 1; on turn t
// the Fugitive takes "C 20" (t odd) or "C 1" (t even); the Detectives answer 2 13 14 15
// (t odd) or 3 12 13 14 (t even) on turns 1..49 and `last` 12 13 14 on turn 50. Detective 1
// is always next to the Fugitive, never on it, until turn 50: last = 1 catches it there
// (10-10: all ten announcements used), last = 3 lets it escape (20-0). Both programs log every
// line they read, then after their move of turn 50 one more read: "eof" or what came.
namespace {

std::string ring_map_file(const pursuit::test::ScratchDir& scratch) {
    const std::string path = scratch.file("ring20.txt");
    std::string text = "20\n";
    for (int i = 1; i <= 20; ++i) text += "C " + std::to_string(i) + "-" + std::to_string(i % 20 + 1) + "\n";
    std::ofstream(path) << text << "END\n";
    return path;
}

const std::string kAfterLastMove = "if read q; then echo \"after:$q\" >> $log; else echo eof >> $log; fi\n";

std::string ring_fugitive(const std::string& log) {
    return "log=" + quote(log) + "\nread r; echo \"$r\" > $log\nfor i in 1 2 3 4; do read c; echo \"$c\" >> $log; done\necho 1\n"
           "t=1\nwhile [ $t -le 50 ]; do\n"
           "  if [ $((t % 2)) -eq 1 ]; then echo 'C 20'; else echo 'C 1'; fi\n"
           "  if [ $t -lt 50 ]; then for i in 1 2 3 4; do read c; echo \"$c\" >> $log; done; fi\n"
           "  t=$((t + 1))\ndone\n" + kAfterLastMove;
}

std::string ring_detectives(const std::string& log, int last) {
    return "log=" + quote(log) + "\nread r; echo \"$r\" > $log\nprintf '3\\n12\\n13\\n14\\n'\nread s; echo \"$s\" >> $log\n"
           "t=1\nwhile [ $t -le 50 ]; do\n"
           "  read m; echo \"$m\" >> $log\n"
           "  if [ $t -eq 50 ]; then printf '" + std::to_string(last) + "\\n12\\n13\\n14\\n'\n"
           "  elif [ $((t % 2)) -eq 1 ]; then printf '2\\n13\\n14\\n15\\n'; else printf '3\\n12\\n13\\n14\\n'; fi\n"
           "  t=$((t + 1))\ndone\n" + kAfterLastMove;
}

// What the scripted Fugitive must read: its role, the placement, the Detectives' cities after
// turns 1..49 one per line (never those of turn 50).
std::string expected_fugitive_reads() {
    std::string s = "Fugitive\n3\n12\n13\n14\n";
    for (int t = 1; t <= 49; ++t) s += t % 2 ? "2\n13\n14\n15\n" : "3\n12\n13\n14\n";
    return s;
}

// What the scripted Detectives must read: the role, the Fugitive's start, then per turn the
// transport alone, or on turns 5, 10, ..., 50 the transport and the city.
std::string expected_detectives_reads() {
    std::string s = "Detectives\n1\n";
    for (int t = 1; t <= 50; ++t) s += t % 5 ? "C\n" : (t % 2 ? "C 20\n" : "C 1\n");
    return s;
}

}  // namespace

TEST(FugitiveJudge, EscapeAfterTurn50ExchangesExactlyTheContractLinesAndNoQuit) {
    const pursuit::test::ScratchDir scratch("fugitive-ring-");
    const std::string flog = scratch.file("fugitive.log"), dlog = scratch.file("detectives.log");
    const Json r = judge(ring_map_file(scratch), ring_fugitive(flog), ring_detectives(dlog, 3), pursuit::test::scaled(5000));
    EXPECT_EQ(r["ending"], "escaped") << r["reason"];
    EXPECT_EQ(r["score"], (Json{{"Fugitive", 20}, {"Detectives", 0}}));
    EXPECT_EQ(r["players"]["Fugitive"]["verdict"], "ok");
    EXPECT_EQ(r["players"]["Detectives"]["verdict"], "ok");
    // The game ended normally: nobody reads Quit; the Detectives' turn-50 move is not sent.
    EXPECT_EQ(slurp(flog), expected_fugitive_reads() + "eof\n");
    EXPECT_EQ(slurp(dlog), expected_detectives_reads() + "eof\n");
}

TEST(FugitiveJudge, CaptureByTheDetectivesMoveOfTurn50Is10To10AndEndsWithQuit) {
    const pursuit::test::ScratchDir scratch("fugitive-ring-");
    const std::string flog = scratch.file("fugitive.log"), dlog = scratch.file("detectives.log");
    const Json r = judge(ring_map_file(scratch), ring_fugitive(flog), ring_detectives(dlog, 1), pursuit::test::scaled(5000));
    EXPECT_EQ(r["ending"], "caught") << r["reason"];
    EXPECT_EQ(r["reason"], "Detective 1 caught the Fugitive at city 1 on turn 50");
    EXPECT_EQ(r["score"], (Json{{"Fugitive", 10}, {"Detectives", 10}}));
    EXPECT_EQ(r["announcements_used"], 10);
    EXPECT_EQ(r["players"]["Fugitive"]["verdict"], "ok");
    EXPECT_EQ(r["players"]["Detectives"]["verdict"], "ok");
    // The winner waits for Quit and gets it; the Fugitive never sees the capturing move.
    EXPECT_EQ(slurp(dlog), expected_detectives_reads() + "after:Quit\n");
    EXPECT_EQ(slurp(flog), expected_fugitive_reads() + "after:Quit\n");
}

// Decision of the contract: Detectives without a legal joint move have made an illegal move.
// Star map: 1, 2, 5, 6, 7 each joined by car to 3 and 4 only. The Detectives stand on 1 2 5 6;
// the Fugitive starts on 7 and takes C 3: every Detective's only cities are 3 and 4, so four
// cannot move apart. Both programs read Quit in place of their next line (the Detectives in
// place of the transport), 20-0 for the Fugitive.
TEST(FugitiveJudge, DetectivesWithNoJointMoveLoseAndBothReadQuit) {
    const pursuit::test::ScratchDir scratch("fugitive-star7-");
    const std::string map = scratch.file("star7.txt");
    std::ofstream(map) << "7\nC 1-3\nC 1-4\nC 2-3\nC 2-4\nC 5-3\nC 5-4\nC 6-3\nC 6-4\nC 7-3\nC 7-4\nEND\n";
    const std::string fugitive = "read r; read a; read b; read c; read d; echo 7; echo 'C 3'; read q; echo \"fugitive-got:$q\" >&2";
    const std::string detectives = "read r; printf '1\\n2\\n5\\n6\\n'; while read line; do echo \"got:$line\" >&2; done";
    const Json r = judge(map, fugitive, detectives);
    EXPECT_EQ(r["ending"], "forfeit");
    EXPECT_EQ(r["forfeited_by"], "Detectives");
    EXPECT_EQ(r["reason"], "the Detectives have no legal joint move on turn 1");
    EXPECT_EQ(r["score"], (Json{{"Fugitive", 20}, {"Detectives", 0}}));
    EXPECT_EQ(r["players"]["Detectives"]["stderr_tail"], "got:7\ngot:Quit\n");
    EXPECT_EQ(r["players"]["Fugitive"]["stderr_tail"], "fugitive-got:Quit\n");
}

// An illegal move by one side: the other side reads Quit in place of its next line too.
TEST(FugitiveJudge, AfterAnIllegalMoveTheOtherSideReadsQuit) {
    // The Fugitive's T 4 from 1 is illegal: the Detectives read Quit instead of a transport.
    Json r = judge(kMaps + "/example8.txt", "read r; read a; read b; read c; read d; echo 1; echo 'T 4'; cat > /dev/null",
                   kScriptedDetectives);
    EXPECT_EQ(r["forfeited_by"], "Fugitive");
    EXPECT_EQ(r["players"]["Detectives"]["stderr_tail"], "got:1\ngot:Quit\n");
    // The Detectives move 2 -> 4 (no road): the Fugitive reads Quit instead of their cities.
    const std::string fugitive = "read r; read a; read b; read c; read d; echo 5; echo 'C 8'; while read l; do echo \"f:$l\" >&2; done";
    r = judge(kMaps + "/example8.txt", fugitive, "read r; printf '2\\n3\\n6\\n7\\n'; read s; read t; printf '4\\n4\\n7\\n6\\n'; cat > /dev/null");
    EXPECT_EQ(r["forfeited_by"], "Detectives");
    EXPECT_EQ(r["reason"], "Detectives: illegal Detectives' move 4 4 7 6 on turn 1: Detective 1: no road from 2 to 4 (in the Detectives' move of turn 1)");
    EXPECT_EQ(r["players"]["Fugitive"]["stderr_tail"], "f:Quit\n");
    EXPECT_EQ(r["score"], (Json{{"Fugitive", 20}, {"Detectives", 0}}));
}

// Time: a total per program, charged only between the judge's line and the complete answer.
// With 1.2 s each, a Fugitive taking 0.5 s per answer spends 0.5 (start) + 0.5 (turn 1) and
// runs out during turn 2; the Detectives' 0.3 s per answer is not charged to it (if it were,
// 1.6 s would be gone by turn 1), and no single answer is limited on its own (0.5 s passes).
TEST(FugitiveJudge, TheTimeLimitIsATotalChargedOnlyWhileAProgramOwesAnAnswer) {
    const std::string fugitive =
        "read r; read a; read b; read c; read d; sleep 0.5; echo 1\n"
        "while true; do sleep 0.5; echo 'C 2'; read a; read b; read c; read d; sleep 0.5; echo 'C 1'; read a; read b; read c; read d; done";
    const std::string detectives =
        "read r; sleep 0.3; printf '11\\n12\\n13\\n14\\n'; read s\n"
        "while true; do read m; sleep 0.3; printf '12\\n13\\n14\\n15\\n'; read m; sleep 0.3; printf '11\\n12\\n13\\n14\\n'; done";
    const pursuit::test::ScratchDir scratch("fugitive-ring-");
    const Json r = judge(ring_map_file(scratch), fugitive, detectives, 1200);
    EXPECT_EQ(r["forfeited_by"], "Fugitive") << r["reason"];
    EXPECT_EQ(r["players"]["Fugitive"]["verdict"], "time limit");
    EXPECT_NE(r["reason"].get<std::string>().find("the Fugitive's move of turn 2"), std::string::npos) << r["reason"];
    EXPECT_EQ(r["players"]["Detectives"]["verdict"], "ok");
    EXPECT_EQ(r["score"], (Json{{"Fugitive", 0}, {"Detectives", 20}}));
    // Moves: the start city and turn 1 (the cut wait of turn 2 is thinking time, not a move; it
    // was counted as a third); all of the budget used.
    EXPECT_EQ(r["players"]["Fugitive"]["moves"], 2);
    EXPECT_GE(r["players"]["Fugitive"]["thinking_ms"].get<double>(), 1199);
    EXPECT_LT(r["players"]["Detectives"]["thinking_ms"].get<double>(), 1100);
}

TEST(FugitiveJudge, ASeriesCountsForfeitWinsAndGamesWithNoWinner) {
    // B won both games when A never ran, yet its rows read "wins 0 esc" / "0 cap"; and games that both
    // programs failed were counted only as forfeits, with no line saying no one won them.
    const std::string series = kBin + "/fugitive-judge --series --maps " + kMaps + "/example8.txt --a pursuit-no-such-a --b ";
    auto r = run(series + quote(bot("--strategy greedy")) + " 2>/dev/null");
    ASSERT_EQ(r.second, 0) << r.first;
    EXPECT_NE(r.first.find("B            Fugitive       1     1    0 esc      20.00        0"), std::string::npos) << r.first;
    EXPECT_NE(r.first.find("B            Detectives     1     1    0 cap      20.00        0"), std::string::npos) << r.first;
    EXPECT_EQ(r.first.find("no winner"), std::string::npos) << r.first;
    r = run(series + "pursuit-no-such-b 2>/dev/null");
    ASSERT_EQ(r.second, 0) << r.first;
    EXPECT_NE(r.first.find("\n2 of 2 games with no winner (both programs failed, 0-0)\n"), std::string::npos) << r.first;
    EXPECT_NE(r.first.find("B            Fugitive       1     0    0 esc       0.00        1"), std::string::npos) << r.first;
}

TEST(FugitiveJudge, ASilenceAfterPartOfAMoveNamesWhatCame) {
    // Detectives that wrote "1 2 3" and stopped: "no reply to the Detectives' placement", as if
    // nothing had come.
    Json r = judge(kMaps + "/example8.txt", bot(), "read r; echo '1 2 3'; sleep 30", 1500);
    EXPECT_EQ(r["forfeited_by"], "Detectives") << r.dump();
    EXPECT_NE(r["reason"].get<std::string>().find("(no reply to the Detectives' placement after '1 2 3', 3 of its 4 tokens)"),
              std::string::npos)
        << r["reason"];
}
