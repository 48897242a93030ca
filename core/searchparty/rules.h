// Owns: the Search Party rules as fast typed calls — the cast, vision (21 cells), a turn of
// simultaneous king moves, searched cells, simultaneous deaths, the end of the search — and
// the move line notation read exactly as the original controller reads it.
#pragma once
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "common/errors.h"
#include "searchparty/map.h"

namespace pursuit::searchparty {

// A move line the rules refuse. what() is the original controller's message, kept byte for
// byte ("Invalid move of [3, 0] in direction 8 onto # or off of the map"); detail() says the
// same in plain words naming the actor ("@ moves 8 from 3,0 onto a wall or off the map").
class MoveLineError : public IllegalMove {
public:
    MoveLineError(const std::string& original, std::string detail) : IllegalMove(original), detail_(std::move(detail)) {}
    const std::string& detail() const { return detail_; }

private:
    std::string detail_;
};

enum class Role : std::uint8_t { Star, Costar, Extra };

struct Actor {
    char name;  // '@', 'A'.., 'a'..
    Role role;
    int x, y;
    bool alive = true;
};

// The 21 offsets a person sees: the 5x5 square minus its corners (dx^2 + dy^2 < 8).
struct Offset { int dx, dy; };
const std::array<Offset, 21>& vision_offsets();
inline bool sees(int x1, int y1, int x2, int y2) {
    const int dx = x1 - x2, dy = y1 - y2;
    return dx * dx + dy * dy < 8;
}
// The death rule for one person, from whom it sees among the living: a costar lives if it
// sees anybody, an extra if it sees the star or a costar or two other extras; the star lives.
inline bool survives(Role role, int star_or_costar_seen, int extras_seen) {
    if (role == Role::Costar) return star_or_costar_seen + extras_seen > 0;
    return role == Role::Star || star_or_costar_seen > 0 || extras_seen >= 2;
}
// Numpad digit '1'..'9' -> step (dx right, dy down); '5' = stay.
inline int digit_dx(char d) { return (d - '1') % 3 - 1; }
inline int digit_dy(char d) { return 1 - (d - '1') / 3; }
char step_digit(int dx, int dy);

// One direction per actor (index as in State::actors()), '1'..'9'.
using Moves = std::vector<char>;

class State {
public:
    explicit State(Map map);  // everyone on S, the view from S searched, 0 turns

    const Map& map() const { return map_; }
    const std::vector<Actor>& actors() const { return actors_; }
    int turns() const { return turns_; }
    bool searched(int cell) const { return searched_[cell] != 0; }
    const std::vector<std::uint8_t>& searched_cells() const { return searched_; }
    int unsearched() const { return unsearched_; }
    // Open cells not yet searched that a person standing on `cell` would see.
    int unsearched_in_view(int cell) const { return unsearched_in_view_[cell]; }
    bool finished() const { return unsearched_ == 0; }
    int costars_alive() const;
    int extras_alive() const;
    // Index of the actor with this name, -1 if there is none (dead ones included).
    int actor_index(char name) const;

    // Reads a move line as the original controller does; throws MoveLineError with its
    // message ("Invalid move of dead or nonexistent costar C", ...) and a detail naming the
    // actor. Does not change state.
    Moves parse_line(const std::string& line) const;
    // "2 costars, A..B", "1 extra, a", "no extras": the map's costars (or extras), for messages.
    std::string cast_text(bool costars) const;
    // Why `moves` cannot be played ("" if it can): a dead actor moving, a wall, the border.
    std::string illegal_reason(const Moves& moves) const;
    // Plays one turn: moves, vision, deaths, turn count. Throws IllegalMove (state unchanged).
    void play(const Moves& moves);
    void play_line(const std::string& line) { play(parse_line(line)); }
    // The move line for `moves` in canonical form ("@6 A2 a5." lists every living actor).
    std::string format_line(const Moves& moves) const;
    Moves all_stay() const { return Moves(actors_.size(), '5'); }

    // The board as the controller shows it: 'o' searched open, '.' unsearched, '#' wall.
    std::vector<std::string> board_rows() const;
    // "@:2,3 A:2,3 B:2,3." — the living actors.
    std::string actors_line() const;
    // The whole state block the controller sends before a turn (turn number = turns()+1).
    std::string state_block() const;
    // "T c e": turns, living costars, living extras.
    std::string final_line() const;
    // Counts an open cell as searched, as if somebody had seen it (no turn is played): a plan
    // for part of the cast starts from the cells the others will search (team_routes.h).
    void mark_searched(int cell);
    // Puts the cast where a controller's state block shows it after `turns` turns (the dead
    // ones too, alive = false); the block's searched cells go through mark_searched. For a
    // solver whose own record of the game is not the controller's.
    void resume(const std::vector<Actor>& actors, int turns);
    // Which living actors would die with everyone where `actors` says (the death rule).
    static std::vector<bool> doomed(const std::vector<Actor>& actors);

private:
    void reveal(int x, int y);
    Map map_;
    std::vector<Actor> actors_;
    std::vector<std::uint8_t> searched_;
    // Per cell: unsearched_in_view, kept up to date as cells get searched (the policies ask it
    // for many cells every turn; at most 21 fits a byte).
    std::vector<std::uint8_t> unsearched_in_view_;
    int unsearched_ = 0;
    int turns_ = 0;
};

}  // namespace pursuit::searchparty
