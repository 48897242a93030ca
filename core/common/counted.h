// Owns: a count with its noun in a message ("1 move", "3 moves"): the one place that picks the
// singular or the plural, so that no message says "1 replies" or "2 case".
#pragma once
#include <string>
#include <string_view>

namespace pursuit {

// `count` and `one` (the singular) or `many` (the plural): counted(1, "case", "cases") is "1 case".
inline std::string counted(long long count, std::string_view one, std::string_view many) {
    return std::to_string(count) + " " + std::string(count == 1 ? one : many);
}

}  // namespace pursuit
