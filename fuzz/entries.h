// Owns: the list of fuzz entries. Each is a plain function over bytes, wrapped for libFuzzer
// by libfuzzer_main.cpp (one binary per entry) and replayed without libFuzzer by
// tests/hardening (every seed and every kept regression input).
//
// Input layouts (byte 0 usually picks the game: index byte % number of registered games):
//   create       [game] JSON config (the "game" field is set to the picked game's id)
//   replay       JSON replay, as a user would load it in the site
//   moves        [game][config#] JSON array; per element: integer k = the k-th legal move
//                (mod count) when legal_moves is an array, [x] or anything else = move x raw
//   text         [game] the game's map/case/layout text (config key from game_inputs.h)
//   line_reader  [8 op bytes] text; drives LineReader / split_tokens / parse_int
//   tool         [game] tool name '\n' JSON args (games with a tool only)
//   protocol     [reader][a][b] text: the judges' and bots' protocol line readers (protocol.cpp)
//   arena        [kind] text: pursuit-arena's descriptor, games.jsonl and result readers (arena.cpp)
#pragma once
#include <string>
#include <vector>

#include "fuzz_support.h"

namespace pursuit::fuzz {

int fuzz_create(const std::uint8_t* data, std::size_t size);
int fuzz_replay(const std::uint8_t* data, std::size_t size);
int fuzz_moves(const std::uint8_t* data, std::size_t size);
int fuzz_text(const std::uint8_t* data, std::size_t size);
int fuzz_line_reader(const std::uint8_t* data, std::size_t size);
int fuzz_tool(const std::uint8_t* data, std::size_t size);
int fuzz_protocol(const std::uint8_t* data, std::size_t size);
// Seeds of the protocol entry (real protocol text of each reader); source_dir = repo root.
std::vector<std::string> protocol_seeds(const std::string& source_dir);
int fuzz_arena(const std::uint8_t* data, std::size_t size);
std::vector<std::string> arena_seeds(const std::string& source_dir);

// Shared by entries: up to 8 legal moves into `game`, then exercise it.
void play_a_little(Game& game, const std::string& where);

struct NamedEntry {
    std::string name;
    Entry entry;
};
const std::vector<NamedEntry>& all_entries();

}  // namespace pursuit::fuzz
