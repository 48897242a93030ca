// The Robots starters (a judge-problem skeleton, not an interactive bot): on the statement's
// sample input they print one well-formed block per case, in order, with the statement's line
// formats, no trailing spaces and no blank line after the last case; same seed, same output.
#include <gtest/gtest.h>

#include <regex>

#include "starter_harness.h"

namespace pursuit::starters {
namespace {

const char* kSample =
    "4 0\n17 18\n13 18\n8 12\n10 12\n"
    "4 0\n17 17\n13 17\n13 13\n17 13\n"
    "3 3\n17 18\n13 18\n5 31\n15 16\n16 15\n3 7\n"
    "0 0\n";

class RobotsStarter : public ::testing::TestWithParam<std::string> {
protected:
    void SetUp() override {
        if (GetParam() == "py" && !python_available()) GTEST_SKIP() << "python3 not found: the Python starter is not checked";
    }
};

// Checks one case block; returns "" or what is wrong.
std::string check_case(const std::vector<std::string>& lines, int number, int robots, int teleports) {
    static const std::regex teleport(R"(Move (\d+): teleport to \((\d+),(\d+)\))");
    static const std::regex result(R"((Won|Lost) game after making (\d+) moves\.)");
    static const std::regex final_pos(R"(Final position: \((\d+),(\d+)\))");
    static const std::regex debris(R"(Number of cells with debris: (\d+))");
    static const std::regex remaining(R"(Number of robots remaining: (\d+))");
    if (lines.empty() || lines[0] != "Case " + std::to_string(number) + ":") return "missing \"Case " + std::to_string(number) + ":\"";
    std::size_t i = 1;
    int used = 0, last_move = 0;
    std::smatch m;
    while (i < lines.size() && std::regex_match(lines[i], m, teleport)) {
        int move = std::stoi(m[1]);
        if (move <= last_move) return "teleport moves not increasing: " + lines[i];
        last_move = move;
        ++used;
        ++i;
    }
    if (used > teleports) return "more teleports than destinations";
    if (i >= lines.size() || !std::regex_match(lines[i], m, result)) return "no Won/Lost line at line " + std::to_string(i + 1);
    const bool lost = m[1] == "Lost";
    if (std::stoi(m[2]) < std::max(1, last_move)) return "move count below the last teleport: " + lines[i];
    ++i;
    if (i >= lines.size() || !std::regex_match(lines[i], m, final_pos)) return "no Final position line";
    for (int k = 1; k <= 2; ++k)
        if (std::stoi(m[k]) < 1 || std::stoi(m[k]) > 31) return "final position off the board: " + lines[i];
    ++i;
    if (i >= lines.size() || !std::regex_match(lines[i], m, debris)) return "no debris line";
    ++i;
    if (lost) {
        if (i >= lines.size() || !std::regex_match(lines[i], m, remaining)) return "no robots remaining line after a loss";
        if (std::stoi(m[1]) > robots) return "more robots remaining than at the start";
        ++i;
    }
    if (i != lines.size()) return "unexpected line: " + lines[i];
    return "";
}

TEST_P(RobotsStarter, PrintsOneWellFormedBlockPerCase) {
    BatchRun run = run_batch(starter("robots", GetParam(), 4).command, kSample);
    ASSERT_EQ(run.exit_status, 0) << run.output;
    ASSERT_FALSE(run.output.empty());
    EXPECT_EQ(run.output.back(), '\n');
    std::vector<std::string> lines = split_lines(run.output);
    for (const std::string& l : lines) EXPECT_TRUE(l.empty() || l.back() != ' ') << "trailing space: \"" << l << "\"";
    ASSERT_FALSE(lines.back().empty()) << "blank line after the last case";
    std::vector<std::vector<std::string>> blocks(1);
    for (const std::string& l : lines) {
        if (l.empty()) blocks.emplace_back();
        else blocks.back().push_back(l);
    }
    ASSERT_EQ(blocks.size(), 3u) << run.output;
    const int robots[] = {4, 4, 3}, teleports[] = {0, 0, 3};
    for (int k = 0; k < 3; ++k) EXPECT_EQ(check_case(blocks[k], k + 1, robots[k], teleports[k]), "") << run.output;
    // Case 2 (four robots closing in on you from the diagonals, no teleports) is lost in 2 moves
    // whatever safe walk is taken first: the statement's answer.
    EXPECT_EQ(blocks[1][1], "Lost game after making 2 moves.");
}

TEST_P(RobotsStarter, SameSeedSameOutputAndEmptyInput) {
    const std::string cmd = starter("robots", GetParam(), 9).command;
    EXPECT_EQ(run_batch(cmd, kSample).output, run_batch(cmd, kSample).output);
    BatchRun empty = run_batch(cmd, "0 0\n");
    EXPECT_EQ(empty.exit_status, 0);
    EXPECT_EQ(empty.output, "");
}

TEST(RobotsStarterCheck, RejectsAMalformedBlock) {
    EXPECT_NE(check_case({"Case 1:", "Won game after making 5 moves.", "Final position: (14,16)"}, 1, 4, 0), "");
    EXPECT_NE(check_case({"Case 1:", "Lost game after making 2 moves.", "Final position: (15,15)", "Number of cells with debris: 1"}, 1, 4, 0), "");
    EXPECT_EQ(check_case({"Case 1:", "Won game after making 5 moves.", "Final position: (14,16)", "Number of cells with debris: 1"}, 1, 4, 0), "");
}

INSTANTIATE_TEST_SUITE_P(Languages, RobotsStarter, ::testing::Values("cpp", "py"));

}  // namespace
}  // namespace pursuit::starters
