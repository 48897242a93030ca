// `robots --replays DIR`: every case played once (native/robots/case_games.h) for both the
// judge's output and the case's replay. The output must stay byte for byte the plain judge's,
// with or without --replays, also when a later case is malformed.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>

#include "common/errors.h"
#include "common/game.h"
#include "common/judge_io.h"
#include "robots/case_games.h"
#include "robots/strategy.h"
#include "../common/scratch_dir.h"

using namespace pursuit;
namespace fs = std::filesystem;

namespace {

// Seeded random problem inputs: many cases, wins, losses and teleports among them.
std::string random_input(int seed, int cases, int robots, int teleports) {
    const Json args{{"seed", seed}, {"cases", cases}, {"robots", robots}, {"teleports", teleports}};
    return run_tool("robots", "random_input", args)["input"].get<std::string>();
}

// The cases of an input without its terminating `0 0` line (the last 4 bytes).
std::string cases_of(const std::string& input) { return input.substr(0, input.size() - 4); }

std::string mixed_input() {
    return cases_of(random_input(11, 60, 50, 20)) + cases_of(random_input(12, 60, 10, 3)) +
           random_input(13, 60, 30, 0);
}

std::string judge_text(const std::string& input) {
    std::string out;
    robots::judge(input, out);
    return out;
}

// The output block of each case ("Case k:" and its lines), in order.
std::vector<std::string> case_blocks(const std::string& out) {
    std::vector<std::string> blocks;
    for (std::size_t from = 0; from < out.size();) {
        std::size_t end = out.find("\n\n", from);
        end = end == std::string::npos ? out.size() : end + 1;
        blocks.push_back(out.substr(from, end - from));
        from = end + 1;
    }
    return blocks;
}

std::string block_of(int k, const Json& result) {
    std::string b = "Case " + std::to_string(k) + ":\n";
    for (const auto& line : result["lines"]) b += line.get<std::string>() + "\n";
    return b;
}

struct Outcome {
    int status = -1;
    std::string out, err;
};

Outcome robots_binary(const std::string& args, const std::string& input, const std::string& dir) {
    write_file(dir + "/in.txt", input);
    const std::string cmd = std::string(PURSUIT_BIN_DIR) + "/robots " + args + " < " + dir + "/in.txt > " + dir +
                            "/out.txt 2> " + dir + "/err.txt";
    const int st = std::system(cmd.c_str());
    return {WIFEXITED(st) ? WEXITSTATUS(st) : -1, read_file(dir + "/out.txt"), read_file(dir + "/err.txt")};
}

}  // namespace

TEST(RobotsReplays, EachCaseIsPlayedOnceForTheJudgesOutputAndItsGame) {
    const std::string input = mixed_input();
    const std::string expected = judge_text(input);
    ASSERT_NE(expected.find(": teleport to ("), std::string::npos);
    ASSERT_NE(expected.find("Won game"), std::string::npos);
    ASSERT_NE(expected.find("Lost game"), std::string::npos);
    std::string out;
    std::vector<int> cases;  // the case numbers handed over, in order (each once)
    std::vector<std::string> blocks;
    robots::judge_case_games(input, out, [&](int k, const Game& game) {
        EXPECT_TRUE(game.over()) << k;
        cases.push_back(k);
        blocks.push_back(block_of(k, game.result()));
    });
    EXPECT_EQ(out, expected);  // byte for byte the plain judge's output
    ASSERT_EQ(cases.size(), 180u);
    for (int k = 1; k <= 180; ++k) EXPECT_EQ(cases[k - 1], k);
    EXPECT_EQ(blocks, case_blocks(expected));  // the games handed over are the games printed
}

TEST(RobotsReplays, AMalformedLaterCaseComesAfterTheOutputAndGamesOfTheCasesBeforeIt) {
    const std::string good = random_input(21, 5, 40, 10);
    const std::string input = cases_of(good) + "1 0\n15 15\n1 0\n10 14\n0 0\n";
    std::string plain, out;
    EXPECT_THROW(robots::judge(input, plain), InputError);
    int handed = 0;
    try {
        robots::judge_case_games(input, out, [&](int, const Game&) { ++handed; });
        ADD_FAILURE() << "no error for case 6";
    } catch (const InputError& e) {
        EXPECT_NE(std::string(e.what()).find("case 6: robot 1 is on your start cell (15,15)"), std::string::npos) << e.what();
    }
    EXPECT_EQ(out, plain);
    EXPECT_EQ(handed, 5);
}

TEST(RobotsReplays, RealBinaryPrintsTheSameOutputAndWritesEveryCasesReplay) {
    const pursuit::test::ScratchDir scratch("robots-replays-");
    const std::string& dir = scratch.path();
    const std::string input = mixed_input();
    const Outcome plain = robots_binary("", input, dir);
    ASSERT_EQ(plain.status, 0) << plain.err;
    const Outcome with = robots_binary("--replays " + dir + "/rp", input, dir);
    ASSERT_EQ(with.status, 0) << with.err;
    EXPECT_EQ(with.out, plain.out);
    EXPECT_EQ(with.err, "robots: wrote 180 replays " + dir + "/rp/case-1.json ... " + dir + "/rp/case-180.json\n");
    const auto blocks = case_blocks(plain.out);
    ASSERT_EQ(blocks.size(), 180u);
    for (int k = 1; k <= 180; ++k) {  // each replay rebuilds (every move checked) to the case printed
        const Json replay = Json::parse(read_file(dir + "/rp/case-" + std::to_string(k) + ".json"));
        EXPECT_EQ(block_of(k, game_from_replay(replay)->result()), blocks[k - 1]) << k;
    }
    EXPECT_FALSE(fs::exists(dir + "/rp/case-181.json"));
}

TEST(RobotsReplays, RealBinaryWithAMalformedLaterCaseWritesTheEarlierReplaysAndNamesTheError) {
    const pursuit::test::ScratchDir scratch("robots-replays-bad-");
    const std::string& dir = scratch.path();
    const std::string good = random_input(31, 4, 50, 20);
    const std::string input = cases_of(good) + "1 0\n1 x\n1 0\n10 14\n0 0\n";  // case 5: a bad robot line
    const Outcome plain = robots_binary("", input, dir);
    const Outcome with = robots_binary("--replays " + dir + "/rp", input, dir);
    EXPECT_EQ(plain.status, 1);
    EXPECT_EQ(with.status, 1);
    EXPECT_EQ(with.out, plain.out);
    ASSERT_EQ(case_blocks(with.out).size(), 4u) << with.out;
    const std::string error = plain.err;  // the judge's own message, the same with --replays
    EXPECT_NE(error.find("case 5: robot 1 (row column)"), std::string::npos) << error;
    EXPECT_EQ(with.err, error + "robots: wrote 4 replays " + dir + "/rp/case-1.json ... " + dir + "/rp/case-4.json\n");
    for (int k = 1; k <= 4; ++k) EXPECT_TRUE(fs::exists(dir + "/rp/case-" + std::to_string(k) + ".json")) << k;
    EXPECT_FALSE(fs::exists(dir + "/rp/case-5.json"));
}

TEST(RobotsReplays, RealBinaryWhoseReplayCannotBeWrittenStillPrintsEveryCase) {
    // A write error stops the replays, not the judge: stdout is the whole expected output,
    // the error is named and the replays written before it too (exit status 1).
    const pursuit::test::ScratchDir scratch("robots-replays-write-");
    const std::string& dir = scratch.path();
    const std::string input = random_input(41, 4, 20, 5);
    fs::create_directories(dir + "/rp/case-2.json");  // a folder where case 2's replay goes
    const Outcome plain = robots_binary("", input, dir);
    const Outcome with = robots_binary("--replays " + dir + "/rp", input, dir);
    EXPECT_EQ(with.status, 1);
    EXPECT_EQ(with.out, plain.out);
    EXPECT_EQ(case_blocks(with.out).size(), 4u);
    EXPECT_NE(with.err.find("robots: cannot write " + dir + "/rp/case-2.json"), std::string::npos) << with.err;
    EXPECT_NE(with.err.find("\nrobots: wrote " + dir + "/rp/case-1.json\n"), std::string::npos) << with.err;
    EXPECT_FALSE(fs::exists(dir + "/rp/case-3.json"));
}

TEST(RobotsReplays, AnUnfinishedGamesSummaryCountsItsMoves) {
    // "Playing: 1 moves made" in a saved replay of an unfinished game.
    auto g = create_game(Json{{"game", "robots"}, {"seed", 3}, {"robots", 5}, {"teleports", 2}});
    g->apply(g->suggest_move(Json::object()));
    ASSERT_FALSE(g->over());
    EXPECT_EQ(g->result()["summary"], "Playing: 1 move made");
    g->apply(g->suggest_move(Json::object()));
    if (!g->over()) {
        EXPECT_EQ(g->result()["summary"], "Playing: 2 moves made");
    }
}

TEST(RobotsReplays, AConfigsCaseBeyondItsInputIsNamed) {
    // "the input has 1 cases, no case 2".
    const std::string one_case = "1 0\n10 14\n0 0\n";
    try {
        create_game(Json{{"game", "robots"}, {"input", one_case}, {"case", 2}});
        FAIL() << "case 2 of a one-case input was played";
    } catch (const InputError& e) {
        EXPECT_STREQ(e.what(), "config.case: the input has 1 case, no case 2");
    }
    try {
        create_game(Json{{"game", "robots"}, {"input", "2 0\n10 14\n1 1\n1 0\n10 14\n0 0\n"}, {"case", 3}});
        FAIL() << "case 3 of a two-case input was played";
    } catch (const InputError& e) {
        EXPECT_STREQ(e.what(), "config.case: the input has 2 cases, no case 3");
    }
}
