// Owns: the hostile-program matrix: every judge/server/controller (one list, below) against
// every misbehaving program of hostile_player.cpp (one list, below). Each test runs the real
// judge binary with the hostile program on one side and a well-behaved bot on the other, and
// asserts: the verdict the judge reports (its name, from pursuit::verdict_name, appears in
// its output or result files), that the judge ended within its budget plus a margin, that it
// did not crash itself, and that no process it started is left behind (every descendant
// carries PURSUIT_HOSTILE_TAG=<unique tag> in its environment; /proc is searched for it).
// The crlf program is the exception that must not fail: it plays well but ends every line with
// " \t\r\n", and no judge may give it a verdict or call a move illegal.
// Robots has no process judge (its judge reads a file), so it is not in the list.
#include <dirent.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <thread>
#include <vector>

#include "../common/time_scale.h"

namespace {
namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

// ---- the judges ----------------------------------------------------------------------------
// argv placeholders: {bin} native programs, {src} repo root, {out} a fresh directory,
// {hostile} the hostile program as one command string, {hostile...} the same as separate words.
struct Judge {
    std::string id;
    std::vector<std::string> argv;
    std::string good;        // a well-behaved program for the attacked side (relayed by some modes)
    double fail_budget_s;    // the attacked side fails at once: the judge must be done by then
    double game_budget_s;    // a whole game is played (ignore-quit)
};

// A judge's time limit in ms (seconds for the controller), longer in the sanitizer build where
// the relayed good bots start and think about ten times slower (tests/common/time_scale.h).
std::string ms(int v) { return std::to_string(pursuit::test::scaled(v)); }
std::string secs(double v) { return std::to_string(pursuit::test::scaled(v)); }

// A second a move (300 ms before): on a loaded 2-core CI run the well-behaved bank-bot took 447 ms
// to start and send its start cells, and lost by time before the hostile side could fail. The
// hostile modes never reply at all, so a longer limit only makes the hanging ones take longer,
// well within fail_budget_s.
const std::vector<Judge>& judges() {
    static const std::vector<Judge> list{
        {"bank_judge",
         {"{bin}/bank-judge", "--moves", "20", "--seed", "1", "--time-ms", ms(1000), "--result", "{out}/result.json",
          "{hostile}", "{bin}/bank-bot --level random --seed 2"},
         "{bin}/bank-bot --level random --seed 1", 4, 30},
        {"copsrobbers_server",
         {"{bin}/copsrobbers-server", "--map", "{src}/maps/copsrobbers/grid-10x10.txt", "--cops", "1", "--rounds", "20",
          "--seed", "1", "--move-ms", ms(1000), "--first-move-ms", ms(1500), "--out", "{out}", "--cops-cmd", "{hostile}",
          "--robber-cmd", "{bin}/copsrobbers-bot --strategy random --seed 2"},
         "{bin}/copsrobbers-bot --strategy random --seed 1", 4, 30},
        {"fugitive_judge",
         {"{bin}/fugitive-judge", "--map", "{src}/maps/fugitive/generated-20.txt", "--seed", "1", "--time-ms", ms(1000),
          "--out", "{out}", "--fugitive", "{hostile}", "--detectives", "{bin}/fugitive-bot --strategy random --seed 2"},
         "{bin}/fugitive-bot --strategy random --seed 1", 4, 30},
        {"searchparty_controller",
         {"{bin}/searchparty-controller", "--time-limit", secs(1.0), "--summary",
          "{src}/maps/searchparty/maze-31x21-s1.txt", "--", "{hostile...}"},
         "{bin}/searchparty-solver --interactive --level easy", 4, 60},
    };
    return list;
}

// ---- the hostile programs ------------------------------------------------------------------
struct Hostile {
    std::string mode;
    std::vector<std::string> verdicts;  // accepted verdict names / messages; empty: the game ends normally
    bool clean = false;                 // no verdict at all, no illegal or malformed move either
};

const std::vector<Hostile>& hostiles() {
    static const std::vector<Hostile> list{
        {"sleep", {"time limit"}},
        {"exit", {"exited", "write failed"}},
        // A program started through /bin/sh -c that dies of a signal may reach the judge as the
        // shell's exit status 128+11 ("exited with status 139" + the shell's "Segmentation
        // fault" in its stderr): that message names the crash too.
        {"crash", {"crashed", "status 139", "segmentation fault", "signal 11"}},
        {"garbage", {"garbage output"}},
        {"flood", {"output limit"}},
        {"deaf", {"time limit", "write failed"}},
        {"fork", {"exited", "time limit"}},
        {"ignore-quit", {}},
        // Every reply line ends with " \t\r\n": tolerated by every judge (bank-judge forfeited
        // "LRUS " as "expected 4 commands with no spaces").
        {"crlf", {}, true},
    };
    return list;
}

const char* kAllVerdicts[] = {"time limit", "crashed", "exited", "output limit", "garbage output", "write failed", "start failed"};

std::string replace_all(std::string s, const std::string& from, const std::string& to) {
    for (std::size_t p = 0; (p = s.find(from, p)) != std::string::npos; p += to.size()) s.replace(p, from.size(), to);
    return s;
}

std::vector<std::string> split_words(const std::string& s) {
    std::vector<std::string> out;
    std::string w;
    for (char c : s) {
        if (c == ' ') {
            if (!w.empty()) out.push_back(w);
            w.clear();
        } else {
            w += c;
        }
    }
    if (!w.empty()) out.push_back(w);
    return out;
}

std::string slurp(const fs::path& p) {
    std::ifstream f(p, std::ios::binary);
    return std::string((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
}

// Pids of live processes whose environment carries the tag.
std::vector<int> tagged_processes(const std::string& tag) {
    std::vector<int> pids;
    const std::string needle = "PURSUIT_HOSTILE_TAG=" + tag;
    DIR* d = opendir("/proc");
    if (!d) return pids;
    while (dirent* e = readdir(d)) {
        const int pid = std::atoi(e->d_name);
        if (pid <= 0 || pid == getpid()) continue;
        const std::string env = slurp(fs::path("/proc") / e->d_name / "environ");
        if (env.find(needle + '\0') != std::string::npos || (env.size() >= needle.size() && env.find(needle) != std::string::npos))
            pids.push_back(pid);
    }
    closedir(d);
    return pids;
}

struct JudgeRun {
    int status = -1;
    double seconds = 0;
    bool killed_by_test = false;
    std::string text;  // stdout + stderr + every file in out dir, lowercased
};

JudgeRun run_judge(const std::vector<std::string>& argv, const fs::path& out, const std::string& tag, double kill_after_s) {
    JudgeRun r;
    const auto start = Clock::now();
    const pid_t pid = fork();
    if (pid == 0) {
        setpgid(0, 0);
        setenv("PURSUIT_HOSTILE_TAG", tag.c_str(), 1);
        FILE* o = std::freopen((out / "judge.stdout").c_str(), "w", stdout);
        FILE* e = std::freopen((out / "judge.stderr").c_str(), "w", stderr);
        (void)o, (void)e;
        std::vector<char*> args;
        for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
        args.push_back(nullptr);
        execv(args[0], args.data());
        _exit(127);
    }
    for (;;) {
        int st = 0;
        if (waitpid(pid, &st, WNOHANG) == pid) {
            r.status = st;
            break;
        }
        if (std::chrono::duration<double>(Clock::now() - start).count() > kill_after_s) {
            r.killed_by_test = true;
            kill(-pid, SIGKILL);
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    r.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    for (const auto& f : fs::recursive_directory_iterator(out))
        if (f.is_regular_file() && f.file_size() < (8u << 20)) r.text += slurp(f.path()) + "\n";
    std::transform(r.text.begin(), r.text.end(), r.text.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return r;
}

class HostileMatrix : public ::testing::TestWithParam<std::tuple<std::size_t, std::size_t>> {};

TEST_P(HostileMatrix, JudgeGivesTheVerdictEndsInTimeAndLeavesNoProcess) {
    const Judge& judge = judges()[std::get<0>(GetParam())];
    const Hostile& hostile = hostiles()[std::get<1>(GetParam())];
    const std::string bin = PURSUIT_BIN_DIR, src = PURSUIT_SOURCE_DIR;
    if (!fs::exists(replace_all(judge.argv[0], "{bin}", bin)) || !fs::exists(bin + "/hostile-player"))
        GTEST_SKIP() << judge.argv[0] << " is not built";

    static int counter = 0;
    const std::string tag = judge.id + "-" + hostile.mode + "-" + std::to_string(getpid()) + "-" + std::to_string(++counter);
    const fs::path out = fs::temp_directory_path() / ("pursuit-hostile-" + tag);
    fs::remove_all(out);
    fs::create_directories(out);
    const std::string good = replace_all(judge.good, "{bin}", bin);
    const std::string hostile_cmd = bin + "/hostile-player " + hostile.mode + " " + tag + " -- " + good;
    std::vector<std::string> argv;
    for (const auto& a : judge.argv) {
        if (a == "{hostile...}") {
            for (const auto& w : split_words(hostile_cmd)) argv.push_back(w);
            continue;
        }
        argv.push_back(replace_all(replace_all(replace_all(replace_all(a, "{hostile}", hostile_cmd), "{bin}", bin), "{src}", src),
                                   "{out}", out.string()));
    }
    const double budget = pursuit::test::scaled(hostile.verdicts.empty() ? judge.game_budget_s : judge.fail_budget_s);
    const JudgeRun r = run_judge(argv, out, tag, budget * 3 + 10);

    // No process left behind (a killed child may take a moment to be reaped by init).
    std::vector<int> left = tagged_processes(tag);
    for (int i = 0; i < 20 && !left.empty(); ++i) {
        std::this_thread::sleep_for(std::chrono::milliseconds(25));
        left = tagged_processes(tag);
    }
    for (int pid : left) kill(pid, SIGKILL);  // ours: clean up, then fail
    EXPECT_TRUE(left.empty()) << left.size() << " process(es) left behind";

    std::string found;
    for (const char* v : kAllVerdicts)
        if (r.text.find(v) != std::string::npos) found += (found.empty() ? "" : ", ") + std::string(v);
    std::printf("MATRIX %-24s %-12s -> %-28s %6.2f s exit %d\n", judge.id.c_str(), hostile.mode.c_str(),
                found.empty() ? "(no failure verdict)" : found.c_str(), r.seconds,
                WIFEXITED(r.status) ? WEXITSTATUS(r.status) : -WTERMSIG(r.status));

    EXPECT_FALSE(r.killed_by_test) << "the judge hung; killed after " << r.seconds << " s";
    EXPECT_LE(r.seconds, budget) << "the judge took too long";
    ASSERT_TRUE(WIFEXITED(r.status)) << "the judge itself died of a signal";
    EXPECT_NE(WEXITSTATUS(r.status), 127) << "the judge could not be started";
    EXPECT_EQ(r.text.find("addresssanitizer"), std::string::npos);
    EXPECT_EQ(r.text.find("runtime error:"), std::string::npos);
    if (!hostile.verdicts.empty()) {
        bool any = false;
        for (const auto& v : hostile.verdicts) any = any || r.text.find(v) != std::string::npos;
        EXPECT_TRUE(any) << "expected one of the verdicts of '" << hostile.mode << "' in the judge's output:\n"
                         << r.text.substr(0, 3000);
    }
    if (hostile.clean) {
        EXPECT_TRUE(found.empty()) << "a well-behaved program got the verdict " << found << ":\n" << r.text.substr(0, 3000);
        for (const char* bad : {"illegal", "malformed", "invalid"})
            EXPECT_EQ(r.text.find(bad), std::string::npos) << "'" << bad << "' in the judge's output:\n" << r.text.substr(0, 3000);
        EXPECT_EQ(WEXITSTATUS(r.status), 0) << r.text.substr(0, 3000);
    }
    if (!HasFailure()) fs::remove_all(out);
}

INSTANTIATE_TEST_SUITE_P(
    AllJudges, HostileMatrix,
    ::testing::Combine(::testing::Range<std::size_t>(0, judges().size()), ::testing::Range<std::size_t>(0, hostiles().size())),
    [](const auto& info) {
        std::string name = judges()[std::get<0>(info.param)].id + "__" + hostiles()[std::get<1>(info.param)].mode;
        std::replace(name.begin(), name.end(), '-', '_');
        return name;
    });

}  // namespace
