// Owns: the shared helpers of the starter-bot tests (see starter_harness.h).
#include "starter_harness.h"

#include <sys/wait.h>

#include <cstdlib>
#include <sstream>

#include "common/judge_io.h"
#include "../common/scratch_dir.h"

namespace pursuit::starters {

bool python_available() {
    static const bool found = std::system("command -v python3 >/dev/null 2>&1") == 0;
    return found;
}

Starter starter(const std::string& game, const std::string& language, int seed) {
    if (language == "py") {
        return {language, "python3 " + std::string(PURSUIT_SOURCE_DIR) + "/starters/" + game + "/starter.py " + std::to_string(seed)};
    }
    return {language, std::string(PURSUIT_STARTERS_BIN_DIR) + "/" + game + "-starter " + std::to_string(seed)};
}

BatchRun run_batch(const std::string& command, const std::string& input, const std::string& working_dir, int seconds) {
    const pursuit::test::ScratchDir scratch("starter-batch");
    const std::string& dir = scratch.path();
    write_file(dir + "/input.txt", input);
    std::string cmd = "timeout -s KILL " + std::to_string(seconds) + " sh -c '" +
                      (working_dir.empty() ? "" : "cd \"" + working_dir + "\" && ") + command + "' < " + dir +
                      "/input.txt > " + dir + "/output.txt";
    int raw = std::system(cmd.c_str());
    BatchRun run;
    run.output = read_file(dir + "/output.txt");
    if (raw != -1 && WIFEXITED(raw)) run.exit_status = WEXITSTATUS(raw);
    return run;
}

std::vector<std::string> split_words(const std::string& line) {
    std::istringstream in(line);
    std::vector<std::string> out;
    for (std::string w; in >> w;) out.push_back(w);
    return out;
}

std::vector<std::string> split_lines(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string l; std::getline(in, l);) out.push_back(l);
    return out;
}

bool parse_int(const std::string& s, int& out) {
    if (s.empty() || s.size() > 9) return false;
    for (char c : s)
        if (c < '0' || c > '9') return false;
    out = std::atoi(s.c_str());
    return true;
}

}  // namespace pursuit::starters
