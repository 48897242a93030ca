// Owns: the `pursuit-arena` command line: finds the game's descriptor, builds the schedule,
// runs the games on -j worker threads (each game = one judge subprocess), logs each finished
// game to OUT/games.jsonl, and writes the tables, ratings and report. See docs/arena.md.
#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <map>
#include <optional>
#include <set>
#include <stdexcept>
#include <thread>

#include "arena/descriptor.h"
#include "arena/game_log.h"
#include "arena/html_report.h"
#include "arena/judge_process.h"
#include "arena/match_runner.h"
#include "arena/progress.h"
#include "arena/schedule.h"
#include "arena/summary.h"
#include "common/errors.h"
#include "common/judge_io.h"

namespace fs = std::filesystem;
using namespace pursuit;
using namespace pursuit::arena;

namespace {

const char* kUsage =
    "usage: pursuit-arena GAME --bot NAME=COMMAND --bot NAME=COMMAND ... --out DIR [options]\n"
    "       pursuit-arena --list\n"
    "Runs a tournament of bot programs with GAME's judge (both roles where the game has two)\n"
    "over maps x seeds; writes OUT/games.jsonl, results.csv, ratings.csv, results.json,\n"
    "report.html and OUT/replays/.\n"
    "  --bot NAME=COMMAND   a contestant (shell command, run by the judge); repeat\n"
    "  --maps M...          map files or built-in map names (default: the game's maps)\n"
    "  --maps-dir DIR       every file in DIR is a map (but .md and hidden files)\n"
    "  --seeds N            seeds 1..N per map (default 1)\n"
    "  --mode roundrobin|gauntlet   (default roundrobin); gauntlet needs --champion NAME\n"
    "  -j N, --jobs N       games at once (default: number of cores)\n"
    "  --out DIR            output folder (required)\n"
    "  --resume             continue an interrupted run in OUT, skipping finished games\n"
    "  --game-timeout S     wall-clock cap per game in seconds (default: the game's, from arena.json)\n"
    "  --games-dir DIR      where to find <game>/arena.json (repeatable; default: next to the\n"
    "                       program, then the source tree's native/)\n"
    "  --bin-dir DIR        where judge programs are (default: the folder of pursuit-arena)\n"
    "  --keep-work          keep each game's OUT/work/<n>/ (judge output); failed games keep it anyway\n"
    "  --quiet              no progress bar\n"
    "Exit status: 0 every game played, 1 some game failed (judge error or timeout; all files are\n"
    "still written) or OUT cannot be written, 2 bad arguments, 130 interrupted.\n";

struct Options {
    std::string game, out, champion, bin_dir;
    std::vector<Bot> bots;
    std::vector<std::string> maps, games_dirs;
    std::string maps_dir;
    int seeds = 1, jobs = 0;
    Mode mode = Mode::RoundRobin;
    bool resume = false, list = false, keep_work = false, quiet = false;
    double timeout_s = 0;
};

std::string exe_dir() {
    std::error_code ec;
    const fs::path p = fs::read_symlink("/proc/self/exe", ec);
    return ec ? std::string(".") : p.parent_path().string();
}

// The numeric options' ranges: a value outside is a bad command line (exit 2), as for the judges
// ("-j -1" ran with the default, "--seeds 1.7" played 1 seed, "--game-timeout 0.001" failed every
// game as "longer than 0 s").
constexpr long long kMaxSeeds = 1000000, kMaxJobs = 1024;
constexpr double kMaxGameTimeoutS = 7 * 24 * 3600;

Options parse(int argc, char** argv) {
    Options o;
    auto need = [&](int& i) -> std::string {
        if (i + 1 >= argc) throw InputError(std::string("option ") + argv[i] + " needs a value");
        return argv[++i];
    };
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--help" || a == "-h") {
            std::cout << kUsage;
            std::exit(exit_after_stdout("pursuit-arena", 0));
        } else if (a == "--list") o.list = true;
        else if (a == "--bot") {
            const std::string v = need(i);
            const auto eq = v.find('=');
            if (eq == std::string::npos || eq == 0 || eq + 1 == v.size())
                throw InputError("--bot expects NAME=COMMAND, got \"" + v + "\"");
            o.bots.push_back({v.substr(0, eq), v.substr(eq + 1)});
        } else if (a == "--maps") {
            need(i);
            --i;
            while (i + 1 < argc && argv[i + 1][0] != '-') o.maps.push_back(argv[++i]);
        } else if (a == "--maps-dir") o.maps_dir = need(i);
        else if (a == "--seeds") o.seeds = static_cast<int>(option_int("--seeds", need(i), 1, kMaxSeeds));
        else if (a == "--mode") {
            const std::string m = need(i);
            if (m == "roundrobin" || m == "round-robin") o.mode = Mode::RoundRobin;
            else if (m == "gauntlet") o.mode = Mode::Gauntlet;
            else throw InputError("--mode is roundrobin or gauntlet, not \"" + m + "\"");
        } else if (a == "--champion") o.champion = need(i);
        else if (a == "-j" || a == "--jobs") o.jobs = static_cast<int>(option_int(a, need(i), 1, kMaxJobs));
        else if (a.rfind("-j", 0) == 0 && a.size() > 2) o.jobs = static_cast<int>(option_int("-j", a.substr(2), 1, kMaxJobs));
        else if (a == "--out") o.out = need(i);
        else if (a == "--resume") o.resume = true;
        else if (a == "--game-timeout") o.timeout_s = option_number("--game-timeout", need(i), 1, kMaxGameTimeoutS);
        else if (a == "--games-dir") o.games_dirs.push_back(need(i));
        else if (a == "--bin-dir") o.bin_dir = need(i);
        else if (a == "--keep-work") o.keep_work = true;
        else if (a == "--quiet") o.quiet = true;
        else if (!a.empty() && a[0] != '-' && o.game.empty()) o.game = a;
        else throw InputError("unknown argument \"" + a + "\" (see --help)");
    }
    // (it said '--champion "" is not one of the --bot names')
    if (o.mode == Mode::Gauntlet && o.champion.empty()) throw InputError("--mode gauntlet needs --champion NAME (one of the --bot names)");
    if (o.games_dirs.empty()) {
        o.games_dirs.push_back(exe_dir() + "/arena-games");
#ifdef PURSUIT_SOURCE_DIR
        o.games_dirs.push_back(std::string(PURSUIT_SOURCE_DIR) + "/native");
#endif
    }
    if (o.bin_dir.empty()) o.bin_dir = exe_dir();
    if (o.jobs <= 0) o.jobs = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    return o;
}

std::string find_judge(const GameDescriptor& g, const std::string& bin_dir) {
    auto executable = [](const fs::path& p) { return access(p.c_str(), X_OK) == 0 && fs::is_regular_file(p); };
    if (g.judge.find('/') != std::string::npos) {
        const fs::path p = g.judge[0] == '/' ? fs::path(g.judge) : fs::path(g.dir) / g.judge;
        if (executable(p)) return fs::absolute(p).string();
    } else {
        if (executable(fs::path(bin_dir) / g.judge)) return fs::absolute(fs::path(bin_dir) / g.judge).string();
        const char* path = std::getenv("PATH");
        std::string rest = path ? path : "";
        for (std::size_t pos = 0; pos <= rest.size();) {
            const std::size_t colon = std::min(rest.find(':', pos), rest.size());
            const fs::path p = fs::path(rest.substr(pos, colon - pos)) / g.judge;
            if (colon > pos && executable(p)) return p.string();
            pos = colon + 1;
        }
    }
    throw InputError("judge program \"" + g.judge + "\" of " + g.path + " not found in " + bin_dir +
                     " (build it, or pass --bin-dir)");
}

std::vector<MapEntry> collect_maps(const Options& o, const GameDescriptor& g) {
    std::vector<std::string> raw = o.maps;
    if (!o.maps_dir.empty()) {
        if (!fs::is_directory(o.maps_dir)) throw InputError("--maps-dir " + o.maps_dir + " is not a folder");
        std::vector<std::string> files;
        for (const auto& e : fs::directory_iterator(o.maps_dir))
            if (e.is_regular_file() && e.path().filename().string()[0] != '.' && e.path().extension() != ".md")
                files.push_back(e.path().string());
        // An empty folder (or a misspelled one full of notes) played the game's default maps.
        if (files.empty()) throw InputError("--maps-dir " + o.maps_dir + " holds no map files (.md and hidden files are skipped)");
        std::sort(files.begin(), files.end());
        raw.insert(raw.end(), files.begin(), files.end());
    }
    if (raw.empty()) raw = g.default_maps;
    std::vector<MapEntry> maps;
    std::set<std::string> names;
    for (const auto& m : raw) {
        MapEntry e = make_map_entry(m);
        // Refused before any game: a misspelled name, a broken file or another game's map
        // would fail every game of it in the judge (a file is an absolute path, a name has no '/').
        if (e.value.find('/') == std::string::npos) check_map_name(g, e.value, o.seeds);
        else check_map_file(g, e.value, o.seeds);
        if (!names.insert(e.name).second) throw InputError("two maps are both called \"" + e.name + "\"");
        maps.push_back(e);
    }
    return maps;
}

// --resume continues the run in OUT, not another one: other bots (or commands under the same
// names), maps or seeds mixed two tournaments in games.jsonl and overwrote run.json.
void check_same_tournament(const std::string& run_json, const Json& now) {
    std::error_code ec;
    if (!fs::exists(run_json, ec)) return;
    Json before;
    try {
        before = Json::parse(read_file(run_json));
    } catch (const std::exception& e) {
        throw InputError("cannot --resume: " + run_json + " does not parse (" + e.what() + ")");
    }
    for (const auto& [key, differ] : {std::pair{"game", "game differs"}, std::pair{"mode", "mode differs"},
                                      std::pair{"seeds", "seeds differ"}, std::pair{"champion", "champion differs"},
                                      std::pair{"bots", "bots differ"}, std::pair{"maps", "maps differ"}})
        if (!before.is_object() || (before.contains(key) && before[key] != now[key]))  // (a key it lacks: an older arena's)
            throw InputError("cannot --resume: " + run_json + " is another run (its " + differ +
                             "): give the same game, bots, maps and seeds as that run, or choose another --out");
}

void on_signal(int) { stop_all_judges(); }

void list_games(const std::vector<GameDescriptor>& games) {
    for (const auto& g : games)
        std::cout << g.game << "\t" << g.title << "\troles: " << (g.sides() == 2 ? g.roles[0] + ", " + g.roles[1] : g.roles[0])
                  << "\tjudge: " << g.judge << "\t" << g.path << "\n";
}

// The descriptor of the game named on the command line, then the --out checks (in that order).
const GameDescriptor& chosen_game(const std::vector<GameDescriptor>& games, const Options& o) {
    const GameDescriptor* game = nullptr;
    std::string known;
    for (const auto& g : games) {
        if (g.game == o.game) game = &g;
        known += (known.empty() ? "" : ", ") + g.game;
    }
    if (o.game.empty()) throw InputError("no GAME given (games with an arena.json: " + known + ")");
    if (!game) throw InputError("no arena.json for game \"" + o.game + "\" (found: " + (known.empty() ? "none" : known) + ")");
    if (o.out.empty()) throw InputError("--out DIR is required");
    if (o.out == "-") throw std::runtime_error("cannot write --out -: \"-\" is the standard output, not a folder (give a folder's name)");
    return *game;
}

// Makes the --out folder; returns its canonical path.
std::string make_out_folder(const std::string& dir) {
    {
        std::error_code ec;  // named like the judges' --out ("filesystem error: cannot create directories: ..." before)
        make_folders(dir, ec);
        if (ec || !fs::is_directory(dir))
            throw std::runtime_error("cannot write --out " + dir + ": " + (ec ? ec.message() : std::string("not a folder")));
    }
    return fs::canonical(dir).string();
}

// The games of the schedule still to play, and how many games.jsonl already holds.
struct PendingGames {
    std::vector<const MatchSpec*> games;
    int already = 0;
};

PendingGames pending_games(const std::vector<MatchSpec>& schedule, const std::string& log_path, bool resume) {
    std::vector<Json> previous = load_game_log(log_path);
    if (!previous.empty() && !resume)
        throw InputError(log_path + " already holds " + std::to_string(previous.size()) +
                         " games: add --resume to continue that run, or choose another --out");
    std::set<std::string> done;
    for (const auto& r : previous) done.insert(r["key"].get<std::string>());
    PendingGames pending;
    for (const auto& m : schedule) {
        if (done.count(m.key)) ++pending.already;
        else pending.games.push_back(&m);
    }
    return pending;
}

// OUT/run.json: what this tournament is (checked by a --resume, shown in the report).
Json run_info_of(const Options& o, const GameDescriptor& game, const std::string& judge, const std::vector<MapEntry>& maps,
                 std::size_t games) {
    Json run_info{{"game", game.game}, {"mode", o.mode == Mode::Gauntlet ? "gauntlet" : "roundrobin"},
                  {"seeds", o.seeds}, {"champion", o.champion}, {"judge", judge}, {"descriptor", game.path},
                  {"bots", Json::array()}, {"maps", Json::array()}, {"games", games}};
    for (const auto& b : o.bots) run_info["bots"].push_back({{"name", b.name}, {"command", b.command}});
    for (const auto& m : maps) run_info["maps"].push_back({{"name", m.name}, {"value", m.value}});
    return run_info;
}

// Plays the pending games on `jobs` threads, each finished game appended to `log`. Stops at an
// interruption or when the log cannot be written; returns that write's error, if any.
std::optional<std::string> play_pending(const MatchContext& ctx, const std::vector<const MatchSpec*>& pending, int jobs, GameLog& log,
                         Progress& progress) {
    std::atomic<std::size_t> next{0};
    std::atomic<bool> io_failed{false};
    std::string io_error;
    auto worker = [&] {
        for (;;) {
            if (stopping() || io_failed) return;
            const std::size_t k = next++;
            if (k >= pending.size()) return;
            Json rec = play_match(ctx, *pending[k]);
            if (rec["status"] == "interrupted") return;
            try {
                log.append(rec);
            } catch (const std::exception& e) {
                io_error = e.what();
                io_failed = true;
                stop_all_judges();
                return;
            }
            progress.game_finished(rec["status"] != "ok");
        }
    };
    std::vector<std::thread> threads;
    for (int t = 0; t < std::min<int>(jobs, std::max<std::size_t>(1, pending.size())); ++t) threads.emplace_back(worker);
    for (auto& t : threads) t.join();
    if (io_failed) return io_error;
    return std::nullopt;
}

// Tables from every finished game of this schedule (this run and earlier ones).
std::vector<Json> finished_records(const std::string& log_path, const std::vector<MatchSpec>& schedule) {
    std::map<std::string, Json> by_key;
    for (auto& r : load_game_log(log_path)) {
        const std::string key = r["key"].get<std::string>();
        by_key[key] = std::move(r);  // a later record of the same game wins
    }
    std::vector<Json> records;
    for (const auto& m : schedule)
        if (by_key.count(m.key)) records.push_back(by_key[m.key]);
    return records;
}

// Writes the tables, ratings and report to `out` and the summary to stdout.
Summary write_results(const std::string& out, const GameDescriptor& game, const std::vector<Bot>& bots,
                      const std::vector<Json>& records, const Json& run_info) {
    std::vector<std::string> names;
    for (const auto& b : bots) names.push_back(b.name);
    Summary summary = summarise(game, names, records);
    write_file(out + "/results.csv", pairings_csv(summary));
    write_file(out + "/ratings.csv", ratings_csv(summary));
    write_json_file(out + "/results.json", to_json(summary));
    write_file(out + "/report.html", html_report(summary, run_info));
    std::cout << format_text(summary) << "\nwrote " << out << "/{games.jsonl,results.csv,ratings.csv,results.json,report.html,replays/}\n";
    return summary;
}

int run(const Options& o) {
    const auto games = discover_descriptors(o.games_dirs);
    if (o.list) {
        list_games(games);
        return 0;
    }
    const GameDescriptor& game = chosen_game(games, o);
    const std::string judge = find_judge(game, o.bin_dir);
    const auto maps = collect_maps(o, game);
    const auto schedule = make_schedule(o.bots, game.sides(), maps, o.seeds, o.mode, o.champion);

    const std::string out = make_out_folder(o.out);
    const std::string log_path = out + "/games.jsonl";
    const PendingGames pending = pending_games(schedule, log_path, o.resume);
    const Json run_info = run_info_of(o, game, judge, maps, schedule.size());
    if (o.resume) check_same_tournament(out + "/run.json", run_info);
    write_json_file(out + "/run.json", run_info);
    if (o.resume && !o.quiet)
        std::cerr << "resuming: " << pending.already << " of " << schedule.size() << " games already done, "
                  << pending.games.size() << " to play\n";

    struct sigaction sa {};
    sa.sa_handler = on_signal;
    sigaction(SIGINT, &sa, nullptr);
    sigaction(SIGTERM, &sa, nullptr);

    MatchContext ctx;
    ctx.game = &game;
    ctx.bots = &o.bots;
    ctx.judge_path = judge;
    ctx.out_dir = out;
    ctx.wall_clock_s = o.timeout_s > 0 ? o.timeout_s : game.wall_clock_s;
    ctx.keep_work = o.keep_work;
    GameLog log(log_path);
    Progress progress(static_cast<int>(schedule.size()), pending.already, !o.quiet);
    const std::optional<std::string> io_error = play_pending(ctx, pending.games, o.jobs, log, progress);
    progress.finish();
    std::error_code ec;
    fs::remove(out + "/work", ec);  // only if empty: failed games keep their folders

    const std::vector<Json> records = finished_records(log_path, schedule);
    const Summary summary = write_results(out, game, o.bots, records, run_info);
    if (io_error) throw std::runtime_error(*io_error);
    if (stopping()) {
        std::cerr << "interrupted: " << records.size() << " of " << schedule.size()
                  << " games done; run the same command with --resume to finish\n";
        return 130;
    }
    // Everything is written; a game the judge failed to play (error, timeout) makes the run
    // fail too, so a script or CI job notices (a bot's fault is a result, not a failure).
    if (summary.games_failed > 0) {
        std::cerr << "pursuit-arena: " << summary.games_failed << " of " << summary.games_total
                  << " games failed (listed under \"Faults and failed games\"): exit status 1\n";
        return 1;
    }
    return 0;
}

}  // namespace

static int run_main(int argc, char** argv) {
    try {
        return run(parse(argc, argv));
    } catch (const InputError& e) {
        std::cerr << "pursuit-arena: " << e.what() << "\n";
        return 2;
    } catch (const std::exception& e) {
        std::cerr << "pursuit-arena: " << e.what() << "\n";
        return 1;
    }
}

// A failed write of the standard output (a full disk) is an error, not status 0.
int main(int argc, char** argv) { return pursuit::exit_after_stdout("pursuit-arena", run_main(argc, argv)); }
