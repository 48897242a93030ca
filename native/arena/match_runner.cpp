// Owns: running one game through its judge and turning the outcome into a record.
#include "arena/match_runner.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "arena/judge_process.h"
#include "common/errors.h"
#include "common/judge_io.h"

namespace fs = std::filesystem;

namespace pursuit::arena {
namespace {

std::string lower(std::string s) {
    for (auto& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

std::string safe_file_part(const std::string& s) {
    std::string out;
    for (char c : s) out += (std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.') ? c : '_';
    return out;
}

std::string tail_of_file(const std::string& path, std::size_t keep) {
    std::ifstream f(path, std::ios::binary);
    std::stringstream ss;
    ss << f.rdbuf();
    std::string s = ss.str();
    if (s.size() > keep) s = "..." + s.substr(s.size() - keep);
    while (!s.empty() && (s.back() == '\n' || s.back() == '\r')) s.pop_back();
    return s;
}

// A fault value: null/false/""/"ok" = none; true = "fault"; a string = that verdict.
std::string decode_fault(const Json& v) {
    if (v.is_null()) return "";
    if (v.is_boolean()) return v.get<bool>() ? "fault" : "";
    if (v.is_string()) {
        const std::string s = v.get<std::string>();
        return (s.empty() || lower(s) == "ok") ? "" : s;
    }
    return v.dump();
}

std::map<std::string, std::string> template_vars(const MatchContext& ctx, const MatchSpec& m,
                                                  const std::string& work) {
    const auto& bots = *ctx.bots;
    std::map<std::string, std::string> vars{{"map", m.map.value},          {"map_name", m.map.name},
                                            {"seed", std::to_string(m.seed)}, {"outdir", work},
                                            {"game", ctx.game->game},       {"game_index", std::to_string(m.index)}};
    // "{seed}" in a bot command becomes the game's seed (seeded bots then differ per game);
    // other braces are left for the judge (e.g. bank-judge's {layout}).
    auto command = [&](int b) {
        std::string c = bots[b].command;
        for (std::size_t pos; (pos = c.find("{seed}")) != std::string::npos;) c.replace(pos, 6, std::to_string(m.seed));
        return c;
    };
    for (int s = 0; s < 2; ++s) {
        const bool present = s < static_cast<int>(m.bots.size());
        vars["cmd" + std::to_string(s)] = present ? command(m.bots[s]) : "";
        vars["name" + std::to_string(s)] = present ? bots[m.bots[s]].name : "";
    }
    for (std::size_t s = 0; s < ctx.game->roles.size(); ++s) {
        vars["cmd_" + ctx.game->roles[s]] = command(m.bots[s]);
        vars["name_" + ctx.game->roles[s]] = bots[m.bots[s]].name;
    }
    for (const auto& [k, v] : config_vars(*ctx.game)) vars[k] = v;
    return vars;
}

// Fills the outcome fields of `rec` from the judge's result JSON.
void read_outcome(const GameDescriptor& g, const Json& result, const std::vector<std::string>& names, Json& rec) {
    const int sides = g.sides();
    if (sides == 2 && !g.winner_from_scores) rec["winner"] = decode_winner(at_pointer(result, g.winner_ptr), g, names);
    Json scores = Json::array(), faults = Json::array(), times = Json::array();
    for (int s = 0; s < sides; ++s) {
        const Json score = at_pointer(result, side_pointer(g.score_ptr, s, g.roles[s]));
        scores.push_back(score.is_number() ? score : Json(nullptr));
        Json fault = nullptr;
        bool applies = true;
        if (!g.fault_side_ptr.empty()) {
            // "both": both programs failed (the judges name no winner then).
            const Json who = at_pointer(result, g.fault_side_ptr);
            const bool both = who.is_string() && lower(who.get<std::string>()) == "both";
            applies = !who.is_null() && (both || decode_winner(who, g, names) == s);
        }
        std::string verdict = applies ? decode_fault(at_pointer(result, side_pointer(g.fault_ptr, s, g.roles[s]))) : std::string();
        if (applies && verdict.empty() && !g.fault_side_ptr.empty()) verdict = "forfeit";
        if (!verdict.empty()) {
            const Json why = at_pointer(result, side_pointer(g.fault_reason_ptr, s, g.roles[s]));
            fault = verdict + (why.is_string() && !why.get<std::string>().empty() ? ": " + why.get<std::string>() : "");
        }
        faults.push_back(fault);
        Json t = at_pointer(result, side_pointer(g.move_times_ptr, s, g.roles[s]));
        Json kept = Json::array();
        if (t.is_array())
            for (const auto& x : t)
                if (x.is_number() && kept.size() < 5000) kept.push_back(x.get<double>());
        times.push_back(kept);
    }
    if (sides == 1 && !scores[0].is_number()) throw InputError("no score at " + g.score_ptr);
    if (sides == 1 && !g.tiebreaks.empty()) {
        // Read like the score: a result without them could not be ranked among equal scores. A
        // bot's fault loses whatever the values (summary): a faulted game without them is the
        // bot's loss, not a failed game (a bot too slow to answer at all had none, and its game
        // was not rated).
        Json values = Json::array();
        for (const auto& tb : g.tiebreaks) {
            const std::string ptr = side_pointer(tb.pointer, 0, g.roles[0]);
            const Json v = at_pointer(result, ptr);
            if (!v.is_number() && !faults[0].is_null()) {
                values = nullptr;
                break;
            }
            if (!v.is_number())
                throw InputError("no tie-break value (a number) at " + ptr + (v.is_null() ? "" : ", got " + v.dump()));
            values.push_back(v);
        }
        if (!values.is_null()) rec["tiebreaks"] = values;
    }
    if (sides == 2 && g.winner_from_scores) {
        if (!scores[0].is_number() || !scores[1].is_number()) throw InputError("no scores at " + g.score_ptr);
        const double a = scores[0].get<double>(), b = scores[1].get<double>();
        rec["winner"] = a == b ? -1 : ((a > b) == g.higher_score_wins ? 0 : 1);
    }
    rec["scores"] = scores;
    rec["faults"] = faults;
    rec["move_times_ms"] = times;
    const Json captures = at_pointer(result, g.captures_ptr);
    rec["captures"] = captures.is_number() ? captures : Json(nullptr);
    const Json reason = at_pointer(result, g.reason_ptr);
    if (reason.is_string()) rec["reason"] = reason;
}

}  // namespace

int decode_winner(const Json& v, const GameDescriptor& g, const std::vector<std::string>& names) {
    if (v.is_null()) return -1;
    if (v.is_number_integer()) {
        const int w = v.get<int>();
        if (w >= -1 && w < g.sides()) return w;
        throw InputError("winner " + v.dump() + " is not a side index");
    }
    if (v.is_string()) {
        const std::string s = v.get<std::string>();
        auto it = g.winner_values.find(s);
        if (it != g.winner_values.end()) return it->second;
        const std::string l = lower(s);
        if (l.empty() || l == "draw" || l == "none" || l == "tie") return -1;
        for (int i = 0; i < g.sides(); ++i)
            if (lower(g.roles[i]) == l) return i;
        for (int i = 0; i < static_cast<int>(names.size()); ++i)
            if (names[i] == s) return i;
    }
    throw InputError("winner " + v.dump() + " is neither a side index, a role, a bot name nor listed in winner_values");
}

Json play_match(const MatchContext& ctx, const MatchSpec& m) {
    const GameDescriptor& g = *ctx.game;
    const auto& bots = *ctx.bots;
    const std::string work = (fs::path(ctx.out_dir) / "work" / std::to_string(m.index)).string();
    std::error_code ec;
    fs::remove_all(work, ec);
    fs::create_directories(work);
    std::vector<std::string> names;
    for (int b : m.bots) names.push_back(bots[b].name);

    Json rec{{"key", m.key}, {"index", m.index}, {"game", g.game}, {"map", m.map.name}, {"seed", m.seed},
             {"bots", names}, {"status", "ok"}, {"winner", nullptr}, {"scores", Json::array()},
             {"faults", Json::array()}, {"captures", nullptr}, {"reason", ""}, {"replay", nullptr}};
    const auto vars = template_vars(ctx, m, work);
    std::vector<std::string> argv{ctx.judge_path};
    for (const auto& a : g.args) argv.push_back(expand(a, vars));
    const std::string err_path = work + "/judge.stderr";
    // The judge runs in the arena's working directory, so relative bot commands and map
    // paths mean what they meant on the arena's command line.
    const JudgeRun run = run_judge(argv, "", work + "/judge.stdout", err_path, ctx.wall_clock_s);
    rec["seconds"] = run.seconds;
    rec["judge"] = run.describe();

    auto fail = [&](const std::string& status, const std::string& why) {
        rec["status"] = status;
        const std::string tail = tail_of_file(err_path, 600);
        rec["reason"] = why + (tail.empty() ? "" : "; judge stderr: " + tail);
    };
    if (run.timed_out) {
        fail("timeout", "judge ran longer than " + std::to_string(static_cast<int>(ctx.wall_clock_s)) +
                            " s (wall-clock cap) and was killed with its bots");
    } else if (run.interrupted) {
        rec["status"] = "interrupted";
    } else {
        const std::string result_path = expand(g.result_file, vars);
        try {
            if (!fs::exists(result_path)) throw InputError("the judge wrote no result file " + result_path);
            Json result;
            try {
                result = Json::parse(read_file(result_path));
            } catch (const Json::exception& e) {
                throw InputError("result file " + result_path + " is not JSON: " + e.what());
            }
            read_outcome(g, result, names, rec);
        } catch (const std::exception& e) {
            fail("error", std::string(e.what()) + " (" + run.describe() + ")");
        }
        if (!g.replay_file.empty()) {
            const std::string replay = expand(g.replay_file, vars);
            if (fs::exists(replay)) {
                std::string file = "replays/" + safe_file_part(g.game) + "-" + std::to_string(m.index) + "-" +
                                   safe_file_part(m.map.name) + "-s" + std::to_string(m.seed);
                for (const auto& n : names) file += "-" + safe_file_part(n);
                file += ".json";
                fs::create_directories(fs::path(ctx.out_dir) / "replays");
                fs::copy_file(replay, fs::path(ctx.out_dir) / file, fs::copy_options::overwrite_existing, ec);
                if (!ec) rec["replay"] = file;
            }
        }
    }
    // A failed game keeps its folder (judge stdout/stderr, result) for a post-mortem.
    const std::string status = rec["status"].get<std::string>();
    if (!ctx.keep_work && (status == "ok" || status == "interrupted")) fs::remove_all(work, ec);
    return rec;
}

}  // namespace pursuit::arena
