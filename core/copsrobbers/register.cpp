// Owns: the Cops and Robbers entry of the game registry.
#include <memory>

#include "copsrobbers/copsrobbers_game.h"

namespace pursuit::copsrobbers {

GameInfo registration() {
    GameInfo info;
    info.id = "copsrobbers";
    info.title = "Cops and Robbers";
    info.sides = 2;
    info.config_keys = {"map", "map_name", "relaxed", "cops", "rounds", "start"};
    info.config_objects = {{"start", "a start", {"cops", "robber"}}};
    info.create = [](const Json& config) -> std::unique_ptr<Game> { return std::make_unique<CopsRobbersGame>(config); };
    info.tool = &copsrobbers_tool;
    info.fingerprint_configs = [] {
        // Small maps: "best" solves them exactly in milliseconds.
        std::vector<Json> configs;
        const char* maps[] = {"petersen", "dodecahedron", "cycle-12", "grid-4x4", "tree-30-s1", "example7"};
        int seed = 1;
        for (const char* m : maps)
            for (int cops = 1; cops <= 2; ++cops)
                configs.push_back(Json{{"game", "copsrobbers"}, {"map_name", m}, {"cops", cops}, {"rounds", 30}, {"seed", seed++}});
        return configs;
    };
    return info;
}

}  // namespace pursuit::copsrobbers
