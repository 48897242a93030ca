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
}  // namespace pursuit
