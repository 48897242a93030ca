// Owns: playing one scheduled game: expands the descriptor's templates, runs the judge under
// the wall-clock cap, reads the outcome from its result JSON through the descriptor's
// pointers, copies the replay to OUT/replays/ and returns one game record (the JSON object
// appended to games.jsonl; fields listed in docs/arena.md).
#pragma once
#include <string>
#include <vector>

#include "arena/descriptor.h"
#include "arena/schedule.h"
#include "common/json.h"

namespace pursuit::arena {

struct MatchContext {
    const GameDescriptor* game = nullptr;
    const std::vector<Bot>* bots = nullptr;
    std::string judge_path;   // resolved program
    std::string out_dir;      // tournament output folder
    double wall_clock_s = 0;  // cap for this game
    bool keep_work = false;   // keep OUT/work/<index>/ (judge stdout/stderr, result) after the game
};

// Record statuses: "ok" (outcome known), "error" (judge failed / unreadable result),
// "timeout" (judge killed at the cap). Never throws for a misbehaving judge or bot.
Json play_match(const MatchContext& ctx, const MatchSpec& match);

// Reads the winner side (-1 draw) from a result value; throws InputError if unrecognised.
int decode_winner(const Json& value, const GameDescriptor& game, const std::vector<std::string>& bot_names);

}  // namespace pursuit::arena
