// Owns: play_match (see header).
#include "fugitive/match.h"

#include <filesystem>
#include <optional>

#include "common/errors.h"
#include "common/judge_io.h"
#include "common/line_reader.h"
#include "common/process_runner.h"
#include "fugitive/fugitive_game.h"

namespace pursuit::fugitive {
namespace {

const char* kSideName[2] = {"Fugitive", "Detectives"};

// Token-based reading (a Decision of the contract): `count` tokens over one or more lines;
// blank lines are skipped; a line bringing more tokens than needed is malformed.
struct Tokens {
    std::vector<std::string> tokens;
    std::string malformed;  // non-empty: what was wrong with the text
};

std::optional<Tokens> read_tokens(Player& p, std::size_t count, const std::string& context) {
    Tokens out;
    while (out.tokens.size() < count) {
        auto line = p.read_line(context);
        if (!line) return std::nullopt;
        const auto tokens = split_tokens(*line);
        if (out.tokens.size() + tokens.size() > count) {
            std::string shown = line->substr(0, 60);
            out.malformed = "expected " + std::to_string(count) + " token(s) for " + context + ", got the line '" + shown +
                            (line->size() > 60 ? "...'" : "'");
            return out;
        }
        for (const auto& t : tokens) out.tokens.push_back(t);
    }
    return out;
}

std::string join(const std::vector<std::string>& tokens) {
    std::string s;
    for (const auto& t : tokens) s += (s.empty() ? "" : " ") + t;
    return s;
}

class Referee {
public:
    Referee(FugitiveGame& game, Player& fugitive, Player& detectives) : game_(game), players_{&fugitive, &detectives} {}

    void run() {
        if (!send(kFugitive, "Fugitive") || !send(kDetectives, "Detectives")) return;
        if (!take(kDetectives, kPieces, "the Detectives' placement")) return;
        for (int c : state().detectives())
            if (!send(kFugitive, std::to_string(c))) return;
        if (!take(kFugitive, 1, "the Fugitive's placement")) return;
        if (!send(kDetectives, std::to_string(state().start_city()))) return;
        while (!state().over()) {
            const int turn = state().turn();
            const std::string when = "turn " + std::to_string(turn);
            if (!take(kFugitive, 2, "the Fugitive's move of " + when)) return;
            if (state().over()) return;
            const TurnRecord& r = state().history().back();
            const std::string told = is_announcement_turn(turn) ? move_text(r.fugitive) : std::string(1, r.fugitive.transport);
            if (!send(kDetectives, told)) return;
            if (!take(kDetectives, kPieces, "the Detectives' move of " + when)) return;
            if (state().over()) return;  // caught, or turn 50 done: not sent to the Fugitive
            for (int c : state().detectives())
                if (!send(kFugitive, std::to_string(c))) return;
        }
    }

private:
    const State& state() const { return game_.state(); }

    void forfeit(int side, const std::string& reason) {
        if (!state().over()) game_.apply(Json{{"forfeit", side}, {"reason", reason}});
    }

    bool send(int side, const std::string& line) {
        if (players_[side]->send_line(line)) return true;
        forfeit(side, players_[side]->verdict().message);
        return false;
    }

    // Reads one move of `side` and applies it; false once the game is over by a forfeit.
    bool take(int side, std::size_t count, const std::string& context) {
        auto got = read_tokens(*players_[side], count, context);
        if (!got) {
            forfeit(side, players_[side]->verdict().message);
            return false;
        }
        if (!got->malformed.empty()) {
            forfeit(side, std::string(kSideName[side]) + ": malformed output: " + got->malformed);
            return false;
        }
        try {
            game_.apply(join(got->tokens));
        } catch (const IllegalMove& e) {
            forfeit(side, std::string(kSideName[side]) + ": " + e.what() + " (in " + context + ")");
            return false;
        }
        return true;
    }

    FugitiveGame& game_;
    Player* players_[2];
};

Json player_json(Player& p, const std::string& command) {
    double max_ms = 0;
    for (double t : p.move_times_ms()) max_ms = std::max(max_ms, t);
    return Json{{"command", command},
                {"verdict", verdict_name(p.verdict().kind)},
                {"message", p.verdict().message},
                {"thinking_ms", std::chrono::duration<double, std::milli>(p.thinking_time()).count()},
                {"max_move_ms", max_ms},
                {"moves", p.move_times_ms().size()},
                {"stderr_tail", p.stderr_tail()}};
}

}  // namespace

MatchOutcome play_match(const std::string& map_text, const std::string& fugitive_command, const std::string& detectives_command,
                        std::uint64_t seed, const MatchSettings& settings) {
    const Json config{{"game", "fugitive"}, {"seed", seed}, {"map", map_text}};
    FugitiveGame game(config);  // throws InputError for a broken map before anything starts

    std::string base;
    if (settings.work_dir.empty()) {
        base = make_temp_dir("fugitive-match-");
    } else {
        std::filesystem::create_directories(settings.work_dir);
        base = settings.work_dir;
    }
    const std::string fdir = base + "/fugitive", ddir = base + "/detectives";
    write_file(fdir + "/connect.txt", map_text);
    write_file(ddir + "/connect.txt", map_text);

    PlayerLimits limits;
    limits.per_move = std::chrono::milliseconds(0);  // the contract limits only the total
    limits.total = std::chrono::milliseconds(settings.total_ms);
    Player fugitive("Fugitive", fugitive_command, fdir, limits);
    Player detectives("Detectives", detectives_command, ddir, limits);
    Referee(game, fugitive, detectives).run();

    const State& s = game.state();
    const bool normal_end = s.ending() == Ending::Escaped;
    // Early end: both read Quit in place of their next line; after turn 50 nothing is sent.
    fugitive.finish(normal_end ? "" : "Quit");
    detectives.finish(normal_end ? "" : "Quit");

    MatchOutcome out;
    Json result = game.result();
    result["reason"] = s.end_reason();
    result["seed"] = seed;
    result["cities"] = s.map().size();
    result["players"] = Json{{"Fugitive", player_json(fugitive, fugitive_command)},
                             {"Detectives", player_json(detectives, detectives_command)}};
    out.result = result;
    out.replay = game.replay();
    if (!settings.keep_dirs) {
        std::error_code ec;
        if (settings.work_dir.empty()) std::filesystem::remove_all(base, ec);
        else std::filesystem::remove_all(fdir, ec), std::filesystem::remove_all(ddir, ec);
    }
    return out;
}

}  // namespace pursuit::fugitive
