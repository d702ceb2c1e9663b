#include "output.h"

#include <istream>

#include <spdlog/sinks/basic_file_sink.h>
#include <spdlog/spdlog.h>

namespace vireo {

Output::Output(std::ostream& o) : out(o) {}
Output::~Output() = default;

void Output::line(std::string_view text) {
    std::lock_guard lock(mutex);
    out << text << '\n' << std::flush;
    if (log) log->info(">> {}", text);
}

void Output::log_input(std::string_view text) {
    std::lock_guard lock(mutex);
    if (log) log->info("<< {}", text);
}

std::string Output::set_log_file(const std::string& path) {
    std::lock_guard lock(mutex);
    if (log) log->flush();
    log.reset();
    if (path.empty()) return {};
    try {
        auto sink = std::make_shared<spdlog::sinks::basic_file_sink_mt>(path);
        log = std::make_shared<spdlog::logger>("vireo", sink);
        log->set_pattern("[%Y-%m-%d %H:%M:%S.%e] %v");
        log->flush_on(spdlog::level::info);
    } catch (const std::exception& e) {
        return std::string("cannot open log file: ") + e.what();
    }
    return {};
}

bool read_line(std::istream& in, std::string& line) {
    line.clear();
    std::streambuf* buf = in.rdbuf();
    for (;;) {
        int c = buf->sbumpc();
        if (c == std::char_traits<char>::eof()) {
            in.setstate(std::ios::eofbit);
            return !line.empty();
        }
        // CR ends a line at once (waiting to see whether LF follows could stall a GUI that sends
        // CR only); the LF of a CRLF then ends an empty line, which callers ignore.
        if (c == '\n' || c == '\r') return true;
        line.push_back(char(c));
    }
}

}  // namespace vireo
