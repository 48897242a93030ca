// Owns: Bank Heist behind the uniform Game interface.
//
// Config: {"game":"bank", "layout":"<layout file text>" (default: maps/bank/bank.txt),
//          "moves": L (move limit per player, default 150), "seed": S}
// Sides: 0 guards, 1 robbers. The robbers move first, once, with their four start cells
// ("GE GQ MW QH"); then guards and robbers alternate with four commands ("LRUS", "SL#R").
// observation(0) is the guards' knowledge: the protocol line, their pieces, the robbers they
// see, and per unseen robber the cells (and lift rides) where it may be; observation(1)
// adds nothing hidden from the robbers; observation(-1) shows everything.
// legal_moves(side): {"placement": [cells]} before the start, else {"pieces": [[cmds]x4]}.
// suggest_move options: {"level": easy|medium|hard|best (or random|greedy|strong), "seed": n};
// any other key is an error naming it (common/options.h).
#pragma once
#include <memory>
#include <string>

#include "bank/belief.h"
#include "bank/strategy.h"
#include "bank/rules.h"
#include "common/game.h"

namespace pursuit::bank {

class BankGame : public Game {
public:
    explicit BankGame(const Json& config);
    std::string id() const override { return "bank"; }
    int sides() const override { return 2; }
    std::vector<std::string> side_names() const override { return {"guards", "robbers"}; }
    int to_move() const override { return position_->to_move(); }
    Json result() const override;
    Json suggest_move(const Json& options) override;

    const Layout& layout() const { return *layout_; }
    const Position& position() const { return *position_; }
    const Belief& belief() const { return *belief_; }

protected:
    void apply_move(const Json& move) override;
    Json observation_of(int side) const override;
    Json legal_moves_of(int side) const override;

private:
    std::unique_ptr<Layout> layout_;
    std::unique_ptr<Position> position_;
    std::unique_ptr<Belief> belief_;
    std::unique_ptr<Distances> distances_;  // built on the first bot call
    std::uint64_t seed_ = 0;
};

// Parses "GE GQ MW QH" into cells (throws IllegalMove naming the bad token).
std::vector<Cell> parse_placement(const Layout& layout, const std::string& line);
Json layout_json(const Layout& layout);  // rows top first, letters, lifts, floors (for the site)
Json result_json(const Position& pos);

}  // namespace pursuit::bank
