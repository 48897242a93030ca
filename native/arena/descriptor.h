// Owns: the per-game arena descriptor (native/<game>/arena.json): how to run ONE match with
// that game's judge (program, argument template, roles, result and replay files) and how to
// read the outcome from the judge's result JSON (JSON pointers). Also finds descriptors on
// disk (DIR/*/arena.json) and expands `{placeholder}` templates. See docs/arena.md.
#pragma once
#include <map>
#include <string>
#include <vector>

#include "common/json.h"

namespace pursuit::arena {

// One-role games: when two runs on the same instance have equal scores, the first tie-break
// whose values differ decides (result.tiebreaks, in order). E.g. Search Party: more living
// costars, then more living extras.
struct TieBreak {
    std::string pointer;      // into the result (like score: "{side}" -> 0, "{role}" -> the role)
    bool higher_wins = true;  // a greater value breaks the tie in that run's favour
};

struct GameDescriptor {
    std::string game;                 // id, e.g. "copsrobbers"
    std::string title;
    std::string judge;                // program name (bin dir / PATH) or path relative to dir
    std::vector<std::string> args;    // argv template, one element per argument
    std::vector<std::string> roles;   // 1 or 2 role names, index = side
    std::string result_file;          // template, usually "{outdir}/result.json"
    std::string replay_file;          // template ("" = the judge writes no replay)
    std::vector<std::string> default_maps;  // resolved entries (absolute paths or names)
    // The tool of the game's uniform interface (core registry, args {"name": NAME}) that
    // builds a built-in map, and so checks a name before any game; "" = the judge takes map
    // files only, so a map that is no file is refused.
    std::string map_name_tool;
    // The game's uniform-interface config (without "game" and "seed") of a game the judge
    // plays on a built-in map, the string "{map}" standing for the name, e.g. copsrobbers'
    // {"map_name": "{map}", "cops": 2}; null = none. A name is then also checked by creating
    // that game for every seed of the run, so a map the judge's setup cannot play (too small
    // for the pieces) is refused before any game. Its keys are the placeholders {config.KEY}
    // of the templates, so the judge gets the same values.
    Json map_name_config;
    // The same for a map FILE: the game's uniform-interface config (without "game" and
    // "seed") of a game the judge plays on it, "{map_text}" standing for the file's text and
    // "{map}" for its path, e.g. copsrobbers' {"map": "{map_text}", "cops": 2}; null = none.
    // Each map file is then read by the game's own reader and created for every seed of the
    // run, so a broken file or another game's map is refused before any game. Keys it shares
    // with map_name_config must have the same values (both are the judge's one setup).
    Json map_file_config;
    double wall_clock_s = 300;        // per-game cap before the arena kills the judge
    bool higher_score_wins = true;    // compare scores (one-role games, winner_from_scores)
    bool winner_from_scores = false;  // two-role judges without a winner field
    // JSON pointers into the result; "{side}" in a pointer is replaced by 0/1, "{role}" by
    // the role name of that side.
    std::string winner_ptr;           // value: side index, role name, or null/-1/"draw"
    std::map<std::string, int> winner_values;  // extra value -> side (-1 = draw)
    std::string score_ptr;            // per side, e.g. "/players/{side}/score"
    std::string captures_ptr;         // one number for the game, e.g. "/captures"
    std::string fault_ptr;            // per side: string verdict, "ok"/null/"" = no fault
    std::string fault_reason_ptr;     // per side: message when faulted
    // Judges that report one forfeit for the game instead: the side (index or role name) at
    // fault_side_ptr faulted, with fault_ptr / fault_reason_ptr read once (no "{side}").
    std::string fault_side_ptr;
    std::string move_times_ptr;       // per side: array of milliseconds
    std::string reason_ptr;           // one string: how the game ended
    // One-role games only: every result must give a number at each pointer, as at score (the
    // record's "tiebreaks"); a missing one makes the game an "error" (see docs/arena.md).
    std::vector<TieBreak> tiebreaks;
    std::string dir;                  // folder holding the descriptor
    std::string path;                 // the descriptor file itself

    int sides() const { return static_cast<int>(roles.size()); }
};

// Parses one descriptor; throws InputError naming the file and the field.
GameDescriptor load_descriptor(const std::string& path);
// Refuses a map entry that is no file and no built-in map name of the game (see
// map_name_tool): InputError "map NAME: no such file, and ..." with the known names; and a
// built-in map on which the game of map_name_config cannot be created for a seed 1..seeds
// (InputError "map NAME: a built-in map of GAME, but JUDGE cannot play it with ...").
void check_map_name(const GameDescriptor& g, const std::string& name, int seeds = 1);
// Refuses a map file on which the game of map_file_config cannot be created for a seed
// 1..seeds (InputError "map PATH: JUDGE cannot play this file with ...: <the reader's error>");
// no map_file_config: nothing is checked (the judge reports a bad file in each game).
void check_map_file(const GameDescriptor& g, const std::string& path, int seeds = 1);
// The placeholders {config.KEY} of map_name_config and map_file_config: their values as the judge gets them
// (strings as they are, other values as JSON).
std::map<std::string, std::string> config_vars(const GameDescriptor& g);
// All DIR/*/arena.json of each dir, later dirs never overriding a game found earlier.
std::vector<GameDescriptor> discover_descriptors(const std::vector<std::string>& dirs);

// Replaces every {name} by vars.at(name); an unknown name throws InputError (naming the
// template), so a typo in a descriptor is found before any game runs. "{{" gives "{".
std::string expand(const std::string& templ, const std::map<std::string, std::string>& vars);
// pointer with "{side}" and "{role}" replaced; "" stays "".
std::string side_pointer(const std::string& ptr, int side, const std::string& role = "");
// The value at a JSON pointer, or nullptr when absent (or ptr is "").
Json at_pointer(const Json& doc, const std::string& ptr);

}  // namespace pursuit::arena
