// Owns: `searchparty-mapgen`, the map generator's command line: one map on stdout, or the
// project's built-in set written to a directory (maps/searchparty/).
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string>

#include "common/judge_io.h"
#include "searchparty/generator.h"

static int run(int argc, char** argv) {
    using namespace pursuit::searchparty;
    try {
        if (argc == 3 && std::string(argv[1]) == "--set") {
            for (const GenerateSpec& spec : generated_set()) {
                const std::string name = std::string(argv[2]) + "/" + set_map_name(spec) + ".txt";
                pursuit::write_file(name, generate_map(spec).to_text());
                std::cout << name << "\n";
            }
            return 0;
        }
        const char* usage = "usage: searchparty-mapgen KIND COLS ROWS COSTARS EXTRAS SEED   (KIND: maze cave rooms open; map on stdout)\n"
                            "       searchparty-mapgen --set DIR   writes the built-in set of maps into DIR\n";
        if (argc == 2 && (std::string(argv[1]) == "--help" || std::string(argv[1]) == "-h")) {
            std::fputs(usage, stdout);
            return 0;
        }
        if (argc != 7) {  // named before the usage (an unknown option was the usage alone)
            const std::string first = argc > 1 ? argv[1] : "";
            if (first == "--set") std::fputs("searchparty-mapgen: option --set takes one DIR\n", stderr);
            else if (first.rfind("-", 0) == 0) std::fprintf(stderr, "searchparty-mapgen: unknown option %s\n", first.c_str());
            else if (argc > 1) std::fprintf(stderr, "searchparty-mapgen: expected 6 arguments (KIND COLS ROWS COSTARS EXTRAS SEED), got %d\n", argc - 1);
            std::fputs(usage, stderr);
            return 2;
        }
        // Whole numbers only ("abc" was 0 by atoi and then reported as a bad size).
        using pursuit::option_int;
        GenerateSpec spec{argv[1], static_cast<int>(option_int("COLS", argv[2], 1, 256)), static_cast<int>(option_int("ROWS", argv[3], 1, 256)),
                          static_cast<int>(option_int("COSTARS", argv[4], 0, 26)), static_cast<int>(option_int("EXTRAS", argv[5], 0, 26)),
                          pursuit::option_seed("SEED", argv[6])};
        std::string map;
        try {
            map = generate_map(spec).to_text();
        } catch (const pursuit::InputError& e) {  // a kind or size it cannot make: all from the command line
            throw pursuit::UsageError(e.what());
        }
        std::cout << map;
        return 0;
    } catch (const pursuit::UsageError& e) {  // a bad option (status 2), as against bad input (1)
        std::cerr << "searchparty-mapgen: " << e.what() << "\n";
        return 2;
    } catch (const std::exception& e) {
        std::cerr << "searchparty-mapgen: " << e.what() << "\n";
        return 1;
    }
}

// A failed write of the standard output (a full disk) is an error, not status 0.
int main(int argc, char** argv) { return pursuit::exit_after_stdout("searchparty-mapgen", run(argc, argv)); }
