// Owns: Robots problem input (cases of `R T`, R robot cells, T teleport cells, `0 0` at the
// end) — strict reading with errors naming the case and the line — and seeded random cases.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "common/grid.h"
#include "common/json.h"
#include "common/line_reader.h"
#include "common/rng.h"

namespace pursuit::robots {

inline constexpr int kSize = 31;
inline constexpr Cell kStart{15, 15};
inline constexpr int kMaxRobots = 50;
inline constexpr int kMaxTeleports = 20;

struct Case {
    std::vector<Cell> robots;     // 1-based cells, distinct, none on kStart
    std::vector<Cell> teleports;  // 1-based cells, in list order
};

// Reads cases one at a time so a judge can answer the good cases before a broken one.
class CaseReader {
public:
    explicit CaseReader(std::string input, std::string source = "input");
    // The next case, or nullopt after the terminating `0 0`. Throws InputError.
    std::optional<Case> next();
    int cases_read() const { return cases_; }

private:
    Cell read_cell(const std::string& what);
    LineReader in_;
    int cases_ = 0;
    bool done_ = false;
};

std::vector<Case> read_all_cases(const std::string& input);
// Checks a case built elsewhere (config JSON); throws InputError naming `where`.
void validate_case(const Case& c, const std::string& where);
Case random_case(Rng& rng, int robots, int teleports);
std::string format_case(const Case& c);  // "R T" + lines, without the final `0 0`

Json case_to_json(const Case& c);
Case case_from_json(const Json& j, const std::string& where);

}  // namespace pursuit::robots
