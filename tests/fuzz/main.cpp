// The libFuzzer entry point of one fuzz target: CMake builds this file once per target, naming the
// harness (harness.h) in VIREO_FUZZ_ENTRY.
#include "harness.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    return VIREO_FUZZ_ENTRY(data, size);
}
