// Owns: the soak loop (see header).
#include "soak_runner.h"

#include <chrono>
#include <memory>

#include "common/errors.h"
#include "common/rng.h"
#include "soak_checks.h"

namespace pursuit::soak {
namespace {

std::string state_key(const Game& game, const Json& all_view) {
    return all_view.dump() + "|" + std::to_string(game.to_move()) + "|" + game.result().dump();
}

// Something that is almost never a legal move (if it is, it is simply played).
Json garbage_move(Rng& rng, const Json& legal) {
    static const char* kChars = "abcxyzNSEWT0123456789 @.-:|#\t{}[]\"\\é";
    auto random_text = [&](int len) {
        std::string s;
        for (int i = 0; i < len; ++i) {
            const char* c = kChars + rng.below(36);
            s += (*c == '\xc3') ? std::string("é") : std::string(1, *c);
        }
        return s;
    };
    switch (rng.below(10)) {
        case 0: return Json(nullptr);
        case 1: return Json(rng.chance(0.5));
        case 2: return Json(static_cast<long long>(rng.next_u64() >> 1) * (rng.chance(0.5) ? -1 : 1));
        case 3: return Json::object({{"x", random_text(3)}});
        case 4: return Json::array({random_text(2), 7});
        case 5: return Json(random_text(static_cast<int>(rng.below(12))));
        case 6: return Json(std::string(300 + rng.below(700), 'N'));
        case 7: return Json(1.5e300);
        default:
            if (legal.is_array() && !legal.empty()) {  // a near miss of a legal move
                Json m = legal[rng.below(legal.size())];
                if (m.is_string()) return Json(m.get<std::string>() + (rng.chance(0.5) ? " 99999" : "x"));
                return Json::array({m, m});
            }
            return Json(random_text(4));
    }
}

Json choose_move(Game& game, Rng& rng) {
    const Json legal = game.legal_moves(game.to_move());
    if (legal.is_array()) {
        if (legal.empty()) throw CheckFailure("no legal moves while the game is not over");
        return legal[rng.below(legal.size())];
    }
    return game.suggest_move(Json{{"level", "easy"}, {"seed", rng.next_u64() >> 12}});
}

std::uint64_t game_seed(const SoakOptions& options, int index) {
    return options.seed ^ (0x9e3779b97f4a7c15ULL * static_cast<std::uint64_t>(index + 1));
}

struct Played {
    int moves = 0;
    bool capped = false;
};

Played play_one(const Json& config, std::uint64_t seed, const SoakOptions& options) {
    Rng rng(seed);
    auto game = create_game(config);
    auto shadow = game_from_replay(Json::parse(game->replay().dump()));
    Played p;
    for (;;) {
        const Views views = read_views(*game);
        check_position(*game, views);
        const std::string key = state_key(*game, views.all);
        if (state_key(*shadow, shadow->observation(-1)) != key)
            throw CheckFailure("the replay's moves rebuild a different state after move " + std::to_string(p.moves));
        // A garbage move must be refused (or, if it happens to be legal, played like any move).
        const Json junk = garbage_move(rng, game->over() ? Json() : game->legal_moves(game->to_move()));
        bool junk_played = false;
        try {
            game->apply(junk);
            junk_played = true;
        } catch (const IllegalMove&) {
        } catch (const InputError&) {
        } catch (const std::exception& e) {
            throw CheckFailure("garbage move " + junk.dump().substr(0, 60) + " threw a non-contract exception: " + e.what());
        }
        if (junk_played) {
            shadow->apply(Json::parse(junk.dump()));
            ++p.moves;
            continue;
        }
        if (state_key(*game, game->observation(-1)) != key)
            throw CheckFailure("refused garbage move " + junk.dump().substr(0, 60) + " changed the state");
        if (game->over()) break;
        if (p.moves >= options.max_moves) {
            p.capped = true;
            break;
        }
        const Json move = choose_move(*game, rng);
        try {
            game->apply(move);
        } catch (const std::exception& e) {
            throw CheckFailure("the chosen move " + move.dump() + " was refused: " + e.what());
        }
        shadow->apply(Json::parse(move.dump()));
        ++p.moves;
    }
    auto rebuilt = game_from_replay(Json::parse(game->replay().dump()));
    if (state_key(*rebuilt, rebuilt->observation(-1)) != state_key(*game, game->observation(-1)))
        throw CheckFailure("game_from_replay(replay) gives a different final state");
    return p;
}

}  // namespace

Json soak_config(const GameInfo& info, std::uint64_t seed, int index) {
    std::vector<Json> configs;
    if (info.fingerprint_configs) configs = info.fingerprint_configs();
    configs.push_back(Json{{"game", info.id}});
    Json config = configs[static_cast<std::size_t>(index) % configs.size()];
    config["seed"] = seed * 1000003ULL + static_cast<std::uint64_t>(index);
    return config;
}

Json random_game_replay(const GameInfo& info, const SoakOptions& options, int index) {
    Rng rng(game_seed(options, index));
    auto game = create_game(soak_config(info, options.seed, index));
    for (int i = 0; i < options.max_moves && !game->over(); ++i) game->apply(choose_move(*game, rng));
    return game->replay();
}

GameStats soak_game(const GameInfo& info, const SoakOptions& options) {
    GameStats stats;
    stats.id = info.id;
    const auto start = std::chrono::steady_clock::now();
    for (int i = 0; i < options.games; ++i) {
        const Json config = soak_config(info, options.seed, i);
        try {
            const Played p = play_one(config, game_seed(options, i), options);
            stats.moves += p.moves;
            stats.capped += p.capped;
        } catch (const std::exception& e) {
            ++stats.failures;
            if (static_cast<int>(stats.failure_reports.size()) < options.max_failures_shown)
                stats.failure_reports.push_back("game " + std::to_string(i) + " config " + config.dump() + ": " + e.what());
        }
        ++stats.games;
        if (options.max_seconds > 0 &&
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() > options.max_seconds)
            break;
    }
    stats.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return stats;
}

}  // namespace pursuit::soak
