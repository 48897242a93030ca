// Owns: the ctest-sized soak: a few seeded random games of every registered game with all
// the soak checks (the full run is scripts/soak.sh), and proof that the checks bite.
#include <gtest/gtest.h>

#include <cstdio>
#include <string>

#include <sys/wait.h>

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


// pursuit-soak as a user runs it: --help was the usage on stderr with status 2, an unknown option
// the usage alone, and "--games abc" (atoi: 0) played nothing and exited 0.
TEST(SoakProgram, HelpAndBadOptionsAreAnswered) {
    auto run = [](const std::string& args) {
        FILE* p = popen((std::string(PURSUIT_BIN_DIR) + "/pursuit-soak " + args + " 2>&1 </dev/null").c_str(), "r");
        std::string out;
        char buf[512];
        while (fgets(buf, sizeof buf, p)) out += buf;
        const int st = pclose(p);
        return std::pair<std::string, int>{out, WIFEXITED(st) ? WEXITSTATUS(st) : -1};
    };
    auto r = run("--help");
    EXPECT_EQ(r.second, 0);
    EXPECT_EQ(r.first.rfind("usage: pursuit-soak", 0), 0u) << r.first;
    EXPECT_NE(r.first.find("Defaults: --games 100"), std::string::npos) << r.first;
    r = run("--games abc");
    EXPECT_EQ(r.second, 2);
    EXPECT_EQ(r.first.rfind("pursuit-soak: option --games: expected an integer 1..1000000000, got 'abc'\n", 0), 0u) << r.first;
    r = run("--games 0");  // it played nothing and passed: status 0
    EXPECT_EQ(r.second, 2);
    EXPECT_EQ(r.first.rfind("pursuit-soak: option --games: expected an integer 1..1000000000, got '0'\n", 0), 0u) << r.first;
    r = run("--game nosuch");  // the table's header came first, on stdout
    EXPECT_EQ(r.second, 2);
    EXPECT_EQ(r.first, "pursuit-soak: no game 'nosuch'\n");
    r = run("--bogus 1");
    EXPECT_EQ(r.second, 2);
    EXPECT_EQ(r.first.rfind("pursuit-soak: unknown option --bogus\n", 0), 0u) << r.first;
    r = run("--games 1 --game robots --max-moves 50");
    EXPECT_EQ(r.second, 0) << r.first;
    EXPECT_NE(r.first.find("robots               1"), std::string::npos) << r.first;
}

// A standard output that cannot be written (a full disk) is an error, as in every other
// program: the table and the --print-replays lines (the native-vs-wasm comparison's input) were
// lost with status 0.
TEST(SoakProgram, AStandardOutputThatCannotBeWrittenIsStatus1) {
    for (const std::string args : {"--games 1 --game robots --max-moves 50", "--games 1 --game robots --max-moves 50 --print-replays 1"}) {
        const std::string cmd = std::string(PURSUIT_BIN_DIR) + "/pursuit-soak " + args + " 2>&1 >/dev/full </dev/null";
        FILE* p = popen(cmd.c_str(), "r");
        std::string err;
        char buf[512];
        while (fgets(buf, sizeof buf, p)) err += buf;
        const int st = pclose(p);
        EXPECT_EQ(WIFEXITED(st) ? WEXITSTATUS(st) : -1, 1) << args;
        EXPECT_EQ(err.rfind("pursuit-soak: cannot write the standard output", 0), 0u) << args << ": " << err;
    }
}

}  // namespace
}  // namespace pursuit::soak
