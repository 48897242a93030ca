// Owns: tests of what copsrobbers-bot reads from the server (native/copsrobbers/bot_input.h):
// the header and the crossing lines are validated before the bot uses any number.
#include <gtest/gtest.h>

#include <deque>

#include "common/errors.h"
#include "../common/thrown_text.h"
#include "copsrobbers/bot_input.h"

using namespace pursuit;
using namespace pursuit::copsrobbers;

namespace {

// The example graph of 4 crossings in a cycle.
std::function<std::string()> lines(std::deque<std::string> in) {
    auto q = std::make_shared<std::deque<std::string>>(std::move(in));
    return [q] {
        if (q->empty()) throw InputError("end of input");
        std::string s = q->front();
        q->pop_front();
        return s;
    };
}

std::deque<std::string> header(const std::string& side, const std::string& cops, const std::string& rounds) {
    return {side, cops, rounds, "4 4", "1 2", "2 3", "3 4", "4 1"};
}

}  // namespace

TEST(CopsRobbersBotInput, ReadsAWellFormedHeader) {
    const ServerHeader h = read_server_header(lines(header("P", "2", "10")));
    EXPECT_TRUE(h.cops);
    EXPECT_EQ(h.cop_count, 2);
    EXPECT_EQ(h.rounds, 10);
    EXPECT_EQ(h.city.n(), 4);
    EXPECT_EQ(h.city.m(), 4);
    EXPECT_FALSE(read_server_header(lines(header("X", "1", "100"))).cops);
}

TEST(CopsRobbersBotInput, RefusesBadHeaders) {
    EXPECT_THROW(read_server_header(lines(header("Q", "2", "10"))), InputError);
    EXPECT_THROW(read_server_header(lines(header("P", "0", "10"))), InputError);
    EXPECT_THROW(read_server_header(lines(header("P", "9", "10"))), InputError);
    EXPECT_THROW(read_server_header(lines(header("P", "2", "-1"))), InputError);
    EXPECT_THROW(read_server_header(lines(header("P", "2 3", "10"))), InputError);
    EXPECT_THROW(read_server_header(lines(header("P", "99999999999999999999", "10"))), InputError);
    // The graph block's first line had no M: the old reader threw std::out_of_range.
    EXPECT_THROW(read_server_header(lines({"P", "2", "10", "4", "1 2"})), InputError);
    EXPECT_THROW(read_server_header(lines({"P", "2", "10", "4 -3"})), InputError);
    EXPECT_THROW(read_server_header(lines({"P", "2", "10", "4 4", "1 2", "2 3", "3 4", "4 9"})), InputError);
}

TEST(CopsRobbersBotInput, CrossingLinesAreCountedAndInRange) {
    EXPECT_EQ(read_crossings("1 4", 2, 4, "cops"), (std::vector<int>{0, 3}));
    EXPECT_THROW(read_crossings("1", 2, 4, "cops"), InputError);
    EXPECT_THROW(read_crossings("1 2 3", 2, 4, "cops"), InputError);
    EXPECT_THROW(read_crossings("0", 1, 4, "X"), InputError);
    EXPECT_THROW(read_crossings("5", 1, 4, "X"), InputError);
    EXPECT_THROW(read_crossings("x", 1, 4, "X"), InputError);
    EXPECT_THROW(read_crossings("", 1, 4, "X"), InputError);
}

TEST(CopsRobbersBotInput, MessagesShowTheServersTextEscapedAndCut) {
    // The text was cut at a byte count as it came: control bytes reached the terminal raw and a
    // cut could fall inside a UTF-8 character.
    auto message = [](const std::function<void()>& f) { return test::thrown_text<InputError>(f); };
    EXPECT_EQ(message([] { read_server_header(lines(header("\x1b[2J", "2", "10"))); }),
              "copsrobbers-bot: first line must be P or X, got '\\x1b[2J'");
    EXPECT_EQ(message([] { read_server_header(lines(header("P", std::string(59, '7') + "\xc3\xa9", "10"))); }),
              "copsrobbers-bot: expected the number of cops C (1..8), got '" + std::string(59, '7') + "\\xc3...'");
    EXPECT_EQ(message([] { read_crossings("1 \xff", 2, 4, "cops"); }), "copsrobbers-bot: bad crossing '\\xff' for cops (1..4)");
}
