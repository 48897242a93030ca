// Owns: the progress bar (progress.h).
#include "arena/progress.h"

#include <unistd.h>

#include <cmath>
#include <cstdio>

namespace pursuit::arena {

Progress::Progress(int total, int already_done, bool enabled)
    : total_(total), start_done_(already_done), done_(already_done), enabled_(enabled), tty_(isatty(2)),
      start_(std::chrono::steady_clock::now()), last_draw_(start_) {
    draw(true);
}

std::string Progress::duration(double s) {
    if (!std::isfinite(s) || s < 0) return "?";
    const long t = std::lround(s);
    if (t < 60) return std::to_string(t) + " s";
    if (t < 3600) return std::to_string(t / 60) + " min " + std::to_string(t % 60) + " s";
    return std::to_string(t / 3600) + " h " + std::to_string(t % 3600 / 60) + " min";
}

std::string Progress::line(int done, int total, int failed, double elapsed_s, double left_s, int width) {
    const double frac = total ? static_cast<double>(done) / total : 1.0;
    const int fill = static_cast<int>(frac * width);
    std::string s = "[" + std::string(fill, '#') + std::string(width - fill, '-') + "] " + std::to_string(done) + "/" +
                    std::to_string(total) + " games  " + std::to_string(static_cast<int>(frac * 100)) + "%  " +
                    duration(elapsed_s) + " elapsed";
    s += left_s >= 0 ? "  ~" + duration(left_s) + " left" : "  estimating…";
    if (failed) s += "  (" + std::to_string(failed) + " failed)";
    return s;
}

void Progress::game_finished(bool failed) {
    std::lock_guard<std::mutex> lock(mutex_);
    ++done_;
    if (failed) ++failed_;
    draw(false);
}

void Progress::finish() {
    std::lock_guard<std::mutex> lock(mutex_);
    draw(true);
    if (enabled_ && tty_) std::fputc('\n', stderr);
}

void Progress::draw(bool force) {
    if (!enabled_) return;
    const auto now = std::chrono::steady_clock::now();
    const double elapsed = std::chrono::duration<double>(now - start_).count();
    const int ran = done_ - start_done_;
    const double left = ran > 0 ? elapsed / ran * (total_ - done_) : -1;
    if (tty_) {
        if (!force && now - last_draw_ < std::chrono::milliseconds(200) && done_ < total_) return;
        last_draw_ = now;
        std::fprintf(stderr, "\r%s\033[K", line(done_, total_, failed_, elapsed, left).c_str());
    } else {
        const int decile = total_ ? done_ * 10 / total_ : 10;
        if (decile == last_decile_ && (!force || done_ == total_)) return;
        last_decile_ = decile;
        std::fprintf(stderr, "%s\n", line(done_, total_, failed_, elapsed, left).c_str());
    }
    std::fflush(stderr);
}

}  // namespace pursuit::arena
