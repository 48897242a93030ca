// Owns: how much longer a test allows for a wall-clock bound in this build. The sanitizer
// build (PURSUIT_SANITIZED, defined for every pursuit_test target when PURSUIT_SANITIZE is on: Debug
// -O0 + ASan + UBSan, the native-debug preset) runs our code about 5-20x slower, and its
// tests run two at a time. A bound that holds in Release must not fail there for that
// alone, and must not be dropped either: it is multiplied by kTimeScale.
#pragma once

namespace pursuit::test {

#ifdef PURSUIT_SANITIZED
inline constexpr int kTimeScale = 10;
#else
inline constexpr int kTimeScale = 1;
#endif

template <class T>
constexpr T scaled(T bound) {
    return bound * kTimeScale;
}

}  // namespace pursuit::test
