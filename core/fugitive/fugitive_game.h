// Owns: Fugitive vs Detectives behind the uniform Game interface, and its tools.
//
// Config: {"game":"fugitive","seed":S,"map":M}
//   M = the connect.txt text (positions section optional), or generator parameters
//   {"cities":N,"seed":K,"car_per_city":..,"train_fraction":..,"plane_fraction":..}
//   (seed defaults to S); missing "map" = {"cities":100}.
// Sides: 0 = "Fugitive", 1 = "Detectives" (the Detectives move first: placement).
// Moves (protocol notation, strings): Detectives' placement and joint moves "25 75 125 175"
// (an array [25,75,125,175] is accepted too); the Fugitive's placement "100"; its moves
// "T 101". Special move {"forfeit": side, "reason": "..."}: that side broke a rule (used by
// the judge so replays of forfeited games end the same way); side "both": both programs
// failed, 0-0, no winner.
// legal_moves(Fugitive): array of move strings. legal_moves(Detectives): an object
//   {"joint": true, "pieces": [[cities of Detective 1], ...x4], "distinct": true}
//   (each piece's options; the joint move must end on four distinct cities).
// suggest_move options: {"level": easy|medium|hard|best, "seed": n, "strategy": random|greedy|
//   strong} ("strategy" wins over "level"); any other key is an error naming it (common/options.h).
// observation(side): see fugitive_game.cpp (Detectives: only what they know incl. the
// possible set; Fugitive and -1: everything).
#pragma once
#include <memory>
#include <string>

#include "common/game.h"
#include "fugitive/rules.h"

namespace pursuit::fugitive {

std::shared_ptr<const Map> map_from_config(const Json& config);
Json map_json(const Map& map);  // {"n", "roads": [["C",1,2],...], "positions": [[x,y] per city 1..n], "positions_computed"}

class FugitiveGame : public Game {
public:
    explicit FugitiveGame(const Json& config);
    std::string id() const override { return "fugitive"; }
    int sides() const override { return 2; }
    std::vector<std::string> side_names() const override { return {"Fugitive", "Detectives"}; }
    int to_move() const override { return state_.to_move(); }
    Json result() const override;
    Json suggest_move(const Json& options) override;
    const State& state() const { return state_; }
    State& mutable_state() { return state_; }

protected:
    void apply_move(const Json& move) override;
    Json observation_of(int side) const override;
    Json legal_moves_of(int side) const override;

private:
    Json log(bool detectives_view) const;
    State state_;
    Json map_json_;  // cached: drawn by the site on every observation
};

// Parsing of protocol notation (token based). Throw IllegalMove naming what is wrong.
Detectives parse_detectives(const std::string& text, int n);
FugitiveMove parse_fugitive_move(const std::string& text);
int parse_city_token(const std::string& text, int n);

Json fugitive_tool(const std::string& name, const Json& args);
// The keys of a generated map's parameters ({"map": {...}} and the "generate" tool's args).
std::vector<std::string> generator_keys();

}  // namespace pursuit::fugitive
