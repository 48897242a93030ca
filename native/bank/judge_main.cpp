// Owns: the `bank-judge` program: one refereed game (result + replay files), or a series
// with swapped sides printing a progress line and a table of figures.
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <string>
#include <vector>

#include "bank/bank_game.h"
#include "bank/layout.h"
#include "bank_match.h"
#include "common/counted.h"
#include "common/errors.h"
#include "common/judge_io.h"
#include "common/process_runner.h"
#include "common/line_reader.h"

namespace {

using namespace pursuit;
using namespace pursuit::bank;

// `{layout}` with no --layout: the spec layout, written to a file of its own while the judge
// runs (it became "", so a bot's `--layout {layout}` took the next word for the file). It goes
// when the judge ends, also on Ctrl-C / SIGTERM / SIGHUP.
bool names_layout(const std::string& command) { return command.find("{layout}") != std::string::npos; }

// --layout with a command that is not told the file: bank-bot then plays the spec building, its
// cells are not this one's, and it lost at once by "'JU' is not a cell name" with nothing saying
// why. A note on stderr, not an error: a bot of one's own may know the building another way.
void note_commands_without_layout(const MatchSettings& s, const std::vector<std::string>& commands) {
    if (s.layout_text.empty() || s.layout_text == default_layout_text()) return;  // (only --layout sets the text)
    for (const std::string& command : commands)
        if (!names_layout(command))
            std::fprintf(stderr, "bank-judge: note: --layout %s, but the command '%s' has no {layout}: bank-bot plays the "
                                 "spec building unless given --layout {layout}\n",
                         s.layout_path.c_str(), command.c_str());
}

class DefaultLayoutFile {
public:
    DefaultLayoutFile(MatchSettings& s, const std::vector<std::string>& commands) {
        const bool wanted = std::any_of(commands.begin(), commands.end(), names_layout);
        if (!s.layout_path.empty() || !wanted) return;
        dir_ = make_temp_dir("bank-layout-");
        remove_at_stop_signal(dir_);
        s.layout_path = dir_ + "/bank.txt";
        write_file(s.layout_path, default_layout_text());
    }
    DefaultLayoutFile(const DefaultLayoutFile&) = delete;
    DefaultLayoutFile& operator=(const DefaultLayoutFile&) = delete;
    ~DefaultLayoutFile() {
        if (dir_.empty()) return;
        std::error_code ec;
        std::filesystem::remove_all(dir_, ec);
        forget_removal_at_stop_signal(dir_);
    }

private:
    std::string dir_;
};

int usage(int code) {
    std::fputs(
        "usage: bank-judge [options] GUARDS_COMMAND ROBBERS_COMMAND\n"
        "       bank-judge --series N [options] COMMAND_A COMMAND_B\n"
        "  Referees Bank Heist over stdin/stdout (see docs/bank.md). Commands run via /bin/sh -c;\n"
        "  {seed} and {layout} in them are replaced by the game's seed and layout file (without\n"
        "  --layout, a temporary copy of the spec layout, removed when the judge ends).\n"
        "  --layout FILE   building layout (default: the spec layout, maps/bank/bank.txt)\n"
        "  --moves L       move limit per player, 1..10000 (default 150; the contest's range is 150..400)\n"
        "  --seed S        seed of the (first) game (default 1)\n"
        "  --time-ms MS    time per reply (default 250)\n"
        "  --result FILE   write the result JSON (single game only)\n"
        "  --replay FILE   write the replay JSON (single game only)\n"
        "                  ('-' is stdout: the JSON alone there, the lines for people on stderr)\n"
        "  --series N      N games with A as guards and N with B as guards, seeds S..S+N-1\n"
        "  --out DIR       series only: write DIR/game-<k>-<A|B>guards.json replays and DIR/series.json\n"
        "                  (named on the last line: 'wrote DIR/series.json and ...')\n"
        "Exit status: 0 after the game(s), whoever won (a program that fails loses by forfeit;\n"
        "when both fail, no one wins);\n"
        "1 on a bad layout or a result/replay/--out path that cannot be written (checked before any\n"
        "program runs); 2 on bad arguments or none.\n",
        code ? stderr : stdout);
    return code;
}

double percentile(std::vector<double> v, double p) {
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    std::size_t k = static_cast<std::size_t>(p / 100.0 * (v.size() - 1) + 0.5);
    return v[std::min(k, v.size() - 1)];
}

std::string times_text(const std::vector<double>& v) {
    char buf[160];
    std::snprintf(buf, sizeof buf, "p50 %.2f  p90 %.2f  p99 %.2f  max %.2f ms (%s)", percentile(v, 50), percentile(v, 90),
                  percentile(v, 99), v.empty() ? 0.0 : *std::max_element(v.begin(), v.end()),
                  counted(v.size(), "reply", "replies").c_str());
    return buf;
}

struct Tally {
    int games = 0, guards_won = 0, robbers_won = 0, no_winner = 0, caught = 0, forfeits_guards = 0, forfeits_robbers = 0;
    void add(const Json& r) {
        ++games;
        guards_won += r["winner"] == "guards";
        robbers_won += r["winner"] == "robbers";
        no_winner += r["winner"] == "none";  // both programs failed
        caught += r["caught"].get<int>();
        if (r["forfeit"].is_null()) return;
        const Json& side = r["forfeit"]["side"];
        forfeits_guards += side == "guards" || side == "both";
        forfeits_robbers += side == "robbers" || side == "both";
    }
    Json json() const {
        return Json{{"games", games}, {"guards_won", guards_won}, {"robbers_won", robbers_won}, {"no_winner", no_winner},
                    {"mean_caught", games ? double(caught) / games : 0.0}, {"forfeits_guards", forfeits_guards},
                    {"forfeits_robbers", forfeits_robbers}};
    }
};

int run_series(MatchSettings s, int n, const std::string& a, const std::string& b, const std::string& out_dir) {
    Tally tally[2];  // [0]: A guards vs B robbers, [1]: B guards vs A robbers
    std::vector<double> times[2];  // per program A, B
    const std::uint64_t first_seed = s.seed;
    SeriesFiles written;  // for the "wrote ..." line, also when a write fails mid-series
    for (int k = 0; k < n; ++k) {
        for (int swap = 0; swap < 2; ++swap) {
            s.seed = first_seed + k;
            const std::string& g = swap ? b : a;
            const std::string& r = swap ? a : b;
            MatchOutcome o = play_match(s, g, r);
            tally[swap].add(o.result);
            times[swap].insert(times[swap].end(), o.move_ms[0].begin(), o.move_ms[0].end());      // guards' program
            times[1 - swap].insert(times[1 - swap].end(), o.move_ms[1].begin(), o.move_ms[1].end());
            std::fprintf(stderr, "\r[%d/%d] seed %llu %s guards: %s, %d caught%s        ", 2 * k + swap + 1, 2 * n,
                         static_cast<unsigned long long>(s.seed), swap ? "B" : "A", o.result["winner"].get<std::string>().c_str(),
                         o.result["caught"].get<int>(), o.result["forfeit"].is_null() ? "" : " (forfeit)");
            // While this game's progress line is open: a failing write ends it before its error.
            if (!out_dir.empty())
                written.replay(out_dir + "/game-" + std::to_string(k + 1) + (swap ? "-Bguards" : "-Aguards") + ".json", o.replay);
            if (!o.result["forfeit"].is_null())
                std::fprintf(stderr, "\n  forfeit: %s\n", o.result["forfeit"]["message"].get<std::string>().c_str());
        }
    }
    std::fprintf(stderr, "\n");
    std::printf("Bank series: %d games per pairing, L = %d, seeds %llu..%llu, %lld ms per reply\n", n, s.moves,
                static_cast<unsigned long long>(first_seed), static_cast<unsigned long long>(first_seed + n - 1),
                static_cast<long long>(s.per_move.count()));
    std::printf("  A = %s\n  B = %s\n", a.c_str(), b.c_str());
    std::printf("%-22s %6s %11s %12s %12s %16s\n", "pairing", "games", "all caught", "robbers won", "mean caught", "forfeits (G/R)");
    const char* names[2] = {"A guards, B robbers", "B guards, A robbers"};
    for (int i = 0; i < 2; ++i) {
        const Tally& t = tally[i];
        std::printf("%-22s %6d %11d %12d %12.2f %13d/%d\n", names[i], t.games, t.guards_won, t.robbers_won,
                    t.games ? double(t.caught) / t.games : 0.0, t.forfeits_guards, t.forfeits_robbers);
    }
    if (tally[0].no_winner + tally[1].no_winner > 0)
        std::printf("no winner (both programs failed): %d + %d games\n", tally[0].no_winner, tally[1].no_winner);
    std::printf("move time A: %s\nmove time B: %s\n", times_text(times[0]).c_str(), times_text(times[1]).c_str());
    if (!out_dir.empty()) {
        Json summary{{"moves", s.moves}, {"first_seed", first_seed}, {"games_per_pairing", n}, {"A", a}, {"B", b},
                     {"A_guards", tally[0].json()}, {"B_guards", tally[1].json()},
                     {"move_ms_A", {{"p50", percentile(times[0], 50)}, {"p90", percentile(times[0], 90)}, {"p99", percentile(times[0], 99)}}},
                     {"move_ms_B", {{"p50", percentile(times[1], 50)}, {"p90", percentile(times[1], 90)}, {"p99", percentile(times[1], 99)}}}};
        written.file(out_dir + "/series.json", summary);
        std::printf("%s\n", written.line().c_str());  // the last line, as after one game
    }
    return 0;
}

}  // namespace

// A bad command line (status 2), as against a bad layout or a file that cannot be written
// (status 1): the same split as robots, searchparty-controller and pursuit-arena.
struct OptionError : InputError {
    using InputError::InputError;
};

static int run_main(int argc, char** argv) {
    pursuit::adopt_players_orphans();  // (what a player left behind, out of its group and marks, goes with it)
    MatchSettings s;
    std::string result_path, replay_path, out_dir;
    int series = 0;
    std::vector<std::string> commands;
    try {
        for (int i = 1; i < argc; ++i) {
            std::string a = argv[i];
            auto value = [&]() -> std::string {
                if (i + 1 >= argc) throw OptionError("option " + a + " needs a value");
                return argv[++i];
            };
            auto number = [&](long long lo, long long hi) {
                std::string v = value();
                long long n;
                if (!parse_int(v, n) || n < lo || n > hi)
                    throw OptionError("option " + a + ": expected an integer " + std::to_string(lo) + ".." + std::to_string(hi) + ", got '" + v + "'");
                return n;
            };
            if (a == "--help" || a == "-h") return usage(0);
            else if (a == "--layout") {
                s.layout_path = value();
                s.layout_text = read_file(s.layout_path);
                Layout::parse(s.layout_text, s.layout_path);  // report layout errors before starting anything
            } else if (a == "--moves") s.moves = static_cast<int>(number(1, 10000));
            else if (a == "--seed") s.seed = static_cast<std::uint64_t>(number(0, 1LL << 62));
            else if (a == "--time-ms") s.per_move = std::chrono::milliseconds(number(1, 600000));
            else if (a == "--result") result_path = value();
            else if (a == "--replay") replay_path = value();
            else if (a == "--series") series = static_cast<int>(number(1, 100000));
            else if (a == "--out") out_dir = value();
            else if (!a.empty() && a[0] == '-') throw OptionError("unknown option " + a);
            else commands.push_back(a);
        }
        if (commands.size() != 2) {  // said which (the usage alone left it to guess)
            if (!commands.empty())
                std::fprintf(stderr, "bank-judge: expected two commands (%s), got %zu\n",
                             series > 0 ? "COMMAND_A COMMAND_B" : "GUARDS_COMMAND ROBBERS_COMMAND", commands.size());
            return usage(2);
        }
        // A file option of the other mode would do nothing: say so instead of ignoring it.
        if (series > 0 && !(result_path.empty() && replay_path.empty()))
            throw OptionError(std::string("option ") + (result_path.empty() ? "--replay" : "--result") +
                             " is for a single game; a series writes its files with --out DIR");
        if (series == 0 && !out_dir.empty())
            throw OptionError("option --out is for a series (--series N); a single game writes --result FILE and --replay FILE");
        // One file for both: the replay, written last, replaced the result, and "wrote X and X" said
        // nothing was lost.
        // (Both on the standard output, by any spelling, are written one after the other.)
        if (!result_path.empty() && !replay_path.empty() && same_output_file(result_path, replay_path))
            throw OptionError("options --result and --replay name the same file (" + replay_path +
                              "): the replay would overwrite the result; give two files");
        const DefaultLayoutFile default_layout_file(s, commands);
        note_commands_without_layout(s, commands);
        // An output file that cannot be written is reported before any program runs.
        if (series > 0) {
            if (!out_dir.empty()) check_writable(out_dir + "/series.json");
            return run_series(s, series, commands[0], commands[1], out_dir);
        }
        if (!result_path.empty()) check_writable(result_path);
        if (!replay_path.empty()) check_writable(replay_path);
        MatchOutcome o = play_match(s, commands[0], commands[1]);
        // With a JSON file on the standard output ("--replay -"), the lines for people go to stderr,
        // so stdout is JSON alone (`| jq`, `| pursuit-tool check-replay -`), as curl -o - does.
        std::FILE* report = standard_stream_named(result_path) == 1 || standard_stream_named(replay_path) == 1 ? stderr : stdout;
        // The outcome is printed first; every file is tried last, so a failing write loses nothing else.
        std::fprintf(report, "%s\n", o.result["summary"].get<std::string>().c_str());
        if (!o.result["forfeit"].is_null() && o.result["forfeit"].contains("stderr"))
            std::fprintf(report, "stderr of the %s:\n%s\n",
                         o.result["forfeit"]["side"] == "both" ? "programs" : o.result["forfeit"]["side"].get<std::string>().c_str(),
                         o.result["forfeit"]["stderr"].get<std::string>().c_str());
        std::fprintf(report, "guards: %s\nrobbers: %s\n", times_text(o.move_ms[0]).c_str(), times_text(o.move_ms[1]).c_str());
        // As the other judges: "wrote RESULT and REPLAY", the last line.
        return write_each("bank-judge", {{result_path, &o.result}, {replay_path, &o.replay}}, report) ? 0 : 1;
    } catch (const OptionError& e) {
        std::fprintf(stderr, "bank-judge: %s\n", e.what());
        return 2;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "bank-judge: %s\n", e.what());
        return 1;
    }
}

// A failed write of the standard output (a full disk) is an error, not status 0.
int main(int argc, char** argv) { return pursuit::exit_after_stdout("bank-judge", run_main(argc, argv)); }
