// Owns: the "protocol" entry: every protocol line reader of the judges and bots.
//   [reader][a][b] text     reader = byte % readers (table below), a/b pick game, config, side
// Readers:
//   judge_replies      what every judge does with a program's output: the runner's line
//                      framing (take_framed_line), then Game::apply(line) on the game picked
//                      by `a` (config `b`). Only IllegalMove may come out of apply: two judges
//                      catch nothing else. Every message the judge builds must be writable JSON.
//   bank_bot           bank-bot's LinePlayer fed the judge's lines (side and limit from a/b)
//   copsrobbers_bot    copsrobbers-bot's read_server_header + read_crossings, and the
//                      validated numbers through a cheap Brain strategy
//   fugitive_bot       fugitive-bot's main on the text as stdin (random strategy, fixed map)
//   searchparty_solver searchparty-solver's main in the interactive form, state blocks as stdin
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <deque>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>

#include "bank/line_player.h"
#include "common/errors.h"
#include "common/line_reader.h"
#include "common/process_runner.h"
#include "copsrobbers/bot_input.h"
#include "copsrobbers/strategy.h"
#include "entries.h"
#include "fugitive/map_generator.h"
#include "program_mains.h"
#include "searchparty/rules.h"

namespace pursuit::fuzz {
namespace {

constexpr std::size_t kMaxLines = 300;
constexpr std::size_t kMaxLineBytes = 4096;
constexpr std::size_t kMaxSolverInput = 1500;

std::vector<std::string> split_lines(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    std::string line;
    while (lines.size() < kMaxLines && std::getline(in, line)) lines.push_back(line);
    return lines;
}

void judge_replies(std::uint8_t a, std::uint8_t b, std::string text) {
    const GameInfo& info = pick_game(a);
    std::vector<Json> configs;
    if (info.fingerprint_configs) configs = info.fingerprint_configs();
    configs.push_back(Json{{"game", info.id}, {"seed", 7}});
    const std::string where = "protocol judge_replies " + info.id;
    std::unique_ptr<Game> game;
    if (!guarded(where + " create", [&] { game = create_game(configs[b % configs.size()]); })) return;
    for (std::size_t n = 0; n < kMaxLines && !game->over(); ++n) {
        FramedLine f = take_framed_line(text, kMaxLineBytes);
        if (f.problem != VerdictKind::Ok) {  // the judge forfeits the program with this message
            guarded(where + " verdict message", [&] { (void)Json{{"reason", f.detail + " \"" + f.excerpt + "\""}}.dump(); });
            return;
        }
        if (!f.line) return;  // an unfinished line: the judge would wait for more
        const std::string& line = *f.line;
        // Cheap "unchanged" check per line (the moves entry compares whole states).
        const std::size_t moves_before = game->moves().size();
        const int to_move_before = game->to_move();
        try {
            game->apply(Json(line));
        } catch (const IllegalMove& e) {
            guarded(where + " forfeit message", [&] { (void)Json{{"reason", "'" + line + "': " + e.what()}}.dump(); });
            if (game->moves().size() != moves_before || game->to_move() != to_move_before)
                finding(where, "a refused reply line changed the state: " + line.substr(0, 80));
        } catch (const std::exception& e) {
            finding(where + " apply", std::string("a reply line threw something other than IllegalMove (a judge dies): ") +
                                          e.what());
        }
    }
    exercise(*game);
    guarded(where + " replay round trip", [&] {
        auto rebuilt = game_from_replay(Json::parse(game->replay().dump()));
        if (state_key(*rebuilt) != state_key(*game)) finding(where, "replay does not rebuild the same state");
    });
}

void bank_bot(std::uint8_t a, std::uint8_t b, std::string text) {
    using namespace pursuit::bank;
    const int side = a & 1;
    const Level level = (a >> 1) & 1 ? Level::Greedy : Level::Random;
    const int limit = 1 + b % 160;
    guarded("protocol bank_bot", [&] {
        LinePlayer player(default_layout(), limit, side, level, b);
        (void)player.start();
        for (const auto& line : split_lines(text)) {
            if (player.done()) break;
            auto reply = player.reply(line);
            if (!reply) break;
        }
    });
}

void copsrobbers_bot(std::uint8_t a, std::uint8_t b, std::string text) {
    using namespace pursuit::copsrobbers;
    auto lines = std::make_shared<std::deque<std::string>>();
    for (auto& l : split_lines(text)) lines->push_back(l);
    auto next_line = [lines] {
        if (lines->empty()) throw InputError("end of input");  // the bot exits quietly there
        std::string s = lines->front();
        lines->pop_front();
        return s;
    };
    guarded("protocol copsrobbers_bot", [&] {
        const ServerHeader h = read_server_header(next_line);
        const int n = h.city.n();
        // The solver is a search, not a reader: budget 0 keeps the heuristics only.
        Brain brain(h.city, h.cop_count, h.rounds, 0.0);
        Rng rng(b);
        const Strategy s = a & 1 ? Strategy::Greedy : Strategy::Random;
        std::vector<int> at = read_crossings(next_line(), h.cops ? h.cop_count : 1, n, "start");
        int x = h.cops ? -1 : at.front();
        for (int round = 1; round <= 40 && !lines->empty(); ++round) {
            const int rounds_left = std::max(1, h.rounds - round + 1);
            if (h.cops) {
                x = read_crossings(next_line(), 1, n, "X").front();
                at = brain.cops_move(s, at, x, rounds_left, rng);
            } else {
                at = read_crossings(next_line(), static_cast<std::size_t>(h.cop_count), n, "cops");
                x = brain.robber_move(s, at, x, rounds_left, rng);
            }
        }
    });
}

// Leaked on purpose: the exit handler that removes the file runs after static destructors.
const std::string& fugitive_map_path() {
    static const std::string* const path = [] {
        const auto p = std::filesystem::temp_directory_path() / ("pursuit-fuzz-connect-" + std::to_string(getpid()) + ".txt");
        fugitive::MapParams params;
        params.cities = 40;
        std::ofstream(p) << fugitive::map_text(fugitive::generate_map(params));
        std::atexit([] { std::remove(path->c_str()); });
        return new std::string(p.string());
    }();
    return *path;
}

void fugitive_bot(std::uint8_t a, std::uint8_t b, std::string text) {
    const std::string strategy = a & 1 ? "greedy" : "random";
    run_main_on(&fugitive_bot_main, {"--strategy", strategy, "--seed", std::to_string(b), "--map", fugitive_map_path()}, text);
}

void searchparty_solver(std::uint8_t, std::uint8_t b, std::string text) {
    if (text.size() > kMaxSolverInput) text.resize(kMaxSolverInput);  // the plan is a search: keep maps small
    run_main_on(&searchparty_solver_main, {"--interactive", "--level", "easy", "--plan-ms", "5", "--seed", std::to_string(b)},
                text);
}

struct Reader {
    const char* name;
    void (*read)(std::uint8_t a, std::uint8_t b, std::string text);
};

const Reader kReaders[] = {
    {"judge_replies", &judge_replies}, {"bank_bot", &bank_bot}, {"copsrobbers_bot", &copsrobbers_bot},
    {"fugitive_bot", &fugitive_bot},   {"searchparty_solver", &searchparty_solver},
};

}  // namespace

int run_main_on(int (*program_main)(int, char**), const std::vector<std::string>& args, const std::string& stdin_text) {
    std::vector<std::string> storage{"program"};
    storage.insert(storage.end(), args.begin(), args.end());
    std::vector<char*> argv;
    for (auto& s : storage) argv.push_back(s.data());
    argv.push_back(nullptr);

    std::istringstream in(stdin_text);
    std::streambuf* old_in = std::cin.rdbuf(in.rdbuf());
    std::cin.clear();
    std::cout.flush();
    std::fflush(stdout);
    const int saved_out = dup(1);
    const int null_fd = open("/dev/null", O_WRONLY);
    dup2(null_fd, 1);
    close(null_fd);
    const int status = program_main(static_cast<int>(storage.size()), argv.data());
    std::cout.flush();
    std::fflush(stdout);
    dup2(saved_out, 1);
    close(saved_out);
    std::cin.rdbuf(old_in);
    std::cin.clear();
    return status;
}

// Seeds: real protocol text of every reader, from short bot games and the maps.
std::vector<std::string> protocol_seeds(const std::string& source_dir) {
    std::vector<std::string> out;
    auto add = [&](std::size_t reader, std::size_t a, std::size_t b, const std::string& text) {
        out.push_back(std::string{static_cast<char>(reader), static_cast<char>(a), static_cast<char>(b)} + text);
    };
    const auto& games = all_games();
    for (std::size_t gi = 0; gi < games.size(); ++gi) {  // judge_replies: the moves of short games
        std::vector<Json> configs;
        if (games[gi].fingerprint_configs) configs = games[gi].fingerprint_configs();
        for (std::size_t ci = 0; ci < configs.size() && ci < 3; ++ci) {
            try {
                auto game = create_game(configs[ci]);
                std::string text;
                for (int i = 0; i < 30 && !game->over(); ++i) {
                    const Json m = game->suggest_move(Json{{"level", "easy"}, {"seed", i}});
                    text += (m.is_string() ? m.get<std::string>() : m.dump()) + "\n";
                    game->apply(m);
                }
                add(0, gi, ci, text + "garbage\n");
            } catch (const std::exception&) {
            }
        }
    }
    for (int side = 0; side < 2; ++side) {  // bank_bot: the lines the judge sends one side
        try {
            auto game = create_game(Json{{"game", "bank"}, {"seed", 3}, {"moves", 40}});
            std::string text;
            for (int i = 0; i < 60 && !game->over(); ++i) {
                const std::string line = game->observation(side).value("line", std::string());
                if (game->to_move() == side && !line.empty()) text += line + "\n";
                game->apply(game->suggest_move(Json{{"level", "easy"}, {"seed", i}}));
            }
            add(1, static_cast<std::size_t>(side), 40, text);
        } catch (const std::exception&) {
        }
    }
    const std::string cycle = "10 10\n1 2\n2 3\n3 4\n4 5\n5 6\n6 7\n7 8\n8 9\n9 10\n10 1\n";
    add(2, 0, 1, "P\n2\n20\n" + cycle + "1 6\n3\n4\n5\n6\n");
    add(2, 1, 2, "X\n1\n20\n" + cycle + "5\n1\n2\n3\n4\n");
    add(3, 0, 1, "Detectives\n7\nT\nC\nT\n12\nP\nC\nQuit\n");
    add(3, 1, 2, "Fugitive\n1\n2\n3\n4\n5\n6\n7\n8\n9\n10\nQuit\n");
    std::error_code ec;
    for (const auto& e : std::filesystem::directory_iterator(std::filesystem::path(source_dir) / "maps" / "searchparty", ec)) {
        if (e.path().extension() != ".txt" || e.file_size() > 8000) continue;
        try {
            std::ifstream f(e.path());
            std::stringstream text;
            text << f.rdbuf();
            const searchparty::State state(searchparty::read_map(text.str(), e.path().string()));
            add(4, 0, 1, state.state_block() + "Quit\n");
        } catch (const std::exception&) {
        }
    }
    return out;
}

int fuzz_protocol(const std::uint8_t* data, std::size_t size) {
    if (size < 3) return 0;
    const Reader& r = kReaders[data[0] % std::size(kReaders)];
    r.read(data[1], data[2], std::string(reinterpret_cast<const char*>(data + 3), size - 3));
    return 0;
}

}  // namespace pursuit::fuzz
