// Owns: the small maps built into the engine (usable without any file): the statement's two
// examples and a few hand-made ones; bigger generated ones live in maps/searchparty/.
#pragma once
#include <string>
#include <vector>

namespace pursuit::searchparty {

struct BuiltinMap {
    std::string name;
    std::string text;
};

const std::vector<BuiltinMap>& builtin_maps();
// The text of a built-in map; throws InputError naming the known ones.
const std::string& builtin_map(const std::string& name);

}  // namespace pursuit::searchparty
