// Owns: `arena-fake-bot`, a contestant for the fake judge: it answers "HELLO <role>" with
// "STRENGTH <elo>" and every "MOVE k" with "OK". Misbehaviours for tests: --crash-at K
// (abort at move K), --hang-at K (stop answering at move K), --delay-ms D (per move),
// --hello-delay-ms D (before its STRENGTH reply), --pidfile F (writes its pid, so a test can
// check it was killed). --tiebreaks A,B,...
// appends those numbers to its STRENGTH reply (the one-role fake game's tie-break values).
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <string>
#include <thread>

int main(int argc, char** argv) {
    int elo = 0, crash_at = -1, hang_at = -1, delay_ms = 0;
    std::string tiebreaks;
    int hello_delay_ms = 0;
    for (int i = 1; i + 1 < argc; i += 2) {
        const std::string a = argv[i];
        if (a == "--elo") elo = std::atoi(argv[i + 1]);
        else if (a == "--crash-at") crash_at = std::atoi(argv[i + 1]);
        else if (a == "--hang-at") hang_at = std::atoi(argv[i + 1]);
        else if (a == "--delay-ms") delay_ms = std::atoi(argv[i + 1]);
        else if (a == "--tiebreaks") tiebreaks = argv[i + 1];
        else if (a == "--hello-delay-ms") hello_delay_ms = std::atoi(argv[i + 1]);
        else if (a == "--pidfile") std::ofstream(argv[i + 1]) << getpid() << "\n";
    }
    std::string line;
    while (std::getline(std::cin, line)) {
        if (line.rfind("HELLO", 0) == 0) {
            std::this_thread::sleep_for(std::chrono::milliseconds(hello_delay_ms));
            for (auto& c : tiebreaks)
                if (c == ',') c = ' ';
            std::cout << "STRENGTH " << elo << (tiebreaks.empty() ? "" : " " + tiebreaks) << std::endl;
        } else if (line.rfind("MOVE", 0) == 0) {
            const int k = std::atoi(line.c_str() + 5);
            if (k == crash_at) std::abort();
            if (k == hang_at) std::this_thread::sleep_for(std::chrono::hours(1));
            if (delay_ms) std::this_thread::sleep_for(std::chrono::milliseconds(delay_ms));
            std::cout << "OK" << std::endl;
        } else if (line == "QUIT") {
            return 0;
        }
    }
    return 0;
}
