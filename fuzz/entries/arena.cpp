// Owns: the "arena" entry: the readers of pursuit-arena (its JSON config and its state):
//   [kind] text     kind = byte % 3
//   0  a game descriptor (arena.json, as in native/<game>/ or --games-dir), then every argv
//      template expanded and the result pointers applied to a sample result
//   1  OUT/games.jsonl as --resume reads it, then the summary, tables, ratings and JSON the
//      arena builds from those records (two bots, a two-role game)
//   2  a judge's result JSON read through a descriptor's pointers and decode_winner
// Files go to a per-process temporary folder (the readers take paths).
#include <unistd.h>

#include <cstdlib>
#include <filesystem>

#include "arena/descriptor.h"
#include "arena/game_log.h"
#include "arena/match_runner.h"
#include "arena/summary.h"
#include "common/judge_io.h"
#include "entries.h"

namespace pursuit::fuzz {
namespace {

// Leaked on purpose: the exit handler that removes the folder runs after static destructors.
const std::string& scratch_dir() {
    static const std::string* const dir = [] {
        const auto d = std::filesystem::temp_directory_path() / ("pursuit-fuzz-arena-" + std::to_string(getpid()));
        std::filesystem::create_directories(d / "game");
        std::atexit([] {
            std::error_code ec;
            std::filesystem::remove_all(*dir, ec);
        });
        return new std::string(d.string());
    }();
    return *dir;
}

// The descriptor every kind-1/2 input is read with: two roles, every result pointer set.
arena::GameDescriptor sample_descriptor() {
    arena::GameDescriptor g;
    g.game = "fake";
    g.title = "Fake";
    g.roles = {"cops", "robber"};
    g.winner_ptr = "/winner";
    g.winner_values = {{"P", 0}, {"X", 1}};
    g.score_ptr = "/players/{side}/score";
    g.captures_ptr = "/captures";
    g.fault_ptr = "/players/{role}/verdict";
    g.fault_reason_ptr = "/players/{role}/message";
    g.move_times_ptr = "/players/{side}/times";
    g.reason_ptr = "/reason";
    return g;
}

void read_result(const arena::GameDescriptor& g, const Json& result) {
    const std::vector<std::string> bots{"alpha", "beta"};
    guarded("arena result", [&] {
        (void)arena::decode_winner(arena::at_pointer(result, g.winner_ptr), g, bots);
        for (int side = 0; side < g.sides(); ++side)
            for (const auto& p : {g.score_ptr, g.fault_ptr, g.fault_reason_ptr, g.move_times_ptr})
                (void)arena::at_pointer(result, arena::side_pointer(p, side, g.roles[static_cast<std::size_t>(side)])).dump();
        (void)arena::at_pointer(result, g.captures_ptr).dump();
        (void)arena::at_pointer(result, g.reason_ptr).dump();
    });
}

void descriptor(const std::string& text) {
    const std::string path = scratch_dir() + "/game/arena.json";
    write_file(path, text);
    arena::GameDescriptor g;
    if (!guarded("arena descriptor", [&] { g = arena::load_descriptor(path); })) return;
    std::map<std::string, std::string> vars{{"map", "/m.txt"}, {"map_name", "m"}, {"seed", "1"}, {"outdir", "/o"},
                                            {"cmd0", "a"},     {"cmd1", "b"},       {"name0", "x"}, {"name1", "y"},
                                            {"game", g.game},  {"game_index", "0"}};
    for (const auto& role : g.roles) vars["cmd_" + role] = "c", vars["name_" + role] = "n";
    guarded("arena descriptor expand", [&] {
        for (const auto& a : g.args) (void)arena::expand(a, vars);
        (void)arena::expand(g.result_file, vars);
        (void)arena::expand(g.replay_file, vars);
    });
    if (g.sides() >= 1)
        read_result(g, Json{{"winner", 0}, {"captures", 1}, {"reason", "r"}, {"players", Json::array({Json::object(), Json::object()})}});
}

void game_log(const std::string& text) {
    const std::string path = scratch_dir() + "/games.jsonl";
    write_file(path, text);
    std::vector<Json> records;
    if (!guarded("arena games.jsonl", [&] { records = arena::load_game_log(path); })) return;
    const arena::GameDescriptor g = sample_descriptor();
    guarded("arena summary of games.jsonl", [&] {
        const arena::Summary s = arena::summarise(g, {"alpha", "beta"}, records);
        (void)arena::format_text(s);
        (void)arena::pairings_csv(s);
        (void)arena::ratings_csv(s);
        (void)arena::to_json(s).dump();
    });
}

}  // namespace

std::vector<std::string> arena_seeds(const std::string& source_dir) {
    std::vector<std::string> out;
    std::error_code ec;
    for (const auto& dir : {std::filesystem::path(source_dir) / "native", std::filesystem::path(source_dir) / "tests/arena/games"})
        for (const auto& e : std::filesystem::directory_iterator(dir, ec))
            if (std::filesystem::exists(e.path() / "arena.json")) out.push_back(std::string(1, '\0') + read_file((e.path() / "arena.json").string()));
    const Json record{{"key", "m|1|alpha|beta"}, {"index", 0}, {"game", "fake"}, {"map", "m"}, {"seed", 1},
                      {"bots", {"alpha", "beta"}}, {"status", "ok"}, {"winner", 0}, {"scores", {1, 0}}, {"captures", 2},
                      {"faults", {nullptr, "time limit: slow"}}, {"move_times_ms", {{1.5, 2}, {3}}}, {"reason", "caught"},
                      {"replay", "replays/x.json"}, {"seconds", 0.5}, {"judge", "fake-judge"}};
    Json second = record;
    second["key"] = "m|1|beta|alpha", second["index"] = 1, second["bots"] = {"beta", "alpha"}, second["winner"] = -1;
    Json failed = record;
    failed["key"] = "m|2|alpha|beta", failed["status"] = "timeout", failed["winner"] = nullptr;
    out.push_back(std::string(1, '\1') + record.dump() + "\n" + second.dump() + "\n" + failed.dump() + "\n{\"torn");
    out.push_back(std::string(1, '\2') + Json{{"winner", "X"}, {"captures", 3}, {"reason", "r"},
                                                {"players", {{"score", 1}, {"times", {1, 2}}}}}.dump());
    return out;
}

int fuzz_arena(const std::uint8_t* data, std::size_t size) {
    if (size < 1) return 0;
    const std::string text(reinterpret_cast<const char*>(data + 1), size - 1);
    switch (data[0] % 3) {
        case 0: descriptor(text); break;
        case 1: game_log(text); break;
        default:
            if (auto j = parse_json(text)) read_result(sample_descriptor(), *j);
            break;
    }
    return 0;
}

}  // namespace pursuit::fuzz
