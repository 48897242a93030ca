// Owns: the judge run of `robots --replays`: every case of the problem input played ONCE, as
// a Game of the uniform interface, giving both the judge's output and the case's replay (the
// plain judge, robots::judge, plays Positions without recording moves, which is faster).
#pragma once
#include <functional>
#include <string>

#include "common/game.h"

namespace pursuit::robots {

// Plays every case of `input` with the prescribed strategy and appends the judge's output,
// byte for byte that of robots::judge, to `out`. Each finished game is handed to
// `on_case(k, game)` (k = 1-based case number) as soon as it ends. On a malformed case it
// throws the reader's InputError, after the output and callbacks of the cases before it.
void judge_case_games(const std::string& input, std::string& out,
                      const std::function<void(int, const Game&)>& on_case);

}  // namespace pursuit::robots
