// Owns: the Embind glue, nothing else. Every entry point returns a JSON envelope string
// ({"ok":true,"value":...} / {"ok":false,"error":"..."}) so that no C++ exception ever
// crosses into JavaScript; see API.md for the contract with web/.
#include <emscripten/bind.h>

#include <memory>
#include <string>

#include "common/fingerprint.h"
#include "common/errors.h"
#include "common/game.h"
#include "common/replay.h"

using pursuit::Json;

namespace {

template <class F>
std::string envelope(F&& body) {
    try {
        return Json{{"ok", true}, {"value", body()}}.dump();
    } catch (const std::exception& e) {
        return Json{{"ok", false}, {"error", std::string(e.what())}}.dump();
    } catch (...) {
        return Json{{"ok", false}, {"error", "unknown engine error"}}.dump();
    }
}

Json info_of(const pursuit::Game& g) {
    return Json{{"game", g.id()},           {"sides", g.sides()},  {"side_names", g.side_names()},
                {"to_move", g.to_move()},   {"over", g.over()},    {"moves_count", g.moves().size()}};
}

class Session {
public:
    std::string create(const std::string& config) {
        return envelope([&] {
            game_ = pursuit::create_game(Json::parse(config));
            return info_of(*game_);
        });
    }
    std::string fromReplay(const std::string& replay) {
        return envelope([&] {
            game_ = pursuit::game_from_replay(Json::parse(replay));
            return info_of(*game_);
        });
    }
    std::string info() { return envelope([&] { return info_of(game()); }); }
    std::string observation(int side) { return envelope([&] { return game().observation(side); }); }
    std::string legalMoves(int side) { return envelope([&] { return game().legal_moves(side); }); }
    std::string apply(const std::string& move) {
        return envelope([&] {
            game().apply(Json::parse(move));
            return info_of(game());
        });
    }
    std::string suggest(const std::string& options) {
        return envelope([&] { return game().suggest_move(Json::parse(options.empty() ? "{}" : options)); });
    }
    std::string result() { return envelope([&] { return game().result(); }); }
    std::string replay() { return envelope([&] { return game().replay(); }); }
    std::string moves() { return envelope([&] { return game().moves(); }); }

private:
    pursuit::Game& game() {
        if (!game_) throw pursuit::InputError("no game: call create() or fromReplay() first");
        return *game_;
    }
    std::unique_ptr<pursuit::Game> game_;
};

std::string listGames() {
    return envelope([] {
        Json out = Json::array();
        for (const auto& g : pursuit::all_games()) {
            auto sample = g.create(Json{{"game", g.id}, {"seed", 1}});
            out.push_back(Json{{"id", g.id}, {"title", g.title}, {"sides", g.sides}, {"side_names", sample->side_names()}});
        }
        return out;
    });
}

std::string tool(const std::string& game, const std::string& name, const std::string& args) {
    return envelope([&] { return pursuit::run_tool(game, name, Json::parse(args.empty() ? "{}" : args)); });
}

std::string fingerprint() { return envelope([] { return pursuit::suite_fingerprint(); }); }
std::string engineVersion() { return pursuit::kEngineVersion; }

}  // namespace

EMSCRIPTEN_BINDINGS(pursuit) {
    emscripten::function("listGames", &listGames);
    emscripten::function("tool", &tool);
    emscripten::function("fingerprint", &fingerprint);
    emscripten::function("engineVersion", &engineVersion);
    emscripten::class_<Session>("Session")
        .constructor<>()
        .function("create", &Session::create)
        .function("fromReplay", &Session::fromReplay)
        .function("info", &Session::info)
        .function("observation", &Session::observation)
        .function("legalMoves", &Session::legalMoves)
        .function("apply", &Session::apply)
        .function("suggest", &Session::suggest)
        .function("result", &Session::result)
        .function("replay", &Session::replay)
        .function("moves", &Session::moves);
}
