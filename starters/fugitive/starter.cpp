// Fugitive vs Detectives starter bot (C++17, single file): plays either role with legal random
// moves. Build: g++ -O2 -o starter starter.cpp     Run: ./starter [seed]
//
// Protocol (shared/specs/fugitive.md): the map is read from connect.txt in the working
// directory; stdin gives the role ("Fugitive" or "Detectives"). Reading is TOKEN based (four
// cities on one line or on four lines are both fine). Any read may return "Quit" instead: the
// game is over, exit normally. Every answer is flushed. 50 turns; turns 5, 10, ..., 50 are
// announcement turns (the Detectives read the transport AND the Fugitive's city).
//
// Replace choose_fugitive_move / choose_detective_moves with your strategy.
#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

struct Road { char transport; int to; };
using Map = std::vector<std::vector<Road>>;  // 1-based

static std::mt19937 rng;
constexpr int kTurns = 50;
constexpr int kDetectives = 4;

static Map read_map(const char* path) {
    std::ifstream in(path);
    if (!in) { std::cerr << "starter: cannot open " << path << "\n"; std::exit(1); }
    std::string line;
    int n = 0;
    while (std::getline(in, line) && !(std::istringstream(line) >> n)) {}
    Map map(n + 1);
    while (std::getline(in, line)) {
        std::istringstream ls(line);
        std::string t, ab;
        if (!(ls >> t)) continue;
        if (t == "END") break;
        ls >> ab;
        std::size_t dash = ab.find('-');
        int a = std::atoi(ab.substr(0, dash).c_str()), b = std::atoi(ab.substr(dash + 1).c_str());
        map[a].push_back({t[0], b});
        map[b].push_back({t[0], a});
    }
    return map;
}

// Next token; exits normally on "Quit" or end of input.
static std::string token() {
    std::string t;
    if (!(std::cin >> t) || t == "Quit") std::exit(0);
    return t;
}
static int city() { return std::atoi(token().c_str()); }

static bool contains(const std::vector<int>& v, int x) { return std::find(v.begin(), v.end(), x) != v.end(); }

static Road choose_fugitive_move(const Map& map, int me, const std::vector<int>& detectives) {
    std::vector<Road> safe;
    for (const Road& r : map[me]) if (!contains(detectives, r.to)) safe.push_back(r);
    const std::vector<Road>& from = safe.empty() ? map[me] : safe;  // cornered: any road (caught)
    return from[std::uniform_int_distribution<std::size_t>(0, from.size() - 1)(rng)];
}

// A random joint move: every detective along a road, no two on one city afterwards.
static bool assign(const Map& map, const std::vector<int>& from, std::vector<int>& to, std::size_t i) {
    if (i == from.size()) return true;
    std::vector<Road> roads = map[from[i]];
    std::shuffle(roads.begin(), roads.end(), rng);
    for (const Road& r : roads) {
        if (std::find(to.begin(), to.begin() + i, r.to) != to.begin() + i) continue;
        to[i] = r.to;
        if (assign(map, from, to, i + 1)) return true;
    }
    return false;
}
static std::vector<int> choose_detective_moves(const Map& map, const std::vector<int>& detectives) {
    std::vector<int> to(detectives.size());
    if (!assign(map, detectives, to, 0)) { std::cerr << "starter: detectives are stuck\n"; std::exit(1); }
    return to;
}

int main(int argc, char** argv) {
    rng.seed(argc > 1 ? static_cast<unsigned>(std::strtoul(argv[1], nullptr, 10)) : 1u);
    std::string role = token();
    Map map = read_map("connect.txt");
    const int n = static_cast<int>(map.size()) - 1;
    std::vector<int> det(kDetectives);
    if (role == "Fugitive") {
        for (int& d : det) d = city();
        std::vector<int> starts;
        for (int c = 1; c <= n; ++c) if (!contains(det, c) && !map[c].empty()) starts.push_back(c);
        int me = starts[std::uniform_int_distribution<std::size_t>(0, starts.size() - 1)(rng)];
        std::cout << me << std::endl;
        for (int turn = 1; turn <= kTurns; ++turn) {
            Road r = choose_fugitive_move(map, me, det);
            me = r.to;
            std::cout << r.transport << ' ' << r.to << std::endl;
            if (turn == kTurns) break;  // the Detectives' last move is not sent
            for (int& d : det) d = city();
        }
    } else {
        std::vector<int> cities;
        for (int c = 1; c <= n; ++c) cities.push_back(c);
        std::shuffle(cities.begin(), cities.end(), rng);
        for (int i = 0; i < kDetectives; ++i) { det[i] = cities[i]; std::cout << det[i] << "\n"; }
        std::cout.flush();
        int fugitive = city();  // its start city
        for (int turn = 1; turn <= kTurns; ++turn) {
            std::string transport = token();
            if (turn % 5 == 0) fugitive = city();  // announcement turn
            (void)transport;
            (void)fugitive;
            det = choose_detective_moves(map, det);
            for (int d : det) std::cout << d << "\n";
            std::cout.flush();
        }
    }
    return 0;
}
