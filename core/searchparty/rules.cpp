// Owns: State (see rules.h). The move-line reading mirrors the original controller.py:
// surrounding whitespace and dots are stripped, tokens split on whitespace, a token counts
// by its first two characters, tokens not starting with '@' or an ASCII letter are ignored
// but still take part in the "moved twice" check on first characters.
#include "searchparty/rules.h"

#include <stdexcept>

#include "common/errors.h"
#include "common/line_reader.h"

namespace pursuit::searchparty {

const std::array<Offset, 21>& vision_offsets() {
    static const std::array<Offset, 21> offsets = [] {
        std::array<Offset, 21> o{};
        int n = 0;
        for (int dy = -2; dy <= 2; ++dy)
            for (int dx = -2; dx <= 2; ++dx)
                if (dx * dx + dy * dy < 8) o[n++] = Offset{dx, dy};
        return o;
    }();
    return offsets;
}

char step_digit(int dx, int dy) { return static_cast<char>('1' + (1 - dy) * 3 + (dx + 1)); }

State::State(Map map) : map_(std::move(map)) {
    const int sx = map_.x_of(map_.start), sy = map_.y_of(map_.start);
    actors_.push_back(Actor{'@', Role::Star, sx, sy, true});
    for (int i = 0; i < map_.costars; ++i) actors_.push_back(Actor{static_cast<char>('A' + i), Role::Costar, sx, sy, true});
    for (int i = 0; i < map_.extras; ++i) actors_.push_back(Actor{static_cast<char>('a' + i), Role::Extra, sx, sy, true});
    searched_.assign(map_.open.size(), 0);
    unsearched_ = map_.open_count();
    unsearched_in_view_.assign(map_.open.size(), 0);
    for (int cell = 0; cell < static_cast<int>(map_.open.size()); ++cell) {
        const int x = map_.x_of(cell), y = map_.y_of(cell);
        for (const Offset& o : vision_offsets()) unsearched_in_view_[cell] += map_.open_at(x + o.dx, y + o.dy);
    }
    reveal(sx, sy);
}

void State::reveal(int x, int y) {
    for (const Offset& o : vision_offsets()) {
        const int nx = x + o.dx, ny = y + o.dy;
        if (!map_.open_at(nx, ny)) continue;
        mark_searched(map_.index(nx, ny));
    }
}

void State::mark_searched(int cell) {
    if (!map_.open[cell] || searched_[cell]) return;
    searched_[cell] = 1;
    --unsearched_;
    const int x = map_.x_of(cell), y = map_.y_of(cell);
    for (const Offset& v : vision_offsets())  // sight is symmetric: those who would see it
        if (map_.inside(x - v.dx, y - v.dy)) --unsearched_in_view_[map_.index(x - v.dx, y - v.dy)];
}

void State::resume(const std::vector<Actor>& actors, int turns) {
    if (actors.size() != actors_.size()) throw std::invalid_argument("State::resume: another cast");
    actors_ = actors;
    turns_ = turns;
}

int State::costars_alive() const {
    int n = 0;
    for (const Actor& a : actors_) n += a.role == Role::Costar && a.alive;
    return n;
}

int State::extras_alive() const {
    int n = 0;
    for (const Actor& a : actors_) n += a.role == Role::Extra && a.alive;
    return n;
}

int State::actor_index(char name) const {
    if (name == '@') return 0;
    if (name >= 'A' && name <= 'Z') return name - 'A' < map_.costars ? 1 + (name - 'A') : -1;
    if (name >= 'a' && name <= 'z') return name - 'a' < map_.extras ? 1 + map_.costars + (name - 'a') : -1;
    return -1;
}

namespace {

std::string trim(const std::string& line) {
    auto blank = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f'; };
    std::size_t a = 0, b = line.size();
    while (a < b && blank(line[a])) ++a;
    while (b > a && blank(line[b - 1])) --b;
    while (a < b && line[a] == '.') ++a;
    while (b > a && line[b - 1] == '.') --b;
    return line.substr(a, b - a);
}

std::string position_text(const Actor& a) { return "[" + std::to_string(a.x) + ", " + std::to_string(a.y) + "]"; }

}  // namespace

// "2 costars, A..B", "1 extra, a", "no extras": who the map's cast of that role is.
std::string State::cast_text(bool costars) const {
    const std::string role = costars ? "costar" : "extra";
    const int count = costars ? map_.costars : map_.extras;
    const char first = costars ? 'A' : 'a';
    if (count == 0) return "no " + role + "s";
    if (count == 1) return "1 " + role + ", " + first;
    return std::to_string(count) + " " + role + "s, " + first + ".." + static_cast<char>(first + count - 1);
}

Moves State::parse_line(const std::string& line) const {
    const std::vector<std::string> tokens = split_tokens(trim(line));
    std::string firsts;
    for (const auto& t : tokens) {
        const char c = t[0];
        if (firsts.find(c) != std::string::npos) {
            throw MoveLineError("Invalid movelist (moving someone more than once in a turn)",
                                names_an_actor(c) ? std::string(1, c) + " is moved more than once in the line"
                                      : "two tokens start with " + quoted_excerpt(std::string(1, c)) +
                                            " (the first characters of all tokens must differ)");
        }
        firsts += c;
    }
    Moves moves = all_stay();
    for (const auto& t : tokens) {
        const char c = t[0];
        if (!names_an_actor(c)) continue;
        const bool upper = c >= 'A' && c <= 'Z', lower = c >= 'a' && c <= 'z';
        const int i = actor_index(c);
        if (upper || lower) {
            const std::string role = upper ? "costar" : "extra", who = role + " " + c;
            const std::string original = "Invalid move of dead or nonexistent " + who;
            if (i < 0) throw MoveLineError(original, who + " does not exist (the map has " + cast_text(upper) + ")");
            if (!actors_[i].alive) throw MoveLineError(original, who + " is dead and cannot move");
        }
        // The original crashes (IndexError, exit status 1) on a token without a direction.
        if (t.size() < 2)
            throw MoveLineError("Invalid move token '" + escaped_excerpt(t) + "' (no direction)", std::string(1, c) + " has no direction");
        const Actor& a = actors_[i];
        const char d = t[1];
        const bool digit = d >= '1' && d <= '9';
        if (d != '5' && (!digit || !map_.open_at(a.x + digit_dx(d), a.y + digit_dy(d)))) {
            const std::string from = std::to_string(a.x) + "," + std::to_string(a.y);
            throw MoveLineError("Invalid move of " + position_text(a) + " in direction " + escaped_excerpt(std::string(1, d)) +
                                    " onto # or off of the map",
                                digit ? std::string(1, c) + " moves " + d + " from " + from + " onto a wall or off the map"
                                      : std::string(1, c) + " at " + from + " has the direction " + quoted_excerpt(std::string(1, d)) +
                                            ", not a keypad digit 1-9");
        }
        moves[i] = d;
    }
    return moves;
}

std::string State::illegal_reason(const Moves& moves) const {
    if (moves.size() != actors_.size()) return "expected " + std::to_string(actors_.size()) + " directions";
    for (std::size_t i = 0; i < actors_.size(); ++i) {
        const char d = moves[i];
        const Actor& a = actors_[i];
        if (d < '1' || d > '9') return std::string("bad direction '") + d + "' for " + a.name;
        if (d == '5') continue;
        if (!a.alive) return std::string("Invalid move of dead or nonexistent ") + (a.role == Role::Costar ? "costar " : "extra ") + a.name;
        if (!map_.open_at(a.x + digit_dx(d), a.y + digit_dy(d)))
            return "Invalid move of " + position_text(a) + " in direction " + escaped_excerpt(std::string(1, d)) + " onto # or off of the map";
    }
    return "";
}

std::vector<bool> State::doomed(const std::vector<Actor>& actors) {
    std::vector<bool> dies(actors.size(), false);
    for (std::size_t i = 0; i < actors.size(); ++i) {
        const Actor& a = actors[i];
        if (!a.alive || a.role == Role::Star) continue;
        int star_or_costar = 0, extras = 0;
        for (std::size_t j = 0; j < actors.size(); ++j) {
            if (j == i || !actors[j].alive || !sees(a.x, a.y, actors[j].x, actors[j].y)) continue;
            if (actors[j].role == Role::Extra) ++extras; else ++star_or_costar;
        }
        dies[i] = !survives(a.role, star_or_costar, extras);
    }
    return dies;
}

void State::play(const Moves& moves) {
    if (finished()) throw IllegalMove("the search is over");
    const std::string why = illegal_reason(moves);
    if (!why.empty()) throw IllegalMove(why);
    for (std::size_t i = 0; i < actors_.size(); ++i) {
        actors_[i].x += digit_dx(moves[i]);
        actors_[i].y += digit_dy(moves[i]);
    }
    for (const Actor& a : actors_)
        if (a.alive) reveal(a.x, a.y);
    const auto dies = doomed(actors_);
    for (std::size_t i = 0; i < actors_.size(); ++i)
        if (dies[i]) actors_[i].alive = false;
    ++turns_;
}

std::string State::format_line(const Moves& moves) const {
    std::string s;
    for (std::size_t i = 0; i < actors_.size(); ++i) {
        if (!actors_[i].alive) continue;
        if (!s.empty()) s += ' ';
        s += actors_[i].name;
        s += moves[i];
    }
    return s + ".";
}

std::vector<std::string> State::board_rows() const {
    std::vector<std::string> rows(map_.rows, std::string(map_.cols, '#'));
    for (int y = 0; y < map_.rows; ++y)
        for (int x = 0; x < map_.cols; ++x) {
            const int i = map_.index(x, y);
            if (map_.open[i]) rows[y][x] = searched_[i] ? 'o' : '.';
        }
    return rows;
}

std::string State::actors_line() const {
    std::string s;
    for (const Actor& a : actors_) {
        if (!a.alive) continue;
        if (!s.empty()) s += ' ';
        s += std::string(1, a.name) + ":" + std::to_string(a.x) + "," + std::to_string(a.y);
    }
    return s + ".";
}

std::string State::state_block() const {
    std::string s = "Turn " + std::to_string(turns_ + 1) + "\n" + actors_line() + "\n";
    for (const auto& r : board_rows()) s += r + "\n";
    return s + std::string(40, '-') + "\n";
}

std::string State::final_line() const {
    return std::to_string(turns_) + " " + std::to_string(costars_alive()) + " " + std::to_string(extras_alive());
}

}  // namespace pursuit::searchparty
