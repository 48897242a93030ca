// Robots starter (C++17, single file): a solution skeleton for the judge problem.
// Build: g++ -O2 -o starter starter.cpp     Run: ./starter < input.txt > output.txt
//
// Robots is not an interactive game: a solution reads every case from stdin and prints what
// happens when you play it (shared/specs/robots.md). Input: cases of "R T", R lines "r c" of
// robots, T lines "r c" of teleport destinations, ending with "0 0". Output per case (blank line
// between cases, none after the last, no trailing spaces):
//   Case 1:
//   Move 30: teleport to (16,15)          (one line per teleport taken)
//   Won game after making 5 moves.        or  Lost game after making m moves.
//   Final position: (14,16)
//   Number of cells with debris: 1
//   Number of robots remaining: 1         (only after a loss)
//
// This skeleton implements the rules; choose_move plays a random safe walk (seeded), so its
// output has the right FORMAT but not the judge's answers. Replace choose_move with the
// prescribed strategy of the spec to solve the problem.
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

constexpr int N = 31;
enum Cell { kEmpty, kRobot, kDebris };

struct Game {
    Cell board[N + 2][N + 2] = {};  // 1-based, rows then columns
    int r = 15, c = 15;
    std::vector<std::pair<int, int>> teleports;
    std::vector<bool> used;
    int robots = 0, moves = 0;
};

static const int DR[9] = {-1, -1, -1, 0, 0, 0, 1, 1, 1};
static const int DC[9] = {-1, 0, 1, -1, 0, 1, -1, 0, 1};  // index 4 = stay
static bool inside(int r, int c) { return r >= 1 && r <= N && c >= 1 && c <= N; }
static int sgn(int v) { return (v > 0) - (v < 0); }

// Your walk in direction d (pushing debris); false if illegal. Updates the game when legal.
static bool walk(Game& g, int d) {
    int nr = g.r + DR[d], nc = g.c + DC[d];
    if (!inside(nr, nc) || g.board[nr][nc] == kRobot) return false;
    if (g.board[nr][nc] == kDebris && d != 4) {
        int pr = nr + DR[d], pc = nc + DC[d];
        if (!inside(pr, pc) || g.board[pr][pc] == kDebris) return false;
        if (g.board[pr][pc] == kRobot) --g.robots;  // crushed by the pushed debris
        g.board[pr][pc] = kDebris;
        g.board[nr][nc] = kEmpty;
    }
    g.r = nr;
    g.c = nc;
    return true;
}

// All robots step towards you; returns false if one reached you.
static bool robots_move(Game& g) {
    int count[N + 2][N + 2] = {};
    std::vector<std::pair<int, int>> to;
    for (int r = 1; r <= N; ++r)
        for (int c = 1; c <= N; ++c)
            if (g.board[r][c] == kRobot) {
                g.board[r][c] = kEmpty;
                int tr = r + sgn(g.r - r), tc = c + sgn(g.c - c);
                if (count[tr][tc]++ == 0) to.push_back({tr, tc});
            }
    bool caught = false;
    for (auto [r, c] : to) {
        if (r == g.r && c == g.c) caught = true;
        if (g.board[r][c] == kDebris) { g.robots -= count[r][c]; continue; }
        if (count[r][c] >= 2) { g.robots -= count[r][c]; g.board[r][c] = kDebris; continue; }
        g.board[r][c] = kRobot;
    }
    return !caught;
}

static std::mt19937 rng(1);

// A random walk or stay after which no robot reaches you; -1 if there is none.
static int choose_move(const Game& g) {
    std::vector<int> safe;
    for (int d = 0; d < 9; ++d) {
        Game t = g;
        if (walk(t, d) && (t.robots == 0 || robots_move(t))) safe.push_back(d);
    }
    if (safe.empty()) return -1;
    return safe[std::uniform_int_distribution<std::size_t>(0, safe.size() - 1)(rng)];
}

static void play_case(Game& g) {
    bool won = false, lost = false;
    while (!won && !lost) {
        ++g.moves;
        int d = choose_move(g);
        if (d >= 0) {
            walk(g, d);
        } else {  // no safe walk: the first unused empty teleport destination, else stay
            bool jumped = false;
            for (std::size_t i = 0; i < g.teleports.size() && !jumped; ++i) {
                auto [tr, tc] = g.teleports[i];
                if (g.used[i] || g.board[tr][tc] != kEmpty) continue;
                g.used[i] = jumped = true;
                g.r = tr;
                g.c = tc;
                std::printf("Move %d: teleport to (%d,%d)\n", g.moves, tr, tc);
            }
        }
        if (g.robots == 0) { won = true; break; }
        lost = !robots_move(g);
        if (!lost && g.robots == 0) won = true;
    }
    std::printf("%s game after making %d moves.\n", won ? "Won" : "Lost", g.moves);
    std::printf("Final position: (%d,%d)\n", g.r, g.c);
    int debris = 0;
    for (int r = 1; r <= N; ++r)
        for (int c = 1; c <= N; ++c) debris += g.board[r][c] == kDebris;
    std::printf("Number of cells with debris: %d\n", debris);
    if (lost) std::printf("Number of robots remaining: %d\n", g.robots);
}

int main(int argc, char** argv) {
    if (argc > 1) rng.seed(static_cast<unsigned>(std::strtoul(argv[1], nullptr, 10)));
    int R, T, case_no = 0;
    while (std::scanf("%d %d", &R, &T) == 2 && (R || T)) {
        Game g;
        g.robots = R;
        for (int i = 0; i < R; ++i) {
            int r, c;
            if (std::scanf("%d %d", &r, &c) != 2) return 1;
            g.board[r][c] = kRobot;
        }
        for (int i = 0; i < T; ++i) {
            int r, c;
            if (std::scanf("%d %d", &r, &c) != 2) return 1;
            g.teleports.push_back({r, c});
        }
        g.used.assign(T, false);
        ++case_no;
        std::printf(case_no > 1 ? "\nCase %d:\n" : "Case %d:\n", case_no);
        play_case(g);
    }
    return 0;
}
