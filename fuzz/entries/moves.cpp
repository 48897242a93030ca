// Owns: the "moves" entry: arbitrary move sequences against every game, checking that a
// refused move leaves the state unchanged and that the replay rebuilds the same state.
#include <memory>

#include "entries.h"

namespace pursuit::fuzz {
namespace {

constexpr std::size_t kMaxMoves = 200;  // keeps one input well under the per-input timeout

std::vector<Json> base_configs(const GameInfo& info) {
    std::vector<Json> configs;
    if (info.fingerprint_configs) configs = info.fingerprint_configs();
    configs.push_back(Json{{"game", info.id}, {"seed", 7}});
    return configs;
}

// The move an element stands for (see entries.h); nullopt when there is none.
std::optional<Json> move_for(Game& game, const Json& element, const std::string& where) {
    if (element.is_number_unsigned() || element.is_number_integer()) {
        Json legal;
        if (!guarded(where + " legal_moves", [&] { legal = game.legal_moves(game.to_move()); })) return std::nullopt;
        if (legal.is_array()) {
            if (legal.empty()) return std::nullopt;
            const auto k = element.is_number_unsigned() ? element.get<std::uint64_t>()
                                                        : static_cast<std::uint64_t>(element.get<std::int64_t>());
            return legal[k % legal.size()];
        }
        return element;
    }
    if (element.is_array() && element.size() == 1) return element[0];
    return element;
}

}  // namespace

int fuzz_moves(const std::uint8_t* data, std::size_t size) {
    if (size < 2) return 0;
    const GameInfo& info = pick_game(data[0]);
    static std::vector<std::vector<Json>> configs_by_game;  // fingerprint configs are fixed
    const auto& games = all_games();
    if (configs_by_game.empty())
        for (const auto& g : games) configs_by_game.push_back(base_configs(g));
    const auto& configs = configs_by_game[data[0] % games.size()];
    const Json& config = configs[data[1] % configs.size()];
    auto moves = parse_json(std::string_view(reinterpret_cast<const char*>(data + 2), size - 2));
    if (!moves || !moves->is_array()) return 0;

    const std::string where = "moves " + info.id;
    std::unique_ptr<Game> game;
    if (!guarded(where + " create", [&] { game = create_game(config); })) {
        finding(where, "fingerprint config does not build: " + config.dump());
        return 0;
    }
    for (std::size_t i = 0; i < moves->size() && i < kMaxMoves && !game->over(); ++i) {
        auto move = move_for(*game, (*moves)[i], where);
        if (move) apply_checked(*game, *move, where);
    }
    exercise(*game);
    // The replay must rebuild exactly this state.
    guarded(where + " replay round trip", [&] {
        const Json replay = game->replay();
        auto rebuilt = game_from_replay(Json::parse(replay.dump()));
        if (state_key(*rebuilt) != state_key(*game))
            finding(where, "replay does not rebuild the same state (moves " + game->moves().dump().substr(0, 200) + ")");
    });
    return 0;
}

}  // namespace pursuit::fuzz
