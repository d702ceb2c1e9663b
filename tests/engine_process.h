// Test helper: runs an engine binary as a child process and talks to it through pipes, as a GUI does.
// Every timeout is stretched by VIREO_TEST_SLOWDOWN (test_env.h) for the sanitizer builds.
#pragma once

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <fstream>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "test_env.h"

class EngineProcess {
public:
    // Runs the engine under test (vireo_test::engine_under_test: this build's vireo, or another build
    // through a launcher such as Wine).
    explicit EngineProcess(const vireo_test::EngineCommand& command, const std::vector<std::string>& args = {})
        : EngineProcess(command.launcher, command.path, args) {}
    // Runs another program (Stockfish, say).
    explicit EngineProcess(const std::string& path, const std::vector<std::string>& args = {})
        : EngineProcess({}, path, args) {}

private:
    EngineProcess(const std::vector<std::string>& launcher, const std::string& path,
                  const std::vector<std::string>& args) {
        int in[2], out[2];
        if (pipe(in) != 0 || pipe(out) != 0) throw std::runtime_error("pipe failed");
        signal(SIGPIPE, SIG_IGN);
        pid = fork();
        if (pid < 0) throw std::runtime_error("fork failed");
        if (pid == 0) {
            // The test ignores SIGPIPE (a dead engine must not kill it), and an ignored signal stays
            // ignored across exec: give the engine the default action, as a GUI would.
            signal(SIGPIPE, SIG_DFL);
            dup2(in[0], 0);
            dup2(out[1], 1);
            close(in[1]);
            close(out[0]);
            std::vector<char*> argv;
            for (const auto& w : launcher) argv.push_back(const_cast<char*>(w.c_str()));
            argv.push_back(const_cast<char*>(path.c_str()));
            for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
            argv.push_back(nullptr);
            // A launcher is looked up in PATH, as a shell would.
            if (launcher.empty()) execv(path.c_str(), argv.data());
            else execvp(argv[0], argv.data());
            _exit(127);
        }
        close(in[0]);
        close(out[1]);
        toChild = in[1];
        fromChild = out[0];
    }

public:
    ~EngineProcess() {
        close_input();
        if (pid > 0 && !exited && !wait_exit(2000)) {
            kill(pid, SIGKILL);
            waitpid(pid, nullptr, 0);
        }
        close_output();
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
    // As send, but false instead of an exception when the engine no longer reads (it has exited).
    bool try_send(const std::string& line) {
        try {
            send(line);
            return true;
        } catch (const std::runtime_error&) {
            return false;
        }
    }
    void close_input() {
        if (toChild >= 0) close(toChild);
        toChild = -1;
    }
    // Closes our end of the engine's standard output, as a GUI that dies does: the engine's
    // next write fails (EPIPE, or SIGPIPE if it does not ignore that signal).
    void close_output() {
        if (fromChild >= 0) close(fromChild);
        fromChild = -1;
        eof = true;
    }

    // The next output line, or nothing if none arrives within timeoutMs.
    std::optional<std::string> read_line(int timeoutMs) { return read_line_unscaled(vireo_test::scaled_ms(timeoutMs)); }

    // The next output line, or nothing if none arrives within timeoutMs (not stretched; 0: only what
    // has already arrived).
    std::optional<std::string> read_line_unscaled(long long timeoutMs) {
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeoutMs);
        for (bool first = true;; first = false) {
            auto nl = buffer.find('\n');
            if (nl != std::string::npos) {
                std::string line = buffer.substr(0, nl);
                buffer.erase(0, nl + 1);
                lines.push_back(line);
                return line;
            }
            const auto left =
                std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now())
                    .count();
            if ((left <= 0 && !first) || eof) return std::nullopt;
            pollfd p{fromChild, POLLIN, 0};
            if (poll(&p, 1, int(std::max<long long>(left, 0))) <= 0) continue;
            char chunk[4096];
            ssize_t n = read(fromChild, chunk, sizeof chunk);
            if (n <= 0) eof = true;
            else buffer.append(chunk, std::size_t(n));
        }
    }

    // Reads until a line starting with `prefix`; returns it, or nothing on timeout.
    std::optional<std::string> wait_for(const std::string& prefix, int timeoutMs) {
        const auto deadline =
            std::chrono::steady_clock::now() + std::chrono::milliseconds(vireo_test::scaled_ms(timeoutMs));
        for (;;) {
            const auto left =
                std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now())
                    .count();
            if (left <= 0) return std::nullopt;
            auto line = read_line_unscaled(left);
            if (!line) return std::nullopt;
            if (line->rfind(prefix, 0) == 0) return line;
        }
    }

    // The isready round trip: sends isready, reads up to readyok. Whether it came within timeoutMs.
    bool ready(int timeoutMs) {
        if (!try_send("isready")) return false;
        return wait_for("readyok", timeoutMs).has_value();
    }

    // Whether the process ended within timeoutMs; its exit status is kept.
    // Output that arrives meanwhile is kept for read_line: an engine blocked writing to a full pipe
    // could not exit.
    bool wait_exit(int timeoutMs) {
        if (exited) return true;
        const auto deadline =
            std::chrono::steady_clock::now() + std::chrono::milliseconds(vireo_test::scaled_ms(timeoutMs));
        while (std::chrono::steady_clock::now() < deadline) {
            int status = 0;
            if (waitpid(pid, &status, WNOHANG) == pid) {
                exited = true;
                exitStatus = status;
                return true;
            }
            pollfd p{fromChild, POLLIN, 0};
            if (!eof && fromChild >= 0 && poll(&p, 1, 2) > 0) {
                char chunk[4096];
                const ssize_t n = read(fromChild, chunk, sizeof chunk);
                if (n <= 0) eof = true;
                else buffer.append(chunk, std::size_t(n));
            } else {
                usleep(2000);
            }
        }
        return false;
    }
    int status() const { return exitStatus; }
    // Exited normally with status 0 (not killed by a signal).
    bool exited_cleanly() const { return exited && WIFEXITED(exitStatus) && WEXITSTATUS(exitStatus) == 0; }
    // "exit 3", "signal 13" ...: how it ended, for messages.
    std::string how_it_ended() const {
        if (!exited) return "still running";
        if (WIFEXITED(exitStatus)) return "exit " + std::to_string(WEXITSTATUS(exitStatus));
        if (WIFSIGNALED(exitStatus))
            return "signal " + std::to_string(WTERMSIG(exitStatus)) + " (" + strsignal(WTERMSIG(exitStatus)) + ")";
        return "status " + std::to_string(exitStatus);
    }
    bool output_ended() const { return eof; }
    pid_t process_id() const { return pid; }
    // CPU time (user + system) the running process has used, in clock ticks; -1 once it is gone.
    long long cpu_ticks() const {
        if (exited) return -1;
        std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
        std::string text((std::istreambuf_iterator<char>(stat)), std::istreambuf_iterator<char>());
        // Fields after the command name (which may hold spaces, so start after its closing paren):
        // state is field 3, utime and stime are fields 14 and 15.
        const auto paren = text.rfind(')');
        if (paren == std::string::npos) return -1;
        std::istringstream rest(text.substr(paren + 1));
        std::string field;
        long long utime = 0, stime = 0;
        for (int i = 3; i <= 15 && rest >> field; ++i) {
            if (i == 14) utime = std::stoll(field);
            if (i == 15) stime = std::stoll(field);
        }
        return utime + stime;
    }

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
