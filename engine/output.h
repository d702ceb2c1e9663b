// The engine's only way to stdout: whole lines, flushed at once, never interleaved between threads.
// Every line in and out can also go to a debug log (spdlog, with timestamps).
#pragma once

#include <atomic>
#include <functional>
#include <memory>
#include <mutex>
#include <ostream>
#include <streambuf>
#include <string>
#include <string_view>

namespace spdlog {
class logger;
}

namespace vireo {

class Output {
public:
    explicit Output(std::ostream& out);
    ~Output();

    // One protocol line. When a write fails (the reader of our output has gone: EPIPE with SIGPIPE
    // ignored) the output counts as disconnected, the disconnect handler runs once, and every
    // later line is dropped.
    void line(std::string_view text);
    void info_string(std::string_view text) { line("info string " + std::string(text)); }
    void log_input(std::string_view text);  // records a line received (debug log only)

    // Starts (or with an empty path stops) the debug log. Returns an error message on failure.
    std::string set_log_file(const std::string& path);

    // False once a write has failed, or disconnect() was called.
    bool connected() const { return !broken.load(); }
    // Marks the output as gone without a write having failed (the input side may notice first).
    void disconnect();
    // Runs when the output is found gone (on the thread that found it, under the output lock: it
    // must not write). An empty function removes the handler.
    void on_disconnect(std::function<void()> handler);

private:
    void mark_broken();  // with the lock held

    std::ostream& out;
    std::mutex mutex;
    std::shared_ptr<spdlog::logger> log;
    std::atomic<bool> broken{false};
    std::function<void()> disconnectHandler;
};

// The UCI loop's standard input: a stream buffer reading a file descriptor that reports end of input
// also when the GUI has gone while we wait for it - when `output` is disconnected, or when
// `watchedFd` (our standard output) shows an error or hang-up, which is what a pipe whose reader
// has closed its end does. Then `output` is disconnected too. Waiting costs no CPU.
// On Windows (no poll() on pipes) a reader thread blocks on the standard input handle and this
// waits for what it reads, waking now and then to see whether the output has gone; `fd` and
// `watchedFd` are not used there.
class InputBuffer : public std::streambuf {
public:
    InputBuffer(int fd, int watchedFd, Output& output) : fd(fd), watchedFd(watchedFd), output(output) {}

protected:
    int_type underflow() override;

private:
    int fd, watchedFd;
    Output& output;
    char buffer[4096];
    std::shared_ptr<struct InputReader> reader;  // Windows only: the reader thread's state
};

// Reads one line ending in LF or CR (CRLF yields an extra empty line). False at end of input with nothing read.
bool read_line(std::istream& in, std::string& line);

}  // namespace vireo
