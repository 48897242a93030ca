// Owns: generic and per-game soak invariants (see header).
#include "soak_checks.h"

#include <algorithm>
#include <functional>
#include <set>
#include <utility>

namespace pursuit::soak {
namespace {

void expect(bool ok, const std::string& what) {
    if (!ok) throw CheckFailure(what);
}

bool is_int_in(const Json& j, long long lo, long long hi) {
    return j.is_number_integer() && j.get<long long>() >= lo && j.get<long long>() <= hi;
}

// ---- Robots: pieces on the 31x31 board, robots distinct and off the debris, counts -------
void check_robots(const Game& game, const Views& v) {
    const Json& o = v.all;
    expect(o["rows"] == 31 && o["cols"] == 31, "robots: board is not 31x31");
    auto on_board = [](const Json& c) { return c.is_array() && c.size() == 2 && is_int_in(c[0], 1, 31) && is_int_in(c[1], 1, 31); };
    expect(on_board(o["you"]), "robots: you off the board: " + o["you"].dump());
    std::set<std::pair<int, int>> robots, debris;
    for (const Json& d : o["debris"]) {
        expect(on_board(d), "robots: debris off the board");
        debris.insert({d[0].get<int>(), d[1].get<int>()});
    }
    for (const Json& r : o["robots"]) {
        expect(on_board(r), "robots: robot off the board");
        expect(robots.insert({r[0].get<int>(), r[1].get<int>()}).second, "robots: two robots on one cell " + r.dump());
        expect(!debris.count({r[0].get<int>(), r[1].get<int>()}), "robots: a robot on debris " + r.dump());
    }
    expect(o["robots_remaining"] == robots.size(), "robots: robots_remaining disagrees with the robots listed");
    expect(o["teleports"].size() <= 20, "robots: more than 20 teleports");
    expect(robots.size() + debris.size() <= 50, "robots: more robots + debris piles than robots at the start");
    expect(o["moves_made"] == game.moves().size(), "robots: moves_made is not the number of moves applied");
    const std::string status = o["status"];
    expect((status == "playing") == !game.over(), "robots: status '" + status + "' disagrees with to_move");
    if (status == "won") expect(robots.empty(), "robots: won with robots left");
}

// ---- Search Party: board shape, unsearched count, actors on the board, counts -------------
void check_searchparty(const Game& game, const Views& v) {
    const Json& o = v.all;
    const long long cols = o["cols"], rows = o["rows"];
    expect(cols > 0 && rows > 0 && o["board"].size() == static_cast<std::size_t>(rows), "searchparty: board rows");
    long long dots = 0;
    for (const Json& row : o["board"]) {
        const std::string r = row;
        expect(static_cast<long long>(r.size()) == cols, "searchparty: a board row has the wrong length");
        dots += std::count(r.begin(), r.end(), '.');
    }
    expect(o["unsearched"] == dots, "searchparty: unsearched " + o["unsearched"].dump() + " but " + std::to_string(dots) + " '.' cells");
    expect(o["unsearched"].get<long long>() <= o["open"].get<long long>(), "searchparty: more unsearched than open cells");
    for (const Json& a : o["actors"])
        expect(is_int_in(a["x"], 0, cols) && is_int_in(a["y"], 0, rows), "searchparty: actor off the board " + a.dump());
    expect(o["costars_alive"] <= o["costars"] && o["extras_alive"] <= o["extras"], "searchparty: more alive than placed");
    expect(o["turn"] == game.moves().size(), "searchparty: turn is not the number of moves applied");
    expect(o["over"] == game.over(), "searchparty: over disagrees with to_move");
}

// ---- Fugitive: pieces on cities, the Detectives never see the Fugitive before the end,
// and their "possible" set always contains where the Fugitive really is ------------------
void check_fugitive(const Game& game, const Views& v) {
    const Json& o = v.all;
    const long long n = o["map"]["n"];
    std::set<long long> detectives;
    for (const Json& d : o["detectives"]) {
        expect(is_int_in(d, 1, n), "fugitive: detective off the map " + d.dump());
        detectives.insert(d.get<long long>());
    }
    expect(detectives.size() == o["detectives"].size(), "fugitive: two detectives on one city");
    expect(o["fugitive"].is_null() || is_int_in(o["fugitive"], 1, n), "fugitive: fugitive off the map");
    expect(o["turn"].get<long long>() <= o["turns"].get<long long>(), "fugitive: turn beyond the last turn");
    const Json& det = v.sides.at(1);
    if (!game.over()) {
        expect(det["fugitive"].is_null(), "fugitive: the Detectives' view shows the Fugitive's city");
        if (o["fugitive"].is_number_integer() && o["phase"] != "place_fugitive" && det["possible"].is_array() &&
            !det["possible"].empty())
            expect(std::find(det["possible"].begin(), det["possible"].end(), o["fugitive"]) != det["possible"].end(),
                   "fugitive: the Detectives' possible set misses the Fugitive's city " + o["fugitive"].dump());
    }
    if (o.contains("score"))
        for (const auto& s : o["score"].items()) expect(is_int_in(s.value(), 0, 1000), "fugitive: score out of bounds");
}

// ---- Bank: the guards' view never names an unseen robber's cell, and the cells they think
// possible always contain the robber's real cell; move counts within the limit -------------
void check_bank(const Game&, const Views& v) {
    const Json& o = v.all;
    const Json& guards = v.sides.at(0);
    expect(o["guards"].size() == 4 && o["robbers"].size() == 4, "bank: not four guards and four robbers");
    for (const Json& m : o["moves_made"])
        expect(m.get<long long>() <= o["move_limit"].get<long long>(), "bank: more moves than the move limit");
    for (std::size_t i = 0; i < 4; ++i) {
        const Json& seen_by_guards = guards["robbers"][i];
        expect(!seen_by_guards.contains("cell"), "bank: the guards' view carries robber cells");
        if (!seen_by_guards["seen"].get<bool>() && !seen_by_guards["caught"].get<bool>())
            expect(seen_by_guards["coord"] == "??", "bank: the guards' view names an unseen robber " + seen_by_guards.dump());
        const Json& truth = o["robbers"][i];
        if (o["placed"].get<bool>() && !truth["caught"].get<bool>() && !truth["riding"].get<bool>()) {
            const Json& cells = guards["possible"][i]["cells"];
            expect(std::find(cells.begin(), cells.end(), truth["cell"]) != cells.end(),
                   "bank: the guards' possible cells of robber " + std::to_string(i + 1) + " miss its real cell " + truth["cell"].dump());
        }
    }
}

using Check = std::function<void(const Game&, const Views&)>;
const std::vector<std::pair<std::string, Check>>& table() {
    static const std::vector<std::pair<std::string, Check>> t{
        {"robots", check_robots},
        {"searchparty", check_searchparty},
        {"fugitive", check_fugitive},
        {"bank", check_bank},
    };
    return t;
}

}  // namespace

Views read_views(const Game& game) {
    Views v;
    auto read = [&](int side) {
        Json a = game.observation(side);
        const std::string once = a.dump();
        expect(game.observation(side).dump() == once, "observation(" + std::to_string(side) + ") is not a pure function");
        expect(Json::parse(once) == a, "observation(" + std::to_string(side) + ") does not survive dump/parse");
        return a;
    };
    v.all = read(-1);
    for (int s = 0; s < game.sides(); ++s) v.sides.push_back(read(s));
    return v;
}

void check_position(const Game& game, const Views& views) {
    const int to_move = game.to_move();
    expect(to_move >= -1 && to_move < game.sides(), "to_move " + std::to_string(to_move) + " out of range");
    expect(static_cast<int>(game.side_names().size()) == game.sides(), "side_names size != sides");
    const Json result = game.result();
    expect(result.contains("over") && result["over"].is_boolean() && result["over"] == game.over(),
           "result.over disagrees with to_move");
    expect(result.contains("summary") && result["summary"].is_string(), "result has no summary string");
    for (const auto& [id, check] : table())
        if (id == game.id()) {
            try {
                check(game, views);
            } catch (const Json::exception& e) {  // the observation lacks a field the check reads
                throw CheckFailure(id + ": observation is not as documented: " + e.what());
            }
        }
}

std::vector<std::string> games_with_own_checks() {
    std::vector<std::string> ids;
    for (const auto& e : table()) ids.push_back(e.first);
    return ids;
}

}  // namespace pursuit::soak
