// parallel_for: every index once, results in their own slots, several threads when asked,
// one thread when told, nested loops in their own thread, the lowest index's exception; the
// stop check (stop_check.h): scopes nest, and a loop's bodies run under the caller's.
#include <gtest/gtest.h>

#include <atomic>
#include <functional>
#include <chrono>
#include <set>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "common/parallel.h"
#include "common/stop_check.h"

using pursuit::parallel_for;
using pursuit::parallel_threads;
using pursuit::set_parallel_threads;

namespace {
// Restores the default thread count after each test.
struct ThreadCount {
    explicit ThreadCount(int threads) { set_parallel_threads(threads); }
    ~ThreadCount() { set_parallel_threads(0); }
};
}  // namespace

TEST(ParallelFor, RunsEveryIndexOnceIntoItsOwnSlot) {
    const ThreadCount threads(4);
    std::vector<long long> squares(1000, -1);
    std::atomic<int> calls{0};
    parallel_for(squares.size(), [&](std::size_t i) {
        squares[i] = static_cast<long long>(i * i);
        ++calls;
    });
    EXPECT_EQ(calls.load(), 1000);
    for (std::size_t i = 0; i < squares.size(); ++i) ASSERT_EQ(squares[i], static_cast<long long>(i * i)) << i;
    parallel_for(0, [&](std::size_t) { ++calls; });
    EXPECT_EQ(calls.load(), 1000);
}

TEST(ParallelFor, TwoThreadsWorkSideBySideWhenAsked) {
    const ThreadCount threads(2);
    EXPECT_EQ(parallel_threads(), 2);
    // Each body waits (at most 5 s) until both have started: in one thread the second could
    // not start before the first ended, and the ids would be the same.
    std::atomic<int> started{0};
    std::vector<std::thread::id> ids(2);
    parallel_for(2, [&](std::size_t i) {
        ids[i] = std::this_thread::get_id();
        ++started;
        const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(5);
        while (started.load() < 2 && std::chrono::steady_clock::now() < until) std::this_thread::yield();
    });
    EXPECT_EQ(started.load(), 2);
    EXPECT_NE(ids[0], ids[1]);
}

TEST(ParallelFor, OneThreadMeansTheCallersThread) {
    const ThreadCount threads(1);
    std::vector<std::thread::id> ids(50);
    parallel_for(ids.size(), [&](std::size_t i) { ids[i] = std::this_thread::get_id(); });
    for (const std::thread::id& id : ids) EXPECT_EQ(id, std::this_thread::get_id());
}

TEST(ParallelFor, ANestedLoopRunsInItsBodysThread) {
    const ThreadCount threads(4);
    std::vector<std::set<std::thread::id>> inner_ids(4);
    std::vector<std::thread::id> outer_ids(4);
    parallel_for(4, [&](std::size_t i) {
        outer_ids[i] = std::this_thread::get_id();
        std::vector<std::thread::id> ids(20);
        parallel_for(ids.size(), [&](std::size_t k) { ids[k] = std::this_thread::get_id(); });
        inner_ids[i] = std::set<std::thread::id>(ids.begin(), ids.end());
    });
    for (std::size_t i = 0; i < 4; ++i) EXPECT_EQ(inner_ids[i], std::set<std::thread::id>{outer_ids[i]}) << i;
}

TEST(ParallelFor, TheLowestIndexsExceptionIsRethrownAfterEveryBodyRan) {
    const ThreadCount threads(3);
    std::atomic<int> calls{0};
    try {
        parallel_for(10, [&](std::size_t i) {
            ++calls;
            if (i == 7 || i == 3) throw std::runtime_error("body " + std::to_string(i));
        });
        FAIL() << "no exception";
    } catch (const std::runtime_error& e) {
        EXPECT_STREQ(e.what(), "body 3");
    }
    EXPECT_EQ(calls.load(), 10);
}

TEST(ParallelFor, UnderATimeLimitTheFirstStepsAlwaysRunAndLaterOnesOnlyWhileAllowed) {
    const ThreadCount threads(2);
    std::vector<int> done(6, 0);
    const std::vector<char> ran = pursuit::parallel_for_while(6, 2, [] { return false; }, [&](std::size_t i) { done[i] = 1; });
    EXPECT_EQ(ran, (std::vector<char>{1, 1, 0, 0, 0, 0}));
    EXPECT_EQ(done, (std::vector<int>{1, 1, 0, 0, 0, 0}));
    const std::vector<char> all = pursuit::parallel_for_while(3, 1, nullptr, [](std::size_t) {});
    EXPECT_EQ(all, (std::vector<char>{1, 1, 1}));
}

TEST(StopCheck, ScopesNestAndWithoutOneNothingStops) {
    EXPECT_FALSE(pursuit::stop_requested());
    EXPECT_EQ(pursuit::current_stop(), nullptr);
    bool limit_passed = false;
    const std::function<bool()> past_limit = [&] { return limit_passed; };
    {
        const pursuit::StopScope scope(&past_limit);
        EXPECT_FALSE(pursuit::stop_requested());
        limit_passed = true;
        EXPECT_TRUE(pursuit::stop_requested());
        {
            const pursuit::StopScope none(nullptr);
            EXPECT_TRUE(pursuit::stop_requested()) << "no scope given: the one around it stays";
        }
        const std::function<bool()> never = [] { return false; };
        {
            const pursuit::StopScope inner(&never);
            EXPECT_FALSE(pursuit::stop_requested());
        }
        EXPECT_TRUE(pursuit::stop_requested()) << "the outer scope again";
    }
    EXPECT_FALSE(pursuit::stop_requested());
    EXPECT_EQ(pursuit::current_stop(), nullptr);
}

// The Search Party solver polishes plans side by side: a step that runs on a worker thread must
// stop at the limit too, so each worker works under the caller's scope (a thread's scope is its
// own: without that a worker saw none).
TEST(StopCheck, ALoopsBodiesRunUnderTheCallersScopeOnEveryThread) {
    const ThreadCount threads(2);
    const std::function<bool()> past_limit = [] { return true; };
    const pursuit::StopScope scope(&past_limit);
    std::atomic<int> started{0};
    std::vector<std::thread::id> ids(2);
    std::vector<int> stopped(2, 0);
    parallel_for(2, [&](std::size_t i) {
        ids[i] = std::this_thread::get_id();
        ++started;  // (both bodies at once, so one is on a worker: see TwoThreadsWorkSideBySideWhenAsked)
        const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(5);
        while (started.load() < 2 && std::chrono::steady_clock::now() < until) std::this_thread::yield();
        stopped[i] = pursuit::stop_requested() && pursuit::current_stop() == &past_limit;
    });
    EXPECT_NE(ids[0], ids[1]);
    EXPECT_EQ(stopped, (std::vector<int>{1, 1}));
}
