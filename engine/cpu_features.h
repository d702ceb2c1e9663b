// The x86-64 instruction-set extensions a build may need (engine/cpu_check.h), one bit each.
#pragma once

namespace vireo::cpu {

enum Feature : unsigned {
    SSSE3 = 1u << 0,
    SSE41 = 1u << 1,
    SSE42 = 1u << 2,
    POPCNT = 1u << 3,
    AVX = 1u << 4,
    AVX2 = 1u << 5,
    BMI = 1u << 6,
    BMI2 = 1u << 7,
    FMA = 1u << 8,
    AVX512F = 1u << 9,
    AVX512BW = 1u << 10,
    AVX512VL = 1u << 11,
    SSE3 = 1u << 12,
    LZCNT = 1u << 13,
    MOVBE = 1u << 14,
    F16C = 1u << 15,
};

// The features the compiler was allowed to use for this build (engine/cpu_required.cpp: compiled
// with the build's flags, it holds a constant only, so no instruction of it runs before the check).
extern const unsigned REQUIRED_FEATURES;

}  // namespace vireo::cpu
