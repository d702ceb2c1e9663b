#include "output.h"

#include <spdlog/sinks/basic_file_sink.h>
#include <spdlog/spdlog.h>

#include <cerrno>
#include <istream>

#ifdef _WIN32
#include <windows.h>

#include <chrono>
#include <condition_variable>
#include <thread>
#else
#include <poll.h>
#include <unistd.h>
#endif

namespace vireo {

Output::Output(std::ostream& o) : out(o) {}
Output::~Output() = default;

void Output::line(std::string_view text) {
    std::lock_guard lock(mutex);
    if (broken.load()) return;
    out << text << '\n' << std::flush;
    if (!out) {
        mark_broken();
        if (log) log->info("output failed: the GUI no longer reads; dropping output from here on");
        return;
    }
    if (log) log->info(">> {}", text);
}

void Output::mark_broken() {
    if (broken.exchange(true)) return;
    if (disconnectHandler) disconnectHandler();
}

void Output::disconnect() {
    std::lock_guard lock(mutex);
    mark_broken();
}

void Output::on_disconnect(std::function<void()> handler) {
    std::lock_guard lock(mutex);
    disconnectHandler = std::move(handler);
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

#ifdef _WIN32
// What the reader thread has read and not yet handed on. Shared with the thread, which may outlive
// the InputBuffer: it stays blocked in ReadFile until input comes or the process ends.
struct InputReader {
    std::mutex mutex;
    std::condition_variable arrived;
    std::string data;  // read, not yet taken
    bool ended = false;
    std::string taken;  // what the stream buffer reads from (the UCI loop's thread only)
};

InputBuffer::int_type InputBuffer::underflow() {
    if (gptr() < egptr()) return traits_type::to_int_type(*gptr());
    if (!reader) {
        reader = std::make_shared<InputReader>();
        // ReadFile, not the C library's read(): raw bytes (no text-mode CRLF or Ctrl-Z handling), and
        // no C library lock held by a thread that is still blocked when the program exits.
        std::thread([r = reader, handle = GetStdHandle(STD_INPUT_HANDLE)] {
            char chunk[4096];
            for (;;) {
                DWORD n = 0;
                const bool ok = ReadFile(handle, chunk, sizeof chunk, &n, nullptr);
                std::lock_guard lock(r->mutex);
                if (!ok || n == 0) {
                    r->ended = true;
                    r->arrived.notify_all();
                    return;
                }
                r->data.append(chunk, n);
                r->arrived.notify_all();
            }
        }).detach();
    }
    constexpr auto WAKE = std::chrono::milliseconds(200);
    std::unique_lock lock(reader->mutex);
    for (;;) {
        if (!output.connected()) return traits_type::eof();
        if (!reader->data.empty()) {
            // All of it at once: a long line sent faster than it is read costs one swap, not a copy
            // per chunk.
            reader->taken.clear();
            reader->taken.swap(reader->data);
            char* begin = reader->taken.data();
            setg(begin, begin, begin + reader->taken.size());
            return traits_type::to_int_type(*gptr());
        }
        if (reader->ended) return traits_type::eof();
        reader->arrived.wait_for(lock, WAKE);
    }
}
#else
InputBuffer::int_type InputBuffer::underflow() {
    if (gptr() < egptr()) return traits_type::to_int_type(*gptr());
    // Polls rather than blocking in read(): a write failure on another thread cannot interrupt a
    // read, so the wait wakes now and then to look at the output.
    constexpr int WAKE_MS = 200;
    for (;;) {
        if (!output.connected()) return traits_type::eof();
        pollfd fds[2] = {{fd, POLLIN, 0}, {watchedFd, 0, 0}};  // no events asked: errors only
        const int ready = poll(fds, 2, WAKE_MS);
        if (ready < 0) {
            if (errno == EINTR) continue;
            return traits_type::eof();
        }
        if (fds[1].revents & POLLNVAL) watchedFd = -1;  // not open: nothing to watch (poll skips -1)
        else if (fds[1].revents & (POLLERR | POLLHUP)) {
            output.disconnect();
            return traits_type::eof();
        }
        if (fds[0].revents & POLLNVAL) return traits_type::eof();
        if (!(fds[0].revents & (POLLIN | POLLHUP | POLLERR))) continue;
        const ssize_t n = read(fd, buffer, sizeof buffer);
        if (n < 0 && (errno == EINTR || errno == EAGAIN)) continue;
        if (n <= 0) return traits_type::eof();
        setg(buffer, buffer, buffer + n);
        return traits_type::to_int_type(*gptr());
    }
}
#endif

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
