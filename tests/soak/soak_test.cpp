// Owns: the ctest-sized soak: a few seeded random games of every registered game with all
// the soak checks (the full run is scripts/soak.sh), and proof that the checks bite.
#include <gtest/gtest.h>

#include "soak_checks.h"
#include "soak_runner.h"

namespace pursuit::soak {
namespace {

class SoakEveryGame : public ::testing::TestWithParam<std::string> {};

TEST_P(SoakEveryGame, RandomGamesKeepEveryInvariant) {
    SoakOptions options;
    options.games = 12;
    options.seed = 20261121;
    options.max_moves = 400;
    const GameStats s = soak_game(game_info(GetParam()), options);
    for (const auto& r : s.failure_reports) ADD_FAILURE() << r;
    EXPECT_EQ(s.failures, 0);
    EXPECT_EQ(s.games, 12);
    EXPECT_GT(s.moves, 0);
}

std::vector<std::string> game_ids() {
    std::vector<std::string> ids;
    for (const auto& g : all_games()) ids.push_back(g.id);
    return ids;
}
INSTANTIATE_TEST_SUITE_P(AllGames, SoakEveryGame, ::testing::ValuesIn(game_ids()),
                         [](const auto& info) { return info.param; });

TEST(SoakConfig, VariesTheSeedAndKeepsTheGame) {
    const auto& info = all_games().front();
    const Json a = soak_config(info, 1, 0), b = soak_config(info, 1, 1);
    EXPECT_EQ(a["game"], info.id);
    EXPECT_NE(a["seed"], b["seed"]);
}

// The robots checks see a doctored observation (a robot on a debris pile).
TEST(SoakChecks, RobotsCheckCatchesARobotOnDebris) {
    auto game = create_game(Json{{"game", "robots"}, {"seed", 3}});
    Views v = read_views(*game);
    EXPECT_NO_THROW(check_position(*game, v));
    v.all["debris"].push_back(v.all["robots"][0]);
    EXPECT_THROW(check_position(*game, v), CheckFailure);
}

}  // namespace
}  // namespace pursuit::soak
