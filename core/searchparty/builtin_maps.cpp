// Owns: the built-in maps (see builtin_maps.h).
#include "searchparty/builtin_maps.h"

#include "common/errors.h"
#include "searchparty/generator.h"

namespace pursuit::searchparty {

namespace {

const std::vector<BuiltinMap>& hand_made_maps() {
    static const std::vector<BuiltinMap> maps{
        {"example1", "6 5 0 0\n......\n......\n..S...\n......\n......\n"},
        {"example2",
         "9 9 1 1\nS.......#\n.......##\n......##.\n..#####..\n...##....\n...##....\n...#.....\n....#..#.\n.........\n"},
        {"corridors",
         "16 9 2 1\nS...#...........\n.##.#.#########.\n.#..#.#.......#.\n.#.##.#.#####.#.\n.#....#.#...#.#.\n.######.#.#.#.#.\n........#.#...#.\n#########.#####.\n..........#.....\n"},
        {"rooms",
         "24 12 2 3\n.........#..............\n.........#..............\n....S....#......#.......\n.........#......#.......\n#####.####......#.......\n.........#......########\n.........#..............\n.........#..............\n....###..........####...\n.........#..............\n.........#..............\n.........#..............\n"},
    };
    return maps;
}

}  // namespace

// Made once (about 20 ms natively for the whole set) on first use.
const std::vector<BuiltinMap>& builtin_maps() {
    static const std::vector<BuiltinMap> maps = [] {
        std::vector<BuiltinMap> all = hand_made_maps();
        for (const GenerateSpec& spec : generated_set()) all.push_back({set_map_name(spec), generate_map(spec).to_text(), true});
        return all;
    }();
    return maps;
}

const std::string& builtin_map(const std::string& name) {
    // A hand-made map (the default game's "rooms") is found without making the generated set,
    // a 256x256 map among it.
    for (const auto& m : hand_made_maps())
        if (m.name == name) return m.text;
    std::string known;
    for (const auto& m : builtin_maps()) {
        if (m.name == name) return m.text;
        known += (known.empty() ? "" : ", ") + m.name;
    }
    throw InputError("unknown built-in Search Party map '" + name + "' (known: " + known + ")");
}

}  // namespace pursuit::searchparty
