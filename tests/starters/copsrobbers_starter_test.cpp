// The Cops and Robbers starters against a small referee of the protocol (shared/specs/
// copsrobbers.md): a starter plays X, another plays P, for up to 20 rounds on a 10-crossing
// graph; every reply must be a legal move (stay or a neighbour, the right count of numbers).
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "common/process_runner.h"
#include "starter_harness.h"

namespace pursuit::starters {
namespace {

constexpr int kCrossings = 10, kCops = 2, kRounds = 20;
// A 10-cycle with two chords.
const std::vector<std::pair<int, int>> kEdges = {{1, 2}, {2, 3}, {3, 4}, {4, 5}, {5, 6}, {6, 7}, {7, 8},
                                                 {8, 9}, {9, 10}, {10, 1}, {1, 6}, {3, 8}};

bool adjacent(int a, int b) {
    return std::any_of(kEdges.begin(), kEdges.end(), [&](auto e) { return (e.first == a && e.second == b) || (e.first == b && e.second == a); });
}
bool legal_step(int from, int to) { return to >= 1 && to <= kCrossings && (to == from || adjacent(from, to)); }

struct Outcome {
    std::string error;  // "" = every reply legal
    int rounds = 0;     // rounds completed or ended by a capture
    bool caught = false;
};

void send_header(Player& p, const std::string& side, const std::string& start) {
    p.send_line(side);
    p.send_line(std::to_string(kCops));
    p.send_line(std::to_string(kRounds));
    p.send_line(std::to_string(kCrossings) + " " + std::to_string(kEdges.size()));
    for (auto [a, b] : kEdges) p.send_line(std::to_string(a) + " " + std::to_string(b));
    p.send_line(start);
}

Outcome referee(const std::string& x_cmd, const std::string& p_cmd) {
    PlayerLimits limits;
    limits.per_move = std::chrono::milliseconds(5000);
    Player x("X", x_cmd, "", limits), p("P", p_cmd, "", limits);
    int robber = 1;
    std::vector<int> cops = {4, 8};
    send_header(x, "X", "1");
    send_header(p, "P", "4 8");
    Outcome out;
    for (int round = 1; round <= kRounds && !out.caught; ++round) {
        out.rounds = round;
        x.send_line(std::to_string(cops[0]) + " " + std::to_string(cops[1]));
        auto line = x.read_line("round " + std::to_string(round));
        if (!line) { out.error = x.verdict().message; break; }
        std::vector<std::string> w = split_words(*line);
        int to = 0;
        if (w.size() != 1 || !parse_int(w[0], to) || !legal_step(robber, to)) {
            out.error = "round " + std::to_string(round) + ": X at " + std::to_string(robber) + " wrote \"" + *line + "\"";
            break;
        }
        robber = to;
        if (std::count(cops.begin(), cops.end(), robber)) { out.caught = true; break; }
        p.send_line(std::to_string(robber));
        line = p.read_line("round " + std::to_string(round));
        if (!line) { out.error = p.verdict().message; break; }
        w = split_words(*line);
        bool ok = w.size() == static_cast<std::size_t>(kCops);
        for (int i = 0; ok && i < kCops; ++i) ok = parse_int(w[i], to) && legal_step(cops[i], to) && (cops[i] = to, true);
        if (!ok) { out.error = "round " + std::to_string(round) + ": P wrote \"" + *line + "\""; break; }
        out.caught = std::count(cops.begin(), cops.end(), robber) > 0;
    }
    x.finish();
    p.finish();
    return out;
}

class CopsRobbersStarter : public ::testing::TestWithParam<std::string> {
protected:
    void SetUp() override {
        if (GetParam() == "py" && !python_available()) GTEST_SKIP() << "python3 not found: the Python starter is not checked";
    }
};

TEST_P(CopsRobbersStarter, BothSidesPlayLegalMovesForAWholeGame) {
    int full_games = 0;
    for (int seed = 1; seed <= 4; ++seed) {
        Outcome o = referee(starter("copsrobbers", GetParam(), seed).command, starter("copsrobbers", GetParam(), seed + 100).command);
        EXPECT_EQ(o.error, "") << "seed " << seed;
        EXPECT_GE(o.rounds, 1);
        if (!o.caught) {
            EXPECT_EQ(o.rounds, kRounds);
            ++full_games;
        }
    }
    SUCCEED() << full_games << " of 4 games lasted all rounds";
}

TEST_P(CopsRobbersStarter, ReadsLineByLineAndExitsAtEndOfInput) {
    // X on the statement's example graph: header, start 3, three rounds of cop positions, then
    // the server ends the game (end of input): exactly three legal answers and exit status 0.
    const std::string input = "X\n2\n100\n7 7\n1 2\n2 3\n3 4\n4 5\n5 6\n6 7\n7 1\n3\n6 7\n5 5\n3 3\n";
    BatchRun run = run_batch(starter("copsrobbers", GetParam(), 3).command, input);
    EXPECT_EQ(run.exit_status, 0);
    std::vector<std::string> lines = split_lines(run.output);
    ASSERT_EQ(lines.size(), 3u) << run.output;
    int at = 3;
    for (const std::string& l : lines) {
        int to = 0;
        ASSERT_TRUE(parse_int(l, to)) << l;
        EXPECT_TRUE(to == at || std::abs(to - at) == 1 || std::abs(to - at) == 6) << at << " -> " << to;
        at = to;
    }
}

TEST(CopsRobbersReferee, CatchesAnIllegalReply) {
    // A "bot" that answers every line with crossing 99.
    Outcome o = referee("while read line; do echo 99; done", starter("copsrobbers", "cpp", 1).command);
    EXPECT_NE(o.error.find("X at 1 wrote \"99\""), std::string::npos) << o.error;
}

INSTANTIATE_TEST_SUITE_P(Languages, CopsRobbersStarter, ::testing::Values("cpp", "py"));

}  // namespace
}  // namespace pursuit::starters
