// What CPU this build of Vireo is for, and the check that the running CPU has it. A build for a
// newer CPU (x86-64-v3 on a CPU without AVX2, say) would otherwise die of an illegal instruction
// before saying anything; instead it names what is missing and the build to use, and exits.
#pragma once

#include <cstddef>

namespace vireo {

// The build's variant as `make release` names it ("x86-64-bmi2", "native" for a plain `make`).
// The check itself runs before anything else of the program (a constructor of the highest priority
// in cpu_check.cpp, compiled for the plain x86-64 instruction set); calling build_variant() is what
// links that file, and so the check, into a program.
const char* build_variant();

// The x86-64 extensions this build needs and the check asks the CPU for (engine/cpu_features.h), by
// the names its refusal uses, comma-separated, into out ("" when none: x86-64, ARM): what a test
// compares with the variant's list where the check cannot be run on an older CPU (Windows, Wine).
void required_features(char* out, std::size_t size);

}  // namespace vireo
