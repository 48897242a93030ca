// Owns: tests of `pursuit-tool` as a user runs it: --help, and JSON that does not parse named by
// where it came from (the file or the argument), next to the parser's position.
#include <gtest/gtest.h>

#include <cstdio>
#include <string>
#include <utility>

#include <sys/wait.h>

#include "common/json.h"
#include "common/judge_io.h"
#include "common/line_reader.h"
#include "../common/scratch_dir.h"

namespace {

const std::string kTool = std::string(PURSUIT_BIN_DIR) + "/pursuit-tool";

// stdout (and stderr when `with_stderr`) and the exit status of a shell command.
std::pair<std::string, int> run(const std::string& cmd, bool with_stderr = true) {
    FILE* p = popen((cmd + (with_stderr ? " 2>&1" : " 2>/dev/null") + " </dev/null").c_str(), "r");
    char buf[512];
    std::string out;
    while (fgets(buf, sizeof buf, p)) out += buf;
    const int status = pclose(p);
    return {out, WIFEXITED(status) ? WEXITSTATUS(status) : -1};
}

}  // namespace

TEST(PursuitTool, HelpIsUsageOnStdoutWithStatus0) {
    const auto r = run(kTool + " --help", false);  // it printed the usage on stderr, status 2
    EXPECT_EQ(r.second, 0);
    EXPECT_EQ(r.first.rfind("usage: pursuit-tool", 0), 0u) << r.first;
    EXPECT_EQ(run(kTool + " nonsense").second, 2);
}

TEST(PursuitTool, JsonThatDoesNotParseIsNamedByItsSource) {
    const pursuit::test::ScratchDir scratch("pursuit-tool-");
    const std::string& dir = scratch.path();
    pursuit::write_file(dir + "/cut.json", "{\"format\":\"pursuit-replay\",\"mov");
    auto r = run(kTool + " check-replay " + dir + "/cut.json");
    EXPECT_EQ(r.second, 1);
    EXPECT_EQ(r.first.rfind("pursuit-tool: " + dir + "/cut.json: invalid JSON: ", 0), 0u) << r.first;
    EXPECT_NE(r.first.find("column"), std::string::npos) << r.first;
    r = run(kTool + " play 'not json'");
    EXPECT_EQ(r.second, 1);
    EXPECT_EQ(r.first.rfind("pursuit-tool: CONFIG_JSON: invalid JSON: ", 0), 0u) << r.first;
    r = run(kTool + " tool robots judge '{'");
    EXPECT_EQ(r.first.rfind("pursuit-tool: ARGS_JSON: invalid JSON: ", 0), 0u) << r.first;
}

// The parser's "last read: '...'" quoted the bytes as they were: a file with a byte that is not
// UTF-8 (0xff) or a binary file wrote that byte raw to the terminal.
TEST(PursuitTool, JsonWithBytesThatAreNotTextIsQuotedEscaped) {
    const pursuit::test::ScratchDir scratch("pursuit-tool-");
    const std::string& dir = scratch.path();
    pursuit::write_file(dir + "/badutf.json", "{\"format\":\"pursuit-\xff\"}");
    auto r = run(kTool + " check-replay " + dir + "/badutf.json");
    EXPECT_EQ(r.second, 1);
    EXPECT_EQ(r.first, "pursuit-tool: " + dir + "/badutf.json: invalid JSON: parse error at line 1, column 20: syntax error while "
                       "parsing value - invalid string: ill-formed UTF-8 byte; last read: '\"pursuit-\\xff'\n");
    pursuit::write_file(dir + "/bin.dat", std::string("\xa9\x01\x80z", 4));
    r = run(kTool + " check-replay " + dir + "/bin.dat");
    EXPECT_EQ(r.second, 1);
    ASSERT_EQ(r.first.back(), '\n');
    EXPECT_EQ(pursuit::first_non_text_byte(r.first.substr(0, r.first.size() - 1)), std::string::npos) << r.first;
    EXPECT_NE(r.first.find("\\xa9"), std::string::npos) << r.first;
}

// Deep nesting parsed, then copying or freeing the value overflowed the stack: the tool died
// with SIGSEGV (status 139) and no message, inside a replay file or a config alike.
TEST(PursuitTool, JsonNestedTooDeepIsRefusedWithAMessage) {
    const pursuit::test::ScratchDir scratch("pursuit-tool-");
    const std::string& dir = scratch.path();
    const int depth = 60000;
    const std::string nested = std::string(depth, '[') + std::string(depth, ']');
    pursuit::write_file(dir + "/deep.json", "{\"format\":\"pursuit-replay\",\"version\":1,\"config\":{\"game\":\"searchparty\",\"x\":" +
                                                 nested + "},\"moves\":[]}");
    auto r = run(kTool + " check-replay " + dir + "/deep.json");
    EXPECT_EQ(r.second, 1);
    EXPECT_EQ(r.first, "pursuit-tool: " + dir + "/deep.json: JSON nested deeper than 200 levels (at character 273)\n");
    pursuit::write_file(dir + "/config.json", "{\"game\":\"searchparty\",\"x\":" + nested + "}");
    r = run(kTool + " play \"$(cat " + dir + "/config.json)\"");
    EXPECT_EQ(r.second, 1);
    EXPECT_EQ(r.first, "pursuit-tool: CONFIG_JSON: JSON nested deeper than 200 levels (at character 226)\n");
    // Brackets inside strings are text, not nesting.
    pursuit::write_file(dir + "/config.json", "{\"game\":\"searchparty\",\"seed\":\"" + nested + "\"}");
    r = run(kTool + " play \"$(cat " + dir + "/config.json)\"");
    EXPECT_EQ(r.second, 1);
    EXPECT_EQ(r.first.find("nested"), std::string::npos) << r.first.substr(0, 200);
}

TEST(PursuitTool, AnUnknownCommandOrAWrongArgumentCountIsNamed) {
    // Each printed the usage alone (and `games x` / `fingerprint x` ignored the extra argument).
    auto r = run(kTool + " bogus");
    EXPECT_EQ(r.second, 2);
    EXPECT_EQ(r.first.rfind("pursuit-tool: unknown command 'bogus'\nusage: pursuit-tool", 0), 0u) << r.first;
    r = run(kTool + " play");
    EXPECT_EQ(r.second, 2);
    EXPECT_EQ(r.first.rfind("pursuit-tool: play takes one argument, CONFIG_JSON\n", 0), 0u) << r.first;
    r = run(kTool + " games extra");
    EXPECT_EQ(r.second, 2);
    EXPECT_EQ(r.first.rfind("pursuit-tool: games takes no arguments\n", 0), 0u) << r.first;
    r = run(kTool + " tool robots");
    EXPECT_EQ(r.first.rfind("pursuit-tool: tool takes GAME NAME [ARGS_JSON]\n", 0), 0u) << r.first;
}

// check-replay printed the result its moves give and exited 0 whatever the replay recorded: a
// replay with its winner edited, or cut short, passed. It compares them now; a forfeit (recorded
// by the judge, the moves stopping before the bad line) is said, not refused.
TEST(PursuitTool, CheckReplayComparesTheRecordedResultAndSaysAForfeit) {
    const pursuit::test::ScratchDir scratch("pursuit-tool-");
    const std::string& dir = scratch.path();
    auto [text, status] = run(kTool + " play '{\"game\":\"copsrobbers\",\"seed\":1}'", false);
    ASSERT_EQ(status, 0) << text;
    const pursuit::Json replay = pursuit::parse_json_text(text, "play");
    ASSERT_TRUE(replay["result"]["over"].get<bool>());
    pursuit::write_file(dir + "/whole.json", text);
    EXPECT_EQ(run(kTool + " check-replay " + dir + "/whole.json").second, 0);

    pursuit::Json edited = replay;
    edited["result"]["winner"] = replay["result"]["winner"] == "cops" ? "robber" : "cops";
    pursuit::write_file(dir + "/edited.json", pursuit::json_text(edited));
    auto r = run("(" + kTool + " check-replay " + dir + "/edited.json >/dev/null)");
    EXPECT_EQ(r.second, 1) << r.first;
    EXPECT_EQ(r.first, "pursuit-tool: " + dir + "/edited.json: the result the replay records is not the one its moves give:\n"
                       "  winner: recorded " + pursuit::json_text(edited["result"]["winner"]) + ", the moves give " +
                       pursuit::json_text(replay["result"]["winner"]) + "\n");

    pursuit::Json cut = replay;
    cut["moves"].erase(cut["moves"].end() - 1);
    pursuit::write_file(dir + "/cut.json", pursuit::json_text(cut));
    r = run("(" + kTool + " check-replay " + dir + "/cut.json >/dev/null)");
    EXPECT_EQ(r.second, 1) << r.first;
    EXPECT_NE(r.first.find("\n  over: recorded true, the moves give false\n"), std::string::npos) << r.first;

    // A judge's forfeit: X answers garbage in round 1.
    pursuit::write_file(dir + "/garbage.sh", "while read l; do echo 'hello world'; done\n");
    r = run(std::string(PURSUIT_BIN_DIR) + "/copsrobbers-server --map petersen --rounds 5 --cops-cmd " + PURSUIT_BIN_DIR +
            "/copsrobbers-bot --robber-cmd 'sh " + dir + "/garbage.sh' --out " + dir + "/forfeit");
    ASSERT_EQ(r.second, 0) << r.first;
    r = run("(" + kTool + " check-replay " + dir + "/forfeit/replay.json >/dev/null)");
    EXPECT_EQ(r.second, 0) << r.first;
    EXPECT_EQ(r.first.rfind("pursuit-tool: " + dir + "/forfeit/replay.json: the game ended by a forfeit, recorded, not rebuilt "
                            "from the moves: The cops win: X lost (illegal move in round 1", 0), 0u) << r.first;
    // The forfeit's winner edited to the side that forfeited passed.
    pursuit::Json forfeit = pursuit::parse_json_text(pursuit::read_file(dir + "/forfeit/replay.json"), "replay");
    ASSERT_EQ(forfeit["result"]["loser"], "robber");
    forfeit["result"]["winner"] = "robber";
    pursuit::write_file(dir + "/forfeit-edited.json", pursuit::json_text(forfeit));
    r = run("(" + kTool + " check-replay " + dir + "/forfeit-edited.json >/dev/null)");
    EXPECT_EQ(r.second, 1) << r.first;
    EXPECT_EQ(r.first, "pursuit-tool: " + dir + "/forfeit-edited.json: the recorded forfeit contradicts itself: the winner, \"robber\", "
                       "is the side that forfeited\n");
}

TEST(PursuitBundle, AnInlinedThirdPartyHeaderKeepsNoPragmaOnce) {
    // `g++ -O2 robots_single.cpp` warned "#pragma once in main file": nlohmann's hedley_undef.hpp kept its
    // "#pragma once" when copied in with --inline-json (project headers already dropped theirs).
    // In parentheses: run() redirects the whole command's stdin, which must not be grep's.
    const auto r = run("(" + std::string(PURSUIT_BIN_DIR) + "/pursuit-bundle " + PURSUIT_SOURCE_DIR +
                           "/native/robots/robots_main.cpp --inline-json 2>/dev/null | grep -c '^[[:space:]]*#[[:space:]]*pragma[[:space:]]*once')",
                       false);
    EXPECT_EQ(r.first, "0\n");
}

TEST(PursuitBundle, HelpNamesEveryOptionAndAMissingValueIsNamed) {
    // --out, --json-include and -DNAME=VALUE were parsed but not in --help; "-o" without a value
    // and a second MAIN.cpp were each an "unknown argument".
    const std::string bundle = std::string(PURSUIT_BIN_DIR) + "/pursuit-bundle";
    auto r = run(bundle + " --help", false);
    EXPECT_EQ(r.second, 0);
    for (const char* option : {"-o|--out OUT.cpp", "--root REPO", "--inline-json", "--json-include DIR", "-DNAME=VALUE"})
        EXPECT_NE(r.first.find(option), std::string::npos) << option << "\n" << r.first;
    r = run(bundle + " native/robots/robots_main.cpp -o");
    EXPECT_EQ(r.second, 2);
    EXPECT_EQ(r.first, "pursuit-bundle: option -o needs a value (see --help)\n");
    r = run(bundle + " a.cpp b.cpp");
    EXPECT_EQ(r.second, 2);
    EXPECT_EQ(r.first, "pursuit-bundle: one MAIN.cpp only, got \"a.cpp\" and \"b.cpp\" (see --help)\n");
}

TEST(PursuitBundle, RefusesToWriteOverItsOwnSources) {
    // `pursuit-bundle native/robots/robots_main.cpp -o native/robots/robots_main.cpp` replaced the
    // program's source with its 2500-line bundle, status 0. A copy of the sources is the root here,
    // so a regression overwrites the copy, not the checkout.
    const pursuit::test::ScratchDir scratch("pursuit-bundle-");
    const std::string& root = scratch.path();
    ASSERT_EQ(run("cp -r " + std::string(PURSUIT_SOURCE_DIR) + "/core " + std::string(PURSUIT_SOURCE_DIR) + "/native " + root).second, 0);
    const std::string main_cpp = root + "/native/robots/robots_main.cpp";
    const std::string rules_h = root + "/core/robots/rules.h";
    const std::string main_before = pursuit::read_file(main_cpp), rules_before = pursuit::read_file(rules_h);
    const std::string bundle = std::string(PURSUIT_BIN_DIR) + "/pursuit-bundle --root " + root + " " + main_cpp;
    auto r = run(bundle + " -o " + root + "/native/../native/robots/robots_main.cpp");
    EXPECT_EQ(r.second, 2);
    EXPECT_EQ(r.first, "pursuit-bundle: the output " + root + "/native/../native/robots/robots_main.cpp is one of the bundle's own sources (" +
                           main_cpp + "); write the bundle to another file\n");
    r = run(bundle + " --out " + rules_h);
    EXPECT_EQ(r.second, 2);
    EXPECT_EQ(r.first, "pursuit-bundle: the output " + rules_h + " is one of the bundle's own sources (core/robots/rules.h); write the bundle to another file\n");
    EXPECT_EQ(pursuit::read_file(main_cpp), main_before);
    EXPECT_EQ(pursuit::read_file(rules_h), rules_before);
    r = run(bundle + " -o " + root + "/robots_single.cpp");  // elsewhere in the same folder: written
    EXPECT_EQ(r.second, 0) << r.first;
    EXPECT_GT(pursuit::read_file(root + "/robots_single.cpp").size(), main_before.size());
}
