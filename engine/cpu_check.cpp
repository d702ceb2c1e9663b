// The CPU check of engine/cpu_check.h. This file is compiled for the plain x86-64 instruction set
// whatever the build's variant (CMakeLists.txt), so that it can run on any 64-bit x86 CPU. It uses
// the C library only: an inline function of the C++ library (std::string's, say) could be merged by
// the linker with a copy compiled for the newer CPU elsewhere in the program.
#include "cpu_check.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "cpu_features.h"

namespace vireo {

const char* build_variant() { return VIREO_ARCH; }

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
namespace {

// A feature the check knows: its bit, its name in messages, and whether the running CPU has it.
struct Known {
    unsigned bit;
    const char* name;
    bool present;
};

// The names of the features of `known` whose bits are in f, comma-separated, into out.
void feature_names(const Known* known, std::size_t count, unsigned f, char* out, std::size_t size) {
    out[0] = '\0';
    for (std::size_t i = 0; i < count; ++i) {
        if (!(f & known[i].bit)) continue;
        if (out[0]) std::strncat(out, ", ", size - std::strlen(out) - 1);
        std::strncat(out, known[i].name, size - std::strlen(out) - 1);
    }
}

// The best release variant (make release) for a CPU with these features.
const char* variant_for(unsigned f) {
    constexpr unsigned V2 = cpu::SSSE3 | cpu::SSE41 | cpu::SSE42 | cpu::POPCNT;
    constexpr unsigned V3 = V2 | cpu::AVX | cpu::AVX2 | cpu::BMI | cpu::BMI2 | cpu::FMA;
    if ((f & V3) == V3) return "x86-64-bmi2 (or x86-64-v3 on AMD Zen 1 and 2)";
    if ((f & V2) == V2) return "x86-64-v2";
    return "x86-64";
}

// Before every other constructor of the program (priority 101 is the first one user code may
// take): the tables that other constructors fill may already use the newer instructions.
__attribute__((constructor(101))) void check_cpu() {
    // Asked through the compiler's cpuid support, which takes a feature's name as a literal only.
    __builtin_cpu_init();
    const Known known[] = {{cpu::SSSE3, "SSSE3", __builtin_cpu_supports("ssse3") != 0},
                           {cpu::SSE41, "SSE4.1", __builtin_cpu_supports("sse4.1") != 0},
                           {cpu::SSE42, "SSE4.2", __builtin_cpu_supports("sse4.2") != 0},
                           {cpu::POPCNT, "POPCNT", __builtin_cpu_supports("popcnt") != 0},
                           {cpu::AVX, "AVX", __builtin_cpu_supports("avx") != 0},
                           {cpu::AVX2, "AVX2", __builtin_cpu_supports("avx2") != 0},
                           {cpu::BMI, "BMI1", __builtin_cpu_supports("bmi") != 0},
                           {cpu::BMI2, "BMI2", __builtin_cpu_supports("bmi2") != 0},
                           {cpu::FMA, "FMA", __builtin_cpu_supports("fma") != 0},
                           {cpu::AVX512F, "AVX-512F", __builtin_cpu_supports("avx512f") != 0},
                           {cpu::AVX512BW, "AVX-512BW", __builtin_cpu_supports("avx512bw") != 0},
                           {cpu::AVX512VL, "AVX-512VL", __builtin_cpu_supports("avx512vl") != 0}};
    constexpr std::size_t COUNT = sizeof known / sizeof known[0];
    unsigned has = 0;
    for (const Known& k : known)
        if (k.present) has |= k.bit;
    const unsigned missing = cpu::REQUIRED_FEATURES & ~has;
    if (!missing) return;
    char names[160], text[400];
    feature_names(known, COUNT, missing, names, sizeof names);
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
#endif

}  // namespace vireo
