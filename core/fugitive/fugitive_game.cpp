// Owns: FugitiveGame, map_from_config, the notation parsers and fugitive_tool (see header).
#include "fugitive/fugitive_game.h"

#include <cctype>
#include <cmath>

#include "common/config.h"
#include "common/errors.h"
#include "common/line_reader.h"
#include "common/options.h"
#include "fugitive/knowledge.h"
#include "fugitive/map_generator.h"
#include "fugitive/strategy.h"

namespace pursuit::fugitive {
namespace {

MapParams params_from_json(const Json& j, std::uint64_t default_seed, const std::string& where) {
    MapParams p;
    p.seed = default_seed;
    try {
        // Integers through config_int/config_seed: a float like 7.7e31 must not be cast to int.
        p.cities = static_cast<int>(config_int(j, "cities", p.cities, 5, kMaxCities, where));
        if (j.contains("seed")) p.seed = config_seed(j, where);
        p.car_per_city = j.value("car_per_city", p.car_per_city);
        p.train_fraction = j.value("train_fraction", p.train_fraction);
        p.plane_fraction = j.value("plane_fraction", p.plane_fraction);
    } catch (const Json::exception& e) {
        throw InputError(where + ": bad generator parameter (" + e.what() + ")");
    }
    // The generator turns these into counts: keep them where a cast to int is defined.
    auto check = [&where](double v, double lo, double hi, const char* name) {
        if (!std::isfinite(v) || v < lo || v > hi)
            throw InputError(where + "." + name + ": expected a number in " + std::to_string(lo) + ".." +
                             std::to_string(hi));
    };
    check(p.car_per_city, 1.0, 3.0, "car_per_city");
    check(p.train_fraction, 0.0, 1.0, "train_fraction");
    check(p.plane_fraction, 0.0, 1.0, "plane_fraction");
    return p;
}

const char* phase_name(Phase p) {
    switch (p) {
        case Phase::PlaceDetectives: return "place_detectives";
        case Phase::PlaceFugitive: return "place_fugitive";
        case Phase::FugitiveMove: return "fugitive";
        case Phase::DetectivesMove: return "detectives";
        case Phase::Over: return "over";
    }
    return "?";
}

Json cities_json(const Detectives& d) { return Json::array({d[0], d[1], d[2], d[3]}); }

}  // namespace

int parse_city_token(const std::string& text, int n) {
    long long v;
    if (!parse_int(text, v)) throw IllegalMove("expected a city number, got " + quoted_excerpt(text));
    if (v < 1 || v > n) throw IllegalMove("city " + text + " out of range 1.." + std::to_string(n));
    return static_cast<int>(v);
}

Detectives parse_detectives(const std::string& text, int n) {
    const auto tokens = split_tokens(text);
    if (tokens.size() != kPieces) throw IllegalMove("expected four cities for the Detectives, got " + quoted_excerpt(text));
    Detectives d{};
    for (int i = 0; i < kPieces; ++i) {
        try {
            d[i] = parse_city_token(tokens[i], n);
        } catch (const IllegalMove& e) {
            throw IllegalMove("Detective " + std::to_string(i + 1) + ": " + e.what());
        }
    }
    return d;
}

FugitiveMove parse_fugitive_move(const std::string& text) {
    const auto tokens = split_tokens(text);
    if (tokens.size() != 2 || tokens[0].size() != 1 || transport_index(tokens[0][0]) < 0)
        throw IllegalMove("expected a Fugitive move 'C|T|P city', got " + quoted_excerpt(text));
    long long v;
    if (!parse_int(tokens[1], v) || v < 0 || v > 100000) throw IllegalMove("expected a city number in the Fugitive move, got " + quoted_excerpt(text));
    return {tokens[0][0], static_cast<int>(v)};
}

std::shared_ptr<const Map> map_from_config(const Json& config) {
    const std::uint64_t seed = config_seed(config);
    std::shared_ptr<Map> map;
    if (!config.contains("map")) {
        map = std::make_shared<Map>(generate_map(params_from_json(Json::object(), seed, "config.map")));
    } else if (config["map"].is_string()) {
        map = std::make_shared<Map>(read_map(config["map"].get<std::string>(), "config.map"));
    } else if (config["map"].is_object()) {
        map = std::make_shared<Map>(generate_map(params_from_json(config["map"], seed, "config.map")));
    } else {
        throw InputError("config.map: expected the connect.txt text or generator parameters {\"cities\": N}");
    }
    return map;
}

Json map_json(const Map& map) {
    Json roads = Json::array();
    for (const Road& r : map.roads()) roads.push_back(Json::array({std::string(1, r.transport), r.a, r.b}));
    const std::vector<Point> pos = map.has_positions() ? map.positions() : compute_layout(map);
    Json positions = Json::array();
    for (int v = 1; v <= map.size(); ++v) positions.push_back(Json::array({pos[v].x, pos[v].y}));
    return Json{{"n", map.size()}, {"roads", roads}, {"positions", positions}, {"positions_computed", !map.has_positions()}};
}

FugitiveGame::FugitiveGame(const Json& config) : Game(config), state_(map_from_config(config)) {
    map_json_ = map_json(state_.map());
}

Json FugitiveGame::log(bool detectives_view) const {
    Json lines = Json::array();
    const State& s = state_;
    if (s.detectives_placed()) lines.push_back("Detectives start on " + detectives_text(s.placement()));
    if (s.start_city()) lines.push_back("Fugitive starts on " + std::to_string(s.start_city()));
    const bool hide = detectives_view && !s.over();
    for (const TurnRecord& r : s.history()) {
        std::string line = "Turn " + std::to_string(r.turn) + ": Fugitive took " + std::string(1, r.fugitive.transport);
        if (is_announcement_turn(r.turn)) line += " — announced at " + std::to_string(r.fugitive.city);
        else if (!hide) line += " to " + std::to_string(r.fugitive.city);
        lines.push_back(line);
        if (r.detectives_moved) lines.push_back("Turn " + std::to_string(r.turn) + ": Detectives to " + detectives_text(r.detectives));
    }
    if (s.over()) lines.push_back(s.end_reason());
    return lines;
}

Json FugitiveGame::observation_of(int side) const {
    const State& s = state_;
    const bool detectives_view = side == kDetectives;
    const Knowledge k = Knowledge::of(s);
    Json transports = Json::array(), announcements = Json::array();
    for (const TurnRecord& r : s.history()) {
        transports.push_back(std::string(1, r.fugitive.transport));
        if (is_announcement_turn(r.turn)) announcements.push_back(Json{{"turn", r.turn}, {"city", r.fugitive.city}});
    }
    const int turn = s.turn();
    Json obs{{"view", side == kFugitive ? "Fugitive" : detectives_view ? "Detectives" : "all"},
             {"map", map_json_},
             {"phase", phase_name(s.phase())},
             {"to_move", s.to_move()},
             {"turn", turn},
             {"turns", kTurns},
             {"announcement_turn", is_announcement_turn(turn)},
             {"next_announcement", turn == 0 ? kRoundLength : ((turn + kRoundLength - 1) / kRoundLength) * kRoundLength},
             {"detectives", s.detectives_placed() ? cities_json(s.detectives()) : Json::array()},
             {"transports", transports},
             {"announcements", announcements},
             {"last_announced", announcements.empty() ? Json(nullptr) : announcements.back()},
             {"possible", k.cities()},
             {"log", log(detectives_view)},
             {"over", s.over()}};
    obs["fugitive"] = (detectives_view && !s.over()) || s.fugitive() == 0 ? Json(nullptr) : Json(s.fugitive());
    if (s.over()) {
        const auto sc = s.score();
        obs["score"] = Json{{"Fugitive", sc[0]}, {"Detectives", sc[1]}};
        obs["summary"] = s.end_reason();
    }
    return obs;
}

Json FugitiveGame::legal_moves_of(int side) const {
    const State& s = state_;
    if (side != s.to_move()) return side == kDetectives ? Json{{"joint", true}, {"pieces", Json::array()}, {"distinct", true}} : Json::array();
    const int n = s.map().size();
    if (side == kFugitive) {
        Json out = Json::array();
        if (s.phase() == Phase::PlaceFugitive) {
            for (int v = 1; v <= n; ++v)
                if (s.why_illegal_fugitive_placement(v).empty()) out.push_back(std::to_string(v));
        } else {
            for (const FugitiveMove& m : s.fugitive_moves()) out.push_back(move_text(m));
        }
        return out;
    }
    Json pieces = Json::array();
    for (int i = 0; i < kPieces; ++i) {
        Json options = Json::array();
        if (s.phase() == Phase::PlaceDetectives) {
            for (int v = 1; v <= n; ++v) options.push_back(v);
        } else {
            for (int w : s.map().neighbours(s.detectives()[i])) options.push_back(w);
        }
        pieces.push_back(options);
    }
    return Json{{"joint", true}, {"pieces", pieces}, {"distinct", true}, {"placement", s.phase() == Phase::PlaceDetectives}};
}

void FugitiveGame::apply_move(const Json& move) {
    State& s = state_;
    if (move.is_object() && move.contains("forfeit")) {
        const Json& side = move["forfeit"];
        const bool both = side == "both";
        if (!both && (!side.is_number_integer() || (side.get<int>() != 0 && side.get<int>() != 1)))
            throw IllegalMove("forfeit: expected side 0 (Fugitive), 1 (Detectives) or \"both\"");
        s.forfeit(both ? kBothSides : side.get<int>(), move.value("reason", std::string("forfeit")));
        return;
    }
    const int n = s.map().size();
    std::string text;
    if (move.is_string()) {
        text = move.get<std::string>();
    } else if (move.is_array() && s.to_move() == kDetectives) {
        for (const Json& c : move) {
            if (!c.is_number_integer()) throw IllegalMove("expected four city numbers, got " + move.dump());
            text += std::to_string(c.get<long long>()) + " ";
        }
    } else if (move.is_number_integer() && s.phase() == Phase::PlaceFugitive) {
        text = std::to_string(move.get<long long>());
    } else {
        throw IllegalMove("a Fugitive vs Detectives move is a string such as \"T 101\" or \"26 74 121 180\", got " + move.dump());
    }
    switch (s.phase()) {
        case Phase::PlaceDetectives: s.place_detectives(parse_detectives(text, n)); break;
        case Phase::PlaceFugitive: {
            const auto tokens = split_tokens(text);
            if (tokens.size() != 1) throw IllegalMove("expected the Fugitive's start city, got " + quoted_excerpt(text));
            s.place_fugitive(parse_city_token(tokens[0], n));
            break;
        }
        case Phase::FugitiveMove: s.move_fugitive(parse_fugitive_move(text)); break;
        case Phase::DetectivesMove: s.move_detectives(parse_detectives(text, n)); break;
        case Phase::Over: throw IllegalMove("the game is over");
    }
}

Json FugitiveGame::result() const {
    const State& s = state_;
    if (!s.over()) return Json{{"over", false}, {"summary", "Playing: turn " + std::to_string(s.turn()) + " of 50"}};
    const auto sc = s.score();
    const char* ending = "";
    switch (s.ending()) {
        case Ending::Escaped: ending = "escaped"; break;
        case Ending::CapturedByFugitiveMove: ending = "walked onto a Detective"; break;
        case Ending::CapturedByDetectivesMove: ending = "caught"; break;
        case Ending::Forfeit: ending = "forfeit"; break;
        case Ending::None: ending = "none"; break;
    }
    std::string reason = s.end_reason();  // "the Fugitive walked onto ...": a summary starts a sentence
    if (!reason.empty()) reason[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(reason[0])));
    Json r{{"over", true},
           {"summary", reason + " — Fugitive " + std::to_string(sc[0]) + ", Detectives " + std::to_string(sc[1])},
           {"ending", ending},
           {"score", Json{{"Fugitive", sc[0]}, {"Detectives", sc[1]}}},
           {"scores", Json::array({sc[0], sc[1]})},
           {"turn", s.turn()},
           {"announcements_used", s.announcements_used()}};
    if (s.ending() == Ending::Forfeit)
        r["forfeited_by"] = s.forfeited_by() == kBothSides ? "both" : s.forfeited_by() == kFugitive ? "Fugitive" : "Detectives";
    return r;
}

Json FugitiveGame::suggest_move(const Json& options) {
    const State& s = state_;
    if (s.over()) throw IllegalMove("the game is over");
    check_options(options, "Fugitive",
                  {choice_option("level", standard_levels()), seed_option(),
                   choice_option("strategy", {"random", "greedy", "strong"})});
    BotSettings bot;
    const std::string level = options.value("level", std::string("best"));
    if (level == "easy") bot.strength = Strength::Random;
    else if (level == "medium") bot.strength = Strength::Greedy;
    else if (level == "hard") bot.effort = 30, bot.greedy_percent = 30;
    if (options.contains("strategy")) bot.strength = parse_strength(options["strategy"].get<std::string>());
    Rng rng(options.value("seed", config().value("seed", 1ULL) * 1000003ULL + moves().size()));
    switch (s.phase()) {
        case Phase::PlaceDetectives: return detectives_text(choose_detectives_placement(s.map(), bot, rng));
        case Phase::PlaceFugitive: return std::to_string(choose_fugitive_placement(s.map(), s.detectives(), bot, rng));
        case Phase::FugitiveMove: return move_text(choose_fugitive_move(s, bot, rng));
        case Phase::DetectivesMove: return detectives_text(choose_detectives_move(DetectivesView::of(s), bot, rng));
        case Phase::Over: break;
    }
    throw IllegalMove("the game is over");
}

std::vector<std::string> generator_keys() { return {"cities", "seed", "car_per_city", "train_fraction", "plane_fraction"}; }

Json fugitive_tool(const std::string& name, const Json& args) {
    if (name == "map") return map_json(*map_from_config(args));
    if (name == "generate") {
        check_known_keys(args, "args", generator_keys(), "the map generator");
        const Map m = generate_map(params_from_json(args, config_seed(args, "args"), "args"));
        return Json{{"text", map_text(m)}};
    }
    if (name == "validate") {
        if (!args.contains("map") || !args["map"].is_string()) throw InputError("validate: expected {\"map\": \"<connect.txt text>\"}");
        try {
            const Map m = read_map(args["map"].get<std::string>(), "connect.txt");
            const Validation v = validate_map(m);
            return Json{{"ok", v.ok()}, {"problems", v.problems}, {"notes", v.notes}, {"cities", m.size()}, {"roads", m.roads().size()}};
        } catch (const InputError& e) {
            return Json{{"ok", false}, {"problems", Json::array({e.what()})}, {"notes", Json::array()}};
        }
    }
    throw InputError("fugitive has no tool '" + name + "' (tools: map, generate, validate)");
}

}  // namespace pursuit::fugitive
