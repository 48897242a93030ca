// Owns: CaseReader, case validation, random cases, case <-> JSON.
#include "robots/cases.h"

#include <set>

#include "common/errors.h"

namespace pursuit::robots {
namespace {
std::string cell_text(Cell c) { return "(" + std::to_string(c.r) + "," + std::to_string(c.c) + ")"; }
}  // namespace

CaseReader::CaseReader(std::string input, std::string source) : in_(std::move(input), std::move(source)) {}

Cell CaseReader::read_cell(const std::string& what) {
    in_.skip_blank_lines();
    auto v = in_.line_of_ints(what + " (row column)", 2, 1, kSize);
    return Cell{static_cast<int>(v[0]), static_cast<int>(v[1])};
}

std::optional<Case> CaseReader::next() {
    if (done_) return std::nullopt;
    const std::string name = "case " + std::to_string(cases_ + 1);
    if (!in_.skip_blank_lines())
        in_.fail_at_end(name + ": expected `R T` or the terminating `0 0`, got end of input (missing `0 0`)");
    auto head = in_.line_of_ints(name + ": `R T`", 2, 0, 1000000);
    if (head[0] == 0 && head[1] == 0) {
        done_ = true;
        return std::nullopt;
    }
    if (head[0] < 1 || head[0] > kMaxRobots)
        in_.fail(name + ": R = " + std::to_string(head[0]) + " robots, expected 1.." + std::to_string(kMaxRobots));
    if (head[1] > kMaxTeleports)
        in_.fail(name + ": T = " + std::to_string(head[1]) + " teleports, expected 0.." + std::to_string(kMaxTeleports));
    Case c;
    std::set<Cell> seen;
    for (int i = 1; i <= head[0]; ++i) {
        Cell cell = read_cell(name + ": robot " + std::to_string(i));
        if (cell == kStart) in_.fail(name + ": robot " + std::to_string(i) + " is on your start cell (15,15)");
        if (!seen.insert(cell).second)
            in_.fail(name + ": robot " + std::to_string(i) + " at " + cell_text(cell) + " duplicates an earlier robot");
        c.robots.push_back(cell);
    }
    for (int i = 1; i <= head[1]; ++i) c.teleports.push_back(read_cell(name + ": teleport " + std::to_string(i)));
    ++cases_;
    return c;
}

std::vector<Case> read_all_cases(const std::string& input) {
    CaseReader reader(input);
    std::vector<Case> out;
    while (auto c = reader.next()) out.push_back(std::move(*c));
    return out;
}

void validate_case(const Case& c, const std::string& where) {
    auto fail = [&](const std::string& m) { throw InputError(where + ": " + m); };
    if (c.robots.empty() || c.robots.size() > kMaxRobots) fail("expected 1..50 robots, got " + std::to_string(c.robots.size()));
    if (c.teleports.size() > kMaxTeleports) fail("expected 0..20 teleports, got " + std::to_string(c.teleports.size()));
    std::set<Cell> seen;
    auto on_board = [](Cell x) { return x.r >= 1 && x.r <= kSize && x.c >= 1 && x.c <= kSize; };
    for (std::size_t i = 0; i < c.robots.size(); ++i) {
        const std::string name = "robot " + std::to_string(i + 1) + " at " + cell_text(c.robots[i]);
        if (!on_board(c.robots[i])) fail(name + " is off the 31x31 board");
        if (c.robots[i] == kStart) fail(name + " is on your start cell");
        if (!seen.insert(c.robots[i]).second) fail(name + " duplicates an earlier robot");
    }
    for (std::size_t i = 0; i < c.teleports.size(); ++i)
        if (!on_board(c.teleports[i]))
            fail("teleport " + std::to_string(i + 1) + " at " + cell_text(c.teleports[i]) + " is off the board");
}

Case random_case(Rng& rng, int robots, int teleports) {
    if (robots < 1 || robots > kMaxRobots) throw InputError("random case: robots must be 1..50, got " + std::to_string(robots));
    if (teleports < 0 || teleports > kMaxTeleports)
        throw InputError("random case: teleports must be 0..20, got " + std::to_string(teleports));
    Case c;
    std::set<Cell> used{kStart};
    while (static_cast<int>(c.robots.size()) < robots) {
        Cell cell{rng.range(1, kSize), rng.range(1, kSize)};
        if (used.insert(cell).second) c.robots.push_back(cell);
    }
    for (int i = 0; i < teleports; ++i) c.teleports.push_back(Cell{rng.range(1, kSize), rng.range(1, kSize)});
    return c;
}

std::string format_case(const Case& c) {
    std::string s = std::to_string(c.robots.size()) + " " + std::to_string(c.teleports.size()) + "\n";
    for (Cell x : c.robots) s += std::to_string(x.r) + " " + std::to_string(x.c) + "\n";
    for (Cell x : c.teleports) s += std::to_string(x.r) + " " + std::to_string(x.c) + "\n";
    return s;
}

namespace {
Json cells_to_json(const std::vector<Cell>& cells) {
    Json a = Json::array();
    for (Cell x : cells) a.push_back({x.r, x.c});
    return a;
}
std::vector<Cell> cells_from_json(const Json& j, const std::string& where) {
    if (!j.is_array()) throw InputError(where + ": expected an array of [row, column] pairs");
    std::vector<Cell> out;
    for (std::size_t i = 0; i < j.size(); ++i) {
        const Json& p = j[i];
        if (!p.is_array() || p.size() != 2 || !p[0].is_number_integer() || !p[1].is_number_integer())
            throw InputError(where + "[" + std::to_string(i) + "]: expected [row, column], got " + p.dump());
        out.push_back(Cell{p[0].get<int>(), p[1].get<int>()});
    }
    return out;
}
}  // namespace

Json case_to_json(const Case& c) { return Json{{"robots", cells_to_json(c.robots)}, {"teleports", cells_to_json(c.teleports)}}; }

Case case_from_json(const Json& j, const std::string& where) {
    Case c;
    c.robots = cells_from_json(j.at("robots"), where + ".robots");
    c.teleports = j.contains("teleports") ? cells_from_json(j["teleports"], where + ".teleports") : std::vector<Cell>{};
    validate_case(c, where);
    return c;
}

}  // namespace pursuit::robots
