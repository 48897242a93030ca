// Owns: Cops and Robbers behind the uniform Game interface, and its tools.
//
// Sides: 0 = "cops", 1 = "robber" (Mouse X). X moves first in every round.
// Config: {"game":"copsrobbers", "map":"<map text>" | "map_name":"petersen", "cops":C,
//          "rounds":R, "seed":S, "relaxed":false, "start":{"cops":[..],"robber":x}}
//   map text follows city.h (contract limits unless "relaxed": true; named maps are always
//   accepted); "start" (1-based crossings) overrides the seeded start positions.
// Moves (1-based crossings): X: a number, e.g. 4 (or "4"); cops: an array, e.g. [5,5]
//   (or "5 5"), the i-th entry for cop i.
// Observation: the city (n, streets, layout), C, R, round, cops, X - but the cops' view
// hides X (robber: null) until X has made its first move (the protocol never shows it).
// legal_moves: X: array of crossings; cops: {"per_cop": [[crossings of cop 1], ...]}.
// suggest_move options: {"level": easy|medium|hard|best, "seed": n, "strategy": random|greedy|
//   cover|lookahead|exact|best} ("strategy" wins over "level"); any other key is an error naming
//   it (common/options.h).
// Tools: "map" {name} -> {text, n, m}; "suite" -> {names}; "analyse" {config, moves}
//   -> solver facts for the position (forced win, rounds); "dismantlable" {map|map_name}.
#pragma once
#include <memory>
#include <string>

#include "common/game.h"
#include "copsrobbers/rules.h"
#include "copsrobbers/strategy.h"

namespace pursuit::copsrobbers {

// The city a config names (map text or map name); throws InputError.
City city_from_config(const Json& config);

class CopsRobbersGame : public Game {
public:
    explicit CopsRobbersGame(const Json& config);
    std::string id() const override { return "copsrobbers"; }
    int sides() const override { return 2; }
    std::vector<std::string> side_names() const override { return {"cops", "robber"}; }
    int to_move() const override;
    Json result() const override;
    Json suggest_move(const Json& options) override;

    const City& city() const { return *city_; }
    const Position& position() const { return *position_; }
    Brain& brain();

protected:
    void apply_move(const Json& move) override;
    Json observation_of(int side) const override;
    Json legal_moves_of(int side) const override;

private:
    std::unique_ptr<City> city_;  // heap: Position and Brain keep pointers to it
    std::unique_ptr<Position> position_;
    std::unique_ptr<Brain> brain_;
};

// Parses X's move / the cops' move (1-based in, 0-based out); throws IllegalMove.
int parse_robber_move(const Json& move);
std::vector<int> parse_cops_move(const Json& move);

Json copsrobbers_tool(const std::string& name, const Json& args);

}  // namespace pursuit::copsrobbers
