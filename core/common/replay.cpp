// Owns: building and validating replay JSON; FNV-1a hashing for fingerprints.
#include "common/replay.h"

#include <cstdio>

#include "common/config.h"
#include "common/errors.h"

namespace pursuit {

Json make_replay(const std::string& game, const Json& config, const Json& moves,
                 const Json& result) {
    return Json{{"format", "pursuit-replay"}, {"version", kReplayVersion}, {"game", game},
                {"engine", kEngineVersion},   {"config", config},          {"moves", moves},
                {"result", result}};
}

void check_replay(const Json& r) {
    if (!r.is_object()) throw InputError("replay: expected a JSON object");
    // (A number in "format" was "type must be string, but is number", naming no field.)
    if (!r.contains("format") || r["format"] != "pursuit-replay")
        throw InputError("replay: field \"format\" must be \"pursuit-replay\"");
    if (!r.contains("version") || !r["version"].is_number_integer())
        throw InputError("replay: missing integer field \"version\"");
    // Compared as JSON numbers: get<int>() cut 4294967297 down to 1, which passed.
    if (r["version"] != Json(kReplayVersion))
        throw InputError("replay: version " + r["version"].dump() + " is not supported (this engine reads " +
                         std::to_string(kReplayVersion) + ")");
    if (!r.contains("config") || !r["config"].is_object())
        throw InputError("replay: missing object field \"config\"");
    if (!r.contains("moves") || !r["moves"].is_array())
        throw InputError("replay: missing array field \"moves\"");
    // The config says which game replays the moves; a "game" field that names another game
    // was ignored (a Search Party config under "game": "robots" replayed as Search Party).
    const Json& config = r["config"];
    if (r.contains("game") && config.contains("game") && r["game"] != config["game"])
        throw InputError("replay: field \"game\" is " + shown_json(r["game"]) + " but config.game is " + shown_json(config["game"]));
}

std::uint64_t fnv1a64(const std::string& bytes, std::uint64_t h) {
    for (unsigned char c : bytes) {
        h ^= c;
        h *= 1099511628211ULL;
    }
    return h;
}

std::string hex64(std::uint64_t v) {
    char buf[17];
    std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(v));
    return buf;
}

}  // namespace pursuit
