// A program of this build run as a user runs it from a shell - the engine under test, or another
// program such as vireo-tune - with its standard input empty: what it prints, where, and its exit
// status.
#pragma once

#include <doctest/doctest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "test_env.h"

namespace vireo_test {

struct Run {
    int status = -1;  // exit status, -1 if it did not exit normally
    std::string out;  // standard output (LF line ends on every system: no CR from a Windows build)
    std::string err;  // standard error
};

// A word as a shell reads it back unchanged.
inline std::string shell_quoted(const std::string& word) {
    std::string q = "'";
    for (char c : word) {
        if (c == '\'') q.append("'\\''");
        else q.push_back(c);
    }
    q.push_back('\'');
    return q;
}

// Runs path (after the words of launcher, such as wine) with these arguments, standard input empty.
inline Run run_program(const std::vector<std::string>& launcher, const std::string& path,
                       const std::vector<std::string>& args) {
    const std::string errFile = "/tmp/vireo-cli-" + std::to_string(getpid()) + ".err";
    std::string command;
    for (const auto& w : launcher) command.append(shell_quoted(w)).append(" ");
    command.append(shell_quoted(path));
    for (const auto& a : args) command.append(" ").append(shell_quoted(a));
    command.append(" </dev/null 2>").append(shell_quoted(errFile));
    Run r;
    FILE* pipe = popen(command.c_str(), "r");
    REQUIRE(pipe);
    char chunk[4096];
    for (std::size_t n; (n = std::fread(chunk, 1, sizeof chunk, pipe)) > 0;) r.out.append(chunk, n);
    const int status = pclose(pipe);
    r.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    std::ifstream err(errFile);
    r.err.assign(std::istreambuf_iterator<char>(err), std::istreambuf_iterator<char>());
    std::remove(errFile.c_str());
    return r;
}

// Runs the engine under test with these arguments.
inline Run run(const std::vector<std::string>& args) {
    const EngineCommand& engine = engine_under_test();
    return run_program(engine.launcher, engine.path, args);
}

inline bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace vireo_test
