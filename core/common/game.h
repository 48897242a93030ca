// Owns: the uniform game interface that the site (through wasm_bindings), the native tools,
// the fingerprint suite and the arena all use. Engines implement `Game`; bots inside C++ use
// each engine's typed API directly and are reached from here only through `suggest_move`.
//
// Conventions every game follows:
//  - A game is created from a JSON config: {"game": "<id>", "seed": <uint>, ...game fields}.
//    Missing optional fields get defaults; anything malformed throws InputError naming it.
//  - Sides are 0..sides()-1; `to_move()` is the side whose move is expected, -1 once over.
//  - A move is a JSON value in the game's own notation (usually a string, e.g. "NE" or
//    "T 101"). `apply` throws IllegalMove (with a reason) and leaves the state unchanged.
//  - `observation(side)` is what that side may know, nothing more; side -1 is the
//    spectator/omniscient view used by replays and the site's "show everything".
//  - Every applied move is recorded; `replay()` returns the versioned replay JSON
//    (see replay.h) from which `create_game(config)` + the moves rebuilds the same state.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "common/json.h"

namespace pursuit {

class Game {
public:
    virtual ~Game() = default;

    virtual std::string id() const = 0;
    virtual int sides() const = 0;
    virtual std::vector<std::string> side_names() const = 0;
    virtual int to_move() const = 0;  // -1 when the game is over
    bool over() const { return to_move() < 0; }

    // Sides asked about must be -1 or 0..sides()-1: the two calls below throw InputError
    // otherwise, naming the game's sides, so no engine is ever asked about another.
    Json observation(int side) const;
    // Legal moves for `side` now: a JSON array of moves, or for games whose joint moves
    // are too many to list, an object describing per-piece options (documented per game).
    Json legal_moves(int side) const;
    // Throws InputError "<call>: no side 5 in bank (sides: -1 (everything), 0 (guards), ...)"
    // unless -1 <= side < sides(); `call` is the caller's name for the call.
    void require_side(int side, const std::string& call) const;
    // Applies the move of the side to move. Throws IllegalMove; the state is unchanged then.
    void apply(const Json& move);
    // Result once over (and a partial status before): always has "over" and "summary".
    virtual Json result() const = 0;
    // The built-in bot's move for the side to move, using only that side's knowledge.
    // options: {"level": "easy"|"medium"|"hard"|"best", "seed": n, ...game specific}, checked
    // with check_options (common/options.h): an unknown key or a bad value is an InputError.
    virtual Json suggest_move(const Json& options) = 0;

    const Json& config() const { return config_; }
    const Json& moves() const { return moves_; }
    Json replay() const;

protected:
    explicit Game(Json config) : config_(std::move(config)), moves_(Json::array()) {}
    // Engine-specific application; must throw IllegalMove before changing any state.
    virtual void apply_move(const Json& move) = 0;
    // Engine-specific views; `side` is already known to be -1 or one of the game's sides.
    virtual Json observation_of(int side) const = 0;
    virtual Json legal_moves_of(int side) const = 0;

private:
    Json config_;
    Json moves_;
};

// A per-game entry in the registry: how to build it and what static tools it offers
// (tools are stateless functions such as "judge" for Robots: JSON args in, JSON out).
struct GameInfo {
    std::string id;
    std::string title;
    int sides = 1;
    std::unique_ptr<Game> (*create)(const Json& config) = nullptr;
    // The keys a config may have besides "game" and "seed": create_game refuses any other
    // (a misspelt "cop": 3 played the default 2 cops without a word).
    std::vector<std::string> config_keys;
    // Keys whose value may be an object, and the keys that object takes ({"map": {"cities": 40}}).
    struct ConfigObject {
        std::string key, taker;  // taker: what the message says takes them ("the map generator")
        std::vector<std::string> keys;
    };
    std::vector<ConfigObject> config_objects;
    Json (*tool)(const std::string& name, const Json& args) = nullptr;  // may be null
    // A few seeded configs used by the native-vs-wasm fingerprint suite.
    std::vector<Json> (*fingerprint_configs)() = nullptr;
};

const std::vector<GameInfo>& all_games();
const GameInfo& game_info(const std::string& id);  // throws InputError for unknown ids
// Refuses a key the game does not take ("config.cop: unknown key (Cops and Robbers takes ...)").
std::unique_ptr<Game> create_game(const Json& config);
Json run_tool(const std::string& game, const std::string& name, const Json& args);

// Rebuilds a game from a replay JSON (validates version and every move). A config key its
// game does not take is passed over, not refused: the game was played without it (a replay
// saved before keys were checked, or by a host page that added its own).
std::unique_ptr<Game> game_from_replay(const Json& replay);

}  // namespace pursuit
