// The rules engine against a second, literal reading of the statement: vision as "squared
// distance < 8" over the whole board, deaths counted from scratch over everyone, the end when
// no open cell is unsearched. Seeded random walks (mostly legal moves, people wandering off so
// that costars and extras die) on generated maps; after every turn the engine's board rows,
// actors line, unsearched count, per-cell "unsearched in view" and finish must match.
#include <gtest/gtest.h>

#include "common/rng.h"
#include "searchparty/generator.h"
#include "searchparty/rules.h"

using namespace pursuit;
using namespace pursuit::searchparty;

namespace {

struct Person {
    char name;
    int kind;  // 0 star, 1 costar, 2 extra
    int x, y;
    bool alive = true;
};

struct Literal {
    const Map& map;
    std::vector<Person> cast;
    std::vector<bool> searched;

    explicit Literal(const Map& m) : map(m), searched(m.open.size(), false) {
        const int sx = m.x_of(m.start), sy = m.y_of(m.start);
        cast.push_back({'@', 0, sx, sy});
        for (int i = 0; i < m.costars; ++i) cast.push_back({static_cast<char>('A' + i), 1, sx, sy});
        for (int i = 0; i < m.extras; ++i) cast.push_back({static_cast<char>('a' + i), 2, sx, sy});
        look();
    }
    static bool near(int x1, int y1, int x2, int y2) { return (x1 - x2) * (x1 - x2) + (y1 - y2) * (y1 - y2) < 8; }
    void look() {
        for (int i = 0; i < static_cast<int>(searched.size()); ++i)
            for (const Person& p : cast)
                if (p.alive && map.open[i] && near(p.x, p.y, map.x_of(i), map.y_of(i))) searched[i] = true;
    }
    // One turn: everyone moves at once (dx, dy per person), vision, then simultaneous deaths.
    void turn(const std::vector<std::pair<int, int>>& steps) {
        for (std::size_t i = 0; i < cast.size(); ++i) cast[i].x += steps[i].first, cast[i].y += steps[i].second;
        look();
        std::vector<bool> dies(cast.size(), false);
        for (std::size_t i = 0; i < cast.size(); ++i) {
            if (!cast[i].alive || cast[i].kind == 0) continue;
            int star = 0, costars = 0, extras = 0;
            for (std::size_t j = 0; j < cast.size(); ++j) {
                if (j == i || !cast[j].alive || !near(cast[i].x, cast[i].y, cast[j].x, cast[j].y)) continue;
                (cast[j].kind == 0 ? star : cast[j].kind == 1 ? costars : extras)++;
            }
            // A costar dies seeing nobody else; an extra seeing no costar, not the star and
            // fewer than 2 other extras.
            dies[i] = cast[i].kind == 1 ? star + costars + extras == 0 : star + costars == 0 && extras < 2;
        }
        for (std::size_t i = 0; i < cast.size(); ++i)
            if (dies[i]) cast[i].alive = false;
    }
    int unsearched() const {
        int n = 0;
        for (std::size_t i = 0; i < searched.size(); ++i) n += map.open[i] && !searched[i];
        return n;
    }
    int unsearched_seen_from(int cell) const {
        int n = 0;
        for (std::size_t i = 0; i < searched.size(); ++i)
            n += map.open[i] && !searched[i] && near(map.x_of(cell), map.y_of(cell), map.x_of(i), map.y_of(i));
        return n;
    }
    std::vector<std::string> rows() const {
        std::vector<std::string> out(map.rows, std::string(map.cols, '#'));
        for (std::size_t i = 0; i < searched.size(); ++i)
            if (map.open[i]) out[map.y_of(i)][map.x_of(i)] = searched[i] ? 'o' : '.';
        return out;
    }
    std::string actors() const {
        std::string s;
        for (const Person& p : cast)
            if (p.alive) s += (s.empty() ? "" : " ") + std::string(1, p.name) + ":" + std::to_string(p.x) + "," + std::to_string(p.y);
        return s + ".";
    }
};

// A move line: each living person, with probability 3/4, takes a random step onto an open
// cell (a listed '5' sometimes); the others are left out and stay.
std::string random_line(const Literal& g, Rng& rng, std::vector<std::pair<int, int>>& steps) {
    std::string line;
    steps.assign(g.cast.size(), {0, 0});
    for (std::size_t i = 0; i < g.cast.size(); ++i) {
        const Person& p = g.cast[i];
        if (!p.alive || rng.range(0, 3) == 0) continue;
        const int dx = rng.range(-1, 1), dy = rng.range(-1, 1);
        if (!g.map.open_at(p.x + dx, p.y + dy)) continue;
        steps[i] = {dx, dy};
        line += std::string(1, p.name) + step_digit(dx, dy) + " ";
    }
    return line + ".";
}

}  // namespace

TEST(SearchPartyReference, EngineAgreesWithALiteralReadingOfTheRules) {
    int turns = 0, deaths = 0, finished = 0;
    for (std::uint64_t seed = 1; seed <= 24; ++seed) {
        const char* kinds[] = {"cave", "rooms", "open", "maze"};
        GenerateSpec spec;
        spec.kind = kinds[seed % 4];
        spec.cols = 12 + static_cast<int>(seed % 5) * 3;
        spec.rows = 9 + static_cast<int>(seed % 3) * 3;
        spec.costars = static_cast<int>(seed % 4);
        spec.extras = static_cast<int>(seed % 5);
        spec.seed = seed;
        const Map map = generate_map(spec);
        State state(map);
        Literal literal(map);
        Rng rng(seed);
        std::vector<std::pair<int, int>> steps;
        const int people = 1 + map.costars + map.extras;
        while (!state.finished() && state.turns() < 3000) {
            const std::string line = random_line(literal, rng, steps);
            state.play_line(line);
            literal.turn(steps);
            ++turns;
            SCOPED_TRACE("seed " + std::to_string(seed) + " turn " + std::to_string(state.turns()) + ": " + line);
            ASSERT_EQ(state.board_rows(), literal.rows());
            ASSERT_EQ(state.actors_line(), literal.actors());
            ASSERT_EQ(state.unsearched(), literal.unsearched());
            ASSERT_EQ(state.finished(), literal.unsearched() == 0);
            for (int cell = 0; cell < static_cast<int>(map.open.size()); cell += 7)
                ASSERT_EQ(state.unsearched_in_view(cell), literal.unsearched_seen_from(cell)) << "cell " << cell;
        }
        deaths += people - 1 - state.costars_alive() - state.extras_alive();
        finished += state.finished();
    }
    // Enough happened for the comparison to mean something.
    EXPECT_GT(turns, 1000);
    EXPECT_GT(deaths, 10);
    EXPECT_GE(finished, 10);
}
