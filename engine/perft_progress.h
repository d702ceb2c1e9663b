// The command line's perft progress on a terminal: after a few seconds, a status line on standard
// error (the nodes counted so far, the root moves done, the elapsed time) redrawn once a second in
// place. Standard output gets nothing extra: each root move's line is printed with the status line
// erased first and redrawn after, so the two never share a terminal line.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <mutex>
#include <thread>

#include "engine/uci.h"

namespace vireo {

class PerftProgress : public UCIEngine::PerftObserver {
public:
    // Writes to `terminal` (standard error), only after `delay`, and only for a run of `rootMoves` moves.
    PerftProgress(std::FILE* terminal, std::size_t rootMoves,
                  std::chrono::milliseconds delay = std::chrono::seconds(3));
    ~PerftProgress() override;
    PerftProgress(const PerftProgress&) = delete;
    PerftProgress& operator=(const PerftProgress&) = delete;

    void root_move(std::uint64_t nodesSoFar, std::size_t movesDone, const std::function<void()>& print) override;
    // Stops the ticker and erases the status line (the destructor does it too).
    void all_counted() override;

private:
    void draw();   // with the lock held
    void erase();  // with the lock held

    std::FILE* terminal;
    std::size_t rootMoves;
    std::chrono::milliseconds delay;
    std::chrono::steady_clock::time_point start = std::chrono::steady_clock::now();
    std::mutex mutex;
    std::condition_variable wake;
    bool finished = false;
    bool shown = false;
    std::uint64_t nodes = 0;
    std::size_t done = 0;
    std::thread ticker;
};

}  // namespace vireo
