// Owns: the strong bots (see header). Placeholder: greedy until the strong search lands.
#include "fugitive/strong_strategy.h"

namespace pursuit::fugitive {

static const BotSettings kGreedy{Strength::Greedy, 100};

Detectives strong_detectives_placement(const Map& map, Rng& rng) { return choose_detectives_placement(map, kGreedy, rng); }
int strong_fugitive_placement(const Map& map, const Detectives& d, Rng& rng) { return choose_fugitive_placement(map, d, kGreedy, rng); }
FugitiveMove strong_fugitive_move(const State& state, const BotSettings&, Rng& rng) { return choose_fugitive_move(state, kGreedy, rng); }
Detectives strong_detectives_move(const DetectivesView& view, const BotSettings&, Rng& rng) { return choose_detectives_move(view, kGreedy, rng); }

}  // namespace pursuit::fugitive
