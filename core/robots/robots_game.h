// Owns: Robots behind the uniform Game interface (config, move notation, observation,
// result, bot = the prescribed strategy) and its tools ("judge", "cases", "random_input").
//
// Config: {"game":"robots","seed":S,"robots":R,"teleports":T}   seeded random board
//         {"game":"robots","robots":[[r,c],...],"teleports":[[r,c],...]}   explicit board
//         {"game":"robots","input":"<problem text>","case":k}   case k (1-based) of an input
// Moves: "N","NE","E","SE","S","SW","W","NW","stay" (N = row-1, E = column+1), "T1".."T20"
// (teleport to list destination k).
// Bot: suggest_move plays the prescribed strategy; options {"level": easy|medium|hard|best,
// "seed": n} are checked as in the other games (every level gives the same move), any other key
// is an error naming it.
#pragma once
#include <string>

#include "common/game.h"
#include "robots/rules.h"

namespace pursuit::robots {

std::string action_name(Action a);
Action parse_action(const Json& move);  // throws IllegalMove for unknown notation

class RobotsGame : public Game {
public:
    explicit RobotsGame(const Json& config);
    std::string id() const override { return "robots"; }
    int sides() const override { return 1; }
    std::vector<std::string> side_names() const override { return {"you"}; }
    int to_move() const override { return position_.status() == Status::Playing ? 0 : -1; }
    Json result() const override;
    Json suggest_move(const Json& options) override;
    const Position& position() const { return position_; }

protected:
    void apply_move(const Json& move) override;
    Json observation_of(int side) const override;
    Json legal_moves_of(int side) const override;

private:
    Position position_;
    std::vector<std::string> log_;
};

Json robots_tool(const std::string& name, const Json& args);

}  // namespace pursuit::robots
