// Owns: `copsrobbers-maps`, the map generator: writes the map suite (or named maps) as map
// files with their drawing layout, so anyone can regenerate maps/copsrobbers/.
#include <cstdio>
#include <string>
#include <vector>

#include "common/judge_io.h"
#include "copsrobbers/maps.h"

static int run_main(int argc, char** argv) {
    using namespace pursuit::copsrobbers;
    std::string out = "maps/copsrobbers";
    std::vector<std::string> names;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--out" && i + 1 < argc) out = argv[++i];
        else if (a == "--help" || a == "-h") {
            std::puts("usage: copsrobbers-maps [--out DIR] [NAME...]\n"
                      "  Writes DIR/<name>.txt (DIR default: maps/copsrobbers, from the current folder) for every\n"
                      "  name (default: the whole suite). Names: cycle-<n>,\n"
                      "  grid-<w>x<h>, tree-<n>-s<seed>, city-<n>-s<seed>, sparse-<n>-s<seed>, petersen,\n"
                      "  dodecahedron, example7. Format: N M, M streets, then \"layout\" and N lines \"x y\".");
            return 0;
        } else if (!a.empty() && a[0] == '-') {  // was taken for a map name ("unknown map name '--bogus'")
            std::fprintf(stderr, "copsrobbers-maps: %s (see --help)\n",
                         a == "--out" ? "option --out needs a value" : ("unknown option " + a).c_str());
            return 2;
        } else names.push_back(a);
    }
    if (names.empty()) names = map_suite();
    try {
        for (const auto& name : names) {  // every name checked before the first file is written
            try {
                named_map(name);
            } catch (const pursuit::InputError& e) {  // a name is part of the command line: status 2
                throw pursuit::UsageError(e.what());
            }
        }
        for (const auto& name : names) {
            City c = named_map(name);
            pursuit::write_file(out + "/" + name + ".txt", format_city(c, true));
            std::printf("%-14s N=%3d M=%3d -> %s/%s.txt\n", name.c_str(), c.n(), c.m(), out.c_str(), name.c_str());
        }
    } catch (const pursuit::UsageError& e) {  // a bad option (status 2), as against bad input (1)
        std::fprintf(stderr, "copsrobbers-maps: %s\n", e.what());
        return 2;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "copsrobbers-maps: %s\n", e.what());
        return 1;
    }
    return 0;
}

// A failed write of the standard output (a full disk) is an error, not status 0.
int main(int argc, char** argv) { return pursuit::exit_after_stdout("copsrobbers-maps", run_main(argc, argv)); }
