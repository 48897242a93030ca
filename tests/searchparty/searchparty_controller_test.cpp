// The controller against real processes: a scripted solver that logs what it receives and
// answers prepared move lines; its input and the controller's stderr are compared byte for
// byte with transcripts worked by hand from the original controller.py's behaviour.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "common/judge_io.h"
#include "common/json.h"
#include "searchparty/searchparty_game.h"
#include "../common/time_scale.h"
#include "../common/scratch_dir.h"

namespace {

const std::string kBin = PURSUIT_BIN_DIR;
const char* kExample1 = "6 5 0 0\n......\n......\n..S...\n......\n......\n";
const std::string kDashes = "----------------------------------------\n";

struct Outcome {
    int status = -1;
    std::string err, out, received;
};

// Runs the controller with a scripted solver answering `moves` (one per state block).
Outcome run_controller(const std::string& map, const std::string& moves, const std::string& extra_args = "",
                       const std::string& solver_override = "") {
    const pursuit::test::ScratchDir scratch("sp-ctl-");
    const std::string& dir = scratch.path();
    pursuit::write_file(dir + "/map.txt", map);
    pursuit::write_file(dir + "/moves.txt", moves);
    pursuit::write_file(dir + "/solver.sh",
                        "exec 3<\"$1/moves.txt\"\n"
                        "while IFS= read -r l; do printf '%s\\n' \"$l\" >> \"$1/received.txt\";\n"
                        "  case \"$l\" in ----*) IFS= read -r m <&3 || exit 0; printf '%s\\n' \"$m\";; esac; done\n");
    const std::string solver = solver_override.empty() ? "sh " + dir + "/solver.sh " + dir : solver_override;
    const std::string cmd = kBin + "/searchparty-controller " + extra_args + " " + dir + "/map.txt -- " + solver + " 2>" +
                            dir + "/err.txt >" + dir + "/out.txt";
    Outcome o;
    const int raw = std::system(cmd.c_str());
    o.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
    auto slurp = [&](const std::string& f) {
        std::ifstream in(dir + "/" + f);
        std::stringstream s;
        s << in.rdbuf();
        return s.str();
    };
    o.err = slurp("err.txt");
    o.out = slurp("out.txt");
    o.received = slurp("received.txt");
    return o;
}

// The state blocks of the statement's first example, worked by hand (S at x=2,y=2).
const std::string kTurn1 = "Turn 1\n@:2,2.\n.ooo..\nooooo.\nooooo.\nooooo.\n.ooo..\n" + kDashes;
const std::string kTurn2 = "Turn 2\n@:1,2.\noooo..\nooooo.\nooooo.\nooooo.\noooo..\n" + kDashes;
const std::string kTurn3 = "Turn 3\n@:2,2.\noooo..\nooooo.\nooooo.\nooooo.\noooo..\n" + kDashes;
const std::string kTurn4 = "Turn 4\n@:3,2.\nooooo.\noooooo\noooooo\noooooo\nooooo.\n" + kDashes;

// The last line of a batch-form solution (the final "T c e" line, with its newline).
std::string last_line(const std::string& text) { return text.substr(text.rfind('\n', text.size() - 2) + 1); }

struct Ran {
    int status = -1;  // -1: killed by a signal
    std::string out, err;
};

// Runs a shell command line, its stdout and stderr captured.
Ran run_cmd(const std::string& command) {
    const pursuit::test::ScratchDir scratch("sp-cmd-");
    const std::string& dir = scratch.path();
    const int raw = std::system((command + " >" + dir + "/out.txt 2>" + dir + "/err.txt").c_str());
    Ran r;
    r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
    r.out = pursuit::read_file(dir + "/out.txt");
    r.err = pursuit::read_file(dir + "/err.txt");
    return r;
}
}  // namespace

TEST(SearchPartyController, StatementExampleTranscript) {
    const Outcome o = run_controller(kExample1, "@4.\n@6.\n@6.\n@6.\n");
    EXPECT_EQ(o.status, 0);
    EXPECT_EQ(o.received, kTurn1 + kTurn2 + kTurn3 + kTurn4);
    EXPECT_EQ(o.err, "Finished in 4 turns\n4 0 0\n");
    EXPECT_EQ(o.out, "") << "the original writes nothing to stdout";
}

// The original's message byte for byte, then one line of ours naming the turn and the actor
// (the spec: "an error message naming the actor and the reason"); stdout stays empty and the
// summary keeps the original's words.
TEST(SearchPartyController, InvalidMovesEndTheRunWithTheOriginalMessages) {
    Outcome o = run_controller(kExample1, "@4.\n@4 A6.\n");
    EXPECT_EQ(o.status, 0);
    EXPECT_EQ(o.received, kTurn1 + kTurn2);
    EXPECT_EQ(o.err, "Invalid move of dead or nonexistent costar A\n"
                     "searchparty-controller: turn 2: costar A does not exist (the map has no costars)\n");
    EXPECT_EQ(o.out, "");
    o = run_controller(kExample1, "@4.\n@4.\n@4.\n");
    EXPECT_EQ(o.err, "Invalid move of [0, 2] in direction 4 onto # or off of the map\n"
                     "searchparty-controller: turn 3: @ moves 4 from 0,2 onto a wall or off the map\n");
    o = run_controller(kExample1, "@4 @6.\n");
    EXPECT_EQ(o.err, "Invalid movelist (moving someone more than once in a turn)\n"
                     "searchparty-controller: turn 1: @ is moved more than once in the line\n");
    o = run_controller(kExample1, "@4.\n@4.\n@4.\n", "--quiet --summary");
    EXPECT_EQ(o.err, "Invalid move of [0, 2] in direction 4 onto # or off of the map\n"
                     "searchparty-controller: turn 3: @ moves 4 from 0,2 onto a wall or off the map\n");
    EXPECT_EQ(pursuit::Json::parse(o.out)["error"], "Invalid move of [0, 2] in direction 4 onto # or off of the map");
    // Quirks: end dots stripped, '@44' is '@4', '1x' ignored, an empty line is a turn.
    o = run_controller(kExample1, "..@44 1x..\n\n@66\n.\n@6\n@6\n");
    EXPECT_EQ(o.err, "Finished in 6 turns\n6 0 0\n");
}

// The replay of a run that stopped before the end (a rule error, a time-out) records how it
// stopped; pursuit-tool check-replay says so instead of refusing it ("the result the replay
// records is not the one its moves give: summary: ...", exit 1).
TEST(SearchPartyController, AStoppedRunsReplayPassesCheckReplay) {
    const pursuit::test::ScratchDir scratch("sp-stopped-");
    const std::string replay = scratch.path() + "/r.json";
    for (const std::string& solver : {std::string(""), std::string("sleep 5")}) {
        const Outcome o = run_controller(kExample1, "@4.\n@4.\n@4.\n", "--time-limit 0.3 --replay " + replay, solver);
        ASSERT_TRUE(std::filesystem::exists(replay)) << o.err;
        const pursuit::Json recorded = pursuit::Json::parse(pursuit::read_file(replay))["result"];
        EXPECT_EQ(recorded["forfeit"], recorded["error"]) << recorded.dump();
        const std::string cmd = kBin + "/pursuit-tool check-replay " + replay + " >/dev/null 2>" + scratch.path() + "/check.txt";
        EXPECT_EQ(std::system(cmd.c_str()), 0) << pursuit::read_file(scratch.path() + "/check.txt");
        EXPECT_NE(pursuit::read_file(scratch.path() + "/check.txt").find("ended by a forfeit"), std::string::npos);
        std::filesystem::remove(replay);
    }
}

TEST(SearchPartyController, CoveredFromTheStartStillSendsTurnOne) {
    const Outcome o = run_controller("5 3 1 2\n.....\n..S..\n.....\n", "");
    EXPECT_EQ(o.status, 0);
    EXPECT_EQ(o.received, "Turn 1\n@:2,1 A:2,1 a:2,1 b:2,1.\nooooo\nooooo\nooooo\n" + kDashes);
    EXPECT_EQ(o.err, "Finished in 0 turns\n0 1 2\n");
}

// Our solver in the interactive form on such a map answers turn 1 (the reply is not used) and
// exits 0 without a word. Before, it answered, then tried to play the answer, wrote
// "searchparty-solver: the search is over" (after the controller's finish lines) and exited 1.
TEST(SearchPartyController, OurSolverOnAMapCoveredFromTheStartLeavesQuietly) {
    const pursuit::test::ScratchDir scratch("sp-covered-");
    const std::string& dir = scratch.path();
    pursuit::write_file(dir + "/block.txt", "Turn 1\n@:2,1 A:2,1 a:2,1 b:2,1.\nooooo\nooooo\nooooo\n" + kDashes);
    Ran r = run_cmd(kBin + "/searchparty-solver <" + dir + "/block.txt");
    EXPECT_EQ(r.status, 0);
    EXPECT_EQ(r.out, "@5 A5 a5 b5.\n");
    EXPECT_EQ(r.err, "");
    const Outcome o = run_controller("5 3 1 2\n.....\n..S..\n.....\n", "", "", kBin + "/searchparty-solver");
    EXPECT_EQ(o.status, 0);
    EXPECT_EQ(o.err, "Finished in 0 turns\n0 1 2\n");
    // The same when the answer is due before a plan could be ready: it answered with a turn where
    // nobody moves, played it on the finished search and exited 1, "the search is over".
    r = run_cmd(kBin + "/searchparty-solver --answer-ms 0.0001 <" + dir + "/block.txt");
    EXPECT_EQ(r.status, 0);
    EXPECT_EQ(r.out, "@5 A5 a5 b5.\n");
    EXPECT_EQ(r.err, "");
}

// The original controller keeps every line of the map file as a board row: a file that ends in
// a blank line gives a blank row before the dashes in every block. The solver refused such a
// block ("grid row 6 is a blank line") and exited 1, so the run was lost; it plays it now, and
// the MAP given with it is still recognised as the block's map (no "not the map" note).
TEST(SearchPartySolver, ABlankBoardRowFromTheOriginalControllerIsSkipped) {
    const pursuit::test::ScratchDir scratch("sp-blankrow-");
    const std::string& dir = scratch.path();
    pursuit::write_file(dir + "/map.txt", "6 5 0 0\n......\n......\n..S...\n......\n......\n\n");
    pursuit::write_file(dir + "/block.txt", "Turn 1\n@:2,2.\n.ooo..\nooooo.\nooooo.\nooooo.\n.ooo..\n\n" + kDashes);
    for (const std::string& map_arg : {std::string(), " " + dir + "/map.txt"}) {
        const Ran r = run_cmd(kBin + "/searchparty-solver" + map_arg + " <" + dir + "/block.txt");
        EXPECT_EQ(r.status, 0) << map_arg << r.err;
        EXPECT_EQ(r.out, "@4.\n") << map_arg;  // the statement's first move
        EXPECT_EQ(r.err, "") << map_arg;
    }
}

// A map path that is not UTF-8 (a file name in Latin-1) is played like any other; the summary
// and the replay name it with U+FFFD. Before, --summary aborted (status 134) after the finish
// lines and --replay wrote nothing (status 1): JSON cannot carry the byte and dump() threw.
TEST(SearchPartyController, AMapPathThatIsNotUtf8StillGetsItsSummaryAndReplay) {
    const pursuit::test::ScratchDir scratch("sp-latin1-");
    const std::string& dir = scratch.path();
    const std::string map = dir + "/caf\xe9.txt";
    pursuit::write_file(map, kExample1);
    const std::string cmd = kBin + "/searchparty-controller --summary --replay " + dir + "/r.json '" + map +
                            "' -- printf '@4.\\n@6.\\n@6.\\n@6.\\n' >" + dir + "/out.txt 2>" + dir + "/err.txt";
    const int raw = std::system(cmd.c_str());
    ASSERT_TRUE(WIFEXITED(raw));
    EXPECT_EQ(WEXITSTATUS(raw), 0) << pursuit::read_file(dir + "/err.txt");
    const pursuit::Json summary = pursuit::Json::parse(pursuit::read_file(dir + "/out.txt"));
    EXPECT_EQ(summary["turns"], 4);
    EXPECT_EQ(summary["map"], dir + "/caf\xef\xbf\xbd.txt");
    const pursuit::Json replay = pursuit::Json::parse(pursuit::read_file(dir + "/r.json"));
    EXPECT_EQ(replay["moves"].size(), 4u);
    EXPECT_EQ(replay["config"]["map_name"], dir + "/caf\xef\xbf\xbd.txt");
}

// `--replay map.txt map.txt` (a slip of the shell's history) replaced the map with the replay.
// It is refused before the solver starts, whatever the spelling of the same file.
TEST(SearchPartyController, AReplayOverTheMapFileIsRefused) {
    const pursuit::test::ScratchDir scratch("sp-overmap-");
    const std::string& dir = scratch.path();
    pursuit::write_file(dir + "/map.txt", kExample1);
    const std::string cmd = "cd " + dir + " && " + kBin + "/searchparty-controller --replay ./map.txt " + dir +
                            "/map.txt -- printf '@4.\\n' >out.txt 2>err.txt";
    const int raw = std::system(cmd.c_str());
    ASSERT_TRUE(WIFEXITED(raw));
    EXPECT_EQ(WEXITSTATUS(raw), 1);
    EXPECT_EQ(pursuit::read_file(dir + "/err.txt"), "searchparty-controller: cannot write ./map.txt: it is the map file (" + dir +
                                                        "/map.txt), which it would replace\n");
    EXPECT_EQ(pursuit::read_file(dir + "/map.txt"), kExample1) << "the map is left as it was";
}

// --summary prints its JSON line also when the run cannot start (a script reading one line per
// map read nothing for a bad map): the error in it, the unknown counts null, exit status 1.
TEST(SearchPartyController, ARunThatCannotStartStillPrintsItsSummary) {
    const Outcome o = run_controller("3 1 0 0\nS.x\n", "", "--summary", "true");
    EXPECT_EQ(o.status, 1);
    const pursuit::Json s = pursuit::Json::parse(o.out);
    EXPECT_EQ(s["finished"], false);
    EXPECT_TRUE(s["turns"].is_null());
    EXPECT_TRUE(s["costars"].is_null());
    const std::string error = s["error"].get<std::string>();
    EXPECT_NE(error.find("line 2: bad character 'x' at x=2"), std::string::npos) << error;
    EXPECT_EQ(o.err, "searchparty-controller: " + error + "\n");
}

TEST(SearchPartyController, DeathsShowInTheNextBlockAndTheFinalLine) {
    // A 1-row corridor: costar A walks 3 cells from the star and dies on turn 3.
    Outcome o = run_controller("9 1 1 0\nS........\n", "A6.\nA6.\nA6.\nA4.\n");
    EXPECT_EQ(o.received, "Turn 1\n@:0,0 A:0,0.\nooo......\n" + kDashes + "Turn 2\n@:0,0 A:1,0.\noooo.....\n" + kDashes +
                              "Turn 3\n@:0,0 A:2,0.\nooooo....\n" + kDashes + "Turn 4\n@:0,0.\noooooo...\n" + kDashes);
    EXPECT_EQ(o.err, "Invalid move of dead or nonexistent costar A\nsearchparty-controller: turn 4: costar A is dead and cannot move\n");
    // Dying on the finishing turn counts in the final line.
    o = run_controller("6 1 1 0\nS.....\n", "A6.\nA6.\nA6.\n");
    EXPECT_EQ(o.err, "Finished in 3 turns\n3 0 0\n");
}

TEST(SearchPartyController, SilentCrashingAndMissingSolversNeverHang) {
    Outcome o = run_controller(kExample1, "", "--time-limit 0.3", "sleep 30");
    EXPECT_EQ(o.status, 1);
    EXPECT_EQ(o.err.rfind("Solver failed (time limit): solver sent no reply within 0.300 s to turn 1", 0), 0u) << o.err;
    o = run_controller(kExample1, "", "", "sh -c 'exit 3'");
    EXPECT_EQ(o.status, 1);
    // Exited before answering, or already gone when the first block is written: both name status 3.
    EXPECT_EQ(o.err.rfind("Solver failed (", 0), 0u) << o.err;
    EXPECT_NE(o.err.find("status 3"), std::string::npos) << o.err;
    o = run_controller(kExample1, "", "", "sh -c 'kill -SEGV $$'");
    EXPECT_EQ(o.status, 1);
    EXPECT_EQ(o.err.rfind("Solver failed (", 0), 0u) << o.err;
    // The controller execs the solver's command (no shell left between them): the signal itself.
    EXPECT_NE(o.err.find("killed by signal 11 (SIGSEGV)"), std::string::npos) << o.err;
    o = run_controller("3 1 0 0\nS.x\n", "", "", "true");
    EXPECT_EQ(o.status, 1);
    EXPECT_NE(o.err.find("line 2: bad character 'x' at x=2"), std::string::npos) << o.err;
}

namespace {

// Our solver under the controller (`solver_flags` before MAP) against its batch form on the
// same map: the run's summary and replay, the batch text, and the checker's line for it.
struct BothForms {
    pursuit::Json summary, replay;
    std::string controller_err, batch;
    std::string check;
};
BothForms run_both_forms(const std::string& map, const std::string& solver_flags) {
    const pursuit::test::ScratchDir scratch("sp-solve-");
    const std::string& dir = scratch.path();
    // The first turn waits for the plan: the controller's 10 s per turn, scaled for sanitizers.
    const std::string limit = " --time-limit " + std::to_string(pursuit::test::scaled(10)) + " ";
    const std::string cmd = kBin + "/searchparty-controller --summary" + limit + "--replay " + dir + "/r.json " + map + " -- " + kBin +
                            "/searchparty-solver " + solver_flags + " " + map + " 2>" + dir + "/err.txt >" + dir + "/sum.txt && " +
                            kBin + "/searchparty-solver " + map + " >" + dir + "/batch.txt && " + kBin + "/searchparty-check " + map +
                            " " + dir + "/batch.txt >" + dir + "/check.txt 2>/dev/null";
    BothForms r;
    EXPECT_EQ(std::system(cmd.c_str()), 0) << cmd;
    r.controller_err = pursuit::read_file(dir + "/err.txt");
    r.batch = pursuit::read_file(dir + "/batch.txt");
    r.check = pursuit::read_file(dir + "/check.txt");
    r.summary = pursuit::Json::parse(pursuit::read_file(dir + "/sum.txt"));
    r.replay = pursuit::Json::parse(pursuit::read_file(dir + "/r.json"));
    // With --replay, one line after the finish lines says which file was written.
    const std::string wrote = "searchparty-controller: wrote " + dir + "/r.json\n";
    EXPECT_GE(r.controller_err.size(), wrote.size()) << r.controller_err;
    if (r.controller_err.size() >= wrote.size()) {
        EXPECT_EQ(r.controller_err.substr(r.controller_err.size() - wrote.size()), wrote) << r.controller_err;
        r.controller_err.resize(r.controller_err.size() - wrote.size());
    }
    return r;
}

// A move line's moves without its stays ("@5", also "@5."): the batch text and the
// controller's replay may list stays differently.
std::string without_stays(const std::string& line) {
    std::istringstream in(line);
    std::string out, tok;
    while (in >> tok) {
        if (tok.back() == '.') tok.pop_back();
        if (tok.size() >= 2 && tok[1] != '5') out += tok + " ";
    }
    return out;
}

// The turns at the start of a replay where nobody moves (the solver's answers while planning).
std::size_t leading_stays(const pursuit::Json& moves) {
    std::size_t n = 0;
    while (n < moves.size() && without_stays(moves[n].get<std::string>()).empty()) ++n;
    return n;
}

// The interactive form plays the batch form's plan move for move, after `stalls` turns where
// everyone stayed on S; its final line is the batch one's with the stalls added.
void expect_same_plan(const BothForms& r, std::size_t stalls) {
    const std::string last = last_line(r.batch);
    int turns = 0, costars = 0, extras = 0;
    ASSERT_EQ(std::sscanf(last.c_str(), "%d %d %d", &turns, &costars, &extras), 3) << last;
    const std::string expected_final = std::to_string(turns + static_cast<int>(stalls)) + " " + std::to_string(costars) + " " +
                                       std::to_string(extras) + "\n";
    EXPECT_EQ(r.controller_err, "Finished in " + std::to_string(turns + static_cast<int>(stalls)) + " turns\n" + expected_final);
    EXPECT_EQ(r.check, last);
    EXPECT_EQ(r.summary["finished"], true);
    EXPECT_EQ(r.replay["game"], "searchparty");
    const pursuit::Json& moves = r.replay["moves"];
    EXPECT_EQ(moves.size(), r.summary["turns"].get<std::size_t>());
    std::istringstream lines(r.batch);
    std::string line;
    std::size_t turn = stalls;
    for (; std::getline(lines, line) && line.back() == '.'; ++turn) {
        ASSERT_LT(turn, moves.size());
        EXPECT_EQ(without_stays(moves[turn].get<std::string>()), without_stays(line)) << "turn " << turn + 1;
    }
    EXPECT_EQ(turn, moves.size()) << "the replay has no moves after the plan's";
}

}  // namespace

TEST(SearchPartyController, OurSolverInteractiveAndBatchAgree) {
    const std::string map = std::string(PURSUIT_SHARED_DIR) + "/ref/searchparty/map2.txt";
    // By default the plan is ready within the first turn's 9 s on a quiet machine (map 2: about
    // 1 s); in a sanitizer build it may not be, and the stalls are counted.
    const BothForms r = run_both_forms(map, "");
    EXPECT_EQ(r.summary["costars"], 1);
    const std::size_t stalls = leading_stays(r.replay["moves"]);
    if (pursuit::test::kTimeScale == 1) {
        EXPECT_EQ(stalls, 0u);
    }
    expect_same_plan(r, stalls);
}

// While the plan is being made the solver answers each turn in time with a turn where nobody
// moves, then plays the whole plan: the same moves as the batch form, the turns lost added.
// (Before, the plan was cut to fit the first turn: map 5 on a slow machine ended at 275
// where the whole pipeline's plan ends at 246.)
TEST(SearchPartyController, WhileThePlanIsMadeOurSolverAnswersWithTurnsWhereNobodyMoves) {
    const std::string map = std::string(PURSUIT_SHARED_DIR) + "/ref/searchparty/map2.txt";
    // 20 ms a turn, map 2's pipeline takes 0.3-1.2 s in Release: tens of stalls.
    const BothForms r = run_both_forms(map, "--answer-ms 20");
    const std::size_t stalls = leading_stays(r.replay["moves"]);
    EXPECT_GE(stalls, 3u);
    ASSERT_GT(r.replay["moves"].size(), 0u);
    EXPECT_EQ(r.replay["moves"][0], "@5 A5 a5.") << "every living actor stays, listed";
    expect_same_plan(r, stalls);
}

// --plan-ms given bounds the batch form as it bounds the interactive one (a user whose machine
// is too slow for the whole pipeline in 10 s): 1 ms leaves the first variant alone, a valid plan
// with everyone alive but longer than the whole pipeline's. Before, the batch form ignored it.
TEST(SearchPartySolver, PlanMsBoundsTheBatchFormWhenGiven) {
    const std::string map = std::string(PURSUIT_SHARED_DIR) + "/ref/searchparty/map2.txt";
    const pursuit::test::ScratchDir scratch("sp-planms-");
    const std::string& dir = scratch.path();
    const std::string cmd = kBin + "/searchparty-solver --plan-ms 1 " + map + " >" + dir + "/bounded.txt && " + kBin +
                            "/searchparty-solver " + map + " >" + dir + "/whole.txt && " + kBin + "/searchparty-check " + map + " " +
                            dir + "/bounded.txt >" + dir + "/check.txt 2>/dev/null";
    ASSERT_EQ(std::system(cmd.c_str()), 0);
    const std::string bounded = last_line(pursuit::read_file(dir + "/bounded.txt"));
    EXPECT_EQ(pursuit::read_file(dir + "/check.txt"), bounded) << "the bounded plan is valid";
    int turns = 0, costars = 0, extras = 0, whole_turns = 0;
    ASSERT_EQ(std::sscanf(bounded.c_str(), "%d %d %d", &turns, &costars, &extras), 3) << bounded;
    ASSERT_EQ(std::sscanf(last_line(pursuit::read_file(dir + "/whole.txt")).c_str(), "%d", &whole_turns), 1);
    EXPECT_EQ(costars, 1);
    EXPECT_EQ(extras, 1);
    EXPECT_GT(turns, whole_turns) << "1 ms leaves the first variant only";
}

// --pipeline game plays the plans the game follows (the site's suggest_move levels, the solve
// tool's default pipeline), so scripts/levels.sh rates the site's levels: the native "best" was
// the whole pipeline, the site's "record" level (map 2: 38 turns where the site's best takes 47).
TEST(SearchPartySolver, PipelineGameIsTheSitesLevel) {
    const std::string map = std::string(PURSUIT_SHARED_DIR) + "/ref/searchparty/map2.txt";
    const pursuit::test::ScratchDir scratch("sp-pipeline-");
    const std::string& dir = scratch.path();
    const std::string cmd = kBin + "/searchparty-solver --pipeline game " + map + " >" + dir + "/game.txt && " + kBin +
                            "/searchparty-solver --pipeline game --level hard " + map + " >" + dir + "/hard.txt && " + kBin +
                            "/searchparty-solver " + map + " >" + dir + "/full.txt";
    ASSERT_EQ(std::system(cmd.c_str()), 0);
    const std::string text = pursuit::read_file(map);
    const auto site = [&](const char* level) {
        return pursuit::searchparty::searchparty_tool("solve", pursuit::Json{{"map", text}, {"level", level}})["batch"].get<std::string>();
    };
    EXPECT_EQ(pursuit::read_file(dir + "/game.txt"), site("best"));
    EXPECT_EQ(pursuit::read_file(dir + "/hard.txt"), site("hard"));
    EXPECT_NE(pursuit::read_file(dir + "/full.txt"), site("best")) << "the whole pipeline is the record level";
}

// The solver rebuilds the map from the first state block when it has no MAP argument: a block
// that is not a map (no rows, the star off the board or on a wall or past a short row) is
// refused with a message, not indexed out of bounds (fuzz findings, SIGFPE/SIGSEGV before).
TEST(SearchPartySolver, BadFirstStateBlocksAreRefusedWithAMessage) {
    struct Case {
        std::string block, message;
    };
    const Case cases[] = {
        {"Turn 1\n@:1,1 A:1,1.\n" + kDashes, "no board rows"},
        {"Turn 1\n@:9,1.\n...\n...\n" + kDashes, "the star's cell 9,1 is not an open cell"},
        {"Turn 1\n@:1,1 A:1,1.\n...\n.#.\n...\n" + kDashes, "the star's cell 1,1 is not an open cell"},
        {"Turn 1\n@:3,1.\n.....\n..\n.....\n" + kDashes, "the star's cell 3,1 is not an open cell"},
        {"Turn 1\nA:1,1.\n...\n...\n" + kDashes, "no star"},
        // The same reading of an actor as a later block's (these were taken: two costars A, a
        // star at 1,1 with "x" after it).
        {"Turn 1\n@:1,1 A:1,1 A:1,1.\n...\n...\n" + kDashes, "first state block: bad actor \"A:1,1\""},
        {"Turn 1\n@:1,1x.\n...\n...\n" + kDashes, "first state block: bad actor \"@:1,1x\""},
        {"Turn 1\n@:1,1 AB:1,1.\n...\n...\n" + kDashes, "first state block: bad actor \"AB:1,1\""},
        // Cut off before the dashes (it said "the star's cell 2,2 is not an open cell").
        {"Turn 1\n@:2,2.\n.ooo..\n", "first state block: the input ended after 1 board row, before the line of 40 '-' that ends the block"},
        // No first block at all: these ended with status 0 and no word.
        {"", "first state block: expected the line \"Turn 1\", got the end of the input"},
        {"hello\n", "first state block: expected the line \"Turn 1\", got 'hello'"},
        {"Turn 1\n", "first state block: the input ended after the line \"Turn 1\""},
    };
    for (const auto& c : cases) {
        const pursuit::test::ScratchDir scratch("sp-block-");
        const std::string& dir = scratch.path();
        pursuit::write_file(dir + "/in.txt", c.block);
        const int raw = std::system((kBin + "/searchparty-solver --interactive < " + dir + "/in.txt > " + dir +
                                     "/out.txt 2> " + dir + "/err.txt").c_str());
        const std::string err = pursuit::read_file(dir + "/err.txt");
        ASSERT_TRUE(WIFEXITED(raw)) << c.block;
        EXPECT_EQ(WEXITSTATUS(raw), 1) << c.block;
        EXPECT_NE(err.find(c.message), std::string::npos) << err;
    }
    // A good block without a MAP argument still plays (the map comes from the block).
    const pursuit::test::ScratchDir scratch("sp-block-");
    const std::string& dir = scratch.path();
    pursuit::write_file(dir + "/in.txt", "Turn 1\n@:1,1 A:1,1.\n.....\n.....\n.....\n" + kDashes);
    const int raw = std::system((kBin + "/searchparty-solver --interactive < " + dir + "/in.txt > " + dir + "/out.txt").c_str());
    const std::string out = pursuit::read_file(dir + "/out.txt");
    EXPECT_EQ(WEXITSTATUS(raw), 0);
    EXPECT_EQ(out.rfind("@", 0), 0u) << out;  // a move line for the cast of the block
    EXPECT_NE(out.find('A'), std::string::npos) << out;
    // A first block from a later turn, costar B dead: the cast is A, B and C, B not moved
    // (C was "bad actor": the cast was counted as two costars, A and B).
    pursuit::write_file(dir + "/in.txt", "Turn 3\n@:1,1 A:2,1 C:1,2.\n.....\n.ooo.\n.....\n" + kDashes);
    const Ran later = run_cmd(kBin + "/searchparty-solver --interactive < " + dir + "/in.txt");
    EXPECT_EQ(later.status, 0) << later.err;
    EXPECT_EQ(later.out.rfind("@", 0), 0u) << later.out;
    EXPECT_NE(later.out.find('C'), std::string::npos) << later.out;
    EXPECT_EQ(later.out.find('B'), std::string::npos) << later.out;
    // A later block cut off: the controller went; the solver leaves quietly, with no more moves.
    pursuit::write_file(dir + "/in.txt", kTurn1 + "Turn 2\n@:1,2.\noooo..\n");
    const Ran cut = run_cmd(kBin + "/searchparty-solver < " + dir + "/in.txt");
    EXPECT_EQ(cut.status, 0);
    EXPECT_EQ(cut.out, "@4.\n");
    EXPECT_EQ(cut.err, "");
}

// A later block that is not where the solver's own record of the game is (another controller,
// another rule): the policy steers from the block's state. It stepped its own record, and sent
// the star at 0,0 west, off the board (@4 again).
TEST(SearchPartySolver, ALaterBlockThatDiffersFromThePlanIsPlayedFromTheBlock) {
    const pursuit::test::ScratchDir scratch("sp-differs-");
    const std::string& dir = scratch.path();
    const std::string turn1 = "Turn 1\n@:6,0.\n....ooooo....\n" + kDashes;
    pursuit::write_file(dir + "/in.txt", turn1 + "Turn 2\n@:0,0.\nooo.ooooo....\n" + kDashes);
    const Ran ran = run_cmd(kBin + "/searchparty-solver --interactive < " + dir + "/in.txt");
    EXPECT_EQ(ran.status, 0);
    EXPECT_EQ(ran.out, "@4.\n@6.\n");
    EXPECT_EQ(ran.err, "searchparty-solver: the state block of \"Turn 2\" differs from the plan; continuing with the policy from the block's state\n");
    // A block that cannot be this map's state is named.
    pursuit::write_file(dir + "/in.txt", turn1 + "Turn 2\n@:0,0 Q:1,0.\nooo.ooooo....\n" + kDashes);
    Ran bad = run_cmd(kBin + "/searchparty-solver --interactive < " + dir + "/in.txt");
    EXPECT_EQ(bad.status, 1);
    EXPECT_NE(bad.err.find("searchparty-solver: the state block of \"Turn 2\": bad actor \"Q:1,0\" (expected NAME:x,y on an open cell, NAME one of the map's cast, once)"), std::string::npos) << bad.err;
    for (const char* actors : {"@:0,0 @:1,0.", "@:99999999999,0.", "@:-4294967296,0."}) {  // twice; a number past int (sscanf's undefined overflow)
        pursuit::write_file(dir + "/in.txt", turn1 + "Turn 2\n" + actors + "\nooo.ooooo....\n" + kDashes);
        bad = run_cmd(kBin + "/searchparty-solver --interactive < " + dir + "/in.txt");
        EXPECT_EQ(bad.status, 1) << actors;
        EXPECT_NE(bad.err.find(": bad actor"), std::string::npos) << bad.err;
    }
    pursuit::write_file(dir + "/in.txt", turn1 + "Turn 2\n@:0,0.\nooo.ooooo...\n" + kDashes);
    bad = run_cmd(kBin + "/searchparty-solver --interactive < " + dir + "/in.txt");
    EXPECT_EQ(bad.status, 1);
    EXPECT_NE(bad.err.find("the state block of \"Turn 2\": board row 1 has 12 characters, expected 13"), std::string::npos) << bad.err;
}

// `--tries N` without a budget runs exactly N tries after the deterministic plan, so two runs
// print the same solution, which the checker accepts and which ends no later than the plan
// without tries; the interactive form under the controller plays to the same final line; a
// count or seed that is not a number is refused, naming the option (exit 2).
TEST(SearchPartySolver, TriesFlagGivesTheSameCheckedSolutionTwice) {
    const std::string map = std::string(PURSUIT_SHARED_DIR) + "/ref/searchparty/map2.txt";
    const pursuit::test::ScratchDir scratch("sp-tries-");
    const std::string& dir = scratch.path();
    const std::string solver = kBin + "/searchparty-solver ";
    const std::string cmd = solver + "--tries 3 " + map + " >" + dir + "/a.txt && " + solver + "--tries 3 " + map + " >" + dir +
                            "/b.txt && " + solver + map + " >" + dir + "/plain.txt && " + kBin + "/searchparty-check " + map + " " +
                            dir + "/a.txt >" + dir + "/check.txt 2>/dev/null";
    ASSERT_EQ(std::system(cmd.c_str()), 0);
    const std::string a = pursuit::read_file(dir + "/a.txt"), plain = pursuit::read_file(dir + "/plain.txt");
    EXPECT_EQ(a, pursuit::read_file(dir + "/b.txt"));
    EXPECT_EQ(pursuit::read_file(dir + "/check.txt"), last_line(a));
    EXPECT_LE(std::stoi(last_line(a)), std::stoi(last_line(plain)));
    const std::string limit = " --time-limit " + std::to_string(pursuit::test::scaled(30)) + " ";
    ASSERT_EQ(std::system((kBin + "/searchparty-controller" + limit + map + " -- " + solver + "--tries 3 --answer-ms 0 " + map + " 2>" + dir +
                           "/controller.txt >/dev/null").c_str()),
              0);
    const std::string controller = pursuit::read_file(dir + "/controller.txt");
    EXPECT_EQ(controller.substr(controller.find('\n') + 1), last_line(a)) << controller;
    for (const std::string bad : {"--tries many", "--seed abc", "--budget-ms -5", "--answer-ms soon"}) {
        const int raw = std::system((solver + bad + " " + map + " >/dev/null 2>" + dir + "/err.txt").c_str());
        const std::string err = pursuit::read_file(dir + "/err.txt");
        ASSERT_TRUE(WIFEXITED(raw)) << bad;
        EXPECT_EQ(WEXITSTATUS(raw), 2) << bad;
        EXPECT_EQ(err.rfind("searchparty-solver: option " + bad.substr(0, bad.find(' ')) + ": expected", 0), 0u) << err;
    }
}

TEST(SearchPartyController, ABadTimeLimitIsAUsageError) {
    // atof took "abc" as 0 = no limit at all.
    const Outcome o = run_controller(kExample1, "@5.\n", "--time-limit abc");
    EXPECT_EQ(o.status, 2);
    EXPECT_NE(o.err.find("option --time-limit: expected a number 0..1e+06, got 'abc'"), std::string::npos) << o.err;
    EXPECT_EQ(o.received, "");  // the solver never ran
}

// "Finished in 1 turns" (always "turns"), and the original's command form without "--":
// `controller MAP SOLVER ARGS...`, where everything after MAP belongs to the solver, also
// words that look like options. In "4 1 0 0 / S..." the view from S covers x = 0..2; the star
// stepping right sees x = 3: finished after one move line.
TEST(SearchPartyController, OriginalCommandFormAndOneTurn) {
    const pursuit::test::ScratchDir scratch("sp-form-");
    const std::string& dir = scratch.path();
    pursuit::write_file(dir + "/map.txt", "4 1 0 0\nS...\n");
    // The solver checks it got "--quiet" as its own argument, then answers the one block.
    pursuit::write_file(dir + "/solver.sh",
                        "[ \"$1\" = --quiet ] || exit 7\n"
                        "while IFS= read -r l; do printf '%s\\n' \"$l\" >> \"$2/received.txt\";\n"
                        "  case \"$l\" in ----*) echo '@6.';; esac; done\n");
    const int raw = std::system((kBin + "/searchparty-controller " + dir + "/map.txt sh " + dir + "/solver.sh --quiet " + dir +
                                 " 2>" + dir + "/err.txt >" + dir + "/out.txt").c_str());
    EXPECT_EQ(WEXITSTATUS(raw), 0);
    EXPECT_EQ(pursuit::read_file(dir + "/err.txt"), "Finished in 1 turns\n1 0 0\n");
    EXPECT_EQ(pursuit::read_file(dir + "/out.txt"), "");
    EXPECT_EQ(pursuit::read_file(dir + "/received.txt"), "Turn 1\n@:0,0.\nooo.\n" + kDashes);
}

// A wrapper that starts the real solver in the background and exits leaves the solver's input
// and output open: the original reads on and plays it. Ours failed it 200 ms after the
// wrapper's exit ("a process it started keeps its output open"), however long the turn's limit.
// Now that process has the turn's limit; one that never answers is a time limit naming it.
TEST(SearchPartyController, ASolverStartedInTheBackgroundByAWrapperIsPlayed) {
    const pursuit::test::ScratchDir scratch("sp-bg-");
    const std::string& dir = scratch.path();
    pursuit::write_file(dir + "/moves.txt", "@4.\n@6.\n@6.\n@6.\n");
    // (sh gives a background job /dev/null for its input, unless it is given one: fd 3)
    pursuit::write_file(dir + "/late.sh", "exec 3<&0\n(sleep 0.6; n=0; while IFS= read -r l; do case \"$l\" in ----*) n=$((n+1)); sed -n \"${n}p\" " + dir +
                                              "/moves.txt;; esac; done) <&3 &\nexit 0\n");
    const Outcome o = run_controller(kExample1, "", "--time-limit 3", "sh " + dir + "/late.sh");
    EXPECT_EQ(o.status, 0) << o.err;
    EXPECT_EQ(o.err, "Finished in 4 turns\n4 0 0\n");
    pursuit::write_file(dir + "/never.sh", "sleep 30 &\nexit 0\n");
    const Outcome silent = run_controller(kExample1, "", "--time-limit 1", "sh " + dir + "/never.sh");
    EXPECT_EQ(silent.status, 1);
    EXPECT_EQ(silent.err, "Solver failed (time limit): solver sent no reply within 1.000 s to turn 1 (it exited with status 0, a process it started kept its output open)\n");
}

TEST(SearchPartyController, AnUnfinishedLastLineIsPlayedAsTheOriginalDoes) {
    // The original reads with Python's readline(), which returns a last line without its
    // newline: '@6.' then exit is the finishing move (x = 1 sees x = 3), not a failure.
    const Outcome o = run_controller("4 1 0 0\nS...\n", "", "", "sh -c \"read l; read l; read l; read l; printf '@6.'\"");
    EXPECT_EQ(o.status, 0) << o.err;
    EXPECT_EQ(o.err, "Finished in 1 turns\n1 0 0\n");
    // Not finishing: the unfinished line is played, then the end of output is the failure.
    const Outcome short_of = run_controller("6 1 0 0\nS.....\n", "", "", "sh -c \"read l; read l; read l; read l; printf '@6.'\"");
    EXPECT_EQ(short_of.status, 1);
    // (the state block of turn 2 may or may not get into the pipe before the exit is seen)
    EXPECT_EQ(short_of.err.rfind("Solver failed (", 0), 0u) << short_of.err;
    EXPECT_NE(short_of.err.find("exited with status 0"), std::string::npos) << short_of.err;
    EXPECT_EQ(short_of.err.find("unfinished"), std::string::npos) << short_of.err;
}

// Found by an audit of the native tools (issue 5). The original lets its solver write to the
// terminal; ours kept the solver's stderr for failure reports only, so a solver's debug lines
// vanished from a good run.
TEST(SearchPartyController, TheSolversStderrComesThroughAsTheOriginalsDoes) {
    const pursuit::test::ScratchDir scratch("sp-stderr-");
    const std::string& dir = scratch.path();
    // The solver plays '@4.' '@6.' '@6.' and then $2, writing printf "$1" TURN to its stderr before each move.
    pursuit::write_file(dir + "/talks.sh",
                        "n=0; for m in '@4.' '@6.' '@6.' \"$2\"; do\n"
                        "  while IFS= read -r l; do case \"$l\" in ----*) break;; esac; done\n"
                        "  n=$((n+1)); printf \"$1\" $n >&2; echo \"$m\"; done\n");
    const auto talking = [&](const std::string& format, const std::string& last) {
        return run_controller(kExample1, "", "", "sh " + dir + "/talks.sh '" + format + "' " + last);
    };
    const Outcome o = talking("debug turn %s\\n", "@6.");
    EXPECT_EQ(o.status, 0) << o.err;
    EXPECT_EQ(o.err, "debug turn 1\ndebug turn 2\ndebug turn 3\ndebug turn 4\nFinished in 4 turns\n4 0 0\n");
    // A last stderr line left open is ended before the controller's own: the original printed
    // "log 4 Finished in 4 turns" on one line, which a script looking for a line "Finished in" misses.
    // The same before an error line.
    const Outcome open_line = talking("log %s ", "@6.");
    EXPECT_EQ(open_line.status, 0) << open_line.err;
    EXPECT_EQ(open_line.err, "log 1 log 2 log 3 log 4 \nFinished in 4 turns\n4 0 0\n");
    const Outcome open_error = talking("log %s ", "A6.");
    EXPECT_EQ(open_error.status, 0) << open_error.err;
    EXPECT_EQ(open_error.err.rfind("log 1 log 2 log 3 log 4 \nInvalid move of dead or nonexistent costar A\n", 0), 0u) << open_error.err;
}

// A 256x256 state block (66 KiB) is more than a pipe holds: a solver that loads for 2.5 s
// before it reads was cut off after 2 s ("it does not read its input"), whatever --time-limit
// said. And a solver that never ends the search ran until the 64 MiB output limit (33 M
// turns): --max-turns ends it with a verdict that says so, and the replay is written.
TEST(SearchPartyController, ASlowStartOnABigMapHasTheTurnsTimeAndATurnLimitEndsAnEndlessRun) {
    const pursuit::test::ScratchDir scratch("sp-big-");
    const std::string& dir = scratch.path();
    std::string map = "256 256 0 0\nS" + std::string(255, '.') + "\n";
    for (int y = 1; y < 256; ++y) map += std::string(256, '.') + "\n";
    pursuit::write_file(dir + "/stays.sh",
                        "sleep 2.5; while IFS= read -r l; do case \"$l\" in ----*) echo '@5.';; esac; done\n");
    const Outcome o = run_controller(map, "", "--time-limit 10 --max-turns 3 --replay " + dir + "/r.json", "sh " + dir + "/stays.sh");
    EXPECT_EQ(o.status, 1);
    EXPECT_EQ(o.err.rfind("Solver failed (turn limit): the search is not over after 3 turns (--max-turns)\n", 0), 0u) << o.err;
    const std::string replay = pursuit::read_file(dir + "/r.json");
    EXPECT_NE(replay.find("\"turns\": 3"), std::string::npos) << replay.substr(replay.find("\"result\""));
}

// A solver that answers "." forever (or walks to and fro) ran to --max-turns, a million turns:
// about 25 minutes on a 256x256 map. The run now ends after the map's open cells + 1000 turns in
// a row without a new cell (longer than any walk to an unsearched cell), or --idle-turns N; the
// replay is written; --idle-turns 0 is no such limit. On example1 (30 open cells, 9 unseen from
// S) the default is 1030. Under the default, turns before anyone has moved count only after the
// first minute: a solver that stalls while it plans (ours, one turn per --answer-ms) is not cut.
TEST(SearchPartyController, ASolverThatSearchesNothingIsEndedByTheIdleLimit) {
    const pursuit::test::ScratchDir scratch("sp-idle-");
    const std::string& dir = scratch.path();
    // Walking to and fro: a new cell at turn 1 (@6 shows column 5), then none.
    pursuit::write_file(dir + "/toandfro.sh",
                        "n=0; while IFS= read -r l; do case \"$l\" in ----*) n=$((n+1)); if [ $((n % 2)) = 1 ]; then echo @6.; else echo @4.; fi;; esac; done\n");
    Outcome o = run_controller(kExample1, "", "--replay " + dir + "/r.json", "sh " + dir + "/toandfro.sh");
    EXPECT_EQ(o.status, 1);
    EXPECT_EQ(o.err.rfind("Solver failed (idle): no new cell searched in the last 1030 turns (turn 1031, 4 cells left; --idle-turns)\n", 0), 0u) << o.err;
    EXPECT_EQ(pursuit::Json::parse(pursuit::read_file(dir + "/r.json"))["result"]["turns"], 1031);
    o = run_controller(kExample1, "", "--idle-turns 4", "sh " + dir + "/toandfro.sh");
    EXPECT_EQ(o.status, 1);
    EXPECT_EQ(o.err.rfind("Solver failed (idle): no new cell searched in the last 4 turns (turn 5, 4 cells left; --idle-turns)\n", 0), 0u) << o.err;
    // Stalling on S for 1100 turns, then the statement's four moves: finished under the default
    // (the opening grace); an explicit --idle-turns 1030 counts the stalls.
    pursuit::write_file(dir + "/stalls.sh",
                        "n=0; while IFS= read -r l; do case \"$l\" in ----*) n=$((n+1)); case $((n - 1100)) in 1) echo @4.;; 2|3|4) echo @6.;; *) echo .;; esac;; esac; done\n");
    o = run_controller(kExample1, "", "", "sh " + dir + "/stalls.sh");
    EXPECT_EQ(o.status, 0) << o.err;
    EXPECT_EQ(o.err, "Finished in 1104 turns\n1104 0 0\n");
    o = run_controller(kExample1, "", "--idle-turns 1030", "sh " + dir + "/stalls.sh");
    EXPECT_EQ(o.status, 1);
    EXPECT_EQ(o.err.rfind("Solver failed (idle): no new cell searched in the last 1030 turns (turn 1030, 9 cells left; --idle-turns)\n", 0), 0u) << o.err;
    pursuit::write_file(dir + "/dots.sh", "while IFS= read -r l; do case \"$l\" in ----*) echo .;; esac; done\n");
    // No idle limit: the turn limit ends it.
    o = run_controller(kExample1, "", "--idle-turns 0 --max-turns 1500", "sh " + dir + "/dots.sh");
    EXPECT_EQ(o.err.rfind("Solver failed (turn limit): the search is not over after 1500 turns (--max-turns)\n", 0), 0u) << o.err;
    // One that answers "." at once, fast (python, not sh): the opening grace ends at 60000 turns,
    // then 1030 idle turns (it ran to --max-turns, a million turns in 28 s).
    pursuit::write_file(dir + "/dots.py",
                        "import sys\nfor l in sys.stdin:\n    if l.startswith('----'):\n        sys.stdout.write('.\\n'); sys.stdout.flush()\n");
    o = run_controller(kExample1, "", "", "python3 " + dir + "/dots.py");
    EXPECT_EQ(o.err.rfind("Solver failed (idle): no new cell searched in the last 1030 turns (turn 61030, 9 cells left; --idle-turns)\n", 0), 0u) << o.err;
    // A solver that searches on is not stopped: the statement's four moves (turn 2 finds nothing).
    o = run_controller(kExample1, "@4.\n@6.\n@6.\n@6.\n", "--idle-turns 2");
    EXPECT_EQ(o.status, 0);
    EXPECT_EQ(o.err, "Finished in 4 turns\n4 0 0\n");
}

// A solver that closes its output and goes on running: the shell the command ran under kept
// the pipe open, so the turn timed out, and with --time-limit 0 the run never ended.
TEST(SearchPartyController, ASolverThatClosesItsOutputIsSeenAtOnce) {
    const Outcome o = run_controller(kExample1, "", "--time-limit 0", "sh -c 'exec 1>&-; sleep 20'");
    EXPECT_EQ(o.status, 1);
    EXPECT_EQ(o.err.rfind("Solver failed (exited): solver closed its output before answering turn 1", 0), 0u) << o.err;
}

// Ctrl-C (or a kill) while the solver thinks: the controller died by the signal and left no
// replay and no summary. Now the solver's group is killed, the turns played are kept, and the
// status is 128 + the signal.
TEST(SearchPartyController, AnInterruptedRunStillWritesItsReplayAndSummary) {
    const pursuit::test::ScratchDir scratch("sp-int-");
    const std::string& dir = scratch.path();
    pursuit::write_file(dir + "/map.txt", "12 3 0 0\n............\n.S..........\n............\n");
    // The solver plays turn 1 (@6), then sleeps in turn 2 (its block is 5 lines).
    const std::string solver = "sh -c 'for i in 1 2 3 4 5; do read l; done; echo @6.; sleep 60'";
    for (const auto& [sig, status, name] : std::vector<std::tuple<std::string, int, std::string>>{
             {"INT", 130, "SIGINT (Ctrl-C)"}, {"TERM", 143, "SIGTERM"}}) {
        const std::string replay = dir + "/" + sig + ".json";
        const std::string script = kBin + "/searchparty-controller --summary --replay " + replay + " " + dir + "/map.txt -- " + solver +
                                   " >" + dir + "/out.txt 2>" + dir + "/err.txt & pid=$!; sleep 1; kill -" + sig +
                                   " $pid; wait $pid; echo $? >" + dir + "/status.txt";
        pursuit::write_file(dir + "/run.sh", script + "\n");
        const auto started = std::chrono::steady_clock::now();
        std::system(("sh " + dir + "/run.sh").c_str());
        EXPECT_LT(std::chrono::steady_clock::now() - started, std::chrono::seconds(30)) << sig << ": the sleeping solver was not killed";
        EXPECT_EQ(pursuit::read_file(dir + "/status.txt"), std::to_string(status) + "\n") << sig;
        const std::string said = "Interrupted by " + name + " during turn 2: the run ends here";
        EXPECT_NE(pursuit::read_file(dir + "/err.txt").find(said + "\nsearchparty-controller: wrote " + replay), std::string::npos)
            << pursuit::read_file(dir + "/err.txt");
        const pursuit::Json r = pursuit::Json::parse(pursuit::read_file(replay));
        EXPECT_EQ(r["moves"], pursuit::Json::array({"@6."})) << sig;
        EXPECT_EQ(r["result"]["error"], said);
        EXPECT_EQ(r["result"]["turns"], 1);
        const pursuit::Json summary = pursuit::Json::parse(pursuit::read_file(dir + "/out.txt"));
        EXPECT_EQ(summary["error"], said);
        EXPECT_EQ(summary["finished"], false);
    }
}

// searchparty-check --replay: the lines it played as a replay, to open in the page. A true
// solution gives the controller's replay of the same moves (a blank line after the finishing
// move is never read, by either); a refused one stops before the refused line and is recorded
// as a forfeit with the checker's words; the FILE is checked before the solution is read.
TEST(SearchPartyCheck, ItsReplayHoldsTheLinesItPlayed) {
    const pursuit::test::ScratchDir scratch("sp-check-replay-");
    const std::string& dir = scratch.path();
    pursuit::write_file(dir + "/map.txt", kExample1);
    pursuit::write_file(dir + "/good.txt", "@4.\n@6\n@66.\n@6.\n\n4 0 0\n");
    Ran r = run_cmd(kBin + "/searchparty-check --replay " + dir + "/good.json " + dir + "/map.txt " + dir + "/good.txt");
    EXPECT_EQ(r.status, 0);
    EXPECT_EQ(r.out, "4 0 0\n");
    EXPECT_EQ(r.err, "valid: ok\nsearchparty-check: wrote " + dir + "/good.json\n");
    const Outcome o = run_controller(kExample1, "@4.\n@6\n@66.\n@6.\n", "--replay " + dir + "/controller.json");
    ASSERT_EQ(o.status, 0) << o.err;
    pursuit::Json mine = pursuit::Json::parse(pursuit::read_file(dir + "/good.json"));
    pursuit::Json theirs = pursuit::Json::parse(pursuit::read_file(dir + "/controller.json"));
    EXPECT_EQ(mine["moves"], pursuit::Json::parse(R"(["@4.", "@6", "@66.", "@6."])"));
    EXPECT_EQ(mine["moves"], theirs["moves"]);
    EXPECT_EQ(mine["result"], theirs["result"]);
    EXPECT_EQ(mine["config"]["map"], kExample1);
    r = run_cmd(kBin + "/pursuit-tool check-replay " + dir + "/good.json");
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(pursuit::Json::parse(r.out)["turns"], 4);

    // Refused at line 3 (the star walks off the map), read from stdin, --replay after the files.
    r = run_cmd("printf '@4.\\n@4.\\n@4.\\n3 0 0\\n' | " + kBin + "/searchparty-check " + dir + "/map.txt - --replay " + dir + "/bad.json");
    EXPECT_EQ(r.status, 1);
    EXPECT_EQ(r.out, "2 0 0\n");
    const std::string refused = "solution line 3: Invalid move of [0, 2] in direction 4 onto # or off of the map (turn 3: @ moves 4 from 0,2 "
                                "onto a wall or off the map)";
    EXPECT_EQ(r.err, "invalid: " + refused + "\nsearchparty-check: wrote " + dir + "/bad.json\n");
    const pursuit::Json bad = pursuit::Json::parse(pursuit::read_file(dir + "/bad.json"));
    EXPECT_EQ(bad["moves"], pursuit::Json::parse(R"(["@4.", "@4."])"));
    EXPECT_EQ(bad["result"]["forfeit"], refused);
    EXPECT_EQ(bad["result"]["over"], false);
    EXPECT_EQ(bad["result"]["turns"], 2);
    r = run_cmd(kBin + "/pursuit-tool check-replay " + dir + "/bad.json");
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_NE(r.err.find("ended by a forfeit"), std::string::npos) << r.err;

    // The FILE first: over the map or the solution, or where nothing can be written.
    r = run_cmd(kBin + "/searchparty-check --replay " + dir + "/map.txt " + dir + "/map.txt " + dir + "/good.txt");
    EXPECT_EQ(r.status, 1);
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(r.err, "searchparty-check: cannot write " + dir + "/map.txt: it is the map file (" + dir + "/map.txt), which it would replace\n");
    EXPECT_EQ(pursuit::read_file(dir + "/map.txt"), kExample1);
    r = run_cmd(kBin + "/searchparty-check --replay " + dir + "/./good.txt " + dir + "/map.txt " + dir + "/good.txt");
    EXPECT_EQ(r.status, 1);
    EXPECT_NE(r.err.find("it is the solution file"), std::string::npos) << r.err;
    r = run_cmd(kBin + "/searchparty-check --replay " + dir + " " + dir + "/map.txt " + dir + "/good.txt");  // a directory
    EXPECT_EQ(r.status, 1);
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(r.err.rfind("searchparty-check: cannot write " + dir, 0), 0u) << r.err;
    EXPECT_EQ(run_cmd(kBin + "/searchparty-check " + dir + "/map.txt " + dir + "/good.txt --replay").err,
              "searchparty-check: option --replay needs a value\n");
    EXPECT_EQ(run_cmd(kBin + "/searchparty-check --replay '' " + dir + "/map.txt " + dir + "/good.txt").status, 2);
}

// "-" (and /dev/stdout, with stdout a file) is the standard output: the replay comes after the
// final line (the controller's before its --summary line). Before, "-" made a file named "-", and /dev/stdout replaced the redirect's file
// through the link, losing the final line printed before it.
// The replay on stdout is the JSON alone (its "4 0 0" line came first, to be cut off before jq);
// the line goes to stderr then.
TEST(SearchPartyCheck, AReplayToTheStandardOutputIsTheJsonAloneItsLineOnStderr) {
    const pursuit::test::ScratchDir scratch("sp-check-stdout-");
    const std::string& dir = scratch.path();
    pursuit::write_file(dir + "/map.txt", kExample1);
    pursuit::write_file(dir + "/good.txt", "@4.\n@6\n@66.\n@6.\n\n4 0 0\n");
    const std::string files = dir + "/map.txt " + dir + "/good.txt";
    for (const std::string& name : {std::string("-"), std::string("/dev/stdout")}) {
        const Ran r = run_cmd("cd " + dir + " && " + kBin + "/searchparty-check --replay " + name + " " + files);
        EXPECT_EQ(r.status, 0) << r.err;
        ASSERT_EQ(r.out.rfind("{\n", 0), 0u) << name << ": " << r.out;
        EXPECT_EQ(pursuit::Json::parse(r.out)["moves"], pursuit::Json::parse(R"(["@4.", "@6", "@66.", "@6."])")) << name;
        EXPECT_EQ(r.err, "4 0 0\nvalid: ok\nsearchparty-check: wrote " + (name == "-" ? std::string("the standard output") : name) + "\n");
    }
    EXPECT_FALSE(std::filesystem::exists(dir + "/-"));
    const Outcome o = run_controller(kExample1, "@4.\n@6\n@66.\n@6.\n", "--summary --replay /dev/stdout");
    EXPECT_EQ(o.status, 0) << o.err;
    const std::size_t summary_line = o.out.rfind('\n', o.out.size() - 2) + 1;  // the last line, after the replay
    ASSERT_GT(summary_line, 0u) << o.out;
    EXPECT_EQ(pursuit::Json::parse(o.out.substr(0, summary_line))["result"]["turns"], 4) << o.out;
    EXPECT_EQ(pursuit::Json::parse(o.out.substr(summary_line))["turns"], 4) << o.out;
}

// A full disk: the solver, the map generator, the checker and the controller's --summary said
// nothing and exited 0, so a truncated solution or map passed for a good one.
TEST(SearchPartyPrograms, AFailedWriteOfTheOutputIsAnError) {
    const pursuit::test::ScratchDir scratch("sp-full-");
    const std::string& dir = scratch.path();
    pursuit::write_file(dir + "/map.txt", kExample1);
    pursuit::write_file(dir + "/sol.txt", "@4.\n@6.\n@6.\n@6.\n4 0 0\n");
    for (const std::string& run : std::vector<std::string>{"searchparty-solver " + dir + "/map.txt", "searchparty-mapgen maze 10 10 0 0 1",
                                   "searchparty-check " + dir + "/map.txt " + dir + "/sol.txt",
                                   "searchparty-controller --summary " + dir + "/map.txt -- " + kBin + "/searchparty-solver"}) {
        const int raw = std::system((kBin + "/" + run + " >/dev/full 2>" + dir + "/err.txt").c_str());
        EXPECT_EQ(WEXITSTATUS(raw), 1) << run;
        EXPECT_NE(pursuit::read_file(dir + "/err.txt").find(": cannot write the standard output"), std::string::npos) << run;
    }
}

// In the interactive form a MAP that is not the controller's map was followed over the state
// block: a mistyped path played another map's plan (moves of actors that do not exist).
TEST(SearchPartySolver, InTheInteractiveFormAMapThatIsNotTheControllersGivesWayToTheBlock) {
    const pursuit::test::ScratchDir scratch("sp-other-");
    const std::string& dir = scratch.path();
    pursuit::write_file(dir + "/other.txt", "20 5 1 1\n....................\n.........S..........\n....................\n"
                                            "....................\n....................\n");
    const Outcome o = run_controller(kExample1, "", "", kBin + "/searchparty-solver " + dir + "/other.txt");
    EXPECT_EQ(o.status, 0) << o.err;
    EXPECT_NE(o.err.find("other.txt is not the map of the controller's first state block; playing the block's map"), std::string::npos)
        << o.err;
    EXPECT_NE(o.err.find("Finished in 4 turns\n4 0 0\n"), std::string::npos) << o.err;
    // A MAP that cannot be read gives way too (the solver exited 1 and the run was lost).
    const Outcome missing = run_controller(kExample1, "", "", kBin + "/searchparty-solver " + dir + "/no-such-map.txt");
    EXPECT_EQ(missing.status, 0) << missing.err;
    EXPECT_NE(missing.err.find("no-such-map.txt"), std::string::npos) << missing.err;
    EXPECT_NE(missing.err.find("; playing the controller's first state block's map"), std::string::npos) << missing.err;
    EXPECT_NE(missing.err.find("Finished in 4 turns\n4 0 0\n"), std::string::npos) << missing.err;
}


// A block piped in with CRLF line ends was refused ("grid row 1 has 7 characters, expected
// N = 6": the \r counted as a cell), where map files with CRLF are read. And --figures with a
// wrong folder printed the table's header before its error.
TEST(SearchPartySolver, ACrlfStateBlockIsReadAndFiguresOfAMissingFolderPrintNoHeader) {
    const pursuit::test::ScratchDir scratch("sp-crlf-");
    const std::string& dir = scratch.path();
    std::string crlf;
    for (char c : kTurn1) crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
    pursuit::write_file(dir + "/block.txt", crlf);
    int raw = std::system((kBin + "/searchparty-solver < " + dir + "/block.txt >" + dir + "/out.txt 2>" + dir + "/err.txt").c_str());
    EXPECT_EQ(WEXITSTATUS(raw), 0) << pursuit::read_file(dir + "/err.txt");
    EXPECT_EQ(pursuit::read_file(dir + "/out.txt"), "@4.\n");
    raw = std::system((kBin + "/searchparty-solver --figures " + dir + "/nowhere >" + dir + "/out.txt 2>" + dir + "/err.txt").c_str());
    EXPECT_EQ(WEXITSTATUS(raw), 1);
    EXPECT_EQ(pursuit::read_file(dir + "/out.txt"), "");
    EXPECT_NE(pursuit::read_file(dir + "/err.txt").find("nowhere/map1.txt"), std::string::npos);
}

// A solver that writes all its moves ahead and exits: the write of a state block it no longer
// reads failed the run ("Solver failed (write failed): cannot send "Turn 2..." to solver: it
// closed its input") or not, by the race between its exit and the controller's writes, about
// half the runs. Its move lines waiting in the pipe are played, the same every run.
TEST(SearchPartyController, MovesWrittenAheadAreAllPlayedWhenTheSolverHasClosedItsInput) {
    // The input closed before the moves are written: every block after turn 1 finds it closed.
    Outcome o = run_controller(kExample1, "", "", "sh -c 'exec 0<&-; printf \"@4.\\n@6.\\n@6.\\n@6.\\n\"; sleep 0.2'");
    EXPECT_EQ(o.status, 0) << o.err;
    EXPECT_EQ(o.err, "Finished in 4 turns\n4 0 0\n");
    // Too few moves: the end of its output is the failure, when turn 3 needs a line.
    o = run_controller(kExample1, "", "", "sh -c 'exec 0<&-; printf \"@4.\\n@6.\\n\"'");
    EXPECT_EQ(o.status, 1);
    EXPECT_EQ(o.err, "Solver failed (exited): solver exited with status 0 before answering turn 3\n");
    // The reviewer's case, the exit racing the writes: the same result every run.
    for (int i = 0; i < 12; ++i) {
        o = run_controller(kExample1, "", "--quiet --summary", "sh -c 'printf \"@4.\\n@6.\\n@6.\\n@6.\\n\"'");
        EXPECT_EQ(o.status, 0) << "run " << i << ": " << o.err;
        EXPECT_EQ(o.err, "") << "run " << i;
        EXPECT_EQ(pursuit::Json::parse(o.out)["turns"], 4) << "run " << i;
    }
}

// Controller options written after MAP, before "--", were run as the solver's command
// ("MAP --quiet -- SOLVER" ran "--quiet -- SOLVER"). The original's form, where words after
// SOLVER that look like options are the solver's, is unchanged (OriginalCommandFormAndOneTurn).
TEST(SearchPartyController, OptionsAfterMapAreTheControllers) {
    const pursuit::test::ScratchDir scratch("sp-after-");
    const std::string& dir = scratch.path();
    pursuit::write_file(dir + "/map.txt", "4 1 0 0\nS...\n");
    const std::string ctl = kBin + "/searchparty-controller " + dir + "/map.txt ";
    const std::string solver = " sh -c 'read l; read l; read l; echo @6.'";
    Ran r = run_cmd(ctl + "--quiet --" + solver);
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(r.err, "");
    r = run_cmd(ctl + "--replay " + dir + "/r.json --summary --time-limit 5 --" + solver);
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(r.err, "Finished in 1 turns\n1 0 0\nsearchparty-controller: wrote " + dir + "/r.json\n");
    EXPECT_EQ(pursuit::Json::parse(r.out)["turns"], 1);
    EXPECT_EQ(pursuit::Json::parse(pursuit::read_file(dir + "/r.json"))["moves"], pursuit::Json::array({"@6."}));
    // Before and after MAP together.
    r = run_cmd(kBin + "/searchparty-controller --summary " + dir + "/map.txt --quiet --" + solver);
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(r.err, "");
    EXPECT_EQ(pursuit::Json::parse(r.out)["finished"], true);
    // A bad option there is a usage error, as before MAP.
    r = run_cmd(ctl + "--bogus --" + solver);
    EXPECT_EQ(r.status, 2);
    EXPECT_EQ(r.err, "searchparty-controller: unknown option --bogus (see --help)\n");
    r = run_cmd(ctl + "--max-turns 0 --" + solver);
    EXPECT_EQ(r.status, 2);
    EXPECT_NE(r.err.find("option --max-turns: expected an integer 1..1000000000, got '0'"), std::string::npos) << r.err;
    r = run_cmd(ctl + "--idle-turns -1 --" + solver);
    EXPECT_EQ(r.status, 2);
    EXPECT_NE(r.err.find("option --idle-turns: expected an integer 0..1000000000, got '-1'"), std::string::npos) << r.err;
}

// "-q" / "-x" were read as the MAP ("cannot read -q", status 1); "--replay ''" wrote no replay
// without a word. Both are usage errors (status 2), as searchparty-check's "unknown option -x".
TEST(SearchPartyController, UnknownShortOptionsAndAnEmptyReplayPathAreUsageErrors) {
    const std::string map = std::string(PURSUIT_SHARED_DIR) + "/ref/searchparty/map1.txt";
    const std::string ctl = kBin + "/searchparty-controller ";
    const std::string unknown_q = "searchparty-controller: unknown option -q (see --help)\n";
    const std::string empty_replay = "searchparty-controller: option --replay: the FILE is empty\n";
    const std::vector<std::pair<std::string, std::string>> cases = {
        {"-q " + map + " -- true", unknown_q},
        {"--quiet -x " + map + " -- true", "searchparty-controller: unknown option -x (see --help)\n"},
        {map + " -q -- true", unknown_q},
        {"--replay '' " + map + " -- true", empty_replay},
        {map + " --replay '' -- true", empty_replay},
        // MAP forgotten: "cannot read --", status 1.
        {"-- true", "searchparty-controller: no MAP given before -- (see --help)\n"},
    };
    for (const auto& [args, err] : cases) {
        const Ran r = run_cmd(ctl + args);
        EXPECT_EQ(r.status, 2) << args;
        EXPECT_EQ(r.err, err) << args;
    }
}

// searchparty-solver: "-q" was read as the MAP (status 1), "--figures DIR extra" ignored
// "extra", "--batch --interactive" played the last one. All usage errors (status 2).
TEST(SearchPartySolver, UnknownShortOptionsExtraWordsAndBothFormsAreUsageErrors) {
    const std::string dir = std::string(PURSUIT_SHARED_DIR) + "/ref/searchparty";
    const std::string solver = kBin + "/searchparty-solver ";
    Ran r = run_cmd(solver + "-q " + dir + "/map1.txt");
    EXPECT_EQ(r.status, 2);
    EXPECT_EQ(r.err.rfind("searchparty-solver: unknown option -q\nusage:", 0), 0u) << r.err;
    r = run_cmd(solver + dir + "/map1.txt -x");
    EXPECT_EQ(r.status, 2);
    EXPECT_EQ(r.err.rfind("searchparty-solver: unknown option -x\nusage:", 0), 0u) << r.err;
    r = run_cmd(solver + "--figures " + dir + " extra");
    EXPECT_EQ(r.status, 2);
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(r.err.rfind("searchparty-solver: option --figures takes one DIR and no MAP, got also 'extra'\nusage:", 0), 0u) << r.err;
    for (const char* both : {"--batch --interactive ", "--interactive --batch "}) {
        r = run_cmd(solver + both + dir + "/map1.txt");
        EXPECT_EQ(r.status, 2) << both;
        EXPECT_EQ(r.err.rfind("searchparty-solver: options --batch and --interactive exclude each other\nusage:", 0), 0u) << r.err;
    }
    // Still fine: a form given twice, and the map on standard input.
    r = run_cmd(solver + "--batch --batch " + dir + "/map1.txt");
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(r.out, run_cmd(solver + "< " + dir + "/map1.txt").out);
}

// The solver looks at standard input to choose its form. It read the first line (and more, into
// its buffer), so a shell loop over map names lost the rest of its list to the first solver:
// `while read m; do searchparty-solver "$m"; done` solved one map and stopped, status 0. Now a
// pipe, a file or a socket is looked at without being read; the interactive form still starts
// on "Turn 1", also when it comes in pieces.
TEST(SearchPartySolver, WithAMapItLeavesStandardInputToItsCaller) {
    const pursuit::test::ScratchDir scratch("sp-loop-");
    const std::string& dir = scratch.path();
    const std::string ref = std::string(PURSUIT_SHARED_DIR) + "/ref/searchparty";
    pursuit::write_file(dir + "/list.txt", ref + "/map1.txt\n" + ref + "/map2.txt\n" + ref + "/map1.txt\n");
    const std::string loop = "while read m; do " + kBin + "/searchparty-solver \"$m\" | tail -1; done";
    const std::string three = "23 2 0\n38 1 1\n23 2 0\n";
    EXPECT_EQ(run_cmd("cat " + dir + "/list.txt | " + loop).out, three) << "a pipe";
    EXPECT_EQ(run_cmd(loop + " < " + dir + "/list.txt").out, three) << "a file";
    const Ran pieces = run_cmd("(printf 'Tu'; sleep 0.3; printf 'rn 1\\n@:2,2.\\n'; sleep 0.3; printf '.ooo..\\nooooo.\\nooooo.\\nooooo.\\n.ooo..\\n" +
                               kDashes.substr(0, 40) + "\\n') | " + kBin + "/searchparty-solver");
    EXPECT_EQ(pieces.status, 0) << pieces.err;
    EXPECT_EQ(pieces.out.size() > 1 && pieces.out.back() == '\n' && pieces.out.find('\n') == pieces.out.size() - 1, true)
        << "one move line for the one block: " << pieces.out;
}

// A MAP past the largest possible map (a 256x256 map is about 66 KB) was read whole: /dev/zero
// until memory ran out (std::bad_alloc). The programs stop at 1 MiB, and the checker's
// SOLUTION at 64 MiB (what the controller reads of a solver's output at most).
TEST(SearchPartyPrograms, AMapOrSolutionLargerThanAnyIsRefusedWithoutReadingItWhole) {
    const pursuit::test::ScratchDir scratch("sp-huge-");
    const std::string& dir = scratch.path();
    // A good map, then blank lines (ignored after the grid) past 1 MiB: it was played.
    pursuit::write_file(dir + "/big.txt", std::string(kExample1) + std::string((1 << 20) + 1, '\n'));
    const std::string big = dir + "/big.txt";
    const std::string too_big = ": more than 1048576 bytes, larger than any map\n";
    Ran r = run_cmd(kBin + "/searchparty-controller " + big + " -- true");
    EXPECT_EQ(r.status, 1);
    EXPECT_EQ(r.err, "searchparty-controller: " + big + too_big);
    r = run_cmd(kBin + "/searchparty-check " + big + " /dev/null");
    EXPECT_EQ(r.status, 1);
    EXPECT_EQ(r.err, "searchparty-check: " + big + too_big);
    r = run_cmd(kBin + "/searchparty-solver " + big);
    EXPECT_EQ(r.status, 1);
    EXPECT_EQ(r.err, "searchparty-solver: " + big + too_big);
    r = run_cmd(kBin + "/searchparty-solver < " + big);
    EXPECT_EQ(r.status, 1);
    EXPECT_EQ(r.err, "searchparty-solver: standard input" + too_big);
    // Endless input stops at the cap (the solver's first line had no end either). A memory
    // limit keeps a program that reads it whole from taking the machine's (not under ASan, which
    // reserves terabytes of address space).
#ifdef PURSUIT_SANITIZED
    const std::string guard;
#else
    const std::string guard = "ulimit -v 2000000; ";
#endif
    r = run_cmd(guard + kBin + "/searchparty-controller /dev/zero -- true");
    EXPECT_EQ(r.err, "searchparty-controller: /dev/zero" + too_big);
    r = run_cmd(guard + kBin + "/searchparty-solver < /dev/zero");
    EXPECT_EQ(r.err, "searchparty-solver: standard input" + too_big);
    // 1 MiB exactly is still read.
    pursuit::write_file(big, std::string(kExample1) + std::string((1 << 20) - std::string(kExample1).size(), '\n'));
    r = run_cmd(kBin + "/searchparty-solver --batch " + big);
    EXPECT_EQ(r.status, 0) << r.err;
    // The solution: a good one, then 64 MiB of blank lines.
    pursuit::write_file(dir + "/map.txt", kExample1);
    const std::string sol_too_big = ": more than 67108864 bytes, larger than any solution (the controller reads at most 64 MiB of a solver's output)\n";
    r = run_cmd("(printf '@4.\\n@6.\\n@6.\\n@6.\\n4 0 0\\n'; head -c 67108864 /dev/zero | tr '\\0' '\\n') | " + kBin + "/searchparty-check " +
                dir + "/map.txt -");
    EXPECT_EQ(r.status, 1);
    EXPECT_EQ(r.err, "searchparty-check: standard input" + sol_too_big);
    r = run_cmd(guard + kBin + "/searchparty-check " + dir + "/map.txt /dev/zero");
    EXPECT_EQ(r.status, 1);
    EXPECT_EQ(r.err, "searchparty-check: /dev/zero" + sol_too_big);
}

// Found by mutation testing. searchparty-check prints "turns costars extras" in that order and
// exits 1 on a valid solution whose final line is wrong. On "5 3 1 2" the view from S covers
// the map: the truth is "0 1 2" (one costar, two extras, all alive).
TEST(SearchPartyCheck, PrintsTurnsCostarsExtrasAndFailsAWrongFinalLine) {
    const pursuit::test::ScratchDir scratch("sp-check-claim-");
    const std::string& dir = scratch.path();
    pursuit::write_file(dir + "/map.txt", "5 3 1 2\n.....\n..S..\n.....\n");
    pursuit::write_file(dir + "/true.txt", "0 1 2\n");
    pursuit::write_file(dir + "/wrong.txt", "0 2 1\n");
    Ran r = run_cmd(kBin + "/searchparty-check " + dir + "/map.txt " + dir + "/true.txt");
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(r.out, "0 1 2\n");
    EXPECT_EQ(r.err, "valid: ok\n");
    r = run_cmd(kBin + "/searchparty-check " + dir + "/map.txt " + dir + "/wrong.txt");
    EXPECT_EQ(r.status, 1);
    EXPECT_EQ(r.out, "0 1 2\n");
    EXPECT_EQ(r.err, "valid moves, wrong final line: " + dir + "/wrong.txt line 1: the final line claims '0 2 1' but the true result is '0 1 2'\n");
}
