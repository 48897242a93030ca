// Owns: the Robots entry of the game registry.
#include <memory>

#include "robots/robots_game.h"

namespace pursuit::robots {

GameInfo registration() {
    GameInfo info;
    info.id = "robots";
    info.title = "Robots";
    info.sides = 1;
    info.config_keys = {"input", "case", "robots", "teleports"};
    info.create = [](const Json& config) -> std::unique_ptr<Game> { return std::make_unique<RobotsGame>(config); };
    info.tool = &robots_tool;
    info.fingerprint_configs = [] {
        std::vector<Json> configs;
        for (int seed = 1; seed <= 20; ++seed)
            configs.push_back(Json{{"game", "robots"}, {"seed", seed}, {"robots", 5 + seed * 2}, {"teleports", seed % 21}});
        return configs;
    };
    return info;
}

}  // namespace pursuit::robots
