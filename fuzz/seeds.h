// Owns: the seed inputs of every fuzz entry, built from the registry (fingerprint configs,
// short bot games and their replays), maps/<game>/, the reference data in place
// (../shared/ref/<game>/) and the sample texts of game_inputs.h. Used by the seed writer
// (pursuit-fuzz-seeds) and replayed by tests/hardening.
#pragma once
#include <string>
#include <vector>

namespace pursuit::fuzz {

// source_dir: the repo root; shared_dir: ../shared (may not exist).
std::vector<std::string> seed_inputs(const std::string& entry, const std::string& source_dir,
                                     const std::string& shared_dir);

}  // namespace pursuit::fuzz
