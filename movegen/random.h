// SplitMix64: a small generator that gives the same numbers on every platform and compiler (the
// standard library's distributions do not). The Zobrist keys (at compile time), limited strength's
// random choices and datagen's games all draw from it; changing it changes the keys and so the bench
// node count.
#pragma once

#include <cstdint>

namespace vireo {

// Advances `state` and returns the next number of its sequence.
constexpr std::uint64_t splitmix64(std::uint64_t& state) {
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

}  // namespace vireo
