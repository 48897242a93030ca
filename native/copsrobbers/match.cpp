// Owns: play_match (see match.h).
#include "copsrobbers/match.h"

#include <chrono>
#include <memory>

#include "common/errors.h"
#include "common/line_reader.h"
#include "common/process_runner.h"
#include "common/replay.h"
#include "copsrobbers/copsrobbers_game.h"

namespace pursuit::copsrobbers {
namespace {

std::string num(long long v) { return std::to_string(v); }

std::string join(const std::vector<int>& v) {
    std::string s;
    for (int x : v) s += (s.empty() ? "" : " ") + num(x + 1);
    return s;
}

std::string header(char side, const Position& p) {
    std::string text = std::string(1, side) + "\n" + num(p.cop_count()) + "\n" + num(p.rounds()) + "\n";
    return text + format_city(p.city(), false);
}

// Sends a multi-line block line by line.
bool send_block(Player& player, const std::string& block) {
    std::size_t start = 0;
    while (start < block.size()) {
        std::size_t end = block.find('\n', start);
        if (end == std::string::npos) end = block.size();
        if (!player.send_line(block.substr(start, end - start))) return false;
        start = end + 1;
    }
    return true;
}

const char* const kSideName[2] = {"the cops", "X"};

// One game between the two programs (side 0 the cops, side 1 X): what each is sent, their
// replies timed against the limits, and the first failure, which makes that side the loser.
class Referee {
public:
    Referee(CopsRobbersGame& game, Player& cops, Player& robber, const MatchTiming& timing, MatchOutcome& out)
        : game_(game), pos_(game.position()), players_{&cops, &robber}, timing_(timing), out_(out) {}

    int loser() const { return loser_; }  // -1 while no side has failed
    const std::string& loser_reason() const { return loser_reason_; }

    // Each side's start: its letter (P or X), C, R, the map, then its own start (the cops
    // never see X's start).
    void send_starts() {
        if (!send_block(*players_[0], header('P', pos_) + join(pos_.cops()) + "\n")) check_player(0);
        if (loser_ < 0 && !send_block(*players_[1], header('X', pos_) + num(pos_.robber() + 1) + "\n")) check_player(1);
    }

    // Plays moves until the game is over or a side has failed.
    void play_rounds() {
        while (loser_ < 0 && !game_.over())
            if (!play_move()) break;
    }

    // Both programs failed (two commands that do not exist): no one wins; which failure the
    // judge met first was timing (9 of 12 such games went to the cops). Returns the other
    // side's failure, or "" when it has not failed (or no side has).
    std::string other_failure() {
        if (loser_ < 0 || !failed_too(*players_[loser_], *players_[1 - loser_], "round " + num(pos_.current_round())))
            return "";
        const Player& other = *players_[1 - loser_];
        return std::string(verdict_name(other.verdict().kind)) + ": " + other.verdict().message;
    }

private:
    void lose(int side, const std::string& why) {
        loser_ = side;
        loser_reason_ = why;
    }

    bool check_player(int side) {
        Player& p = *players_[side];
        if (!p.verdict().ok()) lose(side, std::string(verdict_name(p.verdict().kind)) + ": " + p.verdict().message);
        return p.verdict().ok();
    }

    // Reads one reply of `side`, enforcing the per-move limit (the first reply may take longer).
    std::optional<std::string> ask(int side, const std::string& context) {
        Player& p = *players_[side];
        const int limit = replies_[side]++ == 0 ? timing_.first_move_ms : timing_.move_ms;
        p.set_per_move_limit(std::chrono::milliseconds(limit));
        auto line = p.read_line(context);
        auto& times = side == 0 ? out_.cops_ms : out_.robber_ms;
        if (!line) {
            // The judge's own wording of a silence, with the limit in ms as in the contract.
            if (p.verdict().kind == VerdictKind::TimeLimit)
                lose(side, "time limit: " + p.name() + " sent no reply to " + context + " within " + num(limit) + " ms");
            else
                check_player(side);
            return std::nullopt;
        }
        const double ms = p.last_move_time().count() / 1e6;
        times.push_back(ms);
        if (ms > limit) {
            lose(side, "time limit: " + p.name() + " replied to " + context + " after " + num(static_cast<long long>(ms)) +
                           " ms (limit " + num(limit) + " ms)");
            return std::nullopt;
        }
        return line;
    }

    // The side to move is sent the other side's place (X: the cops' crossings; the cops: X's),
    // and its reply is applied; an illegal one loses. Returns false when its program failed.
    bool play_move() {
        const std::string round = "round " + num(pos_.current_round());
        const int side = game_.to_move() == 1 ? 1 : 0;
        if (!players_[side]->send_line(side == 1 ? join(pos_.cops()) : num(pos_.robber() + 1))) {
            check_player(side);
            return false;
        }
        auto line = ask(side, round);
        if (!line) return false;
        try {
            auto tokens = split_tokens(*line);
            if (side == 1 && tokens.size() != 1) throw IllegalMove("expected one crossing number, got \"" + *line + "\"");
            if (side == 0 && static_cast<int>(tokens.size()) != pos_.cop_count())
                throw IllegalMove("expected " + num(pos_.cop_count()) + " crossing numbers, got \"" + *line + "\"");
            game_.apply(*line);
        } catch (const std::exception& e) {
            lose(side, "illegal move in " + round + " (\"" + *line + "\"): " + e.what());
        }
        return true;
    }

    CopsRobbersGame& game_;
    const Position& pos_;
    Player* players_[2];
    const MatchTiming& timing_;
    MatchOutcome& out_;
    int loser_ = -1;  // 0 cops, 1 robber
    std::string loser_reason_;
    int replies_[2] = {0, 0};
};

// The result when both programs failed: no winner, both reasons and both stderr tails.
Json both_failed_result(const Position& pos, Player* const players[2], int loser, const std::string& loser_reason,
                        const std::string& other_reason) {
    const std::string& cops_reason = loser == 0 ? loser_reason : other_reason;
    const std::string& robber_reason = loser == 0 ? other_reason : loser_reason;
    const std::string both = "the cops: " + cops_reason + "; X: " + robber_reason;
    std::string tails;
    for (int side : {0, 1}) {
        const std::string tail = players[side]->stderr_tail();
        if (!tail.empty()) tails += std::string(tails.empty() ? "" : "\n") + "[" + kSideName[side] + "]\n" + tail;
    }
    return Json{{"over", true},
                {"winner", "none"},
                {"forfeit", true},
                {"loser", "both"},
                {"reason", both},
                {"stderr_tail", tails},
                {"rounds_played", pos.rounds_done()},
                {"summary", "No winner: both programs failed (" + both + ")"}};
}

// The result when one program failed: the other side wins by forfeit.
Json forfeit_result(const Position& pos, Player& loser_player, int loser, const std::string& loser_reason) {
    const int winner = 1 - loser;
    return Json{{"over", true},
                {"winner", winner == 0 ? "cops" : "robber"},
                {"forfeit", true},
                {"loser", loser == 0 ? "cops" : "robber"},
                {"reason", loser_reason},
                {"stderr_tail", loser_player.stderr_tail()},
                {"rounds_played", pos.rounds_done()},
                {"summary", std::string(winner == 0 ? "The cops win: " : "X wins: ") + kSideName[loser] + " lost (" +
                                loser_reason + ")"}};
}

// The replay's config carries the map text, so it opens anywhere (page, pursuit-tool).
Json replay_config(const CopsRobbersGame& game) {
    const Position& pos = game.position();
    Json config = game.config();
    Json start_cops = Json::array();
    for (int c : pos.cop_start()) start_cops.push_back(c + 1);
    config["start"] = Json{{"cops", start_cops}, {"robber", pos.robber_start() + 1}};
    if (config.contains("map_name")) {
        config["map"] = format_city(game.city(), true);
        config["relaxed"] = true;
        config.erase("map_name");
    }
    return config;
}

}  // namespace

MatchOutcome play_match(const Json& config_in, const std::string& cops_cmd, const std::string& robber_cmd,
                        const MatchTiming& timing) {
    CopsRobbersGame game(config_in);
    const Position& pos = game.position();
    PlayerLimits limits;
    limits.per_move = std::chrono::milliseconds(std::max(timing.first_move_ms, timing.move_ms));  // (set per reply in ask)
    // "the cops' program": "cops was killed by signal 11" read as a wrong sentence.
    Player cops("the cops' program", cops_cmd, "", limits), robber("X", robber_cmd, "", limits);
    Player* side_player[2] = {&cops, &robber};

    MatchOutcome out;
    Referee referee(game, cops, robber, timing, out);
    referee.send_starts();
    referee.play_rounds();
    const int loser = referee.loser();
    const std::string other_reason = referee.other_failure();
    cops.finish();
    robber.finish();

    Json result = game.result();
    if (!other_reason.empty())
        result = both_failed_result(pos, side_player, loser, referee.loser_reason(), other_reason);
    else if (loser >= 0)
        result = forfeit_result(pos, *side_player[loser], loser, referee.loser_reason());
    out.winner = result["winner"].get<std::string>();
    out.summary = result["summary"].get<std::string>();
    out.result = result;
    out.replay = make_replay("copsrobbers", replay_config(game), game.moves(), result);
    return out;
}

}  // namespace pursuit::copsrobbers
