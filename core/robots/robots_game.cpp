// Owns: RobotsGame and robots_tool (see header).
#include "robots/robots_game.h"

#include "common/config.h"
#include "common/counted.h"
#include "common/errors.h"
#include "common/line_reader.h"
#include "common/options.h"
#include "robots/strategy.h"

namespace pursuit::robots {
namespace {

Json cell_json(Cell c) { return Json::array({c.r, c.c}); }

Case case_from_config(const Json& config) {
    if (config.contains("input")) {
        const auto k = config_int(config, "case", 1, 1, 1000000);
        CaseReader reader(config_string(config, "input"));
        while (auto c = reader.next())
            if (reader.cases_read() == k) return *c;
        throw InputError("config.case: the input has " + counted(reader.cases_read(), "case", "cases") + ", no case " +
                         std::to_string(k));
    }
    if (config.contains("robots") && config["robots"].is_array()) return case_from_json(config, "config");
    const auto robots = static_cast<int>(config_int(config, "robots", 10, 1, kMaxRobots));
    const auto teleports = static_cast<int>(config_int(config, "teleports", 5, 0, kMaxTeleports));
    Rng rng(config_seed(config));
    return random_case(rng, robots, teleports);
}

}  // namespace

std::string action_name(Action a) {
    if (a.is_teleport()) return "T" + std::to_string(a.teleport + 1);
    for (const Dir& d : kKingSteps)
        if (d.dr == a.dr && d.dc == a.dc) return d.name;
    return "?";
}

Action parse_action(const Json& move) {
    if (!move.is_string()) throw IllegalMove("a Robots move is a string such as \"NE\", \"stay\" or \"T1\", got " + move.dump());
    const std::string m = move.get<std::string>();
    for (const Dir& d : kKingSteps)
        if (m == d.name) return Action::walk(d.dr, d.dc);
    long long k;
    if (m.size() >= 2 && m[0] == 'T' && parse_int(m.substr(1), k) && k >= 1 && k <= kMaxTeleports)
        return Action::to(static_cast<int>(k - 1));
    throw IllegalMove("unknown Robots move " + double_quoted_excerpt(m) + " (expected N, NE, E, SE, S, SW, W, NW, stay or T1..T20)");
}

RobotsGame::RobotsGame(const Json& config) : Game(config), position_(case_from_config(config)) {}

Json RobotsGame::observation_of(int) const {
    const Position& p = position_;
    Json robots = Json::array(), debris = Json::array(), teleports = Json::array();
    for (Cell r : p.robots()) robots.push_back(cell_json(r));
    for (Cell d : p.debris_cells()) debris.push_back(cell_json(d));
    for (std::size_t i = 0; i < p.teleports().size(); ++i)
        teleports.push_back(Json{{"cell", cell_json(p.teleports()[i])}, {"used", p.teleport_used(static_cast<int>(i))}});
    const char* status = p.status() == Status::Playing ? "playing" : p.status() == Status::Won ? "won" : "lost";
    return Json{{"rows", kSize},        {"cols", kSize},           {"you", cell_json(p.you())},
                {"robots", robots},     {"debris", debris},        {"teleports", teleports},
                {"moves_made", p.moves_made()}, {"status", status}, {"robots_remaining", p.robots().size()},
                {"log", log_}};
}

Json RobotsGame::legal_moves_of(int) const {
    Json out = Json::array();
    if (over()) return out;
    for (const Dir& d : kKingSteps)
        if (position_.illegal_reason(Action::walk(d.dr, d.dc)).empty()) out.push_back(d.name);
    for (int i = 0; i < static_cast<int>(position_.teleports().size()); ++i)
        if (position_.illegal_reason(Action::to(i)).empty()) out.push_back("T" + std::to_string(i + 1));
    return out;
}

void RobotsGame::apply_move(const Json& move) {
    Action a = parse_action(move);
    const std::string why = position_.illegal_reason(a);
    if (!why.empty()) throw IllegalMove("move \"" + action_name(a) + "\" is illegal: " + why);
    position_.play(a);
    if (a.is_teleport())
        log_.push_back("Move " + std::to_string(position_.moves_made()) + ": teleport to (" +
                       std::to_string(position_.you().r) + "," + std::to_string(position_.you().c) + ")");
}

Json RobotsGame::result() const {
    const Position& p = position_;
    if (!over()) return Json{{"over", false}, {"summary", "Playing: " + counted(p.moves_made(), "move", "moves") + " made"}, {"outcome", nullptr}};
    auto lines = result_lines(p);
    Json all = log_;
    for (auto& l : lines) all.push_back(l);
    return Json{{"over", true},           {"summary", lines[0]},           {"outcome", p.status() == Status::Won ? "won" : "lost"},
                {"moves", p.moves_made()}, {"final", cell_json(p.you())},  {"debris", p.debris_count()},
                {"robots_remaining", p.robots().size()}, {"lines", all}};
}

Json RobotsGame::suggest_move(const Json& options) {
    if (over()) throw IllegalMove("the game is over");
    // One bot (the prescribed strategy): the same move for any level or seed.
    check_options(options, "Robots", {choice_option("level", standard_levels()), seed_option()});
    return action_name(strategy_action(position_));
}

namespace {
std::string input_arg(const Json& args, const std::string& tool) { return config_string(args, "input", "robots " + tool); }
}  // namespace

Json robots_tool(const std::string& name, const Json& args) {
    if (name == "judge") {
        std::string out;
        judge(input_arg(args, name), out);
        return Json{{"output", out}};
    }
    if (name == "cases") {
        Json cases = Json::array();
        for (const Case& c : read_all_cases(input_arg(args, name))) cases.push_back(case_to_json(c));
        return Json{{"count", cases.size()}, {"cases", cases}};
    }
    if (name == "random_input") {  // {"seed","cases","robots","teleports"} -> problem text
        const std::string where = "robots random_input";
        Rng rng(config_seed(args, where));
        const auto cases = config_int(args, "cases", 1, 1, 100000, where);
        const auto robots = static_cast<int>(config_int(args, "robots", 10, 1, kMaxRobots, where));
        const auto teleports = static_cast<int>(config_int(args, "teleports", 5, 0, kMaxTeleports, where));
        std::string text;
        for (long long i = 0; i < cases; ++i) text += format_case(random_case(rng, robots, teleports));
        return Json{{"input", text + "0 0\n"}};
    }
    throw InputError("robots has no tool '" + name + "' (tools: judge, cases, random_input)");
}

}  // namespace pursuit::robots
