// Owns: play_match (see header).
#include "bank_match.h"

#include <cctype>
#include <memory>

#include "bank/bank_game.h"
#include "common/errors.h"
#include "common/process_runner.h"
#include "common/replay.h"

namespace pursuit::bank {

std::string expand_command(const std::string& command, const MatchSettings& s) {
    std::string out = command;
    auto replace = [&](const std::string& key, const std::string& value) {
        for (auto at = out.find(key); at != std::string::npos; at = out.find(key, at + value.size())) out.replace(at, key.size(), value);
    };
    replace("{seed}", std::to_string(s.seed));
    replace("{layout}", s.layout_path);
    return out;
}

namespace {

struct Referee {
    const MatchSettings& settings;
    std::unique_ptr<BankGame> game;
    std::unique_ptr<Player> players[2];
    Json forfeit = nullptr;
    int loser = -1;

    // Marks `side` as losing with a reason; the other program gets no more lines.
    void lose(int side, const std::string& kind, const std::string& message, const std::string& stderr_tail = "") {
        if (loser >= 0) return;
        loser = side;
        forfeit = Json{{"side", side_name(side)}, {"kind", kind}, {"message", message}};
        if (!stderr_tail.empty()) forfeit["stderr"] = stderr_tail;
    }
    bool failed(int side) {
        Player& p = *players[side];
        if (p.verdict().ok()) return false;
        lose(side, verdict_name(p.verdict().kind), p.verdict().message, p.stderr_tail());  // it names the side
        return true;
    }
    // Sends a line; false (and a forfeit) if the program is gone.
    bool send(int side, const std::string& line) { return players[side]->send_line(line) || !failed(side); }
    // Reads a reply without its trailing spaces and tabs ("LRUS \r\n" is "LRUS"; the runner
    // already took the CR off), as the other judges tolerate them; leading ones stay an error.
    std::optional<std::string> read(int side, const std::string& context) {
        auto line = players[side]->read_line(context);
        if (!line) {
            failed(side);
            return line;
        }
        const auto end = line->find_last_not_of(" \t");
        line->erase(end == std::string::npos ? 0 : end + 1);
        return line;
    }
    // Applies a reply; an illegal or malformed one loses.
    bool apply(int side, const std::string& reply, const std::string& context) {
        try {
            game->apply(reply);
            return true;
        } catch (const std::exception& e) {
            lose(side, "illegal move", side_name(side) + " " + context + ": '" + reply + "': " + e.what());
            return false;
        }
    }
};

}  // namespace

MatchOutcome play_match(const MatchSettings& s, const std::string& guards_cmd, const std::string& robbers_cmd) {
    Json config{{"game", "bank"}, {"moves", s.moves}, {"seed", s.seed}};
    if (!s.layout_text.empty()) config["layout"] = s.layout_text;
    Referee ref{s, std::make_unique<BankGame>(config), {}, nullptr, -1};
    PlayerLimits limits;
    limits.per_move = s.per_move;
    limits.max_line_bytes = 4096;
    // Named as programs: "robbers was killed by signal 11" read as a wrong sentence.
    ref.players[kGuards] = std::make_unique<Player>("the guards' program", expand_command(guards_cmd, s), "", limits);
    ref.players[kRobbers] = std::make_unique<Player>("the robbers' program", expand_command(robbers_cmd, s), "", limits);
    BankGame& game = *ref.game;
    const Position& pos = game.position();

    bool ok = true;
    for (int side = 0; side < 2 && ok; ++side)
        ok = ref.send(side, std::to_string(s.moves)) && ref.send(side, std::to_string(side));
    if (ok) {
        auto start = ref.read(kRobbers, "start cells");
        ok = start && ref.apply(kRobbers, *start, "start cells");
    }
    int last_mover = -1;
    while (ok && !game.over()) {
        const int side = game.to_move();
        const std::string context = "move " + std::to_string(pos.moves_made(side) + 1);
        if (!ref.send(side, pos.line_for(side))) break;
        auto reply = ref.read(side, context);
        if (!reply || !ref.apply(side, *reply, context)) break;
        last_mover = side;
    }
    // Both programs failed (two commands that do not exist): no one wins; which failure the
    // judge met first was timing.
    if (ref.loser >= 0) {
        const int other = 1 - ref.loser;
        Player& p = *ref.players[other];
        if (failed_too(*ref.players[ref.loser], p, "move " + std::to_string(pos.moves_made(other) + 1))) {
            const std::string both = ref.forfeit["message"].get<std::string>() + "; " + p.verdict().message;
            std::string tails = ref.forfeit.value("stderr", std::string());
            if (!tails.empty()) tails = "[" + side_name(ref.loser) + "]\n" + tails;
            const std::string other_tail = p.stderr_tail();
            if (!other_tail.empty()) tails += std::string(tails.empty() ? "" : "\n") + "[" + side_name(other) + "]\n" + other_tail;
            ref.forfeit = Json{{"side", "both"}, {"kind", "both failed"}, {"message", both}};
            if (!tails.empty()) ref.forfeit["stderr"] = tails;
        }
    }
    const bool no_winner = ref.forfeit.is_object() && ref.forfeit["side"] == "both";
    // The side that did not make the last capture reads one more line and exits.
    if (ref.loser < 0 && pos.guards_won() && last_mover >= 0) ref.players[1 - last_mover]->send_line(pos.line_for(1 - last_mover));
    for (auto& p : ref.players) p->finish("", std::chrono::milliseconds(ref.loser < 0 ? 300 : 50));

    MatchOutcome out;
    Json result = result_json(pos);
    if (no_winner) {
        result["over"] = true;
        result["winner"] = "none";
        result["summary"] = "No winner: both programs failed (" + ref.forfeit["message"].get<std::string>() + ")";
    } else if (ref.loser >= 0) {
        result["over"] = true;
        result["winner"] = side_name(1 - ref.loser);
        // As the game's own summaries ("Guards win: ...", "Robbers win: ...").
        std::string winner = side_name(1 - ref.loser);
        winner[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(winner[0])));
        result["summary"] = winner + " win: " + ref.forfeit["message"].get<std::string>();
    }
    result["reason"] = ref.loser >= 0 ? "forfeit" : pos.guards_won() ? "all caught" : "move limit";
    result["forfeit"] = ref.forfeit;
    result["commands"] = Json{{"guards", expand_command(guards_cmd, s)}, {"robbers", expand_command(robbers_cmd, s)}};
    out.result = result;
    out.replay = make_replay("bank", config, game.moves(), result);
    for (int side = 0; side < 2; ++side) out.move_ms[side] = ref.players[side]->move_times_ms();
    return out;
}

}  // namespace pursuit::bank
