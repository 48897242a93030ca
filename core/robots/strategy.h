// Owns: the prescribed strategy of the judge problem, and the judge itself (a whole case
// played by the strategy, formatted exactly as the expected output).
#pragma once
#include <string>
#include <vector>

#include "robots/rules.h"

namespace pursuit::robots {

// The strategy's action: the safe walk/stay with (fewest robots left, largest minimum
// Manhattan distance, smallest row, smallest column); else the first usable safe teleport
// from the start of the list; else stay.
Action strategy_action(const Position& p);
Action strategy_action(const Position& p, PreviewScratch& scratch);  // reuses scratch memory

// Plays one case to the end with the strategy; returns the judge lines for it
// ("Case k:" excluded), e.g. {"Move 30: teleport to (16,15)", "Won game after ...", ...}.
std::vector<std::string> play_case_lines(Position& p);
std::vector<std::string> result_lines(const Position& p);

// The whole judge: reads the problem input, returns the exact expected output.
// On a malformed case it throws InputError after `out` holds the output of the good cases.
void judge(const std::string& input, std::string& out);

}  // namespace pursuit::robots
