// Owns: `searchparty-controller`, a drop-in for the original controller.py: runs the solver,
// sends it the state block before every turn, reads one move line per turn, and ends with
// "Finished in T turns" / "T c e" on stderr (or the original's error message). Exit 0 on a
// finish and on a rule error, like the original. Additions: --time-limit (per turn; the
// original has none), --replay FILE (JSON replay), --quiet, --summary (JSON on stdout).
#include <algorithm>
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
        "usage: searchparty-controller [options] MAP -- SOLVER [ARGS...]\n"
        "       searchparty-controller [options] MAP SOLVER [ARGS...]   (the original's form)\n"
        "  Runs SOLVER, writes the state block to its stdin before every turn and reads one\n"
        "  move line per turn. Finish lines and errors go to stderr, as in controller.py.\n"
        "options:\n"
        "  --time-limit S   seconds the solver may take per turn (default 10; 0 = none)\n"
        "  --replay FILE    write a Pursuit replay (JSON) of the run; stderr then ends with\n"
        "                   'searchparty-controller: wrote FILE'\n"
        "  --quiet          no finish lines and no 'wrote' line on stderr (errors are still printed)\n"
        "  --summary        print one JSON line {costars, error, extras, finished, map, solver_ms,\n"
        "                   turns, wall_ms} on stdout\n"
        "exit status: 0 finished or rule error (as the original), 1 solver failure, bad map or a\n"
        "             --replay FILE that cannot be written (checked before the solver starts),\n"
        "             2 usage\n",
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

struct Run {
    std::vector<std::string> lines;  // move lines accepted
    std::string error;               // rule error or solver failure
    bool finished = false;
};

}  // namespace

int main(int argc, char** argv) {
    double time_limit = 10.0;
    std::string replay_path, map_path;
    bool quiet = false, summary = false;
    std::vector<std::string> command;
    int i = 1;
    for (; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--help" || a == "-h") return usage(0);
        if ((a == "--time-limit" || a == "--replay") && i + 1 >= argc) {
            std::fprintf(stderr, "searchparty-controller: option %s needs a value\n", a.c_str());
            return 2;
        }
        if (a == "--time-limit") {
            try {
                time_limit = option_number(a, argv[++i], 0, 1e6);
            } catch (const std::exception& e) {
                std::fprintf(stderr, "searchparty-controller: %s\n", e.what());
                return 2;
            }
        }
        else if (a == "--replay") replay_path = argv[++i];
        else if (a == "--quiet") quiet = true;
        else if (a == "--summary") summary = true;
        else if (a.rfind("--", 0) == 0 && a != "--") {
            std::fprintf(stderr, "searchparty-controller: unknown option %s (see --help)\n", a.c_str());
            return 2;
        }
        else break;
    }
    if (i >= argc) {
        if (argc > 1) std::fprintf(stderr, "searchparty-controller: no MAP given\n");  // the usage alone left it to guess
        return usage(2);
    }
    map_path = argv[i++];
    if (i < argc && std::string(argv[i]) == "--") ++i;
    for (; i < argc; ++i) command.push_back(argv[i]);
    if (command.empty()) {
        std::fprintf(stderr, "searchparty-controller: no SOLVER command after MAP '%s'\n", map_path.c_str());
        return usage(2);
    }

    Map map;
    std::string map_text;
    try {
        map_text = read_file(map_path);
        map = read_map(map_text, map_path);
    } catch (const std::exception& e) {  // the original dies with a traceback here: name the program instead
        std::cerr << "searchparty-controller: " << e.what() << "\n";
        return 1;
    }
    if (!replay_path.empty()) {  // before the solver runs: a typo in the path must not cost the run's replay
        try {
            check_writable(replay_path);
        } catch (const std::exception& e) {
            std::cerr << "searchparty-controller: " << e.what() << "\n";
            return 1;
        }
    }
    std::string cmd;
    for (const auto& c : command) cmd += (cmd.empty() ? "" : " ") + shell_quote(c);
    PlayerLimits limits;
    // 0 = no limit; a positive limit under a millisecond is 1 ms, not "no limit".
    limits.per_move = std::chrono::milliseconds(time_limit > 0 ? std::max(1LL, static_cast<long long>(time_limit * 1000)) : 0);
    limits.unfinished_last_line_counts = true;  // the original reads with readline()
    Player solver("solver", cmd, "", limits);

    State state(map);
    Run run;
    int status = 0;
    const Stopwatch clock;
    auto send_state = [&] {
        std::string block = state.state_block();
        block.pop_back();  // send_line adds the final newline
        return solver.send_line(block);
    };
    auto finish_lines = [&] {
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
            if (!line) {
                run.error = std::string("Solver failed (") + verdict_name(solver.verdict().kind) + "): " + solver.verdict().message;
                std::cerr << run.error << "\n";
                const std::string tail = solver.stderr_tail();
                if (!tail.empty()) std::cerr << "solver stderr (last lines):\n" << tail << (tail.back() == '\n' ? "" : "\n");
                status = 1;
                break;
            }
            try {
                state.play_line(*line);
            } catch (const IllegalMove& e) {
                run.error = e.what();
                std::cerr << run.error << "\n";
                break;
            }
            run.lines.push_back(*line);
            if (state.finished()) {
                finish_lines();
                break;
            }
            if (!send_state()) continue;  // the read reports the failure
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
        std::cout << s.dump() << "\n";
    }
    return status;
}
