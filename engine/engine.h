// The engine: owns the position, the transposition table, the search threads and the typed settings;
// searches, counts perft, runs bench and EPD suites. It speaks no protocol: it reports through
// callbacks with plain data (SearchReport, Move, perft counts, bench results), which the UCI front
// end (engine/uci.h) and the command line (engine/main.cpp) format. One object per process; no
// global mutable state.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "engine/bench.h"
#include "engine/suite.h"
#include "movegen/position.h"
#include "search/search.h"
#include "search/tt.h"

namespace vireo {

// What the engine can be told to use. The UCI options set it (engine/uci.cpp registers them); a
// change takes effect with the next search, never in a running one.
struct EngineSettings {
    int threads = 1;
    std::size_t hashMB = 16;
    int multiPV = 1;
    std::int64_t moveOverhead = 10;
    bool ponder = false;
    bool chess960 = false;  // positions set from text are read (and their moves written) as Chess960
    bool showWDL = false;
    bool perftHash = true;  // `go perft` with depth >= 6 uses a hash table of hashMB (option PerftHash)
    std::string debugLogFile;
    // Limited strength (search/strength.h): off is full strength. The seed of the random choices:
    // 0 draws one at start-up; any other value makes each game (from ucinewgame) repeat exactly
    // with one thread.
    bool limitStrength = false;
    int elo = STRENGTH.eloMin;
    std::uint64_t strengthSeed = 0;
};

using PerftDivide = std::vector<std::pair<Move, std::uint64_t>>;

class Engine {
public:
    // Called on the search thread (info, bestmove) or on the caller's (message).
    struct Callbacks {
        std::function<void(const SearchReport&)> info;
        std::function<void(Move best, Move ponder)> bestmove;
        std::function<void(const std::string&)> message;  // a note for the user, e.g. a failed allocation
    };

    Engine();
    ~Engine();

    void set_callbacks(Callbacks cb) { callbacks = std::move(cb); }

    // The settings for the next search. Threads and Hash are best changed through set_threads and
    // set_hash, which apply them at once when no search runs.
    EngineSettings& settings() { return config; }
    const EngineSettings& settings() const { return config; }
    // The settings of the search running (or run last), fixed when it started, with `chess960` that
    // of its root position. Safe to read from the callbacks.
    const EngineSettings& search_settings() const { return searchConfig; }

    void set_threads(int n);
    void set_hash(std::size_t mb);
    void clear_hash();

    void set_position(Position p) { pos = std::move(p); }
    const Position& position() const { return pos; }

    // Starts a search of the position on its own thread; info reports and exactly one bestmove follow
    // through the callbacks.
    void go(const SearchLimits& limits);
    void stop() { search.stop(); }
    void ponderhit() { search.ponderhit(); }
    void wait() { search.wait(); }
    bool searching() const { return search.running(); }

    // Starts a game: clears the table and statistics, and restarts the random choices of limited
    // strength from the Strength Seed (if not 0).
    void new_game();
    void set_strength_seed(std::uint64_t seed);
    // Allocates the hash table at its configured size if that has not happened yet.
    void ensure_hash();

    // The leaf count of each root move of the position, with the Threads setting and a hash table
    // of hashMB megabytes (0: none). onRootMove, if given, is told of each root move as soon as it
    // is counted (see PerftSettings).
    PerftDivide perft(int depth, std::size_t hashMB,
                      std::function<void(std::size_t index, Move move, std::uint64_t count)> onRootMove = {});

    // Searches every bench position to `depth` with a fresh 16 MB table and fresh statistics each time,
    // so that with one thread the count is the same on every run; `onPosition` gets each result.
    // More threads measure time to depth (Lazy SMP); their node counts vary from run to run. Leaves
    // the table and the statistics cleared.
    BenchResult bench(int depth, int threads, const std::function<void(const BenchPosition&)>& onPosition);

    // Searches each position of an EPD file for movetimeMs (with the Threads and Hash settings); a
    // position is solved when the best move is one of its `bm` moves and none of its `am` moves.
    // `print` gets one line per position (engine/suite.cpp).
    SuiteResult epd_suite(const std::string& path, std::int64_t movetimeMs,
                          const std::function<void(const std::string&)>& print);

private:
    // Searches `root` to the end with no reports; returns the best move.
    Move search_quietly(const Position& root, const SearchLimits& limits, const SearchSettings& s);
    void message(const std::string& text) const {
        if (callbacks.message) callbacks.message(text);
    }

    Callbacks callbacks;
    EngineSettings config;
    EngineSettings searchConfig;
    Position pos;
    TranspositionTable tt;
    Search search;
    std::size_t hashWanted = 16;  // the size to allocate: the setting, or what a failed allocation left
    std::uint64_t rngState = 0;   // limited strength's random choices (SplitMix64); one draw per search
};

}  // namespace vireo
