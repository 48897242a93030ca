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
        "                   to an unsearched cell takes, and turns before anyone has moved count\n"
        "                   only after the run's first minute or 60000 turns, for a solver that\n"
        "                   stalls while it plans; 0 = none; the original has no limit)\n"
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

struct Run {
    std::vector<std::string> lines;  // move lines accepted
    std::string error;               // rule error or solver failure
    bool finished = false;
};

}  // namespace

static int run(int argc, char** argv) {
    double time_limit = 10.0;
    int max_turns = kDefaultMaxTurns;
    int idle_turns = -1;  // -1: the default for the map (with the opening grace)
    std::string replay_path, map_path;
    bool quiet = false, summary = false;
    std::vector<std::string> command;
    int i = 1;
    // The options from argv[i] on, up to the first word that is not one (MAP, SOLVER, "--" or
    // "-"); -1 then, else the exit status of a usage error (2) or of --help (0).
    auto options = [&]() -> int {
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
                if (a == "--time-limit") time_limit = option_number(a, argv[++i], 0, 1e6);
                else if (a == "--max-turns") max_turns = static_cast<int>(option_int(a, argv[++i], 1, 1000000000));
                else if (a == "--idle-turns") idle_turns = static_cast<int>(option_int(a, argv[++i], 0, 1000000000));
                else if (a == "--replay") {
                    replay_path = argv[++i];
                    if (replay_path.empty()) {  // it wrote no replay, without a word
                        std::fprintf(stderr, "searchparty-controller: option --replay: the FILE is empty\n");
                        return 2;
                    }
                } else if (a == "--quiet") quiet = true;
                else if (a == "--summary") summary = true;
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
    };
    if (const int status = options(); status >= 0) return status;
    if (i >= argc) {
        if (argc > 1) std::fprintf(stderr, "searchparty-controller: no MAP given\n");  // the usage alone left it to guess
        return usage(2);
    }
    if (std::string(argv[i]) == "--") {  // "-- ./solver": it read "--" as the MAP ("cannot read --", status 1)
        std::fprintf(stderr, "searchparty-controller: no MAP given before -- (see --help)\n");
        return 2;
    }
    map_path = argv[i++];
    // Options after MAP ("MAP --quiet -- SOLVER", "MAP --replay f.json -- SOLVER") are the
    // controller's: they were run as the solver's command. A SOLVER never starts with '-', so
    // the original's form "MAP SOLVER ARGS..." (ARGS may look like options) is unchanged.
    if (const int status = options(); status >= 0) return status;
    if (i < argc && std::string(argv[i]) == "--") ++i;
    for (; i < argc; ++i) command.push_back(argv[i]);
    if (command.empty()) {
        std::fprintf(stderr, "searchparty-controller: no SOLVER command after MAP '%s'\n", map_path.c_str());
        return usage(2);
    }

    // A run that cannot start (a bad map, a replay that cannot be written) still gives --summary
    // its JSON line, the error in it: a script over many maps read nothing for such a map.
    const auto cannot_start = [&](const std::exception& e) {
        std::cerr << "searchparty-controller: " << e.what() << "\n";
        if (summary)
            std::cout << json_text(Json{{"map", map_path}, {"finished", false}, {"turns", nullptr}, {"costars", nullptr},
                                        {"extras", nullptr}, {"error", e.what()}, {"solver_ms", 0}, {"wall_ms", 0}})
                      << "\n";
        return 1;
    };
    Map map;
    std::string map_text;
    try {
        map_text = read_file(map_path, kMaxMapFileBytes, "larger than any map");
        map = read_map(map_text, map_path);
    } catch (const std::exception& e) {  // the original dies with a traceback here: name the program instead
        return cannot_start(e);
    }
    if (!replay_path.empty()) {  // before the solver runs: a typo in the path must not cost the run's replay
        try {
            check_not_input(replay_path, map_path, "map file");
            check_writable(replay_path);
        } catch (const std::exception& e) {
            return cannot_start(e);
        }
    }
    // exec: the shell gives way to the solver, so a solver that closes its output is seen at
    // once (a shell left waiting for it kept the pipe open: the turn timed out, or with no limit
    // the run never ended).
    std::string cmd = "exec";
    for (const auto& c : command) cmd += " " + shell_quote(c);
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
    // The original lets its solver write to the terminal: the solver's stderr comes through as it
    // is written (it was kept for failure reports only).
    limits.stderr_passthrough_fd = 2;
    // Ctrl-C or a kill: the solver's group is killed at once, so the turn in progress ends, and
    // the run ends as a failure with its replay and summary written (they were lost: the
    // controller died by the signal).
    catch_stop_signals({SIGINT, SIGTERM});
    Player solver("solver", cmd, "", limits);

    State state(map);
    const bool opening_grace = idle_turns < 0;
    if (idle_turns < 0) idle_turns = map.open_count() + kIdleTurnsSlack;
    int last_new_cell_turn = 0, unsearched_before = state.unsearched();
    const std::string start_actors = state.actors_line();
    bool anyone_moved = false;
    Run run;
    int status = 0;
    const Stopwatch clock;
    auto send_state = [&] {
        std::string block = state.state_block();
        block.pop_back();  // send_line adds the final newline
        return solver.send_line(block);
    };
    // Ends the run with `error` on stderr, after what the solver wrote to its stderr before it.
    auto stop = [&](const std::string& error, int exit_status) {
        solver.pass_stderr();
        run.error = error;
        std::cerr << run.error << "\n";
        status = exit_status;
    };
    auto finish_lines = [&] {
        solver.pass_stderr();  // what the solver wrote before its last line comes first
        run.finished = true;
        if (!quiet) std::cerr << "Finished in " << state.turns() << " turns\n" << state.final_line() << "\n";
    };
    // The original sends "Turn 1" even when the view from S already covers the map.
    send_state();  // a failure shows up as the verdict of the first read
    if (state.finished()) {
        finish_lines();
    } else {
        while (true) {
            std::optional<std::string> line;
            line = solver.read_line("turn " + std::to_string(state.turns() + 1));
            if (!line && caught_stop_signal()) {
                stop("Interrupted by " + std::string(caught_stop_signal() == SIGINT ? "SIGINT (Ctrl-C)" : "SIGTERM") + " during turn " +
                         std::to_string(state.turns() + 1) + ": the run ends here",
                     128 + caught_stop_signal());
                break;
            }
            if (!line) {
                stop(std::string("Solver failed (") + verdict_name(solver.verdict().kind) + "): " + solver.verdict().message, 1);
                break;
            }
            try {
                state.play_line(*line);
            } catch (const IllegalMove& e) {
                stop(e.what(), 0);  // a rule error: status 0, as the original's
                // The original's words name neither the turn nor always the actor: one more
                // line says both (stderr only; the summary and replay keep the original's).
                if (const auto* detail = dynamic_cast<const MoveLineError*>(&e))
                    std::cerr << "searchparty-controller: turn " << state.turns() + 1 << ": " << detail->detail() << "\n";
                break;
            }
            run.lines.push_back(*line);
            if (state.finished()) {
                finish_lines();
                break;
            }
            anyone_moved = anyone_moved || state.actors_line() != start_actors;
            if (state.unsearched() < unsearched_before) last_new_cell_turn = state.turns(), unsearched_before = state.unsearched();
            if (opening_grace && !anyone_moved && clock.elapsed_ms() < kOpeningGraceMs && state.turns() <= kOpeningGraceTurns) last_new_cell_turn = state.turns();
            if (idle_turns > 0 && state.turns() - last_new_cell_turn >= idle_turns) {
                stop("Solver failed (idle): no new cell searched in the last " + std::to_string(idle_turns) + " turns (turn " +
                         std::to_string(state.turns()) + ", " + std::to_string(state.unsearched()) + " cells left; --idle-turns)",
                     1);
                break;
            }
            if (state.turns() >= max_turns) {
                stop("Solver failed (turn limit): the search is not over after " + std::to_string(max_turns) + " turns (--max-turns)", 1);
                break;
            }
            send_state();  // a failure shows up as the verdict of the next read (a closed input: none)
        }
    }
    solver.finish();
    if (!replay_path.empty()) {
        Json config{{"game", "searchparty"}, {"map", map_text}, {"map_name", map_path}};
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
            write_json_file(replay_path, make_replay("searchparty", config, run.lines, result));
            // After the finish lines (stdout stays empty, as the original's): only with --replay.
            if (!quiet) std::cerr << "searchparty-controller: " << wrote_line({replay_path}) << "\n";
        } catch (const std::exception& e) {
            std::cerr << "searchparty-controller: " << e.what() << "\n";
            status = 1;
        }
    }
    if (summary) {
        Json s{{"map", map_path},
               {"finished", run.finished},
               {"turns", state.turns()},
               {"costars", state.costars_alive()},
               {"extras", state.extras_alive()},
               {"error", run.error.empty() ? Json(nullptr) : Json(run.error)},
               {"solver_ms", std::chrono::duration<double, std::milli>(solver.thinking_time()).count()},
               {"wall_ms", clock.elapsed_ms()}};
        std::cout << json_text(s) << "\n";
    }
    return status;
}

// A failed write of the standard output (a full disk) is an error, not status 0. An interrupted
// run, its replay and summary written, then dies by its signal: a shell loop over maps stops
// at Ctrl-C only when the program it ran died by SIGINT.
int main(int argc, char** argv) {
    const int status = pursuit::exit_after_stdout("searchparty-controller", run(argc, argv));
    pursuit::end_by_caught_signal();
    return status;
}
