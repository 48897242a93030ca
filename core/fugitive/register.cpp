// Owns: the Fugitive vs Detectives entry of the game registry.
#include <memory>

#include "fugitive/fugitive_game.h"

namespace pursuit::fugitive {

GameInfo registration() {
    GameInfo info;
    info.id = "fugitive";
    info.title = "Fugitive vs Detectives";
    info.sides = 2;
    info.config_keys = {"map"};
    info.config_objects = {{"map", "the map generator", generator_keys()}};
    info.create = [](const Json& config) -> std::unique_ptr<Game> { return std::make_unique<FugitiveGame>(config); };
    info.tool = &fugitive_tool;
    info.fingerprint_configs = [] {
        std::vector<Json> configs;
        for (int seed = 1; seed <= 3; ++seed)
            configs.push_back(Json{{"game", "fugitive"}, {"seed", seed}, {"map", Json{{"cities", 30 + 20 * seed}}}});
        return configs;
    };
    return info;
}

}  // namespace pursuit::fugitive
