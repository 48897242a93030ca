// Owns: `searchparty-check [--replay FILE] MAP SOLUTION`: verifies a batch-form solution (move
// lines, then "turns costars extras") and prints the true "T c e" on stdout and a verdict on
// stderr; --replay writes the lines it played as a Pursuit replay, to watch in the page.
// Exit 0 when the solution is valid and its final line is true, 1 otherwise (or an unreadable
// MAP / SOLUTION, or a replay that cannot be written, named with the program:
// "searchparty-check: cannot read ..."), 2 on usage.
#include <cstdio>
#include <iostream>
#include <string>
#include <vector>

#include "common/counted.h"
#include "common/judge_io.h"
#include "common/replay.h"
#include "searchparty/checker.h"
#include "searchparty/rules.h"

namespace {

using namespace pursuit;
using namespace pursuit::searchparty;

const char* const kUsage =
    "usage: searchparty-check [--replay FILE] [--] MAP SOLUTION   (SOLUTION '-' = stdin;\n"
    "  after --, MAP and SOLUTION may start with '-': -- -x.txt sol.txt)\n"
    "  Prints the true \"turns costars extras\" of a batch-form solution on stdout and a\n"
    "  verdict on stderr; exit 0 if it is valid and its final line is true, 1 otherwise\n"
    "  (or a MAP / SOLUTION that cannot be read, a replay that cannot be written), 2 usage.\n"
    "  --replay FILE   also write the move lines played (up to a refused one) as a Pursuit\n"
    "                  replay (JSON), to open in the Search Party page or check with\n"
    "                  pursuit-tool check-replay; then 'searchparty-check: wrote FILE' on stderr\n"
    "                  ('-' is stdout: the JSON alone there, the turns line on stderr)\n";

struct CheckOptions {
    std::string replay_path, map_path, solution_path;
};

// Reads the command line into `o`: 0 to go on, else the exit status (the fault printed).
int parse(int argc, char** argv, CheckOptions& o) {
    std::vector<std::string> files;
    bool after_dashes = false;  // after "--" every word is a file ("-x.txt")
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (after_dashes) {
            files.push_back(a);
        } else if (a == "--") {
            after_dashes = true;
        } else if (a == "--replay") {
            if (i + 1 >= argc) {
                std::fprintf(stderr, "searchparty-check: option --replay needs a value\n");
                return 2;
            }
            if (argv[i + 1][0] == '\0') {  // as the controller's: it would write nothing, without a word
                std::fprintf(stderr, "searchparty-check: option --replay: the FILE is empty\n");
                return 2;
            }
            o.replay_path = argv[++i];
        } else if (a.size() > 1 && a[0] == '-') {  // "--bogus" was read as a file: "cannot read --bogus", status 1
            std::fprintf(stderr, "searchparty-check: unknown option %s\n", a.c_str());
            std::fputs(kUsage, stderr);
            return 2;
        } else {
            files.push_back(a);
        }
    }
    if (files.size() != 2) {
        if (argc > 1) std::fprintf(stderr, "searchparty-check: expected MAP and SOLUTION, got %s\n", counted(files.size(), "argument", "arguments").c_str());
        std::fputs(kUsage, stderr);
        return 2;
    }
    o.map_path = files[0];
    o.solution_path = files[1];
    return 0;
}

// The replay of what the check played, as the controller writes one: a refused solution is
// recorded as a forfeit (its moves stop before the refused line), its message the error.
Json replay_of(const CheckOptions& o, const std::string& map_text, const Map& map, const CheckReport& r) {
    State s(map);
    for (const std::string& line : r.moves) s.play_line(line);
    Json result{{"over", s.finished()},
                {"summary", r.valid ? "Finished in " + std::to_string(s.turns()) + " turns" : r.message},
                {"turns", s.turns()},
                {"costars_alive", s.costars_alive()},
                {"extras_alive", s.extras_alive()}};
    if (!r.valid) result["error"] = result["forfeit"] = r.message;
    const Json config{{"game", "searchparty"}, {"map", map_text}, {"map_name", o.map_path}};
    return make_replay("searchparty", config, r.moves, result);
}

int run(int argc, char** argv) {
    if (argc == 2 && (std::string(argv[1]) == "--help" || std::string(argv[1]) == "-h")) {
        std::fputs(kUsage, stdout);
        return 0;
    }
    CheckOptions o;
    if (const int status = parse(argc, argv, o)) return status;
    try {
        const std::string map_text = read_file(o.map_path, kMaxMapFileBytes, "larger than any map");
        const Map map = read_map(map_text, o.map_path);
        if (!o.replay_path.empty()) {  // before the check: a typo in the path is said at once
            check_not_input(o.replay_path, o.map_path, "map file");
            if (o.solution_path != "-") check_not_input(o.replay_path, o.solution_path, "solution file");
            check_writable(o.replay_path);
        }
        // A SOLUTION of /dev/zero was read until memory ran out (std::bad_alloc).
        const char* too_big = "larger than any solution (the controller reads at most 64 MiB of a solver's output)";
        const bool from_stdin = o.solution_path == "-";
        const std::string text = from_stdin ? read_stdin(kMaxSolutionBytes, too_big) : read_file(o.solution_path, kMaxSolutionBytes, too_big);
        const CheckReport r = check_solution(map, text, from_stdin ? "solution" : o.solution_path);
        // With the replay on stdout (--replay -), its line goes to stderr: stdout is the JSON alone.
        std::ostream& verdict = standard_stream_named(o.replay_path) == 1 ? std::cerr : std::cout;
        verdict << r.turns << " " << r.costars << " " << r.extras << "\n";
        std::cerr << (r.valid ? (r.claim_matches ? "valid: " : "valid moves, wrong final line: ") : "invalid: ") << r.message << "\n";
        if (!o.replay_path.empty()) {
            write_json_file(o.replay_path, replay_of(o, map_text, map, r));
            std::cerr << "searchparty-check: " << wrote_line({o.replay_path}) << "\n";
        }
        return r.valid && r.claim_matches ? 0 : 1;
    } catch (const std::exception& e) {
        std::cerr << "searchparty-check: " << e.what() << "\n";
        return 1;
    }
}

}  // namespace

// A failed write of the standard output (a full disk) is an error, not status 0.
int main(int argc, char** argv) { return pursuit::exit_after_stdout("searchparty-check", run(argc, argv)); }
