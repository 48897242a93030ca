// Owns: `searchparty-controller`, a drop-in for the original controller.py: runs the solver,
// sends it the state block before every turn, reads one move line per turn, and ends with
// "Finished in T turns" / "T c e" on stderr (or the original's error message). Exit 0 on a
// finish and on a rule error, like the original. Additions: --time-limit (per turn; the
// original has none), --replay FILE (JSON replay), --quiet, --summary (JSON on stdout), and
// after a rule error one line naming the turn and the actor.
#include <algorithm>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "common/errors.h"
#include "common/judge_io.h"
#include "common/process_runner.h"
#include "common/replay.h"
#include "searchparty/rules.h"

namespace {

using namespace pursuit;
using namespace pursuit::searchparty;

int usage(int code) {
    std::fputs(
        "usage: searchparty-controller [options] MAP [options] -- SOLVER [ARGS...]\n"
        "       searchparty-controller [options] MAP SOLVER [ARGS...]   (the original's form)\n"
        "  Runs SOLVER, writes the state block to its stdin before every turn and reads one\n"
        "  move line per turn. Finish lines and errors go to stderr, as in controller.py; a rule\n"
        "  error's line is followed by one naming the turn and the actor. A solver may write its\n"
        "  moves ahead and exit: the lines it wrote are played.\n"
        "options (before MAP, or after it up to --; words after SOLVER are the solver's):\n"
        "  The solver's own stderr comes through to stderr as it is written (the first 16 MiB).\n"
        "  --time-limit S   seconds the solver may take per turn, reading its block included\n"
        "                   (default 10; 0 = none)\n"
        "  --max-turns N    end the run with a solver failure after N turns without the search\n"
        "                   over (default 1000000; the original has no limit)\n"
        "  --idle-turns N   end the run with a solver failure after N turns in a row that search\n"
        "                   no new cell (default: the map's open cells + 1000, more than any walk\n"
        "                   to an unsearched cell takes, and under the default only, turns before\n"
        "                   anyone has moved count only after the run's first minute or 60000\n"
        "                   turns, for a solver that stalls while it plans; an explicit N counts\n"
        "                   every turn; 0 = none; the original has no limit)\n"
        "  --replay FILE    write a Pursuit replay (JSON) of the run; stderr then ends with\n"
        "                   'searchparty-controller: wrote FILE'\n"
        "  --quiet          no finish lines and no 'wrote' line on stderr (errors are still printed)\n"
        "  --summary        print one JSON line {costars, error, extras, finished, map, solver_ms,\n"
        "                   turns, wall_ms} on stdout\n"
        "exit status: 0 finished or rule error (as the original), 1 solver failure, bad map or a\n"
        "             --replay FILE that cannot be written (checked before the solver starts),\n"
        "             2 usage, 130 / 143 interrupted by SIGINT (Ctrl-C) / SIGTERM (the replay\n"
        "             and the summary of the turns played are still written)\n",
        code ? stderr : stdout);
    return code;
}

std::string shell_quote(const std::string& s) {
    if (!s.empty() && s.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-./=:,+@%") == std::string::npos)
        return s;
    std::string q = "'";
    for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return q + "'";
}

constexpr long long kNoLimitMs = 1000LL * 3600 * 24 * 365;  // --time-limit 0: "none"
// The original has no turn limit; a solver that never finishes the search ran until the 64 MiB
// output limit (33 M turns, 9 minutes, a 235 MB replay). A million turns is far more than any
// search needs (a 256x256 map has 65 536 cells).
constexpr int kDefaultMaxTurns = 1000000;
// But a solver that answers "." (or moves to and fro) forever took the whole million: about 25
// minutes on a 256x256 map. No walk to an unsearched cell is longer than the map's open cells,
// so that many turns in a row without a new cell, plus room for turns where a solver stalls
// while it plans (ours: one per --answer-ms), is a solver that will not finish.
constexpr int kIdleTurnsSlack = 1000;
// Those stalls are counted in time, not turns (one per --answer-ms: 20 ms gives 50 a second), so
// under the default limit the turns before anyone has moved do not count in the run's first
// minute, nor past one turn per millisecond of it: a solver that answers "." at once on a small
// map made a million turns within the minute and ended at --max-turns after 28 s, not idle.
// A solver that never moves still ends, at most a minute later (an explicit --idle-turns
// counts every turn).
constexpr double kOpeningGraceMs = 60000;
constexpr int kOpeningGraceTurns = 60000;

// The command line: the controller's options, the MAP and the solver's command.
struct ControllerOptions {
    double time_limit = 10.0;
    int max_turns = kDefaultMaxTurns;
    int idle_turns = -1;  // -1: the default for the map (with the opening grace)
    std::string replay_path, map_path;
    bool quiet = false, summary = false;
    std::vector<std::string> command;  // SOLVER [ARGS...]
};

// The options from argv[i] on, up to the first word that is not one (MAP, SOLVER, "--" or
// "-"); -1 then, else the exit status of a usage error (2) or of --help (0).
int read_options(int argc, char** argv, int& i, ControllerOptions& options) {
    for (; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--" || a == "-" || a[0] != '-') return -1;
        if (a == "--help" || a == "-h") return usage(0);
        if ((a == "--time-limit" || a == "--replay" || a == "--max-turns" || a == "--idle-turns") && i + 1 >= argc) {
            std::fprintf(stderr, "searchparty-controller: option %s needs a value\n", a.c_str());
            return 2;
        }
        // A value that is not a number in range is a usage error naming the option.
        try {
            if (a == "--time-limit") options.time_limit = option_number(a, argv[++i], 0, 1e6);
            else if (a == "--max-turns") options.max_turns = static_cast<int>(option_int(a, argv[++i], 1, 1000000000));
            else if (a == "--idle-turns") options.idle_turns = static_cast<int>(option_int(a, argv[++i], 0, 1000000000));
            else if (a == "--replay") {
                options.replay_path = argv[++i];
                if (options.replay_path.empty()) {  // it wrote no replay, without a word
                    std::fprintf(stderr, "searchparty-controller: option --replay: the FILE is empty\n");
                    return 2;
                }
            } else if (a == "--quiet") options.quiet = true;
            else if (a == "--summary") options.summary = true;
            else {  // "-q" was read as the MAP ("cannot read -q", status 1)
                std::fprintf(stderr, "searchparty-controller: unknown option %s (see --help)\n", a.c_str());
                return 2;
            }
        } catch (const std::exception& e) {
            std::fprintf(stderr, "searchparty-controller: %s\n", e.what());
            return 2;
        }
    }
    return -1;
}

// Reads the whole command line into `options`: -1 when the run goes on, else the exit status of
// a usage error (2) or of --help (0).
int parse_options(int argc, char** argv, ControllerOptions& options) {
    int i = 1;
    if (const int status = read_options(argc, argv, i, options); status >= 0) return status;
    if (i >= argc) {
        if (argc > 1) std::fprintf(stderr, "searchparty-controller: no MAP given\n");  // the usage alone left it to guess
        return usage(2);
    }
    if (std::string(argv[i]) == "--") {  // "-- ./solver": it read "--" as the MAP ("cannot read --", status 1)
        std::fprintf(stderr, "searchparty-controller: no MAP given before -- (see --help)\n");
        return 2;
    }
    options.map_path = argv[i++];
    // Options after MAP ("MAP --quiet -- SOLVER", "MAP --replay f.json -- SOLVER") are the
    // controller's: they were run as the solver's command. A SOLVER never starts with '-', so
    // the original's form "MAP SOLVER ARGS..." (ARGS may look like options) is unchanged.
    if (const int status = read_options(argc, argv, i, options); status >= 0) return status;
    if (i < argc && std::string(argv[i]) == "--") ++i;
    for (; i < argc; ++i) options.command.push_back(argv[i]);
    if (options.command.empty()) {
        std::fprintf(stderr, "searchparty-controller: no SOLVER command after MAP '%s'\n", options.map_path.c_str());
        return usage(2);
    }
    return -1;
}

// Prints why the run cannot start. A run that cannot start (a bad map, a replay that cannot be
// written) still gives --summary its JSON line, the error in it: a script over many maps read
// nothing for such a map.
void report_cannot_start(const ControllerOptions& options, const std::exception& e) {
    std::cerr << "searchparty-controller: " << e.what() << "\n";
    if (options.summary)
        std::cout << json_text(Json{{"map", options.map_path}, {"finished", false}, {"turns", nullptr}, {"costars", nullptr},
                                    {"extras", nullptr}, {"error", e.what()}, {"solver_ms", 0}, {"wall_ms", 0}})
                  << "\n";
}

// The map to play, and its text for the replay.
struct MapFile {
    Map map;
    std::string text;
};

// Reads the map and checks that the --replay FILE can be written, before the solver starts;
// nullopt (the error printed: exit status 1) when the run cannot start.
std::optional<MapFile> read_map_and_check_replay(const ControllerOptions& options) {
    MapFile file;
    try {
        file.text = read_file(options.map_path, kMaxMapFileBytes, "larger than any map");
        file.map = read_map(file.text, options.map_path);
    } catch (const std::exception& e) {  // the original dies with a traceback here: name the program instead
        report_cannot_start(options, e);
        return std::nullopt;
    }
    if (!options.replay_path.empty()) {  // before the solver runs: a typo in the path must not cost the run's replay
        try {
            check_not_input(options.replay_path, options.map_path, "map file");
            check_writable(options.replay_path);
        } catch (const std::exception& e) {
            report_cannot_start(options, e);
            return std::nullopt;
        }
    }
    return file;
}

// The shell command that runs SOLVER [ARGS...]. exec: the shell gives way to the solver, so a
// solver that closes its output is seen at once (a shell left waiting for it kept the pipe
// open: the turn timed out, or with no limit the run never ended).
std::string solver_command(const std::vector<std::string>& command) {
    std::string cmd = "exec";
    for (const auto& c : command) cmd += " " + shell_quote(c);
    return cmd;
}

// How the solver is run: --time-limit per turn, its input and output handled as the original's.
PlayerLimits solver_limits(double time_limit) {
    PlayerLimits limits;
    // 0 = no limit; a positive limit under a millisecond is 1 ms, not "no limit".
    limits.per_move = std::chrono::milliseconds(time_limit > 0 ? std::max(1LL, static_cast<long long>(time_limit * 1000)) : 0);
    // A 256x256 state block is over 64 KiB, more than a pipe holds: a solver that loads before
    // it reads has the turn's time for it (the runner's 2 s cut such a solver off).
    limits.write_timeout = limits.per_move.count() > 0 ? limits.per_move : std::chrono::milliseconds(kNoLimitMs);
    limits.unfinished_last_line_counts = true;  // the original reads with readline()
    // A solver may write all its moves ahead and exit: a state block it can no longer read is
    // dropped, its move lines waiting in the pipe are played, and the run fails only when a
    // line is needed and its output is at its end ("exited"). The write that found its input
    // closed ended the run, or not, by the race between its exit and the controller's writes.
    limits.closed_input_is_not_a_failure = true;
    // The original reads until a line or the end of the output: a solver run by a wrapper that
    // starts it in the background and exits is played (it failed 200 ms after the wrapper's exit).
    // Without a time limit a minute, so that a forgotten `sleep 1000 &` ends the run all the same.
    limits.orphaned_output_wait = limits.per_move.count() > 0 ? limits.per_move : std::chrono::milliseconds(60000);
    // The original lets its solver write to the terminal: the solver's stderr comes through as it
    // is written (it was kept for failure reports only).
    limits.stderr_passthrough_fd = 2;
    return limits;
}

// The --idle-turns watch: counts the turns in a row that searched no new cell. Under the default
// limit the turns before anyone has moved count only after the opening grace (kOpeningGraceMs).
class IdleWatch {
public:
    IdleWatch(const State& state, int idle_turns)
        : opening_grace_(idle_turns < 0),
          limit_(idle_turns < 0 ? state.map().open_count() + kIdleTurnsSlack : idle_turns),
          unsearched_before_(state.unsearched()),
          start_actors_(state.actors_line()) {}

    int limit() const { return limit_; }  // 0: none
    // After each turn played: true when the last limit() turns searched no new cell.
    bool idle_after_turn(const State& state, const Stopwatch& clock) {
        anyone_moved_ = anyone_moved_ || state.actors_line() != start_actors_;
        if (state.unsearched() < unsearched_before_) last_new_cell_turn_ = state.turns(), unsearched_before_ = state.unsearched();
        if (opening_grace_ && !anyone_moved_ && clock.elapsed_ms() < kOpeningGraceMs && state.turns() <= kOpeningGraceTurns)
            last_new_cell_turn_ = state.turns();
        return limit_ > 0 && state.turns() - last_new_cell_turn_ >= limit_;
    }

private:
    bool opening_grace_;
    int limit_;
    int last_new_cell_turn_ = 0, unsearched_before_;
    std::string start_actors_;
    bool anyone_moved_ = false;
};

// What a run gave: the move lines played, how it ended and its exit status.
struct Run {
    std::vector<std::string> lines;  // move lines accepted
    std::string error;               // rule error or solver failure
    bool finished = false;
    int exit_status = 0;
};

// Sends the state block for the next turn; false when the solver did not take it.
bool send_state(Player& solver, const State& state) {
    std::string block = state.state_block();
    block.pop_back();  // send_line adds the final newline
    return solver.send_line(block);
}

// Ends the run with `error` on stderr, after what the solver wrote to its stderr before it.
void end_with_error(Run& run, Player& solver, const std::string& error, int exit_status) {
    solver.pass_stderr_to_line_end();
    run.error = error;
    std::cerr << run.error << "\n";
    run.exit_status = exit_status;
}

// Ends the run with the search over: the finish lines on stderr (unless --quiet).
void end_with_search_over(Run& run, Player& solver, const State& state, bool quiet) {
    solver.pass_stderr_to_line_end();  // what the solver wrote before its last line comes first, on lines of its own
    run.finished = true;
    if (!quiet) std::cerr << "Finished in " << state.turns() << " turns\n" << state.final_line() << "\n";
}

// Ends the run at a turn the solver gave no move line for: an interrupt (status 128 + the
// signal) or a solver failure (status 1).
void end_without_move_line(Run& run, Player& solver, const State& state) {
    if (caught_stop_signal()) {
        end_with_error(run, solver,
                       "Interrupted by " + std::string(caught_stop_signal() == SIGINT ? "SIGINT (Ctrl-C)" : "SIGTERM") + " during turn " +
                           std::to_string(state.turns() + 1) + ": the run ends here",
                       128 + caught_stop_signal());
        return;
    }
    end_with_error(run, solver, std::string("Solver failed (") + verdict_name(solver.verdict().kind) + "): " + solver.verdict().message, 1);
}

// Plays the solver's move line and records it; false after a rule error, which ends the run.
bool play_move_line(Run& run, Player& solver, State& state, const std::string& line) {
    try {
        state.play_line(line);
    } catch (const IllegalMove& e) {
        end_with_error(run, solver, e.what(), 0);  // a rule error: status 0, as the original's
        // The original's words name neither the turn nor always the actor: one more
        // line says both (stderr only; the summary and replay keep the original's).
        if (const auto* detail = dynamic_cast<const MoveLineError*>(&e))
            std::cerr << "searchparty-controller: turn " << state.turns() + 1 << ": " << detail->detail() << "\n";
        return false;
    }
    run.lines.push_back(line);
    return true;
}

// After a turn that left the search unfinished: the solver failure that ends the run there
// (--idle-turns, --max-turns), or "" to play on.
std::string turn_limit_error(IdleWatch& idle, const State& state, int max_turns, const Stopwatch& clock) {
    if (idle.idle_after_turn(state, clock))
        return "Solver failed (idle): no new cell searched in the last " + std::to_string(idle.limit()) + " turns (turn " +
               std::to_string(state.turns()) + ", " + std::to_string(state.unsearched()) + " cells left; --idle-turns)";
    if (state.turns() >= max_turns)
        return "Solver failed (turn limit): the search is not over after " + std::to_string(max_turns) + " turns (--max-turns)";
    return "";
}

// The turn loop: sends the state block before every turn and plays the solver's move line for
// it, until the search is over, a rule error, a solver failure, a turn limit or an interrupt.
Run play(Player& solver, State& state, IdleWatch& idle, const ControllerOptions& options, const Stopwatch& clock) {
    Run run;
    // The original sends "Turn 1" even when the view from S already covers the map.
    send_state(solver, state);  // a failure shows up as the verdict of the first read
    if (state.finished()) {
        end_with_search_over(run, solver, state, options.quiet);
        return run;
    }
    while (true) {
        const std::optional<std::string> line = solver.read_line("turn " + std::to_string(state.turns() + 1));
        if (!line) {
            end_without_move_line(run, solver, state);
            return run;
        }
        if (!play_move_line(run, solver, state, *line)) return run;
        if (state.finished()) {
            end_with_search_over(run, solver, state, options.quiet);
            return run;
        }
        if (const std::string error = turn_limit_error(idle, state, options.max_turns, clock); !error.empty()) {
            end_with_error(run, solver, error, 1);
            return run;
        }
        send_state(solver, state);  // a failure shows up as the verdict of the next read (a closed input: none)
    }
}

// Writes the --replay FILE, then (unless --quiet) the 'wrote' line; false (the error printed)
// when it cannot be written.
bool write_replay(const ControllerOptions& options, const std::string& map_text, const Run& run, const State& state) {
    Json config{{"game", "searchparty"}, {"map", map_text}, {"map_name", options.map_path}};
    Json result{{"over", run.finished},
                {"summary", run.finished ? "Finished in " + std::to_string(state.turns()) + " turns" : run.error},
                {"turns", state.turns()},
                {"costars_alive", state.costars_alive()},
                {"extras_alive", state.extras_alive()}};
    if (!run.error.empty()) result["error"] = run.error;
    // A run that stopped before the end (a rule error, a solver failure, the turn limit, an
    // interrupt) is recorded, not what its moves give: pursuit-tool check-replay refused it.
    if (!run.finished) result["forfeit"] = run.error.empty() ? std::string("the run stopped before the end of the search") : run.error;
    try {
        write_json_file(options.replay_path, make_replay("searchparty", config, run.lines, result));
        // After the finish lines (stdout stays empty, as the original's): only with --replay.
        if (!options.quiet) std::cerr << "searchparty-controller: " << wrote_line({options.replay_path}) << "\n";
    } catch (const std::exception& e) {
        std::cerr << "searchparty-controller: " << e.what() << "\n";
        return false;
    }
    return true;
}

// Prints the --summary JSON line on stdout.
void print_summary(const ControllerOptions& options, const Run& run, const State& state, const Player& solver, const Stopwatch& clock) {
    Json s{{"map", options.map_path},
           {"finished", run.finished},
           {"turns", state.turns()},
           {"costars", state.costars_alive()},
           {"extras", state.extras_alive()},
           {"error", run.error.empty() ? Json(nullptr) : Json(run.error)},
           {"solver_ms", std::chrono::duration<double, std::milli>(solver.thinking_time()).count()},
           {"wall_ms", clock.elapsed_ms()}};
    std::cout << json_text(s) << "\n";
}

}  // namespace

// The whole run: the command line, the checks before the start, the turn loop, then the replay
// and the summary; the exit status.
static int run(int argc, char** argv) {
    pursuit::adopt_players_orphans();  // (what a player left behind, out of its group and marks, goes with it)
    ControllerOptions options;
    if (const int status = parse_options(argc, argv, options); status >= 0) return status;
    const std::optional<MapFile> map = read_map_and_check_replay(options);
    if (!map) return 1;
    // Ctrl-C or a kill: the solver's group is killed at once, so the turn in progress ends, and
    // the run ends as a failure with its replay and summary written (they were lost: the
    // controller died by the signal).
    catch_stop_signals({SIGINT, SIGTERM});
    Player solver("solver", solver_command(options.command), "", solver_limits(options.time_limit));

    State state(map->map);
    IdleWatch idle(state, options.idle_turns);
    const Stopwatch clock;
    Run outcome = play(solver, state, idle, options, clock);
    solver.finish();
    if (!options.replay_path.empty() && !write_replay(options, map->text, outcome, state)) outcome.exit_status = 1;
    if (options.summary) print_summary(options, outcome, state, solver, clock);
    return outcome.exit_status;
}

// A failed write of the standard output (a full disk) is an error, not status 0. An interrupted
// run, its replay and summary written, then dies by its signal: a shell loop over maps stops
// at Ctrl-C only when the program it ran died by SIGINT.
int main(int argc, char** argv) {
    const int status = pursuit::exit_after_stdout("searchparty-controller", run(argc, argv));
    pursuit::end_by_caught_signal();
    return status;
}
