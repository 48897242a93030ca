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
    const char* side_name[2] = {"the cops", "X"};

    MatchOutcome out;
    std::string loser_reason;
    int loser = -1;  // 0 cops, 1 robber
    auto lose = [&](int side, const std::string& why) {
        loser = side;
        loser_reason = why;
    };
    auto check_player = [&](int side) {
        Player& p = *side_player[side];
        if (!p.verdict().ok()) lose(side, std::string(verdict_name(p.verdict().kind)) + ": " + p.verdict().message);
        return p.verdict().ok();
    };

    if (!send_block(cops, header('P', pos) + join(pos.cops()) + "\n")) check_player(0);
    if (loser < 0 && !send_block(robber, header('X', pos) + num(pos.robber() + 1) + "\n")) check_player(1);
    int replies[2] = {0, 0};
    // Reads one reply of `side`, enforcing the per-move limit (the first reply may take longer).
    auto ask = [&](int side, const std::string& context) -> std::optional<std::string> {
        Player& p = *side_player[side];
        const int limit = replies[side]++ == 0 ? timing.first_move_ms : timing.move_ms;
        p.set_per_move_limit(std::chrono::milliseconds(limit));
        auto line = p.read_line(context);
        auto& times = side == 0 ? out.cops_ms : out.robber_ms;
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
    };

    while (loser < 0 && !game.over()) {
        const std::string round = "round " + num(pos.current_round());
        if (game.to_move() == 1) {
            if (!robber.send_line(join(pos.cops()))) {
                check_player(1);
                break;
            }
            auto line = ask(1, round);
            if (!line) break;
            try {
                auto tokens = split_tokens(*line);
                if (tokens.size() != 1) throw IllegalMove("expected one crossing number, got \"" + *line + "\"");
                game.apply(*line);
            } catch (const std::exception& e) {
                lose(1, "illegal move in " + round + " (\"" + *line + "\"): " + e.what());
            }
        } else {
            if (!cops.send_line(num(pos.robber() + 1))) {
                check_player(0);
                break;
            }
            auto line = ask(0, round);
            if (!line) break;
            try {
                auto tokens = split_tokens(*line);
                if (static_cast<int>(tokens.size()) != pos.cop_count())
                    throw IllegalMove("expected " + num(pos.cop_count()) + " crossing numbers, got \"" + *line + "\"");
                game.apply(*line);
            } catch (const std::exception& e) {
                lose(0, "illegal move in " + round + " (\"" + *line + "\"): " + e.what());
            }
        }
    }
    // Both programs failed (two commands that do not exist): no one wins; which failure the
    // judge met first was timing (9 of 12 such games went to the cops).
    std::string other_reason;
    if (loser >= 0 && failed_too(*side_player[loser], *side_player[1 - loser], "round " + num(pos.current_round()))) {
        const Player& other = *side_player[1 - loser];
        other_reason = std::string(verdict_name(other.verdict().kind)) + ": " + other.verdict().message;
    }
    cops.finish();
    robber.finish();

    Json result = game.result();
    if (!other_reason.empty()) {
        const std::string& cops_reason = loser == 0 ? loser_reason : other_reason;
        const std::string& robber_reason = loser == 0 ? other_reason : loser_reason;
        const std::string both = "the cops: " + cops_reason + "; X: " + robber_reason;
        std::string tails;
        for (int side : {0, 1}) {
            const std::string tail = side_player[side]->stderr_tail();
            if (!tail.empty()) tails += std::string(tails.empty() ? "" : "\n") + "[" + side_name[side] + "]\n" + tail;
        }
        result = Json{{"over", true},
                      {"winner", "none"},
                      {"forfeit", true},
                      {"loser", "both"},
                      {"reason", both},
                      {"stderr_tail", tails},
                      {"rounds_played", pos.rounds_done()},
                      {"summary", "No winner: both programs failed (" + both + ")"}};
    } else if (loser >= 0) {
        const int winner = 1 - loser;
        result = Json{{"over", true},
                      {"winner", winner == 0 ? "cops" : "robber"},
                      {"forfeit", true},
                      {"loser", loser == 0 ? "cops" : "robber"},
                      {"reason", loser_reason},
                      {"stderr_tail", side_player[loser]->stderr_tail()},
                      {"rounds_played", pos.rounds_done()},
                      {"summary", std::string(winner == 0 ? "The cops win: " : "X wins: ") + side_name[loser] + " lost (" +
                                      loser_reason + ")"}};
    }
    out.winner = result["winner"].get<std::string>();
    out.summary = result["summary"].get<std::string>();
    out.result = result;
    // The replay's config carries the map text, so it opens anywhere (page, pursuit-tool).
    Json config = game.config();
    Json start_cops = Json::array();
    for (int c : pos.cop_start()) start_cops.push_back(c + 1);
    config["start"] = Json{{"cops", start_cops}, {"robber", pos.robber_start() + 1}};
    if (config.contains("map_name")) {
        config["map"] = format_city(game.city(), true);
        config["relaxed"] = true;
        config.erase("map_name");
    }
    out.replay = make_replay("copsrobbers", config, game.moves(), result);
    return out;
}

}  // namespace pursuit::copsrobbers
