// Owns: running one judge as a subprocess with a wall-clock cap. The judge gets its own
// process group, stdin from /dev/null and stdout/stderr into files; on overrun (or when the
// arena is interrupted) the whole process tree is killed: the judge's group and the groups
// of its descendants (bots started by pursuit::Player live in groups of their own), found
// through /proc. The child also gets PR_SET_PDEATHSIG so a SIGKILLed arena leaves no judge.
#pragma once
#include <string>
#include <vector>

namespace pursuit::arena {

struct JudgeRun {
    bool started = false;
    bool timed_out = false;
    bool interrupted = false;  // stop_all_judges() was called while it ran
    int exit_code = -1;        // valid when exited normally
    int signal = 0;            // > 0 when killed by a signal
    double seconds = 0;
    std::string describe() const;  // "exit status 3", "killed by signal 6 (SIGABRT)", ...
};

// Runs argv[0] (a path) with argv, in working_dir, writing stdout/stderr to the two files.
// Never throws for a failing judge; returns when it has ended or was killed after cap_s.
JudgeRun run_judge(const std::vector<std::string>& argv, const std::string& working_dir,
                   const std::string& stdout_path, const std::string& stderr_path, double cap_s);

// Kills pid's process group and every descendant's group (SIGKILL). Linux (/proc) only.
void kill_process_tree(int pid);

// Makes every running run_judge() kill its judge and return (for SIGINT/SIGTERM).
void stop_all_judges();
bool stopping();

}  // namespace pursuit::arena
