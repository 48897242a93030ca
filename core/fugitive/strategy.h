// Owns: the Fugitive and Detectives bots: the reference strategies (random legal; greedy:
// Detectives walk toward the possible cities, Fugitive maximises its distance) and the
// strong ones (possible-set driven, see strategy.cpp). Deterministic: all randomness comes
// from the Rng passed in, and effort is a node count, never wall-clock time.
// The Detectives' functions see only what the Detectives know (DetectivesView).
#pragma once
#include <cstdint>
#include <string>

#include "common/rng.h"
#include "fugitive/knowledge.h"
#include "fugitive/rules.h"

namespace pursuit::fugitive {

enum class Strength { Random, Greedy, Strong };
Strength parse_strength(const std::string& name);  // "random"|"greedy"|"strong"; throws InputError

struct BotSettings {
    Strength strength = Strength::Strong;
    int effort = 100;  // strong bots: relative search effort in percent (100 = full)
    int greedy_percent = 0;  // strong bots: share of moves played by the greedy rule instead (level "hard")
};

// What the Detectives know at their move.
struct DetectivesView {
    const Map* map;
    Detectives detectives;
    Knowledge knowledge;
    int turn;  // the turn being played (0 = placement)
    static DetectivesView of(const State& s) { return {&s.map(), s.detectives(), Knowledge::of(s), s.turn()}; }
};

Detectives choose_detectives_placement(const Map& map, const BotSettings& bot, Rng& rng);
int choose_fugitive_placement(const Map& map, const Detectives& detectives, const BotSettings& bot, Rng& rng);
// The Fugitive knows everything: it gets the whole state.
FugitiveMove choose_fugitive_move(const State& state, const BotSettings& bot, Rng& rng);
Detectives choose_detectives_move(const DetectivesView& view, const BotSettings& bot, Rng& rng);

}  // namespace pursuit::fugitive
