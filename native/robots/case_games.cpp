// Owns: judge_case_games (see case_games.h).
#include "robots/case_games.h"

#include "common/errors.h"
#include "robots/cases.h"
#include "robots/robots_game.h"

namespace pursuit::robots {
namespace {

constexpr int kMoveCap = 1000000;  // the cap of robots::judge (play_case_lines)

}  // namespace

void judge_case_games(const std::string& input, std::string& out,
                      const std::function<void(int, const Game&)>& on_case) {
    CaseReader reader(input);
    while (auto c = reader.next()) {
        Json config = case_to_json(*c);  // {"robots": [...], "teleports": [...]}: the replay's config
        config["game"] = "robots";
        RobotsGame game(config);
        while (!game.over()) {
            // As robots::judge: every game ends, the cap turns an engine bug into an error, not a hang.
            if (game.position().moves_made() >= kMoveCap)
                throw InputError("robots: game exceeded " + std::to_string(kMoveCap) + " moves");
            game.apply(game.suggest_move(Json::object()));
        }
        // The game's result lines are the judge's lines of the case (teleports, then the
        // outcome), formatted by the core as robots::judge does.
        if (reader.cases_read() > 1) out += '\n';
        out += "Case " + std::to_string(reader.cases_read()) + ":\n";
        const Json result = game.result();  // kept: a loop over result()["lines"] would dangle
        for (const auto& line : result["lines"]) {
            out += line.get<std::string>();
            out += '\n';
        }
        on_case(reader.cases_read(), game);
    }
}

}  // namespace pursuit::robots
