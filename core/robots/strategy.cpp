// Owns: strategy_action, play_case_lines, judge.
#include "robots/strategy.h"

#include <climits>
#include <tuple>

#include "common/errors.h"

namespace pursuit::robots {
namespace {

int min_distance(const Position& p) {
    int best = INT_MAX;  // no robots left: every candidate ties here
    for (Cell r : p.robots()) best = std::min(best, manhattan(p.you(), r));
    return best;
}

std::string cell_text(Cell c) { return "(" + std::to_string(c.r) + "," + std::to_string(c.c) + ")"; }

}  // namespace

Action strategy_action(const Position& p) {
    bool found = false;
    Action best{};
    std::tuple<int, int, int, int> best_key{};
    for (int dr = -1; dr <= 1; ++dr)
        for (int dc = -1; dc <= 1; ++dc) {
            Action a = Action::walk(dr, dc);
            if (!p.illegal_reason(a).empty()) continue;
            Position next = p;
            next.play(a);
            if (next.status() == Status::Lost) continue;
            auto key = std::make_tuple(static_cast<int>(next.robots().size()), -min_distance(next), next.you().r,
                                       next.you().c);
            if (!found || key < best_key) {
                found = true;
                best = a;
                best_key = key;
            }
        }
    if (found) return best;
    for (int i = 0; i < static_cast<int>(p.teleports().size()); ++i) {
        Action a = Action::to(i);
        if (!p.illegal_reason(a).empty()) continue;
        Position next = p;
        next.play(a);
        if (next.status() != Status::Lost) return a;
    }
    return Action::walk(0, 0);
}

std::vector<std::string> result_lines(const Position& p) {
    std::vector<std::string> lines;
    const bool won = p.status() == Status::Won;
    lines.push_back(std::string(won ? "Won" : "Lost") + " game after making " + std::to_string(p.moves_made()) + " moves.");
    lines.push_back("Final position: " + cell_text(p.you()));
    lines.push_back("Number of cells with debris: " + std::to_string(p.debris_count()));
    if (!won) lines.push_back("Number of robots remaining: " + std::to_string(p.robots().size()));
    return lines;
}

std::vector<std::string> play_case_lines(Position& p) {
    // Every game ends: robots close in at king speed on a finite board and teleports are
    // finite; the cap only turns an engine bug into an error instead of a hang.
    constexpr int kMoveCap = 1000000;
    std::vector<std::string> lines;
    while (p.status() == Status::Playing) {
        if (p.moves_made() >= kMoveCap) throw InputError("robots: game exceeded " + std::to_string(kMoveCap) + " moves");
        Action a = strategy_action(p);
        p.play(a);
        if (a.is_teleport())
            lines.push_back("Move " + std::to_string(p.moves_made()) + ": teleport to " + cell_text(p.teleports()[a.teleport]));
    }
    for (auto& l : result_lines(p)) lines.push_back(std::move(l));
    return lines;
}

void judge(const std::string& input, std::string& out) {
    CaseReader reader(input);
    while (auto c = reader.next()) {
        if (reader.cases_read() > 1) out += '\n';
        out += "Case " + std::to_string(reader.cases_read()) + ":\n";
        Position p(*c);
        for (const auto& line : play_case_lines(p)) {
            out += line;
            out += '\n';
        }
    }
}

}  // namespace pursuit::robots
