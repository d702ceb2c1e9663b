// The inside of the search, shared by its files: SearchContext, what the threads of one search share
// (its methods in context.cpp: node counts, limits, the info lines, limited strength), and Worker,
// one search thread (its methods in search.cpp: the alpha-beta search of one thread). threads.cpp
// starts, stops and joins the threads (Search). Not for use outside search/.
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <new>
#include <optional>
#include <vector>

#include "eval/eval_cache.h"
#include "eval/evaluate.h"
#include "eval/pawn_table.h"
#include "search/history.h"
#include "search/large_pages.h"
#include "search/params.h"
#include "search/search.h"

namespace vireo {

inline std::int64_t now_ms() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

// Where a position's entries sit in the correction tables: found once per node, used to correct the
// static evaluation and, after the search of the node, to update the tables.
struct CorrectionSlots {
    std::size_t pawn = 0;
    std::size_t nonPawn[COLOR_NB] = {};
};

// Late-move reductions by depth and move number: lmrTableBase + ln(depth) ln(move number) /
// lmrTableDivisor (both in hundredths), rebuilt when a search starts with other values.
struct ReductionTable {
    int r[64][64] = {};
    int base = -1, divisor = -1;  // the parameters it was built with

    // The reduction at a depth and move number, both capped at the table's last row and column.
    int at(int depth, int moveNumber) const { return r[std::min(depth, 63)][std::min(moveNumber, 63)]; }

    void update(const SearchParams& p) {
        if (base == p.lmrTableBase && divisor == p.lmrTableDivisor) return;
        base = p.lmrTableBase;
        divisor = p.lmrTableDivisor;
        for (int d = 0; d < 64; ++d)
            for (int m = 0; m < 64; ++m)
                r[d][m] =
                    d && m ? int(base / 100.0 + std::log(double(d)) * std::log(double(m)) / (divisor / 100.0)) : 0;
    }
};

// How long the search waits before it reports a window's failure within an iteration (info lines
// then come at most once per re-search). Not tuned: it changes what the GUI shows, not the play.
inline constexpr std::int64_t REPORT_DURING_ITERATION_MS = 3000;

// Nodes between two looks at the limits (Worker::count_node): the main thread's, without a node
// limit (with one it looks at every node); a helper's, with a node limit (it has only that limit to
// watch, and without one never looks).
inline constexpr int LIMITS_CHECK_INTERVAL = 1024;
inline constexpr int HELPER_NODE_CHECK_INTERVAL = 64;
inline constexpr int NEVER_CHECK = 1 << 30;  // a helper without a node limit

// The running average of the table's hit rate in negamax (Worker::ttHitAverage): each probe keeps
// (TT_HIT_WINDOW - 1) / TT_HIT_WINDOW of it, in 1/TT_HIT_GRAIN units of a hit. Stockfish 11's numbers;
// the shape of an average, not tuned.
inline constexpr std::uint64_t TT_HIT_WINDOW = 4096;
inline constexpr std::uint64_t TT_HIT_GRAIN = 1024;

class Worker;

// What the threads of one search share. Search owns it; the limits, settings, callbacks and time
// plan are set by Search::start before the threads run and only read while they run.
struct SearchContext {
    SearchContext(TranspositionTable& t, const Tablebases& tables, const std::vector<std::unique_ptr<Worker>>& w)
        : tt(t), tb(tables), workers(w) {}

    TranspositionTable& tt;
    const Tablebases& tb;
    const std::vector<std::unique_ptr<Worker>>& workers;  // for the node count of all threads
    SearchLimits limits;
    SearchSettings settings;
    SearchCallbacks callbacks;
    StrengthLimit strength;         // of this search (limit_strength): the default is full strength
    std::uint64_t strengthRng = 0;  // limited strength's random choices (SplitMix64): one draw per search
    TimePlan timePlan;
    ReductionTable reductions;            // from settings.params
    int searchedLines = 1;                // root lines searched: MultiPV, or more to choose among (limited strength)
    int tbProbeLimit = 0;                 // pieces up to which the tree probes the tables (0: never)
    std::uint64_t rootTbHits = 0;         // the root's probes (ranking its moves)
    std::int64_t minThinkMs = 0;          // limited strength: the bestmove is held until the clock shows this
    std::atomic<bool> stopFlag{false};    // the threads stop: a limit was reached, or stop() was called
    std::atomic<bool> stopCalled{false};  // stop() was called: the bestmove is due now
    std::atomic<bool> pondering{false};
    // ms on the steady clock. The search started at startTime (the info lines' `time` counts from
    // it); the clock limits count from clockStart, which ponderhit moves forward.
    std::int64_t startTime = 0;
    std::atomic<std::int64_t> clockStart{0};

    // Wakes the main thread where it holds the bestmove of an infinite or ponder search.
    std::mutex holdMutex;
    std::condition_variable holdCv;

    std::uint64_t nodes() const;
    std::uint64_t tb_hits() const;
    // ms since the search started (reports), and on our clock (limits).
    std::int64_t elapsed() const { return now_ms() - startTime; }
    std::int64_t clock_elapsed() const { return now_ms() - clockStart.load(std::memory_order_relaxed); }
    // A limit was reached (or the GUI said stop, with user = true): the threads stop. Only stop()
    // releases the bestmove of an infinite or ponder search early.
    void request_stop(bool user = false) {
        if (stopFlag.load(std::memory_order_relaxed) && (!user || stopCalled.load())) return;  // done before
        {
            std::lock_guard<std::mutex> lock(holdMutex);
            stopFlag.store(true);
            if (user) stopCalled.store(true);
        }
        holdCv.notify_all();
    }
    void check_limits();  // main thread, every few nodes
    // Limited strength (search/strength.h). When a search starts: its limit (settings.limitStrength and
    // elo, a seed drawn from strengthRng), its node budget, the lines searched and the minimum think
    // time. When it ends: the line played, chosen among the main thread's lines of the last complete
    // iteration (the best line at full strength).
    void limit_strength(Color us);
    const RootMove& played_line(const Worker& main);
    SearchReport make_report(const RootMove& rm, int depth, int multiPV, bool searched) const;
    // The info lines of the main thread's root lines shown (MultiPV).
    void report(const Worker& main, int depth) const;
};

// One search thread: its own copy of the position, statistics and stack.
class Worker {
public:
    Worker(SearchContext& ctx, int id) : ctx(ctx), params(ctx.settings.params), id(id) {}

    // On large pages (search/large_pages.h): the histories alone are over 2 MB, read at random.
    static void* operator new(std::size_t bytes) {
        if (void* p = alloc_large(bytes)) return p;
        throw std::bad_alloc();
    }
    static void operator delete(void* p) { free_large(p); }

    void prepare(const Position& root, const std::vector<Move>& moves);
    void iterate();

    std::atomic<std::uint64_t> nodes{0};
    std::atomic<std::uint64_t> tbHits{0};
    std::vector<RootMove> rootMoves;
    int completedDepth = 0;
    // Main thread, limited strength: the lines of the last complete iteration, best first.
    std::vector<RootMove> lastComplete;
    int lastCompleteDepth = 0;
    Histories hist;
    PawnTable pawnTable;  // this thread's: the evaluation's pawn terms by pawn structure
    EvalCache evalCache;  // this thread's: whole evaluations by position
    Position pos;

private:
    struct Stack {
        Move pv[MAX_PLY + 1];
        int pvLength = 0;
        Move move;
        Piece moved = NO_PIECE;
        PieceToHistory* contHist = nullptr;  // the continuation history of (in check, noisy, moved, move.to())
        Move excluded;                       // the move a singular-extension search leaves out
        int doubleExtensions = 0;            // double extensions on the line to this node
        int staticEval = VALUE_NONE;
        bool quiet = false;    // the move made here is quiet (set for negamax's and the root's moves)
        bool ttPv = false;     // this node is or was on a principal variation (its table entry says so)
        int cutoffCnt = 0;     // fail-highs of this node's children so far (its parent's LMR reads it)
        int moveCount = 0;     // moves tried here so far, the one being searched included (the child's LMR reads it)
        int statScore = 0;     // the quiet history of the move being searched, less an offset (0 for others)
        CorrectionSlots corr;  // the correction-table entries of the position, with staticEval
        Bitboard threats = 0;  // the squares the opponent of the side to move attacks (negamax and the root)
        Move killers[2];
    };

    int root_search(int depth, int alpha, int beta, int pvIndex);
    // Puts the root moves from `from` on in the order the move picker would hand them out.
    void order_root_moves(std::size_t from);
    template <bool PV>
    int negamax(int alpha, int beta, int depth, int ply, bool cutNode);
    // checks: quiescence's first ply, which also tries the quiet moves that give check.
    template <bool PV>
    int qsearch(int alpha, int beta, int ply, bool checks);

    void count_node() {
        nodes.store(nodes.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
        if (++checkCounter < checkInterval) return;
        checkCounter = 0;
        if (id == 0) ctx.check_limits();
        // Helpers watch a node limit too: were the main thread descheduled, they would run past it.
        else if (ctx.limits.nodes && ctx.nodes() >= ctx.limits.nodes) ctx.request_stop();
    }
    // A stop is ignored until depth 1 is complete: the bestmove must come from at least a completed
    // depth-1 search, so that the engine never plays an unsearched (garbage) move.
    bool stopped() const { return ctx.stopFlag.load(std::memory_order_relaxed) && completedDepth > 0; }
    void update_pv(int ply, Move m) {
        Stack& s = stack[ply];
        const Stack& child = stack[ply + 1];
        s.pv[0] = m;
        for (int i = 0; i < child.pvLength; ++i) s.pv[i + 1] = child.pv[i];
        s.pvLength = child.pvLength + 1;
    }
    // Step "a new best move" of the root, negamax and quiescence: a score above bestScore is the new
    // best score; above alpha too, m is the best move (and on a PV node heads the pv), and the score
    // the new alpha unless it reaches beta. Returns true then: a cutoff, the node tries no more moves.
    template <bool PV>
    bool update_best(int ply, Move m, int score, int beta, int& bestScore, int& alpha, Move& bestMove) {
        if (score <= bestScore) return false;
        bestScore = score;
        if (score <= alpha) return false;
        bestMove = m;
        if (PV) update_pv(ply, m);
        if (score >= beta) return true;
        alpha = score;
        return false;
    }
    // After a quiet move cut: the killers and the counter-move, and the histories (best + bonus, the
    // quiet moves tried before it - bonus).
    void update_quiet_stats(int ply, Move best, int bonus, const Move* tried, int triedCount);
    void update_capture_stats(Move best, int depth, const Move* tried, int triedCount);
    void punish_quiets(int ply, int depth, const Move* tried, int triedCount);
    // Moves a quiet move's butterfly and continuation histories (CONT_PLIES back) by value.
    void update_quiet_history(int ply, Move m, int value);
    // Moves the continuation histories (CONT_PLIES back) of a quiet move of piece pc to `to` at this ply by value.
    void update_continuation(int ply, Piece pc, Square to, int value) {
        for (int back : CONT_PLIES)
            if (stack[ply - back].moved != NO_PIECE) Histories::update((*stack[ply - back].contHist)[pc][to], value);
    }
    // Records the move made at this ply, for the continuation histories of the plies below: made in
    // check or not, noisy (a capture or promotion) or not. quiet says whether the search treats it as a
    // quiet move (negamax and the root say so; null moves, ProbCut and quiescence never).
    void set_move(int ply, Move m, Piece moved, bool inCheck, bool noisy, bool quiet = false) {
        stack[ply].move = m;
        stack[ply].moved = moved;
        stack[ply].quiet = quiet;
        stack[ply].contHist = &hist.continuation[inCheck][noisy][moved][m && m != Move::null() ? m.to() : 0];
    }
    int capture_history(const Board& b, Move m) const {
        return hist.capture[b.piece_on(m.from())][m.to()][b.captured_type(m)];
    }
    int quiet_history(const Board& b, int ply, Move m) const {
        const PieceToHistory* cont[CONT_COUNT];
        continuations(ply, cont);
        return hist.quiet(b.side, stack[ply].threats, b.piece_on(m.from()), m, cont, CONT_SEARCHED);
    }
    // The continuation histories a quiet move at this ply reads: those of the moves CONT_PLIES back.
    void continuations(int ply, const PieceToHistory** out) const {
        for (int i = 0; i < CONT_COUNT; ++i) out[i] = stack[ply - CONT_PLIES[i]].contHist;
    }
    // The slots the static evaluation of b will read (the evaluation cache's, the pawn table's, the
    // correction histories' at `at`), on their way while the node probes the transposition table:
    // each misses the processor's caches often enough to show in a profile.
    void prefetch_eval(const Board& b, const CorrectionSlots& at) const {
        evalCache.prefetch(b);
        pawnTable.prefetch(b.pawnKey);
        __builtin_prefetch(&hist.correction[b.side][at.pawn]);
        __builtin_prefetch(&hist.nonPawnCorrection[b.side][WHITE][at.nonPawn[WHITE]]);
        __builtin_prefetch(&hist.nonPawnCorrection[b.side][BLACK][at.nonPawn[BLACK]]);
    }
    // The static evaluation of a position, from this thread's evaluation cache when it holds it.
    int static_eval(const Board& b) {
        if (const std::optional<int> cached = evalCache.probe(b)) return *cached;
        const int v = evaluate(b, &pawnTable);
        evalCache.store(b, v);
        return v;
    }
    // The static evaluation corrected by what searches found in positions with the same pawns, and
    // with the same pieces of either colour (pawns aside): a weighted sum of the three tables.
    int corrected_eval(const Board& b, const CorrectionSlots& at, int raw) const {
        const int c = hist.correction[b.side][at.pawn] * params.corrPawnWeight +
                      (hist.nonPawnCorrection[b.side][WHITE][at.nonPawn[WHITE]] +
                       hist.nonPawnCorrection[b.side][BLACK][at.nonPawn[BLACK]]) *
                          params.corrNonPawnWeight;
        const int v = raw + c / (CORRECTION_GRAIN * 128);
        return std::clamp(v, -VALUE_MATE_IN_MAX_PLY + 1, VALUE_MATE_IN_MAX_PLY - 1);
    }
    void update_correction(const Board& b, const CorrectionSlots& at, int depth, int diff) {
        const int weight = std::min(depth + 1, params.corrUpdateMaxWeight);
        auto learn = [&](int& e) {
            e = (e * (params.corrUpdateScale - weight) + diff * CORRECTION_GRAIN * weight) / params.corrUpdateScale;
            e = std::clamp(e, -CORRECTION_MAX, CORRECTION_MAX);
        };
        learn(hist.correction[b.side][at.pawn]);
        learn(hist.nonPawnCorrection[b.side][WHITE][at.nonPawn[WHITE]]);
        learn(hist.nonPawnCorrection[b.side][BLACK][at.nonPawn[BLACK]]);
    }

    SearchContext& ctx;          // shared with the other threads of the search
    const SearchParams& params;  // the search's numbers: ctx.settings.params
    const int id;
    int selDepth = 0;
    int checkCounter = 0;
    int checkInterval = LIMITS_CHECK_INTERVAL;
    int nullMoveBanPly = 0;  // null moves are off below this ply while verifying one
    // The table's hit rate in negamax as a running average (hits x TT_HIT_WINDOW x TT_HIT_GRAIN at a
    // hit rate of 1), half at the start of a search.
    std::uint64_t ttHitAverage = TT_HIT_WINDOW * TT_HIT_GRAIN / 2;
    // More than lmrTTHitRate 1024ths of the table's recent probes hit.
    bool tt_hit_rate_high() const {
        return ttHitAverage > std::uint64_t(params.lmrTTHitRate) * TT_HIT_WINDOW * TT_HIT_GRAIN / 1024;
    }
    // stack[-6] to stack[-1] are sentinels before the root (no move, an empty continuation history).
    static constexpr int SENTINELS = 6;
    static_assert(SENTINELS >= CONT_PLIES[CONT_COUNT - 1]);
    Stack stackBuffer[MAX_PLY + 2 + SENTINELS];
    Stack* const stack = stackBuffer + SENTINELS;
};

}  // namespace vireo
