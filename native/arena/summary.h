// Owns: turning game records into the tournament's tables: per bot, per pairing, per map,
// failures, move-time histograms and the ratings; and writing them as text (stdout),
// results.csv / ratings.csv / results.json.
#pragma once
#include <map>
#include <string>
#include <vector>

#include "arena/descriptor.h"
#include "arena/ratings.h"
#include "common/json.h"

namespace pursuit::arena {

struct Tally {
    int games = 0, wins = 0, losses = 0, draws = 0, faults = 0;
    double score_sum = 0;
    int score_count = 0;
    double points() const { return wins + 0.5 * draws; }
};

struct PairTally {
    int a = 0, b = 0;   // bot indices, a < b
    Tally of_a;         // from a's point of view (b's is the mirror)
    int b_faults = 0;
    double b_score_sum = 0;
    int b_score_count = 0;
    double captures_sum = 0;
    int captures_count = 0;
    int errors = 0;     // judge failures/time-outs between them (not rated)
    int by_tiebreak = 0;  // one-role games: comparisons of equal scores decided by a tie-break
};

struct MapTally {
    std::string map;
    std::vector<Tally> per_bot;
    int role_wins[2] = {0, 0};
    int draws = 0, errors = 0;
};

// Move time histogram: bins on a log scale of milliseconds, edges kTimeEdgesMs.
inline const std::vector<double> kTimeEdgesMs{0.1, 0.3, 1, 3, 10, 30, 100, 300, 1000, 3000};

struct Summary {
    std::string game, title;
    std::vector<std::string> roles, bots;
    std::vector<Tally> per_bot;
    std::vector<PairTally> pairs;
    std::vector<MapTally> maps;
    std::vector<std::vector<int>> time_hist;  // per bot, kTimeEdgesMs.size() + 1 bins
    std::vector<int> moves_timed;
    std::vector<double> time_median_ms;
    int games_total = 0, games_ok = 0, games_failed = 0;
    std::vector<Json> failures;  // records with status != ok, or with a fault
    Ratings ratings;
    int comparisons = 0;
    // One-role games: the descriptor's tie-breaks, and per bot the sums of each one's values
    // over its games that recorded them (the record's "tiebreaks"), and their count.
    std::vector<TieBreak> tiebreaks;
    std::vector<std::vector<double>> tiebreak_sum;
    std::vector<int> tiebreak_count;
};

// Records not in the schedule (older runs with other bots) must be filtered by the caller.
Summary summarise(const GameDescriptor& game, const std::vector<std::string>& bots, const std::vector<Json>& records);

// "equal scores then by /costars (higher wins), then /extras (higher wins)"; "" = none.
std::string tiebreaks_text(const Summary& s);
std::string format_text(const Summary& s);  // the tables printed at the end of a run
// One number in a printf format ("%.1f"), for the tables and the HTML report.
std::string format_number(const char* printf_format, double value);
std::string pairings_csv(const Summary& s);
std::string ratings_csv(const Summary& s);
Json to_json(const Summary& s);

}  // namespace pursuit::arena
