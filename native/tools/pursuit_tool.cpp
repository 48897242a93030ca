// Owns: `pursuit-tool`, the native face of the uniform game interface:
//   pursuit-tool games                      list the games built in
//   pursuit-tool fingerprint                hash of the fixed seeded replay suite (same as wasm)
//   pursuit-tool play CONFIG_JSON           play bot vs bot, print the replay JSON
//   pursuit-tool check-replay FILE          rebuild a replay (FILE '-': standard input), print its
//                                           result, compare it with the result the replay records
//   pursuit-tool tool GAME NAME [ARGS_JSON] run a game's tool (e.g. robots judge)
#include <cstdio>
#include <string>
#include <utility>

#include "common/errors.h"
#include "common/fingerprint.h"
#include "common/game.h"
#include "common/judge_io.h"

using pursuit::Json;

namespace {

int usage(int code = 2) {
    std::fputs("usage: pursuit-tool games | fingerprint | play CONFIG_JSON | check-replay FILE |\n"
               "                    tool GAME NAME [ARGS_JSON]\n",
               code ? stderr : stdout);
    return code;
}

// JSON text given on the command line or read from a file; a syntax error or nesting deeper than
// any game uses (60000 levels died with SIGSEGV) names which.
Json parse_json(const std::string& text, const std::string& what) { return pursuit::parse_json_text(text, what); }

// The result a replay records (a judge's, or the site's Save) against the one its moves give:
// 0 when every field both have agrees, 1 naming the fields that do not (a replay cut short, a
// winner edited). A forfeit is recorded, not rebuilt (the moves stop before the bad line, the
// judges mark it "forfeit"): it is said on stderr, and the moves before it were checked.
int check_recorded_result(const std::string& file, const Json& replay, const Json& rebuilt) {
    if (!replay.contains("result") || !replay["result"].is_object()) return 0;
    const Json& recorded = replay["result"];
    const auto forfeit = recorded.find("forfeit");
    if (forfeit != recorded.end() && !forfeit->is_null() && *forfeit != false) {
        // Not rebuilt, but it must not contradict itself: a winner edited to the side that forfeited
        // (copsrobbers' loser, bank's forfeit.side) passed.
        const Json winner = recorded.value("winner", Json());
        const Json forfeited = recorded.contains("loser") ? recorded["loser"]
                               : forfeit->is_object()     ? forfeit->value("side", Json())
                                                          : Json();
        if (winner.is_string() && winner == forfeited && winner != "none" && winner != "both") {
            std::fprintf(stderr, "pursuit-tool: %s: the recorded forfeit contradicts itself: the winner, %s, is the side that forfeited\n",
                         file.c_str(), pursuit::json_text(winner).c_str());
            return 1;
        }
        std::fprintf(stderr, "pursuit-tool: %s: the game ended by a forfeit, recorded, not rebuilt from the moves: %s\n",
                     file.c_str(), recorded.value("summary", std::string("(no summary)")).c_str());
        return 0;
    }
    std::string differences;
    for (const auto& [key, value] : recorded.items())
        if (rebuilt.contains(key) && rebuilt[key] != value)
            differences += "\n  " + key + ": recorded " + pursuit::json_text(value) + ", the moves give " + pursuit::json_text(rebuilt[key]);
    if (differences.empty()) return 0;
    std::fprintf(stderr, "pursuit-tool: %s: the result the replay records is not the one its moves give:%s\n", file.c_str(),
                 differences.c_str());
    return 1;
}

int run(int argc, char** argv) {
    if (argc < 2) return usage();
    const std::string cmd = argv[1];
    if (cmd == "--help" || cmd == "-h") return usage(0);
    if (cmd == "games" && argc == 2) {
        for (const auto& g : pursuit::all_games()) std::printf("%s\t%s\t%d side(s)\n", g.id.c_str(), g.title.c_str(), g.sides);
        return 0;
    }
    if (cmd == "fingerprint" && argc == 2) {
        std::puts(pursuit::json_text(pursuit::suite_fingerprint()).c_str());
        return 0;
    }
    if (cmd == "play" && argc == 3) {
        std::puts(pursuit::json_text(pursuit::play_bot_game(parse_json(argv[2], "CONFIG_JSON"))).c_str());
        return 0;
    }
    if (cmd == "check-replay" && argc == 3) {
        const bool from_stdin = std::string(argv[2]) == "-";  // (a replay piped in)
        const Json replay = parse_json(from_stdin ? pursuit::read_stdin() : pursuit::read_file(argv[2]), from_stdin ? "standard input" : argv[2]);
        const Json rebuilt = pursuit::game_from_replay(replay)->result();
        std::puts(pursuit::json_text(rebuilt).c_str());
        return check_recorded_result(argv[2], replay, rebuilt);
    }
    if (cmd == "tool" && (argc == 4 || argc == 5)) {
        Json args = argc == 5 ? parse_json(argv[4], "ARGS_JSON") : Json::object();
        std::puts(pursuit::json_text(pursuit::run_tool(argv[2], argv[3], args)).c_str());
        return 0;
    }
    // Say what was wrong before the usage (it was the usage alone).
    const std::pair<const char*, const char*> forms[] = {{"games", "no arguments"}, {"fingerprint", "no arguments"},
                                                         {"play", "one argument, CONFIG_JSON"}, {"check-replay", "one argument, FILE"},
                                                         {"tool", "GAME NAME [ARGS_JSON]"}};
    bool known = false;
    for (const auto& [name, takes] : forms)
        if (cmd == name) known = true, std::fprintf(stderr, "pursuit-tool: %s takes %s\n", name, takes);
    if (!known) std::fprintf(stderr, "pursuit-tool: unknown command '%s'\n", cmd.c_str());
    return usage();
}

}  // namespace

static int run_main(int argc, char** argv) {
    try {
        return run(argc, argv);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "pursuit-tool: %s\n", e.what());
        return 1;
    }
}

// A failed write of the standard output (a full disk) is an error, not status 0.
int main(int argc, char** argv) { return pursuit::exit_after_stdout("pursuit-tool", run_main(argc, argv)); }
