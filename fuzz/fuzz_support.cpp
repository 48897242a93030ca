// Owns: the shared fuzz helpers (see header).
#include "fuzz_support.h"

#include <cstdio>
#include <cstdlib>
#include <set>

#include "common/errors.h"

namespace pursuit::fuzz {
namespace {
int g_findings = 0;

bool strict() {
    static const bool s = [] {
        const char* v = std::getenv("PURSUIT_FUZZ_STRICT");
        return v && *v && std::string(v) != "0";
    }();
    return s;
}

// Digits vary from input to input; one report per message shape is enough.
std::string shape(const std::string& s) {
    std::string out;
    for (char c : s.substr(0, 160)) {
        if ((c >= '0' && c <= '9') || (c >= 'A' && c <= 'F')) {  // numbers, hex bytes
            if (out.empty() || out.back() != '#') out += '#';
        } else {
            out += c;
        }
    }
    return out;
}
}  // namespace

const GameInfo& pick_game(std::uint8_t byte) {
    const auto& games = all_games();
    return games[byte % games.size()];
}

std::optional<Json> parse_json(std::string_view text) {
    Json j = Json::parse(text.begin(), text.end(), nullptr, /*allow_exceptions=*/false);
    if (j.is_discarded()) return std::nullopt;
    return j;
}

void finding(const std::string& where, const std::string& message) {
    ++g_findings;
    static std::set<std::string> seen;
    const std::string key = where + ": " + shape(message);
    if (strict() || (seen.size() < 200 && seen.insert(key).second))
        std::fprintf(stderr, "FINDING %s: %s\n", where.c_str(), message.substr(0, 400).c_str());
    if (strict()) std::abort();
}

int findings_count() { return g_findings; }

bool guarded(const std::string& where, const std::function<void()>& f) {
    try {
        f();
        return true;
    } catch (const InputError&) {
    } catch (const IllegalMove&) {
    } catch (const std::exception& e) {
        finding(where, std::string("non-contract exception: ") + e.what());
    }
    return false;
}

void exercise(const Game& game) {
    const std::string id = game.id();
    guarded(id + " read-only calls", [&] {
        (void)game.side_names();
        (void)game.to_move();
        for (int side = -1; side < game.sides(); ++side) {
            (void)game.observation(side).dump();
            if (side >= 0) (void)game.legal_moves(side).dump();
        }
        (void)game.result().dump();
        (void)game.replay().dump();
    });
}

std::string state_key(const Game& game) {
    return game.observation(-1).dump() + "|" + std::to_string(game.to_move()) + "|" + game.result().dump();
}

bool apply_checked(Game& game, const Json& move, const std::string& where) {
    std::string before;
    if (!guarded(where + " state", [&] { before = state_key(game); })) return false;
    try {
        game.apply(move);
        return true;
    } catch (const InputError&) {
    } catch (const IllegalMove&) {
    } catch (const std::exception& e) {
        finding(where + " apply " + move.dump().substr(0, 80), std::string("non-contract exception: ") + e.what());
    }
    std::string after;
    if (guarded(where + " state", [&] { after = state_key(game); }) && after != before)
        finding(where, "a refused move " + move.dump().substr(0, 80) + " changed the state");
    return false;
}

}  // namespace pursuit::fuzz
