// Owns: Search Party behind the uniform Game interface (config, move notation, observation,
// result, bot = the solver) and its tools ("check", "solve", "lower_bound", "maps").
//
// Config: {"game":"searchparty","map":"<map text>","seed":S}     any map in the input format
//         {"game":"searchparty","builtin":"example2"}            a built-in map (builtin_maps.h)
//         {"game":"searchparty","generate":{"kind":"cave","cols":40,"rows":30,"costars":2,
//          "extras":3},"seed":S}                                  a generated map (generator.h)
// With none of these the built-in "rooms" map is used.
// Move: one move line as the original controller reads it, e.g. "@9 A2 a2 B7." (actors left
// out stay; errors carry the original controller's messages).
// Observation: {"cols","rows","board":[row strings of 'o' searched, '.' unsearched, '#'],
//   "actors":[{"name","role","x","y","alive"}], "turn" (moves played), "unsearched", "over",
//   "costars_alive","extras_alive","start":[x,y]}.
// legal_moves: {"<actor>": ["1".."9" digits that are legal]} for the living actors.
// suggest_move options: {"level": easy|medium|hard|best, "seed": n, "fixed": "@6"} where
// "fixed" pins some actors' moves (hand-steered) and the solver moves the others; any other
// key is an error naming it (common/options.h).
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "common/game.h"
#include "searchparty/rules.h"
#include "searchparty/solver.h"

namespace pursuit::searchparty {

Map map_from_config(const Json& config);

class SearchPartyGame : public Game {
public:
    explicit SearchPartyGame(const Json& config);
    std::string id() const override { return "searchparty"; }
    int sides() const override { return 1; }
    std::vector<std::string> side_names() const override { return {"search party"}; }
    int to_move() const override { return state_.finished() ? -1 : 0; }
    Json result() const override;
    Json suggest_move(const Json& options) override;
    const State& state() const { return state_; }

protected:
    void apply_move(const Json& move) override;
    Json observation_of(int side) const override;
    Json legal_moves_of(int side) const override;

private:
    Moves read_line(const std::string& line) const;

    State state_;
    // The "best" plan from some earlier state, replayed while the game follows it.
    std::vector<Moves> plan_;
    std::vector<std::string> plan_key_;  // state fingerprint before each planned turn
    int plan_level_ = -1;
    std::unique_ptr<Policy> hand_policy_;  // keeps targets between hand-steered turns
    int hand_level_ = -1;                  // the level hand_policy_ was made for
};

Json searchparty_tool(const std::string& name, const Json& args);
// The keys of a generated map's settings ({"generate": {...}} and the "generate" tool's args).
std::vector<std::string> generator_keys();

}  // namespace pursuit::searchparty
