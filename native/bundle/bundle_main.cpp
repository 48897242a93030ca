// Owns: the `pursuit-bundle` command: writes one of our native programs (a bot, a judge) as
// a single C++ source file that compiles with a plain `g++ -O2 file.cpp`. See docs/arena.md.
#include <cstring>
#include <filesystem>
#include <iostream>

#include "bundle/bundler.h"
#include "common/errors.h"
#include "common/judge_io.h"

// The source file that `out` would overwrite (MAIN.cpp or a file it inlines), or "".
// `-o native/robots/robots_main.cpp` replaced the program's own source with its bundle.
static std::string own_source_named(const std::string& out, const pursuit::bundle::BundleOptions& o,
                                    const pursuit::bundle::Bundle& b) {
    if (out.empty()) return "";
    if (pursuit::same_output_file(out, o.main_source)) return o.main_source;
    for (const auto& file : b.files)
        if (pursuit::same_output_file(out, (std::filesystem::path(o.root) / file).string())) return file;
    return "";
}

static int run_main(int argc, char** argv) {
    using namespace pursuit;
    bundle::BundleOptions o;
#ifdef PURSUIT_SOURCE_DIR
    o.root = PURSUIT_SOURCE_DIR;
#endif
    std::string out;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--help" || a == "-h") {
            std::cout << "usage: pursuit-bundle MAIN.cpp [-o|--out OUT.cpp] [--root REPO] [--inline-json] [--json-include DIR]\n"
                         "                      [-D NAME=VALUE | -DNAME=VALUE]...\n"
                         "  Writes the program whose main is MAIN.cpp (e.g. native/robots/robots_main.cpp) as one\n"
                         "  self-contained C++17 file (stdout without -o): project headers inlined once, the .cpp of\n"
                         "  each inlined header appended, a registry of the bundled games generated.\n"
                         "  nlohmann/json stays #include <nlohmann/json.hpp> (Debian: nlohmann-json3-dev) unless\n"
                         "  --inline-json copies it in from /usr/include, or from --json-include DIR (then the file\n"
                         "  needs nothing but g++).\n"
                         "  --root REPO: the Pursuit checkout (default: the one this tool was built from).\n"
                         "  -D NAME=VALUE: a #define at the top (macros the program's CMake target defines).\n";
            return 0;
        }
        if ((a == "-o" || a == "--out") && i + 1 < argc) out = argv[++i];
        else if (a == "--root" && i + 1 < argc) o.root = argv[++i];
        else if (a == "--inline-json") o.inline_json = true;
        else if (a == "-D" && i + 1 < argc) o.defines.push_back(argv[++i]);
        else if (a.rfind("-D", 0) == 0 && a.size() > 2) o.defines.push_back(a.substr(2));
        else if (a == "--json-include" && i + 1 < argc) o.json_include_dir = argv[++i];
        else if (!a.empty() && a[0] != '-' && o.main_source.empty()) o.main_source = a;
        else if (i + 1 >= argc && (a == "-o" || a == "--out" || a == "--root" || a == "-D" || a == "--json-include")) {
            std::cerr << "pursuit-bundle: option " << a << " needs a value (see --help)\n";  // was "unknown argument"
            return 2;
        } else if (!a.empty() && a[0] != '-') {
            std::cerr << "pursuit-bundle: one MAIN.cpp only, got \"" << o.main_source << "\" and \"" << a << "\" (see --help)\n";
            return 2;
        } else {
            std::cerr << "pursuit-bundle: unknown argument \"" << a << "\" (see --help)\n";
            return 2;
        }
    }
    if (o.main_source.empty()) {
        std::cerr << "pursuit-bundle: give the program's main .cpp (see --help)\n";
        return 2;
    }
    try {
        const bundle::Bundle b = bundle::make_bundle(o);
        if (const std::string source = own_source_named(out, o, b); !source.empty()) {
            std::cerr << "pursuit-bundle: the output " << out << " is one of the bundle's own sources (" << source
                      << "); write the bundle to another file\n";
            return 2;
        }
        if (out.empty()) std::cout << b.text;
        else write_file(out, b.text);
        std::cerr << "pursuit-bundle: " << b.files.size() << " project files";
        if (!b.games.empty()) {
            std::cerr << ", registry of";
            for (const auto& g : b.games) std::cerr << " " << g;
        }
        std::cerr << (out.empty() ? "" : " -> " + output_name(out)) << "\n";
        for (const auto& t : b.third_party)
            std::cerr << "pursuit-bundle: note: keeps #include <" << t
                      << "> (third party; the judge machine needs nlohmann-json3-dev, or use --inline-json)\n";
        return 0;
    } catch (const std::exception& e) {
        std::cerr << "pursuit-bundle: " << e.what() << "\n";
        return 1;
    }
}

// A failed write of the standard output (a full disk) is an error, not status 0.
int main(int argc, char** argv) { return pursuit::exit_after_stdout("pursuit-bundle", run_main(argc, argv)); }
