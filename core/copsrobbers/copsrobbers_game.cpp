// Owns: CopsRobbersGame and copsrobbers_tool (see header).
#include "copsrobbers/copsrobbers_game.h"

#include "common/config.h"
#include "common/errors.h"
#include "common/line_reader.h"
#include "common/options.h"
#include "copsrobbers/maps.h"

namespace pursuit::copsrobbers {
namespace {

std::string num(long long v) { return std::to_string(v); }

Json one_based(const std::vector<int>& v) {
    Json out = Json::array();
    for (int x : v) out.push_back(x + 1);
    return out;
}

int int_field(const Json& config, const char* name, int fallback, int lo, int hi) {
    if (!config.contains(name)) return fallback;
    const Json& v = config[name];
    if (!v.is_number_integer() || v.get<long long>() < lo || v.get<long long>() > hi)
        throw InputError(std::string("config.") + name + ": expected an integer " + num(lo) + ".." + num(hi) + ", got " + v.dump());
    return v.get<int>();
}

Start start_from_config(const Json& config, const City& city, int cops) {
    const std::uint64_t seed = config_seed(config);  // checked even when unused here: suggest_move reads it
    if (!config.contains("start")) {
        Rng rng(seed);
        return random_start(city, cops, rng);
    }
    const Json& s = config["start"];
    if (!s.is_object() || !s.contains("cops") || !s["cops"].is_array() || !s.contains("robber") ||
        !s["robber"].is_number_integer())
        throw InputError("config.start: expected {\"cops\": [crossings], \"robber\": crossing}");
    Start start;
    for (const Json& c : s["cops"]) {
        if (!c.is_number_integer()) throw InputError("config.start.cops: expected crossing numbers");
        start.cops.push_back(c.get<int>() - 1);
    }
    if (static_cast<int>(start.cops.size()) != cops)
        throw InputError("config.start.cops: expected " + num(cops) + " crossings, got " + num(start.cops.size()));
    start.robber = s["robber"].get<int>() - 1;
    return start;
}

// The move as integers: a number, an array of numbers, or a protocol line "5 5".
std::vector<long long> move_numbers(const Json& move, const std::string& what) {
    std::vector<long long> out;
    long long v;
    if (move.is_number_integer()) out.push_back(move.get<long long>());
    else if (move.is_array()) {
        for (const Json& x : move) {
            if (!x.is_number_integer()) throw IllegalMove(what + ": expected crossing numbers, got " + shown_json(move));
            out.push_back(x.get<long long>());
        }
    } else if (move.is_string()) {
        for (const auto& t : split_tokens(move.get<std::string>())) {
            if (!parse_int(t, v)) throw IllegalMove(what + ": " + quoted_excerpt(t) + " is not a crossing number");
            out.push_back(v);
        }
    } else {
        throw IllegalMove(what + ": expected crossing numbers, got " + shown_json(move));
    }
    for (long long& x : out)
        if (x < -1000000 || x > 1000000) throw IllegalMove(what + ": " + num(x) + " is not a crossing");
    return out;
}

}  // namespace

int parse_robber_move(const Json& move) {
    auto v = move_numbers(move, "X's move");
    if (v.size() != 1) throw IllegalMove("X's move: expected one crossing, got " + num(v.size()) + " numbers");
    return static_cast<int>(v[0]) - 1;
}

std::vector<int> parse_cops_move(const Json& move) {
    std::vector<int> out;
    for (long long x : move_numbers(move, "the cops' move")) out.push_back(static_cast<int>(x) - 1);
    return out;
}

City city_from_config(const Json& config) {
    if (config.contains("map_name")) {
        if (!config["map_name"].is_string()) throw InputError("config.map_name: expected a string");
        return named_map(config["map_name"].get<std::string>());
    }
    if (config.contains("map")) {
        if (!config["map"].is_string()) throw InputError("config.map: expected the map text as a string");
        const bool relaxed = config.value("relaxed", false);
        return read_city(config["map"].get<std::string>(), "map", relaxed ? Limits::relaxed() : Limits::contract());
    }
    return named_map("petersen");
}

CopsRobbersGame::CopsRobbersGame(const Json& config) : Game(config) {
    city_ = std::make_unique<City>(city_from_config(config));
    const int cops = int_field(config, "cops", 2, 1, kMaxCops);
    const int rounds = int_field(config, "rounds", 100, 1, Solver::kMaxHorizon);  // the contract: 10..100
    position_ = std::make_unique<Position>(*city_, start_from_config(config, *city_, cops), rounds);
}

Brain& CopsRobbersGame::brain() {
    if (!brain_) brain_ = std::make_unique<Brain>(*city_, position_->cop_count(), position_->rounds());
    return *brain_;
}

int CopsRobbersGame::to_move() const {
    switch (position_->phase()) {
        case Phase::RobberToMove: return 1;
        case Phase::CopsToMove: return 0;
        default: return -1;
    }
}

Json CopsRobbersGame::observation_of(int side) const {
    const Position& p = *position_;
    Json streets = Json::array();
    for (auto [a, b] : city_->streets) streets.push_back(Json::array({a + 1, b + 1}));
    Json layout = nullptr;
    if (!city_->layout.empty()) {
        layout = Json::array();
        for (const Point& q : city_->layout) layout.push_back(Json::array({q.x, q.y}));
    }
    const bool hide_x = side == 0 && !p.robber_has_moved();
    const int tm = to_move();
    return Json{{"n", city_->n()},
                {"m", city_->m()},
                {"streets", streets},
                {"layout", layout},
                {"cop_count", p.cop_count()},
                {"rounds", p.rounds()},
                // The round being played; once over, the round of the capture (or the last one).
                {"round", p.over() ? (p.capture_round() ? p.capture_round() : p.rounds()) : p.current_round()},
                {"rounds_done", p.rounds_done()},
                {"to_move", tm < 0 ? Json(nullptr) : Json(tm == 0 ? "cops" : "robber")},
                {"cops", one_based(p.cops())},
                {"robber", hide_x ? Json(nullptr) : Json(p.robber() + 1)},
                {"robber_hidden", hide_x},
                {"over", p.over()},
                {"summary", result()["summary"]}};
}

Json CopsRobbersGame::legal_moves_of(int side) const {
    const Position& p = *position_;
    const Graph& g = city_->graph;
    if (side != to_move()) return Json::array();
    auto closed = [&](int v) {
        Json out = Json::array({v + 1});
        for (int w : g.neighbours(v)) out.push_back(w + 1);
        return out;
    };
    if (side == 1) return closed(p.robber());
    Json per = Json::array();
    for (int c : p.cops()) per.push_back(closed(c));
    return Json{{"per_cop", per}};
}

void CopsRobbersGame::apply_move(const Json& move) {
    if (position_->phase() == Phase::RobberToMove) position_->move_robber(parse_robber_move(move));
    else position_->move_cops(parse_cops_move(move));
}

Json CopsRobbersGame::result() const {
    const Position& p = *position_;
    if (!p.over())
        return Json{{"over", false},
                    {"summary", "Round " + num(p.current_round()) + " of " + num(p.rounds()) + ": " +
                                    (p.phase() == Phase::RobberToMove ? "X" : "the cops") + " to move"},
                    {"winner", nullptr}};
    const bool cops_won = p.phase() == Phase::CopsWon;
    return Json{{"over", true},
                {"winner", cops_won ? "cops" : "robber"},
                {"summary", std::string(cops_won ? "The cops win: " : "X wins: ") + p.end_reason()},
                {"capture_round", cops_won ? Json(p.capture_round()) : Json(nullptr)},
                {"rounds_played", cops_won ? p.capture_round() : p.rounds()},
                {"cops", one_based(p.cops())},
                {"robber", p.robber() + 1}};
}

Json CopsRobbersGame::suggest_move(const Json& options) {
    if (over()) throw IllegalMove("the game is over");
    check_options(options, "Cops and Robbers",
                  {choice_option("level", standard_levels()), seed_option(),
                   choice_option("strategy", {"random", "greedy", "cover", "lookahead", "exact", "best"})});
    Strategy s = Strategy::Exact;
    if (options.contains("strategy")) s = parse_strategy(options["strategy"].get<std::string>());
    else if (options.contains("level")) s = strategy_for_level(options["level"].get<std::string>());
    Rng rng(options.value("seed", config().value("seed", 1ULL)) * 1000003ULL + moves().size());
    const Position& p = *position_;
    if (to_move() == 1) return brain().robber_move(s, p.cops(), p.robber(), p.rounds_left(), rng) + 1;
    return one_based(brain().cops_move(s, p.cops(), p.robber(), p.rounds_left(), rng));
}

namespace {

// The solver of the last analysed city (one entry: the page asks about one game at a time).
struct AnalysisCache {
    std::string key;
    std::unique_ptr<City> city;
    std::unique_ptr<Brain> brain;
};

Json analyse(const Json& args) {
    static AnalysisCache cache;
    if (!args.contains("config")) throw InputError("analyse: expected {\"config\": ..., \"moves\": [...]}");
    Json config = args["config"];
    auto game = create_game(config);
    auto* cr = dynamic_cast<CopsRobbersGame*>(game.get());
    if (!cr) throw InputError("analyse: config.game must be \"copsrobbers\"");
    if (args.contains("moves"))
        for (const Json& m : args["moves"]) game->apply(m);
    const Position& p = cr->position();
    const std::string key = format_city(cr->city(), false) + "|" + num(p.cop_count()) + "|" + num(p.rounds());
    if (cache.key != key) {
        cache.city = std::make_unique<City>(cr->city());
        cache.brain = std::make_unique<Brain>(*cache.city, p.cop_count(), p.rounds());
        cache.key = key;
    }
    Json out{{"n", cr->city().n()}, {"cops", p.cop_count()}, {"dismantlable", dismantlable(cr->city().graph)}};
    if (p.over() || !cache.brain->solver_fits()) {
        out["applies"] = false;
        out["reason"] = p.over() ? "the game is over" : "the state space is too big for the exact solver";
        return out;
    }
    const Solver* solver = cache.brain->solver();
    const bool x_to_move = p.phase() == Phase::RobberToMove;
    const int v = x_to_move ? solver->robber_to_move(p.cops(), p.robber()) : solver->cops_to_move(p.cops(), p.robber());
    out["applies"] = true;
    out["value"] = v == Solver::kNever ? Json(nullptr) : Json(v);
    if (v != Solver::kNever) {
        const int capture_round = p.current_round() + v - (x_to_move ? 1 : 0);
        if (capture_round <= p.rounds()) {
            out["forced"] = "cops";
            out["capture_round"] = capture_round;
            out["summary"] = "The cops force a capture by round " + num(capture_round);
            return out;
        }
    }
    out["forced"] = "robber";
    out["summary"] = "X survives all " + num(p.rounds()) + " rounds with best play";
    return out;
}

}  // namespace

Json copsrobbers_tool(const std::string& name, const Json& args) {
    if (name == "map") {
        City c = named_map(args.at("name").get<std::string>());
        return Json{{"text", format_city(c, true)}, {"n", c.n()}, {"m", c.m()}};
    }
    if (name == "suite") return Json{{"names", map_suite()}};
    if (name == "analyse") return analyse(args);
    if (name == "dismantlable") {
        City c = city_from_config(args);
        return Json{{"dismantlable", dismantlable(c.graph)}};
    }
    throw InputError("copsrobbers has no tool '" + name + "' (tools: map, suite, analyse, dismantlable)");
}

}  // namespace pursuit::copsrobbers
