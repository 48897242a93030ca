// Owns: small maps shared by the Fugitive tests.
#pragma once
#include <string>

namespace fugitive_test {

// The 8-city example of the contract (maps/fugitive/example8.txt).
inline const std::string kExample8 =
    "8\nC 1-2\nC 1-5\nC 2-5\nC 3-4\nC 3-6\nC 4-7\nC 5-8\nC 6-7\nC 6-8\nT 1-8\nT 2-3\nT 3-4\nT 3-8\nP 1-4\nEND\n";

// A ring of n cities by car (i - i+1), plus a few trains/planes: easy to reason about.
inline std::string ring(int n) {
    std::string s = std::to_string(n) + "\n";
    for (int i = 1; i <= n; ++i) s += "C " + std::to_string(i) + "-" + std::to_string(i % n + 1) + "\n";
    return s + "END\n";
}

}  // namespace fugitive_test
