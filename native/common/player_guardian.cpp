// Owns: the player guardian (see player_guardian.h): starting it, the registration messages
// the judge sends it, and the guardian's own loop (run before main in the guardian process).
#include "common/player_guardian.h"
#include "common/process_marks.h"

#include <atomic>
#include <cerrno>
#include <charconv>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <mutex>
#include <set>
#include <string>

#include <fcntl.h>
#include <limits.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <unistd.h>

namespace pursuit::guardian {

namespace {

constexpr char kEnvName[] = "PURSUIT_PLAYER_GUARDIAN";  // its value: the judge's pid (for ps)
// Its value: what the judge's players' process marks start with (process_marks.h).
constexpr char kMarksEnvName[] = "PURSUIT_PLAYER_GUARDIAN_MARKS";

constexpr std::size_t kMessageBytes = PIPE_BUF;  // the longest message: a sign, a kind, a space, 4093 bytes of text

std::atomic<int> to_guardian{-1};  // the judge's end of the socket pair, -1 without a guardian
std::atomic<int> guardian_pid{0};

// "<sign><kind> <text>" as one message of a SOCK_SEQPACKET socket pair: each read in the
// guardian returns one whole message, and messages from several threads (pursuit-arena)
// never interleave, so no framing is needed. MSG_DONTWAIT: a full socket drops it;
// MSG_NOSIGNAL: a guardian that is gone (or never started: its exec failed) gives EPIPE, not a
// SIGPIPE that would kill a judge which does not ignore it yet (remove_at_stop_signal comes
// before the first Player).
void send(char sign, char kind, const char* text, std::size_t length) {
    const int fd = to_guardian.load();
    char message[kMessageBytes];
    if (fd < 0 || length + 3 > sizeof message) return;
    message[0] = sign;
    message[1] = kind;
    message[2] = ' ';
    std::memcpy(message + 3, text, length);
    ssize_t ignored = ::send(fd, message, length + 3, MSG_DONTWAIT | MSG_NOSIGNAL);
    (void)ignored;
}

// std::to_chars: no allocation and no locale, unlike the C library's formatting (which is
// not async-signal-safe).
void send_group(char sign, int pgid) {
    char text[16];
    const char* end = std::to_chars(text, text + sizeof text, pgid).ptr;
    send(sign, 'g', text, static_cast<std::size_t>(end - text));
}

// A close-on-exec descriptor >= 3, so that the child's dup2 onto 0 never clobbers it.
int lifted(int fd) {
    if (fd < 0 || fd >= 3) return fd;
    const int high = fcntl(fd, F_DUPFD_CLOEXEC, 3);
    ::close(fd);
    return high;
}

// In the child between fork and exec: async-signal-safe calls only. Its own process group,
// so the terminal's Ctrl-C reaches the judge (whose handler does the same work) and not it;
// stdin is its end of the socket pair, stdout/stderr /dev/null (it must not keep a caller's
// capture open), and every other descriptor closed: it must not hold the judge's pipes or files.
[[noreturn]] void become_guardian(int read_end, char* const argv[], char* const envp[]) {
    setpgid(0, 0);
    if (chdir("/") != 0) _exit(127);
    if (dup2(read_end, 0) != 0) _exit(127);
    const int null = open("/dev/null", O_RDWR);
    for (int fd : {1, 2})
        if (null != fd && dup2(null, fd) != fd) _exit(127);
    if (close_range(3, ~0u, 0) != 0)
        for (int fd = 3; fd < 1024; ++fd) ::close(fd);
    execve("/proc/self/exe", argv, envp);
    _exit(127);
}

void start() {
    int ends[2];
    if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, ends) != 0) return;
    ends[0] = lifted(ends[0]);
    ends[1] = lifted(ends[1]);
    if (ends[0] < 0 || ends[1] < 0) {
        for (int fd : ends)
            if (fd >= 0) ::close(fd);
        return;
    }
    // Everything the child needs is made before fork (no allocation after it).
    std::string env = std::string(kEnvName) + "=" + std::to_string(getpid());
    process_marks::prepare();
    std::string marks = std::string(kMarksEnvName) + "=" + std::string(process_marks::judge_prefix());
    std::string arg0 = kProcessName;
    char* argv[] = {arg0.data(), nullptr};
    char* envp[] = {env.data(), marks.data(), nullptr};
    const pid_t pid = fork();
    if (pid == 0) become_guardian(ends[0], argv, envp);
    ::close(ends[0]);
    if (pid < 0) {
        ::close(ends[1]);
        return;
    }
    guardian_pid.store(pid);
    to_guardian.store(ends[1]);
}

// ---- the guardian process ------------------------------------------------------------------

struct Registered {
    std::set<int> groups;
    std::set<std::string> dirs;

    void apply(const std::string& message) {
        if (message.size() < 4 || message[2] != ' ' || (message[0] != '+' && message[0] != '-')) return;
        const bool add = message[0] == '+';
        const std::string text = message.substr(3);
        if (message[1] == 'g') {
            const int pgid = std::atoi(text.c_str());
            if (pgid <= 1) return;
            if (add) groups.insert(pgid);
            else groups.erase(pgid);
        } else if (message[1] == 'd') {
            if (add) dirs.insert(text);
            else dirs.erase(text);
        }
    }
};

// The processes that left their player's group (setsid) go too.
void kill_marked_players() {
    const char* marks = std::getenv(kMarksEnvName);
    if (marks != nullptr && process_marks::is_judge_prefix(marks)) process_marks::kill_marked(marks);
}

// Reads registrations until the judge is gone (EOF), then does what its own stop handler
// would have done: the groups first, then the directories, once the killed players can no
// longer write in them.
[[noreturn]] void guard() {
    std::signal(SIGINT, SIG_IGN);
    std::signal(SIGHUP, SIG_IGN);
    Registered registered;
    char message[kMessageBytes];
    for (;;) {
        const ssize_t n = ::read(0, message, sizeof message);  // one whole message
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        registered.apply(std::string(message, static_cast<std::size_t>(n)));
    }
    for (int pgid : registered.groups) ::kill(-pgid, SIGKILL);
    kill_marked_players();
    if (!registered.groups.empty() && !registered.dirs.empty()) usleep(100 * 1000);
    for (const std::string& dir : registered.dirs) {
        std::error_code ignored;
        std::filesystem::remove_all(dir, ignored);
    }
    _exit(0);
}

// Before main (glibc passes main's arguments to constructors): the judge's executable run as
// its guardian, told apart by its argv[0] and the variable together, so that neither a stray
// PURSUIT_PLAYER_GUARDIAN in a user's environment nor a program named so becomes one. Not
// checked against getppid(): a judge killed before this runs has left its messages in the socket.
__attribute__((constructor)) void run_as_guardian_when_asked(int argc, char** argv, char**) {
    if (argc >= 1 && argv[0] != nullptr && std::strcmp(argv[0], kProcessName) == 0 && std::getenv(kEnvName) != nullptr) guard();
}

}  // namespace

void start_once() {
    static std::once_flag once;
    std::call_once(once, start);
}

int pid() { return guardian_pid.load(); }

void watch_group(int pgid) { send_group('+', pgid); }
void forget_group(int pgid) { send_group('-', pgid); }
void watch_dir(const std::string& dir) { send('+', 'd', dir.data(), dir.size()); }
void forget_dir(const std::string& dir) { send('-', 'd', dir.data(), dir.size()); }

}  // namespace pursuit::guardian
