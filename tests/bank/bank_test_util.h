// Shared helpers of the Bank tests: the map files, a placed position, error text of a call.
#pragma once
#include <fstream>
#include <sstream>
#include <string>

#include "bank/bank_game.h"
#include "bank/rules.h"

namespace bank_test {

inline std::string map_text(const std::string& name) {
    std::ifstream f(std::string(PURSUIT_SOURCE_DIR) + "/maps/bank/" + name);
    std::stringstream s;
    s << f.rdbuf();
    return s.str();
}

inline pursuit::Cell at(const std::string& name) { return *pursuit::bank::default_layout().parse_cell(name); }

// A position on the spec layout with the robbers placed at the four given cells.
inline pursuit::bank::Position placed(const std::string& robbers, int limit = 150) {
    pursuit::bank::Position pos(pursuit::bank::default_layout(), limit);
    pos.place(pursuit::bank::parse_placement(pursuit::bank::default_layout(), robbers));
    return pos;
}

template <class F>
std::string error_of(F f) {
    try {
        f();
    } catch (const std::exception& e) {
        return e.what();
    }
    return "(no error)";
}

}  // namespace bank_test
