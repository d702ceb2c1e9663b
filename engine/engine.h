// The engine: owns the position, the transposition table, the search threads and the typed settings;
// searches, counts perft, runs bench and EPD suites. It speaks no protocol: it reports through
// callbacks with plain data (SearchReport, Move, perft counts, bench results), which the UCI front
// end (engine/uci.h) and the command line (engine/main.cpp) format. One object per process; no
// global mutable state. Its callbacks are the search's type (search/search.h); its settings are the
// search's (SearchSettings) and its own (EngineSettings below).
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

using PerftDivide = std::vector<std::pair<Move, std::uint64_t>>;

// The settings of the engine: those of its searches (SearchSettings, search/search.h) and those the
// engine reads itself. The UCI options set them (engine/uci.cpp registers them) in the Engine's copy
// (Engine::settings); Engine::go hands the search's part to Search::start. A change takes effect with
// the next search, never in a running one.
struct EngineSettings : SearchSettings {
    int threads = 1;
    std::size_t hashMB = DEFAULT_HASH_MB;  // the table's size (after a failed allocation: the size kept)
    bool ponder = false;
    bool chess960 = false;  // positions set from text are read (and their moves written) as Chess960
    bool showWDL = false;
    int rootMaterial = 78;  // the root position's material (wdl_material, engine/wdl.h; 78 at the start): go sets it
    bool perftHash = true;  // `go perft` with depth >= 6 uses a hash table of hashMB (option PerftHash)
    std::string debugLogFile;
    std::string syzygyPath;          // folders of Syzygy tables (':'-separated, ';' on Windows); empty: none
    std::uint64_t strengthSeed = 0;  // 0: the random choices of limited strength draw a seed at start-up;
                                     // any other value makes each game (from ucinewgame) repeat exactly
                                     // with one thread
};

class Engine {
public:
    Engine();
    ~Engine();

    // Reports of the searches (info, bestmove) and notes for the user (message).
    void set_callbacks(SearchCallbacks cb) { callbacks = std::move(cb); }

    // The settings for the next search. Threads, Hash and Strength Seed are best changed through
    // set_threads, set_hash and set_strength_seed, which apply them at once when no search runs.
    EngineSettings& settings() { return config; }
    const EngineSettings& settings() const { return config; }
    // The settings of the search running (or run last), fixed when it started (its threads read a
    // copy of their SearchSettings part), with `chess960` and `rootMaterial` those of its root
    // position. Safe to read from the callbacks.
    const EngineSettings& search_settings() const { return running; }

    void set_threads(int n);
    // The search threads' node counts and the time plan of the search running or run last
    // (Search::thread_nodes, Search::time_plan).
    std::vector<std::uint64_t> thread_nodes() const { return search.thread_nodes(); }
    TimePlan time_plan() const { return search.time_plan(); }
    void set_hash(std::size_t mb);
    // Loads the Syzygy tables of `path` (settings().syzygyPath; empty: none) and reports what it found through the
    // message callback; during a search, at the next go (the search threads probe the tables).
    void set_syzygy_path(const std::string& path);
    const Tablebases& tablebases() const { return tb; }
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

    // Searches every bench position to `depth` with a fresh table of BENCH_HASH_MB and fresh statistics each time,
    // so that with one thread the count is the same on every run; `onPosition` gets each result.
    // More threads measure time to depth (Lazy SMP); their node counts vary from run to run. Leaves
    // the table and the statistics cleared.
    BenchResult bench(int depth, int threads, const std::function<void(const BenchPosition&)>& onPosition);

    // Searches each position of an EPD file within `limits` (movetime or nodes; with the Threads and
    // Hash settings), the table and statistics cleared before each; a position is solved when the
    // best move is one of its `bm` moves and none of its `am` moves. `print` gets one line per
    // position, and one naming each line it skips (engine/suite.cpp). With one thread and a node
    // limit the score is the same on every run.
    SuiteResult epd_suite(const std::string& path, const SearchLimits& limits,
                          const std::function<void(const std::string&)>& print);

private:
    // Searches `root` to the end with no reports; returns the best move.
    Move search_quietly(const Position& root, const SearchLimits& limits, const SearchSettings& s);
    void apply_syzygy_path();  // loads settings().syzygyPath if it changed and no search runs
    // No search runs: a search whose bestmove is decided counts as over (a GUI that has read its
    // bestmove may set an option at once), so its thread is joined first.
    bool idle();
    void message(const std::string& text) const {
        if (callbacks.message) callbacks.message(text);
    }

    SearchCallbacks callbacks;
    EngineSettings config;
    EngineSettings running;  // search_settings(): written by go() alone, while no search runs
    Position pos;
    TranspositionTable tt;
    Tablebases tb;                 // Fathom's tables, behind the one object that loads them (search/tablebase.h)
    std::string loadedSyzygyPath;  // the SyzygyPath last applied (loaded, or reported as empty)
    Search search;
};

}  // namespace vireo
