// Owns: the `robots` program — the judge solution of the Robots problem. Reads the problem
// input on stdin, writes the exact expected output on stdout. With --replays DIR it also
// writes DIR/case-<k>.json (a Pursuit replay of each case, playable in the site).
#include <sys/resource.h>

#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "common/errors.h"
#include "common/game.h"
#include "common/judge_io.h"
#include "robots/case_games.h"
#include "robots/strategy.h"

namespace {

int usage(int code) {
    std::fputs("usage: robots [--replays DIR] [--stats] < input > output\n"
               "  Plays every case of the Robots problem input with the prescribed strategy and\n"
               "  prints the judge's output. --replays DIR also writes DIR/case-<k>.json replays (named\n"
               "  on stderr: 'robots: wrote ...').\n"
               "  --stats prints the solving time (with --replays: including them) and peak memory to\n"
               "  stderr (for benchmarks).\n"
               "  Exit status: 0 every case solved; 1 a malformed case (the cases before it are still\n"
               "  printed, and their --replays written), an input that cannot be read or a --replays\n"
               "  folder that cannot be written; 2 a bad option.\n",
               code ? stderr : stdout);
    return code;
}

// The replays of `robots --replays DIR`, written as each case ends. A write error stops the
// replays, not the judging: stdout is still the whole expected output, and the error is named
// after the judge's own (as when the replays were written after the judge).
struct ReplayWriter {
    std::string dir;
    std::vector<std::string> written;  // also those before an error, for the "wrote" line
    std::string error;                 // the first write error, "" = none

    void write(int case_number, const pursuit::Game& game) {
        if (!error.empty()) return;
        // Creates DIR if missing; errors say why ("cannot write DIR/case-1.json: Not a directory").
        const std::string path = dir + "/case-" + std::to_string(case_number) + ".json";
        try {
            pursuit::write_file(path, pursuit::json_text(game.replay()) + "\n");
            written.push_back(path);
        } catch (const std::exception& e) {
            error = e.what();
        }
    }
};

// The judge's output of `input` in `out`; with a replay folder every case is played once,
// as a Game, for both its output lines and its replay (robots::judge alone is faster).
void judge_input(const std::string& input, std::string& out, ReplayWriter& replays) {
    if (replays.dir.empty())
        pursuit::robots::judge(input, out);
    else
        pursuit::robots::judge_case_games(input, out, [&](int k, const pursuit::Game& game) { replays.write(k, game); });
}

}  // namespace

static int run_main(int argc, char** argv) {
    std::string replay_dir;
    bool stats = false;
    for (int i = 1; i < argc; ++i) {
        if (!std::strcmp(argv[i], "--help") || !std::strcmp(argv[i], "-h")) return usage(0);
        if (!std::strcmp(argv[i], "--replays") && i + 1 < argc) replay_dir = argv[++i];
        else if (!std::strcmp(argv[i], "--stats")) stats = true;
        else {
            std::fprintf(stderr, "robots: %s\n", !std::strcmp(argv[i], "--replays") ? "option --replays needs a value (a folder)"
                                                                                     : (std::string("unknown option ") + argv[i]).c_str());
            return usage(2);
        }
    }
    if (!replay_dir.empty()) {  // before reading the input: a bad folder is named at once
        try {
            pursuit::check_writable(replay_dir + "/case-1.json");
        } catch (const std::exception& e) {
            std::fprintf(stderr, "robots: %s\n", e.what());
            return 1;
        }
    }
    std::string input;
    try {
        input = pursuit::read_stdin();  // `robots < folder` is named, not an abort
    } catch (const std::exception& e) {
        std::fprintf(stderr, "robots: %s\n", e.what());
        return 1;
    }
    std::string out;
    ReplayWriter replays{replay_dir, {}, ""};
    int status = 0;
    const auto start = std::chrono::steady_clock::now();
    try {
        // On a malformed case: the output and replays of the cases before it, then the error.
        judge_input(input, out, replays);
        if (stats) {
            const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
            rusage usage{};
            getrusage(RUSAGE_SELF, &usage);
            std::fprintf(stderr, "robots: solved in %.3f ms, peak memory %ld KB\n", ms, usage.ru_maxrss);
        }
    } catch (const std::exception& e) {
        std::fprintf(stderr, "robots: %s\n", e.what());
        status = 1;
    }
    if (!replays.error.empty()) {
        std::fprintf(stderr, "robots: %s\n", replays.error.c_str());
        status = 1;
    }
    std::fwrite(out.data(), 1, out.size(), stdout);
    // On stderr: stdout is the exact expected output.
    if (!replays.written.empty()) std::fprintf(stderr, "robots: %s\n", pursuit::wrote_line({}, replays.written).c_str());
    return status;
}

// A failed write of the standard output (a full disk) is an error, not status 0.
int main(int argc, char** argv) { return pursuit::exit_after_stdout("robots", run_main(argc, argv)); }
