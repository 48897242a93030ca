// Owns: loading, discovering and template expansion of arena descriptors (see descriptor.h).
#include "arena/descriptor.h"

#include <algorithm>
#include <filesystem>
#include <set>

#include "common/errors.h"
#include "common/game.h"
#include "common/judge_io.h"

namespace fs = std::filesystem;

namespace pursuit::arena {
namespace {

std::string get_string(const Json& j, const std::string& key, const std::string& where,
                       bool required, const std::string& fallback = "") {
    if (!j.contains(key)) {
        if (required) throw InputError(where + ": missing field \"" + key + "\"");
        return fallback;
    }
    if (!j[key].is_string()) throw InputError(where + ": field \"" + key + "\" must be a string");
    return j[key].get<std::string>();
}

std::vector<std::string> get_strings(const Json& j, const std::string& key, const std::string& where,
                                     bool required) {
    std::vector<std::string> out;
    if (!j.contains(key)) {
        if (required) throw InputError(where + ": missing field \"" + key + "\"");
        return out;
    }
    if (!j[key].is_array()) throw InputError(where + ": field \"" + key + "\" must be an array of strings");
    for (const auto& v : j[key]) {
        if (!v.is_string()) throw InputError(where + ": field \"" + key + "\" must be an array of strings");
        out.push_back(v.get<std::string>());
    }
    return out;
}

// A map entry that names a file next to the descriptor becomes its absolute path; anything
// else (a built-in map name, an absolute path) is kept as written.
std::string resolve_map(const std::string& entry, const std::string& dir) {
    if (entry.empty() || entry[0] == '/') return entry;
    fs::path p = fs::path(dir) / entry;
    std::error_code ec;
    if (fs::exists(p, ec)) return fs::weakly_canonical(p, ec).string();
    return entry;
}

// A config object of the descriptor (map_name_config, map_file_config): present, then an
// object without "game" and "seed" (the arena adds those, as the judge does).
Json get_config(const Json& j, const std::string& key, const std::string& path) {
    if (!j.contains(key)) return nullptr;
    if (!j[key].is_object() || j[key].contains("game") || j[key].contains("seed"))
        throw InputError(path + ": \"" + key + "\" must be an object of config fields (without \"game\" and \"seed\")");
    return j[key];
}

// "{map}" and "{map_text}": the config values that stand for the map itself.
bool is_stand_in(const Json& v) { return v == "{map}" || v == "{map_text}"; }

// The judge has one setup: a value set in both configs must be the same, or a file and a
// name would be checked with different games than the judge plays ({config.KEY} is one value).
void check_same_setup(const Json& by_name, const Json& by_file, const std::string& path) {
    if (!by_name.is_object() || !by_file.is_object()) return;
    for (auto it = by_file.begin(); it != by_file.end(); ++it)
        if (by_name.contains(it.key()) && by_name[it.key()] != it.value() && !is_stand_in(it.value()) &&
            !is_stand_in(by_name[it.key()]))
            throw InputError(path + ": \"map_file_config\" and \"map_name_config\" give \"" + it.key() +
                             "\" different values (" + it.value().dump() + ", " + by_name[it.key()].dump() + ")");
}

// A config template with its stand-ins ("{map}", "{map_text}") replaced by their values;
// `setup` gets the other fields, which are the judge's setup named in errors.
Json fill_config(const Json& templ, const std::map<std::string, std::string>& stand_ins, Json& setup) {
    Json config = Json::object();
    setup = Json::object();
    for (auto it = templ.begin(); it != templ.end(); ++it) {
        const auto found = it.value().is_string() ? stand_ins.find(it.value().get<std::string>()) : stand_ins.end();
        config[it.key()] = found != stand_ins.end() ? Json(found->second) : it.value();
        if (found == stand_ins.end()) setup[it.key()] = it.value();
    }
    return config;
}

// Creates the game the judge would create for every seed 1..seeds, through the uniform
// interface, so the game's own readers and rules decide (not a copy of them here). Throws
// InputError "<what> (seed S): <the game's reason>" for any error: the judge would fail on it
// as well, and the map is what to name.
void create_for_seeds(const std::string& game, Json config, int seeds, const std::string& what) {
    config["game"] = game;
    for (int seed = 1; seed <= std::max(seeds, 1); ++seed) {
        config["seed"] = seed;
        try {
            create_game(config);
        } catch (const std::exception& e) {
            throw InputError(what + " (seed " + std::to_string(seed) + "): " + e.what());
        }
    }
}

// result.tiebreaks: [{"pointer": "/...", "higher_wins": true|false}, ...]; each key checked,
// so a typo ("higher_win") is named rather than a tie broken the wrong way.
std::vector<TieBreak> get_tiebreaks(const Json& r, const std::string& where, int sides) {
    std::vector<TieBreak> out;
    if (!r.contains("tiebreaks")) return out;
    const std::string shape = "{\"pointer\": \"/...\", \"higher_wins\": true|false}";
    const Json& list = r["tiebreaks"];
    if (!list.is_array()) throw InputError(where + ": \"tiebreaks\" must be an array of " + shape);
    if (sides != 1 && !list.empty())
        throw InputError(where + ": \"tiebreaks\" apply to one-role games only (this one has " + std::to_string(sides) +
                         " roles)");
    for (std::size_t i = 0; i < list.size(); ++i) {
        const std::string at = "tiebreaks[" + std::to_string(i) + "]";
        const Json& t = list[i];
        if (!t.is_object()) throw InputError(where + ": " + at + " must be an object " + shape);
        for (auto it = t.begin(); it != t.end(); ++it)
            if (it.key() != "pointer" && it.key() != "higher_wins")
                throw InputError(where + " " + at + ": unknown field \"" + it.key() +
                                 "\" (a tie-break has \"pointer\" and \"higher_wins\")");
        TieBreak tb;
        tb.pointer = get_string(t, "pointer", where + " " + at, true);
        if (tb.pointer.empty() || tb.pointer[0] != '/')
            throw InputError(where + " " + at + ": \"" + tb.pointer + "\" is not a JSON pointer");
        if (!t.contains("higher_wins")) throw InputError(where + " " + at + ": missing field \"higher_wins\" (true or false)");
        if (!t["higher_wins"].is_boolean()) throw InputError(where + " " + at + ": field \"higher_wins\" must be true or false");
        tb.higher_wins = t["higher_wins"].get<bool>();
        out.push_back(tb);
    }
    return out;
}

std::string with_setup(const Json& setup) {
    return setup.empty() ? std::string() : " with the descriptor's setup " + setup.dump();
}

}  // namespace

GameDescriptor load_descriptor(const std::string& path) {
    const Json j = parse_json_text(read_file(path), path);
    if (!j.is_object()) throw InputError(path + ": expected a JSON object");
    GameDescriptor d;
    d.path = path;
    d.dir = fs::absolute(fs::path(path)).parent_path().string();
    d.game = get_string(j, "game", path, true);
    d.title = get_string(j, "title", path, false, d.game);
    d.judge = get_string(j, "judge", path, true);
    d.args = get_strings(j, "args", path, true);
    d.roles = get_strings(j, "roles", path, true);
    if (d.roles.empty() || d.roles.size() > 2)
        throw InputError(path + ": \"roles\" must list 1 or 2 role names");
    d.result_file = get_string(j, "result_file", path, false, "{outdir}/result.json");
    d.replay_file = get_string(j, "replay_file", path, false, "");
    for (const auto& m : get_strings(j, "maps", path, false)) d.default_maps.push_back(resolve_map(m, d.dir));
    d.map_name_tool = get_string(j, "map_name_tool", path, false);
    d.map_name_config = get_config(j, "map_name_config", path);
    d.map_file_config = get_config(j, "map_file_config", path);
    check_same_setup(d.map_name_config, d.map_file_config, path);
    if (j.contains("wall_clock_s")) {
        if (!j["wall_clock_s"].is_number() || j["wall_clock_s"].get<double>() <= 0)
            throw InputError(path + ": \"wall_clock_s\" must be a positive number");
        d.wall_clock_s = j["wall_clock_s"].get<double>();
    }
    if (j.contains("higher_score_wins")) d.higher_score_wins = j.value("higher_score_wins", true);
    if (j.contains("winner_from_scores")) d.winner_from_scores = j.value("winner_from_scores", false);
    const Json r = j.value("result", Json::object());
    if (!r.is_object()) throw InputError(path + ": \"result\" must be an object of JSON pointers");
    const std::string where = path + " result";
    d.winner_ptr = get_string(r, "winner", where, d.sides() == 2 && !d.winner_from_scores);
    d.score_ptr = get_string(r, "score", where, d.sides() == 1 || d.winner_from_scores);
    d.captures_ptr = get_string(r, "captures", where, false);
    d.fault_ptr = get_string(r, "fault", where, false);
    d.fault_reason_ptr = get_string(r, "fault_reason", where, false);
    d.fault_side_ptr = get_string(r, "fault_side", where, false);
    d.move_times_ptr = get_string(r, "move_times_ms", where, false);
    d.reason_ptr = get_string(r, "reason", where, false);
    d.tiebreaks = get_tiebreaks(r, where, d.sides());
    if (r.contains("winner_values")) {
        if (!r["winner_values"].is_object()) throw InputError(where + ": \"winner_values\" must be an object");
        for (auto it = r["winner_values"].begin(); it != r["winner_values"].end(); ++it) {
            if (!it.value().is_number_integer())
                throw InputError(where + ": winner_values[\"" + it.key() + "\"] must be a side index or -1");
            d.winner_values[it.key()] = it.value().get<int>();
        }
    }
    for (const auto& ptr : {d.winner_ptr, d.score_ptr, d.captures_ptr, d.fault_ptr, d.fault_reason_ptr,
                            d.fault_side_ptr, d.move_times_ptr, d.reason_ptr}) {
        if (!ptr.empty() && ptr[0] != '/') throw InputError(where + ": \"" + ptr + "\" is not a JSON pointer");
    }
    // Catch typos in templates now rather than in the middle of a tournament.
    std::map<std::string, std::string> probe{{"map", ""}, {"map_name", ""}, {"seed", ""}, {"outdir", ""},
                                             {"game", ""}, {"game_index", ""}};
    for (int s = 0; s < 2; ++s) {
        probe["cmd" + std::to_string(s)] = "";
        probe["name" + std::to_string(s)] = "";
    }
    for (const auto& role : d.roles) {
        probe["cmd_" + role] = "";
        probe["name_" + role] = "";
    }
    for (const auto& [k, v] : config_vars(d)) probe[k] = v;
    for (const auto& a : d.args) expand(a, probe);
    expand(d.result_file, probe);
    expand(d.replay_file, probe);
    return d;
}

void check_map_name(const GameDescriptor& g, const std::string& name, int seeds) {
    const std::string what = "map " + name + ": no such file, and ";
    if (g.map_name_tool.empty())
        throw InputError(what + g.game + " has no built-in map names (" + g.judge + " reads map files only)");
    try {
        run_tool(g.game, g.map_name_tool, Json{{"name", name}});
    } catch (const InputError& e) {
        throw InputError(what + "not a built-in map of " + g.game + ": " + e.what());
    }
    if (g.map_name_config.is_null()) return;
    // e.g. copsrobbers cannot place 2 cops and X on a triangle.
    Json setup;
    const Json config = fill_config(g.map_name_config, {{"{map}", name}}, setup);
    create_for_seeds(g.game, config, seeds,
                     "map " + name + ": a built-in map of " + g.game + ", but " + g.judge +
                         " cannot play it with the descriptor's setup " + setup.dump());
}

void check_map_file(const GameDescriptor& g, const std::string& path, int seeds) {
    if (g.map_file_config.is_null()) return;
    std::string text;
    try {
        text = read_file(path);
    } catch (const std::exception& e) {
        throw InputError("map " + path + ": " + e.what());
    }
    // A broken file, another game's map (the reader's error), or a map the setup cannot play.
    Json setup;
    const Json config = fill_config(g.map_file_config, {{"{map}", path}, {"{map_text}", text}}, setup);
    create_for_seeds(g.game, config, seeds, "map " + path + ": " + g.judge + " cannot play this file" + with_setup(setup));
}

std::map<std::string, std::string> config_vars(const GameDescriptor& g) {
    std::map<std::string, std::string> vars;
    for (const Json* config : {&g.map_file_config, &g.map_name_config}) {  // shared keys agree (load_descriptor)
        if (!config->is_object()) continue;
        for (auto it = config->begin(); it != config->end(); ++it)
            vars["config." + it.key()] = it.value().is_string() ? it.value().get<std::string>() : it.value().dump();
    }
    return vars;
}

std::vector<GameDescriptor> discover_descriptors(const std::vector<std::string>& dirs) {
    std::vector<GameDescriptor> out;
    std::set<std::string> seen;
    for (const auto& dir : dirs) {
        std::error_code ec;
        if (!fs::is_directory(dir, ec)) continue;
        std::vector<fs::path> found;
        for (const auto& entry : fs::directory_iterator(dir, ec)) {
            fs::path p = entry.path() / "arena.json";
            if (entry.is_directory() && fs::exists(p)) found.push_back(p);
        }
        std::sort(found.begin(), found.end());
        for (const auto& p : found) {
            GameDescriptor d = load_descriptor(p.string());
            if (seen.insert(d.game).second) out.push_back(std::move(d));
        }
    }
    return out;
}

std::string expand(const std::string& templ, const std::map<std::string, std::string>& vars) {
    std::string out;
    for (std::size_t i = 0; i < templ.size(); ++i) {
        if (templ[i] == '{' && i + 1 < templ.size() && templ[i + 1] == '{') {
            out += '{';
            ++i;
            continue;
        }
        if (templ[i] != '{') {
            out += templ[i];
            continue;
        }
        const std::size_t close = templ.find('}', i);
        if (close == std::string::npos) throw InputError("template \"" + templ + "\": unclosed '{'");
        const std::string name = templ.substr(i + 1, close - i - 1);
        auto it = vars.find(name);
        if (it == vars.end()) throw InputError("template \"" + templ + "\": unknown placeholder {" + name + "}");
        out += it->second;
        i = close;
    }
    return out;
}

std::string side_pointer(const std::string& ptr, int side, const std::string& role) {
    std::string out = ptr;
    for (std::size_t pos; (pos = out.find("{side}")) != std::string::npos;)
        out.replace(pos, 6, std::to_string(side));
    for (std::size_t pos; (pos = out.find("{role}")) != std::string::npos;)
        out.replace(pos, 6, role);
    return out;
}

Json at_pointer(const Json& doc, const std::string& ptr) {
    if (ptr.empty()) return nullptr;
    try {
        const Json::json_pointer p(ptr);
        if (!doc.contains(p)) return nullptr;
        return doc.at(p);
    } catch (const Json::exception&) {
        return nullptr;
    }
}

}  // namespace pursuit::arena
