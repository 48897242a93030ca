// Owns: a Bank player that speaks the judge's protocol line by line, for either side, using
// only what the protocol tells it (the native bank-bot is a thin loop around it; tests drive
// it without processes). Guards keep their own pieces by replaying their own commands and
// the Belief from the lines; robbers keep their own robbers and read the guards (riders from
// their in-lift coordinates, the direction of travel from the previous line).
#pragma once
#include <memory>
#include <optional>
#include <string>

#include "bank/belief.h"
#include "bank/strategy.h"

namespace pursuit::bank {

class LinePlayer {
public:
    LinePlayer(const Layout& layout, int move_limit, int side, Level level, std::uint64_t seed);
    // Robbers: the start line ("GE GQ MW QH"); guards: "" (nothing to write).
    std::string start();
    // One line from the judge -> the reply; nullopt when that line shows the game is over.
    std::optional<std::string> reply(const std::string& line);
    // True after our reply made the last capture or our last allowed move: exit now.
    bool done() const { return done_; }
    // The guards as this player knows them (robbers: read from the lines; guards: its own).
    const std::array<Piece, kPieces>& guards() const { return guards_; }
    const Belief& belief() const { return belief_; }

private:
    const Layout& layout_;
    int limit_, side_;
    Level level_;
    Rng rng_;
    StateSpace space_;
    Distances dist_;
    Belief belief_;
    std::array<Piece, kPieces> guards_{}, robbers_{};
    int made_ = 0;
    bool first_ = true, done_ = false;
    std::optional<std::string> guards_reply(const std::string& line);
    std::optional<std::string> robbers_reply(const std::string& line);
    void read_guards(const std::vector<std::string>& tokens, const std::string& lifts, const std::string& line);
};

}  // namespace pursuit::bank
