// The shared readers of configs and JSON text (common/config.h, common/json.h): bounds inclusive,
// messages naming the field, the excerpt rule (at most 60 bytes) and the JSON depth limit.
#include <gtest/gtest.h>

#include <functional>

#include "common/config.h"
#include "common/errors.h"
#include "../common/thrown_text.h"
#include "common/json.h"

namespace pursuit {
namespace {

std::string error_of(const std::function<void()>& call) { return test::thrown_text<InputError>(call); }

TEST(Config, IntBoundsAreInclusiveAndTheMessageNamesTheField) {
    const Json c{{"robots", 50}, {"low", 1}, {"big", 51}, {"text", "x"}};
    EXPECT_EQ(config_int(c, "robots", 10, 1, 50), 50);
    EXPECT_EQ(config_int(c, "low", 10, 1, 50), 1);
    EXPECT_EQ(config_int(c, "missing", 10, 1, 50), 10);
    EXPECT_EQ(error_of([&] { config_int(c, "big", 10, 1, 50); }), "config.big: expected an integer in 1..50, got 51");
    EXPECT_EQ(error_of([&] { config_int(c, "text", 10, 1, 50, "args"); }), "args.text: expected an integer in 1..50, got \"x\"");
}

TEST(Config, SeedAndStringFieldsAreCheckedNamingTheField) {
    EXPECT_EQ(config_seed(Json::object()), 1u);
    EXPECT_EQ(config_seed(Json{{"seed", 0}}), 0u);
    EXPECT_EQ(config_seed(Json{{"seed", 18446744073709551615ULL}}), 18446744073709551615ULL);
    EXPECT_EQ(error_of([] { config_seed(Json{{"seed", -1}}); }), "config.seed: expected a non-negative integer, got -1");
    EXPECT_EQ(config_string(Json{{"input", "1 0"}}, "input"), "1 0");
    // A number where text is required: named as missing text, not nlohmann's type error.
    EXPECT_EQ(error_of([] { config_string(Json{{"input", 5}}, "input", "robots judge"); }),
              "robots judge: missing string field \"input\"");
    EXPECT_EQ(error_of([] { config_string(Json::object(), "input"); }), "config: missing string field \"input\"");
}

// config.h: "at most 60 bytes, never cut inside a UTF-8 character".
TEST(Config, ShownValuesAreAtMostSixtyBytes) {
    EXPECT_EQ(shown_text(std::string(60, 'a')), std::string(60, 'a'));
    EXPECT_EQ(shown_text(std::string(61, 'a')), std::string(57, 'a') + "...");
    EXPECT_EQ(shown_json(std::string(58, 'a')), "\"" + std::string(58, 'a') + "\"");  // 60 bytes with quotes
    EXPECT_EQ(shown_json(std::string(59, 'a')), "\"" + std::string(56, 'a') + "...");
    EXPECT_EQ(listed({"a"}, "and"), "a");
    EXPECT_EQ(listed({"a", "b", "c"}, "or"), "a, b or c");
}

// json.h: text nested deeper than 200 levels is refused naming where; 200 is fine, and brackets
// inside strings (with escaped quotes) do not count.
TEST(JsonText, DepthLimitIsTwoHundredLevelsOutsideStrings) {
    const std::string deep200 = std::string(200, '[') + std::string(200, ']');
    EXPECT_EQ(parse_json_text(deep200, "x").dump().size(), 400u);
    EXPECT_EQ(error_of([] { parse_json_text(std::string(201, '[') + std::string(201, ']'), "replay.json"); }),
              "replay.json: JSON nested deeper than 200 levels (at character 201)");
    const std::string in_string = "[\"a\\\"" + std::string(300, '[') + "\"]";
    EXPECT_EQ(parse_json_text(in_string, "x")[0], "a\"" + std::string(300, '['));
    EXPECT_EQ(error_of([] { parse_json_text("{\"a\": }", "config"); }).rfind("config: invalid JSON: ", 0), 0u);
    EXPECT_EQ(error_of([] { parse_json_text("{\"a\": }", "config"); }).find("[json.exception"), std::string::npos);
}

}  // namespace
}  // namespace pursuit
