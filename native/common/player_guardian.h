// Owns: the player guardian, a small process a judge starts with its first player. No signal
// handler sees SIGKILL (kill -9, the OOM killer, `timeout -s KILL`), so a judge killed that way
// left its players running (a hung bot for ever) and its temporary work directory in $TMPDIR.
// The guardian holds one end of a socket pair whose other end only the judge holds; when the
// judge dies, by any cause, the socket reaches EOF and the guardian kills the process groups and removes the
// directories the judge still had registered, kills what carries the judge's process marks
// (process_marks.h: what left a player's group), then exits. A judge that ends normally has
// unregistered everything by then, so the guardian just exits with it.
// It is the judge's own executable (/proc/self/exe) started again with an environment variable
// naming its parent; a constructor in this file runs the guardian before main. Used by the
// process runner (process_runner.cpp); judges do not call it themselves.
#pragma once
#include <string>

namespace pursuit::guardian {

// The guardian's argv[0], what `ps` shows (pursuit-arena's tree kill spares it by this name).
inline constexpr char kProcessName[] = "pursuit-player-guardian";

// Starts the guardian (once per process; later calls do nothing). If it cannot be started
// (no /proc, fork fails) the judge runs without one, as before.
void start_once();

// The guardian's pid, 0 when none was started. Async-signal-safe.
int pid();

// Registrations, one SOCK_SEQPACKET message (at most PIPE_BUF bytes) each.
// Async-signal-safe and thread-safe; dropped if the guardian is gone or its socket is full.
void watch_group(int pgid);
void forget_group(int pgid);
void watch_dir(const std::string& dir);
void forget_dir(const std::string& dir);

}  // namespace pursuit::guardian
