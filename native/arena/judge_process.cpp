// Owns: judge subprocesses with a wall-clock cap and process-tree killing (judge_process.h).
#include "arena/judge_process.h"
#include "common/player_guardian.h"

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstring>
#include <fstream>
#include <map>
#include <set>
#include <thread>

namespace pursuit::arena {
namespace {

std::atomic<bool> g_stop{false};

// (pid -> (ppid, pgid)) of every process, from /proc/<pid>/stat.
std::map<int, std::pair<int, int>> process_table() {
    std::map<int, std::pair<int, int>> table;
    DIR* d = opendir("/proc");
    if (!d) return table;
    while (dirent* e = readdir(d)) {
        const int pid = std::atoi(e->d_name);
        if (pid <= 0) continue;
        std::ifstream f(std::string("/proc/") + e->d_name + "/stat");
        std::string line;
        if (!std::getline(f, line)) continue;
        // The command name may contain spaces and ')': fields resume after the last ')'.
        const auto close = line.rfind(')');
        if (close == std::string::npos) continue;
        char state = 0;
        int ppid = 0, pgid = 0;
        if (std::sscanf(line.c_str() + close + 1, " %c %d %d", &state, &ppid, &pgid) == 3)
            table[pid] = {ppid, pgid};
    }
    closedir(d);
    return table;
}

// A judge's player guardian (native/common/player_guardian.h): it removes the judge's
// temporary folders once the judge is gone, so the tree kill leaves it to end by itself
// (fugitive-judge's fugitive-match-* folders stayed in $TMPDIR after a game over the cap).
bool is_player_guardian(int pid) {
    std::ifstream f("/proc/" + std::to_string(pid) + "/cmdline");
    std::string arg0;
    std::getline(f, arg0, '\0');
    return arg0 == guardian::kProcessName;
}

}  // namespace

std::string JudgeRun::describe() const {
    if (!started) return "judge could not be started";
    if (timed_out) return "judge exceeded the wall-clock cap and was killed";
    if (interrupted) return "arena interrupted";
    if (signal > 0) {
        const char* name = sigabbrev_np(signal);
        return "judge killed by signal " + std::to_string(signal) + (name ? std::string(" (SIG") + name + ")" : "");
    }
    return "judge exit status " + std::to_string(exit_code);
}

void kill_process_tree(int pid) {
    // Freeze first so nothing forks while we look, then collect descendants and kill groups.
    auto table = process_table();
    std::set<int> tree{pid};
    for (bool grew = true; grew;) {
        grew = false;
        for (const auto& [p, info] : table)
            if (!tree.count(p) && tree.count(info.first)) grew = tree.insert(p).second || grew;
    }
    const int own_group = getpgrp();
    std::set<int> groups{pid};
    for (auto p = tree.begin(); p != tree.end();) p = *p != pid && is_player_guardian(*p) ? tree.erase(p) : std::next(p);
    for (int p : tree) {
        auto it = table.find(p);
        if (it != table.end() && it->second.second != own_group) groups.insert(it->second.second);
    }
    for (int g : groups) ::kill(-g, SIGKILL);
    for (int p : tree) ::kill(p, SIGKILL);
}

JudgeRun run_judge(const std::vector<std::string>& argv, const std::string& working_dir,
                   const std::string& stdout_path, const std::string& stderr_path, double cap_s) {
    JudgeRun run;
    std::vector<char*> cargv;
    for (const auto& a : argv) cargv.push_back(const_cast<char*>(a.c_str()));
    cargv.push_back(nullptr);
    const int parent = getpid();
    const auto start = std::chrono::steady_clock::now();
    const pid_t pid = fork();
    if (pid < 0) return run;
    if (pid == 0) {
        // Only async-signal-safe calls between fork and exec (the arena is multithreaded).
        setpgid(0, 0);
        prctl(PR_SET_PDEATHSIG, SIGKILL);
        if (getppid() != parent) _exit(125);
        const int in = open("/dev/null", O_RDONLY);
        const int out = open(stdout_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        const int err = open(stderr_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (in < 0 || out < 0 || err < 0) _exit(126);
        dup2(in, 0);
        dup2(out, 1);
        dup2(err, 2);
        if (!working_dir.empty() && chdir(working_dir.c_str()) != 0) _exit(126);
        sigset_t none;
        sigemptyset(&none);
        sigprocmask(SIG_SETMASK, &none, nullptr);
        execv(cargv[0], cargv.data());
        const char msg[] = "pursuit-arena: cannot execute the judge\n";
        (void)!write(2, msg, sizeof msg - 1);
        _exit(127);
    }
    setpgid(pid, pid);  // also from the parent: no race with kill(-pid) below
    run.started = true;
    const auto cap = std::chrono::duration<double>(cap_s);
    for (;;) {
        // Peek without reaping: the zombie keeps pid and group id reserved until the
        // group has been killed below, so kill(-pid) can never hit a recycled group.
        siginfo_t info{};
        info.si_pid = 0;
        if (waitid(P_PID, pid, &info, WEXITED | WNOHANG | WNOWAIT) == 0 && info.si_pid == pid) break;
        const auto elapsed = std::chrono::steady_clock::now() - start;
        if (elapsed > cap || g_stop.load()) {
            (elapsed > cap ? run.timed_out : run.interrupted) = true;
            kill_process_tree(pid);
            break;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(elapsed < std::chrono::milliseconds(50) ? 2 : 10));
    }
    // Whatever the judge left behind in its group goes too (its own Players reap theirs).
    ::kill(-pid, SIGKILL);
    int status = 0;
    waitpid(pid, &status, 0);
    run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (WIFEXITED(status)) run.exit_code = WEXITSTATUS(status);
    if (WIFSIGNALED(status)) run.signal = WTERMSIG(status);
    return run;
}

void stop_all_judges() { g_stop = true; }
bool stopping() { return g_stop.load(); }

}  // namespace pursuit::arena
