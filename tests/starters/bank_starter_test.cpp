// The Bank Heist starters against a small referee of the protocol (shared/specs/bank.md) for
// the commands they use (L R U D S and #; a lift call is reported as not covered here): start
// cells, one line of four commands per move, guards' vision (same floor row / same staircase
// column, ?? otherwise, ## when caught), captures after either move, '#' exactly for caught
// robbers, and a clean exit after the move limit or the last capture.
#include <gtest/gtest.h>

#include <algorithm>

#include "common/process_runner.h"
#include "starter_harness.h"

namespace pursuit::starters {
namespace {

constexpr int kRows = 17, kCols = 25;
struct Cell {
    int row = -1, col = -1;
    bool operator==(const Cell& o) const { return row == o.row && col == o.col; }
};

bool is_floor(int row) { return row % 4 == 0; }
bool is_stair_col(int col) { return col == 4 || col == 8 || col == 16 || col == 20; }
bool walkable(Cell c) { return c.row >= 0 && c.row < kRows && c.col >= 0 && c.col < kCols && (is_floor(c.row) || is_stair_col(c.col)); }
std::string name(Cell c) { return {char('A' + c.row), char('A' + c.col)}; }
Cell parse_cell(const std::string& s) {
    if (s.size() != 2) return {};
    Cell c{s[0] - 'A', s[1] - 'A'};
    return walkable(c) ? c : Cell{};
}
bool sees(Cell g, Cell r) {
    return (g.row == r.row && is_floor(g.row)) || (g.col == r.col && is_stair_col(g.col));
}
// Applies one command; "" or why it is illegal.
std::string apply(Cell& c, char cmd) {
    Cell to = c;
    switch (cmd) {
        case 'S': return "";
        case 'L': case 'R':
            if (!is_floor(c.row)) return "L/R on a stair cell";
            to.col += cmd == 'L' ? -1 : 1;
            break;
        case 'U': case 'D':
            if (!is_stair_col(c.col)) return "U/D off a staircase";
            to.row += cmd == 'U' ? 1 : -1;
            break;
        default:
            return std::string("command '") + cmd + "' (lifts are not covered by this referee)";
    }
    if (!walkable(to)) return std::string("'") + cmd + "' from " + name(c) + " leaves the building";
    c = to;
    return "";
}

struct Outcome {
    std::string error;
    int moves = 0;     // moves made by the robbers
    int caught = 0;
};

Outcome referee(const std::string& guards_cmd, const std::string& robbers_cmd, int limit) {
    PlayerLimits limits;
    limits.per_move = std::chrono::milliseconds(5000);
    Player g("guards", guards_cmd, "", limits), r("robbers", robbers_cmd, "", limits);
    std::vector<Cell> guards = {{0, 10}, {0, 11}, {0, 13}, {0, 14}}, robbers(4);
    std::vector<bool> caught(4, false);
    Outcome out;
    auto capture = [&] {
        for (int i = 0; i < 4; ++i)
            if (!caught[i] && std::count(guards.begin(), guards.end(), robbers[i])) caught[i] = true;
        out.caught = static_cast<int>(std::count(caught.begin(), caught.end(), true));
    };
    auto read_commands = [&](Player& p, const std::string& ctx, std::string& cmds) -> std::string {
        auto line = p.read_line(ctx);
        if (!line) return p.verdict().message;
        cmds = *line;
        if (cmds.size() != 4) return ctx + ": " + p.name() + " wrote \"" + cmds + "\" (four commands, no spaces)";
        return "";
    };
    auto run = [&]() -> std::string {
        for (Player* p : {&g, &r}) p->send_line(std::to_string(limit));
        g.send_line("0");
        r.send_line("1");
        auto starts = r.read_line("the robbers' start cells");
        if (!starts) return r.verdict().message;
        std::vector<std::string> w = split_words(*starts);
        if (w.size() != 4) return "start line \"" + *starts + "\"";
        for (int i = 0; i < 4; ++i) {
            robbers[i] = parse_cell(w[i]);
            if (robbers[i].row < 0 || std::count(guards.begin(), guards.end(), robbers[i])) return "bad start cell " + w[i];
        }
        for (int move = 1; move <= limit; ++move) {
            const std::string ctx = "move " + std::to_string(move);
            std::string line;
            for (int i = 0; i < 4; ++i) {
                bool seen = std::any_of(guards.begin(), guards.end(), [&](Cell c) { return sees(c, robbers[i]); });
                line += caught[i] ? "## " : seen ? name(robbers[i]) + " " : "?? ";
            }
            g.send_line(line + "FFF");
            std::string cmds;
            if (std::string e = read_commands(g, ctx, cmds); !e.empty()) return e;
            for (int i = 0; i < 4; ++i)
                if (std::string e = apply(guards[i], cmds[i]); !e.empty()) return ctx + ": guard " + std::to_string(i + 1) + ": " + e;
            capture();
            line.clear();
            for (Cell c : guards) line += name(c) + " ";
            r.send_line(line + "FFF");
            if (out.caught == 4) return "";  // the robbers read the last line and exit
            if (std::string e = read_commands(r, ctx, cmds); !e.empty()) return e;
            out.moves = move;
            for (int i = 0; i < 4; ++i) {
                if (caught[i] != (cmds[i] == '#')) return ctx + ": robber " + std::to_string(i + 1) + (caught[i] ? " is caught but wrote '" : " is free but wrote '") + cmds[i] + "'";
                if (!caught[i])
                    if (std::string e = apply(robbers[i], cmds[i]); !e.empty()) return ctx + ": robber " + std::to_string(i + 1) + ": " + e;
            }
            capture();
            if (out.caught == 4) return "";
        }
        return "";
    };
    out.error = run();
    if (out.error.empty()) {
        // Both programs are done: after the limit, or the robbers after seeing their last capture.
        auto extra = r.read_line("the end");
        if (extra || r.verdict().message.find("exited with status 0") == std::string::npos)
            out.error = "robbers at the end: " + (extra ? "wrote \"" + *extra + "\"" : r.verdict().message);
    }
    g.finish();
    r.finish();
    return out;
}

class BankStarter : public ::testing::TestWithParam<std::string> {
protected:
    void SetUp() override {
        if (GetParam() == "py" && !python_available()) GTEST_SKIP() << "python3 not found: the Python starter is not checked";
    }
};

TEST_P(BankStarter, GuardsAndRobbersPlayLegalMoves) {
    for (int seed = 1; seed <= 3; ++seed) {
        Outcome o = referee(starter("bank", GetParam(), seed).command, starter("bank", GetParam(), seed + 10).command, 40);
        EXPECT_EQ(o.error, "") << "seed " << seed << " after " << o.moves << " moves";
        EXPECT_TRUE(o.moves == 40 || o.caught == 4) << o.moves;
    }
}

TEST_P(BankStarter, GuardsExitWhenEveryRobberIsCaught) {
    BatchRun run = run_batch(starter("bank", GetParam(), 1).command, "150\n0\n?? EK ?? ?? FFF\n## ## ## ## FFF\n");
    EXPECT_EQ(run.exit_status, 0);
    std::vector<std::string> lines = split_lines(run.output);
    ASSERT_EQ(lines.size(), 1u) << run.output;
    std::vector<Cell> guards = {{0, 10}, {0, 11}, {0, 13}, {0, 14}};
    ASSERT_EQ(lines[0].size(), 4u);
    for (int i = 0; i < 4; ++i) EXPECT_EQ(apply(guards[i], lines[0][i]), "") << lines[0];
}

TEST(BankReferee, CatchesAnIllegalCommand) {
    // Robbers start on the first floor and walk up where there is no staircase.
    Outcome o = referee(starter("bank", "cpp", 1).command, "echo 'AC AD AF AG'; while read l; do echo UUUU; done", 10);
    EXPECT_NE(o.error.find("robber 1: U/D off a staircase"), std::string::npos) << o.error;
}

INSTANTIATE_TEST_SUITE_P(Languages, BankStarter, ::testing::Values("cpp", "py"));

}  // namespace
}  // namespace pursuit::starters
