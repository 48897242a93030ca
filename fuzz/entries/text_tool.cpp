// Owns: the "text" entry (each game's own map/case/layout reader, reached through the config
// key from game_inputs.h) and the "tool" entry (every game's static tools).
#include <memory>

#include "entries.h"
#include "game_inputs.h"

namespace pursuit::fuzz {

int fuzz_text(const std::uint8_t* data, std::size_t size) {
    if (size < 1) return 0;
    const GameInfo& info = pick_game(data[0]);
    const GameInputs inputs = game_inputs(info.id);
    Json config{{"game", info.id}, {"seed", 1}};
    config[inputs.text_key] = std::string(reinterpret_cast<const char*>(data + 1), size - 1);
    const std::string where = "text " + info.id;
    std::unique_ptr<Game> game;
    if (!guarded(where, [&] { game = create_game(config); })) return 0;
    exercise(*game);
    play_a_little(*game, where);
    return 0;
}

int fuzz_tool(const std::uint8_t* data, std::size_t size) {
    if (size < 1) return 0;
    const GameInfo& info = pick_game(data[0]);
    if (!info.tool) return 0;
    const std::string rest(reinterpret_cast<const char*>(data + 1), size - 1);
    const auto newline = rest.find('\n');
    if (newline == std::string::npos) return 0;
    const std::string name = rest.substr(0, newline);
    auto args = parse_json(std::string_view(rest).substr(newline + 1));
    if (!args) return 0;
    guarded("tool " + info.id + " " + name.substr(0, 40), [&] { (void)run_tool(info.id, name, *args).dump(); });
    return 0;
}

}  // namespace pursuit::fuzz
