// Owns: one refereed game of Fugitive vs Detectives between two programs (the judge's
// core, shared by the single-game and the series mode of fugitive-judge). Each program
// runs in its own fresh directory holding connect.txt, speaks the contract's protocol,
// and has 5 s of thinking time in total. Any misbehaviour loses 0-20 with a message.
#pragma once
#include <string>

#include "common/json.h"
#include "fugitive/map.h"

namespace pursuit::fugitive {

struct MatchSettings {
    int total_ms = 5000;        // thinking time per program for the whole game
    std::string work_dir;       // where the two program directories are made ("" = $TMPDIR)
    bool keep_dirs = false;
};

struct MatchOutcome {
    Json result;   // {"score":{"Fugitive","Detectives"}, "ending", "reason", "turn", "players":{...}}
    Json replay;   // pursuit replay (config has the map text and the seed)
};

// `map_text` is what goes into connect.txt (also used for the replay's config).
MatchOutcome play_match(const std::string& map_text, const std::string& fugitive_command,
                        const std::string& detectives_command, std::uint64_t seed, const MatchSettings& settings);

}  // namespace pursuit::fugitive
