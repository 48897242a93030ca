// Owns: `pursuit-fuzz-seeds OUT_DIR SOURCE_DIR [SHARED_DIR]`: writes OUT_DIR/<entry>/seed-N
// for every fuzz entry (the starting corpora of scripts/fuzz.sh).
#include <cstdio>
#include <filesystem>
#include <fstream>

#include "entries.h"
#include "seeds.h"

int main(int argc, char** argv) {
    if (argc < 3) {
        std::fputs("usage: pursuit-fuzz-seeds OUT_DIR SOURCE_DIR [SHARED_DIR]\n", stderr);
        return 2;
    }
    namespace fs = std::filesystem;
    const std::string shared = argc > 3 ? argv[3] : std::string(argv[2]) + "/../shared";
    for (const auto& e : pursuit::fuzz::all_entries()) {
        const fs::path dir = fs::path(argv[1]) / e.name;
        fs::create_directories(dir);
        const auto seeds = pursuit::fuzz::seed_inputs(e.name, argv[2], shared);
        for (std::size_t i = 0; i < seeds.size(); ++i)
            std::ofstream(dir / ("seed-" + std::to_string(i)), std::ios::binary) << seeds[i];
        std::printf("%-12s %zu seeds\n", e.name.c_str(), seeds.size());
    }
    return 0;
}
