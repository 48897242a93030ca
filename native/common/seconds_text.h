// Owns: how the native programs write a duration in a message ("0.300 s", "10.0 s"): one
// formatter, so a time limit and a wait read alike wherever they are reported.
#pragma once

#include <chrono>
#include <cstdio>
#include <string>

namespace pursuit {

// `d` in seconds with `decimals` decimals and the unit: seconds_text(300ms, 3) is "0.300 s",
// seconds_text(100s, 1) is "100.0 s" (fixed-point, so a long wait is never cut to "100.").
inline std::string seconds_text(std::chrono::nanoseconds d, int decimals) {
    char text[48];
    std::snprintf(text, sizeof text, "%.*f s", decimals, std::chrono::duration<double>(d).count());
    return text;
}

}  // namespace pursuit
