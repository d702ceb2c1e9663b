// `bench`: a fixed-depth search of a fixed set of positions. Its node count is the engine's
// signature: any change of search or evaluation behaviour changes it.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

namespace vireo {

struct BenchResult {
    std::uint64_t nodes = 0;
    std::int64_t ms = 0;
};

inline constexpr int BENCH_DEPTH = 13;

// Searches every bench position to `depth` with a fresh 16 MB table and fresh statistics each time,
// so that with one thread the count is the same on every run; `print` gets one line per position.
// More threads measure time to depth (Lazy SMP); their node counts vary from run to run.
BenchResult run_bench(int depth, int threads, const std::function<void(const std::string&)>& print);

}  // namespace vireo
