// The uniform interface checks the side asked about (common/game.h): observation and
// legal_moves take -1 (everything) or one of the game's sides and refuse any other side,
// naming the sides, before an engine sees it. Engines used to be handed any int.
#include <gtest/gtest.h>

#include <functional>
#include <map>

#include "common/errors.h"
#include "../common/thrown_text.h"
#include "common/game.h"

namespace pursuit {
namespace {

std::string error_of(const std::function<void()>& call) { return test::thrown_text<InputError>(call); }

TEST(GameSides, ASideOutsideTheGameIsRefusedNamingTheSides) {
    const std::map<std::string, std::string> sides{
        {"bank", "-1 (everything), 0 (guards), 1 (robbers)"},
        {"copsrobbers", "-1 (everything), 0 (cops), 1 (robber)"},
        {"fugitive", "-1 (everything), 0 (Fugitive), 1 (Detectives)"},
        {"robots", "-1 (everything), 0 (you)"},
        {"searchparty", "-1 (everything), 0 (search party)"},
    };
    ASSERT_EQ(all_games().size(), sides.size()) << "a game without an entry here";
    for (const GameInfo& info : all_games()) {
        SCOPED_TRACE(info.id);
        auto g = create_game(Json{{"game", info.id}, {"seed", 1}});
        const int count = g->sides();
        for (int side = -1; side < count; ++side) {
            EXPECT_EQ(error_of([&] { (void)g->observation(side); }), "(no error)") << side;
            EXPECT_EQ(error_of([&] { (void)g->legal_moves(side); }), "(no error)") << side;
        }
        for (int side : {-2, count, 7, -1000000}) {
            const std::string tail = ": no side " + std::to_string(side) + " in " + info.id + " (sides: " + sides.at(info.id) + ")";
            EXPECT_EQ(error_of([&] { (void)g->observation(side); }), "observation" + tail);
            EXPECT_EQ(error_of([&] { (void)g->legal_moves(side); }), "legal_moves" + tail);
        }
    }
}

}  // namespace
}  // namespace pursuit
