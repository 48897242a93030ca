// The Search Party starters against a small controller of the interactive protocol
// (shared/specs/searchparty.md): state blocks (Turn k, living actors, board, 40 dashes), one
// move line per turn checked strictly (living actors only, once each, keypad digits, onto open
// cells, ending with '.'), vision, deaths and the finish; at end of input the starter exits.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <map>

#include "common/process_runner.h"
#include "starter_harness.h"

namespace pursuit::starters {
namespace {

const std::vector<std::string> kMap = {
    "##########",
    "#........#",
    "#..#..#..#",
    "#...S....#",
    "#..#..#..#",
    "#........#",
    "##########",
};
const int kW = 10, kH = 7;

struct Actor { char id; int x, y; bool alive = true; };
bool sees(const Actor& a, int x, int y) { return (a.x - x) * (a.x - x) + (a.y - y) * (a.y - y) < 8; }

struct Outcome {
    std::string error;
    int turns = 0;
    bool finished = false;
};

class Controller {
public:
    Controller() {
        for (int y = 0; y < kH; ++y)
            for (int x = 0; x < kW; ++x)
                if (kMap[y][x] == 'S') actors_ = {{'@', x, y}, {'A', x, y}, {'a', x, y}};
        searched_.assign(kH, std::vector<bool>(kW, false));
        look();
    }
    bool finished() const {
        for (int y = 0; y < kH; ++y)
            for (int x = 0; x < kW; ++x)
                if (kMap[y][x] != '#' && !searched_[y][x]) return false;
        return true;
    }
    std::vector<std::string> state(int turn) const {
        std::vector<std::string> out = {"Turn " + std::to_string(turn)};
        std::string line;
        for (const Actor& a : actors_)
            if (a.alive) line += (line.empty() ? "" : " ") + std::string(1, a.id) + ":" + std::to_string(a.x) + "," + std::to_string(a.y);
        out.push_back(line + ".");
        for (int y = 0; y < kH; ++y) {
            std::string row;
            for (int x = 0; x < kW; ++x) row += kMap[y][x] == '#' ? '#' : searched_[y][x] ? 'o' : '.';
            out.push_back(row);
        }
        out.push_back(std::string(40, '-'));
        return out;
    }
    // One move line; "" or what is wrong with it.
    std::string play(std::string line) {
        if (line.empty() || line.back() != '.') return "the line does not end with '.'";
        line.pop_back();
        std::map<char, int> moves;
        for (const std::string& tok : split_words(line)) {
            if (tok.size() != 2 || tok[1] < '1' || tok[1] > '9') return "token \"" + tok + "\" is not <actor><digit 1-9>";
            auto it = std::find_if(actors_.begin(), actors_.end(), [&](const Actor& a) { return a.id == tok[0]; });
            if (it == actors_.end() || !it->alive) return "actor " + tok.substr(0, 1) + " is dead or does not exist";
            if (moves.count(tok[0])) return "actor " + tok.substr(0, 1) + " moved twice";
            moves[tok[0]] = tok[1] - '0';
        }
        for (Actor& a : actors_) {
            if (!a.alive || !moves.count(a.id)) continue;
            int d = moves[a.id], x = a.x + (d - 1) % 3 - 1, y = a.y + (d >= 7 ? -1 : d >= 4 ? 0 : 1);
            if (x < 0 || y < 0 || x >= kW || y >= kH || kMap[y][x] == '#') return std::string("actor ") + a.id + " moves onto a wall";
            a.x = x;
            a.y = y;
        }
        look();
        deaths();
        return "";
    }

private:
    void look() {
        for (const Actor& a : actors_)
            if (a.alive)
                for (int y = 0; y < kH; ++y)
                    for (int x = 0; x < kW; ++x)
                        if (sees(a, x, y)) searched_[y][x] = true;
    }
    void deaths() {
        std::vector<bool> dies(actors_.size(), false);
        for (std::size_t i = 0; i < actors_.size(); ++i) {
            const Actor& a = actors_[i];
            if (!a.alive || a.id == '@') continue;
            int star = 0, costars = 0, extras = 0;
            for (std::size_t j = 0; j < actors_.size(); ++j) {
                const Actor& b = actors_[j];
                if (j == i || !b.alive || !sees(a, b.x, b.y)) continue;
                (b.id == '@' ? star : std::isupper(static_cast<unsigned char>(b.id)) ? costars : extras)++;
            }
            if (std::isupper(static_cast<unsigned char>(a.id))) dies[i] = star + costars + extras == 0;
            else dies[i] = star == 0 && costars == 0 && extras < 2;
        }
        for (std::size_t i = 0; i < actors_.size(); ++i)
            if (dies[i]) actors_[i].alive = false;
    }
    std::vector<Actor> actors_;
    std::vector<std::vector<bool>> searched_;
};

Outcome run_controller(const std::string& command, int max_turns) {
    PlayerLimits limits;
    limits.per_move = std::chrono::milliseconds(5000);
    Player p("solver", command, "", limits);
    Controller c;
    Outcome out;
    for (int turn = 1; turn <= max_turns && !c.finished(); ++turn) {
        for (const std::string& l : c.state(turn)) p.send_line(l);
        auto line = p.read_line("turn " + std::to_string(turn));
        if (!line) { out.error = p.verdict().message; break; }
        if (std::string e = c.play(*line); !e.empty()) { out.error = "turn " + std::to_string(turn) + ": \"" + *line + "\": " + e; break; }
        out.turns = turn;
    }
    out.finished = c.finished();
    p.finish();
    return out;
}

class SearchPartyStarter : public ::testing::TestWithParam<std::string> {
protected:
    void SetUp() override {
        if (GetParam() == "py" && !python_available()) GTEST_SKIP() << "python3 not found: the Python starter is not checked";
    }
};

TEST_P(SearchPartyStarter, EveryMoveLineIsLegal) {
    for (int seed = 1; seed <= 3; ++seed) {
        Outcome o = run_controller(starter("searchparty", GetParam(), seed).command, 200);
        EXPECT_EQ(o.error, "") << "seed " << seed;
        EXPECT_GE(o.turns, 1);
    }
}

TEST_P(SearchPartyStarter, AnswersOneBlockAndExitsAtEndOfInput) {
    Controller c;
    std::string input;
    for (const std::string& l : c.state(1)) input += l + "\n";
    BatchRun run = run_batch(starter("searchparty", GetParam(), 5).command + " map.txt", input);
    EXPECT_EQ(run.exit_status, 0);
    std::vector<std::string> lines = split_lines(run.output);
    ASSERT_EQ(lines.size(), 1u) << run.output;
    EXPECT_EQ(c.play(lines[0]), "");
}

TEST(SearchPartyController, CatchesBadLines) {
    Controller c;
    EXPECT_NE(c.play("@8 A2 a2"), "");     // no final dot
    EXPECT_NE(c.play("@8 @2."), "");       // moved twice
    EXPECT_NE(c.play("B5."), "");          // no costar B
    EXPECT_NE(c.play("@0."), "");          // not a keypad direction
    Controller walls;
    EXPECT_NE(walls.play("@7.").find("wall"), std::string::npos);  // (3,2) is an obstacle
    EXPECT_EQ(walls.play("."), "");        // nobody moves
}

INSTANTIATE_TEST_SUITE_P(Languages, SearchPartyStarter, ::testing::Values("cpp", "py"));

}  // namespace
}  // namespace pursuit::starters
