// Test helper: runs an engine binary as a child process and talks to it through pipes, as a GUI does.
// Every timeout is stretched by VIREO_TEST_SLOWDOWN (test_env.h) for the sanitizer builds.
#pragma once

#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstring>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "test_env.h"

class EngineProcess {
public:
    explicit EngineProcess(const std::string& path, const std::vector<std::string>& args = {}) {
        int in[2], out[2];
        if (pipe(in) != 0 || pipe(out) != 0) throw std::runtime_error("pipe failed");
        signal(SIGPIPE, SIG_IGN);
        pid = fork();
        if (pid < 0) throw std::runtime_error("fork failed");
        if (pid == 0) {
            dup2(in[0], 0);
            dup2(out[1], 1);
            close(in[1]);
            close(out[0]);
            std::vector<char*> argv;
            argv.push_back(const_cast<char*>(path.c_str()));
            for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
            argv.push_back(nullptr);
            execv(path.c_str(), argv.data());
            _exit(127);
        }
        close(in[0]);
        close(out[1]);
        toChild = in[1];
        fromChild = out[0];
    }
    ~EngineProcess() {
        close_input();
        if (fromChild >= 0) close(fromChild);
        if (pid > 0 && !exited) {
            if (!wait_exit(2000)) {
                kill(pid, SIGKILL);
                waitpid(pid, nullptr, 0);
            }
        }
    }

    // Sends raw bytes (no line end added).
    void send_raw(const std::string& data) {
        std::size_t done = 0;
        while (done < data.size()) {
            ssize_t n = write(toChild, data.data() + done, data.size() - done);
            if (n <= 0) throw std::runtime_error("write to engine failed");
            done += std::size_t(n);
        }
    }
    void send(const std::string& line) { send_raw(line + "\n"); }
    void close_input() {
        if (toChild >= 0) close(toChild);
        toChild = -1;
    }

    // The next output line, or nothing if none arrives within timeoutMs.
    std::optional<std::string> read_line(int timeoutMs) { return read_line_unscaled(vireo_test::scaled_ms(timeoutMs)); }

    // The next output line, or nothing if none arrives within timeoutMs (not stretched).
    std::optional<std::string> read_line_unscaled(long long timeoutMs) {
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeoutMs);
        for (;;) {
            auto nl = buffer.find('\n');
            if (nl != std::string::npos) {
                std::string line = buffer.substr(0, nl);
                buffer.erase(0, nl + 1);
                lines.push_back(line);
                return line;
            }
            const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now()).count();
            if (left <= 0 || eof) return std::nullopt;
            pollfd p{fromChild, POLLIN, 0};
            if (poll(&p, 1, int(left)) <= 0) continue;
            char chunk[4096];
            ssize_t n = read(fromChild, chunk, sizeof chunk);
            if (n <= 0) eof = true;
            else buffer.append(chunk, std::size_t(n));
        }
    }

    // Reads until a line starting with `prefix`; returns it, or nothing on timeout.
    std::optional<std::string> wait_for(const std::string& prefix, int timeoutMs) {
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(vireo_test::scaled_ms(timeoutMs));
        for (;;) {
            const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now()).count();
            if (left <= 0) return std::nullopt;
            auto line = read_line_unscaled(left);
            if (!line) return std::nullopt;
            if (line->rfind(prefix, 0) == 0) return line;
        }
    }

    // Whether the process ended within timeoutMs; its exit status is kept.
    bool wait_exit(int timeoutMs) {
        if (exited) return true;
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(vireo_test::scaled_ms(timeoutMs));
        while (std::chrono::steady_clock::now() < deadline) {
            int status = 0;
            if (waitpid(pid, &status, WNOHANG) == pid) {
                exited = true;
                exitStatus = status;
                return true;
            }
            usleep(2000);
        }
        return false;
    }
    int status() const { return exitStatus; }

    std::vector<std::string> lines;  // every line read so far

private:
    pid_t pid = -1;
    int toChild = -1, fromChild = -1;
    std::string buffer;
    bool eof = false, exited = false;
    int exitStatus = 0;
};

// Milliseconds since an earlier time point.
inline long long ms_since(std::chrono::steady_clock::time_point t) {
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t).count();
}
