// How slow the build under test is. The sanitizer runs (make test-asan, make test-tsan) set
// VIREO_TEST_SLOWDOWN in the environment to a factor by which instrumented code is slower, and the
// tests stretch their time limits by it: the engine must still answer, only later. Unset, or 1, in
// the normal run.
#pragma once

#include <algorithm>
#include <cstdlib>
#include <sstream>
#include <string>
#include <vector>

namespace vireo_test {

inline int slowdown() {
    static const int factor = [] {
        const char* s = std::getenv("VIREO_TEST_SLOWDOWN");
        return s ? std::clamp(std::atoi(s), 1, 100) : 1;
    }();
    return factor;
}

// A time limit in ms, stretched for slow builds.
inline long long scaled_ms(long long ms) { return ms * slowdown(); }

// Whitespace-separated words of s (the one word splitter of the tests).
inline std::vector<std::string> split_words(const std::string& s) {
    std::istringstream in(s);
    std::vector<std::string> words;
    for (std::string w; in >> w;) words.push_back(w);
    return words;
}

}  // namespace vireo_test
