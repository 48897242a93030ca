// Owns: suite_fingerprint / play_bot_game (see header).
#include "common/fingerprint.h"

#include "common/config.h"
#include "common/counted.h"
#include "common/errors.h"
#include "common/game.h"
#include "common/replay.h"

namespace pursuit {

Json play_bot_game(const Json& config, int max_moves) {
    auto game = create_game(config);
    const std::uint64_t bot_seed = config_seed(config);
    for (int i = 0; i < max_moves && !game->over(); ++i)
        game->apply(game->suggest_move(Json{{"level", "best"}, {"seed", bot_seed + static_cast<std::uint64_t>(i)}}));
    if (!game->over()) throw InputError("play_bot_game: no result after " + counted(max_moves, "move", "moves"));
    return game->replay();
}

Json suite_fingerprint() {
    std::uint64_t total = fnv1a64("pursuit");
    int count = 0;
    Json per_game = Json::object();
    for (const auto& info : all_games()) {
        if (!info.fingerprint_configs) continue;
        std::uint64_t h = fnv1a64(info.id);
        for (const Json& config : info.fingerprint_configs()) {
            h = fnv1a64(play_bot_game(config).dump(), h);
            ++count;
        }
        per_game[info.id] = hex64(h);
        total = fnv1a64(hex64(h), total);
    }
    return Json{{"hash", hex64(total)}, {"replays", count}, {"per_game", per_game}};
}

}  // namespace pursuit
