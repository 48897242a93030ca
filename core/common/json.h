// Owns: the one JSON type of the project (nlohmann/json from Debian's nlohmann-json3-dev).
#pragma once
#include <nlohmann/json.hpp>

#include <string>

namespace pursuit {
using Json = nlohmann::json;

// The text of `json` for files and output lines. Strings that come from outside JSON (a path
// or a command line from argv, a file name from a folder) may hold bytes that are not UTF-8,
// on which dump() throws after the game was played: they are written with U+FFFD instead.
inline std::string json_text(const Json& json, int indent = -1) {
    return json.dump(indent, ' ', false, Json::error_handler_t::replace);
}

// Deepest nesting accepted in JSON text from outside (a config, a move, a replay file, an
// option). Copying, printing and freeing a JSON value recurse once per level: tens of thousands
// of levels overflowed the stack (pursuit-tool died with SIGSEGV, wasm with a RangeError). No
// config, move, replay or option of any game comes near this.
inline constexpr int kMaxJsonDepth = 200;

// The message of a JSON library error without its "[json.exception.parse_error.101] " tags.
std::string readable_json_error(std::string message);

// Parses JSON text from outside; errors name `what` ("config: invalid JSON: ...", "replay.json:
// JSON nested deeper than 200 levels (at character 201)") and are InputError.
Json parse_json_text(const std::string& text, const std::string& what);
}  // namespace pursuit
