// The CPU check of engine/cpu_check.h. This file is compiled for the plain x86-64 instruction set
// whatever the build's variant (CMakeLists.txt), so that it can run on any 64-bit x86 CPU. It uses
// the C library only: an inline function of the C++ library (std::string's, say) could be merged by
// the linker with a copy compiled for the newer CPU elsewhere in the program.
#include "cpu_check.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <cpuid.h>
#endif

#include "cpu_features.h"

namespace vireo {

const char* build_variant() { return VIREO_ARCH; }

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
namespace {

// The features the check knows, by bit and by the name its messages use.
struct Named {
    unsigned bit;
    const char* name;
};
constexpr Named FEATURES[] = {
    {cpu::SSE3, "SSE3"},     {cpu::SSSE3, "SSSE3"},      {cpu::SSE41, "SSE4.1"},       {cpu::SSE42, "SSE4.2"},
    {cpu::POPCNT, "POPCNT"}, {cpu::AVX, "AVX"},          {cpu::AVX2, "AVX2"},          {cpu::BMI, "BMI1"},
    {cpu::BMI2, "BMI2"},     {cpu::FMA, "FMA"},          {cpu::LZCNT, "LZCNT"},        {cpu::MOVBE, "MOVBE"},
    {cpu::F16C, "F16C"},     {cpu::AVX512F, "AVX-512F"}, {cpu::AVX512BW, "AVX-512BW"}, {cpu::AVX512VL, "AVX-512VL"}};

// Whether CPUID leaf `leaf` sets bit `bit` of register ECX (false when the CPU has no such leaf): the
// features the compilers' __builtin_cpu_supports does not know (clang 14: LZCNT, MOVBE, F16C).
bool cpuid_ecx(unsigned leaf, unsigned bit) {
    unsigned a, b, c, d;
    return __get_cpuid(leaf, &a, &b, &c, &d) && (c >> bit & 1);
}

// The names of the features whose bits are in f, comma-separated, into out.
void feature_names(unsigned f, char* out, std::size_t size) {
    out[0] = '\0';
    for (const Named& k : FEATURES) {
        if (!(f & k.bit)) continue;
        if (out[0]) std::strncat(out, ", ", size - std::strlen(out) - 1);
        std::strncat(out, k.name, size - std::strlen(out) - 1);
    }
}

// The features of FEATURES the running CPU has, asked through the compiler's cpuid support, which
// takes a feature's name as a literal only (in FEATURES' order).
unsigned cpu_has() {
    __builtin_cpu_init();
    const bool avx = __builtin_cpu_supports("avx") != 0;  // F16C works on AVX's registers
    const bool present[] = {__builtin_cpu_supports("sse3") != 0,
                            __builtin_cpu_supports("ssse3") != 0,
                            __builtin_cpu_supports("sse4.1") != 0,
                            __builtin_cpu_supports("sse4.2") != 0,
                            __builtin_cpu_supports("popcnt") != 0,
                            avx,
                            __builtin_cpu_supports("avx2") != 0,
                            __builtin_cpu_supports("bmi") != 0,
                            __builtin_cpu_supports("bmi2") != 0,
                            __builtin_cpu_supports("fma") != 0,
                            cpuid_ecx(0x80000001, 5),  // LZCNT (AMD's ABM)
                            cpuid_ecx(1, 22),          // MOVBE
                            avx && cpuid_ecx(1, 29),   // F16C
                            __builtin_cpu_supports("avx512f") != 0,
                            __builtin_cpu_supports("avx512bw") != 0,
                            __builtin_cpu_supports("avx512vl") != 0};
    static_assert(sizeof present / sizeof present[0] == sizeof FEATURES / sizeof FEATURES[0]);
    unsigned has = 0;
    for (std::size_t i = 0; i < sizeof present / sizeof present[0]; ++i)
        if (present[i]) has |= FEATURES[i].bit;
    return has;
}

// The best release variant (make release) for a CPU with these features.
const char* variant_for(unsigned f) {
    constexpr unsigned V2 = cpu::SSE3 | cpu::SSSE3 | cpu::SSE41 | cpu::SSE42 | cpu::POPCNT;
    constexpr unsigned V3 =
        V2 | cpu::AVX | cpu::AVX2 | cpu::BMI | cpu::BMI2 | cpu::FMA | cpu::LZCNT | cpu::MOVBE | cpu::F16C;
    if ((f & V3) == V3) return "x86-64-bmi2 (or x86-64-v3 on AMD Zen 1 and 2)";
    if ((f & V2) == V2) return "x86-64-v2";
    return "x86-64";
}

// Before every other constructor of the program (priority 101 is the first one user code may
// take): the tables that other constructors fill may already use the newer instructions.
__attribute__((constructor(101))) void check_cpu() {
    const unsigned has = cpu_has();
    const unsigned missing = cpu::REQUIRED_FEATURES & ~has;
    if (!missing) return;
    char names[160], text[400];
    feature_names(missing, names, sizeof names);
    std::snprintf(text, sizeof text, "Vireo %s %s cannot run on this CPU: it lacks %s. Use the build for %s.",
                  VIREO_VERSION, VIREO_ARCH, names, variant_for(has));
    // Standard output for a GUI's engine window or log, standard error for a terminal.
    std::printf("info string %s\n", text);
    std::fflush(stdout);
    std::fprintf(stderr, "vireo: %s\n", text);
    std::fflush(stderr);
    // _Exit, not exit: nothing else of the program has been constructed, so nothing must be destroyed
    // (exit here aborted a static build in its destructors).
    std::_Exit(1);
}

}  // namespace

void required_features(char* out, std::size_t size) { feature_names(cpu::REQUIRED_FEATURES, out, size); }
#else
void required_features(char* out, std::size_t size) {
    if (size) out[0] = '\0';
}
#endif

}  // namespace vireo
