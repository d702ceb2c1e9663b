// The engine: owns the options, the transposition table and the search threads, and turns search
// results into UCI lines. One object per process; no global mutable state.
#pragma once

#include <string>

#include "engine/options.h"
#include "engine/output.h"
#include "movegen/position.h"
#include "search/search.h"
#include "search/tt.h"

namespace vireo {

class Engine {
public:
    explicit Engine(Output& out);
    ~Engine();

    Options& options() { return opts; }
    const Options& options() const { return opts; }

    // Starts a search on its own thread; info lines and exactly one bestmove follow on the output.
    void go(const Position& pos, const SearchLimits& limits);
    void stop() { search.stop(); }
    void ponderhit() { search.ponderhit(); }
    void wait() { search.wait(); }
    bool searching() const { return search.running(); }

    void new_game();
    // Allocates the hash table at its configured size if that has not happened yet.
    void ensure_hash();

    // The info line of a report, e.g. "info depth 5 seldepth 7 multipv 1 score cp 31 nodes ...";
    // with showWdl the win/draw/loss estimate too. Uses no option: it runs on the search thread
    // while setoption may change them.
    static std::string info_line(const SearchReport& r, const Position& root, bool showWdl);

private:
    Output& out;
    Options opts;
    TranspositionTable tt;
    Search search;
    std::size_t hashWanted = 16;
};

}  // namespace vireo
