// Owns: `arena-fake-judge`, a stand-in judge that lets the arena be tested without any real
// game. It runs both bot commands with pursuit::Player, asks each for its designed strength
// (Elo), plays 4 timed "moves", and draws the winner from the Bradley-Terry model with a
// role-0 advantage of 60 Elo and 10 % draws (expected score = the logistic of the difference,
// so a fit must recover the designed strengths). A bot that misbehaves loses (fault).
// The map file's first word selects the judge's own behaviour: "normal", "hang" (starts the
// bots, then never ends) or "crash" (aborts). With FAKE_JUDGE_LOG set, appends one line
// "<map_name>|<seed>|<name0>|<name1>" per start (tests count replays with it).
// Without --bot1 it is a one-role game (tests/arena/games-solo/solo/arena.json, a stand-in for
// Search Party): the one bot's "STRENGTH T [C [E]]" reply is its "turns" T and its "costars" C
// and "extras" E (the tie-break values; left out of the result when the bot gives none).
#include <fcntl.h>
#include <unistd.h>

#include <chrono>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "common/judge_io.h"
#include "common/process_runner.h"
#include "common/replay.h"
#include "common/rng.h"

using namespace pursuit;

int main(int argc, char** argv) {
    std::string map, map_name, out;
    std::string cmd[2], name[2];
    std::uint64_t seed = 0;
    for (int i = 1; i + 1 < argc; i += 2) {
        const std::string a = argv[i], v = argv[i + 1];
        if (a == "--map") map = v;
        else if (a == "--map-name") map_name = v;
        else if (a == "--seed") seed = std::stoull(v);
        else if (a == "--out") out = v;
        else if (a == "--bot0") cmd[0] = v;
        else if (a == "--bot1") cmd[1] = v;
        else if (a == "--name0") name[0] = v;
        else if (a == "--name1") name[1] = v;
        else {
            std::cerr << "fake-judge: unknown argument " << a << "\n";
            return 2;
        }
    }
    if (const char* log = std::getenv("FAKE_JUDGE_LOG")) {
        const std::string line = map_name + "|" + std::to_string(seed) + "|" + name[0] + "|" + name[1] + "\n";
        const int fd = open(log, O_WRONLY | O_CREAT | O_APPEND, 0644);
        if (fd >= 0) {
            (void)!write(fd, line.data(), line.size());
            close(fd);
        }
    }
    std::string mode;
    std::ifstream(map) >> mode;
    if (mode.empty()) {
        std::cerr << "fake-judge: cannot read map " << map << "\n";
        return 2;
    }
    if (mode == "crash") std::abort();

    PlayerLimits limits;
    // (1 s: 300 ms timed bots out at their first reply on a loaded 2-core machine)
    limits.per_move = std::chrono::milliseconds(1000);
    if (cmd[1].empty()) {  // one role: the bot alone, its reply is its result
        Player solver(name[0], cmd[0], "", limits);
        solver.send_line("HELLO solver");
        double turns = 0;
        Json result = {{"error", nullptr}};
        if (auto reply = solver.read_line("hello")) {
            std::istringstream in(*reply);
            std::string word;
            in >> word >> turns;
            for (const char* key : {"costars", "extras"}) {
                double v;
                if (in >> v) result[key] = v;
            }
        }
        for (int k = 1; k <= 4; ++k) {
            solver.send_line("MOVE " + std::to_string(k));
            solver.read_line("move " + std::to_string(k));
        }
        solver.finish("QUIT");
        result["turns"] = turns;
        if (!solver.verdict().ok()) result["error"] = solver.verdict().message;
        write_json_file(out + "/result.json", result);
        return 0;
    }
    std::vector<Player> players;
    for (int s = 0; s < 2; ++s) players.emplace_back(name[s], cmd[s], "", limits);
    if (mode == "hang") {
        std::cerr << "fake-judge: hanging on purpose\n";
        for (;;) std::this_thread::sleep_for(std::chrono::hours(1));
    }
    const char* roles[2] = {"hunter", "prey"};
    double elo[2] = {0, 0};
    for (int s = 0; s < 2; ++s) {
        players[s].send_line(std::string("HELLO ") + roles[s]);
        if (auto reply = players[s].read_line("hello"))
            if (std::sscanf(reply->c_str(), "STRENGTH %lf", &elo[s]) != 1) std::cerr << "bad hello reply\n";
    }
    for (int k = 1; k <= 4; ++k)
        for (int s = 0; s < 2; ++s) {
            players[s].send_line("MOVE " + std::to_string(k));
            players[s].read_line("move " + std::to_string(k));
        }
    for (auto& p : players) p.finish("QUIT");

    Rng rng(seed * 1000003u + fnv1a64(map_name + "|" + name[0] + "|" + name[1]));
    const bool fault0 = !players[0].verdict().ok(), fault1 = !players[1].verdict().ok();
    std::string winner, reason;
    if (fault0 || fault1) {
        winner = fault0 && fault1 ? "draw" : fault0 ? roles[1] : roles[0];
        reason = "fault";
    } else {
        const double p = 1.0 / (1.0 + std::pow(10.0, -(elo[0] - elo[1] + 60.0) / 400.0));
        // 10 % draws; the rest split so that the expected score of side 0 is exactly p.
        const double u = rng.unit();
        const double win = std::min(std::max(p - 0.05, 0.0), 0.9);
        winner = u < win ? roles[0] : u < 0.9 ? roles[1] : "draw";
        reason = winner == "draw" ? "time ran out" : "caught";
    }
    const int captures = static_cast<int>(rng.below(4));
    Json players_json = Json::array();
    for (int s = 0; s < 2; ++s)
        players_json.push_back({{"name", name[s]},
                                {"verdict", verdict_name(players[s].verdict().kind)},
                                {"message", players[s].verdict().message},
                                {"score", winner == roles[s] ? 10 : winner == "draw" ? 5 : 0},
                                {"move_times_ms", players[s].move_times_ms()}});
    write_json_file(out + "/result.json",
                    {{"winner", winner}, {"reason", reason}, {"captures", captures}, {"players", players_json}});
    write_json_file(out + "/replay.json",
                    make_replay("fake", {{"game", "fake"}, {"seed", seed}, {"map", map_name}}, Json::array(),
                                {{"over", true}, {"summary", winner}}));
    return 0;
}
