// `vireo epd FILE`: a tactical test suite (EPD with bm/am operations), one timed search per position.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

namespace vireo {

struct SuiteResult {
    int positions = 0, solved = 0, skipped = 0;
};

// Searches each position for movetimeMs; a position is solved when the best move is one of its
// `bm` moves and none of its `am` moves. `print` gets one line per position.
SuiteResult run_epd_suite(const std::string& path, std::int64_t movetimeMs, int threads, std::size_t hashMb,
                          const std::function<void(const std::string&)>& print);

}  // namespace vireo
