// Owns: one refereed Bank game between two programs over the protocol (the heart of
// bank-judge): L and the side to each, the robbers' start line, then alternating lines and
// replies, the final extra line to the side that did not make the last capture, forfeits
// (illegal or malformed reply, time-out, crash, early exit) with a message naming why (both
// programs failing: winner "none", forfeit side "both"), and the result + replay (always produced).
#pragma once
#include <chrono>
#include <string>
#include <vector>

#include "common/json.h"

namespace pursuit::bank {

struct MatchSettings {
    std::string layout_text;  // "" = the spec layout
    std::string layout_path;  // substituted for {layout} in commands ("" = none)
    int moves = 150;
    std::uint64_t seed = 1;
    std::chrono::milliseconds per_move{250};
};

struct MatchOutcome {
    Json result;   // result_json + winner, reason, forfeit, commands
    Json replay;   // pursuit replay (config, moves, result)
    std::vector<double> move_ms[2];  // per side: time of each reply (guards, robbers)
};

// Runs the game; never throws for misbehaving programs (they forfeit).
MatchOutcome play_match(const MatchSettings& settings, const std::string& guards_cmd, const std::string& robbers_cmd);
// {seed} and {layout} in a command are replaced by the game's seed and layout path.
std::string expand_command(const std::string& command, const MatchSettings& settings);

}  // namespace pursuit::bank
