// The instruction-set extensions this build's flags (-march=...) let the compiler use, read from the
// compiler's own macros: a constant, computed at compile time, that engine/cpu_check.cpp compares
// with what the running CPU has.
#include "cpu_features.h"

namespace vireo::cpu {

const unsigned REQUIRED_FEATURES = 0u
#ifdef __SSE3__
                                   | SSE3
#endif
#ifdef __SSSE3__
                                   | SSSE3
#endif
#ifdef __SSE4_1__
                                   | SSE41
#endif
#ifdef __SSE4_2__
                                   | SSE42
#endif
#ifdef __POPCNT__
                                   | POPCNT
#endif
#ifdef __AVX__
                                   | AVX
#endif
#ifdef __AVX2__
                                   | AVX2
#endif
#ifdef __BMI__
                                   | BMI
#endif
#ifdef __BMI2__
                                   | BMI2
#endif
#ifdef __FMA__
                                   | FMA
#endif
#ifdef __LZCNT__
                                   | LZCNT
#endif
#ifdef __MOVBE__
                                   | MOVBE
#endif
#ifdef __F16C__
                                   | F16C
#endif
#ifdef __AVX512F__
                                   | AVX512F
#endif
#ifdef __AVX512BW__
                                   | AVX512BW
#endif
#ifdef __AVX512VL__
                                   | AVX512VL
#endif
    ;

}  // namespace vireo::cpu
