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
#include "robots/robots_game.h"
#include "robots/strategy.h"

namespace {

int usage(int code) {
    std::fputs("usage: robots [--replays DIR] [--stats] < input > output\n"
               "  Plays every case of the Robots problem input with the prescribed strategy and\n"
               "  prints the judge's output. --replays DIR also writes DIR/case-<k>.json replays (named\n"
               "  on stderr: 'robots: wrote ...').\n"
               "  --stats prints the solving time and peak memory to stderr (for benchmarks).\n"
               "  Exit status: 0 every case solved; 1 a malformed case (the cases before it are still\n"
               "  printed, and their --replays written), an input that cannot be read or a --replays\n"
               "  folder that cannot be written; 2 a bad option.\n",
               code ? stderr : stdout);
    return code;
}

// Appends each file written to `written` (also those before an error). On a malformed case
// it throws the reader's InputError, the judge's own, after the replays of the cases before it.
void write_replays(const std::string& input, const std::string& dir, std::vector<std::string>& written) {
    using namespace pursuit;
    robots::CaseReader reader(input);
    while (auto c = reader.next()) {
        Json config = robots::case_to_json(*c);  // {"robots": [...], "teleports": [...]}
        config["game"] = "robots";
        robots::RobotsGame game(config);
        while (!game.over()) game.apply(game.suggest_move(Json::object()));
        // Creates DIR if missing; errors say why ("cannot write DIR/case-1.json: Not a directory").
        const std::string path = dir + "/case-" + std::to_string(reader.cases_read()) + ".json";
        write_file(path, game.replay().dump() + "\n");
        written.push_back(path);
    }
}

}  // namespace

int main(int argc, char** argv) {
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
    std::vector<std::string> written;
    int status = 0;
    const auto start = std::chrono::steady_clock::now();
    bool bad_case = false;  // the judge stopped at a malformed case (the good cases before it are in `out`)
    try {
        pursuit::robots::judge(input, out);
        if (stats) {
            const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
            rusage usage{};
            getrusage(RUSAGE_SELF, &usage);
            std::fprintf(stderr, "robots: solved in %.3f ms, peak memory %ld KB\n", ms, usage.ru_maxrss);
        }
    } catch (const pursuit::InputError& e) {
        std::fprintf(stderr, "robots: %s\n", e.what());
        status = 1;
        bad_case = true;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "robots: %s\n", e.what());
        status = 1;
    }
    // The replays of every case judged, also when a later case is malformed: write_replays then
    // stops at that case with the error already named above.
    if (!replay_dir.empty() && (status == 0 || bad_case)) {
        try {
            write_replays(input, replay_dir, written);
        } catch (const pursuit::InputError&) {
            // the judge's error, named above
        } catch (const std::exception& e) {
            std::fprintf(stderr, "robots: %s\n", e.what());
            status = 1;
        }
    }
    std::fwrite(out.data(), 1, out.size(), stdout);
    // On stderr: stdout is the exact expected output.
    if (!written.empty()) std::fprintf(stderr, "robots: %s\n", pursuit::wrote_line({}, written).c_str());
    return status;
}
