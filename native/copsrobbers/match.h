// Owns: one server-run game of Cops and Robbers between two programs speaking the protocol
// of shared/specs/copsrobbers.md (the cops never see X's start; per-move limits with a
// longer first move; any misbehaviour loses for that side with a message and its stderr; when
// both programs fail, no one wins).
#pragma once
#include <string>
#include <vector>

#include "common/json.h"

namespace pursuit::copsrobbers {

struct MatchTiming {
    int move_ms = 1000;        // every later reply
    int first_move_ms = 3000;  // each side's first reply (start-up work counts here)
};

struct MatchOutcome {
    std::string winner;  // "cops", "robber", or "none" when both programs failed
    std::string summary;
    Json result;  // full result JSON (also inside the replay)
    Json replay;  // pursuit replay JSON (config with the map text + seed; moves so far)
    std::vector<double> cops_ms, robber_ms;  // reply times in milliseconds
};

// `config` is a copsrobbers game config (map text or name, cops, rounds, seed).
MatchOutcome play_match(const Json& config, const std::string& cops_cmd, const std::string& robber_cmd,
                        const MatchTiming& timing);

}  // namespace pursuit::copsrobbers
