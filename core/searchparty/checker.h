// Owns: verifying a batch-form solution (move lines, then "turns costars extras") against a
// map: plays every line with the original controller's reading and reports the truth.
#pragma once
#include <string>
#include <vector>

#include "common/json.h"
#include "searchparty/map.h"

namespace pursuit::searchparty {

// More bytes than a solution can have: the controller reads at most 64 MiB of a solver's
// output (process_runner.h's max_total_bytes), and a solution of a 256x256 map with the whole
// cast is a few MB. searchparty-check stops reading a SOLUTION there.
inline constexpr std::size_t kMaxSolutionBytes = 64u << 20;

// The longest line the controller takes from a solver (process_runner.h's max_line_bytes): a
// longer one ends the game as an output-limit failure, so the checker refuses it too.
inline constexpr std::size_t kMaxSolverLineBytes = 1u << 20;

struct CheckReport {
    bool valid = false;         // every line legal and the search complete exactly at the end
    bool claim_matches = false; // the final line equals the true "T c e"
    int turns = 0, costars = 0, extras = 0;
    std::string claimed;        // the solution's final line as written
    std::string message;        // what is wrong ("line 7: Invalid move of ...") or "ok"
    // The move lines played, as written, up to the fault (none of a faulty line): what a replay
    // of the solution holds (searchparty-check --replay, the page's "Watch solution").
    std::vector<std::string> moves;
    Json to_json() const;
};

// `source` names the solution in messages. Never throws for a bad solution (reports it).
CheckReport check_solution(const Map& map, const std::string& solution, const std::string& source = "solution");

}  // namespace pursuit::searchparty
