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

// nlohmann's messages start with "[json.exception.<kind>.<id>] "; the page shows errors as is,
// so that tag is dropped wherever it appears (also inside messages the engines wrapped).
std::string readable(std::string msg) { return pursuit::readable_json_error(std::move(msg)); }

// `what` names the argument or call ("config", "move", "suggest options", ...): it prefixes
// JSON library errors, whose messages do not say what they were reading.
// The error envelopes are written with json_text: a message holding bytes that are not UTF-8
// made dump() throw out of the catch, past every envelope, as a WebAssembly exception.
template <class F>
std::string envelope(const char* what, F&& body) {
    try {
        return Json{{"ok", true}, {"value", body()}}.dump();
    } catch (const Json::exception& e) {
        return pursuit::json_text(Json{{"ok", false}, {"error", std::string(what) + ": " + readable(e.what())}});
    } catch (const std::exception& e) {
        return pursuit::json_text(Json{{"ok", false}, {"error", readable(e.what())}});
    } catch (...) {
        return Json{{"ok", false}, {"error", std::string(what) + ": unknown engine error"}}.dump();
    }
}

// Parses JSON text handed in from JavaScript; errors name `what` ("config: invalid JSON: ...").
// Deep nesting is refused before parsing: it overflowed the wasm call stack, which reached
// JavaScript as an uncaught RangeError instead of an envelope.
Json parse_arg(const std::string& text, const std::string& what) { return pursuit::parse_json_text(text, what); }

// Options and tool args are JSON objects; empty text means {}.
Json parse_object_arg(const std::string& text, const std::string& what) {
    Json v = parse_arg(text.empty() ? "{}" : text, what);
    if (!v.is_object()) throw pursuit::InputError(what + ": expected a JSON object, got " + v.dump().substr(0, 80));
    return v;
}

Json info_of(const pursuit::Game& g) {
    return Json{{"game", g.id()},           {"sides", g.sides()},  {"side_names", g.side_names()},
                {"to_move", g.to_move()},   {"over", g.over()},    {"moves_count", g.moves().size()}};
}

class Session {
public:
    std::string create(const std::string& config) {
        return envelope("config", [&] {
            game_ = pursuit::create_game(parse_arg(config, "config"));
            return info_of(*game_);
        });
    }
    std::string fromReplay(const std::string& replay) {
        return envelope("replay", [&] {
            game_ = pursuit::game_from_replay(parse_arg(replay, "replay"));
            return info_of(*game_);
        });
    }
    std::string info() { return envelope("info", [&] { return info_of(game()); }); }
    std::string observation(int side) {
        return envelope("observation", [&] { return game().observation(checked_side(side, "observation")); });
    }
    std::string legalMoves(int side) {
        return envelope("legalMoves", [&] { return game().legal_moves(checked_side(side, "legalMoves")); });
    }
    std::string apply(const std::string& move) {
        return envelope("move", [&] {
            game().apply(parse_arg(move, "move"));
            return info_of(game());
        });
    }
    std::string suggest(const std::string& options) {
        return envelope("suggest options", [&] {
            auto& g = game();  // "no game" before a complaint about the options
            return g.suggest_move(parse_object_arg(options, "suggest options"));
        });
    }
    std::string result() { return envelope("result", [&] { return game().result(); }); }
    std::string replay() { return envelope("replay", [&] { return game().replay(); }); }
    std::string moves() { return envelope("moves", [&] { return game().moves(); }); }

private:
    pursuit::Game& game() {
        if (!game_) throw pursuit::InputError("no game: call create() or fromReplay() first");
        return *game_;
    }
    // The core checks sides too; this names the JavaScript call in the message (legalMoves).
    int checked_side(int side, const char* call) {
        game().require_side(side, call);
        return side;
    }
    std::unique_ptr<pursuit::Game> game_;
};

// {"map": ["cities", ...]}: the keys each object value of a config takes.
Json config_objects(const pursuit::GameInfo& g) {
    Json out = Json::object();
    for (const auto& object : g.config_objects) out[object.key] = object.keys;
    return out;
}

std::string listGames() {
    return envelope("listGames", [] {
        Json out = Json::array();
        for (const auto& g : pursuit::all_games()) {
            auto sample = g.create(Json{{"game", g.id}, {"seed", 1}});
            out.push_back(Json{{"id", g.id},
                               {"title", g.title},
                               {"sides", g.sides},
                               {"side_names", sample->side_names()},
                               {"config_keys", g.config_keys},
                               {"config_objects", config_objects(g)}});
        }
        return out;
    });
}

std::string tool(const std::string& game, const std::string& name, const std::string& args) {
    return envelope("tool args", [&] { return pursuit::run_tool(game, name, parse_object_arg(args, "tool args")); });
}

std::string fingerprint() { return envelope("fingerprint", [] { return pursuit::suite_fingerprint(); }); }
// The one call without an envelope: a constant, a plain string (the worker's ready() relies on it).
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
