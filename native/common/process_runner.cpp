// Owns: the POSIX implementation of pursuit::Player (see process_runner.h and
// PROCESS_RUNNER.md). One child = one process group led by `/bin/sh -c <command>` (or the
// program itself, for a simple command: `exec` in front); the
// parent keeps non-blocking, close-on-exec pipe ends and never waits without a deadline.
#include "common/process_runner.h"
#include "common/line_reader.h"
#include "common/player_guardian.h"
#include "common/process_marks.h"
#include "common/seconds_text.h"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <mutex>
#include <thread>
#include <utility>

#include <fcntl.h>
#include <poll.h>
#if defined(__linux__)
#include <sys/prctl.h>
#endif
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

namespace pursuit {

namespace {

using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

constexpr std::size_t kChunk = 64 * 1024;
// How many chunks one stderr drain may read before going back to the caller's loop:
// a child flooding stderr must not keep us from noticing deadlines.
constexpr int kMaxDrainChunks = 16;
// How long to wait for the exit status after stdout reached EOF (the child usually exits
// right after closing stdout; if not, it "closed its output" and that is reported as such).
constexpr milliseconds kExitPeekWait{200};
// How often a read looks whether the program itself is gone while its output stays open (a
// process it started holds it): the program's exit is otherwise only seen at EOF.
constexpr milliseconds kLeaderLook{50};

// The shell's line for `command`: `exec command` when it is one simple command (a program and
// its arguments, redirections allowed), so that the program replaces the shell. dash keeps a
// shell between the judge and the program otherwise, holding the output pipe open: a program
// that closed its output then looked silent until its time limit, and a crash came through as
// the shell's status 128+N. Lists, pipelines, subshells, substitutions, assignments, shell
// builtins and keywords keep the shell as the leader (`exec` would change what they mean).
std::string shell_line(const std::string& command) {
    if (command.find_first_of(";&|()`\n{}!") != std::string::npos) return command;
    const std::size_t start = command.find_first_not_of(" \t");
    if (start == std::string::npos) return command;
    const std::string first = command.substr(start, command.find_first_of(" \t<>", start) - start);
    static const char* const kShellWords[] = {
        ".", ":", "[", "alias", "bg", "break", "case", "cd", "command", "continue", "do", "done", "echo",
        "elif", "else", "esac", "eval", "exec", "exit", "export", "false", "fc", "fg", "fi", "for",
        "getopts", "hash", "if", "in", "jobs", "kill", "local", "printf", "pwd", "read", "readonly",
        "return", "set", "shift", "test", "then", "times", "trap", "true", "type", "ulimit", "umask",
        "unalias", "unset", "until", "wait", "while"};
    if (first.empty() || first.find('=') != std::string::npos) return command;
    for (const char* word : kShellWords)
        if (first == word) return command;
    return "exec " + command;
}

// A write to a pipe whose reader is gone must be an EPIPE error, not a fatal signal.
void ignore_sigpipe_once() {
    static std::once_flag once;
    std::call_once(once, [] { std::signal(SIGPIPE, SIG_IGN); });
}

// The process groups of the players alive now. Each player has a group of its own, which the
// terminal's Ctrl-C does not reach: a judge stopped by Ctrl-C, SIGTERM or SIGHUP left its
// players running, orphaned (a bot in a long think, a hung one for ever). Now the judge's
// death takes them along. Lock-free atomics, since a signal handler reads them.
constexpr int kGroupSlots = 512;
static_assert(std::atomic<int>::is_always_lock_free, "read in a signal handler");
std::atomic<int> live_groups[kGroupSlots];

void remember_group(int pgid) {
    for (std::atomic<int>& slot : live_groups) {
        int empty = 0;
        if (slot.compare_exchange_strong(empty, pgid)) break;
    }  // (more than 512 players at once: the rest are not taken along by a stop signal)
    guardian::watch_group(pgid);
}

void forget_group(int pgid) {
    for (std::atomic<int>& slot : live_groups) {
        int mine = pgid;
        if (slot.compare_exchange_strong(mine, 0)) break;
    }
    guardian::forget_group(pgid);
}

void kill_live_groups() {
    for (std::atomic<int>& slot : live_groups) {
        const int pgid = slot.load();
        if (pgid > 0) ::kill(-pgid, SIGKILL);
    }
}

// adopt_players_orphans: this program is the subreaper of what its players start, and every
// child of it that is neither a live player's leader nor the guardian is such an orphan.
std::atomic<bool> adopting{false};
// Held from a player's fork until its group is remembered, from its group forgotten until its
// leader is reaped, and while orphans are killed outside a signal handler: a player just forked
// by another thread is not yet known but no orphan, and one just forgotten is its Player's to reap.
std::mutex players_changing;

bool spared_child(int pid) {
    if (pid == guardian::pid()) return true;
    for (const std::atomic<int>& slot : live_groups)
        if (slot.load() == pid) return true;
    return false;
}

bool any_live_group() {
    for (const std::atomic<int>& slot : live_groups)
        if (slot.load() > 0) return true;
    return false;
}

// The orphans go once no player is left alive: while one is, an orphan may be its own (a
// judge runs its players side by side, and an orphan no longer says whose it was).
void kill_orphans_if_no_player_left() {
    if (!adopting.load()) return;
    std::lock_guard<std::mutex> lock(players_changing);
    if (!any_live_group()) process_marks::kill_children(spared_child, /*reap=*/true);
}

// The directories a stop signal removes (remove_at_stop_signal): a judge's temporary work
// directory was left in /tmp by Ctrl-C. Fixed slots, since a signal handler reads them; a slot's
// path is written before `used` is set and read only while it is set.
constexpr int kDirSlots = 8;
constexpr std::size_t kDirPathBytes = 4096;
struct DirSlot {
    std::atomic<bool> used{false};
    char path[kDirPathBytes];
};
DirSlot dirs_to_remove[kDirSlots];

// Runs `rm -rf -- dir` for each registered directory and waits for it: async-signal-safe
// calls only (fork, execve, waitpid), since the handler cannot walk a tree itself. The players
// were killed first; their leaders are reaped so that none is still writing in a directory.
void remove_registered_dirs() {
    bool any = false;
    for (const DirSlot& slot : dirs_to_remove) any = any || slot.used.load();
    if (!any) return;
    for (std::atomic<int>& group : live_groups) {
        const int pgid = group.load();
        if (pgid > 0) ::waitpid(pgid, nullptr, 0);
    }
    for (DirSlot& slot : dirs_to_remove) {
        if (!slot.used.load()) continue;
        char rm[] = "/bin/rm", flags[] = "-rf", end[] = "--";
        char* argv[] = {rm, flags, end, slot.path, nullptr};
        char* envp[] = {nullptr};
        const pid_t pid = ::fork();
        if (pid == 0) {
            ::execve(rm, argv, envp);
            ::_exit(127);
        }
        if (pid > 0) ::waitpid(pid, nullptr, 0);
    }
}

void die_by(int sig) {
    struct sigaction dfl {};
    dfl.sa_handler = SIG_DFL;
    sigaction(sig, &dfl, nullptr);
    ::raise(sig);  // in a handler: delivered when it returns
}

// Kills every player's group, then ends the program as the signal asks (status 128 + sig).
void on_stop_signal(int sig) {
    kill_live_groups();
    process_marks::kill_marked(process_marks::judge_prefix());
    if (adopting.load()) process_marks::kill_children(spared_child, /*reap=*/false);
    remove_registered_dirs();
    die_by(sig);
}

volatile std::sig_atomic_t caught_signal = 0;

// catch_stop_signals: the players go, the program goes on.
void on_caught_stop_signal(int sig) {
    caught_signal = sig;
    kill_live_groups();
    process_marks::kill_marked(process_marks::judge_prefix());
    if (adopting.load()) process_marks::kill_children(spared_child, /*reap=*/false);
}

// Installed with the first player, for the signals the program left at their default: a
// program with its own handler (searchparty-controller ends its run with a replay) keeps it,
// and an ignored one (SIGINT in a background job) stays ignored.
void take_players_along_once() {
    static std::once_flag once;
    std::call_once(once, [] {
        process_marks::prepare();  // before the guardian, which is told the marks, and the handlers
        guardian::start_once();  // and SIGKILL, which no handler sees
        for (int sig : {SIGINT, SIGTERM, SIGHUP}) {
            struct sigaction old {};
            if (sigaction(sig, nullptr, &old) != 0 || (old.sa_flags & SA_SIGINFO) || old.sa_handler != SIG_DFL) continue;
            struct sigaction sa {};
            sa.sa_handler = on_stop_signal;
            sigaction(sig, &sa, nullptr);
        }
    });
}

}  // namespace

void adopt_players_orphans() {
#if defined(__linux__)
    if (prctl(PR_SET_CHILD_SUBREAPER, 1) == 0) adopting.store(true);
#endif
}

void catch_stop_signals(std::initializer_list<int> signals) {
    struct sigaction sa {};
    sa.sa_handler = on_caught_stop_signal;
    for (int sig : signals) sigaction(sig, &sa, nullptr);
}

int caught_stop_signal() { return caught_signal; }

bool remove_at_stop_signal(const std::string& dir) {
    if (dir.empty() || dir.size() >= kDirPathBytes) return false;
    take_players_along_once();  // (a signal before the first player would leave the directory)
    guardian::watch_dir(dir);
    for (DirSlot& slot : dirs_to_remove) {
        if (slot.used.load()) continue;
        std::memcpy(slot.path, dir.c_str(), dir.size() + 1);
        slot.used.store(true);
        return true;
    }
    return false;
}

void forget_removal_at_stop_signal(const std::string& dir) {
    guardian::forget_dir(dir);
    for (DirSlot& slot : dirs_to_remove)
        if (slot.used.load() && dir == slot.path) slot.used.store(false);
}

void end_by_caught_signal() {
    if (caught_signal) die_by(caught_signal);
}

namespace {

std::string signal_text(int sig) {
    const char* abbrev = sigabbrev_np(sig);
    return std::to_string(sig) + (abbrev ? std::string(" (SIG") + abbrev + ")" : std::string());
}

bool set_nonblocking(int fd) {
    int flags = fcntl(fd, F_GETFL);
    return flags >= 0 && fcntl(fd, F_SETFL, flags | O_NONBLOCK) == 0;
}

void close_fd(int& fd) {
    if (fd >= 0) ::close(fd);
    fd = -1;
}

int poll_timeout_ms(Clock::time_point deadline) {
    if (deadline == Clock::time_point::max()) return -1;
    auto left = deadline - Clock::now();
    if (left <= Clock::duration::zero()) return 0;
    // Round up so we never wake just before the deadline and spin.
    return static_cast<int>(std::chrono::ceil<milliseconds>(left).count());
}

// A close-on-exec pipe whose ends are both >= 3. If the judge runs with 0/1/2 closed, a pipe
// end there would receive the judge's own printf/std::cout output (or its reads), and the
// child's dup2 calls onto 0/1/2 could overwrite an end not yet moved.
bool make_pipe(int fds[2]) {
    if (pipe2(fds, O_CLOEXEC) != 0) return false;
    for (int k = 0; k < 2; ++k) {
        if (fds[k] >= 3) continue;
        int lifted = fcntl(fds[k], F_DUPFD_CLOEXEC, 3);
        if (lifted < 0) return false;
        ::close(fds[k]);
        fds[k] = lifted;
    }
    return true;
}

// In the child, between fork and exec: only async-signal-safe calls. Puts `fd` on `target`
// with close-on-exec cleared (dup2 onto itself would keep the flag).
bool move_fd(int fd, int target) {
    if (fd == target) return fcntl(fd, F_SETFD, 0) == 0;
    return dup2(fd, target) == target;
}

[[noreturn]] void child_fail(int report_fd, int stage) {
    int err[2] = {stage, errno};
    ssize_t ignored = write(report_fd, err, sizeof err);
    (void)ignored;
    _exit(127);
}

// In the forked child: its own process group, default signals, the working folder and the
// pipes as fds 0-2, then /bin/sh. Allocates nothing (the parent prepared argv and envp); a
// failure is written to report_fd as {stage, errno}.
[[noreturn]] void exec_child(const char* cwd, int in, int out, int err, int report_fd, const char* const* argv, char* const* envp) {
    setpgid(0, 0);
    // The parent ignores SIGPIPE; ignored dispositions survive exec, children get the default.
    signal(SIGPIPE, SIG_DFL);
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, nullptr);
    if (cwd && chdir(cwd) != 0) child_fail(report_fd, 1);
    if (!move_fd(in, 0) || !move_fd(out, 1) || !move_fd(err, 2)) child_fail(report_fd, 2);
    execve("/bin/sh", const_cast<char* const*>(argv), envp);
    child_fail(report_fd, 3);
}

bool is_directory(const std::string& path) {
    struct stat st;
    return ::stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode);
}

// This process's environment plus `entry` (the player's mark), null-terminated for execve.
std::vector<char*> environment_with(char* entry) {
    std::vector<char*> envp;
    for (char** e = environ; *e != nullptr; ++e) envp.push_back(*e);
    envp.push_back(entry);
    envp.push_back(nullptr);
    return envp;
}

}  // namespace

FramedLine take_framed_line(std::string& buffer, std::size_t max_line_bytes) {
    FramedLine out;
    const std::size_t nl = buffer.find('\n');
    const std::size_t line_len = nl == std::string::npos ? buffer.size() : nl;
    if (line_len > max_line_bytes) {
        out.problem = VerdictKind::OutputLimit;
        return out;
    }
    if (nl == std::string::npos) return out;
    std::string line = buffer.substr(0, nl);
    buffer.erase(0, nl + 1);
    if (!line.empty() && line.back() == '\r') line.pop_back();
    std::string detail = non_text_detail(line);
    if (!detail.empty()) {
        out.problem = VerdictKind::Garbage;
        out.detail = std::move(detail);
        out.excerpt = double_quoted_excerpt(line);
        return out;
    }
    out.line = std::move(line);
    return out;
}

const char* verdict_name(VerdictKind k) {
    switch (k) {
        case VerdictKind::Ok: return "ok";
        case VerdictKind::TimeLimit: return "time limit";
        case VerdictKind::Crashed: return "crashed";
        case VerdictKind::Exited: return "exited";
        case VerdictKind::OutputLimit: return "output limit";
        case VerdictKind::Garbage: return "garbage output";
        case VerdictKind::WriteFailed: return "write failed";
        case VerdictKind::StartFailed: return "start failed";
    }
    return "unknown";
}

Player::Player(std::string name, std::string command, std::string working_dir, PlayerLimits limits)
    : name_(std::move(name)), limits_(limits) {
    ignore_sigpipe_once();
    take_players_along_once();
    start(command, working_dir);
}

Player::~Player() { kill(); }

Player::Player(Player&& other) noexcept { take(other); }

Player& Player::operator=(Player&& other) noexcept {
    if (this != &other) {
        kill();
        take(other);
    }
    return *this;
}

void Player::take(Player& o) noexcept {
    name_ = std::move(o.name_);
    limits_ = o.limits_;
    verdict_ = std::move(o.verdict_);
    pid_ = std::exchange(o.pid_, -1);
    mark_ = std::move(o.mark_);
    in_fd_ = std::exchange(o.in_fd_, -1);
    out_fd_ = std::exchange(o.out_fd_, -1);
    err_fd_ = std::exchange(o.err_fd_, -1);
    out_buf_ = std::move(o.out_buf_);
    err_tail_ = std::move(o.err_tail_);
    total_out_ = o.total_out_;
    passed_ = o.passed_;
    passed_mid_line_ = o.passed_mid_line_;
    total_ = o.total_;
    last_ = o.last_;
    move_times_ms_ = std::move(o.move_times_ms_);
    reaped_ = std::exchange(o.reaped_, true);
    input_closed_ = o.input_closed_;
    exit_known_ = o.exit_known_;
    exit_code_ = o.exit_code_;
    exit_signal_ = o.exit_signal_;
    finished_ = std::exchange(o.finished_, true);
}

void Player::start(const std::string& command, const std::string& working_dir) {
    if (!working_dir.empty() && !is_directory(working_dir)) {
        fail(VerdictKind::StartFailed, "cannot start " + name_ + ": working directory " + working_dir + " does not exist");
        return;
    }
    // Pipes: [0] read end, [1] write end. `report` tells the parent why the child could not
    // exec (it stays empty and closes on a successful exec thanks to O_CLOEXEC).
    int in[2] = {-1, -1}, out[2] = {-1, -1}, err[2] = {-1, -1}, report[2] = {-1, -1};
    auto close_all = [&] {
        for (int* p : {in, out, err, report}) {
            close_fd(p[0]);
            close_fd(p[1]);
        }
    };
    if (!make_pipe(in) || !make_pipe(out) || !make_pipe(err) || !make_pipe(report)) {
        fail(VerdictKind::StartFailed, "cannot start " + name_ + ": pipe: " + std::strerror(errno));
        close_all();
        return;
    }
    // Everything the child needs is prepared before fork (no allocation after it).
    const std::string line = shell_line(command);
    const char* argv[] = {"sh", "-c", line.c_str(), nullptr};
    std::string mark = process_marks::new_player_entry();
    std::vector<char*> envp = environment_with(mark.data());
    mark_ = mark.substr(0, mark.find('=') + 1);
    const char* cwd = working_dir.empty() ? nullptr : working_dir.c_str();

    // Ctrl-C between fork and remember_group would miss this player: the stop signals wait
    // until it is remembered (the child clears its mask).
    sigset_t stops, before;
    sigemptyset(&stops);
    for (int sig : {SIGINT, SIGTERM, SIGHUP}) sigaddset(&stops, sig);
    pthread_sigmask(SIG_BLOCK, &stops, &before);
    std::unique_lock<std::mutex> forked(players_changing);
    pid_t pid = fork();
    if (pid < 0) {
        forked.unlock();
        pthread_sigmask(SIG_SETMASK, &before, nullptr);
        fail(VerdictKind::StartFailed, "cannot start " + name_ + ": fork: " + std::strerror(errno));
        close_all();
        return;
    }
    if (pid == 0) exec_child(cwd, in[0], out[1], err[1], report[1], argv, envp.data());
    // Also set the group from the parent: kill(-pid) must work even if we get there first.
    setpgid(pid, pid);
    pid_ = pid;
    remember_group(pid);
    forked.unlock();
    pthread_sigmask(SIG_SETMASK, &before, nullptr);
    close_fd(in[0]);
    close_fd(out[1]);
    close_fd(err[1]);
    close_fd(report[1]);
    in_fd_ = in[1];
    out_fd_ = out[0];
    err_fd_ = err[0];
    if (!exec_succeeded(report[0], working_dir)) return;
    if (!set_nonblocking(in_fd_) || !set_nonblocking(out_fd_) || !set_nonblocking(err_fd_)) {
        fail(VerdictKind::StartFailed, "cannot start " + name_ + ": fcntl: " + std::strerror(errno));
        kill();
    }
}

// Reads the child's exec report (closing it): nothing came when exec worked; otherwise the stage
// and errno it failed at, said in the verdict, and the player is killed.
bool Player::exec_succeeded(int report_fd, const std::string& working_dir) {
    int child_err[2] = {0, 0};
    ssize_t n;
    do n = read(report_fd, child_err, sizeof child_err);
    while (n < 0 && errno == EINTR);
    close_fd(report_fd);
    if (n != static_cast<ssize_t>(sizeof child_err)) return true;
    std::string what = child_err[0] == 1   ? "cannot enter working directory " + working_dir
                       : child_err[0] == 2 ? std::string("cannot set up its pipes")
                                           : std::string("cannot run /bin/sh");
    fail(VerdictKind::StartFailed, "cannot start " + name_ + ": " + what + ": " + std::strerror(child_err[1]));
    kill();
    return false;
}

void Player::fail(VerdictKind kind, std::string message) {
    if (!verdict_.ok()) return;  // the first failure is the one that counts
    verdict_.kind = kind;
    verdict_.message = std::move(message);
}

std::chrono::nanoseconds Player::pass_through(const char* data, std::size_t size) {
    if (limits_.stderr_passthrough_fd < 0 || passed_ >= limits_.stderr_passthrough_bytes) return std::chrono::nanoseconds::zero();
    const std::size_t n = std::min(size, limits_.stderr_passthrough_bytes - passed_);
    const auto began = Clock::now();
    for (std::size_t done = 0; done < n;) {
        const ssize_t w = write(limits_.stderr_passthrough_fd, data + done, n - done);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) break;  // our own stderr is gone: nothing more to show
        done += static_cast<std::size_t>(w);
    }
    passed_ += n;
    if (n > 0) passed_mid_line_ = data[n - 1] != '\n';
    const auto blocked = Clock::now() - began;
    if (passed_ >= limits_.stderr_passthrough_bytes) {
        const std::string note = "\n(" + name_ + "'s stderr: more than " + std::to_string(limits_.stderr_passthrough_bytes >> 20) +
                                 " MiB; the rest is not shown)\n";
        [[maybe_unused]] const ssize_t w = write(limits_.stderr_passthrough_fd, note.data(), note.size());
        passed_mid_line_ = false;
    }
    return blocked;
}

void Player::pass_stderr_to_line_end() {
    drain_stderr();
    if (!passed_mid_line_) return;
    passed_mid_line_ = false;
    [[maybe_unused]] const ssize_t w = write(limits_.stderr_passthrough_fd, "\n", 1);
}

std::chrono::nanoseconds Player::drain_stderr() {
    auto blocked = std::chrono::nanoseconds::zero();
    if (err_fd_ < 0) return blocked;
    char buf[kChunk];
    for (int i = 0; i < kMaxDrainChunks; ++i) {
        ssize_t n = read(err_fd_, buf, sizeof buf);
        if (n > 0) {
            blocked += pass_through(buf, static_cast<std::size_t>(n));
            err_tail_.append(buf, static_cast<std::size_t>(n));
            if (err_tail_.size() > limits_.stderr_keep_bytes)
                err_tail_.erase(0, err_tail_.size() - limits_.stderr_keep_bytes);
            continue;
        }
        if (n < 0 && errno == EINTR) continue;
        if (n == 0 || (errno != EAGAIN && errno != EWOULDBLOCK)) close_fd(err_fd_);
        return blocked;
    }
    return blocked;
}

std::string Player::stderr_tail() {
    drain_stderr();
    return err_tail_;
}

bool Player::read_stdout_chunk() {
    char buf[kChunk];
    for (;;) {
        ssize_t n = read(out_fd_, buf, sizeof buf);
        if (n > 0) {
            total_out_ += static_cast<std::size_t>(n);
            out_buf_.append(buf, static_cast<std::size_t>(n));
            return true;
        }
        if (n < 0 && errno == EINTR) continue;
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return true;
        close_fd(out_fd_);
        return false;
    }
}

std::optional<std::string> Player::take_line(const std::string& context) {
    const std::size_t pending_line = std::min(out_buf_.find('\n'), out_buf_.size());
    if (pending_line <= limits_.max_line_bytes && total_out_ > limits_.max_total_bytes) {
        fail(VerdictKind::OutputLimit, name_ + " wrote more than " + std::to_string(limits_.max_total_bytes) +
                                           " bytes of output in total (at " + context + ")");
        return std::nullopt;
    }
    FramedLine framed = take_framed_line(out_buf_, limits_.max_line_bytes);
    if (framed.problem == VerdictKind::OutputLimit) {
        fail(VerdictKind::OutputLimit, name_ + " wrote a line longer than " + std::to_string(limits_.max_line_bytes) +
                                           " bytes in reply to " + context);
    } else if (framed.problem == VerdictKind::Garbage) {
        fail(VerdictKind::Garbage, name_ + " wrote a line that is not text (" + framed.detail + ") in reply to " + context +
                                       ": " + framed.excerpt);
    }
    return std::move(framed.line);
}

bool Player::peek_exit(milliseconds wait) {
    if (exit_known_) return true;
    if (pid_ < 0 || reaped_) return false;
    auto deadline = Clock::now() + wait;
    for (;;) {
        siginfo_t info;
        info.si_pid = 0;
        // WNOWAIT: learn the status but leave the zombie, so the pgid cannot be reused
        // before kill() has signalled the group.
        if (waitid(P_PID, static_cast<id_t>(pid_), &info, WEXITED | WNOHANG | WNOWAIT) == 0 && info.si_pid == pid_) {
            exit_known_ = true;
            if (info.si_code == CLD_EXITED) {
                exit_code_ = info.si_status;
            } else {
                exit_signal_ = info.si_status;
            }
            return true;
        }
        if (Clock::now() >= deadline) return false;
        drain_stderr();
        std::this_thread::sleep_for(milliseconds(2));
    }
}

void Player::fail_gone(const std::string& context, const std::string& note) {
    if (exit_signal_ > 0) fail(VerdictKind::Crashed, name_ + " was " + describe_exit() + " before answering " + context + note);
    else if (exit_code_ > 128 && exit_code_ <= 128 + 64)  // killed by a signal, seen through the shell
        fail(VerdictKind::Crashed, name_ + " " + describe_exit() + " before answering " + context + note);
    else fail(VerdictKind::Exited, name_ + " " + describe_exit() + " before answering " + context + note);
}

bool failed_too(const Player& failed, Player& other, const std::string& context) {
    const VerdictKind kind = failed.verdict().kind;
    const bool gone = kind == VerdictKind::Exited || kind == VerdictKind::Crashed || kind == VerdictKind::WriteFailed ||
                      kind == VerdictKind::StartFailed;
    return other.failed_within(milliseconds(gone ? 200 : 0), context);
}

bool Player::failed_within(milliseconds wait, const std::string& context) {
    if (!verdict_.ok()) return true;
    if (!peek_exit(wait)) return false;
    // Status 0 after replying: a program may end once its own last move is made (a Fugitive
    // after its move of turn 50, guards after their L-th): it has not failed.
    if (exit_signal_ == 0 && exit_code_ == 0 && !move_times_ms_.empty()) return false;
    fail_gone(context, "");
    return true;
}

std::string Player::describe_exit() const {
    if (exit_signal_ > 0) return "killed by signal " + signal_text(exit_signal_);
    std::string text = "exited with status " + std::to_string(exit_code_);
    // `/bin/sh -c` reports a command killed by signal N as status 128+N.
    if (exit_code_ > 128 && exit_code_ <= 128 + 64) text += " (the shell's report of signal " + signal_text(exit_code_ - 128) + ")";
    if (exit_code_ == 127) text += " (command not found?)";
    if (exit_code_ == 126) text += " (command not executable?)";
    return text;
}

void Player::charge(Clock::time_point since, bool replied) {
    last_ = Clock::now() - since;
    total_ += last_;
    // A failed wait is thinking time but not a reply: bank-judge's "(2 replies)" counted the
    // crash after one reply.
    if (replied) move_times_ms_.push_back(std::chrono::duration<double, std::milli>(last_).count());
}

// The most read_line credits back for time blocked passing stderr on (below).
constexpr std::chrono::nanoseconds kMaxPassingCredit = std::chrono::seconds(60);

std::optional<std::string> Player::read_line(const std::string& context) {
    if (!verdict_.ok()) return std::nullopt;
    auto start = Clock::now();

    // The budget of this wait: the per-move limit, cut down by what is left of the total.
    bool total_binds = false;
    auto budget = std::chrono::nanoseconds::max();
    if (limits_.per_move.count() > 0) budget = limits_.per_move;
    if (limits_.total.count() > 0) {
        auto left = std::chrono::nanoseconds(limits_.total) - total_;
        if (left < budget) {
            budget = std::max(left, std::chrono::nanoseconds::zero());
            total_binds = true;
        }
    }
    auto deadline = budget == std::chrono::nanoseconds::max() ? Clock::time_point::max() : start + budget;
    auto orphaned_output = Clock::time_point::max();  // (see below)
    auto credited = std::chrono::nanoseconds::zero();  // time blocked passing stderr on (below)

    for (;;) {
        if (auto line = take_line(context)) {
            charge(start, true);
            return line;
        }
        if (!verdict_.ok()) break;  // flood or garbage
        if (out_fd_ < 0 && limits_.unfinished_last_line_counts && !out_buf_.empty()) {
            out_buf_ += '\n';
            continue;
        }
        if (out_fd_ < 0) {
            // EOF: tell a crash from an exit from a program that merely closed stdout.
            std::string partial = out_buf_.empty() ? "" : " (after an unfinished line " + double_quoted_excerpt(out_buf_) + ")";
            if (!peek_exit(kExitPeekWait)) fail(VerdictKind::Exited, name_ + " closed its output before answering " + context + partial);
            else fail_gone(context, partial);
            break;
        }
        // The program gone, a process it started holding its output: what that process still
        // writes within orphaned_output_wait is read, then it is the program's exit. It was a
        // silence until the time limit (3 s on copsrobbers-server), then "time limit".
        const auto now = Clock::now();
        if (orphaned_output == Clock::time_point::max() && peek_exit(milliseconds(0))) orphaned_output = now + limits_.orphaned_output_wait;
        if (now >= orphaned_output && now < deadline) {
            fail_gone(context, " (a process it started keeps its output open)");
            break;
        }
        if (now >= deadline) {
            std::string text = total_binds ? name_ + " used its whole " + seconds_text(limits_.total, 3) +
                                                 " thinking budget (no reply to " + context + ")"
                                           : name_ + " sent no reply within " + seconds_text(limits_.per_move, 3) +
                                                 " to " + context;
            // A leader that exited while a process it started keeps stdout open looks like silence.
            if (peek_exit(milliseconds(0))) text += " (it " + describe_exit() + ", a process it started kept its output open)";
            // A reply written without its newline (printf without \n, a missing flush of endl)
            // looked like no reply at all.
            if (!out_buf_.empty()) text += " (it wrote " + double_quoted_excerpt(out_buf_) + " but never ended the line)";
            fail(VerdictKind::TimeLimit, text);
            break;
        }
        pollfd fds[2] = {{out_fd_, POLLIN, 0}, {err_fd_, POLLIN, 0}};
        const auto wake = std::min({deadline, orphaned_output, now + kLeaderLook});
        int ready = poll(fds, err_fd_ >= 0 ? 2 : 1, poll_timeout_ms(wake));
        if (ready < 0 && errno != EINTR) {
            fail(VerdictKind::Exited, name_ + ": poll failed: " + std::strerror(errno));
            break;
        }
        if (ready <= 0) continue;
        if (fds[1].revents) {
            // Time blocked on our own stderr is not the program's: its clock and deadline move on.
            // At most a minute a wait: a hung program flooding stderr into a slow reader
            // (`| pv -L 1k`) still ends within its limit and a minute, not after 16 MiB at the
            // reader's pace.
            const auto stalled = std::min<std::chrono::nanoseconds>(drain_stderr(), kMaxPassingCredit - credited);
            credited += stalled;
            start += stalled;
            if (deadline != Clock::time_point::max()) deadline += stalled;
        }
        if (fds[0].revents) read_stdout_chunk();
    }
    charge(start, false);
    return std::nullopt;
}

std::string Player::write_all(const std::string& data, milliseconds wait) {
    if (in_fd_ < 0) return "its input is already closed";
    const auto deadline = Clock::now() + wait;
    std::size_t done = 0;
    while (done < data.size()) {
        ssize_t n = write(in_fd_, data.data() + done, data.size() - done);
        if (n > 0) {
            done += static_cast<std::size_t>(n);
            continue;
        }
        if (n < 0 && errno == EINTR) continue;
        if (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK) {
            input_closed_ = errno == EPIPE;
            if (input_closed_ && limits_.closed_input_is_not_a_failure) return "it closed its input";
            std::string why = errno == EPIPE ? "it closed its input" : std::string("write: ") + std::strerror(errno);
            if (peek_exit(milliseconds(20))) why += " (" + describe_exit() + ")";
            return why;
        }
        if (Clock::now() >= deadline) return "it does not read its input (pipe still full after " + seconds_text(wait, 3) + ")";
        // Keep draining stderr while we wait: a child blocked on stderr would never read stdin.
        pollfd fds[2] = {{in_fd_, POLLOUT, 0}, {err_fd_, POLLIN, 0}};
        if (poll(fds, err_fd_ >= 0 ? 2 : 1, poll_timeout_ms(deadline)) > 0 && fds[1].revents) drain_stderr();
    }
    return "";
}

bool Player::send_line(const std::string& line) {
    if (!verdict_.ok()) return false;
    const bool tolerated = limits_.closed_input_is_not_a_failure;
    if (input_closed_ && tolerated) return false;  // dropped, as the first one was
    std::string why = write_all(line + "\n", limits_.write_timeout);
    if (why.empty()) return true;
    if (input_closed_ && tolerated) {  // no verdict: what it wrote is still read (read_line)
        close_fd(in_fd_);
        return false;
    }
    fail(VerdictKind::WriteFailed, "cannot send " + double_quoted_excerpt(line) + " to " + name_ + ": " + why);
    return false;
}

void Player::finish(const std::string& last_line, milliseconds grace) {
    if (finished_) return;
    finished_ = true;
    if (pid_ < 0 || reaped_) {
        close_fds();
        return;
    }
    if (verdict_.ok()) {
        // Best effort: the game is over, so a program that already left is not penalised here.
        if (!last_line.empty() && in_fd_ >= 0) write_all(last_line + "\n", std::min(grace, limits_.write_timeout));
        close_fd(in_fd_);  // EOF on stdin is the second way of saying "game over"
        peek_exit(grace);
    }
    // A program that already misbehaved gets no grace; either way the whole group goes.
    kill();
}

void Player::close_fds() {
    close_fd(in_fd_);
    close_fd(out_fd_);
    close_fd(err_fd_);
}

void Player::kill() {
    if (pid_ > 0 && !reaped_) {
        // The leader is not reaped yet (peek_exit never reaps), so pid_ still names our group.
        ::kill(-pid_, SIGKILL);
        process_marks::kill_marked(mark_);  // what left the group (setsid) goes too
        int status = 0;
        {
            // (not forgotten yet reaped by another thread's orphan killing, its status lost)
            std::lock_guard<std::mutex> lock(players_changing);
            forget_group(pid_);  // before the leader is reaped: then its group id may be reused
            while (waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
            }
        }
        reaped_ = true;
        if (!exit_known_) {
            exit_known_ = true;
            if (WIFSIGNALED(status)) exit_signal_ = WTERMSIG(status);
            else exit_code_ = WEXITSTATUS(status);
        }
        kill_orphans_if_no_player_left();  // (the leader is gone: its orphans are the program's now)
    }
    drain_stderr();  // keep what it said last, for the report
    close_fds();
    finished_ = true;
}

}  // namespace pursuit
