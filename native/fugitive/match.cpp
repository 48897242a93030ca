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
// blank lines are skipped; a line bringing more tokens than needed is malformed, and so is
// a token that cannot be what its position needs (`transport_first`: a move `C|T|P city`,
// else cities only), so a line of garbage loses at once instead of waiting for more tokens.
struct Tokens {
    std::vector<std::string> tokens;
    std::string malformed;  // non-empty: what was wrong with the text
};

bool token_fits(const std::string& token, std::size_t index, bool transport_first) {
    if (transport_first && index == 0) return token.size() == 1 && transport_index(token[0]) >= 0;
    long long v;
    return parse_int(token, v);
}

std::string join(const std::vector<std::string>& tokens) {
    std::string s;
    for (const auto& t : tokens) s += (s.empty() ? "" : " ") + t;
    return s;
}

std::optional<Tokens> read_tokens(Player& p, std::size_t count, const std::string& context, bool transport_first) {
    Tokens out;
    while (out.tokens.size() < count) {
        // What came before a silence is named: "no reply to the Detectives' placement" for a
        // program that wrote "1 2 3" and stopped.
        const std::string waiting_for =
            out.tokens.empty() ? context
                               : context + " after " + quoted_excerpt(join(out.tokens), 60) + ", " +
                                     std::to_string(out.tokens.size()) + " of its " + std::to_string(count) + " tokens";
        auto line = p.read_line(waiting_for);
        if (!line) return std::nullopt;
        const auto tokens = split_tokens(*line);
        if (out.tokens.size() + tokens.size() > count) {
            out.malformed = "expected " + std::to_string(count) + " token(s) for " + context + ", got the line " + quoted_excerpt(*line, 60);
            return out;
        }
        for (const auto& t : tokens) {
            if (!token_fits(t, out.tokens.size(), transport_first)) {
                out.malformed = "expected " + std::string(transport_first && out.tokens.empty() ? "a transport C, T or P" : "a city number") +
                                " for " + context + ", got " + quoted_excerpt(t, 60) + " in the line " + quoted_excerpt(*line, 60);
                return out;
            }
            out.tokens.push_back(t);
        }
    }
    return out;
}

// What the referee decided about a program whose process behaved (illegal or malformed move).
struct RuleVerdict {
    std::string kind, message;  // kind "" = none
};

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
            if (!take(kFugitive, 2, "the Fugitive's move of " + when, true)) return;
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

    const RuleVerdict& rule_verdict(int side) const { return rule_verdicts_[side]; }

private:
    const State& state() const { return game_.state(); }

    // Both programs failed (two commands that do not exist): 0-0, no one's win; which failure
    // the referee met first was timing (6 of 8 such games went to the Detectives).
    void forfeit(int side, const std::string& reason) {
        if (state().over()) return;
        Player& other = *players_[1 - side];
        if (!failed_too(*players_[side], other, "its next move")) {
            game_.apply(Json{{"forfeit", side}, {"reason", reason}});
            return;
        }
        const std::string reasons[2] = {side == kFugitive ? reason : other.verdict().message,
                                        side == kFugitive ? other.verdict().message : reason};
        game_.apply(Json{{"forfeit", "both"},
                         {"reason", "both programs failed: " + named(kFugitive, reasons[0]) + "; " + named(kDetectives, reasons[1])}});
    }

    // "Fugitive: <message>" unless the message names its program first already.
    std::string named(int side, const std::string& message) const {
        if (message.rfind(players_[side]->name(), 0) == 0) return message;
        return std::string(kSideName[side]) + ": " + message;
    }

    bool send(int side, const std::string& line) {
        if (players_[side]->send_line(line)) return true;
        forfeit(side, players_[side]->verdict().message);
        return false;
    }

    // Reads one move of `side` and applies it; false once the game is over by a forfeit.
    bool take(int side, std::size_t count, const std::string& context, bool transport_first = false) {
        auto got = read_tokens(*players_[side], count, context, transport_first);
        if (!got) {
            forfeit(side, players_[side]->verdict().message);
            return false;
        }
        if (!got->malformed.empty()) {
            rule_forfeit(side, "malformed output", std::string(kSideName[side]) + ": malformed output: " + got->malformed);
            return false;
        }
        try {
            game_.apply(join(got->tokens));
        } catch (const IllegalMove& e) {
            rule_forfeit(side, "illegal move", std::string(kSideName[side]) + ": " + e.what() + " (in " + context + ")");
            return false;
        }
        return true;
    }

    // A forfeit the runner did not see (the program is fine as a process, its move is not):
    // kept so the program's verdict in the result says so instead of "ok".
    void rule_forfeit(int side, const std::string& kind, const std::string& reason) {
        rule_verdicts_[side] = RuleVerdict{kind, reason};
        forfeit(side, reason);
    }

    FugitiveGame& game_;
    Player* players_[2];
    RuleVerdict rule_verdicts_[2];
};

Json player_json(Player& p, const std::string& command, const RuleVerdict& rule) {
    double max_ms = 0;
    for (double t : p.move_times_ms()) max_ms = std::max(max_ms, t);
    const bool ruled = p.verdict().ok() && !rule.kind.empty();
    return Json{{"command", command},
                {"verdict", ruled ? rule.kind : std::string(verdict_name(p.verdict().kind))},
                {"message", ruled ? rule.message : p.verdict().message},
                {"thinking_ms", std::chrono::duration<double, std::milli>(p.thinking_time()).count()},
                {"max_move_ms", max_ms},
                {"moves", p.move_times_ms().size()},
                {"stderr_tail", p.stderr_tail()}};
}

// The two programs' directories (each with its connect.txt), under a temporary directory or
// settings.work_dir. They go on every way out unless kept: an exception (a connect.txt that
// cannot be written) and Ctrl-C / SIGTERM / SIGHUP (remove_at_stop_signal) left the temporary one
// in /tmp.
class WorkDirs {
public:
    explicit WorkDirs(const MatchSettings& settings) : temporary_(settings.work_dir.empty()), keep_(settings.keep_dirs) {
        if (temporary_) {
            base_ = make_temp_dir("fugitive-match-");
            if (!keep_) remove_at_stop_signal(base_);
        } else {
            std::error_code ec;
            make_folders(settings.work_dir, ec);
            if (ec) throw std::runtime_error("cannot make the work folder " + settings.work_dir + ": " + ec.message());
            base_ = settings.work_dir;
        }
    }
    WorkDirs(const WorkDirs&) = delete;
    WorkDirs& operator=(const WorkDirs&) = delete;
    ~WorkDirs() {
        if (keep_) return;
        std::error_code ec;
        if (temporary_) {
            std::filesystem::remove_all(base_, ec);
            forget_removal_at_stop_signal(base_);
        } else {
            std::filesystem::remove_all(fugitive(), ec), std::filesystem::remove_all(detectives(), ec);
        }
    }
    std::string fugitive() const { return base_ + "/fugitive"; }
    std::string detectives() const { return base_ + "/detectives"; }

private:
    bool temporary_, keep_;
    std::string base_;
};

}  // namespace

MatchOutcome play_match(const std::string& map_text, const std::string& fugitive_command, const std::string& detectives_command,
                        std::uint64_t seed, const MatchSettings& settings) {
    const Json config{{"game", "fugitive"}, {"seed", seed}, {"map", map_text}};
    FugitiveGame game(config);  // throws InputError for a broken map before anything starts

    const WorkDirs dirs(settings);
    const std::string fdir = dirs.fugitive(), ddir = dirs.detectives();
    write_file(fdir + "/connect.txt", map_text);
    write_file(ddir + "/connect.txt", map_text);

    PlayerLimits limits;
    limits.per_move = std::chrono::milliseconds(0);  // the contract limits only the total
    limits.total = std::chrono::milliseconds(settings.total_ms);
    // Named as programs: "Detectives was killed by signal 11" read as a wrong sentence.
    Player fugitive("the Fugitive's program", fugitive_command, fdir, limits);
    Player detectives("the Detectives' program", detectives_command, ddir, limits);
    Referee referee(game, fugitive, detectives);
    referee.run();

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
    result["players"] = Json{{"Fugitive", player_json(fugitive, fugitive_command, referee.rule_verdict(kFugitive))},
                             {"Detectives", player_json(detectives, detectives_command, referee.rule_verdict(kDetectives))}};
    out.result = result;
    out.replay = game.replay();
    return out;
}

}  // namespace pursuit::fugitive
