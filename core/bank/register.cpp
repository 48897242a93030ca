// Owns: the Bank Heist entry of the game registry.
#include <memory>

#include "bank/bank_game.h"

namespace pursuit::bank {

GameInfo registration() {
    GameInfo info;
    info.id = "bank";
    info.title = "Bank Heist";
    info.sides = 2;
    info.config_keys = {"layout", "moves"};
    info.create = [](const Json& config) -> std::unique_ptr<Game> { return std::make_unique<BankGame>(config); };
    info.fingerprint_configs = [] {
        std::vector<Json> configs;
        for (int seed = 1; seed <= 3; ++seed) configs.push_back(Json{{"game", "bank"}, {"seed", seed}, {"moves", 40}});
        return configs;
    };
    return info;
}

}  // namespace pursuit::bank
