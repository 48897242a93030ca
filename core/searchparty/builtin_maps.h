// Owns: the maps built into the engine (usable without any file): the statement's two examples,
// a few hand-made ones, then the generated set of maps/searchparty/ (generator.h), by name.
#pragma once
#include <string>
#include <vector>

namespace pursuit::searchparty {

struct BuiltinMap {
    std::string name;
    std::string text;
    bool generated = false;  // one of the generated set (maps/searchparty/)
};

const std::vector<BuiltinMap>& builtin_maps();
// The text of a built-in map; throws InputError naming the known ones.
const std::string& builtin_map(const std::string& name);

}  // namespace pursuit::searchparty
