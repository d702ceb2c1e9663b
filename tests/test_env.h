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

// Whitespace-separated words of s (the one word splitter of the tests).
inline std::vector<std::string> split_words(const std::string& s) {
    std::istringstream in(s);
    std::vector<std::string> words;
    for (std::string w; in >> w;) words.push_back(w);
    return words;
}

// The engine the process tests (test_uci*, test_command_line) talk to: the build's vireo, or another
// build of it named by VIREO_TEST_ENGINE, started through the launcher named by VIREO_TEST_LAUNCHER
// (words, e.g. "wine": scripts/test-windows runs these tests on vireo.exe under Wine).
struct EngineCommand {
    std::vector<std::string> launcher;  // words before the engine's path; empty: run it directly
    std::string path;
    // A Windows build (a .exe).
    bool windows() const { return path.size() > 4 && path.compare(path.size() - 4, 4, ".exe") == 0; }
};

inline const EngineCommand& engine_under_test() {
    static const EngineCommand command = [] {
        EngineCommand c;
        const char* path = std::getenv("VIREO_TEST_ENGINE");
        c.path = path && *path ? path : VIREO_BINARY;
        if (const char* launcher = std::getenv("VIREO_TEST_LAUNCHER")) c.launcher = split_words(launcher);
        return c;
    }();
    return command;
}

// A file path as the engine under test writes it, and the same file as the tests read it. A Windows
// build gets a Windows path, C:\vireo-tests\<name>, when VIREO_TEST_WINDOWS_C names the folder that
// is its drive C: (Wine's drive_c); otherwise both are /tmp/<name>.
struct EnginePath {
    std::string engine, host;
};
inline EnginePath engine_temp_path(const std::string& name) {
    const char* driveC = std::getenv("VIREO_TEST_WINDOWS_C");
    if (engine_under_test().windows() && driveC && *driveC)
        return {"C:\\vireo-tests\\" + name, std::string(driveC) + "/vireo-tests/" + name};
    return {"/tmp/" + name, "/tmp/" + name};
}

// A time limit in ms, stretched for slow builds.
inline long long scaled_ms(long long ms) { return ms * slowdown(); }

}  // namespace vireo_test
