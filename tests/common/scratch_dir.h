// Owns: a directory of a test's own that goes, with everything in it, when the test is done.
// The tests that kept their files in ::testing::TempDir() or in a mkdtemp directory they never
// removed left about 60 entries in /tmp on every run (judges' outputs, bots' logs, maps).
// Made by make_temp_dir (under $TMPDIR, else /tmp); removed even when an ASSERT ends the test
// early.
#pragma once

#include <filesystem>
#include <string>
#include <utility>

#include "common/judge_io.h"

namespace pursuit::test {

class ScratchDir {
public:
    explicit ScratchDir(const std::string& prefix) : path_(make_temp_dir(prefix)) {}
    ScratchDir(ScratchDir&& other) noexcept : path_(std::exchange(other.path_, {})) {}
    ScratchDir& operator=(ScratchDir&& other) noexcept {
        if (this != &other) {
            remove();
            path_ = std::exchange(other.path_, {});
        }
        return *this;
    }
    ScratchDir(const ScratchDir&) = delete;
    ScratchDir& operator=(const ScratchDir&) = delete;
    ~ScratchDir() { remove(); }

    const std::string& path() const { return path_; }
    /** The path of `name` inside the directory. */
    std::string file(const std::string& name) const { return path_ + "/" + name; }

private:
    void remove() {
        if (path_.empty()) return;
        std::error_code ec;  // (a destructor does not throw; a failed removal only leaves files)
        std::filesystem::remove_all(path_, ec);
        path_.clear();
    }

    std::string path_;
};

}  // namespace pursuit::test
