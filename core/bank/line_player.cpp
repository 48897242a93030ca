// Owns: LinePlayer (see header).
#include "bank/line_player.h"

#include "common/errors.h"
#include "common/line_reader.h"

namespace pursuit::bank {

LinePlayer::LinePlayer(const Layout& layout, int limit, int side, Level level, std::uint64_t seed)
    : layout_(layout), limit_(limit), side_(side), level_(level), rng_(seed), space_(layout), dist_(space_), belief_(layout) {
    for (int i = 0; i < kPieces; ++i) guards_[i].cell = layout.guard_starts()[i];
}

std::string LinePlayer::start() {
    if (side_ == kGuards) return "";
    std::string line;
    auto cells = robber_placement(layout_, level_, rng_);
    for (int i = 0; i < kPieces; ++i) {
        robbers_[i].cell = cells[i];
        line += (i ? " " : "") + layout_.name(cells[i]);
    }
    return line;
}

std::optional<std::string> LinePlayer::reply(const std::string& line) {
    if (done_) return std::nullopt;
    return side_ == kGuards ? guards_reply(line) : robbers_reply(line);
}

namespace {
std::vector<std::string> checked_tokens(const Layout& L, const std::string& line) {
    auto tokens = split_tokens(line);
    if (tokens.size() != kPieces + 1 || tokens[kPieces].size() != L.lifts().size())
        throw InputError("judge line '" + line + "': expected 4 pieces and " + std::to_string(L.lifts().size()) + " lift states");
    return tokens;
}
}  // namespace

std::optional<std::string> LinePlayer::guards_reply(const std::string& line) {
    auto tokens = checked_tokens(layout_, line);
    if (first_) belief_.start(guards_, line);
    else belief_.after_robber_move(guards_, line);
    first_ = false;
    int caught = 0;
    for (int r = 0; r < kPieces; ++r) caught += belief_.caught(r);
    if (caught == kPieces) return std::nullopt;
    Position view(layout_, limit_);
    view.set_view(guards_, hidden_robbers(), tokens[kPieces], made_, made_);
    const std::string cmds = guard_move(view, belief_, dist_, level_, rng_);
    std::vector<Cell> seen_at;  // robbers in sight stand still during the guards' move
    for (int r = 0; r < kPieces; ++r)
        if (belief_.seen(r)) seen_at.push_back(layout_.cell(belief_.cells_of(r)[0]));
    const auto before = guards_;
    view.play(kGuards, cmds);
    guards_ = view.pieces(kGuards);
    belief_.after_guard_move(guards_, lifts_after_guard_move(layout_, tokens[kPieces], before, guards_));
    ++made_;
    // Robbers seen at a cell a guard now stands on are caught by this move.
    for (Cell at : seen_at)
        for (const Piece& g : guards_)
            if (g.on_board() && g.cell == at) { ++caught; break; }
    done_ = caught == kPieces || made_ >= limit_;
    return cmds;
}

void LinePlayer::read_guards(const std::vector<std::string>& tokens, const std::string& lifts, const std::string& line) {
    for (int i = 0; i < kPieces; ++i) {
        auto cell = layout_.parse_cell(tokens[i]);
        if (!cell) throw InputError("judge line '" + line + "': bad guard cell '" + tokens[i] + "'");
        Piece prev = guards_[i], g;
        const int lift = [&] {
            for (std::size_t l = 0; l < layout_.lifts().size(); ++l)
                if (layout_.lifts()[l].col == cell->c) return static_cast<int>(l);
            return -1;
        }();
        const bool off_floor = layout_.floor_of_row(cell->r) < 0;
        // In a lift column: between floors it rides; on a floor row it rides on only if it
        // rode before and that lift is still busy (an arrival frees the lift at once).
        const bool riding = lift >= 0 && (off_floor || (prev.riding() && prev.lift == lift && lifts[lift] == 'B'));
        if (riding) {
            const int from = prev.riding() ? prev.car_row : prev.cell.r;
            g.lift = lift;
            g.car_row = cell->r;
            g.cell = prev.cell;
            const int dir = cell->r > from ? 1 : -1;
            // Direction known: aim at the next floor that way (what robbers can infer).
            Piece probe = g;
            probe.target_floor = dir > 0 ? layout_.floors() - 1 : 0;
            g = as_robbers_see(layout_, probe);
        } else {
            g.cell = *cell;
        }
        guards_[i] = g;
    }
}

std::optional<std::string> LinePlayer::robbers_reply(const std::string& line) {
    auto tokens = checked_tokens(layout_, line);
    read_guards(tokens, tokens[kPieces], line);
    for (Piece& r : robbers_)
        for (const Piece& g : guards_)
            if (r.on_board() && g.on_board() && g.cell == r.cell) r.caught = true;
    int caught = 0;
    for (const Piece& r : robbers_) caught += r.caught;
    if (caught == kPieces) return std::nullopt;
    Position view(layout_, limit_);
    view.set_view(guards_, robbers_, tokens[kPieces], made_ + 1, made_);
    const std::string cmds = robber_move(view, dist_, level_, rng_);
    view.play(kRobbers, cmds);
    robbers_ = view.pieces(kRobbers);
    ++made_;
    done_ = view.caught_count() == kPieces || made_ >= limit_;
    return cmds;
}

}  // namespace pursuit::bank
