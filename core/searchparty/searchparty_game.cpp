// Owns: SearchPartyGame and searchparty_tool (see header).
#include "searchparty/searchparty_game.h"

#include "common/config.h"
#include "common/errors.h"
#include "common/line_reader.h"
#include "common/options.h"
#include "searchparty/builtin_maps.h"
#include "searchparty/checker.h"
#include "searchparty/generator.h"
#include "searchparty/solver.h"

namespace pursuit::searchparty {
namespace {

int level_of(const Json& options) {
    if (options.contains("level") && !options["level"].is_string())
        throw InputError("options.level: expected easy, medium, hard or best, got " + options["level"].dump());
    const std::string level = options.value("level", std::string("best"));
    if (level == "easy") return 0;
    if (level == "medium") return 1;
    if (level == "hard") return 2;
    if (level == "best") return 3;
    throw InputError("options.level: expected easy, medium, hard or best, got '" + level + "'");
}

// The solve tool's "pipeline": "game" (default: the plans the game itself follows, fast) or
// "full" (the native solver's, seconds on big maps).
bool pipeline_is_full(const Json& args) {
    if (!args.contains("pipeline")) return false;
    const Json& v = args["pipeline"];
    if (v.is_string() && v.get<std::string>() == "game") return false;
    if (v.is_string() && v.get<std::string>() == "full") return true;
    throw InputError("args.pipeline: expected \"game\" or \"full\", got " + v.dump());
}

// An integer field in [lo, hi] (checked before any conversion: a float or a huge number is an
// InputError, never undefined behaviour).
long long int_field(const Json& obj, const char* key, long long fallback, long long lo, long long hi, const std::string& where) {
    if (!obj.contains(key)) return fallback;
    const Json& v = obj[key];
    if (!v.is_number_integer()) throw InputError(where + "." + key + ": expected an integer, got " + v.dump());
    // (An unsigned value was checked against `hi` only: cols 0 passed here and failed later as
    // "generate: cols and rows must be 1..256", naming neither the field nor the value.)
    const bool too_big = v.is_number_unsigned() && v.get<std::uint64_t>() > static_cast<std::uint64_t>(hi);
    if (too_big || v.get<long long>() < lo || v.get<long long>() > hi)
        throw InputError(where + "." + key + ": " + v.dump() + " is outside " + std::to_string(lo) + ".." + std::to_string(hi));
    return v.is_number_unsigned() ? static_cast<long long>(v.get<std::uint64_t>()) : v.get<long long>();
}

std::uint64_t seed_field(const Json& obj, const char* key, std::uint64_t fallback, const std::string& where) {
    if (!obj.contains(key)) return fallback;
    const Json& v = obj[key];
    if (!v.is_number_integer() || (!v.is_number_unsigned() && v.get<long long>() < 0))
        throw InputError(where + "." + key + ": expected a non-negative integer, got " + v.dump());
    return v.get<std::uint64_t>();
}

GenerateSpec spec_from(const Json& g, std::uint64_t seed, const std::string& where) {
    if (!g.is_object()) throw InputError(where + ": expected an object {kind, cols, rows, costars, extras}");
    GenerateSpec spec;
    if (g.contains("kind")) {
        if (!g["kind"].is_string()) throw InputError(where + ".kind: expected one of maze, cave, rooms, open, got " + g["kind"].dump());
        spec.kind = g["kind"].get<std::string>();
    }
    spec.cols = static_cast<int>(int_field(g, "cols", spec.cols, 1, kMaxSide, where));
    spec.rows = static_cast<int>(int_field(g, "rows", spec.rows, 1, kMaxSide, where));
    spec.costars = static_cast<int>(int_field(g, "costars", spec.costars, 0, kMaxCostars, where));
    spec.extras = static_cast<int>(int_field(g, "extras", spec.extras, 0, kMaxExtras, where));
    spec.seed = seed_field(g, "seed", seed, where);
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

// object[key] as the bytes its file held. With object[key + "_encoding"] "latin1" each character
// is one byte (U+0000..U+00FF): the page reads a file that is not UTF-8 that way, so that its
// refusal names the byte the programs name ('\xe9', not the first byte of U+FFFD). `where` names
// the object ("config"), `what` the text ("map").
std::string file_bytes(const Json& object, const std::string& key, const std::string& where, const std::string& what) {
    const std::string text = object[key].get<std::string>();
    const std::string encoding_key = key + "_encoding";
    if (!object.contains(encoding_key)) return text;
    const Json& encoding = object[encoding_key];
    if (encoding == "utf-8") return text;
    if (encoding != "latin1")
        throw InputError(where + "." + encoding_key + ": expected \"utf-8\" or \"latin1\", got " + shown_json(encoding));
    std::string bytes;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const auto lead = static_cast<unsigned char>(text[i]);
        if (lead < 0x80) bytes += text[i];
        else if ((lead == 0xC2 || lead == 0xC3) && i + 1 < text.size() && (static_cast<unsigned char>(text[i + 1]) & 0xC0) == 0x80)
            bytes += static_cast<char>(((lead & 0x03) << 6) | (static_cast<unsigned char>(text[++i]) & 0x3F));
        else throw InputError(where + "." + key + ": a character above U+00FF in a " + what + " whose " + encoding_key + " is \"latin1\"");
    }
    return bytes;
}

// config.map as the bytes the map file held (map_encoding).
std::string map_bytes(const Json& config) { return file_bytes(config, "map", "config", "map"); }

// object[key], the name of the file a text came from (named in its messages), else `fallback`.
// `where` names the object ("config"), `what` the text ("map").
std::string file_name(const Json& object, const std::string& key, const std::string& where, const std::string& what,
                      const std::string& fallback) {
    if (object.contains(key) && !object[key].is_string())
        throw InputError(where + "." + key + ": expected the " + what + "'s name as a string, got " + shown_json(object[key]));
    return object.value(key, fallback);
}

}  // namespace

Map map_from_config(const Json& config) {
    const std::uint64_t seed = seed_field(config, "seed", 1, "config");
    if (config.contains("map")) {
        if (!config["map"].is_string()) throw InputError("config.map: expected the map text as a string");
        return read_map(map_bytes(config), file_name(config, "map_name", "config", "map", "map"));
    }
    if (config.contains("builtin")) {
        // (A number was looked up as the map '' and reported as "unknown built-in map ''".)
        if (!config["builtin"].is_string())
            throw InputError("config.builtin: expected a built-in map's name as a string, got " + shown_json(config["builtin"]));
        const std::string name = config["builtin"].get<std::string>();
        return read_map(builtin_map(name), name);
    }
    if (config.contains("generate")) return generate_map(spec_from(config["generate"], seed, "config.generate"));
    return read_map(builtin_map("rooms"), "rooms");
}

SearchPartyGame::SearchPartyGame(const Json& config) : Game(config), state_(map_from_config(config)) {}

Json SearchPartyGame::observation_of(int) const {
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

Json SearchPartyGame::legal_moves_of(int) const {
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
    // The original's words name neither the turn nor always the actor ("Invalid move of
    // [2, 1] in direction 8" with four people on 2,1): the page and the tools add the plain
    // words, as searchparty-check does, so an error reads the same natively and in the page.
    const std::string line = move.get<std::string>();
    state_.play(read_line(line));
}

// The move line read as the original reads it; its errors with the turn and the plain words.
Moves SearchPartyGame::read_line(const std::string& line) const {
    try {
        return state_.parse_line(line);
    } catch (const MoveLineError& e) {
        throw IllegalMove(std::string(e.what()) + " (turn " + std::to_string(state_.turns() + 1) + ": " + e.detail() + ")");
    }
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
    check_options(options, "Search Party",
                  {choice_option("level", standard_levels()), seed_option(),
                   text_option("fixed", "a move line such as \"@6\"")});
    const int level = level_of(options);
    const std::string fixed_line = options.value("fixed", std::string());
    if (!fixed_line.empty()) {
        // Hand steering: the pinned moves are read like a move line (same errors).
        const Moves pinned_moves = read_line(fixed_line);
        Moves fixed(state_.actors().size(), '0');
        for (const auto& t : split_tokens(fixed_line)) {
            const int i = state_.actor_index(t[0]);
            if (i >= 0) fixed[i] = pinned_moves[i];
        }
        // Made again for another level (the first call's level was kept for good).
        if (!hand_policy_ || hand_level_ != level) hand_policy_ = std::make_unique<Policy>(state_.map(), default_variants(level).front());
        hand_level_ = level;
        return state_.format_line(hand_policy_->step(state_, &fixed));
    }
    // The plan does not depend on the seed (fixed variants, no randomised tries; check_options
    // has checked it), so it is not part of the cache's key: a caller passing seed + turn
    // (pursuit-tool play, the fingerprint suite) planned the whole rest of the search again every
    // turn (cave-60x40: 7.8 s natively against 0.3 s in a page's loop with one seed) and followed
    // different moves.
    const std::string key = state_key(state_);
    std::size_t k = 0;
    while (k < plan_key_.size() && plan_key_[k] != key) ++k;
    if (level != plan_level_ || k == plan_key_.size()) {
        // Plan the rest of the search from here (deterministic: fixed variants only).
        const Plan plan = solve(state_, level, 1);
        plan_ = plan.moves;
        plan_key_.clear();
        State s = state_;
        for (const Moves& m : plan_) {
            plan_key_.push_back(state_key(s));
            s.play(m);
        }
        plan_level_ = level;
        k = 0;
    }
    return state_.format_line(plan_[k]);
}

std::vector<std::string> generator_keys() { return {"kind", "cols", "rows", "costars", "extras", "seed"}; }

Json searchparty_tool(const std::string& name, const Json& args) {
    auto map_arg = [&] {
        if (!args.contains("map") || !args["map"].is_string()) {
            if (args.contains("builtin") && args["builtin"].is_string()) return read_map(builtin_map(args["builtin"].get<std::string>()), "builtin");
            throw InputError("searchparty tool '" + name + "': expected \"map\" (the map text)");
        }
        const std::string source = args.contains("map_name") && args["map_name"].is_string() ? args["map_name"].get<std::string>() : "map";
        return read_map(args["map"].get<std::string>(), source);
    };
    if (name == "check") {
        if (!args.contains("solution") || !args["solution"].is_string()) throw InputError("args.solution: expected the solution text");
        // "solution_name": the file it came from, named in the messages as searchparty-check names
        // SOLUTION; "solution_encoding": "latin1" for a file that is not UTF-8, as config.map_encoding.
        const std::string source = file_name(args, "solution_name", "args", "solution", "solution");
        return check_solution(map_arg(), file_bytes(args, "solution", "args", "solution"), source.empty() ? "solution" : source).to_json();
    }
    if (name == "solve") {  // the whole solution at once (for the page's "solve" button)
        const State start(map_arg());
        const int level = level_of(args);
        const bool full = pipeline_is_full(args);
        const int restarts = static_cast<int>(int_field(args, "restarts", 0, 0, 1000, "args"));
        const std::uint64_t seed = seed_field(args, "seed", 1, "args");
        const auto more = [restarts](int i) { return i < restarts; };
        // "full" is the native solver's pipeline (searchparty-solver --seed S --tries N gives
        // the same plan); "game" the game's own plans, a second at most on the reference maps.
        // A step starts only if it would end within plan_ms (default 20 s; the page asks for
        // 90 s and waits up to 180 s for the answer, so a slow machine gets the same plan).
        // The reference maps and ours take at most 12 s in WebAssembly, so there the plan is
        // the native solver's, step for step.
        const double plan_ms = static_cast<double>(int_field(args, "plan_ms", 20000, 1000, 600000, "args"));
        const Plan plan = full ? solve_full(start, level, seed, more, steps_within(plan_ms, plan_ms)) : solve(start, level, seed, more);
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
        for (const auto& m : builtin_maps()) maps.push_back(Json{{"name", m.name}, {"text", m.text}, {"generated", m.generated}});
        return maps;
    }
    if (name == "generate") {
        check_known_keys(args, "args", generator_keys(), "the map generator");
        return Json{{"map", generate_map(spec_from(args, 1, "args")).to_text()}};
    }
    throw InputError("searchparty has no tool '" + name + "' (tools: check, solve, lower_bound, maps, generate)");
}

}  // namespace pursuit::searchparty
