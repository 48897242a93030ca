// Owns: tests of pursuit::Player against real child processes that behave well or badly
// (time-outs, crashes, early exits, floods, garbage, closed stdin, grandchildren, ignoring
// Quit). Each test checks the verdict kind, that the message names the reason, that the call
// came back within its budget plus a margin, and that no process is left behind.
#include <gtest/gtest.h>

#include <dirent.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "common/json.h"
#include "common/judge_io.h"
#include "common/player_guardian.h"
#include "common/process_marks.h"
#include "common/process_runner.h"
#include "../common/scratch_dir.h"

using namespace pursuit;
using namespace std::chrono_literals;

namespace {

// Correctness bound, not a benchmark: generous for a loaded 2-core machine.
constexpr double kMarginS = 1.5;

PlayerLimits limits(std::chrono::milliseconds per_move, std::chrono::milliseconds total = 0ms) {
    PlayerLimits l;
    l.per_move = per_move;
    l.total = total;
    return l;
}

// State letter and process group of a live /proc entry, or false if it is gone.
bool proc_stat(int pid, char& state, int& pgrp) {
    std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
    std::string text;
    if (!std::getline(in, text)) return false;
    std::size_t close = text.rfind(')');  // the command name may contain spaces and ')'
    if (close == std::string::npos) return false;
    std::istringstream rest(text.substr(close + 1));
    int ppid = 0;
    rest >> state >> ppid >> pgrp;
    return bool(rest);
}

// Dead means gone or a zombie (a zombie runs nothing; reaping orphans is init's business).
bool process_dead(int pid) {
    char state = 0;
    int pgrp = 0;
    return !proc_stat(pid, state, pgrp) || state == 'Z' || state == 'X';
}

// Whether /proc/<pid>/environ has an entry starting with `entry` (the process has run the exec
// that set it).
bool environment_has(int pid, const std::string& entry) {
    std::ifstream in("/proc/" + std::to_string(pid) + "/environ", std::ios::binary);
    for (std::string e; std::getline(in, e, '\0');)
        if (e.compare(0, entry.size(), entry) == 0) return true;
    return false;
}

// No live (non-zombie) process is left in process group `pgid`.
bool group_dead(int pgid) {
    if (::kill(-pgid, 0) != 0 && errno == ESRCH) return true;
    DIR* dir = opendir("/proc");
    bool dead = true;
    while (dirent* e = readdir(dir)) {
        int pid = std::atoi(e->d_name);
        char state = 0;
        int pgrp = 0;
        if (pid > 0 && proc_stat(pid, state, pgrp) && pgrp == pgid && state != 'Z' && state != 'X') dead = false;
    }
    closedir(dir);
    return dead;
}

// Waits a little for the kernel to finish delivering SIGKILL to every member.
bool eventually(const std::function<bool()>& check) {
    for (int i = 0; i < 200; ++i) {
        if (check()) return true;
        std::this_thread::sleep_for(10ms);
    }
    return check();
}

int open_fd_count() {
    int n = 0;
    DIR* dir = opendir("/proc/self/fd");
    while (readdir(dir)) ++n;
    closedir(dir);
    return n;
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// The pid of this process's child whose argv[0] is `name`, 0 if none.
int child_named(const std::string& name) {
    DIR* dir = opendir("/proc");
    int found = 0;
    while (dirent* entry = readdir(dir)) {
        const int pid = std::atoi(entry->d_name);
        if (pid <= 0) continue;
        std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
        std::string line;
        std::getline(stat, line);
        const auto close = line.rfind(')');
        int ppid = 0;
        if (close == std::string::npos || std::sscanf(line.c_str() + close + 1, " %*c %d", &ppid) != 1 || ppid != getpid()) continue;
        std::ifstream cmdline("/proc/" + std::to_string(pid) + "/cmdline");
        std::string arg0;
        std::getline(cmdline, arg0, '\0');
        if (arg0 == name) found = pid;
    }
    closedir(dir);
    return found;
}

}  // namespace

TEST(ProcessRunner, VerdictNames) {
    EXPECT_STREQ(verdict_name(VerdictKind::Ok), "ok");
    EXPECT_STREQ(verdict_name(VerdictKind::TimeLimit), "time limit");
    EXPECT_STREQ(verdict_name(VerdictKind::Crashed), "crashed");
    EXPECT_STREQ(verdict_name(VerdictKind::Exited), "exited");
    EXPECT_STREQ(verdict_name(VerdictKind::OutputLimit), "output limit");
    EXPECT_STREQ(verdict_name(VerdictKind::Garbage), "garbage output");
    EXPECT_STREQ(verdict_name(VerdictKind::WriteFailed), "write failed");
    EXPECT_STREQ(verdict_name(VerdictKind::StartFailed), "start failed");
}

TEST(ProcessRunner, EchoesLinesAndChargesThinkingTime) {
    Player p("echo", std::string(RUNNER_ECHO) + " --delay-ms 200", "", limits(2000ms));
    int pgid = p.pid();
    ASSERT_GT(pgid, 0);
    for (int move = 1; move <= 3; ++move) {
        ASSERT_TRUE(p.send_line("move " + std::to_string(move)));
        Stopwatch watch;
        auto line = p.read_line("move " + std::to_string(move));
        ASSERT_TRUE(line) << p.verdict().message;
        EXPECT_EQ(*line, "move " + std::to_string(move));
        double last_ms = std::chrono::duration<double, std::milli>(p.last_move_time()).count();
        EXPECT_GE(last_ms, 150);
        EXPECT_LE(last_ms, watch.elapsed_ms() + 1);  // charged only while inside read_line
    }
    ASSERT_EQ(p.move_times_ms().size(), 3u);
    double total_ms = std::chrono::duration<double, std::milli>(p.thinking_time()).count();
    EXPECT_GE(total_ms, 450);
    EXPECT_LE(total_ms, 3 * 200 + 1000);
    // Time the judge spends elsewhere is not charged.
    std::this_thread::sleep_for(300ms);
    double after_ms = std::chrono::duration<double, std::milli>(p.thinking_time()).count();
    EXPECT_NEAR(after_ms, total_ms, 0.001);

    Stopwatch watch;
    p.finish("Quit", 2000ms);
    EXPECT_LT(watch.elapsed_s(), 1.0);  // it left by itself, long before the grace ran out
    EXPECT_TRUE(p.alive_and_ok());
    EXPECT_TRUE(group_dead(pgid));
}

TEST(ProcessRunner, StripsCarriageReturnAndKeepsBufferedLines) {
    Player p("crlf", "printf 'hello\\r\\nworld\\tTab\\n'; sleep 1000", "", limits(1000ms));
    EXPECT_EQ(p.read_line("first").value_or("?"), "hello");
    EXPECT_EQ(p.read_line("second").value_or("?"), "world\tTab");
    p.kill();
    EXPECT_TRUE(p.alive_and_ok());
    EXPECT_TRUE(eventually([&] { return group_dead(p.pid()); }));
}

TEST(ProcessRunner, SilentProgramTimesOutPerMove) {
    Player p("sleeper", "sleep 1000", "", limits(300ms));
    Stopwatch watch;
    EXPECT_FALSE(p.read_line("move 7"));
    double took = watch.elapsed_s();
    EXPECT_EQ(p.verdict().kind, VerdictKind::TimeLimit);
    EXPECT_TRUE(contains(p.verdict().message, "no reply within 0.300 s to move 7")) << p.verdict().message;
    EXPECT_GE(took, 0.29);
    EXPECT_LT(took, 0.3 + kMarginS);
    EXPECT_GE(p.thinking_time(), 290ms);
    // The failed wait is thinking time, not a reply (bank-judge counted it as one).
    EXPECT_TRUE(p.move_times_ms().empty());
    // Once failed, further calls return at once.
    watch.restart();
    EXPECT_FALSE(p.read_line("move 8"));
    EXPECT_FALSE(p.send_line("hello"));
    EXPECT_LT(watch.elapsed_s(), 0.1);
    int pgid = p.pid();
    p.kill();
    EXPECT_TRUE(eventually([&] { return group_dead(pgid); }));
}

// A reply without its newline, then silence: the time limit says what was written (it read as
// no reply at all, "sent no reply within 0.300 s to turn 1").
TEST(ProcessRunner, AReplyNeverEndedIsNamedInTheTimeLimit) {
    Player p("solver", "printf '@4'; sleep 1000", "", limits(300ms));
    EXPECT_FALSE(p.read_line("turn 1"));
    EXPECT_EQ(p.verdict().kind, VerdictKind::TimeLimit);
    EXPECT_EQ(p.verdict().message, "solver sent no reply within 0.300 s to turn 1 (it wrote \"@4\" but never ended the line)");
    p.kill();
}

TEST(ProcessRunner, WholeGameBudgetRunsOut) {
    // Wide margins: a loaded machine may add a few hundred ms to the first reply.
    Player p("slow", std::string(RUNNER_ECHO) + " --delay-ms 700", "", limits(4000ms, 1200ms));
    ASSERT_TRUE(p.send_line("a"));
    ASSERT_TRUE(p.read_line("move 1")) << p.verdict().message;  // ~0.7 s used, ~0.5 s left
    ASSERT_TRUE(p.send_line("b"));
    Stopwatch watch;
    EXPECT_FALSE(p.read_line("move 2"));
    EXPECT_LT(watch.elapsed_s(), 1.5);  // cut by what is left of the total, not the per-move 4 s
    EXPECT_EQ(p.verdict().kind, VerdictKind::TimeLimit);
    EXPECT_TRUE(contains(p.verdict().message, "used its whole 1.200 s thinking budget")) << p.verdict().message;
    EXPECT_TRUE(contains(p.verdict().message, "move 2"));
}

TEST(ProcessRunner, EarlyExitReportsStatus) {
    Player p("quitter", "exit 3", "", limits(2000ms));
    Stopwatch watch;
    EXPECT_FALSE(p.read_line("move 1"));
    EXPECT_LT(watch.elapsed_s(), 1.0);  // EOF is noticed at once, not at the deadline
    EXPECT_EQ(p.verdict().kind, VerdictKind::Exited);
    EXPECT_TRUE(contains(p.verdict().message, "exited with status 3 before answering move 1")) << p.verdict().message;
    int pgid = p.pid();
    p.kill();
    EXPECT_TRUE(group_dead(pgid));
}

TEST(ProcessRunner, CrashReportsSignal) {
    Player p("crasher", "kill -SEGV $$", "", limits(2000ms));
    Stopwatch watch;
    EXPECT_FALSE(p.read_line("move 1"));
    EXPECT_LT(watch.elapsed_s(), 1.0);
    EXPECT_EQ(p.verdict().kind, VerdictKind::Crashed);
    EXPECT_TRUE(contains(p.verdict().message, "killed by signal 11 (SIGSEGV)")) << p.verdict().message;
}

TEST(ProcessRunner, UnknownCommandIsAnExit127) {
    Player p("ghost", "/nonexistent/bot --fast", "", limits(2000ms));
    EXPECT_FALSE(p.read_line("move 1"));
    EXPECT_EQ(p.verdict().kind, VerdictKind::Exited);
    EXPECT_TRUE(contains(p.verdict().message, "status 127")) << p.verdict().message;
    EXPECT_TRUE(contains(p.stderr_tail(), "nonexistent")) << p.stderr_tail();
}

// A simple command runs as `exec COMMAND`: the program is the leader, not a shell around it. A
// program that closed its output while it went on running looked silent (the shell held the
// pipe) until its time limit, and a crash came through as the shell's status 128+N.
TEST(ProcessRunner, AProgramThatClosesItsOutputIsSeenAtOnce) {
    Player p("closer", std::string(RUNNER_ECHO) + " --close-stdout", "", limits(3000ms));
    Stopwatch watch;
    EXPECT_FALSE(p.read_line("move 1"));
    EXPECT_LT(watch.elapsed_s(), 1.0);  // not the 3 s limit
    EXPECT_EQ(p.verdict().kind, VerdictKind::Exited) << p.verdict().message;
    EXPECT_TRUE(contains(p.verdict().message, "closer closed its output before answering move 1")) << p.verdict().message;
}

TEST(ProcessRunner, ASimpleCommandsCrashIsTheProgramsSignal) {
    Player p("aborter", std::string(RUNNER_ECHO) + " --abort", "", limits(2000ms));
    EXPECT_FALSE(p.read_line("move 1"));
    EXPECT_EQ(p.verdict().kind, VerdictKind::Crashed) << p.verdict().message;
    EXPECT_TRUE(contains(p.verdict().message, "aborter was killed by signal 6 (SIGABRT) before answering move 1")) << p.verdict().message;
}

TEST(ProcessRunner, MissingWorkingDirectoryIsStartFailed) {
    Stopwatch watch;
    Player p("lost", "echo hi", "/nonexistent/pursuit-dir", limits(1000ms));
    EXPECT_EQ(p.verdict().kind, VerdictKind::StartFailed);
    EXPECT_TRUE(contains(p.verdict().message, "/nonexistent/pursuit-dir")) << p.verdict().message;
    EXPECT_TRUE(contains(p.verdict().message, "does not exist"));
    EXPECT_FALSE(p.send_line("x"));
    EXPECT_FALSE(p.read_line("move 1"));
    p.finish("Quit");
    EXPECT_EQ(p.verdict().kind, VerdictKind::StartFailed);
    EXPECT_LT(watch.elapsed_s(), 0.5);
}

TEST(ProcessRunner, RunsInItsWorkingDirectory) {
    const pursuit::test::ScratchDir scratch("pursuit-runner-");
    const std::string& dir = scratch.path();
    Player p("pwd", "pwd", dir, limits(2000ms));
    auto line = p.read_line("pwd");
    ASSERT_TRUE(line) << p.verdict().message;
    EXPECT_EQ(*line, dir);
    p.finish();
}

TEST(ProcessRunner, HugeLineIsOutputLimitWithoutBufferingIt) {
    Player p("flood", "head -c 100000000 /dev/zero | tr '\\0' 'a'", "", limits(5000ms));
    Stopwatch watch;
    EXPECT_FALSE(p.read_line("move 1"));
    EXPECT_LT(watch.elapsed_s(), 1.5);  // stops at the 1 MiB cap, not after 100 MB
    EXPECT_EQ(p.verdict().kind, VerdictKind::OutputLimit);
    EXPECT_TRUE(contains(p.verdict().message, "longer than 1048576 bytes")) << p.verdict().message;
    int pgid = p.pid();
    p.kill();
    EXPECT_TRUE(eventually([&] { return group_dead(pgid); }));  // head and tr too
}

TEST(ProcessRunner, TotalOutputLimit) {
    PlayerLimits l = limits(2000ms);
    l.max_total_bytes = 10000;
    Player p("chatty", "yes 'short line'", "", l);
    int lines = 0;
    while (p.read_line("move " + std::to_string(lines + 1)) && lines < 100000) ++lines;
    EXPECT_EQ(p.verdict().kind, VerdictKind::OutputLimit);
    EXPECT_TRUE(contains(p.verdict().message, "more than 10000 bytes")) << p.verdict().message;
    EXPECT_LT(lines, 10000 / 11 + 1);
}

TEST(ProcessRunner, ControlBytesAreGarbage) {
    Player p("noise", "printf '\\001\\002garbage\\n'; sleep 1000", "", limits(2000ms));
    EXPECT_FALSE(p.read_line("move 2"));
    EXPECT_EQ(p.verdict().kind, VerdictKind::Garbage);
    const std::string& m = p.verdict().message;
    EXPECT_TRUE(contains(m, "\\x01\\x02garbage")) << m;
    EXPECT_TRUE(contains(m, "move 2")) << m;
    EXPECT_TRUE(contains(m, "0x01")) << m;
}

// A quote in the line is escaped in the message's quotes: "@6 \xc3"\\." read as two pieces.
TEST(ProcessRunner, GarbageLineQuotedWithItsQuotesEscaped) {
    Player p("quotes", "printf '@6 \\303\"\\\\.\\n'; sleep 1000", "", limits(2000ms));
    EXPECT_FALSE(p.read_line("move 1"));
    EXPECT_EQ(p.verdict().kind, VerdictKind::Garbage);
    EXPECT_TRUE(contains(p.verdict().message, R"(: "@6 \xc3\"\\.")")) << p.verdict().message;
}

TEST(ProcessRunner, InvalidUtf8IsGarbage) {
    Player p("latin1", "printf 'caf\\351\\n'; sleep 1000", "", limits(2000ms));
    EXPECT_FALSE(p.read_line("move 1"));
    EXPECT_EQ(p.verdict().kind, VerdictKind::Garbage);
    EXPECT_TRUE(contains(p.verdict().message, "caf\\xe9")) << p.verdict().message;
}

TEST(ProcessRunner, ValidUtf8IsText) {
    Player p("utf8", "printf 'caf\\303\\251\\n'", "", limits(2000ms));
    EXPECT_EQ(p.read_line("move 1").value_or("?"), "caf\xc3\xa9");
}

// Bytes a JSON writer refuses (found by fuzzing: a surrogate in a reply made bank-judge die
// on writing its result) must be garbage before they reach any result or replay.
TEST(ProcessRunner, Utf8ThatJsonRefusesIsGarbage) {
    for (const std::string bad : {"\xed\xa0\x80", "\xe0\x80\xaf", "\xf0\x8f\xbf\xbf", "\xf4\x90\x80\x80", "\xc0\xaf"}) {
        std::string buffer = "A" + bad + "\n";
        const FramedLine f = take_framed_line(buffer, 100);
        EXPECT_EQ(f.problem, VerdictKind::Garbage) << f.excerpt;
        EXPECT_FALSE(f.line);
        EXPECT_TRUE(contains(f.detail, "byte 0x")) << f.detail;
        EXPECT_TRUE(contains(f.detail, "column 2")) << f.detail;
        EXPECT_TRUE(buffer.empty());
    }
    for (const std::string good : {"caf\xc3\xa9", "\xe2\x82\xac", "\xed\x9f\xbf", "\xf0\x9f\x98\x80", "\xf4\x8f\xbf\xbf", "a\tb"}) {
        std::string buffer = good + "\r\nnext";
        const FramedLine f = take_framed_line(buffer, 100);
        EXPECT_EQ(f.problem, VerdictKind::Ok);
        EXPECT_EQ(f.line.value_or("?"), good);
        EXPECT_EQ(buffer, "next");
        EXPECT_NO_THROW((void)Json(good).dump());
    }
}

TEST(ProcessRunner, FramingWaitsForTheNewlineAndCapsTheLength) {
    std::string buffer = "12345";
    EXPECT_FALSE(take_framed_line(buffer, 5).line);
    EXPECT_EQ(take_framed_line(buffer, 5).problem, VerdictKind::Ok);
    buffer += "6";
    EXPECT_EQ(take_framed_line(buffer, 5).problem, VerdictKind::OutputLimit);
    buffer = "12345\n";
    EXPECT_EQ(take_framed_line(buffer, 5).line.value_or("?"), "12345");
}

TEST(ProcessRunner, ClosedStdinIsWriteFailed) {
    Player p("deaf", "exec 0<&-; echo ready; sleep 5", "", limits(2000ms));
    ASSERT_EQ(p.read_line("hello").value_or("?"), "ready");  // stdin is closed by now
    Stopwatch watch;
    EXPECT_FALSE(p.send_line("move e2e4"));
    EXPECT_LT(watch.elapsed_s(), 0.5);
    EXPECT_EQ(p.verdict().kind, VerdictKind::WriteFailed);
    EXPECT_TRUE(contains(p.verdict().message, "closed its input")) << p.verdict().message;
    EXPECT_TRUE(contains(p.verdict().message, "move e2e4"));
    int pgid = p.pid();
    p.kill();
    EXPECT_TRUE(eventually([&] { return group_dead(pgid); }));
}

// closed_input_is_not_a_failure (searchparty-controller): a program that wrote its replies
// ahead and closed its input is not failed by the write; its lines are read, then its exit is
// the verdict when another line is needed. Without the limit the same program is WriteFailed.
TEST(ProcessRunner, AClosedInputCanBeToleratedAndTheLinesWrittenAheadAreRead) {
    PlayerLimits l = limits(2000ms);
    l.closed_input_is_not_a_failure = true;
    Player p("ahead", "exec 0<&-; printf 'one\\ntwo\\n'; sleep 0.3", "", l);
    ASSERT_EQ(p.read_line("move 1").value_or("?"), "one");  // its input is closed by now
    EXPECT_FALSE(p.send_line("state 2"));
    EXPECT_TRUE(p.verdict().ok()) << p.verdict().message;
    EXPECT_FALSE(p.send_line("state 3"));  // dropped too, at once
    EXPECT_EQ(p.read_line("move 2").value_or("?"), "two");
    EXPECT_FALSE(p.read_line("move 3"));
    EXPECT_EQ(p.verdict().kind, VerdictKind::Exited);
    EXPECT_TRUE(contains(p.verdict().message, "exited with status 0 before answering move 3")) << p.verdict().message;

    Player strict("ahead", "exec 0<&-; printf 'one\\ntwo\\n'; sleep 0.3", "", limits(2000ms));
    ASSERT_EQ(strict.read_line("move 1").value_or("?"), "one");
    EXPECT_FALSE(strict.send_line("state 2"));
    EXPECT_EQ(strict.verdict().kind, VerdictKind::WriteFailed);
    EXPECT_FALSE(strict.read_line("move 2"));
}

TEST(ProcessRunner, ProgramThatStopsReadingIsWriteFailed) {
    PlayerLimits l = limits(2000ms);
    l.write_timeout = 300ms;
    Player p("stubborn", "echo ready; sleep 1000", "", l);
    ASSERT_EQ(p.read_line("hello").value_or("?"), "ready");
    std::string big(256 * 1024, 'x');  // far more than a pipe holds
    Stopwatch watch;
    EXPECT_FALSE(p.send_line(big));
    double took = watch.elapsed_s();
    EXPECT_GE(took, 0.29);
    EXPECT_LT(took, 0.3 + kMarginS);
    EXPECT_EQ(p.verdict().kind, VerdictKind::WriteFailed);
    EXPECT_TRUE(contains(p.verdict().message, "does not read its input")) << p.verdict().message;
    int pgid = p.pid();
    p.kill();
    EXPECT_TRUE(eventually([&] { return group_dead(pgid); }));
}

TEST(ProcessRunner, DefaultWriteTimeoutIsBounded) {
    Player p("stubborn", "echo ready; sleep 1000", "", limits(2000ms));
    ASSERT_EQ(p.read_line("hello").value_or("?"), "ready");
    Stopwatch watch;
    int sent = 0;
    while (p.send_line(std::string(4096, 'y')) && sent < 1000) ++sent;
    EXPECT_LT(watch.elapsed_s(), 2.0 + kMarginS);
    EXPECT_EQ(p.verdict().kind, VerdictKind::WriteFailed);
    EXPECT_LT(sent, 1000);
}

TEST(ProcessRunner, GrandchildHoldingThePipeIsKilled) {
    Player p("parent", "sleep 1000 & echo $!; wait", "", limits(300ms));
    auto line = p.read_line("pid");
    ASSERT_TRUE(line) << p.verdict().message;
    int grandchild = std::stoi(*line);
    EXPECT_FALSE(process_dead(grandchild));
    EXPECT_FALSE(p.read_line("move 1"));
    EXPECT_EQ(p.verdict().kind, VerdictKind::TimeLimit);
    int pgid = p.pid();
    p.kill();
    EXPECT_TRUE(eventually([&] { return process_dead(grandchild); }));
    EXPECT_TRUE(eventually([&] { return group_dead(pgid); }));
}

// A process that left the player's group (setsid) escaped the group kill and outlived the
// judge. It carries the player's process mark (process_marks.h) and goes with the player.
// Both the one still beside its player and the orphan whose player has exited.
TEST(ProcessRunner, AProcessThatLeftTheGroupGoesWithItsPlayer) {
    for (const std::string command : {"setsid sleep 1000 & echo $!; wait", "setsid sleep 1000 </dev/null >/dev/null 2>&1 & echo $!; exit 0"}) {
        Player p("escaper", command, "", limits(2000ms));
        auto line = p.read_line("pid");
        ASSERT_TRUE(line) << command << ": " << p.verdict().message;
        const int escaped = std::stoi(*line);
        char state = 0;
        int pgrp = 0;
        ASSERT_TRUE(eventually([&] { return proc_stat(escaped, state, pgrp) && pgrp == escaped; })) << command << ": not in a group of its own";
        EXPECT_NE(pgrp, p.pid());
        p.finish("Quit", 100ms);
        EXPECT_TRUE(eventually([&] { return process_dead(escaped); })) << command;
        ::kill(escaped, SIGKILL);  // (what a failure left)
    }
}

// A process in the middle of an exec shows an empty environment until its new program's is set
// up: a player's process that had just left its group (`setsid sleep`, execing sleep) was missed
// so on a loaded machine (a CI run) and outlived its player. A process seen with an empty
// environment is looked at again for a while. Here one whose environment is empty until the
// test, 10 ms into the scan, tells it to exec with the mark.
TEST(ProcessMarks, AProcessSeenWithAnEmptyEnvironmentIsLookedAtAgain) {
    const std::string mark = "PURSUIT_TEST_MARK_" + std::to_string(getpid()) + "_LATE=";
    Player p("late", "env -i /bin/sh -c 'echo $$; read go; export " + mark + "1; exec /bin/sleep 1000'", "", limits(2000ms));
    const int late = std::stoi(p.read_line("pid").value_or("0"));
    ASSERT_GT(late, 0) << p.verdict().message;
    std::thread go([&] {
        std::this_thread::sleep_for(10ms);
        p.send_line("go");
    });
    EXPECT_EQ(process_marks::kill_marked(mark), 1);
    go.join();
    EXPECT_TRUE(eventually([&] { return process_dead(late); }));
    p.kill();
    ::kill(late, SIGKILL);  // (what a failure left)
}

// The marks are per player: a player's end takes only what it started itself.
TEST(ProcessRunner, APlayersEndSparesWhatAnotherPlayerStarted) {
    Player first("first", "setsid sleep 1000 & echo $!; wait", "", limits(2000ms));
    Player second("second", "setsid sleep 1000 & echo $!; wait", "", limits(2000ms));
    const int first_escaped = std::stoi(first.read_line("pid").value_or("0"));
    const int second_escaped = std::stoi(second.read_line("pid").value_or("0"));
    ASSERT_GT(first_escaped, 0);
    ASSERT_GT(second_escaped, 0);
    first.kill();
    EXPECT_TRUE(eventually([&] { return process_dead(first_escaped); }));
    std::this_thread::sleep_for(100ms);
    EXPECT_FALSE(process_dead(second_escaped));
    second.kill();
    EXPECT_TRUE(eventually([&] { return process_dead(second_escaped); }));
    for (int pid : {first_escaped, second_escaped}) ::kill(pid, SIGKILL);
}

// A process that left its player's group and cleared its environment (`setsid env -i`) is missed
// by the group kill and the marks. A judge that adopts its players' orphans gets it as a child
// when its parent ends, and kills it once no player is left (not before: it may be another live
// player's); the live player is spared. In a child process: adopting makes the whole program a
// subreaper, and takes every child that is not a player for an orphan.
TEST(ProcessRunner, AnAdoptedOrphanGoesWhenNoPlayerIsLeft) {
    const pid_t child = fork();
    ASSERT_GE(child, 0);
    if (child == 0) {
        adopt_players_orphans();
        Player first("first", "setsid env -i /bin/sh -c 'echo $$; exec sleep 1000' & wait", "", limits(2000ms));
        Player second("second", "cat", "", limits(2000ms));
        const int orphan = std::stoi(first.read_line("pid").value_or("0"));
        if (orphan <= 0) _exit(10);
        first.kill();
        std::this_thread::sleep_for(100ms);
        char state = 0;
        int pgrp = 0;
        if (!proc_stat(orphan, state, pgrp) || state == 'Z') _exit(11);  // killed while a player lives
        if (!second.send_line("still here") || second.read_line("echo") != "still here") _exit(12);
        second.kill();
        // (reaped: gone from /proc, not a zombie of this program)
        const bool gone = eventually([&] { return !proc_stat(orphan, state, pgrp); });
        ::kill(orphan, SIGKILL);  // (what a failure left)
        _exit(gone ? 0 : 13);
    }
    int status = 0;
    ASSERT_EQ(waitpid(child, &status, 0), child);
    ASSERT_TRUE(WIFEXITED(status)) << status;
    EXPECT_EQ(WEXITSTATUS(status), 0) << "10: no pid read, 11: killed while a player lived, 12: the live player harmed, 13: not killed and reaped once none was left";
}

// The scan reads each environment as a stream of entries: a mark past the first 4 KiB counts,
// the same text inside another entry's value does not.
TEST(ProcessMarks, OnlyAnEntryThatStartsWithTheMarkCountsHoweverLongTheEnvironment) {
    const std::string mark = "PURSUIT_TEST_MARK_" + std::to_string(getpid()) + "=";
    const std::string command = "env -i BIG=$(head -c 9000 /dev/zero | tr '\\0' x) " + mark + "1 sleep 1000 & echo $!; " +
                                "env -i OTHER=" + mark + "1 sleep 1000 & echo $!; wait";
    Player p("marked", command, "", limits(2000ms));
    const int marked = std::stoi(p.read_line("first pid").value_or("0"));
    const int unmarked = std::stoi(p.read_line("second pid").value_or("0"));
    ASSERT_GT(marked, 0) << p.verdict().message;
    ASSERT_GT(unmarked, 0) << p.verdict().message;
    // both have run env's exec (100 ms was not always enough on a loaded machine)
    ASSERT_TRUE(eventually([&] { return environment_has(marked, mark); }));
    ASSERT_TRUE(eventually([&] { return environment_has(unmarked, "OTHER=" + mark); }));
    EXPECT_EQ(process_marks::kill_marked(mark), 1);
    EXPECT_TRUE(eventually([&] { return process_dead(marked); }));
    EXPECT_FALSE(process_dead(unmarked));
    EXPECT_EQ(process_marks::kill_marked(""), 0);  // an empty mark matches nothing
    // What the guardian accepts from its environment: a judge's prefix, nothing shorter.
    EXPECT_TRUE(process_marks::is_judge_prefix(process_marks::judge_prefix()));
    EXPECT_FALSE(process_marks::is_judge_prefix("PURSUIT_PLAYER_"));
    EXPECT_FALSE(process_marks::is_judge_prefix(mark));
    p.kill();
    EXPECT_TRUE(eventually([&] { return process_dead(unmarked); }));
}

TEST(ProcessRunner, LeaderExitsButGrandchildKeepsOutputOpen) {
    // The shell exits at once; its background child inherits stdout, so there is no EOF. It was a
    // time limit after the whole limit; the exit is seen now, within a short grace for what the
    // child still writes.
    Player p("orphaner", "sleep 1000 & echo $!; exit 4", "", limits(3000ms));
    auto line = p.read_line("pid");
    ASSERT_TRUE(line) << p.verdict().message;
    int grandchild = std::stoi(*line);
    Stopwatch read;
    EXPECT_FALSE(p.read_line("move 1"));
    EXPECT_LT(read.elapsed_s(), 1.0);  // not the 3 s limit
    EXPECT_EQ(p.verdict().kind, VerdictKind::Exited) << p.verdict().message;
    EXPECT_TRUE(contains(p.verdict().message,
                         "orphaner exited with status 4 before answering move 1 (a process it started keeps its output open)"))
        << p.verdict().message;
    Stopwatch watch;
    p.finish("Quit", 200ms);
    EXPECT_LT(watch.elapsed_s(), 0.2 + kMarginS);
    EXPECT_TRUE(eventually([&] { return process_dead(grandchild); }));
}

TEST(ProcessRunner, WhatAnOrphanWritesJustAfterTheExitIsStillRead) {
    // The leader is gone, its background child answers 100 ms later: the line is read (the grace).
    Player p("late", "(sleep 0.1; echo late-line; sleep 1000) & exit 0", "", limits(3000ms));
    auto line = p.read_line("move 1");
    ASSERT_TRUE(line) << p.verdict().message;
    EXPECT_EQ(*line, "late-line");
}

TEST(ProcessRunner, FinishKillsAProgramThatIgnoresQuit) {
    Player p("deaf", "trap '' TERM INT HUP; echo ready; while true; do sleep 1; done", "", limits(1000ms));
    ASSERT_EQ(p.read_line("hello").value_or("?"), "ready");
    int pgid = p.pid();
    Stopwatch watch;
    p.finish("Quit", 200ms);
    double took = watch.elapsed_s();
    EXPECT_GE(took, 0.19);
    EXPECT_LT(took, 0.2 + kMarginS);
    EXPECT_TRUE(p.alive_and_ok());  // the game was over: not a fault
    EXPECT_TRUE(eventually([&] { return group_dead(pgid); }));
    p.finish("Quit");  // idempotent
    p.kill();
}

TEST(ProcessRunner, FinishSendsTheLastLine) {
    Player p("polite", "read l; echo \"got $l\" >&2; exit 0", "", limits(1000ms));
    p.finish("Quit", 2000ms);
    EXPECT_TRUE(contains(p.stderr_tail(), "got Quit")) << p.stderr_tail();
}

TEST(ProcessRunner, DestructorKillsTheGroup) {
    int pgid = -1, grandchild = -1;
    {
        Player p("abandoned", "sleep 1000 & echo $!; sleep 1000", "", limits(1000ms));
        pgid = p.pid();
        grandchild = std::stoi(p.read_line("pid").value_or("-1"));
        ASSERT_GT(grandchild, 0);
    }
    EXPECT_TRUE(eventually([&] { return process_dead(grandchild); }));
    EXPECT_TRUE(eventually([&] { return group_dead(pgid); }));
}

TEST(ProcessRunner, StderrFloodNeverBlocksAndTailIsKept) {
    PlayerLimits l = limits(5000ms);
    l.stderr_keep_bytes = 100;
    // 10 MB on stderr before the answer: without draining, the child blocks on a full pipe.
    Player p("noisy", "yes 'log line' | head -c 10000000 >&2; echo 'Move 1'; echo last words >&2", "", l);
    Stopwatch watch;
    auto line = p.read_line("move 1");
    ASSERT_TRUE(line) << p.verdict().message;
    EXPECT_EQ(*line, "Move 1");
    EXPECT_LT(watch.elapsed_s(), 5.0);
    p.finish();
    std::string tail = p.stderr_tail();
    EXPECT_EQ(tail.size(), 100u);
    EXPECT_TRUE(contains(tail, "last words")) << tail;
}

// The judge passes the program's stderr on (searchparty-controller) into a pipe nobody reads for
// a while (`2>&1 | less`): the time blocked writing it is the judge's, not the program's. A
// program that wrote 200 KB there and then its reply in 0 s got "no reply within 0.500 s".
TEST(ProcessRunner, TimeBlockedPassingStderrOnIsNotThinkingTime) {
    int pipe_fds[2];
    ASSERT_EQ(pipe(pipe_fds), 0);
    PlayerLimits l = limits(500ms);
    l.stderr_passthrough_fd = pipe_fds[1];
    Player p("chatty", "head -c 200000 /dev/zero | tr '\\0' x >&2; echo 'Move 1'", "", l);
    std::thread late_reader([&] {  // reads the pass-through pipe only after 1.5 s
        std::this_thread::sleep_for(1500ms);
        char buf[65536];
        while (read(pipe_fds[0], buf, sizeof buf) > 0) {
        }
    });
    auto line = p.read_line("move 1");
    EXPECT_TRUE(line) << p.verdict().message;
    if (line) {
        EXPECT_EQ(*line, "Move 1");
    }
    EXPECT_LT(p.thinking_time(), 500ms);
    p.finish();
    close(pipe_fds[1]);
    late_reader.join();
    close(pipe_fds[0]);
}

TEST(ProcessRunner, ChildDoesNotInheritIgnoredSigpipe) {
    // SigIgn is a hex mask; SIGPIPE (13) is bit 12 = 0x1000.
    Player p("sigs", "grep SigIgn /proc/self/status", "", limits(2000ms));
    auto line = p.read_line("status");
    ASSERT_TRUE(line) << p.verdict().message;
    unsigned long long mask = std::stoull(line->substr(line->find(':') + 1), nullptr, 16);
    EXPECT_EQ(mask & (1ull << (SIGPIPE - 1)), 0u) << *line;
}

TEST(ProcessRunner, NoFileDescriptorsLeak) {
    // The first player of a process also starts the player guardian, whose pipe end the
    // process keeps for its whole life: one descriptor, once.
    Player("first", "true", "", limits(2000ms)).kill();
    int before = open_fd_count();
    for (int i = 0; i < 30; ++i) {
        Player p("quick", "echo hi", "", limits(2000ms));
        EXPECT_EQ(p.read_line("hi").value_or("?"), "hi");
    }
    EXPECT_EQ(open_fd_count(), before);
}

// The player guardian (player_guardian.h) starts with the first player. Once it is gone (or
// if its exec failed), telling it something must cost nothing: it was a write to a pipe whose
// reader was gone, a SIGPIPE that killed fugitive-judge, which registers its folder before its
// first Player makes the process ignore SIGPIPE. Here SIGPIPE is set back to its default.
TEST(ProcessRunner, TellingAGuardianThatIsGoneRaisesNoSigpipe) {
    Player("first", "true", "", limits(2000ms)).kill();
    const int guardian = child_named(guardian::kProcessName);
    ASSERT_GT(guardian, 0) << "no guardian among this process's children";
    ::kill(guardian, SIGKILL);
    ASSERT_EQ(waitpid(guardian, nullptr, 0), guardian);
    struct sigaction by_default {}, before {};
    by_default.sa_handler = SIG_DFL;
    sigaction(SIGPIPE, &by_default, &before);
    guardian::watch_dir("/nonexistent/guarded");
    guardian::watch_group(2);
    sigaction(SIGPIPE, &before, nullptr);
    // (a SIGPIPE would have ended the test program here)
    Player p("after", "echo still", "", limits(2000ms));
    EXPECT_EQ(p.read_line("line").value_or("?"), "still");
}

TEST(ProcessRunner, ManyRoundTripsAreCheap) {
    Player p("echo", RUNNER_ECHO, "", limits(2000ms));
    constexpr int kMoves = 2000;
    Stopwatch watch;
    for (int i = 0; i < kMoves; ++i) {
        ASSERT_TRUE(p.send_line("m " + std::to_string(i)));
        ASSERT_EQ(p.read_line("move").value_or("?"), "m " + std::to_string(i));
    }
    double us = watch.elapsed_ms() * 1000.0 / kMoves;
    std::printf("round trip through the echo program: %.1f us per move\n", us);
    EXPECT_LT(watch.elapsed_s(), 10.0);
    EXPECT_LE(p.thinking_time(), watch.elapsed());
}

TEST(ProcessRunner, FinishDoesNotWaitForAFailedPlayer) {
    Player p("sleeper", "sleep 1000", "", limits(100ms));
    EXPECT_FALSE(p.read_line("move 1"));
    int pgid = p.pid();
    Stopwatch watch;
    p.finish("Quit", 5000ms);
    EXPECT_LT(watch.elapsed_s(), 1.0);
    EXPECT_EQ(p.verdict().kind, VerdictKind::TimeLimit);
    EXPECT_TRUE(eventually([&] { return group_dead(pgid); }));
}

TEST(ProcessRunner, PlayersCanLiveInAVector) {
    std::vector<Player> players;
    for (int i = 0; i < 4; ++i) players.emplace_back("p" + std::to_string(i), RUNNER_ECHO, "", limits(2000ms));
    std::vector<int> pgids;
    for (auto& p : players) {
        pgids.push_back(p.pid());
        ASSERT_TRUE(p.send_line(p.name()));
        EXPECT_EQ(p.read_line("name").value_or("?"), p.name());
    }
    Player moved = std::move(players[0]);
    EXPECT_EQ(moved.pid(), pgids[0]);
    EXPECT_EQ(players[0].pid(), -1);
    players[1] = Player("late", "sleep 1000", "", limits(100ms));  // the echo it held is killed
    EXPECT_TRUE(eventually([&] { return group_dead(pgids[1]); }));
    EXPECT_FALSE(group_dead(pgids[2]));
    int late = players[1].pid();
    players.clear();
    EXPECT_TRUE(eventually([&] { return group_dead(late) && group_dead(pgids[2]) && group_dead(pgids[3]); }));
    EXPECT_FALSE(group_dead(pgids[0]));  // still owned by `moved`
}

TEST(ProcessRunner, WorksWhenTheJudgeHasNoStdin) {
    int saved = dup(0);
    ASSERT_GE(saved, 0);
    ::close(0);  // the next pipe end would land on fd 0 without the runner's care
    {
        Player p("echo", RUNNER_ECHO, "", limits(2000ms));
        EXPECT_TRUE(p.send_line("still here"));
        EXPECT_EQ(p.read_line("echo").value_or("?"), "still here") << p.verdict().message;
    }
    ASSERT_EQ(dup2(saved, 0), 0);
    ::close(saved);
}

TEST(ProcessRunner, CrashReportedThroughTheShellIsACrash) {
    // A compound command keeps /bin/sh as the leader: it reports the inner crash as 128+11.
    Player p("wrapped", "sh -c 'kill -SEGV $$'; exit $?", "", limits(2000ms));
    EXPECT_FALSE(p.read_line("move 1"));
    EXPECT_EQ(p.verdict().kind, VerdictKind::Crashed) << p.verdict().message;
    EXPECT_TRUE(contains(p.verdict().message, "exited with status 139 (the shell's report of signal 11")) << p.verdict().message;
}

// Mutation audit: the limits' boundaries and the exit notes, each pinned by a real program.
// Exactly max_total_bytes of output is within the limit ("more than" is the failure); the next
// byte past it is not.
TEST(ProcessRunner, TotalOutputOfExactlyTheLimitIsAllowed) {
    PlayerLimits l = limits(2000ms);
    l.max_total_bytes = 12;
    Player exact("exact", "printf 'hello\\nworld\\n'; sleep 1000", "", l);
    EXPECT_EQ(exact.read_line("move 1").value_or("?"), "hello") << exact.verdict().message;
    EXPECT_EQ(exact.read_line("move 2").value_or("?"), "world") << exact.verdict().message;
    exact.kill();
    Player over("over", "printf 'hello\\nworld!\\n'; sleep 1000", "", l);
    EXPECT_FALSE(over.read_line("move 1"));
    EXPECT_EQ(over.verdict().kind, VerdictKind::OutputLimit) << over.verdict().message;
    EXPECT_TRUE(contains(over.verdict().message, "more than 12 bytes of output in total (at move 1)")) << over.verdict().message;
}

// A line of exactly max_line_bytes is a line; one byte more is the output limit, through a
// real pipe (not only take_framed_line).
TEST(ProcessRunner, ALineOfExactlyTheLineLimitIsALine) {
    PlayerLimits l = limits(2000ms);
    l.max_line_bytes = 8;
    Player exact("exact", "printf '12345678\\n123456789\\n'; sleep 1000", "", l);
    EXPECT_EQ(exact.read_line("move 1").value_or("?"), "12345678") << exact.verdict().message;
    EXPECT_FALSE(exact.read_line("move 2"));
    EXPECT_EQ(exact.verdict().kind, VerdictKind::OutputLimit);
    EXPECT_TRUE(contains(exact.verdict().message, "exact wrote a line longer than 8 bytes in reply to move 2")) << exact.verdict().message;
}

// Status 128 is an exit (a signal through the shell is 129..192), and the notes for 127 and 126
// say what the status usually means.
TEST(ProcessRunner, ExitStatusesAreNamedWithTheirUsualMeaning) {
    Player ended("ended", "exit 128", "", limits(2000ms));
    EXPECT_FALSE(ended.read_line("move 1"));
    EXPECT_EQ(ended.verdict().kind, VerdictKind::Exited) << ended.verdict().message;
    EXPECT_EQ(ended.verdict().message, "ended exited with status 128 before answering move 1");

    Player ghost("ghost", "/nonexistent/bot --fast", "", limits(2000ms));
    EXPECT_FALSE(ghost.read_line("move 1"));
    EXPECT_EQ(ghost.verdict().message, "ghost exited with status 127 (command not found?) before answering move 1");

    const pursuit::test::ScratchDir scratch("pursuit-runner-");
    const std::string plain = scratch.path() + "/not-executable";
    { std::ofstream(plain) << "echo hi\n"; }
    Player stuck("stuck", plain, "", limits(2000ms));
    EXPECT_FALSE(stuck.read_line("move 1"));
    EXPECT_EQ(stuck.verdict().kind, VerdictKind::Exited) << stuck.verdict().message;
    EXPECT_EQ(stuck.verdict().message, "stuck exited with status 126 (command not executable?) before answering move 1");
}

// Output that ends in an unfinished line: quoted in the verdict by default, read as a last line
// with unfinished_last_line_counts (searchparty-controller), and after it the exit is the verdict.
TEST(ProcessRunner, AnUnfinishedLineAtTheEndOfOutputIsQuotedOrReadAsTheLimitsSay) {
    Player strict("half", "printf '@4'; exit 0", "", limits(2000ms));
    EXPECT_FALSE(strict.read_line("turn 1"));
    EXPECT_EQ(strict.verdict().kind, VerdictKind::Exited) << strict.verdict().message;
    EXPECT_EQ(strict.verdict().message, "half exited with status 0 before answering turn 1 (after an unfinished line \"@4\")");

    PlayerLimits l = limits(2000ms);
    l.unfinished_last_line_counts = true;
    Player lenient("half", "printf 'one\\n@4'; exit 0", "", l);
    EXPECT_EQ(lenient.read_line("turn 1").value_or("?"), "one");
    EXPECT_EQ(lenient.read_line("turn 2").value_or("?"), "@4") << lenient.verdict().message;
    EXPECT_FALSE(lenient.read_line("turn 3"));
    EXPECT_EQ(lenient.verdict().kind, VerdictKind::Exited) << lenient.verdict().message;
    EXPECT_EQ(lenient.verdict().message, "half exited with status 0 before answering turn 3");
}

// A signal the judge handles (its own timer, a stop signal it catches) interrupts the runner's
// poll: that is no verdict on the program, which replies after it.
TEST(ProcessRunner, ASignalToTheJudgeDuringAReadIsNotTheProgramsFault) {
    struct sigaction on_usr1 {}, before {};
    on_usr1.sa_handler = [](int) {};
    sigaction(SIGUSR1, &on_usr1, &before);  // no SA_RESTART (poll is never restarted anyway)
    Player p("slow", std::string(RUNNER_ECHO) + " --delay-ms 400", "", limits(3000ms));
    ASSERT_TRUE(p.send_line("move 1"));
    const pthread_t reader = pthread_self();
    std::thread poke([reader] {
        for (int i = 0; i < 5; ++i) {
            std::this_thread::sleep_for(50ms);
            pthread_kill(reader, SIGUSR1);
        }
    });
    auto line = p.read_line("move 1");
    poke.join();
    sigaction(SIGUSR1, &before, nullptr);
    EXPECT_EQ(line.value_or("?"), "move 1") << p.verdict().message;
    EXPECT_TRUE(p.verdict().ok()) << p.verdict().message;
}

// The smallest limit a judge accepts (bank-judge --time-ms 1) is a limit: only 0 means none.
TEST(ProcessRunner, AOneMillisecondLimitIsALimit) {
    Player p("sleeper", "sleep 1000", "", limits(1ms, 3000ms));  // (the total: no hang if it is not)
    Stopwatch watch;
    EXPECT_FALSE(p.read_line("move 1"));
    EXPECT_LT(watch.elapsed_s(), 0.001 + kMarginS);
    EXPECT_EQ(p.verdict().kind, VerdictKind::TimeLimit) << p.verdict().message;
    EXPECT_EQ(p.verdict().message, "sleeper sent no reply within 0.001 s to move 1");
}
