// Owns: the strong bots. Detectives: a belief (probability per city) filtered through the
// exact possible set with a model of a fleeing Fugitive; joint moves chosen by coordinate
// descent on "probability caught now + weighted distance to the belief". Fugitive: stays out
// of one-step reach (certain safety), looks ahead against worst-case pursuit, and prefers
// transports that keep the Detectives' possible set large.
#pragma once
#include "fugitive/strategy.h"

namespace pursuit::fugitive {

Detectives random_joint_move(const Map& map, const Detectives& from, Rng& rng);
Detectives strong_detectives_placement(const Map& map, Rng& rng);
int strong_fugitive_placement(const Map& map, const Detectives& detectives, Rng& rng);
FugitiveMove strong_fugitive_move(const State& state, const BotSettings& bot, Rng& rng);
// The relative search effort strong_fugitive_move spends on `turn` (more early on), for
// programs that pace a wall-clock budget over the game.
double strong_fugitive_turn_weight(int turn);
Detectives strong_detectives_move(const DetectivesView& view, const BotSettings& bot, Rng& rng);

}  // namespace pursuit::fugitive
