// Owns: process marks (process_marks.h): naming them and killing the processes that carry one;
// killing the children of this process that are not spared (the orphans a judge adopted).
#include "common/process_marks.h"

#include <atomic>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <ctime>
#include <mutex>
#include <string>

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>
#if defined(__linux__)
#include <sys/syscall.h>
#endif

namespace pursuit::process_marks {

namespace {

constexpr char kStem[] = "PURSUIT_PLAYER_";
char prefix_text[64];                 // "PURSUIT_PLAYER_<pid>_<nonce>_", written once by prepare()
std::atomic<std::size_t> prefix_length{0};
std::atomic<unsigned long> next_serial{1};

#if defined(__linux__)

// The record getdents64 fills (the kernel's struct linux_dirent64).
struct DirEntry64 {
    std::uint64_t inode;
    std::int64_t offset;
    unsigned short record_length;
    unsigned char type;
    char name[1];
};

int pid_of(const char* name) {
    int pid = 0;
    for (const char* c = name; *c; ++c) {
        if (*c < '0' || *c > '9' || pid > 100000000) return 0;
        pid = pid * 10 + (*c - '0');
    }
    return pid;
}

// "<pid>/<file>" in `path` (relative to /proc); false when it does not fit.
bool proc_path(char (&path)[32], const char* pid_name, const char* file) {
    const std::size_t name_length = std::strlen(pid_name), file_length = std::strlen(file);
    if (name_length + 1 + file_length + 1 > sizeof path) return false;
    std::memcpy(path, pid_name, name_length);
    path[name_length] = '/';
    std::memcpy(path + name_length + 1, file, file_length + 1);
    return true;
}

// What the scan saw of a process's environment.
enum class Environment { Marked, Unmarked, Empty };

// Whether /proc/<pid>/environ has an entry starting with `prefix`, read as a stream: an
// environment may be far longer than one buffer. Another user's process cannot be opened, a
// zombie's environment is empty: neither is marked.
Environment environment_of(int proc_dir, const char* pid_name, std::string_view prefix) {
    char path[32];
    if (!proc_path(path, pid_name, "environ")) return Environment::Unmarked;
    const int fd = ::openat(proc_dir, path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return Environment::Unmarked;
    char chunk[4096];
    std::size_t matched = 0;  // prefix bytes matched by the current entry so far
    bool in_match = true;     // the current entry still matches (entries start after each '\0')
    bool found = false, read_any = false;
    for (ssize_t n; !found && (n = ::read(fd, chunk, sizeof chunk)) != 0;) {
        if (n < 0) {
            if (errno == EINTR) continue;
            break;
        }
        read_any = true;
        for (ssize_t i = 0; i < n && !found; ++i) {
            if (chunk[i] == '\0') {
                matched = 0;
                in_match = true;
            } else if (in_match) {
                in_match = chunk[i] == prefix[matched];
                found = in_match && ++matched == prefix.size();
            }
        }
    }
    ::close(fd);
    return found ? Environment::Marked : read_any ? Environment::Unmarked : Environment::Empty;
}

// Whether the process runs a program of its own: a kernel thread and a zombie have none (and an
// empty environment for good); a process in the middle of an exec has one.
bool has_program(int proc_dir, const char* pid_name) {
    char path[32], target[1];
    return proc_path(path, pid_name, "exe") && ::readlinkat(proc_dir, path, target, sizeof target) >= 0;
}

// Pids killed by this call so far (a killed process may still show its environment for a
// moment): fixed storage, no allocation. Past its size a pid is simply killed again.
struct KilledSet {
    static constexpr int kSize = 1024;
    int pids[kSize];
    int count = 0;
    bool has(int pid) const {
        for (int i = 0; i < count; ++i)
            if (pids[i] == pid) return true;
        return false;
    }
    void add(int pid) {
        if (count < kSize) pids[count++] = pid;
    }
};

// clock_gettime: async-signal-safe, unlike std::chrono's clocks by the letter of the standard.
long long monotonic_ms() {
    timespec now{};
    clock_gettime(CLOCK_MONOTONIC, &now);
    return static_cast<long long>(now.tv_sec) * 1000 + now.tv_nsec / 1000000;
}

struct Pass {
    int killed = 0;       // marked processes killed by the pass
    bool unsure = false;  // a process that runs a program showed an empty environment
};

// Calls visit(pid, name) for each process in /proc but init, `name` its directory's name: the
// raw getdents64 walk, with no allocation (the stop-signal handlers use it).
template <typename Visit>
void for_each_process(int proc_dir, Visit&& visit) {
    alignas(8) char records[8192];
    for (long n; (n = ::syscall(SYS_getdents64, proc_dir, records, sizeof records)) > 0;) {
        for (long at = 0; at < n;) {
            const auto* entry = reinterpret_cast<const DirEntry64*>(records + at);
            at += entry->record_length;
            const int pid = pid_of(entry->name);
            if (pid > 1) visit(pid, entry->name);
        }
    }
}

// One pass over /proc: kills the marked processes not killed before.
Pass kill_pass(std::string_view prefix, KilledSet& killed) {
    const int proc_dir = ::open("/proc", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (proc_dir < 0) return {};
    const int self = ::getpid();
    Pass pass;
    for_each_process(proc_dir, [&](int pid, const char* name) {
        if (pid == self || killed.has(pid)) return;
        const Environment environment = environment_of(proc_dir, name, prefix);
        if (environment == Environment::Empty && !pass.unsure && has_program(proc_dir, name)) pass.unsure = true;  // (one is enough: kernel threads are many)
        if (environment != Environment::Marked) return;
        ::kill(pid, SIGKILL);
        killed.add(pid);
        ++pass.killed;
    });
    ::close(proc_dir);
    return pass;
}

// The parent's pid from /proc/<pid>/stat ("pid (comm) state ppid ..."; comm may hold spaces and
// brackets, so it is read after the last ')'), and whether the process is a zombie; 0 when gone.
int parent_of(int proc_dir, const char* pid_name, bool& zombie) {
    char path[32], stat[512];
    if (!proc_path(path, pid_name, "stat")) return 0;
    const int fd = ::openat(proc_dir, path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return 0;
    ssize_t n;
    do n = ::read(fd, stat, sizeof stat - 1);
    while (n < 0 && errno == EINTR);
    ::close(fd);
    if (n <= 0) return 0;
    stat[n] = '\0';
    const char* close_bracket = std::strrchr(stat, ')');
    if (close_bracket == nullptr || close_bracket[1] != ' ' || close_bracket[2] == '\0' || close_bracket[3] != ' ') return 0;
    zombie = close_bracket[2] == 'Z';
    int parent = 0;
    for (const char* c = close_bracket + 4; *c >= '0' && *c <= '9' && parent < 100000000; ++c) parent = parent * 10 + (*c - '0');
    return parent;
}

// One pass over /proc: kills this process's children not spared and not killed before (a
// zombie is not killed; with `reap` it is waited for).
int kill_children_pass(bool (*spare)(int pid), bool reap, KilledSet& killed) {
    const int proc_dir = ::open("/proc", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (proc_dir < 0) return 0;
    const int self = ::getpid();
    int count = 0;
    for_each_process(proc_dir, [&](int pid, const char* name) {
        bool zombie = false;
        if (killed.has(pid) || parent_of(proc_dir, name, zombie) != self || spare(pid)) return;
        if (!zombie) {
            ::kill(pid, SIGKILL);
            killed.add(pid);
            ++count;
        }
        if (reap) {
            while (::waitpid(pid, nullptr, 0) < 0 && errno == EINTR) {
            }
        }
    });
    ::close(proc_dir);
    return count;
}

#endif

}  // namespace

void prepare() {
    static std::once_flag once;
    std::call_once(once, [] {
        timespec now{};
        clock_gettime(CLOCK_MONOTONIC, &now);
        // pid + when: another judge that gets this pid later has other marks.
        const std::uint64_t nonce = static_cast<std::uint64_t>(now.tv_sec) * 1000000000ull + static_cast<std::uint64_t>(now.tv_nsec);
        const std::string text = std::string(kStem) + std::to_string(::getpid()) + "_" + std::to_string(nonce) + "_";
        static_assert(sizeof prefix_text > sizeof kStem + 20 + 1 + 20 + 1);  // the longest pid and nonce fit
        std::memcpy(prefix_text, text.data(), text.size());
        prefix_length.store(text.size());
    });
}

std::string new_player_entry() {
    prepare();
    return std::string(judge_prefix()) + std::to_string(next_serial.fetch_add(1)) + "=1";
}

std::string_view judge_prefix() { return std::string_view(prefix_text, prefix_length.load()); }

bool is_judge_prefix(std::string_view text) {
    const std::string_view stem = kStem;
    return text.size() >= stem.size() + 4 && text.substr(0, stem.size()) == stem;
}

int kill_marked(std::string_view prefix) {
#if defined(__linux__)
    if (prefix.empty()) return 0;
    KilledSet killed;
    // Each pass also finds what the marked processes forked while the last one ran; a fork
    // bomb could outrun any number of passes, so there is a bound. A process in the middle of
    // an exec shows an empty environment until its new program's is set up: a player's process
    // that had just left its group (`setsid sleep`, execing sleep) was missed so, on a loaded
    // machine, and outlived the judge. While a pass sees such a process the scan is made again,
    // 2 ms apart, for at most 100 ms (a process whose environment is empty for good, `env -i`,
    // costs that much to every kill).
    const long long give_up = monotonic_ms() + 100;
    int killing_passes = 0;
    for (;;) {
        const Pass pass = kill_pass(prefix, killed);
        if (pass.killed > 0) {
            if (++killing_passes == 16) break;
            continue;
        }
        if (!pass.unsure || monotonic_ms() >= give_up) break;
        const timespec pause{0, 2000000};
        ::nanosleep(&pause, nullptr);
    }
    return killed.count;
#else
    (void)prefix;
    return 0;
#endif
}

int kill_children(bool (*spare)(int pid), bool reap) {
#if defined(__linux__)
    KilledSet killed;
    // (a fork bomb among them could outrun any number of passes, so there is a bound)
    for (int pass = 0; pass < 16 && kill_children_pass(spare, reap, killed) > 0; ++pass) {
    }
    return killed.count;
#else
    (void)spare;
    (void)reap;
    return 0;
#endif
}

}  // namespace pursuit::process_marks
