// pursuit-bundle on real programs: the bundle of the Robots judge compiles with a plain
// `g++ -O2 file.cpp` and prints exactly what the normal binary prints on the seed's sample.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <regex>

#include "bundle/bundler.h"
#include "common/errors.h"
#include "common/judge_io.h"

using namespace pursuit;
namespace fs = std::filesystem;

namespace {

const std::string kBin = PURSUIT_BIN_DIR;
const std::string kSrc = PURSUIT_SOURCE_DIR;

int shell(const std::string& cmd) {
    const int st = std::system(cmd.c_str());
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

std::string robots_sample_input() {
    const std::string seed = read_file(std::string(PURSUIT_SHARED_DIR) + "/seeds/robots.en.txt");
    const auto a = seed.find("Sample Input\n") + 13, b = seed.find("Sample Output\n", a);
    std::string s = seed.substr(a, b - a);
    while (!s.empty() && s.front() == '\n') s.erase(0, 1);
    while (!s.empty() && s.back() == '\n') s.pop_back();
    return s + "\n";
}

}  // namespace

TEST(Bundle, RobotsJudgeKeepsJsonIncludeAndRenamesClashingFileLocalNames) {
    bundle::BundleOptions o;
    o.root = kSrc;
    o.main_source = kSrc + "/native/robots/robots_main.cpp";
    const bundle::Bundle b = bundle::make_bundle(o);
    EXPECT_EQ(b.third_party, std::vector<std::string>{"nlohmann/json.hpp"});
    EXPECT_EQ(b.games, std::vector<std::string>{"robots"});
    // No project include survives; every project header appears once.
    EXPECT_EQ(b.text.find("#include \""), std::string::npos);
    EXPECT_EQ(b.text.find("#pragma once"), std::string::npos);
    const auto count = [&](const std::string& s) {
        std::size_t n = 0;
        for (auto p = b.text.find(s); p != std::string::npos; p = b.text.find(s, p + 1)) ++n;
        return n;
    };
    EXPECT_EQ(count("// ======== core/common/game.h ========"), 1u);
    EXPECT_EQ(count("// ======== core/robots/strategy.cpp ========"), 1u);
    // cases.cpp and strategy.cpp both define cell_text() in an anonymous namespace.
    EXPECT_NE(b.text.find("cell_text_strategy("), std::string::npos);
    EXPECT_NE(b.text.find("all_games()"), std::string::npos);
}

TEST(Bundle, MissingProjectHeaderIsNamedWithFileAndLine) {
    const std::string dir = make_temp_dir("bundle-bad-");
    write_file(dir + "/main.cpp", "#include <cstdio>\n#include \"common/no_such.h\"\nint main() {}\n");
    bundle::BundleOptions o;
    o.root = kSrc;
    o.main_source = dir + "/main.cpp";
    try {
        bundle::make_bundle(o);
        FAIL();
    } catch (const InputError& e) {
        EXPECT_NE(std::string(e.what()).find("line 2: cannot find \"common/no_such.h\""), std::string::npos) << e.what();
    }
    fs::remove_all(dir);
}

// Both bundles compile at the same time (two g++ on two cores), to keep the suite short:
// the Robots judge self-contained (--inline-json), and the Bank bot (json kept, which the
// test machine has) played through bank-judge against the normal binary's game.
TEST(Bundle, RobotsJudgeAndBankBotBundlesCompileWithPlainGppAndBehaveLikeTheBinaries) {
    const std::string dir = make_temp_dir("bundle-");
    ASSERT_EQ(shell(kBin + "/pursuit-bundle --root " + kSrc + " " + kSrc + "/native/robots/robots_main.cpp --inline-json -o " +
                    dir + "/robots_single.cpp 2> " + dir + "/bundle.log"),
              0)
        << read_file(dir + "/bundle.log");
    const std::string text = read_file(dir + "/robots_single.cpp");
    EXPECT_EQ(text.find("#include <nlohmann"), std::string::npos);  // needs nothing but g++
    EXPECT_EQ(text.find("#include \""), std::string::npos);
    const bool bank = fs::exists(kBin + "/bank-bot") && fs::exists(kBin + "/bank-judge");
    if (bank) {
        ASSERT_EQ(shell(kBin + "/pursuit-bundle --root " + kSrc + " " + kSrc + "/native/bank/bot_main.cpp -o " + dir +
                        "/bank_bot.cpp 2> " + dir + "/bundle2.log"),
                  0)
            << read_file(dir + "/bundle2.log");
    }
    const std::string compile_bank = bank ? "(g++ -O2 bank_bot.cpp -o bank_bot 2> gpp2.log; echo $? > gpp2.rc) & " : "";
    ASSERT_EQ(shell("cd " + dir + " && { " + compile_bank + "g++ -O2 robots_single.cpp -o robots_single 2> gpp.log; rc=$?; wait; exit $rc; }"), 0)
        << read_file(dir + "/gpp.log");
    write_file(dir + "/sample.in", robots_sample_input());
    ASSERT_EQ(shell(dir + "/robots_single < " + dir + "/sample.in > " + dir + "/bundle.out"), 0);
    ASSERT_EQ(shell(kBin + "/robots < " + dir + "/sample.in > " + dir + "/binary.out"), 0);
    const std::string out = read_file(dir + "/bundle.out");
    EXPECT_EQ(out, read_file(dir + "/binary.out"));
    EXPECT_NE(out.find("Case 1"), std::string::npos);

    if (bank) {
        ASSERT_EQ(read_file(dir + "/gpp2.rc"), "0\n") << read_file(dir + "/gpp2.log");
        Json results[2];
        const std::string bots[2] = {dir + "/bank_bot", kBin + "/bank-bot"};
        for (int k = 0; k < 2; ++k) {
            const std::string res = dir + "/result" + std::to_string(k) + ".json";
            shell(kBin + "/bank-judge --layout " + kSrc + "/maps/bank/small.txt --seed 4 --result " + res + " '" + bots[k] +
                  " --seed {seed} --layout {layout}' '" + kBin + "/bank-bot --level greedy --seed {seed} --layout {layout}' > /dev/null");
            results[k] = Json::parse(read_file(res));
            results[k].erase("commands");
        }
        EXPECT_TRUE(results[0]["forfeit"].is_null()) << results[0].dump();
        EXPECT_EQ(results[0], results[1]);
    }
    fs::remove_all(dir);
}
