// Owns: replaying every fuzz entry over its seed inputs and over every input kept in
// fuzz/regressions/<entry>/ (crashes found by libFuzzer, minimised). Built with the normal
// compiler; under the native-debug preset ASan/UBSan watch it. An input that crashes fails
// the whole binary; a non-contract exception or a broken property fails the test.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>

#include "common/errors.h"
#include "entries.h"
#include "seeds.h"

namespace pursuit::fuzz {
namespace {
namespace fs = std::filesystem;

std::string slurp(const fs::path& p) {
    std::ifstream f(p, std::ios::binary);
    return std::string((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
}

Entry entry_named(const std::string& name) {
    for (const auto& e : all_entries())
        if (e.name == name) return e.entry;
    return nullptr;
}

void feed(Entry entry, const std::string& input) {
    entry(reinterpret_cast<const std::uint8_t*>(input.data()), input.size());
}

class FuzzEntry : public ::testing::TestWithParam<std::string> {};

TEST_P(FuzzEntry, SeedsRunWithoutFindings) {
    Entry entry = entry_named(GetParam());
    ASSERT_NE(entry, nullptr);
    const auto seeds = seed_inputs(GetParam(), PURSUIT_SOURCE_DIR, PURSUIT_SHARED_DIR);
    ASSERT_FALSE(seeds.empty());
    const int before = findings_count();
    for (const auto& s : seeds) feed(entry, s);
    EXPECT_EQ(findings_count(), before) << "see the FINDING lines above";
}

TEST_P(FuzzEntry, KeptRegressionInputsRunWithoutFindings) {
    Entry entry = entry_named(GetParam());
    const fs::path dir = fs::path(PURSUIT_SOURCE_DIR) / "fuzz" / "regressions" / GetParam();
    std::vector<fs::path> files;
    if (fs::is_directory(dir))
        for (const auto& e : fs::directory_iterator(dir))
            if (e.is_regular_file() && e.path().filename().string()[0] != '.') files.push_back(e.path());
    std::sort(files.begin(), files.end());
    const int before = findings_count();
    for (const auto& f : files) {
        SCOPED_TRACE(f.string());
        feed(entry, slurp(f));
    }
    EXPECT_EQ(findings_count(), before) << "see the FINDING lines above";
}

std::vector<std::string> entry_names() {
    std::vector<std::string> names;
    for (const auto& e : all_entries()) names.push_back(e.name);
    return names;
}

// Every entry of the table (a new entry is replayed without a change here).
INSTANTIATE_TEST_SUITE_P(AllEntries, FuzzEntry, ::testing::ValuesIn(entry_names()),
                         [](const auto& info) { return info.param; });

// The protocol entry's seeds reach each of its readers (reader = byte 0 % 5, see protocol.cpp).
TEST(FuzzSeeds, EveryProtocolReaderIsSeeded) {
    std::vector<bool> seen(5, false);
    for (const auto& s : seed_inputs("protocol", PURSUIT_SOURCE_DIR, PURSUIT_SHARED_DIR))
        seen.at(static_cast<unsigned char>(s[0]) % 5) = true;
    for (std::size_t i = 0; i < seen.size(); ++i) EXPECT_TRUE(seen[i]) << "reader " << i;
}

// Every registered game gets seeds in the game-picking entries (so new games are fuzzed).
TEST(FuzzSeeds, EveryGameIsSeeded) {
    const auto& games = all_games();
    for (const std::string entry : {"create", "moves", "replay"}) {
        std::vector<bool> seen(games.size(), false);
        for (const auto& s : seed_inputs(entry, PURSUIT_SOURCE_DIR, PURSUIT_SHARED_DIR)) {
            if (entry == "replay") {
                const Json r = Json::parse(s);
                for (std::size_t i = 0; i < games.size(); ++i)
                    if (r["game"] == games[i].id) seen[i] = true;
            } else {
                seen[static_cast<unsigned char>(s[0]) % games.size()] = true;
            }
        }
        for (std::size_t i = 0; i < games.size(); ++i) EXPECT_TRUE(seen[i]) << entry << " has no seed for " << games[i].id;
    }
}

// The entries really detect what they are meant to: a refused move that changes the state.
TEST(FuzzSupport, FindingIsCounted) {
    const int before = findings_count();
    guarded("self-test", [] { throw std::out_of_range("not a contract error"); });
    EXPECT_EQ(findings_count(), before + 1);
    guarded("self-test", [] { throw InputError("a contract error"); });
    EXPECT_EQ(findings_count(), before + 1);
}

}  // namespace
}  // namespace pursuit::fuzz
