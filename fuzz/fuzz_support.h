// Owns: what every fuzz entry shares: choosing a game from a byte, parsing fuzzed JSON
// without exceptions, the exception policy, and exercising a game through every read-only
// call of the uniform interface.
//
// Exception policy: InputError and IllegalMove are the contract ("bad input throws naming
// what and where"). Any other exception (a nlohmann type_error, std::out_of_range, ...) or a
// broken property is a *finding*: it is printed once per distinct message to stderr as
// "FINDING <where>: <message>"; with PURSUIT_FUZZ_STRICT=1 in the environment it aborts, so
// libFuzzer keeps the input. Crashes, sanitizer reports, leaks and hangs always stop.
#pragma once
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "common/game.h"

namespace pursuit::fuzz {

// Entry signature shared by libFuzzer wrappers and the regression test.
using Entry = int (*)(const std::uint8_t* data, std::size_t size);

const GameInfo& pick_game(std::uint8_t byte);
std::optional<Json> parse_json(std::string_view text);

// Reports a finding (see policy above).
void finding(const std::string& where, const std::string& message);
// Runs f; contract exceptions are swallowed (returns false), others reported as findings.
bool guarded(const std::string& where, const std::function<void()>& f);

// Calls every read-only method for every side (and -1), dumping the JSON.
void exercise(const Game& game);
// observation(-1), to_move and result as one comparable string.
std::string state_key(const Game& game);
// Applies `move`; if it is refused, checks the state did not change. True if applied.
bool apply_checked(Game& game, const Json& move, const std::string& where);

// How many findings were reported in this process (the regression test asserts on it).
int findings_count();

}  // namespace pursuit::fuzz
