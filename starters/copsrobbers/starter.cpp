// Cops and Robbers starter bot (C++17, single file): plays either side with legal random moves.
// Build: g++ -O2 -o starter starter.cpp      Run: ./starter [seed]   (the server talks on stdin/stdout)
//
// Protocol (shared/specs/copsrobbers.md): reads its side (P = cops, X = robber), C, R, "N M",
// M edges, its start position(s); then every round X reads the cops' positions and writes one
// crossing; P reads X's position and writes C crossings. Input is read LINE BY LINE (the spec
// forbids reading past the current line), every answer is flushed, and end of input (the server
// ends the game) is a normal exit.
//
// Replace choose_robber_move / choose_cop_moves with your strategy.
#include <cstdlib>
#include <iostream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

using Graph = std::vector<std::vector<int>>;  // 1-based adjacency lists

static std::mt19937 rng;

// One line of input split into ints; false at end of input.
static bool read_ints(std::vector<int>& out) {
    std::string line;
    if (!std::getline(std::cin, line)) return false;
    out.clear();
    std::istringstream in(line);
    for (int v; in >> v;) out.push_back(v);
    return true;
}

static int read_one(const char* what) {
    std::vector<int> v;
    if (!read_ints(v) || v.empty()) {
        std::cerr << "starter: expected " << what << "\n";
        std::exit(1);
    }
    return v[0];
}

// Stay or a random neighbour.
static int random_step(const Graph& g, int at) {
    std::uniform_int_distribution<int> pick(0, static_cast<int>(g[at].size()));
    int k = pick(rng);
    return k == 0 ? at : g[at][k - 1];
}

static int choose_robber_move(const Graph& g, int me, const std::vector<int>& cops) {
    // Prefer a random step that is neither on a cop nor next to one; else any legal step.
    for (int attempt = 0; attempt < 20; ++attempt) {
        int to = random_step(g, me);
        bool safe = true;
        for (int c : cops) {
            if (c == to) safe = false;
            for (int n : g[c]) if (n == to) safe = false;
        }
        if (safe) return to;
    }
    return random_step(g, me);
}

static std::vector<int> choose_cop_moves(const Graph& g, const std::vector<int>& cops, int /*robber*/) {
    std::vector<int> out;
    for (int c : cops) out.push_back(random_step(g, c));
    return out;
}

int main(int argc, char** argv) {
    rng.seed(argc > 1 ? static_cast<unsigned>(std::strtoul(argv[1], nullptr, 10)) : 1u);
    std::string side;
    if (!std::getline(std::cin, side)) return 0;
    if (!side.empty() && side.back() == '\r') side.pop_back();
    int cops_count = read_one("C");
    read_one("R");  // the round limit: a real strategy uses it
    std::vector<int> nm;
    if (!read_ints(nm) || nm.size() < 2) { std::cerr << "starter: expected N M\n"; return 1; }
    Graph g(nm[0] + 1);
    for (int i = 0; i < nm[1]; ++i) {
        std::vector<int> e;
        if (!read_ints(e) || e.size() < 2) { std::cerr << "starter: expected an edge\n"; return 1; }
        g[e[0]].push_back(e[1]);
        g[e[1]].push_back(e[0]);
    }
    std::vector<int> mine;
    if (!read_ints(mine)) return 0;
    std::vector<int> seen;
    if (side == "X") {
        int me = mine.at(0);
        while (read_ints(seen)) {  // the cops' positions
            me = choose_robber_move(g, me, seen);
            std::cout << me << std::endl;  // endl flushes
        }
    } else {
        std::vector<int> cops = mine;
        cops.resize(cops_count);
        while (read_ints(seen) && !seen.empty()) {  // X's position
            cops = choose_cop_moves(g, cops, seen[0]);
            for (std::size_t i = 0; i < cops.size(); ++i) std::cout << (i ? " " : "") << cops[i];
            std::cout << std::endl;
        }
    }
    return 0;
}
