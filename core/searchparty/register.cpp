// Owns: the Search Party entry of the game registry.
#include <memory>

#include "searchparty/searchparty_game.h"

namespace pursuit::searchparty {

GameInfo registration() {
    GameInfo info;
    info.id = "searchparty";
    info.title = "Search Party";
    info.sides = 1;
    info.config_keys = {"map", "map_name", "map_encoding", "builtin", "generate"};
    info.config_objects = {{"generate", "the map generator", generator_keys()}};
    info.create = [](const Json& config) -> std::unique_ptr<Game> { return std::make_unique<SearchPartyGame>(config); };
    info.tool = &searchparty_tool;
    info.fingerprint_configs = [] {
        std::vector<Json> configs{Json{{"game", "searchparty"}, {"builtin", "example2"}, {"seed", 1}},
                                  Json{{"game", "searchparty"}, {"builtin", "rooms"}, {"seed", 2}}};
        const char* kinds[] = {"cave", "maze", "open"};
        for (int i = 0; i < 3; ++i)
            configs.push_back(Json{{"game", "searchparty"},
                                   {"generate", {{"kind", kinds[i]}, {"cols", 24}, {"rows", 16}, {"costars", 2}, {"extras", 3}}},
                                   {"seed", 10 + i}});
        return configs;
    };
    return info;
}

}  // namespace pursuit::searchparty
