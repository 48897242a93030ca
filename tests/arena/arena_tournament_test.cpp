// Whole tournaments with real processes: pursuit-arena runs arena-fake-judge, which runs
// arena-fake-bot programs of designed strengths (tests/arena/games/fake/arena.json).
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <thread>

#include "arena/game_log.h"
#include "common/judge_io.h"
#include "../common/time_scale.h"
#include "../common/scratch_dir.h"

using namespace pursuit;
namespace fs = std::filesystem;

namespace {

const std::string kBin = PURSUIT_BIN_DIR;
const std::string kSrc = PURSUIT_SOURCE_DIR;

std::string arena_cmd(const std::string& out, const std::string& rest) {
    return kBin + "/pursuit-arena fake --games-dir " + kSrc + "/tests/arena/games --out " + out + " " + rest;
}

std::string bot(const std::string& name, const std::string& args) {
    return "--bot '" + name + "=" + kBin + "/arena-fake-bot " + args + "'";
}

// Runs a shell command (with a hard cap against a hang, scaled in the sanitizer build: the
// 240-game tournament takes about 50 s there alone, more beside another test), returns its
// exit status; output goes to `log`.
int run(const std::string& cmd, const std::string& log) {
    const int st = std::system(("timeout " + std::to_string(test::scaled(60)) + " " + cmd + " > " + log + " 2>&1").c_str());
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

std::vector<std::string> lines_of(const std::string& path) {
    std::ifstream f(path);
    std::vector<std::string> out;
    for (std::string l; std::getline(f, l);) out.push_back(l);
    return out;
}

std::map<std::string, Json> ratings_by_bot(const std::string& out) {
    std::map<std::string, Json> m;
    const Json results = Json::parse(read_file(out + "/results.json"));
    for (const auto& b : results["bots"]) m[b["name"].get<std::string>()] = b;
    return m;
}

// Every opened tag is closed in order (void elements excepted); no scripts or external links.
std::string html_problems(const std::string& html) {
    static const std::set<std::string> voids{"meta", "br", "img", "input", "link", "hr"};
    std::vector<std::string> stack;
    for (std::size_t i = html.find('<'); i != std::string::npos; i = html.find('<', i + 1)) {
        if (html.compare(i, 2, "<!") == 0) continue;
        const std::size_t end = html.find('>', i);
        if (end == std::string::npos) return "unterminated tag";
        std::string tag = html.substr(i + 1, end - i - 1);
        const bool closing = tag[0] == '/', self = tag.back() == '/';
        std::string name = tag.substr(closing ? 1 : 0);
        name = name.substr(0, name.find_first_of(" /\n"));
        if (closing) {
            if (stack.empty() || stack.back() != name) return "unbalanced </" + name + "> at " + std::to_string(i);
            stack.pop_back();
        } else if (!self && !voids.count(name)) {
            stack.push_back(name);
        }
    }
    if (!stack.empty()) return "unclosed <" + stack.back() + ">";
    for (const char* banned : {"<script", "<link", "src=", "url(", "https://", "@import"})
        if (html.find(banned) != std::string::npos) return std::string("external resource or script: ") + banned;
    return "";
}

bool process_gone(int pid) {
    if (kill(pid, 0) != 0) return true;
    std::ifstream f("/proc/" + std::to_string(pid) + "/stat");
    std::string all;
    std::getline(f, all);
    const auto close = all.rfind(')');
    return close != std::string::npos && all.size() > close + 2 && all[close + 2] == 'Z';  // zombie = dead
}

}  // namespace

TEST(ArenaTournament, FourBotsTwoRolesTenMapsTablesRatingsReport) {
    const pursuit::test::ScratchDir scratch("arena-t1-");
    const std::string& out = scratch.path();
    const std::string cmd = arena_cmd(out, bot("weak", "--elo 0") + " " + bot("mid", "--elo 100") + " " +
                                               bot("good", "--elo 200") + " " + bot("best", "--elo 400") +
                                               " --maps-dir " + kSrc + "/tests/arena/maps --seeds 2 -j 2");
    ASSERT_EQ(run(cmd, out + "/log.txt"), 0) << read_file(out + "/log.txt");
    const std::string log = read_file(out + "/log.txt");
    EXPECT_NE(log.find("240/240 games"), std::string::npos) << log;  // progress bar
    EXPECT_NE(log.find("Ratings"), std::string::npos);

    EXPECT_EQ(lines_of(out + "/games.jsonl").size(), 240u);
    const auto csv = lines_of(out + "/results.csv");
    ASSERT_EQ(csv.size(), 7u);  // header + 6 pairings
    EXPECT_EQ(csv[1].substr(0, 12), "weak,mid,40,");
    int replays = 0;
    for (const auto& e : fs::directory_iterator(out + "/replays")) replays += e.path().extension() == ".json";
    EXPECT_EQ(replays, 240);

    // Designed strengths 0/100/200/400 centred on their mean (175); hunter advantage 60.
    const std::map<std::string, double> truth{{"weak", -175}, {"mid", -75}, {"good", 25}, {"best", 225}};
    auto r = ratings_by_bot(out);
    for (const auto& [name, elo] : truth) {
        const double est = r[name]["elo"], ci = r[name]["ci95"];
        EXPECT_LE(std::fabs(est - elo), ci) << name << " " << est << " ± " << ci << " (truth " << elo << ")";
        EXPECT_LT(ci, 90) << name;
    }
    EXPECT_GT(r["best"]["elo"].get<double>(), r["good"]["elo"].get<double>());
    EXPECT_GT(r["good"]["elo"].get<double>(), r["mid"]["elo"].get<double>());
    EXPECT_GT(r["mid"]["elo"].get<double>(), r["weak"]["elo"].get<double>());
    const Json results = Json::parse(read_file(out + "/results.json"));
    EXPECT_LE(std::fabs(results["role0_advantage_elo"].get<double>() - 60), results["role0_advantage_ci95"].get<double>());
    EXPECT_GT(r["best"]["moves_timed"].get<int>(), 0);

    const std::string html = read_file(out + "/report.html");
    EXPECT_EQ(html_problems(html), "");
    EXPECT_EQ(html.rfind("<!DOCTYPE html>", 0), 0u);
    EXPECT_NE(html.find("<svg"), std::string::npos);
    EXPECT_NE(html.find("aria-label=\"ratings with 95% intervals\""), std::string::npos);
    EXPECT_NE(html.find("aria-label=\"results per map\""), std::string::npos);
    EXPECT_NE(html.find("aria-label=\"time per move distribution\""), std::string::npos);
    EXPECT_NE(html.find("<td>m10</td>"), std::string::npos);

    // Running again without --resume refuses to mix two runs.
    EXPECT_EQ(run(cmd, out + "/log2.txt"), 2);
    EXPECT_NE(read_file(out + "/log2.txt").find("--resume"), std::string::npos);
    // So does --resume with other bots or seeds: it mixed two tournaments in games.jsonl and
    // overwrote run.json (the same command with --resume is ResumeAfterKillReplaysNoFinishedGame).
    const std::string run_json = read_file(out + "/run.json");
    const std::string other_seeds = arena_cmd(out, bot("weak", "--elo 0") + " " + bot("mid", "--elo 100") + " " + bot("strong", "--elo 300") +
                                                       " --maps-dir " + kSrc + "/tests/arena/maps --seeds 3 -j 2 --resume");
    EXPECT_EQ(run(other_seeds, out + "/log3.txt"), 2);
    EXPECT_NE(read_file(out + "/log3.txt").find("cannot --resume: " + out + "/run.json is another run (its seeds differ)"), std::string::npos)
        << read_file(out + "/log3.txt");
    EXPECT_EQ(read_file(out + "/run.json"), run_json);
}

TEST(ArenaTournament, AnEmptyMapsFolderIsRefused) {
    // It played the game's default maps without a word.
    const pursuit::test::ScratchDir scratch("arena-empty-maps-");
    const std::string& out = scratch.path();
    std::filesystem::create_directories(out + "/maps");
    pursuit::write_file(out + "/maps/readme.md", "notes, not a map\n");
    EXPECT_EQ(run(arena_cmd(out + "/run", bot("a", "--elo 0") + " " + bot("b", "--elo 10") + " --maps-dir " + out + "/maps"), out + "/log.txt"), 2);
    EXPECT_NE(read_file(out + "/log.txt").find("--maps-dir " + out + "/maps holds no map files (.md and hidden files are skipped)"),
              std::string::npos)
        << read_file(out + "/log.txt");
    EXPECT_FALSE(std::filesystem::exists(out + "/run/games.jsonl"));
}

TEST(ArenaTournament, CrashingAndHangingBotsAreRecordedAndLose) {
    const pursuit::test::ScratchDir scratch("arena-t2-");
    const std::string& out = scratch.path();
    const auto start = std::chrono::steady_clock::now();
    const std::string cmd = arena_cmd(out, bot("solid", "--elo 0") + " " + bot("crasher", "--crash-at 2") + " " +
                                               bot("sleeper", "--hang-at 1") + " --maps " + kSrc +
                                               "/tests/arena/maps/m01.txt -j 2");
    ASSERT_EQ(run(cmd, out + "/log.txt"), 0) << read_file(out + "/log.txt");
    EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(test::scaled(15)));
    const auto recs = arena::load_game_log(out + "/games.jsonl");
    ASSERT_EQ(recs.size(), 6u);
    for (const auto& r : recs) {
        EXPECT_EQ(r["status"], "ok") << r.dump();
        for (int s = 0; s < 2; ++s) {
            const std::string name = r["bots"][s];
            if (name == "solid") {
                EXPECT_TRUE(r["faults"][s].is_null()) << r.dump();
                EXPECT_EQ(r["winner"], s) << r.dump();
            } else {
                ASSERT_TRUE(r["faults"][s].is_string()) << r.dump();
                const std::string f = r["faults"][s];
                // A crash shows as "crashed" or, when the shell outlives the bot, as status 134 (SIGABRT).
                if (name == "crasher") EXPECT_TRUE(f.find("crashed") != std::string::npos || f.find("status 134") != std::string::npos) << f;
                else EXPECT_NE(f.find("time limit"), std::string::npos) << f;
            }
        }
    }
    auto r = ratings_by_bot(out);
    EXPECT_EQ(r["solid"]["wins"], 4);
    EXPECT_EQ(r["crasher"]["faults"], 4);
    EXPECT_NE(read_file(out + "/log.txt").find("Faults and failed games"), std::string::npos);
    EXPECT_NE(read_file(out + "/report.html").find("before answering move 2"), std::string::npos);
}

TEST(ArenaTournament, HangingJudgeIsKilledWithItsBotsAndCrashingJudgeRecorded) {
    const pursuit::test::ScratchDir scratch("arena-t3-");
    const std::string& out = scratch.path();
    const std::string pids = out + "/pids";
    // Each bot appends its pid ($$ of the shell it then replaces) so we can check it died.
    const std::string b = "echo \\$\\$ >> " + pids + "; exec " + kBin + "/arena-fake-bot";
    const auto start = std::chrono::steady_clock::now();
    const std::string cmd = arena_cmd(out, "--bot \"a=" + b + " --elo 1\" --bot \"b=" + b + " --elo 2\" --maps " + kSrc +
                                               "/tests/arena/maps-bad/hang.txt " + kSrc +
                                               "/tests/arena/maps-bad/crash.txt -j 2 --game-timeout 1");
    // Failed games make the run fail (it exited 0), after every file and table is written.
    ASSERT_EQ(run(cmd, out + "/log.txt"), 1) << read_file(out + "/log.txt");
    const std::string log = read_file(out + "/log.txt");
    EXPECT_NE(log.find("pursuit-arena: 4 of 4 games failed (listed under \"Faults and failed games\"): exit status 1"),
              std::string::npos) << log;
    EXPECT_NE(log.find("Faults and failed games: 4"), std::string::npos) << log;
    for (const char* f : {"results.csv", "ratings.csv", "results.json", "report.html"}) EXPECT_TRUE(fs::exists(out + "/" + f)) << f;
    EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(test::scaled(10)));
    const auto recs = arena::load_game_log(out + "/games.jsonl");
    ASSERT_EQ(recs.size(), 4u);
    for (const auto& r : recs) {
        const std::string reason = r["reason"];
        if (r["map"] == "hang") {
            EXPECT_EQ(r["status"], "timeout");
            EXPECT_NE(reason.find("wall-clock cap"), std::string::npos) << reason;
            EXPECT_NE(reason.find("hanging on purpose"), std::string::npos) << reason;  // judge stderr kept
        } else {
            EXPECT_EQ(r["status"], "error");
            EXPECT_NE(reason.find("signal 6"), std::string::npos) << reason;
        }
    }
    const auto pid_lines = lines_of(pids);
    EXPECT_EQ(pid_lines.size(), 4u);  // 2 hanging games x 2 bots (the crash map starts none)
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    for (const auto& p : pid_lines) EXPECT_TRUE(process_gone(std::stoi(p))) << "bot " << p << " survived";
    const auto html = read_file(out + "/report.html");
    EXPECT_NE(html.find("wall-clock cap"), std::string::npos);
}

TEST(ArenaTournament, ResumeAfterKillReplaysNoFinishedGame) {
    const pursuit::test::ScratchDir scratch("arena-t4-");
    const std::string& out = scratch.path();
    const std::string judge_log = out + "/judge-starts.txt";
    setenv("FAKE_JUDGE_LOG", judge_log.c_str(), 1);  // inherited by the arena and its judges
    const std::string cmd = arena_cmd(out, bot("p", "--elo 0 --delay-ms 4") + " " + bot("q", "--elo 50 --delay-ms 4") +
                                               " --maps-dir " + kSrc + "/tests/arena/maps --seeds 4 -j 2 --quiet");
    const pid_t pid = fork();
    ASSERT_GE(pid, 0);
    if (pid == 0) {
        execl("/bin/sh", "sh", "-c", ("exec " + cmd + " > /dev/null 2>&1").c_str(), static_cast<char*>(nullptr));
        _exit(127);
    }
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    while (lines_of(out + "/games.jsonl").size() < 20 && std::chrono::steady_clock::now() < deadline)
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    kill(pid, SIGKILL);  // no chance to clean up
    int status = 0;
    waitpid(pid, &status, 0);
    const auto before = arena::load_game_log(out + "/games.jsonl");
    ASSERT_GE(before.size(), 20u);
    ASSERT_LT(before.size(), 80u) << "the run finished before it could be killed";
    std::this_thread::sleep_for(std::chrono::milliseconds(300));  // orphaned judges die (PDEATHSIG)
    const std::size_t starts_before = lines_of(judge_log).size();

    ASSERT_EQ(run(cmd + " --resume", out + "/log.txt"), 0) << read_file(out + "/log.txt");
    const auto after = arena::load_game_log(out + "/games.jsonl");
    EXPECT_EQ(after.size(), 80u);
    std::set<std::string> keys;
    for (const auto& r : after) keys.insert(r["key"].get<std::string>());
    EXPECT_EQ(keys.size(), 80u);
    // The judge was started once per game finished before the kill (none of them again).
    std::map<std::string, int> starts;
    const auto all_starts = lines_of(judge_log);
    for (std::size_t i = starts_before; i < all_starts.size(); ++i) ++starts[all_starts[i]];
    for (const auto& r : before) EXPECT_EQ(starts[r["key"].get<std::string>()], 0) << r["key"];
    EXPECT_EQ(all_starts.size() - starts_before, 80u - before.size());
    EXPECT_EQ(lines_of(out + "/results.csv").size(), 2u);
    unsetenv("FAKE_JUDGE_LOG");
}

TEST(ArenaTournament, AMapFileOfAnotherGameIsRefusedBeforeAnyGame) {
    // Cops and Robbers given Fugitive's example8.txt: the arena played the games, each failed in
    // copsrobbers-server ("line 1: expected \"N M\""), and exited 1 with a table of errors. Now
    // it stops with the file and the reader's reason before the first game (exit status 2).
    const pursuit::test::ScratchDir scratch("arena-t5-");
    const std::string& dir = scratch.path();
    const std::string marker = dir + "/a-bot-ran";
    const std::string bots = " --bot 'a=touch " + marker + "' --bot 'b=touch " + marker + "' ";
    const std::string petersen = kSrc + "/maps/copsrobbers/petersen.txt", other = kSrc + "/maps/fugitive/example8.txt";
    const std::string cmd = kBin + "/pursuit-arena copsrobbers --quiet" + bots + "--out " + dir + "/out --maps " +
                            petersen + " " + other;
    ASSERT_EQ(run(cmd, dir + "/log.txt"), 2) << read_file(dir + "/log.txt");
    EXPECT_EQ(read_file(dir + "/log.txt"),
              "pursuit-arena: map " + other + ": copsrobbers-server cannot play this file with the descriptor's setup "
              "{\"cops\":2} (seed 1): map line 1: expected \"N M\" (2 integers), got 1 token\n");
    EXPECT_FALSE(fs::exists(dir + "/out"));  // refused before OUT, games.jsonl or any judge
    EXPECT_FALSE(fs::exists(marker));
}

// Two bots that both fail: the judges name no winner (Bank: forfeit side "both"). The arena
// records a draw with a fault for each, not a failed game ("winner \"both\" is neither a side
// index, ...") nor a win for one.
TEST(ArenaTournament, TwoBotsThatBothFailAreADrawWithAFaultEach) {
    const pursuit::test::ScratchDir scratch("arena-both-");
    const std::string& dir = scratch.path();
    const std::string cmd = kBin + "/pursuit-arena bank --quiet --bot a=pursuit-no-such-a --bot b=pursuit-no-such-b --seeds 1 --maps " +
                            kSrc + "/maps/bank/small.txt --out " + dir + "/out";
    ASSERT_EQ(run(cmd, dir + "/log.txt"), 0) << read_file(dir + "/log.txt");
    const auto records = lines_of(dir + "/out/games.jsonl");
    ASSERT_EQ(records.size(), 2u);
    for (const auto& line : records) {
        const Json r = Json::parse(line);
        EXPECT_EQ(r["status"], "ok") << line;
        EXPECT_EQ(r["winner"], -1) << line;
        for (const Json& fault : r["faults"]) EXPECT_EQ(fault.get<std::string>().rfind("both failed: ", 0), 0u) << line;
    }
}

namespace {

std::string solo_cmd(const std::string& out, const std::string& rest) {
    return kBin + "/pursuit-arena solo --quiet --games-dir " + kSrc + "/tests/arena/games-solo --out " + out + " " + rest;
}

std::map<std::string, Json> pairings_of(const std::string& out) {
    std::map<std::string, Json> m;
    const Json results = Json::parse(read_file(out + "/results.json"));
    for (const auto& p : results["pairings"]) m[p["a"].get<std::string>() + " vs " + p["b"].get<std::string>()] = p;
    return m;
}

}  // namespace

TEST(ArenaTournament, OneRoleGameEqualScoresAreDecidedByTheDescriptorsTieBreaks) {
    // Four solvers with the same turns (100) on 2 maps: costars, then extras decide (all
    // higher wins); "more" and "same" are equal on everything: draws. Before, all were draws.
    const pursuit::test::ScratchDir scratch("arena-t6-");
    const std::string& out = scratch.path();
    const std::string cmd = solo_cmd(out, bot("more", "--elo 100 --tiebreaks 3,1") + " " + bot("fewer", "--elo 100 --tiebreaks 2,5") +
                                              " " + bot("same", "--elo 100 --tiebreaks 3,1") + " " +
                                              bot("extras", "--elo 100 --tiebreaks 3,2") + " -j 2");
    ASSERT_EQ(run(cmd, out + "/log.txt"), 0) << read_file(out + "/log.txt");
    const auto recs = arena::load_game_log(out + "/games.jsonl");
    ASSERT_EQ(recs.size(), 8u);
    for (const auto& r : recs) {
        EXPECT_EQ(r["status"], "ok") << r.dump();
        EXPECT_EQ(r["scores"], Json::array({100})) << r.dump();
        const std::string name = r["bots"][0];
        const Json want = name == "fewer" ? Json::array({2, 5}) : name == "extras" ? Json::array({3, 2}) : Json::array({3, 1});
        EXPECT_EQ(r["tiebreaks"], want) << r.dump();
    }
    auto p = pairings_of(out);
    auto wdl = [&](const std::string& pair) {
        const Json& j = p.at(pair);
        return std::to_string(j["wins"].get<int>()) + "-" + std::to_string(j["draws"].get<int>()) + "-" +
               std::to_string(j["losses"].get<int>()) + " tb " + std::to_string(j["decided_by_tiebreak"].get<int>());
    };
    EXPECT_EQ(wdl("more vs fewer"), "2-0-0 tb 2");   // costars 3 > 2 (fewer's 5 extras do not count)
    EXPECT_EQ(wdl("more vs same"), "0-2-0 tb 0");    // equal on everything
    EXPECT_EQ(wdl("more vs extras"), "0-0-2 tb 2");  // costars equal, extras 1 < 2
    EXPECT_EQ(wdl("fewer vs extras"), "0-0-2 tb 2");
    auto r = ratings_by_bot(out);
    EXPECT_EQ(r["extras"]["wins"], 6);
    EXPECT_EQ(r["fewer"]["losses"], 6);
    EXPECT_EQ(r["more"]["draws"], 2);
    EXPECT_GT(r["extras"]["elo"].get<double>(), r["more"]["elo"].get<double>());
    EXPECT_GT(r["more"]["elo"].get<double>(), r["fewer"]["elo"].get<double>());
    const Json results = Json::parse(read_file(out + "/results.json"));
    EXPECT_EQ(results["tiebreaks"][0]["pointer"], "/costars");
    EXPECT_EQ(r["fewer"]["avg_tiebreaks"], Json::parse("[2,5]"));
    const std::string html = read_file(out + "/report.html");
    EXPECT_NE(html.find("equal scores then by /costars (higher wins), then /extras (higher wins)"), std::string::npos);
    EXPECT_EQ(html_problems(html), "");
}

TEST(ArenaTournament, OneRoleGameWithoutATieBreakValueIsAFailedGameNamingThePointer) {
    // A judge that leaves a tie-break value out (here: the bot gave no extras) cannot be
    // ranked on it: the game is recorded as "error" naming the pointer, like a missing score.
    const pursuit::test::ScratchDir scratch("arena-t7-");
    const std::string& out = scratch.path();
    const std::string cmd = solo_cmd(out, bot("full", "--elo 100 --tiebreaks 3,1") + " " + bot("half", "--elo 100 --tiebreaks 3") +
                                              " --maps " + kSrc + "/tests/arena/maps/m01.txt");
    ASSERT_EQ(run(cmd, out + "/log.txt"), 1) << read_file(out + "/log.txt");
    const auto recs = arena::load_game_log(out + "/games.jsonl");
    ASSERT_EQ(recs.size(), 2u);
    for (const auto& r : recs) {
        if (r["bots"][0] == "full") {
            EXPECT_EQ(r["status"], "ok") << r.dump();
            continue;
        }
        EXPECT_EQ(r["status"], "error") << r.dump();
        EXPECT_EQ(r["reason"].get<std::string>().rfind("no tie-break value (a number) at /extras", 0), 0u) << r.dump();
    }
    auto p = pairings_of(out);
    EXPECT_EQ(p.at("full vs half")["games"], 0);  // a failed game is not rated
}

TEST(ArenaTournament, OneRoleGameABotThatFaultsWithoutTieBreakValuesLosesItsGame) {
    // A bot too slow to give its first reply has no tie-break values in the judge's result, and a
    // fault: its game was a failed one ("no tie-break value"), not rated. It is the bot's loss.
    const pursuit::test::ScratchDir scratch("arena-t8-");
    const std::string& out = scratch.path();
    const std::string cmd = solo_cmd(out, bot("full", "--elo 100 --tiebreaks 3,1") + " " +
                                              bot("slow", "--elo 100 --tiebreaks 3,1 --hello-delay-ms 1500") + " --maps " + kSrc +
                                              "/tests/arena/maps/m01.txt");
    ASSERT_EQ(run(cmd, out + "/log.txt"), 0) << read_file(out + "/log.txt");
    const auto recs = arena::load_game_log(out + "/games.jsonl");
    ASSERT_EQ(recs.size(), 2u);
    for (const auto& r : recs) {
        EXPECT_EQ(r["status"], "ok") << r.dump();
        if (r["bots"][0] == "slow") {
            EXPECT_FALSE(r.contains("tiebreaks")) << r.dump();
            EXPECT_NE(r["faults"][0].get<std::string>().find("sent no reply"), std::string::npos) << r.dump();
        }
    }
    auto p = pairings_of(out);
    EXPECT_EQ(p.at("full vs slow")["games"], 1) << p.at("full vs slow").dump();
    EXPECT_EQ(p.at("full vs slow")["wins"], 1) << p.at("full vs slow").dump();
}

TEST(ArenaTournament, AFugitiveJudgeOverTheCapLeavesNoFolderInTmpdir) {
    // The real fugitive-judge makes a fugitive-match-* folder for its bots in $TMPDIR. Killed with
    // its process tree at the wall-clock cap, it left the folder there; its player guardian, which
    // the tree kill now spares, removes it once the judge is gone (and then ends).
    if (!fs::exists(kBin + "/fugitive-judge")) GTEST_SKIP();
    const pursuit::test::ScratchDir scratch("arena-t9-");
    const std::string& out = scratch.path();
    const std::string tmp = out + "/tmp";
    fs::create_directories(tmp);
    const std::string mark = std::to_string(getpid());
    const std::string cmd = "env TMPDIR=" + tmp + " " + kBin + "/pursuit-arena fugitive --quiet -j 1 --game-timeout 1 --out " + out +
                            "/arena --bot 'a=sleep 96." + mark + "' --bot 'b=sleep 96." + mark + "' --maps " + kSrc +
                            "/maps/fugitive/generated-20.txt";
    ASSERT_EQ(run(cmd, out + "/log.txt"), 1) << read_file(out + "/log.txt");  // the failed games
    for (const auto& r : arena::load_game_log(out + "/arena/games.jsonl")) EXPECT_EQ(r["status"], "timeout") << r.dump();
    std::string left;
    for (int wait = 0; wait < 50; ++wait) {
        left.clear();
        for (const auto& entry : fs::directory_iterator(tmp)) left += " " + entry.path().filename().string();
        if (left.empty()) break;
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    EXPECT_EQ(left, "") << "left in the judges' TMPDIR";
    EXPECT_NE(std::system(("pgrep -f '^sleep 96\\." + mark + "$' >/dev/null").c_str()), 0) << "a bot survived";
    std::system(("pkill -f '^sleep 96\\." + mark + "$'").c_str());
}

TEST(ArenaTournament, SearchPartyRecordsLivingCostarsAndExtrasAsTieBreaks) {
    // The shipped descriptor: equal turns are broken by living costars, then extras (the spec's Score).
    if (!fs::exists(kBin + "/searchparty-controller") || !fs::exists(kBin + "/searchparty-solver")) GTEST_SKIP();
    const pursuit::test::ScratchDir scratch("arena-t8-");
    const std::string& out = scratch.path();
    const std::string solver = kBin + "/searchparty-solver --interactive --level easy";
    const std::string cmd = kBin + "/pursuit-arena searchparty --quiet --out " + out + " --bot 'a=" + solver + "' --bot 'b=" +
                            solver + "' --maps " + kSrc + "/maps/searchparty/maze-31x21-s1.txt";
    ASSERT_EQ(run(cmd, out + "/log.txt"), 0) << read_file(out + "/log.txt");
    const auto recs = arena::load_game_log(out + "/games.jsonl");
    ASSERT_EQ(recs.size(), 2u);
    for (const auto& r : recs) {
        EXPECT_EQ(r["status"], "ok") << r.dump();
        ASSERT_TRUE(r["tiebreaks"].is_array()) << r.dump();
        ASSERT_EQ(r["tiebreaks"].size(), 2u) << r.dump();
        EXPECT_EQ(r["tiebreaks"], recs[0]["tiebreaks"]);
    }
    const Json results = Json::parse(read_file(out + "/results.json"));
    EXPECT_EQ(results["tiebreaks"], Json::parse(R"([{"pointer":"/costars","higher_wins":true},{"pointer":"/extras","higher_wins":true}])"));
    EXPECT_EQ(results["pairings"][0]["draws"], 1);  // the same solver: equal on everything
}
