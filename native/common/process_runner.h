// Owns: running contestant programs for judges/servers/controllers. A `Player` is one child
// process started through `/bin/sh -c <command>` in its own process group, with stdin/stdout
// as pipes and stderr captured (size-capped, last bytes kept). Reads are line based with a
// deadline; thinking time is counted only while the judge waits on that program, against a
// per-move and a whole-game budget. Any misbehaviour becomes a `Verdict`, never a hang:
// time-out, crash (signal), early exit, output flood (line longer than the cap), garbage
// (non-text bytes), closed stdin (write fails). `kill()` ends the whole process group and
// reaps it; the destructor does too, so no child is ever left behind. A descendant that left
// the group with setsid()/setpgid() goes too, found by the player's process mark in its
// environment (process_marks.h; Linux only); one that cleared its environment too, once the
// program adopts its players' orphans (adopt_players_orphans).
// Constructing a Player makes the process ignore SIGPIPE (write errors become WriteFailed).
// Ctrl-C, SIGTERM and SIGHUP (when the program left them at their default) then kill every
// live player's group and end the program by the signal; see catch_stop_signals for a program
// that ends its run itself.
// See native/common/PROCESS_RUNNER.md for how judges use it.
#pragma once
#include <chrono>
#include <initializer_list>
#include <optional>
#include <string>
#include <vector>

#include "common/line_reader.h"

namespace pursuit {

enum class VerdictKind {
    Ok,
    TimeLimit,      // per-move or total thinking budget exceeded
    Crashed,        // terminated by a signal
    Exited,         // exited (any status) when a line was expected
    OutputLimit,    // a line longer than max_line_bytes, or total output over max_total_bytes
    Garbage,        // a line with bytes that are not printable text (NUL, control, invalid)
    WriteFailed,    // could not write to its stdin (closed it / exited)
    StartFailed,    // could not be started (bad command, cwd missing)
};
const char* verdict_name(VerdictKind k);  // "ok", "time limit", "crashed", ...

// For a program that ends its run itself on a stop signal (searchparty-controller writes its
// replay): from now on each of `signals` (even one that was ignored) kills every live player's
// group and is recorded, and the program goes on (its reads fail at once). Call it before the
// first Player.
void catch_stop_signals(std::initializer_list<int> signals);
int caught_stop_signal();     // the signal caught, 0 if none
void end_by_caught_signal();  // dies by the caught signal (default action), if one was caught

// For a judge's main, before its first Player (Linux; elsewhere nothing): the program becomes
// the reaper of its players' orphans (PR_SET_CHILD_SUBREAPER). A process a player started that
// left the player's group and cleared its environment (`setsid env -i …`: neither the group kill
// nor the process marks find it) becomes the program's child when its parent ends, instead of
// init's, and is killed when no player is left alive, and by a stop signal. Every child of the
// program that is not a player (nor the guardian) is taken for such an orphan: a program that
// starts other processes itself must not call it.
void adopt_players_orphans();

// A judge's temporary work directory goes with everything in it when Ctrl-C, SIGTERM or SIGHUP
// ends the program (the default handling above; it is installed now if no player has been
// started yet), after the players are killed: it was left in /tmp. At most 8 at a time (false:
// not registered). Forget it once it is removed or is to be kept. Single-threaded registration.
bool remove_at_stop_signal(const std::string& dir);
void forget_removal_at_stop_signal(const std::string& dir);

struct Verdict {
    VerdictKind kind = VerdictKind::Ok;
    std::string message;  // human readable: what happened and where ("no reply within 1.000 s to move 7")
    bool ok() const { return kind == VerdictKind::Ok; }
};

struct PlayerLimits {
    std::chrono::milliseconds per_move{1000};   // 0 = no per-move limit
    std::chrono::milliseconds total{0};         // 0 = no whole-game limit
    std::size_t max_line_bytes = 1 << 20;       // 1 MiB per line
    std::size_t max_total_bytes = 64u << 20;    // 64 MiB per game
    std::size_t stderr_keep_bytes = 4096;       // tail of stderr kept for reports
    std::chrono::milliseconds write_timeout{2000};  // send_line gives up (WriteFailed) after this
    // >= 0: the program's stderr is also copied to this descriptor as it comes (a drop-in judge
    // whose original lets its program write to the terminal), up to stderr_passthrough_bytes.
    int stderr_passthrough_fd = -1;
    std::size_t stderr_passthrough_bytes = 16u << 20;
    // At the end of the output an unfinished last line is read as a line, as Python's readline()
    // does (the Search Party original controller plays a last move line without its newline);
    // otherwise it is reported with the program's exit.
    bool unfinished_last_line_counts = false;
    // A program that closed its input (a write fails with EPIPE) is not failed for that:
    // send_line returns false and drops the line (and every later one), the lines the program
    // already wrote are still read, and the end of its output is the failure (Exited) once
    // read_line needs a line. For a drop-in judge whose original lets a program write all its
    // replies ahead and exit (searchparty-controller); a program that does not read its input
    // (the pipe stays full for write_timeout) still fails with WriteFailed.
    bool closed_input_is_not_a_failure = false;
    // The program gone while a process it started keeps its output open: how long read_line
    // still waits for that process's line before the program's exit is the failure. Short by
    // default (a forgotten `sleep 100 &` in a wrapper is reported at once); a drop-in judge whose
    // original reads until a line or the end of output sets its turn's limit (searchparty-
    // controller: a wrapper that starts the solver in the background and exits is played).
    std::chrono::milliseconds orphaned_output_wait{200};
};

// The line framing every judge applies to a program's output, as a pure function (the
// fuzzer drives it): takes the first complete line off `buffer` ("\n" or "\r\n" ended).
// A line is text only if it is valid UTF-8 without control bytes other than tab (so it can
// go into JSON results and replays as it is): overlong forms, surrogates and code points
// past U+10FFFF are garbage too.
struct FramedLine {
    VerdictKind problem = VerdictKind::Ok;  // OutputLimit (line too long) or Garbage
    std::optional<std::string> line;        // set when a complete text line was taken
    std::string detail;                     // Garbage: "byte 0x.. at column N"
    std::string excerpt;                    // Garbage: the line, control/non-ASCII bytes as \xNN
};
FramedLine take_framed_line(std::string& buffer, std::size_t max_line_bytes);
// first_non_text_byte / non_text_detail, the check itself, are in common/line_reader.h (the
// Search Party checker refuses the same lines).

class Player {
public:
    // Starts `command` via /bin/sh -c in `working_dir` ("" = current). Never throws on
    // a bad command: the verdict becomes StartFailed / Exited on first use.
    Player(std::string name, std::string command, std::string working_dir, PlayerLimits limits);
    ~Player();
    Player(const Player&) = delete;
    Player& operator=(const Player&) = delete;
    // Movable (e.g. std::vector<Player>): the moved-from object owns no process any more.
    Player(Player&& other) noexcept;
    Player& operator=(Player&& other) noexcept;  // kills the process it owned first

    const std::string& name() const { return name_; }
    // For the next read_line calls (a judge whose first reply may take longer than the rest).
    void set_per_move_limit(std::chrono::milliseconds limit) { limits_.per_move = limit; }

    // Writes one line (adds '\n'). Returns false and sets the verdict on failure.
    // Writing never blocks forever (non-blocking with a bounded wait).
    bool send_line(const std::string& line);
    // Waits for one complete line, charging the waiting time to this player.
    // Returns nullopt and sets the verdict on time-out, exit, crash, flood or garbage.
    std::optional<std::string> read_line(const std::string& context);
    // Sends a final line (e.g. "Quit") if still possible, gives the program `grace` to
    // exit by itself, then kills the process group. Idempotent.
    void finish(const std::string& last_line = "", std::chrono::milliseconds grace = std::chrono::milliseconds(200));
    void kill();  // SIGKILL to the process group and to what carries its mark, then reap
    // For a judge whose other program has just failed: whether this one has failed too, so
    // that two programs that both fail (two commands that do not exist) make no one's win
    // instead of a win for whichever failure the judge met second. True when the verdict is
    // already a failure, or when the program exits within `wait` (its verdict then says so,
    // "... before answering <context>"), unless it exited with status 0 after at least one
    // reply (a program may end after its own last move). A program still running, waiting for
    // its next line, has not failed.
    bool failed_within(std::chrono::milliseconds wait, const std::string& context);

    const Verdict& verdict() const { return verdict_; }
    bool alive_and_ok() const { return verdict_.ok(); }
    std::chrono::nanoseconds thinking_time() const { return total_; }  // summed waiting time
    std::chrono::nanoseconds last_move_time() const { return last_; }
    std::vector<double> move_times_ms() const { return move_times_ms_; }  // one per line read; a failed wait is not one
    std::string stderr_tail();  // last stderr_keep_bytes of its stderr (drained on call)
    // Copies what stderr has ready (stderr_passthrough_fd), then ends the last line passed if it
    // did not end: the judge's own line that follows starts a line ("logFinished in 23 turns"
    // hid it from `grep '^Finished'`).
    void pass_stderr_to_line_end();
    int pid() const { return pid_; }

private:
    void start(const std::string& command, const std::string& working_dir);
    bool exec_succeeded(int report_fd, const std::string& working_dir);
    void fail(VerdictKind kind, std::string message);
    // Both return the time spent blocked writing to stderr_passthrough_fd (our own stderr a full
    // pipe: `2>&1 | less`): the judge's time, not the program's (read_line does not count it).
    std::chrono::nanoseconds drain_stderr();
    std::chrono::nanoseconds pass_through(const char* data, std::size_t size);
    // Reads what stdout has ready; false on EOF (stdout closed).
    bool read_stdout_chunk();
    // Extracts the first complete line of out_buf_ if any; sets OutputLimit/Garbage verdicts.
    std::optional<std::string> take_line(const std::string& context);
    // Writes all of `data` within `wait`; on failure returns the reason ("" = success).
    std::string write_all(const std::string& data, std::chrono::milliseconds wait);
    // Exit status of the group leader without reaping it (the zombie keeps the pid and the
    // process group id reserved until kill() has signalled the whole group).
    bool peek_exit(std::chrono::milliseconds wait);
    std::string describe_exit() const;
    // The verdict of a program whose exit is known: Crashed (a signal, or the shell's 128+N) or
    // Exited, "... before answering <context><note>".
    void fail_gone(const std::string& context, const std::string& note);
    void charge(std::chrono::steady_clock::time_point since, bool replied);  // replied: a line was read
    void close_fds();
    void take(Player& other) noexcept;
    bool exit_known_ = false;
    int exit_code_ = -1;    // valid when exit_known_ and exit_signal_ == 0
    int exit_signal_ = 0;   // > 0 when killed by a signal
    bool finished_ = false;
    std::string name_;
    PlayerLimits limits_;
    Verdict verdict_;
    int pid_ = -1;
    std::string mark_;  // "PURSUIT_PLAYER_..._<serial>=", this player's process mark (process_marks.h)
    int in_fd_ = -1, out_fd_ = -1, err_fd_ = -1;
    std::string out_buf_, err_tail_;
    std::size_t total_out_ = 0;
    std::size_t passed_ = 0;  // stderr bytes copied to stderr_passthrough_fd
    bool passed_mid_line_ = false;  // the last byte copied there was not a newline
    std::chrono::nanoseconds total_{0}, last_{0};
    std::vector<double> move_times_ms_;
    bool reaped_ = false;
    bool input_closed_ = false;  // a write failed with EPIPE (closed_input_is_not_a_failure)
};

// Once `failed` has failed (its process, or a move the judge refused): whether `other` has
// failed too (Player::failed_within), for a judge that then names no winner. `other` gets 200 ms
// to be seen gone when `failed` is gone itself (exited, crashed, never started): two programs
// that cannot start fail at the same moment, and which of the two the judge met first was luck.
bool failed_too(const Player& failed, Player& other, const std::string& context);

}  // namespace pursuit
