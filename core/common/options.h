// Owns: the check of a bot's options (Game::suggest_move) that every game shares, so that each
// game takes only the keys it documents and names a bad one in the same words:
//   options.level: expected easy, medium, hard or best, got 'expert'
//   options.seed: expected a non-negative integer, got -1
//   options.colour: unknown option (Search Party takes level, seed and fixed)
// A game lists its keys once and calls check_options first in suggest_move; afterwards it
// reads the values with options.value(key, fallback), which can no longer throw.
#pragma once
#include <string>
#include <vector>

#include "common/json.h"

namespace pursuit {

// One key a game's suggest_move takes and what its value must be.
struct OptionKey {
    enum class Kind { Choice, Seed, Text };
    std::string name;
    Kind kind = Kind::Choice;
    std::vector<std::string> choices;  // Choice: the strings it takes
    std::string expected;              // Text: what it expects ("a move line such as \"@6\"")
};

OptionKey choice_option(std::string name, std::vector<std::string> choices);  // a string among choices
OptionKey seed_option();                                                      // "seed": a non-negative integer
OptionKey text_option(std::string name, std::string expected);               // any string

// The levels every game takes.
std::vector<std::string> standard_levels();  // easy, medium, hard, best

// Checks `options`: a JSON object whose every key is one of `keys` with a value as that key
// expects. Keys are checked in the object's order; the first bad one throws InputError
// naming it ("options.<key>: ..."); `game` names the game in the unknown-key message.
void check_options(const Json& options, const std::string& game, const std::vector<OptionKey>& keys);

}  // namespace pursuit
