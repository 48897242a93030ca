// Owns: State (see header).
#include "fugitive/rules.h"

#include <algorithm>

#include "common/errors.h"

namespace pursuit::fugitive {

std::string move_text(const FugitiveMove& m) { return std::string(1, m.transport) + " " + std::to_string(m.city); }

std::string detectives_text(const Detectives& d) {
    std::string s;
    for (int i = 0; i < kPieces; ++i) s += (i ? " " : "") + std::to_string(d[i]);
    return s;
}

State::State(std::shared_ptr<const Map> map) : map_(std::move(map)) {}

int State::to_move() const {
    switch (phase_) {
        case Phase::PlaceDetectives:
        case Phase::DetectivesMove: return kDetectives;
        case Phase::PlaceFugitive:
        case Phase::FugitiveMove: return kFugitive;
        case Phase::Over: return -1;
    }
    return -1;
}

void State::require_phase(Phase p, const char* what) const {
    if (phase_ == p) return;
    if (phase_ == Phase::Over) throw IllegalMove(std::string(what) + ": the game is over");
    throw IllegalMove(std::string(what) + ": not expected now (it is the " +
                      (to_move() == kFugitive ? "Fugitive" : "Detectives") + "' move)");
}

bool State::occupied_by_detective(int city) const {
    return std::find(detectives_.begin(), detectives_.end(), city) != detectives_.end();
}

std::string State::why_illegal_detectives_placement(const Detectives& d) const {
    const int n = map_->size();
    for (int i = 0; i < kPieces; ++i) {
        if (d[i] < 1 || d[i] > n)
            return "Detective " + std::to_string(i + 1) + ": city " + std::to_string(d[i]) + " out of range 1.." + std::to_string(n);
        for (int j = 0; j < i; ++j)
            if (d[j] == d[i])
                return "Detectives " + std::to_string(j + 1) + " and " + std::to_string(i + 1) + " both start on city " + std::to_string(d[i]);
    }
    return "";
}

std::string State::why_illegal_fugitive_placement(int city) const {
    if (city < 1 || city > map_->size()) return "city " + std::to_string(city) + " out of range 1.." + std::to_string(map_->size());
    if (occupied_by_detective(city)) return "city " + std::to_string(city) + " holds a Detective";
    return "";
}

std::string State::why_illegal_fugitive_move(const FugitiveMove& m) const {
    if (transport_index(m.transport) < 0) return std::string("unknown transport '") + m.transport + "' (expected C, T or P)";
    if (m.city < 1 || m.city > map_->size()) return "city " + std::to_string(m.city) + " out of range 1.." + std::to_string(map_->size());
    if (!map_->has_road(m.transport, fugitive_, m.city))
        return std::string("no ") + m.transport + " road from " + std::to_string(fugitive_) + " to " + std::to_string(m.city);
    return "";
}

std::string State::why_illegal_detectives_move(const Detectives& d) const {
    for (int i = 0; i < kPieces; ++i) {
        const int from = detectives_[i];
        const auto& adj = map_->neighbours(from);
        if (!std::binary_search(adj.begin(), adj.end(), d[i]))
            return "Detective " + std::to_string(i + 1) + ": no road from " + std::to_string(from) + " to " + std::to_string(d[i]);
        for (int j = 0; j < i; ++j)
            if (d[j] == d[i])
                return "Detectives " + std::to_string(j + 1) + " and " + std::to_string(i + 1) + " both end on city " + std::to_string(d[i]);
    }
    return "";
}

void State::place_detectives(const Detectives& d) {
    require_phase(Phase::PlaceDetectives, "Detectives' placement");
    const std::string why = why_illegal_detectives_placement(d);
    if (!why.empty()) throw IllegalMove("illegal placement: " + why);
    detectives_ = placement_ = d;
    phase_ = Phase::PlaceFugitive;
}

void State::place_fugitive(int city) {
    require_phase(Phase::PlaceFugitive, "Fugitive's placement");
    const std::string why = why_illegal_fugitive_placement(city);
    if (!why.empty()) throw IllegalMove("illegal placement: " + why);
    fugitive_ = start_city_ = city;
    turn_ = 1;
    phase_ = Phase::FugitiveMove;
}

void State::move_fugitive(const FugitiveMove& m) {
    require_phase(Phase::FugitiveMove, "Fugitive's move");
    const std::string why = why_illegal_fugitive_move(m);
    if (!why.empty()) throw IllegalMove("illegal Fugitive move " + move_text(m) + " on turn " + std::to_string(turn_) + ": " + why);
    fugitive_ = m.city;
    TurnRecord rec;
    rec.turn = turn_;
    rec.fugitive = m;
    history_.push_back(rec);
    if (occupied_by_detective(m.city)) {
        capture_turn_ = turn_;
        end(Ending::CapturedByFugitiveMove, "the Fugitive walked onto a Detective at city " + std::to_string(m.city) + " on turn " + std::to_string(turn_));
        return;
    }
    start_detectives_turn();
}

void State::start_detectives_turn() {
    phase_ = Phase::DetectivesMove;
    // Decision of the contract: no legal joint move = an illegal move by the Detectives.
    if (!joint_move_exists(detectives_))
        forfeit(kDetectives, "the Detectives have no legal joint move on turn " + std::to_string(turn_));
}

void State::move_detectives(const Detectives& d) {
    require_phase(Phase::DetectivesMove, "Detectives' move");
    const std::string why = why_illegal_detectives_move(d);
    if (!why.empty()) throw IllegalMove("illegal Detectives' move " + detectives_text(d) + " on turn " + std::to_string(turn_) + ": " + why);
    detectives_ = d;
    history_.back().detectives_moved = true;
    history_.back().detectives = d;
    if (occupied_by_detective(fugitive_)) {
        capture_turn_ = turn_;
        int who = 0;
        for (int i = 0; i < kPieces; ++i)
            if (d[i] == fugitive_) who = i + 1;
        end(Ending::CapturedByDetectivesMove, "Detective " + std::to_string(who) + " caught the Fugitive at city " + std::to_string(fugitive_) + " on turn " + std::to_string(turn_));
        return;
    }
    if (turn_ == kTurns) {
        end(Ending::Escaped, "the Fugitive escaped: not caught after turn " + std::to_string(kTurns));
        return;
    }
    ++turn_;
    phase_ = Phase::FugitiveMove;
}

void State::forfeit(int side, const std::string& reason) {
    if (phase_ == Phase::Over) return;
    forfeit_side_ = side;
    end(Ending::Forfeit, reason);
}

void State::end(Ending e, const std::string& reason) {
    ending_ = e;
    end_reason_ = reason;
    phase_ = Phase::Over;
}

int State::announcements_used() const {
    int completed = 0;  // announcement turns whose Fugitive move completed without capture
    for (const TurnRecord& r : history_)
        if (is_announcement_turn(r.turn) && !(ending_ == Ending::CapturedByFugitiveMove && r.turn == capture_turn_)) ++completed;
    return completed;
}

std::array<int, 2> State::score() const {
    switch (ending_) {
        case Ending::Forfeit:
            if (forfeit_side_ == kBothSides) return {0, 0};
            return forfeit_side_ == kFugitive ? std::array<int, 2>{0, 20} : std::array<int, 2>{20, 0};
        case Ending::CapturedByFugitiveMove:
        case Ending::CapturedByDetectivesMove: {
            const int detectives = 10 + (kTurns / kRoundLength - announcements_used());
            return {20 - detectives, detectives};
        }
        case Ending::Escaped:
        case Ending::None: return {20, 0};
    }
    return {20, 0};
}

std::vector<FugitiveMove> State::fugitive_moves() const {
    std::vector<FugitiveMove> out;
    if (phase_ != Phase::FugitiveMove) return out;
    for (int w : map_->neighbours(fugitive_))
        for (int t = 0; t < kTransports; ++t)
            if (map_->has_road(kTransportLetters[t], fugitive_, w)) out.push_back({kTransportLetters[t], w});
    return out;
}

namespace {
bool assign(const Map& map, const Detectives& from, int piece, std::array<int, kPieces>& used) {
    if (piece == kPieces) return true;
    for (int w : map.neighbours(from[piece])) {
        if (std::find(used.begin(), used.begin() + piece, w) != used.begin() + piece) continue;
        used[piece] = w;
        if (assign(map, from, piece + 1, used)) return true;
    }
    return false;
}
}  // namespace

bool State::joint_move_exists(const Detectives& from) const {
    std::array<int, kPieces> used{};
    return assign(*map_, from, 0, used);
}

}  // namespace pursuit::fugitive
