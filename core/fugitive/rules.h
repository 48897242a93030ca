// Owns: the rules of Fugitive vs Detectives: the game state from placement to the end,
// legality of every move, capture, the announcement schedule and the exact 20-point score.
// Cities are 1..n. Sides: 0 = Fugitive, 1 = Detectives.
#pragma once
#include <array>
#include <memory>
#include <string>
#include <vector>

#include "fugitive/map.h"

namespace pursuit::fugitive {

inline constexpr int kFugitive = 0;
inline constexpr int kDetectives = 1;
inline constexpr int kBothSides = 2;  // State::forfeit: both programs failed (a judge's void game, 0-0)
inline constexpr int kPieces = 4;
inline constexpr int kTurns = 50;
inline constexpr int kRoundLength = 5;

using Detectives = std::array<int, kPieces>;

// Turns 5, 10, ..., 50: the Detectives learn the Fugitive's city.
inline bool is_announcement_turn(int turn) { return turn > 0 && turn % kRoundLength == 0; }

enum class Phase { PlaceDetectives, PlaceFugitive, FugitiveMove, DetectivesMove, Over };

struct FugitiveMove {
    char transport;
    int city;
};

// One turn as played (for logs, knowledge and replays).
struct TurnRecord {
    int turn = 0;
    FugitiveMove fugitive{};
    bool detectives_moved = false;
    Detectives detectives{};
};

enum class Ending { None, Escaped, CapturedByFugitiveMove, CapturedByDetectivesMove, Forfeit };

class State {
public:
    explicit State(std::shared_ptr<const Map> map);

    const Map& map() const { return *map_; }
    std::shared_ptr<const Map> map_ptr() const { return map_; }
    Phase phase() const { return phase_; }
    int to_move() const;  // kFugitive, kDetectives, or -1 when over
    bool over() const { return phase_ == Phase::Over; }
    // The turn being played (1..50); 0 during placement.
    int turn() const { return turn_; }
    int fugitive() const { return fugitive_; }  // 0 before placement
    int start_city() const { return start_city_; }          // the Fugitive's placement
    const Detectives& placement() const { return placement_; }  // the Detectives' placement
    const Detectives& detectives() const { return detectives_; }
    bool detectives_placed() const { return detectives_[0] != 0; }
    const std::vector<TurnRecord>& history() const { return history_; }

    // "" when legal, otherwise why not (naming the piece/city).
    std::string why_illegal_detectives_placement(const Detectives& d) const;
    std::string why_illegal_fugitive_placement(int city) const;
    std::string why_illegal_fugitive_move(const FugitiveMove& m) const;
    std::string why_illegal_detectives_move(const Detectives& d) const;

    // Each throws IllegalMove (state unchanged) when not legal now.
    void place_detectives(const Detectives& d);
    void place_fugitive(int city);
    void move_fugitive(const FugitiveMove& m);
    void move_detectives(const Detectives& d);
    // Ends the game: `side` broke a rule (illegal/malformed move, crash, time-out): 0-20;
    // kBothSides: both did (no points for anyone, 0-0).
    void forfeit(int side, const std::string& reason);

    // Every legal Fugitive move now (sorted by city, then transport C,T,P).
    std::vector<FugitiveMove> fugitive_moves() const;
    // Whether some joint Detectives' move exists from `from` (all move, end distinct).
    bool joint_move_exists(const Detectives& from) const;

    Ending ending() const { return ending_; }
    int forfeited_by() const { return forfeit_side_; }  // -1 unless Ending::Forfeit (then a side or kBothSides)
    const std::string& end_reason() const { return end_reason_; }
    int capture_turn() const { return capture_turn_; }
    // Announcements the Fugitive has "used": announcement turns whose Fugitive move was
    // completed without capture.
    int announcements_used() const;
    // {fugitive, detectives}; only meaningful once over (sums to 20, or 0 when both forfeited).
    std::array<int, 2> score() const;

private:
    void require_phase(Phase p, const char* what) const;
    void end(Ending e, const std::string& reason);
    bool occupied_by_detective(int city) const;
    void start_detectives_turn();

    std::shared_ptr<const Map> map_;
    Phase phase_ = Phase::PlaceDetectives;
    int turn_ = 0;
    int fugitive_ = 0, start_city_ = 0;
    Detectives detectives_{}, placement_{};
    std::vector<TurnRecord> history_;
    Ending ending_ = Ending::None;
    int forfeit_side_ = -1;
    int capture_turn_ = 0;
    std::string end_reason_;
};

std::string move_text(const FugitiveMove& m);        // "T 101"
std::string detectives_text(const Detectives& d);    // "26 74 121 180"

}  // namespace pursuit::fugitive
