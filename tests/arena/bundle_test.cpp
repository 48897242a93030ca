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
#include "common/game.h"
#include "common/judge_io.h"
#include "../common/scratch_dir.h"

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

// A file-local name whose type has arguments with parentheses: both files' `twice` are found
// and the second renamed. The name was read as the last word before the first '(', `int`
// here (a `std::function<bool()>*` in core/common/stop_check.cpp was read as `bool`), and the
// second file's `int` was renamed: that bundle did not compile.
TEST(Bundle, AFileLocalNameWithTemplateArgumentsIsRenamedNotItsType) {
    const pursuit::test::ScratchDir scratch("bundle-template-");
    const std::string& dir = scratch.path();
    std::filesystem::create_directories(dir + "/core/x");
    for (const std::string file : {"a", "b"}) {
        write_file(dir + "/core/x/" + file + ".h", "#pragma once\nint " + file + "_twice(int v);\n");
        write_file(dir + "/core/x/" + file + ".cpp", "#include \"x/" + file + ".h\"\n#include <functional>\nnamespace {\n" +
                                                         "const std::function<int(int)> twice = [](int v) { return 2 * v; };\n}\n" + "int " +
                                                         file + "_twice(int v) { return twice(v); }\n");
    }
    write_file(dir + "/main.cpp", "#include \"x/a.h\"\n#include \"x/b.h\"\nint main() { return a_twice(1) + b_twice(2) == 6 ? 0 : 1; }\n");
    bundle::BundleOptions o;
    o.root = dir;
    o.main_source = dir + "/main.cpp";
    const bundle::Bundle b = bundle::make_bundle(o);
    EXPECT_NE(b.text.find("const std::function<int(int)> twice ="), std::string::npos) << b.text;
    EXPECT_NE(b.text.find("const std::function<int(int)> twice_b ="), std::string::npos) << b.text;
    EXPECT_NE(b.text.find("return twice_b(v);"), std::string::npos) << b.text;
    EXPECT_EQ(b.text.find("int_b"), std::string::npos) << b.text;
}

// The error make_bundle gives for `main_source` in this checkout ("" when it makes a bundle).
std::string bundle_error(const std::string& main_source) {
    bundle::BundleOptions o;
    o.root = kSrc;
    o.main_source = main_source;
    try {
        bundle::make_bundle(o);
    } catch (const InputError& e) {
        return e.what();
    }
    return "";
}

TEST(Bundle, MissingProjectHeaderIsNamedWithFileAndLine) {
    const pursuit::test::ScratchDir scratch("bundle-bad-");
    const std::string& dir = scratch.path();
    write_file(dir + "/main.cpp", "#include <cstdio>\n#include \"common/no_such.h\"\nint main() {}\n");
    const std::string error = bundle_error(dir + "/main.cpp");
    EXPECT_NE(error.find("line 2: cannot find \"common/no_such.h\""), std::string::npos) << error;
}

// Every game's bot (one table, checked against the registry so a game added later must
// join it): its bundle compiles with plain `g++ -O2` (all at once, two g++ at a time) and
// plays one short game through the game's judge exactly like the normal binary. The Robots
// "bot" is the judge solution itself (the problem is one-player): same output on the sample.
struct BotBundle {
    std::string game;
    std::string main_source;           // relative to the repository root
    std::vector<std::string> defines;  // what the program's CMake target defines
    bool inline_json = false;          // one bundle needs nothing but g++; the others keep <nlohmann/json.hpp>
    std::string binary;                // the normal program in the bin dir
    // The judge command playing `bot` (a command) in one short game, writing `out`/replay.json
    // (the judge's replay) or, for robots, `out`/output.txt.
    std::string (*play)(const std::string& bot, const std::string& out);
};

std::string q(const std::string& s) { return "'" + s + "'"; }

const std::vector<BotBundle>& bot_bundles() {
    static const std::vector<BotBundle> table{
        {"robots", "native/robots/robots_main.cpp", {}, true, "robots",
         [](const std::string& bot, const std::string& out) {
             write_file(out + "/sample.in", robots_sample_input());
             return bot + " < " + out + "/sample.in > " + out + "/output.txt";
         }},
        {"bank", "native/bank/bot_main.cpp", {}, false, "bank-bot",
         [](const std::string& bot, const std::string& out) {
             return kBin + "/bank-judge --layout " + kSrc + "/maps/bank/small.txt --seed 4 --moves 60 --replay " + out +
                    "/replay.json " + q(bot + " --seed {seed} --layout {layout}") + " " +
                    q(kBin + "/bank-bot --level greedy --seed {seed} --layout {layout}");
         }},
        {"copsrobbers", "native/copsrobbers/bot_main.cpp", {}, false, "copsrobbers-bot",
         [](const std::string& bot, const std::string& out) {
             return kBin + "/copsrobbers-server --map " + kSrc + "/maps/copsrobbers/petersen.txt --cops 2 --seed 3 --out " + out +
                    " --cops-cmd " + q(bot) + " --robber-cmd " + q(kBin + "/copsrobbers-bot --strategy greedy --seed 3");
         }},
        {"fugitive", "native/fugitive/bot_main.cpp", {}, false, "fugitive-bot",
         [](const std::string& bot, const std::string& out) {
             return kBin + "/fugitive-judge --map " + kSrc + "/maps/fugitive/generated-20.txt --seed 2 --out " + out +
                    " --fugitive " + q(bot + " --strategy greedy --seed 2") + " --detectives " +
                    q(kBin + "/fugitive-bot --strategy greedy --seed 5");
         }},
        {"searchparty", "native/searchparty/solver_main.cpp", {"PURSUIT_SHARED_DIR=\"" + kSrc + "/../shared\""}, false,
         "searchparty-solver",
         [](const std::string& bot, const std::string& out) {
             return kBin + "/searchparty-controller --quiet --replay " + out + "/replay.json " + kSrc +
                    "/maps/searchparty/maze-31x21-s1.txt -- " + bot + " --interactive --level easy";
         }},
    };
    return table;
}

TEST(Bundle, MissingMainSourceSaysWhy) {
    // It said only "cannot read X" (no reason), unlike every other program.
    const std::string main_source = kSrc + "/native/no_such_main.cpp";
    EXPECT_EQ(bundle_error(main_source), "cannot read " + main_source + ": No such file or directory");
}

TEST(Bundle, EveryRegisteredGameHasABotBundle) {
    for (const auto& g : all_games()) {
        bool listed = false;
        for (const auto& b : bot_bundles()) listed = listed || b.game == g.id;
        EXPECT_TRUE(listed) << g.id << ": add its bot to bot_bundles() in tests/arena/bundle_test.cpp";
    }
}

TEST(Bundle, EveryGamesBotCompilesWithPlainGppAndPlaysLikeTheBinary) {
    const pursuit::test::ScratchDir scratch("bundle-");
    const std::string& dir = scratch.path();
    std::vector<const BotBundle*> todo;
    for (const auto& b : bot_bundles())
        if (fs::exists(kBin + "/" + b.binary) && fs::exists(kSrc + "/" + b.main_source)) todo.push_back(&b);
    ASSERT_EQ(todo.size(), bot_bundles().size()) << "a game's program is not built";
    std::string names;
    for (const BotBundle* b : todo) {
        std::string cmd = kBin + "/pursuit-bundle --root " + kSrc + " " + kSrc + "/" + b->main_source + " -o " + dir + "/" +
                          b->game + ".cpp";
        for (const auto& d : b->defines) cmd += " -D " + q(d);
        if (b->inline_json) cmd += " --inline-json";
        ASSERT_EQ(shell(cmd + " 2> " + dir + "/" + b->game + ".bundle.log"), 0) << read_file(dir + "/" + b->game + ".bundle.log");
        const std::string text = read_file(dir + "/" + b->game + ".cpp");
        EXPECT_EQ(text.find("#include \""), std::string::npos) << b->game;
        if (b->inline_json) {
            EXPECT_EQ(text.find("#include <nlohmann"), std::string::npos) << b->game;
        }
        names += b->game + "\n";
    }
    write_file(dir + "/names", names);
    // Two compilers at a time (the machine's cores); each writes <game>.rc and <game>.log.
    shell("cd " + dir + " && xargs -P 2 -I{} sh -c 'g++ -O2 {}.cpp -o {}.bin 2> {}.log; echo $? > {}.rc' < names");
    for (const BotBundle* b : todo) {
        SCOPED_TRACE(b->game);
        ASSERT_EQ(read_file(dir + "/" + b->game + ".rc"), "0\n") << read_file(dir + "/" + b->game + ".log");
        std::string outputs[2];
        const std::string bots[2] = {dir + "/" + b->game + ".bin", kBin + "/" + b->binary};
        for (int k = 0; k < 2; ++k) {
            const std::string out = dir + "/" + b->game + (k ? "-binary" : "-bundle");
            fs::create_directories(out);
            shell("cd " + out + " && ( " + b->play(bots[k], out) + " ) > judge.log 2>&1");
            const std::string file = out + (b->game == "robots" ? "/output.txt" : "/replay.json");
            ASSERT_TRUE(fs::exists(file)) << read_file(out + "/judge.log");
            outputs[k] = read_file(file);
        }
        if (b->game == "robots") {
            EXPECT_EQ(outputs[0], outputs[1]);
            EXPECT_NE(outputs[0].find("Case 1"), std::string::npos);
            continue;
        }
        // The same moves as the binary's game (the bots are seeded), and a finished game.
        const Json bundle_replay = Json::parse(outputs[0]), binary_replay = Json::parse(outputs[1]);
        EXPECT_FALSE(bundle_replay["moves"].empty());
        EXPECT_EQ(bundle_replay["moves"], binary_replay["moves"]);
        EXPECT_EQ(bundle_replay["result"].value("over", false), true) << bundle_replay["result"].dump();
    }
}
