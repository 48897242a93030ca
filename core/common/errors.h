// Owns: the error types every engine throws. Each message names *what* and *where*
// (file/case/line/piece), so it can be shown as is to a person or a judge log.
#pragma once
#include <stdexcept>
#include <string>

namespace pursuit {

// Bad input data: a map, a case, a config, a replay. Message names the place.
struct InputError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// A syntactically fine move that the rules forbid in the current position.
struct IllegalMove : std::runtime_error {
    using std::runtime_error::runtime_error;
};

}  // namespace pursuit
