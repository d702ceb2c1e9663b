// The engine's only way to stdout: whole lines, flushed at once, never interleaved between threads.
// Every line in and out can also go to a debug log (spdlog, with timestamps).
#pragma once

#include <memory>
#include <mutex>
#include <ostream>
#include <string>
#include <string_view>

namespace spdlog { class logger; }

namespace vireo {

class Output {
public:
    explicit Output(std::ostream& out);
    ~Output();

    void line(std::string_view text);              // one protocol line
    void info_string(std::string_view text) { line("info string " + std::string(text)); }
    void log_input(std::string_view text);         // records a line received (debug log only)

    // Starts (or with an empty path stops) the debug log. Returns an error message on failure.
    std::string set_log_file(const std::string& path);

private:
    std::ostream& out;
    std::mutex mutex;
    std::shared_ptr<spdlog::logger> log;
};

// Reads one line ending in LF or CR (CRLF yields an extra empty line). False at end of input with nothing read.
bool read_line(std::istream& in, std::string& line);

}  // namespace vireo
