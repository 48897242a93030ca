// Owns: seed inputs per entry (see header).
#include "seeds.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>

#include "entries.h"
#include "game_inputs.h"

namespace pursuit::fuzz {
namespace {

namespace fs = std::filesystem;
constexpr std::size_t kMaxSeed = 64 * 1024;  // libFuzzer -max_len in scripts/fuzz.sh

std::string slurp(const fs::path& p) {
    std::ifstream f(p, std::ios::binary);
    return std::string((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
}

void add_files(std::vector<std::string>& out, const fs::path& dir) {
    std::error_code ec;
    if (!fs::is_directory(dir, ec)) return;
    std::vector<fs::path> files;
    for (const auto& e : fs::recursive_directory_iterator(dir, ec))
        if (e.is_regular_file() && e.file_size() <= kMaxSeed && e.path().extension() != ".md") files.push_back(e.path());
    std::sort(files.begin(), files.end());
    for (const auto& f : files) out.push_back(slurp(f));
}

// Every text sample of a game: its maps, the reference data, the table's samples.
std::vector<std::string> texts_of(const std::string& id, const std::string& source_dir, const std::string& shared_dir) {
    std::vector<std::string> out = game_inputs(id).sample_texts;
    add_files(out, fs::path(source_dir) / "maps" / id);
    add_files(out, fs::path(shared_dir) / "ref" / id);
    return out;
}

std::string byte(std::size_t i) { return std::string(1, static_cast<char>(i)); }

// A short easy-bot game from `config` (its replay, and the moves made).
Json short_game(const Json& config, int moves) {
    try {
        auto game = create_game(config);
        for (int i = 0; i < moves && !game->over(); ++i)
            game->apply(game->suggest_move(Json{{"level", "easy"}, {"seed", i}}));
        return game->replay();
    } catch (const std::exception&) {
        return Json();
    }
}

std::vector<Json> configs_of(const GameInfo& info) {
    std::vector<Json> c;
    if (info.fingerprint_configs) c = info.fingerprint_configs();
    if (c.size() > 4) c.resize(4);
    c.push_back(Json{{"game", info.id}, {"seed", 3}});
    return c;
}

}  // namespace

std::vector<std::string> seed_inputs(const std::string& entry, const std::string& source_dir,
                                     const std::string& shared_dir) {
    std::vector<std::string> out;
    const auto& games = all_games();
    for (std::size_t gi = 0; gi < games.size(); ++gi) {
        const GameInfo& info = games[gi];
        const GameInputs inputs = game_inputs(info.id);
        const auto texts = texts_of(info.id, source_dir, shared_dir);
        const auto configs = configs_of(info);
        if (entry == "create") {
            for (const Json& c : configs) out.push_back(byte(gi) + c.dump());
            for (const auto& t : texts) out.push_back(byte(gi) + Json{{inputs.text_key, t}}.dump());
        } else if (entry == "replay") {
            for (const Json& c : configs) {
                for (int moves : {0, 5, 400}) {
                    Json r = short_game(c, moves);
                    if (!r.is_null()) out.push_back(r.dump());
                }
            }
        } else if (entry == "moves") {
            for (std::size_t ci = 0; ci < configs.size(); ++ci) {
                out.push_back(byte(gi) + byte(ci) + "[0,1,2,null,3,\"x\",[\"N\"],null,7,-1,{}]");
                Json r = short_game(configs[ci], 30);
                if (!r.is_null()) out.push_back(byte(gi) + byte(ci) + r["moves"].dump());
            }
        } else if (entry == "text") {
            for (const auto& t : texts) out.push_back(byte(gi) + t);
        } else if (entry == "line_reader") {
            for (const auto& t : texts) out.push_back(std::string("\x01\x02\x05\x03\x04\x0a\x11\x06", 8) + t);
        } else if (entry == "tool") {
            for (const auto& name : inputs.tool_names) {
                out.push_back(byte(gi) + name + "\n{}");
                out.push_back(byte(gi) + name + "\n{\"seed\":1,\"cases\":2,\"robots\":5,\"teleports\":2}");
                for (const auto& t : texts) out.push_back(byte(gi) + name + "\n" + Json{{"input", t}, {"map", t}}.dump());
            }
        }
    }
    if (entry == "protocol") {
        auto p = protocol_seeds(source_dir);
        out.insert(out.end(), p.begin(), p.end());
    }
    if (entry == "arena") {
        auto a = arena_seeds(source_dir);
        out.insert(out.end(), a.begin(), a.end());
    }
    out.erase(std::remove_if(out.begin(), out.end(), [](const std::string& s) { return s.size() > kMaxSeed; }), out.end());
    return out;
}

}  // namespace pursuit::fuzz
