// Owns: the `bank-bot` program — one Bank player for both sides speaking the judge protocol:
// reads L and its side (0 guards, 1 robbers), robbers write their start cells, then one
// reply line per judge line. Exits when the game is over for it (last capture made or
// seen, L moves made, or end of input).
#include <cstdio>
#include <cstring>
#include <iostream>
#include <string>

#include "bank/line_player.h"
#include "common/errors.h"
#include "common/judge_io.h"
#include "common/line_reader.h"

namespace {

int usage(int code) {
    std::fputs("usage: bank-bot [--level random|greedy|hard|strong] [--seed S] [--layout FILE]\n"
               "  Plays Bank Heist on stdin/stdout: reads L, then 0 (guards) or 1 (robbers).\n"
               "  --level   strong (default; also best), hard (strong with ~30 % greedy moves),\n"
               "            greedy or random (reference bots; also medium, easy)\n"
               "  --seed    seed of its random choices (default 1)\n"
               "  --layout  the building's layout file (default: the spec layout)\n",
               code ? stderr : stdout);
    return code;
}

bool read_line(std::string& line) {
    if (!std::getline(std::cin, line)) return false;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    return true;
}

}  // namespace

int main(int argc, char** argv) {
    using namespace pursuit;
    using namespace pursuit::bank;
    std::string level_name = "strong", layout_path;
    unsigned long long seed = 1;
    for (int i = 1; i < argc; ++i) {
        std::string a = argv[i];
        if (a == "--help" || a == "-h") return usage(0);
        if (a == "--level" && i + 1 < argc) level_name = argv[++i];
        else if (a == "--seed" && i + 1 < argc) {
            try {
                seed = option_seed(a, argv[++i]);
            } catch (const std::exception& e) {
                std::fprintf(stderr, "bank-bot: %s\n", e.what());
                return 2;
            }
        }
        else if (a == "--layout" && i + 1 < argc) layout_path = argv[++i];
        else {  // said which (the usage alone left it to guess)
            const bool takes_value = a == "--level" || a == "--seed" || a == "--layout";
            std::fprintf(stderr, "bank-bot: %s\n", (takes_value ? "option " + a + " needs a value" : "unknown option " + a).c_str());
            return usage(2);
        }
    }
    Level level = Level::Strong;
    try {  // a bad level is a bad command line (exit 2, the option named), as for the other bots
        level = parse_level(level_name);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "bank-bot: option --level: %s\n", e.what());
        return 2;
    }
    try {
        Layout layout = layout_path.empty() ? default_layout() : Layout::parse(read_file(layout_path), layout_path);
        std::string line;
        if (!read_line(line)) return 0;
        long long limit = 0, side = -1;
        if (!parse_int(split_tokens(line).empty() ? "" : split_tokens(line)[0], limit) || limit < 1)
            throw InputError("first line: expected the move limit, got '" + line + "'");
        if (!read_line(line)) return 0;
        if (!parse_int(split_tokens(line).empty() ? "" : split_tokens(line)[0], side) || (side != 0 && side != 1))
            throw InputError("second line: expected 0 (guards) or 1 (robbers), got '" + line + "'");
        LinePlayer player(layout, static_cast<int>(limit), static_cast<int>(side), level, seed * 2 + side);
        const std::string start = player.start();
        if (!start.empty()) std::cout << start << std::endl;
        while (!player.done() && read_line(line)) {
            auto reply = player.reply(line);
            if (!reply) break;
            std::cout << *reply << std::endl;
        }
    } catch (const std::exception& e) {
        std::fprintf(stderr, "bank-bot: %s\n", e.what());
        return 1;
    }
    return 0;
}
