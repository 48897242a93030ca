// Owns: marks that find a player's processes after they left its process group, and the
// killing of a judge's children that are not its players (the orphans it adopted). A player's
// program is started with one extra environment variable, unique to that player on this
// machine; every process it starts inherits it, including one that left the group with
// setsid() or setpgid() (a daemon, `setsid sleep &`), which the group kill missed and which
// outlived the judge. Killing by mark scans /proc for processes whose environment holds it
// (the approach of Jenkins's ProcessTreeKiller). A process that clears its environment before
// exec still escapes: contestant programs are not sandboxed. Linux only; elsewhere nothing is
// marked and nothing is found.
#pragma once
#include <string>
#include <string_view>

namespace pursuit::process_marks {

// Computes this process's marks (once; before fork or any signal handler needs them).
void prepare();

// A new player's environment entry, "PURSUIT_PLAYER_<judge pid>_<nonce>_<serial>=1".
std::string new_player_entry();

// What every player entry of this process starts with, "PURSUIT_PLAYER_<pid>_<nonce>_"; empty
// before prepare(). Static storage: safe to read in a signal handler.
std::string_view judge_prefix();

// Whether `text` has the shape of a judge_prefix() ("PURSUIT_PLAYER_" and more): a program told
// a prefix from outside (the guardian, by its environment) kills by nothing shorter, which
// would match too much.
bool is_judge_prefix(std::string_view text);

// SIGKILL to every other process whose environment has an entry starting with `prefix` (a
// player entry up to and including its '=', or judge_prefix() for all of them), again until a
// scan finds no new one (processes it forked meanwhile); while a scan sees a process that runs a
// program with an empty environment (one in the middle of an exec shows that for a moment), it
// scans again, 2 ms apart, for up to 100 ms. Returns how many were killed.
// Async-signal-safe (raw system calls, no allocation): the stop-signal handlers use it.
int kill_marked(std::string_view prefix);

// SIGKILL to every child of this process that `spare` does not keep, again until a pass finds no
// new one: a process that made itself a subreaper (PR_SET_CHILD_SUBREAPER) gets the children of
// those it kills. With `reap`, each is waited for, and so is a child that had ended (a zombie)
// and is not spared. Returns how many were killed. Async-signal-safe without `reap` (raw system
// calls, no allocation): the stop-signal handlers use it so. Linux only; elsewhere 0.
int kill_children(bool (*spare)(int pid), bool reap);

}  // namespace pursuit::process_marks
