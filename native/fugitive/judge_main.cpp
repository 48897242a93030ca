// Owns: the `fugitive-judge` program.
//   Single game: fugitive-judge --map connect.txt --fugitive CMD --detectives CMD [--seed S]
//                [--out DIR] [--time-ms 5000]
//     plays one game, prints the result line, writes DIR/result.json and DIR/replay.json.
//   Series:      fugitive-judge --series --a CMD --b CMD (--maps F... | --generate K
//                [--cities-min 100] [--cities-max 200]) [--seed S] [--out DIR]
//     every map twice with swapped roles; a progress line on stderr, then a table
//     (games, captures/escapes, mean score per program and side, thinking time).
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include "common/errors.h"
#include "common/judge_io.h"
#include "common/process_runner.h"
#include "common/rng.h"
#include "fugitive/map_generator.h"
#include "fugitive/match.h"

using namespace pursuit;
using namespace pursuit::fugitive;

namespace {

int usage(int code) {
    std::fputs(
        "usage:\n"
        "  fugitive-judge --map connect.txt --fugitive CMD --detectives CMD [--seed S] [--out DIR] [--time-ms MS]\n"
        "  fugitive-judge --series --a CMD --b CMD (--maps FILE... | --generate K [--cities-min N] [--cities-max N])\n"
        "                 [--seed S] [--out DIR] [--time-ms MS] [--a-name NAME] [--b-name NAME]\n"
        "Each program runs in its own directory holding connect.txt and has MS (default 5000) ms of\n"
        "thinking time for the whole game. Single mode writes DIR/result.json and DIR/replay.json;\n"
        "series mode plays every map twice with swapped roles and prints a table, and with --out\n"
        "writes DIR/series.json and a replay per game. The last line on stdout names the files\n"
        "written ('wrote DIR/result.json and DIR/replay.json').\n"
        "Exit status: 0 after the game(s), whoever won (a program that fails loses 0-20, two that\n"
        "both fail score 0-0); 1 on a broken map or an --out folder that cannot be written (checked before any program runs);\n"
        "2 on bad arguments or none.\n",
        code ? stderr : stdout);
    return code;
}

struct Args {
    std::string map_path, fugitive, detectives, out;
    bool series = false;
    std::string a, b, a_name = "A", b_name = "B";
    std::vector<std::string> maps;
    int generate = 0, cities_min = 100, cities_max = 200, time_ms = 5000;
    std::uint64_t seed = 1;
};

bool parse_args(int argc, char** argv, Args& a) {
    std::string single_flag, series_flag;  // the first option given that only one mode takes
    for (int i = 1; i < argc; ++i) {
        const std::string k = argv[i];
        if (single_flag.empty() && (k == "--map" || k == "--fugitive" || k == "--detectives")) single_flag = k;
        if (series_flag.empty() && (k == "--a" || k == "--b" || k == "--a-name" || k == "--b-name" || k == "--maps" || k == "--generate" ||
                                    k == "--cities-min" || k == "--cities-max"))
            series_flag = k;
        auto value = [&]() -> std::string {
            if (i + 1 >= argc) throw UsageError("option " + k + " needs a value");
            return argv[++i];
        };
        if (k == "--help" || k == "-h") return false;
        if (k == "--map") a.map_path = value();
        else if (k == "--fugitive") a.fugitive = value();
        else if (k == "--detectives") a.detectives = value();
        else if (k == "--out") a.out = value();
        else if (k == "--seed") a.seed = option_seed(k, value());
        else if (k == "--time-ms") a.time_ms = static_cast<int>(option_int(k, value(), 1, 3600000));
        else if (k == "--series") a.series = true;
        else if (k == "--a") a.a = value();
        else if (k == "--b") a.b = value();
        else if (k == "--a-name") a.a_name = value();
        else if (k == "--b-name") a.b_name = value();
        else if (k == "--generate") a.generate = static_cast<int>(option_int(k, value(), 1, 100000));
        else if (k == "--cities-min") a.cities_min = static_cast<int>(option_int(k, value(), 5, 200));
        else if (k == "--cities-max") a.cities_max = static_cast<int>(option_int(k, value(), 5, 200));
        else if (k == "--maps") {
            while (i + 1 < argc && std::strncmp(argv[i + 1], "--", 2) != 0) a.maps.push_back(argv[++i]);
        } else {
            throw UsageError(k.rfind("-", 0) == 0 ? "unknown option " + k + " (see --help)"
                                                  : "unexpected argument '" + k + "' (commands go after --fugitive/--detectives or --a/--b; see --help)");
        }
    }
    if (a.cities_min > a.cities_max)
        throw UsageError("--cities-min " + std::to_string(a.cities_min) + " is above --cities-max " + std::to_string(a.cities_max));
    // Options of the other mode would do nothing: name them instead of ignoring them.
    if (a.series && !single_flag.empty())
        throw UsageError(single_flag + " is for a single game; a series takes --a CMD --b CMD and --maps or --generate (see --help)");
    if (!a.series && !series_flag.empty()) throw UsageError(series_flag + " is for --series (see --help)");
    return true;
}

// A word of `command` that is a relative path to a file in the judge's own folder ("bots/x.py" in
// "python3 bots/x.py"): the program, run in a folder of its own, does not find it.
std::string relative_word_found_here(const std::string& command) {
    std::istringstream words(command);
    std::string word;
    while (words >> word) {
        std::error_code ec;
        if (word.find('/') != std::string::npos && word[0] != '/' && word[0] != '~' && std::filesystem::exists(word, ec))
            return word;
    }
    return "";
}

// Programs run in a folder of their own (connect.txt): a relative command, or a relative file
// given to an interpreter (`python3 bots/x.py`, which fails with python's status 2, not 127),
// is not found there.
bool relative_command_note(const std::string& message, const std::string& command, std::FILE* to) {
    // (an exit status: a time limit or a crash is not a file that was not found)
    if (message.find("status ") == std::string::npos || command.empty()) return false;
    const bool not_run = (message.find("status 127") != std::string::npos || message.find("status 126") != std::string::npos) &&
                         command[0] != '/';
    const std::string word = not_run ? "" : relative_word_found_here(command);
    if (!not_run && word.empty()) return false;
    std::fprintf(to,
                 "note: each program runs in a fresh folder holding connect.txt, so a relative path in its command\n"
                 "      ('%s') is looked up there: give %s as an absolute path ($PWD/%s)\n",
                 command.c_str(), word.empty() ? "the command" : ("'" + word + "'").c_str(), word.empty() ? "..." : word.c_str());
    return true;
}

int single(const Args& a) {
    for (const auto& [flag, value] : {std::pair{"--map", &a.map_path}, std::pair{"--fugitive", &a.fugitive}, std::pair{"--detectives", &a.detectives}})
        if (value->empty()) throw UsageError(std::string("missing ") + flag + " (see --help)");
    const std::string text = read_file(a.map_path);
    read_map(text, a.map_path);  // a broken map is reported by its file name before anything runs
    if (!a.out.empty()) {  // before any program runs: a typo in --out must not lose a played game
        check_writable(a.out + "/result.json");
        check_writable(a.out + "/replay.json");
    }
    MatchSettings settings;
    settings.total_ms = a.time_ms;
    const MatchOutcome m = play_match(text, a.fugitive, a.detectives, a.seed, settings);
    std::printf("%s\n", m.result["summary"].get<std::string>().c_str());
    for (const char* side : {"Fugitive", "Detectives"}) {
        const Json& p = m.result["players"][side];
        std::printf("  %-10s %-8s thinking %7.1f ms (max move %6.1f ms)%s%s\n", side, p["verdict"].get<std::string>().c_str(),
                    p["thinking_ms"].get<double>(), p["max_move_ms"].get<double>(), p["message"].get<std::string>().empty() ? "" : "  ",
                    p["message"].get<std::string>().c_str());
    }
    for (const char* side : {"Fugitive", "Detectives"}) {
        const Json& p = m.result["players"][side];
        if (p["verdict"] == "ok") continue;
        const std::string command = p["command"], tail = p["stderr_tail"];
        if (!tail.empty()) std::printf("stderr of the %s (tail):\n%s%s", side, tail.c_str(), tail.back() == '\n' ? "" : "\n");
        relative_command_note(p["message"], command, stdout);
    }
    if (a.out.empty()) return 0;
    // As the other judges: "wrote DIR/result.json and DIR/replay.json", the last line on stdout.
    return write_each("fugitive-judge", {{a.out + "/result.json", &m.result}, {a.out + "/replay.json", &m.replay}}) ? 0 : 1;
}

struct SideStats {
    // endings: escapes (F) / captures (D); forfeit_wins: games the other program forfeited. A win
    // is either (a forfeit win was counted nowhere: "wins 0 esc" for a program that won both games).
    int games = 0, endings = 0, forfeit_wins = 0, points = 0, forfeits = 0;
    int wins() const { return endings + forfeit_wins; }
    std::vector<double> thinking_ms;
};

double percentile(std::vector<double> v, double p) {
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    const size_t k = std::min(v.size() - 1, static_cast<size_t>(p * (v.size() - 1) + 0.5));
    return v[k];
}

// The series' maps, each named: the --maps files (every one read and checked before the first
// game), then --generate K generated ones.
std::vector<std::pair<std::string, std::string>> series_maps(const Args& a) {
    std::vector<std::pair<std::string, std::string>> maps;  // name, text
    for (const auto& path : a.maps) {
        maps.push_back({path, read_file(path)});
        read_map(maps.back().second, path);  // named by its file
    }
    Rng rng(a.seed);
    for (int k = 0; k < a.generate; ++k) {
        MapParams p;
        p.cities = rng.range(a.cities_min, a.cities_max);
        p.seed = a.seed * 1000 + static_cast<std::uint64_t>(k);
        maps.push_back({"generated-" + std::to_string(k + 1) + "(" + std::to_string(p.cities) + ")", map_text(generate_map(p))});
    }
    return maps;
}

// One game's result counted for the program that played the Fugitive (f) and the Detectives (d);
// true when both programs failed (0-0, no one's win).
bool count_game(const Json& r, SideStats& f, SideStats& d) {
    const std::string ending = r["ending"];
    ++f.games, ++d.games;
    f.points += r["score"]["Fugitive"].get<int>(), d.points += r["score"]["Detectives"].get<int>();
    f.endings += ending == "escaped";
    d.endings += ending == "caught" || ending == "walked onto a Detective";
    f.thinking_ms.push_back(r["players"]["Fugitive"]["thinking_ms"]);
    d.thinking_ms.push_back(r["players"]["Detectives"]["thinking_ms"]);
    if (ending != "forfeit") return false;
    const std::string by = r["forfeited_by"];
    f.forfeits += by != "Detectives";  // "both": both programs failed
    d.forfeits += by != "Fugitive";
    f.forfeit_wins += by == "Detectives";
    d.forfeit_wins += by == "Fugitive";
    return by == "both";
}

// The table on stdout: per program and side, then each program's total.
void print_series_table(const SideStats (&stats)[2][2], const std::string (&name)[2], int played, int no_winner) {
    std::printf("%-12s %-10s %5s %5s %8s %10s %8s %11s %11s\n", "program", "side", "games", "wins", "esc/cap", "mean score", "forfeits",
                "think p50 ms", "think p99 ms");
    for (int p = 0; p < 2; ++p)
        for (int side = 0; side < 2; ++side) {
            const SideStats& s = stats[p][side];
            if (!s.games) continue;
            char endings[32];
            std::snprintf(endings, sizeof endings, "%d %s", s.endings, side == 0 ? "esc" : "cap");
            std::printf("%-12s %-10s %5d %5d %8s %10.2f %8d %11.0f %11.0f\n", name[p].c_str(), side == 0 ? "Fugitive" : "Detectives",
                        s.games, s.wins(), endings, static_cast<double>(s.points) / s.games, s.forfeits,
                        percentile(s.thinking_ms, 0.5), percentile(s.thinking_ms, 0.99));
        }
    for (int p = 0; p < 2; ++p) {
        const int pts = stats[p][0].points + stats[p][1].points, g = stats[p][0].games + stats[p][1].games;
        std::printf("%-12s total %d points in %d games (%.2f per game)\n", name[p].c_str(), pts, g, g ? double(pts) / g : 0.0);
    }
    if (no_winner > 0) std::printf("%d of %d games with no winner (both programs failed, 0-0)\n", no_winner, played);
}

int series(const Args& a) {
    if (a.a.empty() || a.b.empty()) throw UsageError("--series needs --a CMD and --b CMD (see --help)");
    if (a.maps.empty() && a.generate <= 0) throw UsageError("--series needs --maps FILE... or --generate K (see --help)");
    if (!a.out.empty()) check_writable(a.out + "/series.json");
    const auto maps = series_maps(a);
    const std::string cmd[2] = {a.a, a.b}, name[2] = {a.a_name, a.b_name};
    SideStats stats[2][2];  // [program][side]
    Json games = Json::array();
    SeriesFiles written;  // for the "wrote ..." line, also when a write fails mid-series
    const int total = static_cast<int>(maps.size()) * 2;
    int played = 0, no_winner = 0;
    bool noted[2] = {false, false};  // the relative-command note was printed for program A / B
    for (size_t m = 0; m < maps.size(); ++m) {
        for (int swap = 0; swap < 2; ++swap) {
            const int fp = swap, dp = 1 - swap;  // program index as Fugitive / Detectives
            const std::uint64_t seed = a.seed * 7919 + m * 2 + static_cast<std::uint64_t>(swap);
            MatchSettings settings;
            settings.total_ms = a.time_ms;
            const MatchOutcome out = play_match(maps[m].second, cmd[fp], cmd[dp], seed, settings);
            const Json& r = out.result;
            const std::string ending = r["ending"];
            no_winner += count_game(r, stats[fp][0], stats[dp][1]);
            ++played;
            std::fprintf(stderr, "\r[%d/%d] %-22s %s as Fugitive: %s %d-%d      ", played, total, maps[m].first.c_str(), name[fp].c_str(),
                         ending.c_str(), r["score"]["Fugitive"].get<int>(), r["score"]["Detectives"].get<int>());
            std::fflush(stderr);
            // While this game's progress line is open (before a forfeit line): a failing write ends it before its error.
            if (!a.out.empty()) written.replay(a.out + "/game-" + std::to_string(played) + "-replay.json", out.replay);
            if (ending == "forfeit") {
                std::fprintf(stderr, "\n  forfeit: %s\n", r["reason"].get<std::string>().c_str());
                for (const char* side : {"Fugitive", "Detectives"})  // once per command
                    if (!noted[side[0] == 'F' ? fp : dp])
                        noted[side[0] == 'F' ? fp : dp] = relative_command_note(r["players"][side]["message"], r["players"][side]["command"], stderr);
            }
            games.push_back(Json{{"map", maps[m].first}, {"fugitive", name[fp]}, {"detectives", name[dp]}, {"result", r}});
        }
    }
    std::fprintf(stderr, "\n");
    print_series_table(stats, name, played, no_winner);
    if (!a.out.empty()) {  // as after one game: the files written, the last line on stdout
        written.file(a.out + "/series.json", games);
        std::printf("%s\n", written.line().c_str());
    }
    return 0;
}

}  // namespace

static int run_main(int argc, char** argv) {
    pursuit::adopt_players_orphans();  // (what a player left behind, out of its group and marks, goes with it)
    Args a;
    try {
        if (argc < 2 || !std::strcmp(argv[1], "--help") || !std::strcmp(argv[1], "-h")) return usage(argc < 2 ? 2 : 0);
        if (!parse_args(argc, argv, a)) return usage(0);  // --help
        return a.series ? series(a) : single(a);
    } catch (const UsageError& e) {  // the command line (status 2), as against a map or a file (1)
        std::fprintf(stderr, "fugitive-judge: %s\n", e.what());
        return 2;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "fugitive-judge: %s\n", e.what());
        return 1;
    }
}

// A failed write of the standard output (a full disk) is an error, not status 0.
int main(int argc, char** argv) { return pursuit::exit_after_stdout("fugitive-judge", run_main(argc, argv)); }
