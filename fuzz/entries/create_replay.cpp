// Owns: the "create" and "replay" entries: arbitrary config JSON for every registered game,
// and arbitrary replay JSON through game_from_replay.
#include <memory>

#include "entries.h"

namespace pursuit::fuzz {

// A few legal moves into a freshly built game, so odd configs and maps reach the rules.
// (Bots are not readers and may legitimately search for long: the soak runs them.)
void play_a_little(Game& game, const std::string& where) {
    for (int i = 0; i < 8 && !game.over(); ++i) {
        Json legal;
        if (!guarded(where + " legal_moves", [&] { legal = game.legal_moves(game.to_move()); })) return;
        if (!legal.is_array() || legal.empty()) break;
        const Json move = legal[static_cast<std::size_t>(i) * 7 % legal.size()];
        if (!apply_checked(game, move, where + " legal move")) {
            finding(where, "legal move " + move.dump().substr(0, 80) + " was refused");
            return;
        }
    }
    exercise(game);
}

int fuzz_create(const std::uint8_t* data, std::size_t size) {
    if (size < 1) return 0;
    const GameInfo& info = pick_game(data[0]);
    auto config = parse_json(std::string_view(reinterpret_cast<const char*>(data + 1), size - 1));
    if (!config) return 0;
    if (config->is_object()) (*config)["game"] = info.id;
    std::unique_ptr<Game> game;
    if (!guarded("create " + info.id, [&] { game = create_game(*config); })) return 0;
    exercise(*game);
    play_a_little(*game, "create " + info.id);
    return 0;
}

int fuzz_replay(const std::uint8_t* data, std::size_t size) {
    auto replay = parse_json(std::string_view(reinterpret_cast<const char*>(data), size));
    if (!replay) return 0;
    std::unique_ptr<Game> game;
    if (!guarded("game_from_replay", [&] { game = game_from_replay(*replay); })) return 0;
    exercise(*game);
    return 0;
}

}  // namespace pursuit::fuzz
