// Owns: `copsrobbers-server`: runs one game between two programs (result + replay), a
// series with swapped sides over many maps and seeds (a table, progress on stderr), or the
// figures of the bot (see figures.h).
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <unistd.h>

#include "common/errors.h"
#include "common/judge_io.h"
#include "common/process_runner.h"
#include "copsrobbers/city.h"
#include "copsrobbers/copsrobbers_game.h"
#include "copsrobbers/figures.h"
#include "copsrobbers/maps.h"
#include "copsrobbers/match.h"

namespace {

using namespace pursuit;
using namespace pursuit::copsrobbers;

int usage(int code) {
    std::fputs(
        "usage:\n"
        "  copsrobbers-server --map FILE|NAME [--cops C] [--rounds R] [--seed S] --cops-cmd CMD --robber-cmd CMD\n"
        "                     [--move-ms 1000] [--first-move-ms 3000] [--out DIR] [--relaxed]\n"
        "  copsrobbers-server MAP C R SEED COPS_CMD ROBBER_CMD      (the same, positional)\n"
        "  copsrobbers-server --series --a CMD --b CMD --maps M1,M2,... [--cops 1,2] [--seeds N] [--seed S] [--rounds R]\n"
        "                     [--move-ms ..] [--first-move-ms ..] [--out DIR] [--relaxed]\n"
        "  copsrobbers-server --figures [--quick] [--bot-dir DIR]\n"
        "MAP is a map file (N M, streets, optional layout) or a generated map name (petersen, grid-10x10,\n"
        "...). --relaxed accepts maps below the contract limits (10<=N<=200, 10<=M<=500). Defaults: --cops 2,\n"
        "--rounds 100, --seed 1; a series plays seeds S..S+N-1 (--seeds N, default 5) of every map and C,\n"
        "each twice with the sides swapped.\n"
        "A program that fails (time-out, crash, illegal move) loses; when both fail, no one wins.\n"
        "Exit status: 0 after a finished game (whoever won), 1 on bad maps (all of a series' maps are\n"
        "checked before its first game) or an --out folder that cannot be written, 2 on bad arguments.\n",
        code ? stderr : stdout);
    return code;
}

std::vector<std::string> split_commas(const std::string& s) {
    std::vector<std::string> out;
    std::size_t start = 0;
    while (start <= s.size()) {
        std::size_t end = s.find(',', start);
        if (end == std::string::npos) end = s.size();
        if (end > start) out.push_back(s.substr(start, end - start));
        start = end + 1;
    }
    return out;
}

Json map_config(const std::string& map, bool relaxed) {
    // A path, a .txt name, or any existing file (a map saved as "mymap" is not a generated map's name).
    std::error_code ec;
    const bool is_file = map.find('/') != std::string::npos || (map.size() > 4 && map.substr(map.size() - 4) == ".txt") ||
                         std::filesystem::exists(map, ec);
    if (!is_file) {
        named_map(map);  // an unknown name is reported now (series: before the first game), with the known forms
        return Json{{"game", "copsrobbers"}, {"map_name", map}};
    }
    const std::string text = read_file(map);
    read_city(text, map, relaxed ? Limits::relaxed() : Limits::contract());  // errors name the file and line
    return Json{{"game", "copsrobbers"}, {"map", text}, {"relaxed", relaxed}};
}

std::string base_name(const std::string& path) {
    std::string b = path.substr(path.find_last_of('/') + 1);
    if (b.size() > 4 && b.substr(b.size() - 4) == ".txt") b.resize(b.size() - 4);
    return b;
}

int run_single(const Json& config, const std::string& cops_cmd, const std::string& robber_cmd, const MatchTiming& t,
               const std::string& out_dir) {
    if (!out_dir.empty()) {  // before any program runs: a typo in --out must not lose a played game
        check_writable(out_dir + "/result.json");
        check_writable(out_dir + "/replay.json");
    }
    MatchOutcome m = play_match(config, cops_cmd, robber_cmd, t);
    std::printf("%s\n", m.summary.c_str());
    auto times = [](const std::vector<double>& t) {
        double later = 0;
        for (std::size_t i = 1; i < t.size(); ++i) later = std::max(later, t[i]);
        char buf[96];
        std::snprintf(buf, sizeof buf, "first %.1f ms, later max %.1f ms", t.empty() ? 0.0 : t[0], later);
        return std::string(buf);
    };
    std::printf("reply times: cops %s; X %s\n", times(m.cops_ms).c_str(), times(m.robber_ms).c_str());
    if (m.result.contains("stderr_tail") && !m.result["stderr_tail"].get<std::string>().empty())
        std::printf("stderr of the losing program (tail):\n%s\n", m.result["stderr_tail"].get<std::string>().c_str());
    if (out_dir.empty()) return 0;
    return write_each("copsrobbers-server", {{out_dir + "/result.json", &m.result}, {out_dir + "/replay.json", &m.replay}}) ? 0 : 1;
}

struct SeriesRow {
    int games = 0, a_cops_wins = 0, a_robber_wins = 0, b_cops_wins = 0, b_robber_wins = 0, forfeits = 0;
    int no_winner = 0;  // both programs failed
    long long capture_rounds[2] = {0, 0};  // [0]: A's cops, [1]: B's cops
    int captures[2] = {0, 0};
};

// The config of one game of a series: the map's `base` with C, R and the seed.
Json game_config(const Json& base, int cops, int rounds, std::uint64_t seed) {
    Json config = base;
    config["cops"] = cops;
    config["rounds"] = rounds;
    config["seed"] = seed;
    return config;
}

// The game of every (map, C, seed) is set up once before the first is played: a map on which
// C cops and X cannot be placed stopped the series there, its table and series.json unwritten.
void check_every_start(const std::vector<std::string>& maps, const std::vector<Json>& bases, const std::vector<int>& cop_counts,
                       std::uint64_t first_seed, int seeds, int rounds) {
    for (std::size_t mi = 0; mi < maps.size(); ++mi)
        for (int c : cop_counts)
            for (std::uint64_t seed = first_seed; seed < first_seed + static_cast<std::uint64_t>(seeds); ++seed) {
                try {
                    CopsRobbersGame game(game_config(bases[mi], c, rounds, seed));
                } catch (const std::exception& e) {
                    throw InputError(maps[mi] + " with C=" + std::to_string(c) + ", seed " + std::to_string(seed) + ": " +
                                     e.what());
                }
            }
}

int run_series(const std::vector<std::string>& maps, const std::vector<int>& cop_counts, std::uint64_t first_seed, int seeds,
               int rounds, const std::string& a, const std::string& b, const MatchTiming& t, const std::string& out_dir,
               bool relaxed) {
    const int total = static_cast<int>(maps.size() * cop_counts.size()) * seeds * 2;
    int done = 0;
    std::vector<std::pair<std::string, SeriesRow>> rows;
    Json summary = Json::array();
    SeriesFiles written;  // for the "wrote ..." line, also when a write fails mid-series
    // Every map is read and checked (errors name the file and line) before the first game.
    std::vector<Json> bases;
    for (const auto& map : maps) bases.push_back(map_config(map, relaxed));
    check_every_start(maps, bases, cop_counts, first_seed, seeds, rounds);
    if (!out_dir.empty()) check_writable(out_dir + "/series.json");
    for (std::size_t mi = 0; mi < maps.size(); ++mi) {
        const std::string& map = maps[mi];
        const Json& base = bases[mi];
        for (int c : cop_counts) {
            SeriesRow row;
            for (std::uint64_t seed = first_seed; seed < first_seed + static_cast<std::uint64_t>(seeds); ++seed)
                for (int a_is_cops = 1; a_is_cops >= 0; --a_is_cops) {
                    const Json config = game_config(base, c, rounds, seed);
                    std::fprintf(stderr, "\r[%d/%d] %s C=%d seed %llu, A plays %s        ", ++done, total,
                                 base_name(map).c_str(), c, static_cast<unsigned long long>(seed), a_is_cops ? "cops" : "X");
                    MatchOutcome m = play_match(config, a_is_cops ? a : b, a_is_cops ? b : a, t);
                    ++row.games;
                    const bool cops_won = m.winner == "cops";
                    if (m.winner == "none") ++row.no_winner;
                    else if (a_is_cops) (cops_won ? row.a_cops_wins : row.b_robber_wins)++;
                    else (cops_won ? row.b_cops_wins : row.a_robber_wins)++;
                    if (m.result.value("forfeit", false)) ++row.forfeits;
                    if (cops_won && m.result.contains("capture_round")) {
                        row.capture_rounds[a_is_cops ? 0 : 1] += m.result["capture_round"].get<int>();
                        ++row.captures[a_is_cops ? 0 : 1];
                    }
                    if (!out_dir.empty())
                        written.replay(out_dir + "/" + base_name(map) + "-c" + std::to_string(c) + "-s" +
                                           std::to_string(seed) + (a_is_cops ? "-a-cops" : "-b-cops") + ".json",
                                       m.replay);
                    summary.push_back(Json{{"map", base_name(map)}, {"cops", c}, {"seed", seed},
                                           {"a_plays", a_is_cops ? "cops" : "robber"}, {"result", m.result}});
                }
            rows.push_back({base_name(map) + " C=" + std::to_string(c), row});
        }
    }
    std::fprintf(stderr, "\n");
    std::printf("%-24s %5s | %-17s | %-17s | %-15s %7s\n", "map", "games", "A cops / A X wins", "B cops / B X wins",
                "avg capture A/B", "forfeit");
    int ta = 0, tb = 0, tg = 0, tn = 0;
    for (auto& [name, r] : rows) {
        const int half = r.games / 2;
        auto avg = [&](int k) { return r.captures[k] ? static_cast<double>(r.capture_rounds[k]) / r.captures[k] : 0.0; };
        std::printf("%-24s %5d | %3d/%-3d  %3d/%-3d | %3d/%-3d  %3d/%-3d | %6.1f / %-6.1f %7d\n", name.c_str(), r.games,
                    r.a_cops_wins, half, r.a_robber_wins, half, r.b_cops_wins, half, r.b_robber_wins, half, avg(0), avg(1),
                    r.forfeits);
        ta += r.a_cops_wins + r.a_robber_wins;
        tb += r.b_cops_wins + r.b_robber_wins;
        tg += r.games;
        tn += r.no_winner;
    }
    std::printf("total: A won %d of %d games, B won %d", ta, tg, tb);
    if (tn > 0) std::printf(", %d with no winner (both programs failed)", tn);
    std::printf("\n");
    if (!out_dir.empty()) {  // as after one game: the files written, the last line on stdout
        written.file(out_dir + "/series.json", summary);
        std::printf("%s\n", written.line().c_str());
    }
    return 0;
}

// The command line as given, before the mode's checks.
struct CommandLine {
    std::string map, cops_cmd, robber_cmd, out_dir, a, b, maps_list, bot_dir, game_flag;
    int cops = 2, rounds = 100, seeds = 5;
    bool seeds_given = false;
    std::vector<int> cop_counts{2};  // --cops: a list in series mode, else its first count
    std::uint64_t seed = 1;
    bool series = false, figures = false, quick = false, relaxed = false;
    bool help = false;  // --help or -h: the usage, status 0 (what follows it is not read)
    MatchTiming timing;
    std::vector<std::string> positional;
};

CommandLine parse_command_line(int argc, char** argv) {
    CommandLine cl;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        auto value = [&]() -> std::string {
            if (i + 1 >= argc) throw UsageError("missing value after " + arg);
            return argv[++i];
        };
        // --figures plays its own games: a game's or a series' option given with it is named.
        static const std::set<std::string> kGameFlags{"--map", "--cops", "--rounds", "--seed", "--seeds", "--cops-cmd",
                                                      "--robber-cmd", "--move-ms", "--first-move-ms", "--out",
                                                      "--series", "--a", "--b", "--maps", "--relaxed"};
        if (cl.game_flag.empty() && kGameFlags.count(arg)) cl.game_flag = arg;
        if (arg == "--map") cl.map = value();
        else if (arg == "--cops") {
            cl.cop_counts.clear();
            for (const auto& c : split_commas(value())) cl.cop_counts.push_back(static_cast<int>(option_int(arg, c, 1, 8)));
            if (cl.cop_counts.empty()) option_int(arg, "", 1, 8);  // throws: no count given
            cl.cops = cl.cop_counts.front();
        }
        else if (arg == "--rounds") cl.rounds = static_cast<int>(option_int(arg, value(), 1, 254));
        else if (arg == "--seed") cl.seed = option_seed(arg, value());
        else if (arg == "--seeds") cl.seeds = static_cast<int>(option_int(arg, value(), 1, 100000)), cl.seeds_given = true;
        else if (arg == "--cops-cmd") cl.cops_cmd = value();
        else if (arg == "--robber-cmd") cl.robber_cmd = value();
        else if (arg == "--move-ms") cl.timing.move_ms = static_cast<int>(option_int(arg, value(), 1, 3600000));
        else if (arg == "--first-move-ms") cl.timing.first_move_ms = static_cast<int>(option_int(arg, value(), 1, 3600000));
        else if (arg == "--out") cl.out_dir = value();
        else if (arg == "--series") cl.series = true;
        else if (arg == "--a") cl.a = value();
        else if (arg == "--b") cl.b = value();
        else if (arg == "--maps") cl.maps_list = value();
        else if (arg == "--relaxed") cl.relaxed = true;
        else if (arg == "--figures") cl.figures = true;
        else if (arg == "--quick") cl.quick = true;
        else if (arg == "--bot-dir") cl.bot_dir = value();
        else if (arg == "--help" || arg == "-h") {
            cl.help = true;
            return cl;
        }
        else if (!arg.empty() && arg[0] == '-') throw UsageError("unknown flag '" + arg + "'");
        else cl.positional.push_back(arg);
    }
    return cl;
}

int refuse(const std::string& why) {
    std::fprintf(stderr, "copsrobbers-server: %s (see --help)\n", why.c_str());
    return 2;
}

// Options of another mode would do nothing: name them instead of ignoring them. Returns the
// refusal, or nothing when every option given belongs to the mode.
std::optional<std::string> misplaced_option(const CommandLine& cl) {
    if (!cl.figures && (cl.quick || !cl.bot_dir.empty())) return std::string(cl.quick ? "--quick" : "--bot-dir") + " is for --figures";
    if (!cl.series) {
        for (const auto& [flag, v] : {std::pair{"--a", &cl.a}, std::pair{"--b", &cl.b}, std::pair{"--maps", &cl.maps_list}})
            if (!v->empty()) return std::string(flag) + " is for --series";
        if (cl.seeds_given) return std::string("--seeds is for --series (one game: --seed S)");
        if (!cl.figures && cl.cop_counts.size() > 1) return std::string("--cops takes one count for a single game (a list is for --series)");
    } else {
        for (const auto& [flag, v] : {std::pair{"--map", &cl.map}, std::pair{"--cops-cmd", &cl.cops_cmd}, std::pair{"--robber-cmd", &cl.robber_cmd}})
            if (!v->empty()) return std::string(flag) + " is for a single game; a series takes --a CMD --b CMD --maps M1,M2,...";
        if (!cl.positional.empty()) return "unexpected argument '" + cl.positional.front() + "' in a series";
    }
    if (cl.figures && !cl.game_flag.empty()) return cl.game_flag + " is not for --figures (it plays its own games)";
    if (cl.figures && !cl.positional.empty()) return "unexpected argument '" + cl.positional.front() + "' with --figures";
    if (cl.figures && !cl.bot_dir.empty() && access((cl.bot_dir + "/copsrobbers-bot").c_str(), X_OK) != 0)
        return "--bot-dir " + cl.bot_dir + " holds no copsrobbers-bot to run";
    return std::nullopt;
}

int series_from(const CommandLine& cl) {
    for (const auto& [flag, v] : {std::pair{"--a CMD", &cl.a}, std::pair{"--b CMD", &cl.b}, std::pair{"--maps M1,M2,...", &cl.maps_list}})
        if (v->empty()) return refuse(std::string("--series needs ") + flag);
    return run_series(split_commas(cl.maps_list), cl.cop_counts, cl.seed, cl.seeds, cl.rounds, cl.a, cl.b, cl.timing,
                      cl.out_dir, cl.relaxed);
}

// One game, from the flags or the 6 positional arguments.
int single_game_from(CommandLine cl, int argc) {
    if (cl.positional.size() == 6) {
        cl.map = cl.positional[0];
        cl.cops = static_cast<int>(option_int("C", cl.positional[1], 1, 8));
        cl.rounds = static_cast<int>(option_int("R", cl.positional[2], 1, 254));
        cl.seed = option_seed("SEED", cl.positional[3]);
        cl.cops_cmd = cl.positional[4];
        cl.robber_cmd = cl.positional[5];
    } else if (!cl.positional.empty()) {
        return refuse("expected the 6 arguments MAP C R SEED COPS_CMD ROBBER_CMD, got " + std::to_string(cl.positional.size()) +
                      " ('" + cl.positional.front() + "' ...)");
    }
    if (argc < 2) return usage(2);
    for (const auto& [flag, v] : {std::pair{"--map FILE|NAME", &cl.map}, std::pair{"--cops-cmd CMD", &cl.cops_cmd}, std::pair{"--robber-cmd CMD", &cl.robber_cmd}})
        if (v->empty()) return refuse(std::string("missing ") + flag);
    Json config = map_config(cl.map, cl.relaxed);
    config["cops"] = cl.cops;
    config["rounds"] = cl.rounds;
    config["seed"] = cl.seed;
    return run_single(config, cl.cops_cmd, cl.robber_cmd, cl.timing, cl.out_dir);
}

}  // namespace

static int run_main(int argc, char** argv) {
    pursuit::adopt_players_orphans();  // (what a player left behind, out of its group and marks, goes with it)
    try {
        const CommandLine cl = parse_command_line(argc, argv);
        if (cl.help) return usage(0);
        if (const auto why = misplaced_option(cl)) return refuse(*why);
        if (cl.figures)
            return run_figures(cl.quick, cl.bot_dir.empty() ? std::string(argv[0]).substr(0, std::string(argv[0]).find_last_of('/') + 1)
                                                            : cl.bot_dir + "/");
        if (cl.series) return series_from(cl);
        return single_game_from(cl, argc);
    } catch (const UsageError& e) {  // the command line (status 2), as against a map or a file (1)
        std::fprintf(stderr, "copsrobbers-server: %s\n", e.what());
        return 2;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "copsrobbers-server: %s\n", e.what());
        return 1;
    }
}

// A failed write of the standard output (a full disk) is an error, not status 0.
int main(int argc, char** argv) { return pursuit::exit_after_stdout("copsrobbers-server", run_main(argc, argv)); }
