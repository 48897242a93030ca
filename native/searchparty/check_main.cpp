// Owns: `searchparty-check MAP SOLUTION`: verifies a batch-form solution (move lines, then
// "turns costars extras") and prints the true "T c e" on stdout and a verdict on stderr.
// Exit 0 when the solution is valid and its final line is true, 1 otherwise (or an unreadable
// MAP / SOLUTION, named with the program: "searchparty-check: cannot read ..."), 2 on usage.
#include <cstdio>
#include <iostream>
#include <string>

#include "common/judge_io.h"
#include "searchparty/checker.h"

static int run(int argc, char** argv) {
    using namespace pursuit;
    using namespace pursuit::searchparty;
    const char* usage =
        "usage: searchparty-check MAP SOLUTION   (SOLUTION '-' = stdin)\n"
        "  Prints the true \"turns costars extras\" of a batch-form solution on stdout and a\n"
        "  verdict on stderr; exit 0 if it is valid and its final line is true, 1 otherwise\n"
        "  (or a MAP / SOLUTION that cannot be read), 2 usage.\n";
    if (argc == 2 && (std::string(argv[1]) == "--help" || std::string(argv[1]) == "-h")) {
        std::fputs(usage, stdout);
        return 0;
    }
    for (int i = 1; i < argc; ++i)  // "--bogus" was read as a file: "cannot read --bogus", status 1
        if (argv[i][0] == '-' && argv[i][1] != '\0') {
            std::fprintf(stderr, "searchparty-check: unknown option %s\n", argv[i]);
            std::fputs(usage, stderr);
            return 2;
        }
    if (argc != 3) {
        if (argc > 1) std::fprintf(stderr, "searchparty-check: expected MAP and SOLUTION, got %d argument%s\n", argc - 1, argc == 2 ? "" : "s");
        std::fputs(usage, stderr);
        return 2;
    }
    try {
        const Map map = read_map(read_file(argv[1], kMaxMapFileBytes, "larger than any map"), argv[1]);
        const std::string name = argv[2];
        // A SOLUTION of /dev/zero was read until memory ran out (std::bad_alloc).
        const char* too_big = "larger than any solution (the controller reads at most 64 MiB of a solver's output)";
        const std::string text = name == "-" ? read_stdin(kMaxSolutionBytes, too_big) : read_file(name, kMaxSolutionBytes, too_big);
        const CheckReport r = check_solution(map, text, name == "-" ? "solution" : name);
        std::cout << r.turns << " " << r.costars << " " << r.extras << "\n";
        std::cerr << (r.valid ? (r.claim_matches ? "valid: " : "valid moves, wrong final line: ") : "invalid: ") << r.message << "\n";
        return r.valid && r.claim_matches ? 0 : 1;
    } catch (const std::exception& e) {
        std::cerr << "searchparty-check: " << e.what() << "\n";
        return 1;
    }
}

// A failed write of the standard output (a full disk) is an error, not status 0.
int main(int argc, char** argv) { return pursuit::exit_after_stdout("searchparty-check", run(argc, argv)); }
