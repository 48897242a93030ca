// Owns: the `robots` program — the judge solution of the Robots problem. Reads the problem
// input on stdin, writes the exact expected output on stdout. With --replays DIR it also
// writes DIR/case-<k>.json (a Pursuit replay of each case, playable in the site).
#include <sys/resource.h>

#include <chrono>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <iterator>
#include <string>

#include "common/errors.h"
#include "common/game.h"
#include "robots/robots_game.h"
#include "robots/strategy.h"

namespace {

int usage(int code) {
    std::fputs("usage: robots [--replays DIR] [--stats] < input > output\n"
               "  Plays every case of the Robots problem input with the prescribed strategy and\n"
               "  prints the judge's output. --replays DIR also writes DIR/case-<k>.json replays.\n"
               "  --stats prints the solving time and peak memory to stderr (for benchmarks).\n",
               code ? stderr : stdout);
    return code;
}

void write_replays(const std::string& input, const std::string& dir) {
    using namespace pursuit;
    robots::CaseReader reader(input);
    while (auto c = reader.next()) {
        Json config = robots::case_to_json(*c);  // {"robots": [...], "teleports": [...]}
        config["game"] = "robots";
        robots::RobotsGame game(config);
        while (!game.over()) game.apply(game.suggest_move(Json::object()));
        const std::string path = dir + "/case-" + std::to_string(reader.cases_read()) + ".json";
        std::ofstream f(path);
        if (!f) throw InputError("cannot write " + path);
        f << game.replay().dump() << '\n';
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
        else return usage(2);
    }
    std::ios::sync_with_stdio(false);
    std::string input((std::istreambuf_iterator<char>(std::cin)), std::istreambuf_iterator<char>());
    std::string out;
    int status = 0;
    const auto start = std::chrono::steady_clock::now();
    try {
        pursuit::robots::judge(input, out);
        if (stats) {
            const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
            rusage usage{};
            getrusage(RUSAGE_SELF, &usage);
            std::fprintf(stderr, "robots: solved in %.3f ms, peak memory %ld KB\n", ms, usage.ru_maxrss);
        }
        if (!replay_dir.empty()) write_replays(input, replay_dir);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "robots: %s\n", e.what());
        status = 1;
    }
    std::fwrite(out.data(), 1, out.size(), stdout);
    return status;
}
