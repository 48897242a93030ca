// Owns: the project's only source of randomness. xoshiro256** seeded by splitmix64 on
// fixed-width integers, so the same seed gives the same numbers natively and in wasm.
// Never use std::rand, std::random_device or std:: distributions (implementation-defined).
#pragma once
#include <cstdint>
#include <utility>
#include <vector>

namespace pursuit {

class Rng {
public:
    explicit Rng(std::uint64_t seed = 0) { reseed(seed); }
    void reseed(std::uint64_t seed);
    std::uint64_t next_u64();
    // Uniform integer in [0, n), unbiased (rejection); n must be > 0.
    std::uint64_t below(std::uint64_t n);
    // Uniform integer in [lo, hi] inclusive.
    int range(int lo, int hi) { return lo + static_cast<int>(below(static_cast<std::uint64_t>(hi - lo) + 1)); }
    // Uniform double in [0, 1) with 53 random bits.
    double unit() { return static_cast<double>(next_u64() >> 11) * (1.0 / 9007199254740992.0); }
    bool chance(double p) { return unit() < p; }
    template <class T>
    void shuffle(std::vector<T>& v) {
        for (std::size_t i = v.size(); i > 1; --i) std::swap(v[i - 1], v[below(i)]);
    }

private:
    std::uint64_t s_[4];
};

}  // namespace pursuit
