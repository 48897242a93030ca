// The Fugitive vs Detectives starters against a small referee of the protocol (shared/specs/
// fugitive.md) on a 12-city map: placement, 50 turns with announcements on turns 5, 10, ...,
// every move along a road of the named transport, distinct detectives, Quit on capture, and
// both programs exit normally (after Quit, or after their move of turn 50).
#include <gtest/gtest.h>

#include <algorithm>
#include <optional>
#include <set>

#include "common/judge_io.h"
#include "common/process_runner.h"
#include "starter_harness.h"
#include "../common/scratch_dir.h"

namespace pursuit::starters {
namespace {

constexpr int kCities = 12, kTurns = 50;
struct Road { char transport; int a, b; };

std::vector<Road> map_roads() {
    std::vector<Road> roads;
    for (int i = 1; i <= kCities; ++i) roads.push_back({'C', i, i % kCities + 1});  // a ring of car roads
    for (auto [a, b] : std::vector<std::pair<int, int>>{{1, 4}, {4, 7}, {7, 10}, {10, 1}}) roads.push_back({'T', a, b});
    roads.push_back({'P', 1, 7});
    return roads;
}

std::string map_text() {
    std::string text = std::to_string(kCities) + "\n";
    for (const Road& r : map_roads()) text += std::string(1, r.transport) + " " + std::to_string(r.a) + "-" + std::to_string(r.b) + "\n";
    return text + "END\n";
}

bool road(char transport, int from, int to) {
    for (const Road& r : map_roads())
        if ((transport == 0 || r.transport == transport) && ((r.a == from && r.b == to) || (r.b == from && r.a == to))) return true;
    return false;
}

struct Outcome {
    std::string error;
    int turns = 0;
    bool caught = false;
    bool by_fugitive = false;  // the fugitive walked onto a detective
};

// Reads one city line; "" or an error text.
std::string read_city(Player& p, const std::string& context, int& city) {
    auto line = p.read_line(context);
    if (!line) return p.verdict().message;
    std::vector<std::string> w = split_words(*line);
    if (w.size() != 1 || !parse_int(w[0], city) || city < 1 || city > kCities) return context + ": \"" + *line + "\" is not a city";
    return "";
}

// After Quit or the last move the program must exit with status 0 and write nothing more.
std::string expect_clean_exit(Player& p, const std::string& when) {
    auto extra = p.read_line("the end of the game");
    if (extra) return p.name() + " wrote \"" + *extra + "\" " + when;
    if (p.verdict().message.find("exited with status 0") == std::string::npos) return p.name() + " " + when + ": " + p.verdict().message;
    return "";
}

Outcome referee(const std::string& fugitive_cmd, const std::string& detectives_cmd, const std::string& dir) {
    PlayerLimits limits;
    limits.per_move = std::chrono::milliseconds(5000);
    Player f("Fugitive", fugitive_cmd, dir, limits), d("Detectives", detectives_cmd, dir, limits);
    Outcome out;
    auto run = [&]() -> std::string {
        f.send_line("Fugitive");
        d.send_line("Detectives");
        std::vector<int> det(4);
        for (int i = 0; i < 4; ++i)
            if (std::string e = read_city(d, "detective " + std::to_string(i + 1) + "'s start", det[i]); !e.empty()) return e;
        if (std::set<int>(det.begin(), det.end()).size() != 4) return "the detectives' start cities are not distinct";
        for (int c : det) f.send_line(std::to_string(c));
        int fug = 0;
        if (std::string e = read_city(f, "the fugitive's start", fug); !e.empty()) return e;
        if (std::count(det.begin(), det.end(), fug)) return "the fugitive starts on a detective";
        d.send_line(std::to_string(fug));
        for (int turn = 1; turn <= kTurns; ++turn) {
            out.turns = turn;
            const std::string ctx = "turn " + std::to_string(turn);
            auto line = f.read_line(ctx);
            if (!line) return f.verdict().message;
            std::vector<std::string> w = split_words(*line);
            int to = 0;
            if (w.size() != 2 || w[0].size() != 1 || !parse_int(w[1], to) || !road(w[0][0], fug, to))
                return ctx + ": the fugitive at " + std::to_string(fug) + " wrote \"" + *line + "\"";
            fug = to;
            if (std::count(det.begin(), det.end(), fug)) { out.caught = out.by_fugitive = true; break; }
            d.send_line(turn % 5 == 0 ? w[0] + " " + w[1] : w[0]);
            std::vector<int> next(4);
            for (int i = 0; i < 4; ++i) {
                if (std::string e = read_city(d, ctx + ", detective " + std::to_string(i + 1), next[i]); !e.empty()) return e;
                if (!road(0, det[i], next[i])) return ctx + ": detective " + std::to_string(i + 1) + " cannot go from " + std::to_string(det[i]) + " to " + std::to_string(next[i]);
            }
            if (std::set<int>(next.begin(), next.end()).size() != 4) return ctx + ": two detectives on one city";
            det = next;
            if (std::count(det.begin(), det.end(), fug)) { out.caught = true; break; }
            if (turn < kTurns) for (int c : det) f.send_line(std::to_string(c));
        }
        // Quit goes to whoever would read next; after its move of turn 50 a program just exits.
        if (out.caught && out.turns < kTurns) f.send_line("Quit");
        if (out.caught && (out.turns < kTurns || out.by_fugitive)) d.send_line("Quit");
        if (out.caught) {
            const char* f_end = out.turns < kTurns ? "after Quit" : "after its move of turn 50";
            const char* d_end = out.turns < kTurns || out.by_fugitive ? "after Quit" : "after its move of turn 50";
            if (std::string e = expect_clean_exit(f, f_end); !e.empty()) return e;
            return expect_clean_exit(d, d_end);
        }
        if (std::string e = expect_clean_exit(f, "after its move of turn 50"); !e.empty()) return e;
        return expect_clean_exit(d, "after its move of turn 50");
    };
    out.error = run();
    f.finish();
    d.finish();
    return out;
}

class FugitiveStarter : public ::testing::TestWithParam<std::string> {
protected:
    void SetUp() override {
        if (GetParam() == "py" && !python_available()) GTEST_SKIP() << "python3 not found: the Python starter is not checked";
        scratch_.emplace("fugitive-starter");
        dir_ = scratch_->path();
        write_file(dir_ + "/connect.txt", map_text());
    }
    std::optional<pursuit::test::ScratchDir> scratch_;  // (empty when the test is skipped)
    std::string dir_;
};

TEST_P(FugitiveStarter, BothRolesPlayLegalGamesAndExitCleanly) {
    // Random detectives on a 12-city ring always catch a random fugitive in time, so these games
    // end with Quit; the turn-50 ending is checked by the two batch tests below.
    for (int seed = 1; seed <= 6; ++seed) {
        Outcome o = referee(starter("fugitive", GetParam(), seed).command, starter("fugitive", GetParam(), seed + 50).command, dir_);
        EXPECT_EQ(o.error, "") << "seed " << seed << ", turn " << o.turns;
        if (!o.caught) {
            EXPECT_EQ(o.turns, kTurns);
        }
    }
}

TEST_P(FugitiveStarter, FugitivePlaysFiftyTurnsAndExitsWithoutQuit) {
    // The detectives (as the judge reports them) stand still on 2 5 8 11 for the whole game; after
    // its move of turn 50 the Fugitive exits by itself (its input simply ends there).
    std::string input = "Fugitive\n";
    for (int turn = 0; turn < kTurns; ++turn) input += "2\n5\n8\n11\n";
    BatchRun run = run_batch(starter("fugitive", GetParam(), 4).command, input, dir_);
    EXPECT_EQ(run.exit_status, 0);
    std::vector<std::string> lines = split_lines(run.output);
    ASSERT_EQ(lines.size(), 1u + kTurns) << run.output;
    int at = 0;
    ASSERT_TRUE(parse_int(lines[0], at));
    for (int turn = 1; turn <= kTurns; ++turn) {
        std::vector<std::string> w = split_words(lines[turn]);
        int to = 0;
        ASSERT_TRUE(w.size() == 2 && w[0].size() == 1 && parse_int(w[1], to)) << lines[turn];
        EXPECT_TRUE(road(w[0][0], at, to)) << "turn " << turn << ": " << at << " -> " << lines[turn];
        at = to;
    }
}

TEST_P(FugitiveStarter, DetectivesReadAnnouncementsAndPlayFiftyTurns) {
    // The fugitive starts on 1, uses cars, and announces 1 on turns 5, 10, ...
    std::string input = "Detectives\n1\n";
    for (int turn = 1; turn <= kTurns; ++turn) input += turn % 5 == 0 ? "C 1\n" : "C\n";
    BatchRun run = run_batch(starter("fugitive", GetParam(), 8).command, input, dir_);
    EXPECT_EQ(run.exit_status, 0);
    std::vector<std::string> lines = split_lines(run.output);
    ASSERT_EQ(lines.size(), 4u * (kTurns + 1)) << run.output;
    std::vector<int> det(4);
    for (int i = 0; i < 4; ++i) ASSERT_TRUE(parse_int(lines[i], det[i]));
    for (int turn = 1; turn <= kTurns; ++turn) {
        std::vector<int> next(4);
        for (int i = 0; i < 4; ++i) {
            ASSERT_TRUE(parse_int(lines[4 * turn + i], next[i]));
            EXPECT_TRUE(road(0, det[i], next[i])) << "turn " << turn << ", detective " << i + 1;
        }
        EXPECT_EQ(std::set<int>(next.begin(), next.end()).size(), 4u) << "turn " << turn;
        det = next;
    }
}

TEST_P(FugitiveStarter, TokenReadingAcceptsFourCitiesOnOneLine) {
    // The Fugitive's input with the detectives on one line, then Quit after its first move.
    BatchRun run = run_batch(starter("fugitive", GetParam(), 2).command, "Fugitive\n2 5 8 11\nQuit\n", dir_);
    EXPECT_EQ(run.exit_status, 0);
    std::vector<std::string> lines = split_lines(run.output);
    ASSERT_EQ(lines.size(), 2u) << run.output;
    int start = 0;
    ASSERT_TRUE(parse_int(lines[0], start));
    EXPECT_TRUE(start != 2 && start != 5 && start != 8 && start != 11) << start;
    std::vector<std::string> move = split_words(lines[1]);
    ASSERT_EQ(move.size(), 2u);
    int to = 0;
    ASSERT_TRUE(parse_int(move[1], to));
    EXPECT_TRUE(road(move[0][0], start, to)) << lines[1];
}

TEST(FugitiveReferee, CatchesAFugitiveWithoutARoad) {
    const pursuit::test::ScratchDir scratch("fugitive-referee");
    const std::string& dir = scratch.path();
    write_file(dir + "/connect.txt", map_text());
    // Detectives on 1 2 4 5; the fugitive starts on 3 and then claims a plane from 3, which has no airport.
    Outcome o = referee("read role; read a; read b; read c; read d; echo 3; echo 'P 9'; sleep 5",
                        "echo 1; echo 2; echo 4; echo 5; sleep 5", dir);
    EXPECT_NE(o.error.find("the fugitive at 3 wrote \"P 9\""), std::string::npos) << o.error;
}

INSTANTIATE_TEST_SUITE_P(Languages, FugitiveStarter, ::testing::Values("cpp", "py"));

}  // namespace
}  // namespace pursuit::starters
