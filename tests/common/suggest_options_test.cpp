// Every game checks its suggest_move options the same way (common/options.h): the keys it
// documents, each value checked with an error naming "options.<key>" and what was expected;
// any other key (a typo such as "levle") is refused naming it and the keys the game takes.
#include <gtest/gtest.h>

#include <map>

#include "common/errors.h"
#include "common/game.h"
#include "common/options.h"

namespace pursuit {
namespace {

std::string error_of(Game& g, const Json& options) {
    try {
        g.suggest_move(options);
    } catch (const InputError& e) {
        return e.what();
    }
    return "(no error)";
}

struct Expected {
    std::string takes;                          // as the unknown-key message lists them
    std::vector<std::string> levels;            // every level the game takes
    std::string level_error;                    // "options.level: expected ..."
    std::vector<std::pair<Json, std::string>> more;  // other options and their errors ("" = accepted)
};

const std::map<std::string, Expected>& expected() {
    static const std::map<std::string, Expected> table{
        {"robots", {"Robots takes level and seed", {"easy", "medium", "hard", "best"},
                    "options.level: expected easy, medium, hard or best", {}}},
        {"copsrobbers",
         {"Cops and Robbers takes level, seed and strategy", {"easy", "medium", "hard", "best"},
          "options.level: expected easy, medium, hard or best",
          {{Json{{"strategy", "greedy"}}, ""},
           {Json{{"strategy", "exact"}, {"level", "easy"}}, ""},
           {Json{{"strategy", "smart"}}, "options.strategy: expected random, greedy, cover, lookahead, exact or best, got 'smart'"},
           {Json{{"strategy", 1}}, "options.strategy: expected random, greedy, cover, lookahead, exact or best, got 1"}}}},
        {"fugitive",
         {"Fugitive takes level, seed and strategy", {"easy", "medium", "hard", "best"},
          "options.level: expected easy, medium, hard or best",
          {{Json{{"strategy", "random"}}, ""},
           {Json{{"strategy", "cover"}}, "options.strategy: expected random, greedy or strong, got 'cover'"},
           {Json{{"strategy", nullptr}}, "options.strategy: expected random, greedy or strong, got null"}}}},
        {"bank",
         {"Bank takes level and seed", {"easy", "medium", "hard", "best", "random", "greedy", "strong"},
          "options.level: expected easy, medium, hard, best, random, greedy or strong", {}}},
        {"searchparty",
         {"Search Party takes level, seed and fixed", {"easy", "medium", "hard", "best"},
          "options.level: expected easy, medium, hard or best",
          {{Json{{"fixed", "@6"}}, ""},
           {Json{{"fixed", ""}}, ""},
           {Json{{"fixed", 6}}, "options.fixed: expected a move line such as \"@6\", got 6"}}}},
    };
    return table;
}

TEST(SuggestOptions, EveryGameChecksItsKeysNamingTheField) {
    ASSERT_EQ(all_games().size(), expected().size()) << "a game without an entry here";
    for (const GameInfo& info : all_games()) {
        SCOPED_TRACE(info.id);
        ASSERT_TRUE(expected().count(info.id));
        const Expected& e = expected().at(info.id);
        auto g = create_game(Json{{"game", info.id}, {"seed", 1}});
        // Accepted: {}, every level, a seed (0 and one past 2^63).
        EXPECT_EQ(error_of(*g, Json::object()), "(no error)");
        for (const std::string& level : e.levels) EXPECT_EQ(error_of(*g, Json{{"level", level}, {"seed", 3}}), "(no error)") << level;
        EXPECT_EQ(error_of(*g, Json{{"seed", 0}}), "(no error)");
        EXPECT_EQ(error_of(*g, Json{{"level", "easy"}, {"seed", 9223372036854775809ULL}}), "(no error)");
        // Refused, naming the field and what was expected.
        EXPECT_EQ(error_of(*g, Json{{"level", "expert"}}), e.level_error + ", got 'expert'");
        EXPECT_EQ(error_of(*g, Json{{"level", "Best"}}), e.level_error + ", got 'Best'");
        EXPECT_EQ(error_of(*g, Json{{"level", 3}}), e.level_error + ", got 3");
        EXPECT_EQ(error_of(*g, Json{{"seed", -1}}), "options.seed: expected a non-negative integer, got -1");
        EXPECT_EQ(error_of(*g, Json{{"seed", 1.5}}), "options.seed: expected a non-negative integer, got 1.5");
        EXPECT_EQ(error_of(*g, Json{{"seed", "7"}}), "options.seed: expected a non-negative integer, got \"7\"");
        // An unknown key: a typo no longer plays the default level.
        EXPECT_EQ(error_of(*g, Json{{"levle", "hard"}}), "options.levle: unknown option (" + e.takes + ")");
        EXPECT_EQ(error_of(*g, Json{{"level", "best"}, {"colour", "red"}}), "options.colour: unknown option (" + e.takes + ")");
        EXPECT_EQ(error_of(*g, Json::array()), "options: expected a JSON object, got []");
        for (const auto& [options, error] : e.more)
            EXPECT_EQ(error_of(*g, options), error.empty() ? "(no error)" : error) << options.dump();
        EXPECT_EQ(g->moves().size(), 0u) << "suggest leaves the game as it was";
    }
}

TEST(SuggestOptions, MessagesQuoteLongOrInvalidKeysSafely) {
    const std::vector<OptionKey> keys{choice_option("level", standard_levels()), seed_option()};
    auto error_of = [&](const Json& options) {
        try {
            check_options(options, "Test", keys);
        } catch (const InputError& e) {
            return std::string(e.what());
        }
        return std::string("(no error)");
    };
    EXPECT_EQ(error_of(Json{{"level", "hard"}, {"seed", 2}}), "(no error)");
    EXPECT_EQ(error_of(Json{{std::string(59, 'k') + "\xc3\xa9tendu", 1}}),
              "options." + std::string(57, 'k') + "...: unknown option (Test takes level and seed)");
    EXPECT_EQ(error_of(Json{{std::string(56, 'k') + "\xc3\xa9tendu", 1}}),  // the cut falls inside the é
              "options." + std::string(56, 'k') + "...: unknown option (Test takes level and seed)");
    EXPECT_NO_THROW((void)Json(error_of(Json{{"\xff", 1}})).dump());
    EXPECT_NO_THROW((void)Json(error_of(Json{{"level", "\xff"}})).dump());
    EXPECT_EQ(error_of(Json{{"level", std::string(100, 'x')}}),
              "options.level: expected easy, medium, hard or best, got '" + std::string(57, 'x') + "...'");
    // Keys are checked in the object's order (nlohmann keeps them sorted): the first bad one is named.
    EXPECT_EQ(error_of(Json{{"seed", -1}, {"level", "x"}}), "options.level: expected easy, medium, hard or best, got 'x'");
    EXPECT_EQ(error_of(Json{{"seed", -1}, {"zzz", 1}}), "options.seed: expected a non-negative integer, got -1");
}

}  // namespace
}  // namespace pursuit
