// Owns: the Bradley-Terry fit and its confidence intervals (ratings.h).
#include "arena/ratings.h"

#include <algorithm>
#include <cmath>

namespace pursuit::arena {
namespace {

constexpr double kEloPerUnit = 400.0 / 2.302585092994046;  // 400 / ln(10)
constexpr double kPriorVar = 100.0;                         // sd 10 units ≈ 1737 Elo

using Matrix = std::vector<std::vector<double>>;

// Inverse of a symmetric positive definite matrix (Gauss-Jordan with partial pivoting).
Matrix invert(Matrix m) {
    const std::size_t n = m.size();
    Matrix inv(n, std::vector<double>(n, 0.0));
    for (std::size_t i = 0; i < n; ++i) inv[i][i] = 1;
    for (std::size_t c = 0; c < n; ++c) {
        std::size_t p = c;
        for (std::size_t r = c + 1; r < n; ++r)
            if (std::fabs(m[r][c]) > std::fabs(m[p][c])) p = r;
        std::swap(m[c], m[p]);
        std::swap(inv[c], inv[p]);
        const double d = m[c][c];
        for (std::size_t k = 0; k < n; ++k) {
            m[c][k] /= d;
            inv[c][k] /= d;
        }
        for (std::size_t r = 0; r < n; ++r) {
            if (r == c || m[r][c] == 0) continue;
            const double f = m[r][c];
            for (std::size_t k = 0; k < n; ++k) {
                m[r][k] -= f * m[c][k];
                inv[r][k] -= f * inv[c][k];
            }
        }
    }
    return inv;
}

double sigmoid(double x) { return 1.0 / (1.0 + std::exp(-x)); }

// Log posterior (up to a constant) of parameters theta = (r_0..r_{n-1}[, h]).
double log_posterior(const std::vector<double>& th, int n, bool with_h, const std::vector<Comparison>& cs) {
    double lp = 0;
    for (const auto& c : cs) {
        const double x = th[c.a] - th[c.b] + (with_h ? th[n] : 0.0);
        const double p = std::min(std::max(sigmoid(x), 1e-300), 1 - 1e-16);
        lp += c.score * std::log(p) + (1 - c.score) * std::log1p(-p);
    }
    for (int i = 0; i < n; ++i) lp -= th[i] * th[i] / (2 * kPriorVar);
    if (with_h) lp -= th[n] * th[n] / (2 * kPriorVar);
    return lp;
}

// Negative Hessian (the information matrix) and gradient of the log posterior.
void derivatives(const std::vector<double>& th, int n, bool with_h, const std::vector<Comparison>& cs,
                 std::vector<double>& grad, Matrix& info) {
    const int k = n + (with_h ? 1 : 0);
    grad.assign(k, 0.0);
    info.assign(k, std::vector<double>(k, 0.0));
    for (const auto& c : cs) {
        const double x = th[c.a] - th[c.b] + (with_h ? th[n] : 0.0);
        const double p = sigmoid(x);
        const double g = c.score - p, w = p * (1 - p);
        int idx[3] = {c.a, c.b, with_h ? n : -1};
        double sign[3] = {1, -1, 1};
        for (int u = 0; u < 3; ++u) {
            if (idx[u] < 0) continue;
            grad[idx[u]] += sign[u] * g;
            for (int v = 0; v < 3; ++v)
                if (idx[v] >= 0) info[idx[u]][idx[v]] += sign[u] * sign[v] * w;
        }
    }
    for (int i = 0; i < k; ++i) {
        grad[i] -= th[i] / kPriorVar;
        info[i][i] += 1.0 / kPriorVar;
    }
}

}  // namespace

double expected_score(double elo_a, double elo_b, double advantage_elo) {
    return sigmoid((elo_a - elo_b + advantage_elo) / kEloPerUnit);
}

Ratings fit_bradley_terry(int n, const std::vector<Comparison>& cs, bool with_h) {
    Ratings out;
    const int k = n + (with_h ? 1 : 0);
    std::vector<double> th(k, 0.0), grad;
    Matrix info;
    double lp = log_posterior(th, n, with_h, cs);
    for (int it = 0; it < 200; ++it) {
        derivatives(th, n, with_h, cs, grad, info);
        const Matrix inv = invert(info);
        std::vector<double> step(k, 0.0);
        double size = 0;
        for (int i = 0; i < k; ++i) {
            for (int j = 0; j < k; ++j) step[i] += inv[i][j] * grad[j];
            size = std::max(size, std::fabs(step[i]));
        }
        // Newton on a concave function; halve the step if it overshoots.
        double t = 1;
        std::vector<double> next(k);
        for (int tries = 0; tries < 40; ++tries, t /= 2) {
            for (int i = 0; i < k; ++i) next[i] = th[i] + t * step[i];
            if (log_posterior(next, n, with_h, cs) >= lp - 1e-12) break;
        }
        th = next;
        lp = log_posterior(th, n, with_h, cs);
        out.iterations = it + 1;
        if (size * t < 1e-9) {
            out.converged = true;
            break;
        }
    }
    derivatives(th, n, with_h, cs, grad, info);
    const Matrix cov = invert(info);
    // Centre: r' = C r with C = I - 11^T/n, so Cov(r') = C Cov(r) C (the prior's pull on the
    // mean, which the data cannot see, drops out).
    double mean = 0;
    for (int i = 0; i < n; ++i) mean += th[i] / n;
    std::vector<double> row_mean(n, 0.0);
    double all_mean = 0;
    for (int i = 0; i < n; ++i) {
        for (int j = 0; j < n; ++j) row_mean[i] += cov[i][j] / n;
        all_mean += row_mean[i] / n;
    }
    for (int i = 0; i < n; ++i) {
        const double var = cov[i][i] - 2 * row_mean[i] + all_mean;
        out.elo.push_back((th[i] - mean) * kEloPerUnit);
        out.ci95.push_back(1.96 * std::sqrt(std::max(var, 0.0)) * kEloPerUnit);
    }
    if (with_h) {
        out.role0_advantage_elo = th[n] * kEloPerUnit;
        out.role0_advantage_ci95 = 1.96 * std::sqrt(std::max(cov[n][n], 0.0)) * kEloPerUnit;
    }
    return out;
}

}  // namespace pursuit::arena
