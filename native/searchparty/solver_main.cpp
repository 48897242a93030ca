// Owns: `searchparty-solver`, both forms of the solver, and the figures command.
//   searchparty-solver MAP                 batch form: move lines + "T c e" on stdout
//   searchparty-controller MAP -- searchparty-solver [MAP]
//                                          interactive form: reads "Turn k" state blocks on
//                                          stdin, answers one move line per turn
//   searchparty-solver --figures [DIR]     the reference maps map1..5.txt: turns, survivors,
//                                          time, lower bound and gap
// The form is chosen by --batch / --interactive, else: stdin is a terminal -> batch;
// otherwise the start of stdin decides ("Turn" -> interactive, anything else -> batch, with
// the map read from stdin when no MAP is given). Where stdin is a pipe, a file or a socket the
// start is looked at without taking it, so a batch run with MAP leaves stdin to its caller.
#include <fcntl.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <functional>
#include <future>
#include <optional>
#include <iostream>
#include <iterator>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "common/counted.h"
#include "common/errors.h"
#include "common/judge_io.h"
#include "common/line_reader.h"
#include "common/parallel.h"
#include "searchparty/finish.h"
#include "searchparty/solver.h"

namespace {

using namespace pursuit;
using namespace pursuit::searchparty;

struct Options {
    std::uint64_t seed = 1;
    double budget_ms = 0;  // randomised tries while within budget (0 = deterministic only)
    int tries = -1;        // at most this many randomised tries (-1: as many as the budget allows)
    // --plan-ms given: both forms (and --figures) bound the pipeline by it (see plan_within). Not
    // by default: the plan is then the same on any machine (a slow one takes longer for it).
    double plan_ms = 9000;
    bool plan_ms_given = false;
    // Interactive form: every turn is answered within about this long after its state block,
    // with a turn where everyone stays on S while the plan is not ready (0: wait for the plan).
    // 9 s: the controller's limit is 10 s a turn, writing the block included.
    double answer_ms = 9000;
    int level = 3;
    // --pipeline game: the plans the game itself follows (the site's suggest_move levels, the
    // solve tool's default) instead of the whole native pipeline (the site's "record" level).
    bool game_pipeline = false;
    int threads = 0;  // 0: the machine's cores, at most 8 (common/parallel.h)
    int mode = 0;  // 0 auto, 1 batch, 2 interactive
    bool figures = false;
    std::string figures_dir, map_path;
    std::optional<PolicyParams> policy;  // --policy: one explicit policy variant instead of solve()
};

// One --policy key: the field it sets and the values it takes (a phase outside its range
// indexed out of a table; `lookahead` grows exponentially).
struct PolicyKey {
    const char* name;
    long long lo, hi;
    void (*set)(PolicyParams&, int);
};

const std::vector<PolicyKey>& policy_keys() {
    constexpr long long kWeight = 100000;
    static const std::vector<PolicyKey> keys{
        {"regions", 0, 1, [](PolicyParams& p, int v) { p.regions = v != 0; }},
        {"region_penalty", 0, kWeight, [](PolicyParams& p, int v) { p.region_penalty = v; }},
        {"rate", 1, 200, [](PolicyParams& p, int v) { p.rate_percent = v; }},
        {"replan_gap", 0, 1000, [](PolicyParams& p, int v) { p.replan_gap = v; }},
        {"lanes", 0, 4, [](PolicyParams& p, int v) { p.lanes = v; }},
        {"lane_phase", 0, 100, [](PolicyParams& p, int v) { p.lane_phase = v; }},
        {"side_bias", 0, kWeight, [](PolicyParams& p, int v) { p.side_bias = v; }},
        {"tours", 0, 1, [](PolicyParams& p, int v) { p.tours = v != 0; }},
        {"cover", 1, 8, [](PolicyParams& p, int v) { p.cover_d2 = v; }},
        {"sectors", 0, 1, [](PolicyParams& p, int v) { p.sectors = v != 0; }},
        {"sector_phase", 0, 15, [](PolicyParams& p, int v) { p.sector_phase = v; }},
        {"team_gain", 0, kWeight, [](PolicyParams& p, int v) { p.team_gain_weight = v; }},
        {"pocket", 0, kWeight, [](PolicyParams& p, int v) { p.pocket_weight = v; }},
        {"fresh_gain", 0, 1, [](PolicyParams& p, int v) { p.fresh_gain = v != 0; }},
        {"retarget", 0, 1000, [](PolicyParams& p, int v) { p.retarget_gap = v; }},
        {"path", 0, kWeight, [](PolicyParams& p, int v) { p.path_weight = v; }},
        {"look", 0, 3, [](PolicyParams& p, int v) { p.lookahead = v; }},
        {"look_weight", 0, kWeight, [](PolicyParams& p, int v) { p.lookahead_weight = v; }},
        {"claim_radius", 0, 300, [](PolicyParams& p, int v) { p.claim_radius = v; }},
        {"band", 0, kWeight, [](PolicyParams& p, int v) { p.band_bonus = v; }},
        {"trail", 1, 10, [](PolicyParams& p, int v) { p.max_trail = v; }},
        {"claim", 0, kWeight, [](PolicyParams& p, int v) { p.claim_penalty = v; }},
        {"voronoi", 0, kWeight, [](PolicyParams& p, int v) { p.voronoi_penalty = v; }},
    };
    return keys;
}

// "--policy regions=1,lanes=3,pocket=2": the first default variant with these fields changed.
// Throws UsageError naming a bad item (values were read by atoi: "lanes=abc" played lanes 0).
PolicyParams policy_from(const std::string& spec) {
    PolicyParams p = default_variants(3).front();
    std::vector<std::string> given;  // "rate=1,rate=2" played rate 2 without a word
    std::size_t at = 0;
    while (at <= spec.size()) {
        const std::size_t comma = std::min(spec.find(',', at), spec.size());
        const std::string item = spec.substr(at, comma - at);
        at = comma + 1;
        const auto eq = item.find('=');
        if (eq == std::string::npos) throw UsageError("option --policy: expected key=value, got " + quoted_excerpt(item));
        const std::string key = item.substr(0, eq);
        const auto known = std::find_if(policy_keys().begin(), policy_keys().end(), [&](const PolicyKey& k) { return key == k.name; });
        if (known == policy_keys().end()) throw UsageError("option --policy: unknown key " + quoted_excerpt(key) + " (keys: see --help)");
        if (std::find(given.begin(), given.end(), key) != given.end()) throw UsageError("option --policy: key " + quoted_excerpt(key) + " given twice");
        given.push_back(key);
        known->set(p, static_cast<int>(option_int("--policy " + key, item.substr(eq + 1), known->lo, known->hi)));
    }
    return p;
}

int usage(int code) {
    std::fputs(
        "usage: searchparty-solver [options] MAP            batch form on stdout\n"
        "       searchparty-solver [options] < MAP          the same, the map on standard input\n"
        "       searchparty-solver [options] [MAP] < blocks   interactive form (as run by the controller)\n"
        "       searchparty-solver --figures [DIR]          reference maps DIR/map1..5.txt (default:\n"
        "                   $PURSUIT_SHARED_DIR/ref/searchparty, else the build's ../shared/ref/searchparty)\n"
        "options:\n"
        "  --seed S         seed of the randomised tries (default 1)\n"
        "  --budget-ms B    after the deterministic plan, keep buying tries until B ms have\n"
        "                   passed since the start (default 0: the deterministic plan only); a\n"
        "                   try gives two or three teams new routes from S over the cells no\n"
        "                   other team sees, shortened, kept when the teams' last new cells\n"
        "                   come sooner (1-5 s a try on the reference maps; the last one stops\n"
        "                   at the budget)\n"
        "  --tries N        at most N tries; without --budget-ms exactly N (reproducible: the\n"
        "                   same seed and N give the same plan on any machine)\n"
        "  --level L        easy | medium | hard | best (default best)\n"
        "  --pipeline P     full (default): the whole native pipeline, the site's \"record\"\n"
        "                   level at best; game: the plans the game follows for a level, as\n"
        "                   the site's suggest_move (the same below best; at best faster, longer)\n"
        "  --threads T      threads the pipeline may use (default: the machine's cores, at\n"
        "                   most 8); the plan is the same for every T, only the time differs\n"
        "  --plan-ms P      plan for about P ms: a step of the pipeline starts while the\n"
        "                   longest step so far would still end in time, and a step still\n"
        "                   running at P ms stops there and is dropped; the first plans\n"
        "                   always end (default: the whole pipeline, the same plan on any\n"
        "                   machine, however long it takes there); both forms and --figures\n"
        "  --answer-ms A    interactive form: answer every turn within about A ms of its state\n"
        "                   block (default 9000, inside the controller's 10 s a turn); while the\n"
        "                   plan is not ready, the answer is a turn where everyone stays on S\n"
        "                   (a turn lost, nothing else changes); 0 waits for the plan\n"
        "  --batch | --interactive   force the form (default: stdin starting with \"Turn\" is the\n"
        "                   interactive form, else batch; stdin is looked at, not read, and waited\n"
        "                   on while it is open and silent)\n"
        "  --               the end of the options: what follows is the MAP (one named -x.txt)\n"
        "  --policy K=V,..  play one policy variant only (for measuring ideas; see\n"
        "                   docs/searchparty.md); keys and the values they take:\n",
        code ? stderr : stdout);
    std::string line = "                  ";
    for (const PolicyKey& k : policy_keys()) {
        const std::string item = " " + std::string(k.name) + " " + std::to_string(k.lo) + ".." + std::to_string(k.hi);
        if (line.size() + item.size() > 92) {
            std::fprintf(code ? stderr : stdout, "%s\n", line.c_str());
            line = "                  ";
        }
        line += item;
    }
    std::fprintf(code ? stderr : stdout, "%s\n", line.c_str());
    return code;
}

// Whether try `i` (solve's `more`) may run: with --tries alone, exactly that many tries (a
// reproducible run); with --budget-ms, while the clock is within it; with both, whichever ends
// first.
std::function<bool(int)> tries_while(const Options& o, const Stopwatch& clock) {
    return [&o, &clock](int i) {
        if (o.tries >= 0 && i >= o.tries) return false;
        return (o.tries >= 0 && o.budget_ms <= 0) || clock.elapsed_ms() < o.budget_ms;
    };
}

Plan solve_with_budget(const State& start, const Options& o) {
    if (o.policy) return run_policy(start, *o.policy, 4 * start.map().open_count() + 200);
    const Stopwatch clock;
    if (o.game_pipeline) return solve(start, o.level, o.seed, tries_while(o, clock));
    return solve_full(start, o.level, o.seed, tries_while(o, clock));
}

// With --plan-ms: the pipeline, in the same order, with each step after the first variant
// started only while time remains — the variants within the first half of `plan_ms`,
// the closing tours from the start, the tail re-plans and the closing cuts within all of it,
// and a step still running at the limit stopped and dropped (solver.h, Stage::Running) — so on
// a fast enough machine it is the whole pipeline's plan. With --budget-ms / --tries, the
// pipeline has the larger of the two times, then the tries follow.
Plan plan_within(const State& start, const Options& o) {
    const Stopwatch clock;
    const double limit_ms = std::max(o.plan_ms, o.budget_ms);
    const bool tries = o.budget_ms > 0 || o.tries > 0;
    if (o.game_pipeline) return solve(start, o.level, o.seed, tries ? tries_while(o, clock) : nullptr, {}, {}, steps_within(limit_ms / 2, limit_ms));
    return solve_full(start, o.level, o.seed, tries ? tries_while(o, clock) : nullptr, steps_within(limit_ms / 2, limit_ms));
}

// The plan both forms play: the whole pipeline, the same on any machine; with --plan-ms given,
// bounded by it (a user who would rather lose planning than the interactive form's stalls).
Plan batch_plan(const State& start, const Options& o) {
    return o.plan_ms_given && !o.policy ? plan_within(start, o) : solve_with_budget(start, o);
}

// A MAP file, refused past the largest possible map (/dev/zero was read until memory ran out).
std::string read_map_file(const std::string& path) { return read_file(path, kMaxMapFileBytes, "larger than any map"); }

// Up to `n` bytes from the start of standard input, left there for whoever reads it next:
// `while read m; do searchparty-solver "$m"; done < list` lost the rest of the list to the
// first solver, which read stdin to choose its form. A pipe is copied with tee(2), a file read
// at its offset, a socket peeked; nullopt where that cannot be done (a device: read it then).
// Waits, as reading would, until `n` bytes, a line end or the end of input are there.
std::optional<std::string> peek_stdin(std::size_t n) {
    struct stat st {};
    if (fstat(0, &st) != 0) return std::nullopt;
    std::string got(n, '\0');
    if (S_ISREG(st.st_mode)) {
        const off_t at = lseek(0, 0, SEEK_CUR);
        const ssize_t k = at < 0 ? -1 : pread(0, got.data(), n, at);
        if (k < 0) return std::nullopt;
        got.resize(static_cast<std::size_t>(k));
        return got;
    }
    const bool fifo = S_ISFIFO(st.st_mode);
    if (!fifo && !S_ISSOCK(st.st_mode)) return std::nullopt;
    int copy[2] = {-1, -1};
    if (fifo && pipe2(copy, O_CLOEXEC | O_NONBLOCK) != 0) return std::nullopt;
    std::optional<std::string> result;
    for (;;) {
        pollfd in{0, POLLIN, 0};
        if (poll(&in, 1, -1) < 0 && errno != EINTR) break;
        // Each call looks at the start again: what is there now, not more of it.
        ssize_t k = fifo ? tee(0, copy[1], n, SPLICE_F_NONBLOCK) : recv(0, got.data(), n, MSG_PEEK | MSG_DONTWAIT);
        if (k < 0 && (errno == EAGAIN || errno == EINTR)) k = 0;
        else if (k < 0) break;
        if (fifo && k > 0 && read(copy[0], got.data(), static_cast<std::size_t>(k)) != k) break;
        const std::string seen = got.substr(0, static_cast<std::size_t>(k));
        const bool ended = (in.revents & (POLLHUP | POLLERR)) != 0 || (k == 0 && (in.revents & POLLIN));
        if (seen.size() >= n || seen.find('\n') != std::string::npos || ended) {
            result = seen;
            break;
        }
        usleep(1000);  // a part of the first line is there, the rest not yet
    }
    for (int fd : copy)
        if (fd >= 0) ::close(fd);
    return result;
}

// The first line of standard input (without its '\n'), stopping past `max` bytes (/dev/zero
// has no line end: std::getline grew the line until memory ran out). False at the end of input
// with nothing read, as std::getline.
bool first_line_upto(std::string& line, std::size_t max) {
    line.clear();
    for (int c; (c = std::cin.get()) != EOF;) {
        if (c == '\n') return true;
        line += static_cast<char>(c);
        if (line.size() > max) return true;
    }
    return !line.empty();
}

// The map on standard input: `first` (its first line, already read) and the rest, refused past
// the largest possible map.
std::string stdin_map_text(const std::string& first, bool first_read) {
    std::string text = first_read ? first + "\n" : "";
    char buf[65536];
    while (text.size() <= kMaxMapFileBytes && (std::cin.read(buf, sizeof buf) || std::cin.gcount() > 0))
        text.append(buf, static_cast<std::size_t>(std::cin.gcount()));
    if (text.size() > kMaxMapFileBytes)
        throw InputError("standard input: more than " + std::to_string(kMaxMapFileBytes) + " bytes, larger than any map");
    return text;
}

// One actor of a state block's actors line, "N:x,y" with N the actor's letter; false when the
// token is not that. Both readers of a block use it, so a token one refuses the other does too.
bool parse_actor_token(const std::string& tok, char& name, long long& x, long long& y) {
    const auto comma = tok.find(',');
    if (tok.size() < 5 || tok[1] != ':' || comma == std::string::npos) return false;
    name = tok[0];
    return parse_int(std::string_view(tok).substr(2, comma - 2), x) && parse_int(std::string_view(tok).substr(comma + 1), y);
}

// Rebuilds the map from the first state block as map text (searched `o` back to `.`, the
// star's cell as `S`), so that the map reader's checks (row sizes, characters, limits,
// connectivity) apply to it as to a map file: a block without rows or with the star off the
// open cells is an error, not a map the policy would index out of. The cast is every letter up
// to the last one listed (a block from a later turn leaves out the dead: "@ A C" is a map with
// costars A, B and C, and B is dead), and the block's state is then resumed from it.
Map map_from_block(const std::string& actors_line, const std::vector<std::string>& rows) {
    if (rows.empty()) throw InputError("first state block: no board rows");
    std::vector<std::string> grid = rows;
    for (auto& row : grid)
        for (char& c : row)
            if (c == 'o') c = '.';
    std::string line = actors_line;
    if (!line.empty() && line.back() == '.') line.pop_back();
    int costars = 0, extras = 0;
    bool star = false;
    std::string names;
    for (const auto& tok : split_tokens(line)) {
        char name = 0;
        long long x = -1, y = -1;
        const bool letter = parse_actor_token(tok, name, x, y) && (name == '@' || std::isalpha(static_cast<unsigned char>(name)));
        if (!letter || names.find(name) != std::string::npos)
            throw InputError("first state block: bad actor \"" + tok.substr(0, 20) + "\" in \"" + actors_line.substr(0, 80) +
                             "\" (expected NAME:x,y, NAME @, A-Z or a-z, once)");
        names += name;
        if (std::isupper(static_cast<unsigned char>(name))) costars = std::max(costars, name - 'A' + 1);
        if (std::islower(static_cast<unsigned char>(name))) extras = std::max(extras, name - 'a' + 1);
        if (name != '@') continue;
        if (y < 0 || y >= static_cast<long long>(grid.size()) || x < 0 || x >= static_cast<long long>(grid[y].size()) || grid[y][x] != '.')
            throw InputError("first state block: the star's cell " + tok.substr(2) + " is not an open cell of the board");
        grid[y][x] = 'S';
        star = true;
    }
    if (!star) throw InputError("first state block: no star '@' in \"" + actors_line.substr(0, 80) + "\"");
    std::string text = std::to_string(grid[0].size()) + " " + std::to_string(grid.size()) + " " + std::to_string(costars) + " " +
                       std::to_string(extras) + "\n";
    for (const auto& row : grid) text += row + "\n";
    return read_map(text, "first state block");
}

// The map of the game the controller runs: MAP when given and it is that game's map (its first
// state block is the one the controller sent), else the block's own (a mistyped MAP played
// another map's plan: moves of actors that do not exist, and the run lost).
Map first_map(const Options& o, const std::string& actors, const std::vector<std::string>& rows) {
    if (o.map_path.empty()) return map_from_block(actors, rows);
    // A MAP that cannot be read (a typo, a broken file) gives way to the block too: the run was
    // lost with exit 1 where a wrong but readable MAP was played from the block.
    std::optional<Map> read;
    try {
        read = read_map(read_map_file(o.map_path), o.map_path);
    } catch (const std::exception& e) {
        std::cerr << "searchparty-solver: " << e.what() << "; playing the controller's first state block's map\n";
        return map_from_block(actors, rows);
    }
    Map given = std::move(*read);
    const State start(given);
    if (start.actors_line() == actors && start.board_rows() == rows) return given;
    std::cerr << "searchparty-solver: " << o.map_path << " is not the map of the controller's first state block; playing the block's map\n";
    return map_from_block(actors, rows);
}

// The game as a later state block shows it ("Turn k", the living actors, the board), when it is
// not where this solver's record `start` says (its map and cast are kept): the block's searched
// cells, its actors' cells (those it does not list dead), k - 1 turns played. The policy steers from there (it stepped this
// solver's own record, and walked the star off the board from where the block had it).
State state_from_block(const State& start, const std::string& turn_line, const std::string& actors_line,
                       const std::vector<std::string>& rows) {
    const Map& map = start.map();
    const std::string where = "the state block of \"" + turn_line.substr(0, 20) + "\"";
    long turn = 0;
    if (std::sscanf(turn_line.c_str(), "Turn %ld", &turn) != 1 || turn < 1)
        throw InputError(where + ": expected a line \"Turn k\" before it");
    if (static_cast<int>(rows.size()) != map.rows) throw InputError(where + ": " + std::to_string(rows.size()) + " board rows, expected " + std::to_string(map.rows));
    State s(map);
    for (int y = 0; y < map.rows; ++y) {
        if (static_cast<int>(rows[y].size()) != map.cols)
            throw InputError(where + ": board row " + std::to_string(y + 1) + " has " + std::to_string(rows[y].size()) + " characters, expected " + std::to_string(map.cols));
        for (int x = 0; x < map.cols; ++x) {
            const char c = rows[y][x];
            if ((c == '#') != !map.open_at(x, y) || (c != 'o' && c != '.' && c != '#'))
                throw InputError(where + ": board row " + std::to_string(y + 1) + " has '" + std::string(1, c) + "' at x=" + std::to_string(x) + " where the map has " + (map.open_at(x, y) ? "an open cell" : "a wall"));
            if (c == 'o') s.mark_searched(map.index(x, y));
        }
    }
    std::vector<Actor> actors = start.actors();
    for (Actor& a : actors) a.alive = false;
    std::string line = actors_line;
    if (!line.empty() && line.back() == '.') line.pop_back();
    for (const auto& tok : split_tokens(line)) {
        char name = 0;
        long long x = -1, y = -1;
        const int i = parse_actor_token(tok, name, x, y) ? start.actor_index(name) : -1;
        if (i < 0 || actors[static_cast<std::size_t>(i)].alive || x < 0 || y < 0 || x >= map.cols || y >= map.rows ||
            !map.open_at(static_cast<int>(x), static_cast<int>(y)))
            throw InputError(where + ": bad actor \"" + tok.substr(0, 20) + "\" (expected NAME:x,y on an open cell, NAME one of the map's cast, once)");
        Actor& actor = actors[static_cast<std::size_t>(i)];
        actor.x = static_cast<int>(x), actor.y = static_cast<int>(y), actor.alive = true;
    }
    s.resume(actors, static_cast<int>(turn - 1));
    return s;
}

// The batch form's plan for `start`, made on a thread of its own so that the turns can be
// answered while it is made. The thread owns copies of the state and the options: it may
// outlive the run when the controller ends it early (the caller then leaves by _Exit).
std::future<Plan> plan_in_background(const State& start, const Options& o) {
    std::packaged_task<Plan()> task([start, o] { return batch_plan(start, o); });
    std::future<Plan> plan = task.get_future();
    std::thread(std::move(task)).detach();
    return plan;
}

// Waits for the plan until `answer_ms` after `block_read` (0: as long as it takes).
bool plan_ready_in_time(const std::future<Plan>& plan, double answer_ms, const Stopwatch& block_read) {
    if (answer_ms <= 0) {
        plan.wait();
        return true;
    }
    const double left_ms = std::max(0.0, answer_ms - block_read.elapsed_ms());
    return plan.wait_for(std::chrono::duration<double, std::milli>(left_ms)) == std::future_status::ready;
}

// CRLF blocks (a block saved on Windows and piped in) read as LF ones, as map files do.
void chomp(std::string& l) {
    if (!l.empty() && l.back() == '\r') l.pop_back();
}

// One state block as read: "Turn k"; then the actors line, the board rows (the dashes that end it not kept).
struct StateBlock {
    std::string turn_line, actors;
    std::vector<std::string> rows;
};

// Reads a block's board rows up to the line of dashes that ends it; false when the input ends first.
bool read_board_rows(std::vector<std::string>& rows) {
    std::string line;
    while (std::getline(std::cin, line)) {
        chomp(line);
        if (line.rfind("----", 0) == 0) return true;
        // The original controller keeps every line of the map file as a row: a file ending
        // in a blank line gives a blank row in every block (this solver refused the block).
        if (line.find_first_not_of(" \t") != std::string::npos) rows.push_back(line);
    }
    return false;
}

// The state block whose first line, `turn_line`, is read already: the rest is read up to its dashes. A first block
// (`first`) that is not one or not whole is an error; a later one cut off gives nullopt (the controller went mid-block).
std::optional<StateBlock> read_state_block(std::string turn_line, bool first) {
    StateBlock block;
    chomp(turn_line);
    block.turn_line = turn_line;
    // No first block (an empty input, a stray line, one cut after "Turn 1") ended with status 0
    // and no word.
    if (first && turn_line.rfind("Turn", 0) != 0)
        throw InputError("first state block: expected the line \"Turn 1\", got " +
                         (std::cin.eof() && turn_line.empty() ? std::string("the end of the input") : quoted_excerpt(turn_line)));
    if (!std::getline(std::cin, block.actors)) {
        if (first) throw InputError("first state block: the input ended after the line \"" + turn_line.substr(0, 20) + "\"");
        return std::nullopt;
    }
    chomp(block.actors);
    if (read_board_rows(block.rows)) return block;
    // (A cut-off block was read as a board and said "the star's cell is not open".)
    if (first)
        throw InputError("first state block: the input ended after " + counted(block.rows.size(), "board row", "board rows") + ", before the line of 40 '-' that ends the block");
    return std::nullopt;
}

// The interactive form's game: the state as this solver records it, the batch plan (made in the background from the
// first block on) and the moves of it played, and the policy that steers once the plan is used up or left.
class InteractiveGame {
  public:
    explicit InteractiveGame(const Options& o) : o_(o) {}

    // Answers the state blocks, the first of them starting with `line`, until the controller ends the run.
    int play(std::string line) {
        while (true) {
            const std::optional<StateBlock> block = read_state_block(line, !state_);
            if (!block) return ended();  // the controller went mid-block
            const Stopwatch block_read;
            if (!state_) start(*block);
            if (planning_.valid() && !plan_ready_in_time(planning_, o_.answer_ms, block_read)) {
                // Everyone is still on S (the plan's first move has not been played): staying
                // changes nothing, and the next block is this one with the next turn number.
                answer(state_->all_stay());
                if (!std::getline(std::cin, line)) return ended();
                continue;
            }
            if (planning_.valid()) plan_ = planning_.get().moves;  // (a planning error is thrown here)
            follow(*block);
            if (state_->finished()) {
                // The view from S covers the map: the controller still sends turn 1, ignores the
                // reply and prints "Finished in 0 turns". Answer, and leave without an error.
                std::cout << state_->format_line(state_->all_stay()) << std::endl;
                return 0;
            }
            answer(next_moves());
            if (!std::getline(std::cin, line)) return 0;  // the controller ends the run
        }
    }

  private:
    // The first block: the game's state, and its plan started in the background.
    void start(const StateBlock& block) {
        state_.emplace(first_map(o_, block.actors, block.rows));
        // The view from S may cover the map: nothing to plan (see the finished check in play).
        if (!state_->finished()) planning_ = plan_in_background(*state_, o_);
    }

    // Where `block` is not where the plan expects, the game goes on from the block's state, steered by the policy.
    void follow(const StateBlock& block) {
        if (state_->actors_line() == block.actors && state_->board_rows() == block.rows) return;
        std::cerr << "searchparty-solver: the state block of \"" << block.turn_line.substr(0, 20)
                  << "\" differs from the plan; continuing with the policy from the block's state\n";
        state_.emplace(state_from_block(*state_, block.turn_line, block.actors, block.rows));
        next_ = plan_.size();
    }

    // The next turn's moves: the plan's while it lasts, then the policy's.
    Moves next_moves() {
        if (next_ < plan_.size()) return plan_[next_++];
        // The policy keeps a reference to its map: this game's own copy, which outlives the
        // states (follow() replaces state_, and the map inside it, with a block's state).
        if (!fallback_) fallback_.emplace(map_.emplace(state_->map()), default_variants(o_.level).front());
        return fallback_->step(*state_);
    }

    // Writes the move line of `m` (flushed: the controller waits for it) and plays it.
    void answer(const Moves& m) {
        std::cout << state_->format_line(m) << std::endl;
        state_->play(m);
    }

    // The controller ended the run: leave at once, the planning thread with us.
    int ended() const {
        if (!planning_.valid()) return 0;
        std::cout.flush();
        std::_Exit(0);
    }

    const Options& o_;
    std::optional<State> state_;
    std::future<Plan> planning_;
    std::vector<Moves> plan_;
    std::size_t next_ = 0;  // the plan's next move to play
    std::optional<Map> map_;  // the fallback's map (declared before it: destroyed after it)
    std::optional<Policy> fallback_;
};

// The interactive form plays the batch form's plan (the same moves on any machine). The plan
// is made while turn 1 waits; when it is not ready `answer_ms` after a state block (a slow or
// busy machine, a budget), the answer is a turn where everyone stays on S, which changes
// nothing but the turn count, and the planning goes on: one turn lost for every `answer_ms`
// of planning, where bounding the plan by the controller's 10 s skipped the pipeline's last
// steps (map 5: 275 turns on a slow machine against 246 + 0 stalls from the whole pipeline).
int interactive(const Options& o, const std::string& first_line) { return InteractiveGame(o).play(first_line); }

int figures(const Options& o) {
    std::string dir = o.figures_dir;
    if (dir.empty()) {
        const char* env = std::getenv("PURSUIT_SHARED_DIR");
        dir = std::string(env ? env : PURSUIT_SHARED_DIR) + "/ref/searchparty";
    }
    // The five maps are read first: a wrong DIR is one error, not a table header and then an error.
    std::vector<Map> maps;
    for (int i = 1; i <= 5; ++i) {
        const std::string path = dir + "/map" + std::to_string(i) + ".txt";
        maps.push_back(read_map(read_map_file(path), path));
    }
    std::printf("threads: %d (time ms: wall clock; cpu ms: all threads)\n", parallel_threads());
    std::printf("%-5s %9s %3s %3s | %6s %8s %8s | %8s %8s | %5s %5s %5s %5s\n", "map", "size", "p", "q", "turns", "costars",
                "extras", "time ms", "cpu ms", "area", "dist", "bound", "gap");
    int total = 0, total_bound = 0, costars = 0, costars_max = 0, extras = 0, extras_max = 0;
    for (int i = 1; i <= 5; ++i) {
        const Map& m = maps[static_cast<std::size_t>(i - 1)];
        const State start(m);
        const Stopwatch clock;
        const std::clock_t cpu_start = std::clock();
        const Plan plan = batch_plan(start, o);
        const double ms = clock.elapsed_ms();
        const double cpu_ms = 1000.0 * static_cast<double>(std::clock() - cpu_start) / CLOCKS_PER_SEC;
        const LowerBound lb = lower_bound(m);
        const std::string size = std::to_string(m.cols) + "x" + std::to_string(m.rows);
        std::printf("map%-2d %9s %3d %3d | %6d %5d/%-2d %5d/%-2d | %8.0f %8.0f | %5d %5d %5d %+5d%s\n", i, size.c_str(), m.costars,
                    m.extras, plan.turns, plan.costars, m.costars, plan.extras, m.extras, ms, cpu_ms, lb.area, lb.distance, lb.bound(),
                    plan.turns - lb.bound(), plan.complete ? "" : "  (incomplete!)");
        total += plan.turns, total_bound += lb.bound();
        costars += plan.costars, costars_max += m.costars, extras += plan.extras, extras_max += m.extras;
    }
    std::printf("total %19s | %6d %5d/%-2d %5d/%-2d | %8s %8s | %17d %+5d\n", "", total, costars, costars_max, extras, extras_max, "",
                "", total_bound, total - total_bound);
    return 0;
}

// A bad command line is named in one line before the usage (it used to be the usage alone).
int bad_usage(const std::string& why) {
    std::fprintf(stderr, "searchparty-solver: %s\n", why.c_str());
    return usage(2);
}

// Whether option `a` takes a value, the next argument.
bool takes_value(const std::string& a) {
    return a == "--seed" || a == "--budget-ms" || a == "--tries" || a == "--plan-ms" || a == "--answer-ms" || a == "--policy" ||
           a == "--level" || a == "--threads" || a == "--pipeline";
}

// Sets the option `a` (one that takes a value) to `v`. Returns the fault to name before the usage, "" when none; a
// numeric value that is not whole or not in range throws, naming the option (option_int / option_number).
std::string set_value_option(Options& o, const std::string& a, const std::string& v) {
    if (a == "--seed") o.seed = static_cast<std::uint64_t>(option_int(a, v, 0, 999999999999999999LL));
    else if (a == "--budget-ms") o.budget_ms = option_number(a, v, 0, 1e9);
    else if (a == "--tries") o.tries = static_cast<int>(option_int(a, v, 0, 999999999));
    else if (a == "--plan-ms") o.plan_ms = option_number(a, v, 0, 1e9), o.plan_ms_given = true;
    else if (a == "--answer-ms") o.answer_ms = option_number(a, v, 0, 1e9);
    else if (a == "--policy") o.policy = policy_from(v);
    else if (a == "--threads") o.threads = static_cast<int>(option_int(a, v, 1, 64));
    else if (a == "--pipeline") {
        if (v != "game" && v != "full") return "option --pipeline: expected game or full, got '" + v + "'";
        o.game_pipeline = v == "game";
    } else if (a == "--level") {
        o.level = v == "easy" ? 0 : v == "medium" ? 1 : v == "hard" ? 2 : v == "best" ? 3 : -1;
        if (o.level < 0) return "option --level: expected easy, medium, hard or best, got '" + v + "'";
    }
    return "";
}

// Sets the form for --batch / --interactive, else takes `a` as the MAP (always, after "--": a MAP named "-x.txt").
// Returns the fault to name before the usage, "" when none.
std::string set_form_or_map(Options& o, const std::string& a, bool after_dashes) {
    if (!after_dashes && (a == "--batch" || a == "--interactive")) {
        const int mode = a == "--batch" ? 1 : 2;  // the last one won
        if (o.mode != 0 && o.mode != mode) return "options --batch and --interactive exclude each other";
        o.mode = mode;
        return "";
    }
    if (!after_dashes && a.size() > 1 && a[0] == '-') return "unknown option " + a;  // "-q" was read as a MAP
    if (!o.map_path.empty()) return "one MAP only, got '" + o.map_path + "' and '" + a + "'";
    o.map_path = a;
    return "";
}

// Reads the command line into `o`: nullopt to go on, else the status to end with (--help 0, a bad command line 2).
std::optional<int> read_command_line(int argc, char** argv, Options& o) {
    // A numeric option's value must be whole and in range (option_int / option_number throw,
    // naming the option: status 2).
    try {
        bool after_dashes = false;
        for (int i = 1; i < argc; ++i) {
            const std::string a = argv[i];
            std::string fault;
            if (after_dashes) {
                fault = set_form_or_map(o, a, true);
            } else if (a == "--") {
                after_dashes = true;
            } else if (a == "--help" || a == "-h") {
                return usage(0);
            } else if (takes_value(a)) {
                if (i + 1 >= argc) return bad_usage("option " + a + " needs a value");
                fault = set_value_option(o, a, argv[++i]);
            } else if (a == "--figures") {
                o.figures = true;
                if (i + 1 < argc && argv[i + 1][0] != '-') o.figures_dir = argv[++i];
            } else {
                fault = set_form_or_map(o, a, false);
            }
            if (!fault.empty()) return bad_usage(fault);
        }
        // "--figures DIR extra" ignored the extra word.
        if (o.figures && !o.map_path.empty())
            return bad_usage("option --figures takes one DIR and no MAP, got also '" + o.map_path + "'");
    } catch (const std::exception& e) {
        std::fprintf(stderr, "searchparty-solver: %s\n", e.what());
        return 2;
    }
    return std::nullopt;
}

// Chooses the form where no --batch / --interactive did: a terminal on stdin is batch, else the start of stdin decides.
// Returns whether stdin's first line had to be read for that (it is then in `first`).
bool choose_form(Options& o, std::string& first) {
    bool first_read = false;
    if (o.mode == 0 && !isatty(0)) {
        if (const auto start = peek_stdin(4)) o.mode = start->rfind("Turn", 0) == 0 ? 2 : 1;
        else {
            first_read = first_line_upto(first, kMaxMapFileBytes);
            o.mode = first_read && first.rfind("Turn", 0) == 0 ? 2 : 1;
        }
    }
    if (o.mode == 0) o.mode = 1;
    return first_read;
}

// The batch form: the map of MAP, else of standard input (its first line `first` when `first_read`), and its plan's
// move lines and final line on stdout.
int batch(const Options& o, const std::string& first, bool first_read) {
    const bool piped = !isatty(0);
    // An empty file on standard input is a map that is refused as a map file is ("got an
    // empty map", status 1; it was "no MAP given", status 2); /dev/null or an empty pipe is
    // no map at all.
    struct stat in {};
    const bool file_on_stdin = fstat(0, &in) == 0 && S_ISREG(in.st_mode);
    // `< dir` read as nothing at all and was called "no MAP given" (read_stdin's words here).
    if (o.map_path.empty()) refuse_folder_on_stdin();
    if (o.map_path.empty() && (!piped || (!first_read && !file_on_stdin && std::cin.peek() == EOF)))
        return bad_usage("no MAP given (the batch form reads it from a file or from standard input)");
    // Without MAP the batch form reads the map on standard input, as the original challenge's
    // programs do ("N M p q" and the rows); its first line was read to choose the form.
    const State start(o.map_path.empty() ? read_map(stdin_map_text(first, first_read), "standard input")
                                         : read_map(read_map_file(o.map_path), o.map_path));
    std::cout << batch_text(start, batch_plan(start, o));
    return 0;
}

}  // namespace

static int run(int argc, char** argv) {
    Options o;
    if (const std::optional<int> status = read_command_line(argc, argv, o)) return *status;
    set_parallel_threads(o.threads);
    try {
        if (o.figures) return figures(o);
        std::string first;
        const bool first_read = choose_form(o, first);  // `first`: the first stdin line, read to choose the form
        if (o.mode == 2 && !first_read) std::getline(std::cin, first);
        if (o.mode == 2) return interactive(o, first);
        return batch(o, first, first_read);
    } catch (const std::exception& e) {
        std::cerr << "searchparty-solver: " << e.what() << "\n";
        return 1;
    }
}

// A failed write of the standard output (a full disk) is an error, not status 0.
int main(int argc, char** argv) { return pursuit::exit_after_stdout("searchparty-solver", run(argc, argv)); }
