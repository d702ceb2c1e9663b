// The search: iterative deepening, aspiration windows, principal variation search with quiescence,
// run by one or more threads (Lazy SMP: all threads search the same root and share the
// transposition table; the main thread manages time, reports, and gives the best move).
#pragma once

#include <atomic>
#include <functional>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "eval/pawn_table.h"
#include "movegen/position.h"
#include "search/history.h"
#include "search/limits.h"
#include "search/params.h"
#include "search/strength.h"
#include "search/tablebase.h"
#include "search/timeman.h"
#include "search/tt.h"

namespace vireo {

constexpr int VALUE_DRAW = 0;
constexpr int VALUE_MATE = 32000;
constexpr int VALUE_INFINITE = 32001;
constexpr int VALUE_NONE = 32002;
constexpr int VALUE_MATE_IN_MAX_PLY = VALUE_MATE - MAX_PLY;
constexpr int mate_in(int ply) { return VALUE_MATE - ply; }
constexpr int mated_in(int ply) { return -VALUE_MATE + ply; }
constexpr bool is_mate_score(int v) { return v >= VALUE_MATE_IN_MAX_PLY || v <= -VALUE_MATE_IN_MAX_PLY; }
// Tablebase wins and losses: a band of their own just below the mate scores, VALUE_TB - ply for a win
// the tables promise `ply` plies from the root (search/tablebase.h).
constexpr int VALUE_TB = VALUE_MATE_IN_MAX_PLY - 1;
constexpr int VALUE_TB_WIN_IN_MAX_PLY = VALUE_TB - MAX_PLY;
// A mate or a tablebase result.
constexpr bool is_decisive(int v) { return v >= VALUE_TB_WIN_IN_MAX_PLY || v <= -VALUE_TB_WIN_IN_MAX_PLY; }

// The most search threads (the Threads option's maximum).
inline constexpr int MAX_THREADS = 256;

struct RootMove {
    Move move;
    int score = -VALUE_INFINITE;          // of the last search of this move (-INF: not searched)
    int previousScore = -VALUE_INFINITE;  // of the previous iteration
    Bound bound = BOUND_EXACT;
    int selDepth = 0;
    std::vector<Move> pv;
    std::uint64_t nodes = 0;   // spent on this move over the whole search (its share guides the time)
    int tbScore = VALUE_NONE;  // the tables' verdict when the root is in them: shown unless a mate is found
};

// One line of search output (an `info` line).
struct SearchReport {
    int depth = 0, selDepth = 0, multiPV = 1;
    int score = 0;
    Bound bound = BOUND_EXACT;
    std::uint64_t nodes = 0;
    std::uint64_t tbHits = 0;  // tablebase probes that found the position
    std::int64_t timeMs = 0;
    int hashfull = 0;
    std::vector<Move> pv;
};

// The settings of a search, what its threads read: the Engine's settings (EngineSettings,
// engine/engine.h) hold them with the engine's own, and Engine::go hands them to Search::start, which
// keeps a copy for the threads to read while they run. A change takes effect with the next search,
// never in a running one.
struct SearchSettings {
    int multiPV = 1;  // lines reported
    // ms kept back from the clock for the lag between the GUI's clock and ours: past the hard limit,
    // fastchess measured up to 48 ms (2+0.02, two games at once on 2 busy cores)
    std::int64_t moveOverhead = 30;
    // Limited strength (search/strength.h): a node budget, more lines searched than reported, and a
    // random choice among them. Ignored by an infinite search (analysis is at full strength).
    bool limitStrength = false;
    int elo = STRENGTH.eloMin;
    // Syzygy tablebases (search/tablebase.h): probed in the tree at depth >= syzygyProbeDepth, in
    // positions of at most syzygyProbeLimit pieces; syzygy50MoveRule: a win the fifty-move rule
    // spoils is a draw.
    int syzygyProbeDepth = 1;
    bool syzygy50MoveRule = true;
    int syzygyProbeLimit = 7;
    SearchParams params;  // the search's numbers (search/params.h): constants unless a tune build
};

// What a search (and the engine around it) reports, each called on the search thread (info,
// bestmove) or on the caller's (message).
struct SearchCallbacks {
    std::function<void(const SearchReport&)> info;
    std::function<void(Move best, Move ponder)> bestmove;
    std::function<void(const std::string&)> message;  // a note for the user, e.g. a failed allocation
};

class Worker;
struct SearchContext;

class Search {
public:
    // tb: the tables the threads probe; loaded (Tablebases::load) only while no search runs.
    Search(TranspositionTable& tt, const Tablebases& tb);
    ~Search();

    // Number of search threads; call only while no search runs.
    void set_threads(int n);
    int threads() const { return int(workers.size()); }
    // Forgets the move-ordering statistics and empties the pawn tables (a new game).
    void clear();
    // The pawn tables' probes and hits, all threads together, since the threads were made; call only
    // while no search runs.
    PawnTableStats pawn_table_stats() const;

    // Starts a search in the background. Exactly one bestmove callback follows, after stop() for an
    // infinite or ponder search, otherwise when a limit is reached.
    void start(const Position& pos, const SearchLimits& limits, const SearchSettings& settings,
               SearchCallbacks callbacks);
    // Restarts the random choices of limited strength (one draw per search that limits strength).
    void seed_strength(std::uint64_t seed);
    void stop();
    void ponderhit();
    // Waits until the search has ended and its bestmove has been sent.
    void wait();
    bool running() const { return active.load(); }
    // True once the search has decided its bestmove (from just before the bestmove callback): a GUI
    // that has read bestmove may send its next command at once, and the search is over for it.
    bool bestmove_decided() const { return decided.load(); }

    std::uint64_t nodes() const;
    // The nodes each thread searched in the search running or run last, the main thread's first (their
    // sum is nodes()).
    std::vector<std::uint64_t> thread_nodes() const;
    // The time plan of the search running or run last (from its clock, Move Overhead and parameters).
    TimePlan time_plan() const;

private:
    void main_thread_body();

    std::vector<std::unique_ptr<Worker>> workers;
    // What the threads of a search share (limits, time plan, settings, stop flag, callbacks, table,
    // node counts); each Worker holds a reference to it.
    std::unique_ptr<SearchContext> ctx;
    std::thread mainThread;
    std::atomic<bool> active{false};
    std::atomic<bool> decided{false};
};

}  // namespace vireo
