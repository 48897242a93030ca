// Owns: the one table of per-game facts the hardening tools need and the uniform interface
// does not expose: which config key carries a game's map/case/layout text, which tool names
// a game offers, and a small sample text when maps/ has none. A game missing from the table
// still gets fuzzed and soaked (text key defaults to "map", no tool names known).
#pragma once
#include <string>
#include <vector>

namespace pursuit::fuzz {

struct GameInputs {
    std::string id;
    std::string text_key;                 // config field holding the game's own text format
    std::vector<std::string> tool_names;  // names accepted by GameInfo::tool
    std::vector<std::string> sample_texts;
};

// The entry for `id` (a default one for games not listed).
GameInputs game_inputs(const std::string& id);

}  // namespace pursuit::fuzz
