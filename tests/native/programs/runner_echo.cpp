// Owns: a well-behaved test contestant for process_runner_test: echoes every stdin line back
// on stdout (flushed), optionally after --delay-ms N, and exits on the line "Quit" or EOF.
// Two misbehaviours: --close-stdout closes its output and sleeps 10 s; --abort aborts (SIGABRT).
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <string>
#include <thread>

#include <unistd.h>

int main(int argc, char** argv) {
    int delay_ms = 0;
    for (int i = 1; i + 1 < argc; ++i)
        if (std::strcmp(argv[i], "--delay-ms") == 0) delay_ms = std::atoi(argv[i + 1]);
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--close-stdout") == 0) {
            close(1);
            std::this_thread::sleep_for(std::chrono::seconds(10));
            return 0;
        }
        if (std::strcmp(argv[i], "--abort") == 0) std::abort();
    }
    std::string line;
    while (std::getline(std::cin, line)) {
        if (line == "Quit") return 0;
        std::this_thread::sleep_for(std::chrono::milliseconds(delay_ms));
        std::cout << line << std::endl;
    }
    return 0;
}
