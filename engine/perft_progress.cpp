#include "engine/perft_progress.h"

namespace vireo {

PerftProgress::PerftProgress(std::FILE* terminal, std::size_t rootMoves, std::chrono::milliseconds delay)
    : terminal(terminal), rootMoves(rootMoves), delay(delay) {
    ticker = std::thread([this] {
        std::unique_lock lock(mutex);
        while (!wake.wait_for(lock, std::chrono::seconds(1), [this] { return finished; }))
            if (std::chrono::steady_clock::now() - start >= this->delay) draw();
    });
}

PerftProgress::~PerftProgress() { all_counted(); }

void PerftProgress::all_counted() {
    {
        std::lock_guard lock(mutex);
        finished = true;
        erase();
    }
    wake.notify_all();
    if (ticker.joinable()) ticker.join();
}

void PerftProgress::root_move(std::uint64_t nodesSoFar, std::size_t movesDone, const std::function<void()>& print) {
    std::lock_guard lock(mutex);
    const bool wasShown = shown;
    erase();
    print();
    nodes = nodesSoFar;
    done = movesDone;
    if (wasShown) draw();
}

void PerftProgress::draw() {
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    // Carriage return, the status, then erase to the end of the line (a shorter status after a longer one).
    std::fprintf(terminal, "\r%llu nodes so far, %zu/%zu root moves, %.0f s\x1b[K", (unsigned long long)nodes, done,
                 rootMoves, seconds);
    std::fflush(terminal);
    shown = true;
}

void PerftProgress::erase() {
    if (!shown) return;
    std::fputs("\r\x1b[K", terminal);
    std::fflush(terminal);
    shown = false;
}

}  // namespace vireo
