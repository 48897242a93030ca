// Owns: SearchPartyGame and searchparty_tool (see header).
#include "searchparty/searchparty_game.h"

#include "common/errors.h"
#include "common/line_reader.h"
#include "searchparty/builtin_maps.h"
#include "searchparty/checker.h"
#include "searchparty/generator.h"
#include "searchparty/solver.h"

namespace pursuit::searchparty {
namespace {

int level_of(const Json& options) {
    const std::string level = options.value("level", std::string("best"));
    if (level == "easy") return 0;
    if (level == "medium") return 1;
    if (level == "hard") return 2;
    if (level == "best") return 3;
    throw InputError("options.level: expected easy, medium, hard or best, got '" + level + "'");
}

GenerateSpec spec_from(const Json& g, std::uint64_t seed) {
    if (!g.is_object()) throw InputError("config.generate: expected an object {kind, cols, rows, costars, extras}");
    GenerateSpec spec;
    spec.kind = g.value("kind", spec.kind);
    spec.cols = g.value("cols", spec.cols);
    spec.rows = g.value("rows", spec.rows);
    spec.costars = g.value("costars", spec.costars);
    spec.extras = g.value("extras", spec.extras);
    spec.seed = g.value("seed", seed);
    return spec;
}

// A fingerprint of the parts of the state a plan depends on.
std::string state_key(const State& s) {
    std::string k = std::to_string(s.turns()) + ":" + std::to_string(s.unsearched()) + ":" + s.actors_line();
    for (const Actor& a : s.actors()) k += a.alive ? '1' : '0';
    return k;
}

Json actor_json(const Actor& a) {
    const char* role = a.role == Role::Star ? "star" : a.role == Role::Costar ? "costar" : "extra";
    return Json{{"name", std::string(1, a.name)}, {"role", role}, {"x", a.x}, {"y", a.y}, {"alive", a.alive}};
}

}  // namespace

Map map_from_config(const Json& config) {
    const std::uint64_t seed = config.value("seed", 1ULL);
    if (config.contains("map")) {
        if (!config["map"].is_string()) throw InputError("config.map: expected the map text as a string");
        return read_map(config["map"].get<std::string>(), config.value("map_name", std::string("map")));
    }
    if (config.contains("builtin")) {
        const std::string name = config["builtin"].is_string() ? config["builtin"].get<std::string>() : "";
        return read_map(builtin_map(name), name);
    }
    if (config.contains("generate")) return generate_map(spec_from(config["generate"], seed));
    return read_map(builtin_map("rooms"), "rooms");
}

SearchPartyGame::SearchPartyGame(const Json& config) : Game(config), state_(map_from_config(config)) {}

Json SearchPartyGame::observation(int) const {
    Json actors = Json::array();
    for (const Actor& a : state_.actors()) actors.push_back(actor_json(a));
    const Map& m = state_.map();
    return Json{{"cols", m.cols},
                {"rows", m.rows},
                {"board", state_.board_rows()},
                {"actors", actors},
                {"turn", state_.turns()},
                {"unsearched", state_.unsearched()},
                {"open", m.open_count()},
                {"over", state_.finished()},
                {"costars_alive", state_.costars_alive()},
                {"extras_alive", state_.extras_alive()},
                {"costars", m.costars},
                {"extras", m.extras},
                {"start", Json::array({m.x_of(m.start), m.y_of(m.start)})}};
}

Json SearchPartyGame::legal_moves(int) const {
    Json out = Json::object();
    if (over()) return out;
    const Map& m = state_.map();
    for (const Actor& a : state_.actors()) {
        if (!a.alive) continue;
        Json digits = Json::array();
        for (char d = '1'; d <= '9'; ++d)
            if (m.open_at(a.x + digit_dx(d), a.y + digit_dy(d))) digits.push_back(std::string(1, d));
        out[std::string(1, a.name)] = digits;
    }
    return out;
}

void SearchPartyGame::apply_move(const Json& move) {
    if (!move.is_string()) throw IllegalMove("a Search Party move is a move line string such as \"@9 A2 a2.\", got " + move.dump());
    state_.play_line(move.get<std::string>());
}

Json SearchPartyGame::result() const {
    const std::string summary = over() ? "Finished in " + std::to_string(state_.turns()) + " turns"
                                       : "Searching: turn " + std::to_string(state_.turns()) + ", " +
                                             std::to_string(state_.unsearched()) + " cells left";
    Json r{{"over", over()},
           {"summary", summary},
           {"turns", state_.turns()},
           {"costars_alive", state_.costars_alive()},
           {"extras_alive", state_.extras_alive()},
           {"unsearched", state_.unsearched()}};
    if (over()) r["lines"] = Json::array({summary, state_.final_line()});
    return r;
}

Json SearchPartyGame::suggest_move(const Json& options) {
    if (over()) throw IllegalMove("the search is over");
    const int level = level_of(options);
    const std::uint64_t seed = options.value("seed", config().value("seed", 1ULL));
    const std::string fixed_line = options.value("fixed", std::string());
    if (!fixed_line.empty()) {
        // Hand steering: the pinned moves are read like a move line (same errors).
        const Moves pinned_moves = state_.parse_line(fixed_line);
        Moves fixed(state_.actors().size(), '0');
        for (const auto& t : split_tokens(fixed_line)) {
            const int i = state_.actor_index(t[0]);
            if (i >= 0) fixed[i] = pinned_moves[i];
        }
        if (!hand_policy_) hand_policy_ = std::make_unique<Policy>(state_.map(), default_variants(level).front());
        return state_.format_line(hand_policy_->step(state_, &fixed));
    }
    const std::string opts = std::to_string(level) + "/" + std::to_string(seed);
    const std::string key = state_key(state_);
    std::size_t k = 0;
    while (k < plan_key_.size() && plan_key_[k] != key) ++k;
    if (opts != plan_options_ || k == plan_key_.size()) {
        // Plan the rest of the search from here (deterministic: fixed variants only).
        const Plan plan = solve(state_, level, seed);
        plan_ = plan.moves;
        plan_key_.clear();
        State s = state_;
        for (const Moves& m : plan_) {
            plan_key_.push_back(state_key(s));
            s.play(m);
        }
        plan_options_ = opts;
        k = 0;
    }
    return state_.format_line(plan_[k]);
}

Json searchparty_tool(const std::string& name, const Json& args) {
    auto map_arg = [&] {
        if (!args.contains("map") || !args["map"].is_string()) {
            if (args.contains("builtin")) return read_map(builtin_map(args["builtin"].get<std::string>()), "builtin");
            throw InputError("searchparty tool '" + name + "': expected \"map\" (the map text)");
        }
        return read_map(args["map"].get<std::string>(), args.value("map_name", std::string("map")));
    };
    if (name == "check") return check_solution(map_arg(), args.value("solution", std::string())).to_json();
    if (name == "solve") {  // the whole solution at once (for the page's "solve" button)
        const State start(map_arg());
        const int level = level_of(args);
        const int restarts = args.value("restarts", 0);
        const Plan plan = solve(start, level, args.value("seed", 1ULL), [restarts](int i) { return i < restarts; });
        Json lines = Json::array();
        State s = start;
        for (const Moves& m : plan.moves) {
            lines.push_back(s.format_line(m));
            s.play(m);
        }
        return Json{{"moves", lines},       {"turns", plan.turns},           {"costars", plan.costars},
                    {"extras", plan.extras}, {"complete", plan.complete},    {"batch", batch_text(start, plan)}};
    }
    if (name == "lower_bound") {
        const LowerBound lb = lower_bound(map_arg());
        return Json{{"open", lb.open}, {"unseen", lb.unseen}, {"people", lb.people},
                    {"area", lb.area}, {"distance", lb.distance}, {"bound", lb.bound()}};
    }
    if (name == "maps") {
        Json maps = Json::array();
        for (const auto& m : builtin_maps()) maps.push_back(Json{{"name", m.name}, {"text", m.text}});
        return maps;
    }
    if (name == "generate") {
        return Json{{"map", generate_map(spec_from(args, args.value("seed", 1ULL))).to_text()}};
    }
    throw InputError("searchparty has no tool '" + name + "' (tools: check, solve, lower_bound, maps, generate)");
}

}  // namespace pursuit::searchparty
