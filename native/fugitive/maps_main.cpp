// Owns: the `fugitive-maps` program: generate valid random maps, validate map files,
// and (re)write the example set of maps/fugitive/.
//   fugitive-maps generate --cities N [--seed S] [--out FILE]   (stdout without --out)
//   fugitive-maps validate FILE...        (exit 1 if any file has a problem)
//   fugitive-maps examples DIR            (generated-<n>.txt for a few sizes)
#include <cstdio>
#include <string>

#include <unistd.h>

#include "common/errors.h"
#include "common/judge_io.h"
#include "fugitive/map_generator.h"

using namespace pursuit;
using namespace pursuit::fugitive;

namespace {
int usage(int code) {
    std::fputs("usage: fugitive-maps generate [--cities N] [--seed S] [--out FILE]   (N 5..200, default 100; stdout without --out)\n"
               "       fugitive-maps validate FILE...     (exit status 1 if a file is not a valid map)\n"
               "       fugitive-maps examples DIR         (DIR/generated-<n>.txt for n = 20, 50, 100, 150, 200)\n"
               "  --seed S: the generator's seed (default 1)\n",
               code ? stderr : stdout);
    return code;
}

std::string summary(const Map& m) {
    int c = 0, t = 0, p = 0;
    for (const Road& r : m.roads()) (r.transport == 'C' ? c : r.transport == 'T' ? t : p)++;
    return std::to_string(m.size()) + " cities, " + std::to_string(c) + " car, " + std::to_string(t) + " train, " +
           std::to_string(p) + " plane roads";
}
}  // namespace

static int run_main(int argc, char** argv) {
    if (argc < 2) return usage(2);
    const std::string cmd = argv[1];
    if (cmd == "--help" || cmd == "-h") return usage(0);
    try {
        if (cmd == "generate") {
            MapParams p;
            std::string out;
            for (int i = 2; i < argc; i += 2) {
                const std::string k = argv[i];
                if (k != "--cities" && k != "--seed" && k != "--out") {
                    std::fprintf(stderr, "fugitive-maps: generate: unknown option %s\n", k.c_str());
                    return usage(2);
                }
                if (i + 1 >= argc) throw UsageError("option " + k + " needs a value");
                const std::string v = argv[i + 1];
                if (k == "--cities") p.cities = static_cast<int>(option_int(k, v, 5, 200));
                else if (k == "--seed") p.seed = option_seed(k, v);
                else out = v;
            }
            const Map m = generate_map(p);
            if (out.empty()) std::fputs(map_text(m).c_str(), stdout);
            else {
                write_file(out, map_text(m));
                // (on stderr when the map went to stdout: the line ended the map's text there)
                std::fprintf(standard_stream_named(out) == STDOUT_FILENO ? stderr : stdout, "%s: %s\n",
                             output_name(out).c_str(), summary(m).c_str());
            }
            return 0;
        }
        if (cmd == "validate") {
            if (argc < 3) {  // it checked nothing and said nothing, exit status 0
                std::fprintf(stderr, "fugitive-maps: validate needs at least one FILE\n");
                return usage(2);
            }
            int bad = 0;
            for (int i = 2; i < argc; ++i) {
                try {
                    const Map m = read_map(read_file(argv[i]), argv[i]);
                    const Validation v = validate_map(m);
                    std::printf("%s: %s (%s)\n", argv[i], v.ok() ? "valid" : "INVALID", summary(m).c_str());
                    for (const auto& p : v.problems) std::printf("  problem: %s\n", p.c_str());
                    for (const auto& n : v.notes) std::printf("  note: %s\n", n.c_str());
                    bad += !v.ok();
                } catch (const InputError& e) {
                    std::printf("%s: INVALID\n  problem: %s\n", argv[i], e.what());
                    ++bad;
                }
            }
            return bad ? 1 : 0;
        }
        if (cmd == "examples" && argc == 3) {
            const std::string dir = argv[2];
            int k = 0;
            for (int n : {20, 50, 100, 150, 200}) {
                MapParams p;
                p.cities = n;
                p.seed = static_cast<std::uint64_t>(++k);
                const Map m = generate_map(p);
                const std::string path = dir + "/generated-" + std::to_string(n) + ".txt";
                write_file(path, map_text(m));
                std::printf("%s: %s\n", path.c_str(), summary(m).c_str());
            }
            return 0;
        }
        if (cmd == "examples") std::fprintf(stderr, "fugitive-maps: examples takes one folder\n");
        else std::fprintf(stderr, "fugitive-maps: unknown command '%s' (generate, validate, examples)\n", cmd.c_str());
        return usage(2);
    } catch (const UsageError& e) {  // a bad option (status 2), as against bad input (1)
        std::fprintf(stderr, "fugitive-maps: %s\n", e.what());
        return 2;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "fugitive-maps: %s\n", e.what());
        return 1;
    }
}

// A failed write of the standard output (a full disk) is an error, not status 0.
int main(int argc, char** argv) { return pursuit::exit_after_stdout("fugitive-maps", run_main(argc, argv)); }
