// Owns: the progress bar on stderr: games done/total, elapsed time and an estimate of the
// time left (from the rate of the games finished in this run). On a terminal it redraws
// one line (at most 5 times a second); otherwise it prints a line every 10 %.
#pragma once
#include <chrono>
#include <mutex>
#include <string>

namespace pursuit::arena {

class Progress {
public:
    Progress(int total, int already_done, bool enabled);
    void game_finished(bool failed);  // thread-safe
    void finish();                   // final line + newline
    // "[#####-----] 37/240  15%  12 s elapsed  ~1 min 8 s left  (2 failed)"
    static std::string line(int done, int total, int failed, double elapsed_s, double left_s, int width = 30);
    static std::string duration(double s);

private:
    void draw(bool force);
    int total_, start_done_, done_, failed_ = 0;
    bool enabled_, tty_;
    int last_decile_ = -1;
    std::chrono::steady_clock::time_point start_, last_draw_;
    std::mutex mutex_;
};

}  // namespace pursuit::arena
