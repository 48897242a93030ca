// Owns: BankGame (see header).
#include "bank/bank_game.h"

#include "common/config.h"
#include "common/counted.h"
#include "common/errors.h"
#include "common/line_reader.h"
#include "common/options.h"

namespace pursuit::bank {

std::vector<Cell> parse_placement(const Layout& layout, const std::string& line) {
    auto tokens = split_tokens(line);
    if (tokens.size() != kPieces)
        throw IllegalMove("the robbers' start line needs 4 cells separated by spaces, e.g. \"GE GQ MW QH\"; got " + quoted_excerpt(line));
    std::vector<Cell> cells;
    for (int i = 0; i < kPieces; ++i) {
        auto c = layout.parse_cell(tokens[i]);
        if (!c) throw IllegalMove("robber " + std::to_string(i + 1) + ": '" + tokens[i] + "' is not a cell name (row letter, column letter)");
        cells.push_back(*c);
    }
    return cells;
}

namespace {

Layout layout_from_config(const Json& config) {
    if (!config.contains("layout") || config["layout"].is_null()) return default_layout();
    if (!config["layout"].is_string()) throw InputError("config.layout: expected the layout file text as a string");
    return Layout::parse(config["layout"].get<std::string>(), "config.layout");
}

int limit_from_config(const Json& config) {
    if (!config.contains("moves")) return 150;
    if (!config["moves"].is_number_integer() || config["moves"].get<long long>() < 1 || config["moves"].get<long long>() > 10000)
        throw InputError("config.moves: expected the move limit per player, an integer 1..10000 (the contest uses 150..400)");
    return config["moves"].get<int>();
}

Json piece_json(const Position& pos, int side, int i) {
    const Piece& p = pos.pieces(side)[i];
    Json j{{"n", i + 1}, {"coord", pos.coordinate(side, i)}, {"cell", pos.layout().name(p.cell)},
           {"riding", p.riding()}, {"caught", p.caught}};
    if (p.riding()) {
        j["lift"] = p.lift;
        j["target_floor"] = p.target_floor + 1;
    }
    return j;
}

}  // namespace

Json layout_json(const Layout& L) {
    Json rows = Json::array();
    for (int r = L.rows() - 1; r >= 0; --r) {
        std::string row;
        for (int c = 0; c < L.cols(); ++c) row += L.kind(Cell{r, c});
        rows.push_back(row);
    }
    std::string row_letters;
    for (int r = 0; r < L.rows(); ++r) row_letters += L.row_letter(r);
    std::string col_letters;
    for (int c = 0; c < L.cols(); ++c) col_letters += L.col_letter(c);
    Json lifts = Json::array(), floors = Json::array();
    for (const Lift& lf : L.lifts()) lifts.push_back(Json{{"col", lf.col}, {"lo_floor", lf.lo_floor + 1}, {"hi_floor", lf.hi_floor + 1}});
    for (int f = 0; f < L.floors(); ++f) floors.push_back(L.floor_row(f));
    return Json{{"name", L.name()}, {"rows", L.rows()}, {"cols", L.cols()}, {"grid_top_first", rows},
                {"row_letters", row_letters}, {"col_letters", col_letters}, {"lifts", lifts}, {"floor_rows", floors}};
}

Json result_json(const Position& pos) {
    Json captures = Json::array();
    for (const Capture& c : pos.captures())
        captures.push_back(Json{{"robber", c.robber + 1}, {"by", side_name(c.side)}, {"move", c.move}, {"cell", pos.layout().name(c.cell)}});
    const int caught = pos.caught_count();
    Json j{{"over", pos.over()}, {"caught", caught}, {"captures", captures},
           {"moves", Json::array({pos.moves_made(kGuards), pos.moves_made(kRobbers)})}, {"move_limit", pos.move_limit()}};
    if (!pos.over()) {
        j["summary"] = pos.placed() ? "Playing: move " + std::to_string(pos.moves_made(kGuards) + (pos.to_move() == kGuards)) + " of " +
                                          std::to_string(pos.move_limit()) + ", " + std::to_string(caught) + " of 4 robbers caught"
                                    : "Waiting for the robbers to hide";
        j["winner"] = nullptr;
        return j;
    }
    j["winner"] = pos.guards_won() ? "guards" : "robbers";
    j["summary"] = pos.guards_won() ? "Guards win: all four robbers caught by move " + std::to_string(pos.moves_made(kGuards))
                                    : "Robbers win: " + std::to_string(kPieces - caught) + " of 4 free after " +
                                          counted(pos.move_limit(), "move", "moves") + " each (" + std::to_string(caught) + " caught)";
    return j;
}

BankGame::BankGame(const Json& config) : Game(config) {
    layout_ = std::make_unique<Layout>(layout_from_config(config));
    position_ = std::make_unique<Position>(*layout_, limit_from_config(config));
    belief_ = std::make_unique<Belief>(*layout_);
    seed_ = config.contains("seed") ? config_seed(config) : 0;  // (bank's default seed is 0)
}

void BankGame::apply_move(const Json& move) {
    if (!move.is_string()) throw IllegalMove("a Bank move is a string: four start cells \"GE GQ MW QH\" or four commands \"LRUS\"; got " + move.dump());
    const std::string m = move.get<std::string>();
    Position& pos = *position_;
    if (!pos.placed()) {
        pos.place(parse_placement(*layout_, m));
        belief_->start(pos.pieces(kGuards), pos.line_for(kGuards));
        return;
    }
    const int side = pos.to_move();
    if (side == kGuards) {
        const auto before = pos.pieces(kGuards);
        const std::string lifts_before = pos.lift_states();
        pos.play(kGuards, m);
        belief_->after_guard_move(pos.pieces(kGuards), lifts_after_guard_move(*layout_, lifts_before, before, pos.pieces(kGuards)));
    } else {
        pos.play(kRobbers, m);
        belief_->after_robber_move(pos.pieces(kGuards), pos.line_for(kGuards));
    }
}

Json BankGame::observation_of(int side) const {
    const Position& pos = *position_;
    const Layout& L = *layout_;
    Json guards = Json::array(), robbers = Json::array(), lifts = Json::array();
    for (int i = 0; i < kPieces; ++i) guards.push_back(piece_json(pos, kGuards, i));
    for (std::size_t l = 0; l < L.lifts().size(); ++l)
        lifts.push_back(Json{{"col", L.col_letter(L.lifts()[l].col)}, {"free", pos.lift_free(static_cast<int>(l))}});
    Json j{{"side", side}, {"layout", layout_json(L)}, {"to_move", pos.to_move()}, {"placed", pos.placed()},
           {"moves_made", Json::array({pos.moves_made(kGuards), pos.moves_made(kRobbers)})}, {"move_limit", pos.move_limit()},
           {"guards", guards}, {"lifts", lifts}, {"lift_states", pos.lift_states()}};
    if (side == kGuards) {
        j["line"] = pos.placed() ? pos.line_for(kGuards) : "";
        auto tokens = split_tokens(j["line"].get<std::string>());
        Json possible = Json::array();
        for (int i = 0; i < kPieces; ++i) {
            Json r{{"n", i + 1}, {"coord", tokens.empty() ? "??" : tokens[i]}};
            r["caught"] = r["coord"] == "##";
            r["seen"] = r["coord"] != "##" && r["coord"] != "??";
            robbers.push_back(r);
            Json cells = Json::array(), rides = Json::array();
            if (pos.placed()) {
                for (int s : belief_->cells_of(i)) cells.push_back(L.name(L.cell(s)));
                for (int s : belief_->rides_of(i)) {
                    const StateSpace& S = belief_->space();
                    rides.push_back(Json{{"lift", S.ride_lift(s)}, {"coord", std::string{L.row_letter(S.ride_row(s)), L.col_letter(L.lifts()[S.ride_lift(s)].col)}},
                                         {"target_floor", S.ride_target(s) + 1}});
                }
            }
            possible.push_back(Json{{"cells", cells}, {"rides", rides}});
        }
        j["possible"] = possible;
    } else {
        if (side == kRobbers) j["line"] = pos.line_for(kRobbers);
        for (int i = 0; i < kPieces; ++i) robbers.push_back(piece_json(pos, kRobbers, i));
        if (pos.placed())
            for (int i = 0; i < kPieces; ++i) robbers[i]["seen"] = pos.pieces(kRobbers)[i].on_board() && pos.guard_sees(pos.pieces(kRobbers)[i].cell);
    }
    j["robbers"] = robbers;
    j["result"] = result_json(pos);
    return j;
}

Json BankGame::legal_moves_of(int side) const {
    const Position& pos = *position_;
    if (pos.over() || side != pos.to_move()) return Json::object();
    if (!pos.placed()) {
        Json cells = Json::array();
        for (int id : layout_->walkable_cells()) {
            Cell c = layout_->cell(id);
            bool guard = false;
            for (const Piece& g : pos.pieces(kGuards)) guard |= g.cell == c;
            if (!guard) cells.push_back(layout_->name(c));
        }
        return Json{{"placement", cells}};
    }
    Json pieces = Json::array();
    for (int i = 0; i < kPieces; ++i) {
        Json cmds = Json::array();
        for (char c : pos.piece_commands(side, i)) cmds.push_back(std::string(1, c));
        pieces.push_back(cmds);
    }
    return Json{{"pieces", pieces}};
}

Json BankGame::result() const { return result_json(*position_); }

Json BankGame::suggest_move(const Json& options) {
    const Position& pos = *position_;
    if (pos.over()) throw IllegalMove("the game is over");
    // The levels, and the strategies' own names (parse_level).
    check_options(options, "Bank",
                  {choice_option("level", {"easy", "medium", "hard", "best", "random", "greedy", "strong"}), seed_option()});
    const Level level = parse_level(options.value("level", std::string("best")));
    Rng rng(options.value("seed", seed_ + 1000003ULL * moves().size()));
    if (!pos.placed()) {
        std::string line;
        for (Cell c : robber_placement(*layout_, level, rng)) line += (line.empty() ? "" : " ") + layout_->name(c);
        return line;
    }
    if (!distances_) distances_ = std::make_unique<Distances>(belief_->space());
    const int side = pos.to_move();
    // Each bot sees only its side's knowledge: a view position with the other side hidden.
    Position view(*layout_, pos.move_limit());
    if (side == kGuards) {
        view.set_view(pos.pieces(kGuards), hidden_robbers(), pos.lift_states(), pos.moves_made(kGuards), pos.moves_made(kRobbers));
        return guard_move(view, *belief_, *distances_, level, rng);
    }
    std::array<Piece, kPieces> guards = pos.pieces(kGuards);
    for (Piece& g : guards) g = as_robbers_see(*layout_, g);
    view.set_view(guards, pos.pieces(kRobbers), pos.lift_states(), pos.moves_made(kGuards), pos.moves_made(kRobbers));
    return robber_move(view, *distances_, level, rng);
}

}  // namespace pursuit::bank
