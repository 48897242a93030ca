// The solver: valid complete batch solutions, everyone alive, reference maps under budget.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "searchparty/checker.h"
#include "searchparty/generator.h"
#include "searchparty/solver.h"

using namespace pursuit::searchparty;

namespace {
std::string slurp(const std::string& path) {
    std::ifstream f(path);
    std::stringstream s;
    s << f.rdbuf();
    return s.str();
}
}  // namespace

TEST(SearchPartySolver, LowerBoundsMatchTheSpecTable) {
    const int expected[5] = {20, 33, 61, 142, 164};
    for (int i = 1; i <= 5; ++i) {
        const std::string text = slurp(std::string(PURSUIT_SHARED_DIR) + "/ref/searchparty/map" + std::to_string(i) + ".txt");
        ASSERT_FALSE(text.empty()) << "reference map " << i << " not found";
        EXPECT_EQ(lower_bound(read_map(text)).bound(), expected[i - 1]) << "map" << i;
    }
}

TEST(SearchPartySolver, ReferenceMapsSolvedValidlyWithEveryCostarAlive) {
    for (int i = 1; i <= 5; ++i) {
        const Map m = read_map(slurp(std::string(PURSUIT_SHARED_DIR) + "/ref/searchparty/map" + std::to_string(i) + ".txt"));
        const State start(m);
        const Plan plan = run_policy(start, default_variants(3).front(), 5000);
        ASSERT_TRUE(plan.complete) << "map" << i;
        EXPECT_EQ(plan.costars, m.costars) << "map" << i;
        const auto report = check_solution(m, batch_text(start, plan));
        EXPECT_TRUE(report.valid && report.claim_matches) << report.message;
        EXPECT_GE(plan.turns, lower_bound(m).bound());
    }
}

TEST(SearchPartySolver, GeneratedMapsAreValidAndSolved) {
    for (const char* kind : {"maze", "cave", "rooms", "open"})
        for (std::uint64_t seed = 1; seed <= 3; ++seed) {
            GenerateSpec spec;
            spec.kind = kind;
            spec.seed = seed;
            spec.costars = 3;
            spec.extras = 4;
            const Map m = generate_map(spec);
            EXPECT_EQ(read_map(m.to_text()).open_count(), m.open_count());  // round trip, connected
            const Plan plan = solve(State(m), 2, 1);
            EXPECT_TRUE(plan.complete) << kind << seed;
            EXPECT_EQ(plan.costars, 3) << kind << seed;
            EXPECT_EQ(plan.extras, 4) << kind << seed;
        }
    GenerateSpec a;
    a.seed = 7;
    EXPECT_EQ(generate_map(a).to_text(), generate_map(a).to_text());
}
