// Owns: building the schedule of a tournament (schedule.h).
#include "arena/schedule.h"

#include <filesystem>
#include <set>

#include "common/errors.h"

namespace fs = std::filesystem;

namespace pursuit::arena {

MapEntry make_map_entry(const std::string& value) {
    std::error_code ec;
    if (!value.empty() && fs::is_regular_file(value, ec)) {
        // No game has an empty map: refused here, not in every game's judge.
        if (fs::file_size(value, ec) == 0 && !ec) throw InputError("map " + value + ": empty file");
        const fs::path p = fs::weakly_canonical(fs::absolute(value), ec);
        return {p.string(), p.stem().string()};
    }
    // No built-in map name has a '/' or a '.' (petersen, grid-10x10): this was meant as a file,
    // e.g. "--maps mymap.txt" misspelled (every game would fail on it and the arena exit 0).
    if (value.find_first_of("/.") != std::string::npos)
        throw InputError("map " + value + ": " + (fs::exists(value, ec) ? "not a regular file" : "no such file"));
    return {value, value};
}

std::string match_key(const MapEntry& map, std::uint64_t seed, const std::vector<Bot>& bots,
                      const std::vector<int>& sides) {
    std::string key = map.name + "|" + std::to_string(seed);
    for (int b : sides) key += "|" + bots[b].name;
    return key;
}

std::vector<MatchSpec> make_schedule(const std::vector<Bot>& bots, int sides,
                                     const std::vector<MapEntry>& maps, int seeds, Mode mode,
                                     const std::string& champion) {
    std::set<std::string> names;
    for (const auto& b : bots) {
        if (b.name.empty() || b.name.find_first_of("|/ \t") != std::string::npos)
            throw InputError("bot name \"" + b.name + "\": use letters, digits, '-', '_' or '.'");
        if (!names.insert(b.name).second) throw InputError("bot name \"" + b.name + "\" given twice");
    }
    if (bots.empty()) throw InputError("no bots: give at least one --bot NAME=COMMAND");
    if (sides == 2 && bots.size() < 2) throw InputError("a two-role game needs at least 2 bots");
    if (maps.empty()) throw InputError("no maps: give --maps or --maps-dir (this game has no default maps)");
    if (seeds < 1) throw InputError("--seeds must be at least 1");
    int champ = -1;
    if (mode == Mode::Gauntlet) {
        for (std::size_t i = 0; i < bots.size(); ++i)
            if (bots[i].name == champion) champ = static_cast<int>(i);
        if (champ < 0) throw InputError("--champion \"" + champion + "\" is not one of the --bot names");
    }
    // Who meets whom, as (role 0, role 1) assignments, or single bots for one-role games.
    std::vector<std::vector<int>> lineups;
    const int n = static_cast<int>(bots.size());
    if (sides == 1) {
        for (int i = 0; i < n; ++i) lineups.push_back({i});
    } else {
        for (int i = 0; i < n; ++i)
            for (int j = i + 1; j < n; ++j) {
                if (mode == Mode::Gauntlet && i != champ && j != champ) continue;
                lineups.push_back({i, j});
                lineups.push_back({j, i});
            }
    }
    std::vector<MatchSpec> out;
    // Maps and seeds outermost: an interrupted run has a balanced sample of every pairing.
    for (const auto& map : maps)
        for (int s = 1; s <= seeds; ++s)
            for (const auto& lineup : lineups) {
                MatchSpec m;
                m.index = static_cast<int>(out.size());
                m.map = map;
                m.seed = static_cast<std::uint64_t>(s);
                m.bots = lineup;
                m.key = match_key(map, m.seed, bots, lineup);
                out.push_back(std::move(m));
            }
    return out;
}

}  // namespace pursuit::arena
