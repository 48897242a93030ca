// Owns: strategy_action, play_case_lines, judge.
#include "robots/strategy.h"

#include <climits>
#include <tuple>

#include "common/errors.h"

namespace pursuit::robots {
namespace {

std::string cell_text(Cell c) { return "(" + std::to_string(c.r) + "," + std::to_string(c.c) + ")"; }

}  // namespace

Action strategy_action(const Position& p) {
    PreviewScratch scratch;
    return strategy_action(p, scratch);
}

Action strategy_action(const Position& p, PreviewScratch& scratch) {
    std::array<Preview, 9> previews;
    std::array<bool, 9> legal;
    p.preview_walks(scratch, previews, legal);
    int best = -1;
    std::tuple<int, int, int, int> best_key{};
    for (int k = 0; k < 9; ++k) {
        const Preview& next = previews[k];
        if (!legal[k] || next.lost) continue;
        auto key = std::make_tuple(next.robots_left, -next.min_distance, next.you.r, next.you.c);
        if (best < 0 || key < best_key) {
            best = k;
            best_key = key;
        }
    }
    if (best >= 0) return Action::walk(kKingSteps[best].dr, kKingSteps[best].dc);
    for (int i = 0; i < static_cast<int>(p.teleports().size()); ++i) {
        Action a = Action::to(i);
        if (p.legal(a) && !p.preview(a, scratch).lost) return a;
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
    PreviewScratch scratch;
    while (p.status() == Status::Playing) {
        if (p.moves_made() >= kMoveCap) throw InputError("robots: game exceeded " + std::to_string(kMoveCap) + " moves");
        Action a = strategy_action(p, scratch);
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
