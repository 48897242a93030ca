// Owns: the rating model. A Bradley-Terry (logistic) fit by Newton's method on the
// comparisons of a tournament: P(a beats b) = 1 / (1 + exp(-(r_a - r_b + h))) where a played
// role 0 and h is the advantage of role 0 (fitted only for two-role games). Draws count as
// half a win each. Ratings are reported on the Elo scale (400/ln 10 per unit), centred on
// the mean of all bots, with 95 % intervals from the inverse Hessian (the observed Fisher
// information) of the centred ratings. A very weak normal prior (sd ~1700 Elo) keeps the
// estimate finite when a bot won or lost everything; its interval is then very wide.
#pragma once
#include <string>
#include <vector>

namespace pursuit::arena {

struct Comparison {
    int a = 0, b = 0;    // bot indices; a played role 0 (or: first of an unordered pair)
    double score = 0.5;  // of a: 1 win, 0.5 draw, 0 loss
};

struct Ratings {
    std::vector<double> elo;         // centred, per bot
    std::vector<double> ci95;        // half width of the 95 % interval, per bot
    double role0_advantage_elo = 0;  // h on the Elo scale (0 when not fitted)
    double role0_advantage_ci95 = 0;
    int iterations = 0;
    bool converged = false;
};

Ratings fit_bradley_terry(int bots, const std::vector<Comparison>& comparisons, bool fit_role_advantage);

// Expected score of a against b (a in role 0 when h given) from Elo values.
double expected_score(double elo_a, double elo_b, double advantage_elo = 0);

}  // namespace pursuit::arena
