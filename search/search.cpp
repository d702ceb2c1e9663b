#include "search.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <mutex>

#include "eval/evaluate.h"
#include "eval/pawn_table.h"
#include "search/movepick.h"
#include "search/params.h"

namespace vireo {

namespace {

std::int64_t now_ms() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

// Mate scores are stored relative to the node, so that they stay right wherever the entry is found.
int score_to_tt(int v, int ply) {
    if (v == VALUE_NONE) return v;
    return v >= VALUE_MATE_IN_MAX_PLY ? v + ply : v <= -VALUE_MATE_IN_MAX_PLY ? v - ply : v;
}
int score_from_tt(int v, int ply) {
    if (v == VALUE_NONE) return v;
    return v >= VALUE_MATE_IN_MAX_PLY ? v - ply : v <= -VALUE_MATE_IN_MAX_PLY ? v + ply : v;
}

// Late-move reductions by depth and move number.
struct ReductionTable {
    int r[64][64];
    ReductionTable() {
        for (int d = 0; d < 64; ++d)
            for (int m = 0; m < 64; ++m)
                r[d][m] = d && m ? int(0.75 + std::log(double(d)) * std::log(double(m)) / 2.25) : 0;
    }
};
const ReductionTable REDUCTIONS;

bool has_non_pawn_material(const Board& b, Color c) { return b.pieces(c) & ~(b.pieces(PAWN) | b.pieces(KING)); }

// An index into a correction table from one colour's pieces other than pawns (king included): a
// hash of their bitboards, computed when needed rather than kept up to date by every move.
std::size_t non_pawn_index(const Board& b, Color c) {
    constexpr std::uint64_t MUL[5] = {0x9E3779B97F4A7C15ull, 0xC2B2AE3D27D4EB4Full, 0x165667B19E3779F9ull,
                                      0xD6E8FEB86659FD93ull, 0xFF51AFD7ED558CCDull};
    std::uint64_t h = 0;
    for (int i = 0; i < 5; ++i) {
        const std::uint64_t x = b.pieces(c, PieceType(KNIGHT + i)) * MUL[i];
        h ^= x ^ (x >> 29);
    }
    return std::size_t((h * 0x2545F4914F6CDD1Dull) >> 50) % CORRECTION_SIZE;
}

// Where a position's entries sit in the correction tables: found once per node, used to correct the
// static evaluation and, after the search of the node, to update the tables.
struct CorrectionSlots {
    std::size_t pawn = 0;
    std::size_t nonPawn[COLOR_NB] = {};
};
CorrectionSlots correction_slots(const Board& b) {
    return {b.pawnKey % CORRECTION_SIZE, {non_pawn_index(b, WHITE), non_pawn_index(b, BLACK)}};
}

}  // namespace

// What the threads of one search share. Search owns it; the limits, settings, callbacks and time
// plan are set by Search::start before the threads run and only read while they run.
struct SearchContext {
    explicit SearchContext(TranspositionTable& t, const std::vector<std::unique_ptr<Worker>>& w) : tt(t), workers(w) {}

    TranspositionTable& tt;
    const std::vector<std::unique_ptr<Worker>>& workers;  // for the node count of all threads
    SearchLimits limits;
    SearchSettings settings;
    SearchCallbacks callbacks;
    TimePlan timePlan;
    int searchedLines = 1;                // root lines searched: MultiPV, or more to choose among (limited strength)
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
    SearchReport make_report(const RootMove& rm, int depth, int multiPV, bool searched) const;
};

// One search thread: its own copy of the position, statistics and stack.
class Worker {
public:
    Worker(SearchContext& c, int id) : search(c), id(id) {}

    void prepare(const Position& root, const std::vector<Move>& moves);
    void iterate();

    std::atomic<std::uint64_t> nodes{0};
    std::vector<RootMove> rootMoves;
    int completedDepth = 0;
    // Main thread, limited strength: the lines of the last complete iteration, best first.
    std::vector<RootMove> lastComplete;
    int lastCompleteDepth = 0;
    Histories hist;
    PawnTable pawnTable;  // this thread's: the evaluation's pawn terms by pawn structure
    Position pos;

private:
    struct Stack {
        Move pv[MAX_PLY + 1];
        int pvLength = 0;
        Move move;
        Piece moved = NO_PIECE;
        PieceToHistory* contHist = nullptr;  // the continuation history of (moved, move.to())
        Move excluded;                       // the move a singular-extension search leaves out
        int doubleExtensions = 0;            // double extensions on the line to this node
        int staticEval = VALUE_NONE;
        bool quiet = false;    // the move made here is quiet (set for negamax's and the root's moves)
        bool ttPv = false;     // this node is or was on a principal variation (its table entry says so)
        int cutoffCnt = 0;     // fail-highs of this node's children so far (its parent's LMR reads it)
        CorrectionSlots corr;  // the correction-table entries of the position, with staticEval
        Move killers[2];
    };

    int root_search(int depth, int alpha, int beta, int pvIndex);
    template <bool PV>
    int negamax(int alpha, int beta, int depth, int ply, bool cutNode);
    template <bool PV>
    int qsearch(int alpha, int beta, int ply);

    void count_node() {
        nodes.store(nodes.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
        if (++checkCounter < checkInterval) return;
        checkCounter = 0;
        if (id == 0) search.check_limits();
        // Helpers watch a node limit too: were the main thread descheduled, they would run past it.
        else if (search.limits.nodes && search.nodes() >= search.limits.nodes) search.request_stop();
    }
    // A stop is ignored until depth 1 is complete: the bestmove must come from at least a completed
    // depth-1 search, so that the engine never plays an unsearched (garbage) move.
    bool stopped() const { return search.stopFlag.load(std::memory_order_relaxed) && completedDepth > 0; }
    void update_pv(int ply, Move m) {
        Stack& s = stack[ply];
        const Stack& child = stack[ply + 1];
        s.pv[0] = m;
        for (int i = 0; i < child.pvLength; ++i) s.pv[i + 1] = child.pv[i];
        s.pvLength = child.pvLength + 1;
    }
    void update_quiet_stats(int ply, Move best, int depth, const Move* tried, int triedCount);
    void update_capture_stats(Move best, int depth, const Move* tried, int triedCount);
    void punish_quiets(int ply, int depth, const Move* tried, int triedCount);
    // Moves a quiet move's butterfly and continuation histories (1 and 2 plies back) by value.
    void update_quiet_history(int ply, Move m, int value);
    // Records the move made at this ply, for the continuation histories of the plies below; quiet says
    // whether it is a quiet move (negamax and the root say so; null moves and quiescence never).
    void set_move(int ply, Move m, Piece moved, bool quiet = false) {
        stack[ply].move = m;
        stack[ply].moved = moved;
        stack[ply].quiet = quiet;
        stack[ply].contHist = &hist.continuation[moved][m && m != Move::null() ? m.to() : 0];
    }
    int capture_history(const Board& b, Move m) const {
        const PieceType victim = m.kind() == Move::EN_PASSANT ? PAWN : type_of(b.piece_on(m.to()));
        return hist.capture[b.piece_on(m.from())][m.to()][victim];
    }
    int quiet_history(const Board& b, int ply, Move m) const {
        return hist.quiet(b.side, b.piece_on(m.from()), m, stack[ply - 1].contHist, stack[ply - 2].contHist);
    }
    void report(int depth);
    // The static evaluation corrected by what searches found in positions with the same pawns, and
    // with the same pieces of either colour (pawns aside): a weighted sum of the three tables.
    int corrected_eval(const Board& b, const CorrectionSlots& at, int raw) const {
        const int c = hist.correction[b.side][at.pawn] * params::corrPawnWeight +
                      (hist.nonPawnCorrection[b.side][WHITE][at.nonPawn[WHITE]] +
                       hist.nonPawnCorrection[b.side][BLACK][at.nonPawn[BLACK]]) *
                          params::corrNonPawnWeight;
        const int v = raw + c / (CORRECTION_GRAIN * 128);
        return std::clamp(v, -VALUE_MATE_IN_MAX_PLY + 1, VALUE_MATE_IN_MAX_PLY - 1);
    }
    void update_correction(const Board& b, const CorrectionSlots& at, int depth, int diff) {
        const int weight = std::min(depth + 1, 16);
        auto learn = [&](int& e) {
            e = (e * (256 - weight) + diff * CORRECTION_GRAIN * weight) / 256;
            e = std::clamp(e, -CORRECTION_MAX, CORRECTION_MAX);
        };
        learn(hist.correction[b.side][at.pawn]);
        learn(hist.nonPawnCorrection[b.side][WHITE][at.nonPawn[WHITE]]);
        learn(hist.nonPawnCorrection[b.side][BLACK][at.nonPawn[BLACK]]);
    }

    SearchContext& search;  // shared with the other threads of the search
    const int id;
    int selDepth = 0;
    int checkCounter = 0;
    int checkInterval = 1024;
    int nullMoveBanPly = 0;  // null moves are off below this ply while verifying one
    // stack[-2] and stack[-1] are sentinels before the root (no move, an empty continuation history).
    Stack stackBuffer[MAX_PLY + 4];
    Stack* const stack = stackBuffer + 2;
};

void Worker::prepare(const Position& root, const std::vector<Move>& moves) {
    pos = root;
    rootMoves.clear();
    for (Move m : moves) rootMoves.push_back(RootMove{m, -VALUE_INFINITE, -VALUE_INFINITE, BOUND_EXACT, 0, {m}});
    nodes = 0;
    completedDepth = 0;
    lastComplete.clear();
    lastCompleteDepth = 0;
    selDepth = 0;
    checkCounter = 0;
    // Exact node limits are checked at every node by the main thread and every 64 nodes by each
    // helper (a helper only has the node limit to check: 1024 would never be reached otherwise).
    checkInterval = search.limits.nodes ? (id == 0 ? 1 : 64) : (id == 0 ? 1024 : 1 << 30);
    nullMoveBanPly = 0;
    for (Stack& s : stackBuffer) s = Stack{};
    for (int i = -2; i < 0; ++i) set_move(i, Move::none(), NO_PIECE);
}

void Worker::iterate() {
    const int multiPV = std::min<int>(search.searchedLines, int(rootMoves.size()));
    const int maxDepth = search.limits.depth > 0 ? std::min(search.limits.depth, MAX_PLY - 4) : MAX_PLY - 4;
    int stability = 0;  // iterations in a row that ended with the same best move
    Move lastBest = rootMoves[0].move;
    int lastScore = 0;

    for (int depth = 1; depth <= maxDepth; ++depth) {
        // Scores are this iteration's only: a move not reached before a stop sorts last.
        for (RootMove& rm : rootMoves) {
            if (rm.score != -VALUE_INFINITE) rm.previousScore = rm.score;
            rm.score = -VALUE_INFINITE;
        }
        selDepth = 0;
        for (int pvIndex = 0; pvIndex < multiPV; ++pvIndex) {
            int delta = params::aspirationDelta;
            const int previous = rootMoves[pvIndex].previousScore;
            int alpha = -VALUE_INFINITE, beta = VALUE_INFINITE;
            if (depth >= params::aspirationMinDepth && previous > -VALUE_INFINITE && !is_mate_score(previous)) {
                alpha = std::max(previous - delta, -VALUE_INFINITE);
                beta = std::min(previous + delta, VALUE_INFINITE);
            }
            int failedHigh = 0;  // a fail-high is re-searched a little shallower: it is usually confirmed
            for (;;) {
                const int score = root_search(
                    std::max(1, depth - std::min(failedHigh, params::aspirationMaxFailHighCut)), alpha, beta, pvIndex);
                std::stable_sort(rootMoves.begin() + pvIndex, rootMoves.end(),
                                 [](const RootMove& a, const RootMove& b) { return a.score > b.score; });
                if (stopped()) break;
                if (score <= alpha) {
                    beta = (alpha + beta) / 2;
                    alpha = std::max(score - delta, -VALUE_INFINITE);
                    failedHigh = 0;
                } else if (score >= beta) {
                    beta = std::min(score + delta, VALUE_INFINITE);
                    ++failedHigh;
                } else {
                    break;
                }
                if (id == 0 && search.elapsed() > 3000) report(depth);
                delta += delta / 2;
            }
            std::stable_sort(rootMoves.begin(), rootMoves.begin() + pvIndex + 1,
                             [](const RootMove& a, const RootMove& b) { return a.score > b.score; });
            if (stopped()) break;
        }
        if (stopped()) {
            // The last info line before the bestmove gives the final nodes and time, and its pv starts
            // with the move played (one that overtook the best before the stop included), as
            // Stockfish's does.
            if (id == 0) report(depth);
            break;
        }
        completedDepth = depth;
        if (id != 0) continue;
        if (search.settings.strength.enabled) {
            // Limited strength chooses among the lines of the last complete iteration.
            lastComplete.assign(rootMoves.begin(), rootMoves.begin() + multiPV);
            lastCompleteDepth = depth;
        }

        report(depth);

        // Limits checked between iterations.
        const int best = rootMoves[0].score;
        if (search.limits.mate && best >= mate_in(2 * search.limits.mate - 1)) break;
        // A forced mate either way is settled once the search has looked well past it.
        if (is_mate_score(best) && depth > 2 * (VALUE_MATE - std::abs(best)) + 6) break;
        stability = rootMoves[0].move == lastBest ? std::min(stability + 1, 8) : 0;
        lastBest = rootMoves[0].move;
        if (search.timePlan.limited && !search.timePlan.fixed && !search.pondering.load()) {
            // Spend more while the best move keeps changing, takes a small share of the nodes (its
            // rivals needed a close look), or the score falls; less when all agree.
            const double stabilityFactor = 1.8 - 0.1 * stability;
            const double bestShare = double(rootMoves[0].nodes) / double(std::max<std::uint64_t>(1, nodes.load()));
            const double nodeFactor = (1.6 - bestShare) * 1.1;
            const double scoreFactor = depth > 4 ? std::clamp(1.0 + (lastScore - best) / 100.0, 0.85, 1.5) : 1.0;
            double scale = stabilityFactor * nodeFactor * scoreFactor;
            if (rootMoves.size() == 1) scale = 0.2;
            if (double(search.clock_elapsed()) > double(search.timePlan.soft) * scale * 0.6) break;
        }
        lastScore = best;
    }
}

int Worker::root_search(int depth, int alpha, int beta, int pvIndex) {
    int bestScore = -VALUE_INFINITE;
    stack[0].pvLength = 0;
    stack[0].ttPv = true;
    stack[2].cutoffCnt = 0;
    for (std::size_t i = pvIndex; i < rootMoves.size(); ++i) {
        RootMove& rm = rootMoves[i];
        const Move m = rm.move;
        set_move(0, m, pos.board().piece_on(m.from()), !MovePicker::is_noisy(pos.board(), m));
        const std::uint64_t nodesBefore = nodes.load(std::memory_order_relaxed);
        pos.do_move(m);
        search.tt.prefetch(pos.key());
        count_node();
        const bool givesCheck = pos.in_check();
        const int newDepth = depth - 1 + (givesCheck ? 1 : 0);
        int score;
        if (int(i) == pvIndex) {
            score = -negamax<true>(-beta, -alpha, newDepth, 1, false);
        } else {
            int reduction = 0;
            if (depth >= 3 && !givesCheck && !MovePicker::is_noisy(pos.board(), m) && i > 3)
                reduction = std::min(newDepth - 1, REDUCTIONS.r[std::min(depth, 63)][std::min<int>(int(i), 63)] - 1);
            reduction = std::max(0, reduction);
            score = -negamax<false>(-alpha - 1, -alpha, newDepth - reduction, 1, true);
            if (score > alpha && reduction) score = -negamax<false>(-alpha - 1, -alpha, newDepth, 1, false);
            if (score > alpha && score < beta) score = -negamax<true>(-beta, -alpha, newDepth, 1, false);
        }
        pos.undo_move();
        rm.nodes += nodes.load(std::memory_order_relaxed) - nodesBefore;
        if (stopped()) return bestScore;

        if (int(i) == pvIndex || score > alpha) {
            rm.score = score;
            rm.selDepth = selDepth;
            rm.bound = score >= beta ? BOUND_LOWER : score <= alpha ? BOUND_UPPER : BOUND_EXACT;
            rm.pv.assign(1, m);
            for (int k = 0; k < stack[1].pvLength; ++k) rm.pv.push_back(stack[1].pv[k]);
        } else {
            rm.score = -VALUE_INFINITE;  // ordered behind the moves that were searched fully
        }
        if (score > bestScore) {
            bestScore = score;
            if (score > alpha) {
                alpha = score;
                if (score >= beta) break;
            }
        }
    }
    return bestScore;
}

template <bool PV>
int Worker::negamax(int alpha, int beta, int depth, int ply, bool cutNode) {
    if (depth <= 0) return qsearch<PV>(alpha, beta, ply);
    Stack& ss = stack[ply];
    ss.pvLength = 0;
    if (stopped()) return 0;
    if (PV) selDepth = std::max(selDepth, ply + 1);

    const Board& b = pos.board();
    if (pos.is_draw(ply) || pos.insufficient_material()) return VALUE_DRAW;
    const bool inCheck = b.checkers() != 0;
    if (ply >= MAX_PLY - 2) return inCheck ? VALUE_DRAW : evaluate(b, &pawnTable);

    // Mate distance pruning: no line from here can beat a mate already found closer to the root.
    alpha = std::max(mated_in(ply), alpha);
    beta = std::min(mate_in(ply + 1), beta);
    if (alpha >= beta) return alpha;

    // Transposition table.
    const Key key = b.key;
    const Move excluded = ss.excluded;
    TTData tte;
    const bool ttHit = search.tt.probe(key, tte);
    const Move ttMove = ttHit ? tte.move : Move::none();
    const int ttScore = ttHit ? score_from_tt(tte.score, ply) : VALUE_NONE;
    if (!PV && !excluded && ttHit && tte.depth >= depth && ttScore != VALUE_NONE &&
        (tte.bound & (ttScore >= beta ? BOUND_LOWER : BOUND_UPPER)))
        return ttScore;

    // Static evaluation (corrected by the pawn-structure history), improved by the table's bound when
    // it allows.
    int eval, rawEval = VALUE_NONE;
    if (inCheck) {
        ss.staticEval = eval = VALUE_NONE;
    } else {
        rawEval = ttHit && tte.eval != VALUE_NONE ? tte.eval : evaluate(b, &pawnTable);
        ss.corr = correction_slots(b);
        ss.staticEval = eval = corrected_eval(b, ss.corr, rawEval);
        if (ttScore != VALUE_NONE && (tte.bound & (ttScore > eval ? BOUND_LOWER : BOUND_UPPER))) eval = ttScore;
    }
    const bool improving =
        !inCheck && ply >= 2 && stack[ply - 2].staticEval != VALUE_NONE && ss.staticEval > stack[ply - 2].staticEval;
    stack[ply + 1].killers[0] = stack[ply + 1].killers[1] = Move::none();
    stack[ply + 2].cutoffCnt = 0;
    // A node on a principal variation now or when its entry was stored (kept through the singular search).
    if (!excluded) ss.ttPv = PV || (ttHit && tte.pv);

    // Evaluation difference: a quiet move that left the mover better off than both static evaluations
    // expected was a good move, one that left it worse a bad one; the butterfly history learns it.
    const Stack& parent = stack[ply - 1];
    if (!inCheck && !excluded && parent.quiet && parent.staticEval != VALUE_NONE && parent.move &&
        parent.move != Move::null()) {
        const int bonus = std::clamp(-params::evalDiffHistoryMul * (ss.staticEval + parent.staticEval),
                                     -params::evalDiffHistoryMax, params::evalDiffHistoryMax);
        Histories::update(hist.butterfly[~b.side][parent.move.from()][parent.move.to()], bonus);
    }

    if (!PV && !inCheck && !excluded) {
        // Razoring: so far below alpha that only a capture could help; quiescence decides.
        if (depth <= params::razorMaxDepth && eval + params::razorBase + params::razorMargin * depth * depth < alpha) {
            const int v = qsearch<false>(alpha - 1, alpha, ply);
            if (stopped()) return 0;
            if (v < alpha) return v;
        }

        // Reverse futility: far enough above beta that a shallow search will not fall below it.
        if (depth <= params::rfpMaxDepth && !is_mate_score(eval) &&
            eval - (params::rfpMargin * depth - params::rfpImproving * improving) >= beta)
            return eval;

        // Null move: if passing still fails high, a real move will too. In late endgames
        // (zugzwang territory) and at high depth the result is verified by a reduced search.
        if (depth >= params::nmpMinDepth && eval >= beta && ss.staticEval >= beta && ply >= nullMoveBanPly &&
            stack[ply - 1].move != Move::null() && has_non_pawn_material(b, b.side)) {
            const int R =
                params::nmpBase + depth / params::nmpDepthDiv + std::min(3, (eval - beta) / params::nmpEvalDiv);
            set_move(ply, Move::null(), NO_PIECE);
            pos.do_null_move();
            count_node();
            int v = -negamax<false>(-beta, -beta + 1, depth - R, ply + 1, !cutNode);
            pos.undo_null_move();
            if (stopped()) return 0;
            if (v >= beta) {
                if (v >= VALUE_MATE_IN_MAX_PLY) v = beta;
                const bool lateEndgame = popcount(b.pieces(b.side) & ~(b.pieces(PAWN) | b.pieces(KING))) <= 1;
                if (!lateEndgame && depth < params::nmpVerifyDepth) return v;
                nullMoveBanPly = ply + 3 * (depth - R) / 4;
                const int w = negamax<false>(beta - 1, beta, depth - R, ply, false);
                nullMoveBanPly = 0;
                if (w >= beta) return v;
            }
        }
    }

    // ProbCut: a capture whose reduced search beats beta by a margin refutes this node.
    if (!PV && !inCheck && !excluded && depth >= params::probcutMinDepth && !is_mate_score(beta)) {
        const int probBeta = beta + params::probcutMargin;
        if (!(ttHit && tte.depth >= depth - 3 && ttScore != VALUE_NONE && ttScore < probBeta)) {
            MovePicker captures(pos, ttMove, hist, nullptr, Move::none(), true);
            for (Move m; (m = captures.next());) {
                if (!see_ge(b, m, probBeta - ss.staticEval)) continue;
                set_move(ply, m, b.piece_on(m.from()));
                pos.do_move(m);
                count_node();
                int v = -qsearch<false>(-probBeta, -probBeta + 1, ply + 1);
                if (v >= probBeta)
                    v = -negamax<false>(-probBeta, -probBeta + 1, depth - params::probcutReduction, ply + 1, !cutNode);
                pos.undo_move();
                if (stopped()) return 0;
                if (v >= probBeta) {
                    search.tt.store(key, score_to_tt(v, ply), rawEval, BOUND_LOWER, depth - 3, m, ss.ttPv);
                    return v;
                }
            }
        }
    }

    // Internal iterative reduction: without a hash move this node is probably not worth full depth.
    if (!ttMove && depth >= params::iirMinDepth && (PV || cutNode)) --depth;

    const Move prev = stack[ply - 1].move;
    const Move counter = prev && prev != Move::null() && stack[ply - 1].moved != NO_PIECE
                             ? hist.counter[stack[ply - 1].moved][prev.to()]
                             : Move::none();
    const PieceToHistory* cont[2] = {stack[ply - 1].contHist, stack[ply - 2].contHist};
    MovePicker picker(pos, ttMove, hist, ss.killers, counter, false, cont);
    Move quietsTried[64], capturesTried[32];
    int quietCount = 0, captureCount = 0, moveCount = 0;
    int bestScore = -VALUE_INFINITE;
    Move bestMove = Move::none();

    for (Move m; (m = picker.next());) {
        if (m == excluded) continue;
        ++moveCount;
        const bool noisy = MovePicker::is_noisy(b, m);
        const bool killerOrCounter = m == ss.killers[0] || m == ss.killers[1] || m == counter;
        const bool givesCheck = gives_check(b, pos.rules(), m, type_of(b.piece_on(m.from())));
        const int history = noisy ? capture_history(b, m) : quiet_history(b, ply, m);

        // Shallow-depth pruning, once a move has kept us out of being mated; checks are kept.
        if (bestScore > -VALUE_MATE_IN_MAX_PLY && !inCheck && !givesCheck && has_non_pawn_material(b, b.side)) {
            if (!noisy) {
                // Late-move pruning.
                if (depth <= params::lmpMaxDepth && moveCount > (3 + depth * depth) / (2 - improving)) continue;
                // Futility pruning.
                if (depth <= params::futilityMaxDepth &&
                    ss.staticEval + params::futilityBase + params::futilityMargin * depth <= alpha)
                    continue;
                // History pruning: quiet moves that kept failing here are not worth a look.
                if (depth <= params::historyPruneMaxDepth && !killerOrCounter &&
                    history < -params::historyPruneMargin * depth)
                    continue;
                if (depth <= params::seeQuietMaxDepth && !see_ge(b, m, -params::seeQuietMargin * depth * depth))
                    continue;
            } else {
                // Capture futility: even winning the victim leaves us far below alpha.
                const PieceType victim = m.kind() == Move::EN_PASSANT ? PAWN : type_of(b.piece_on(m.to()));
                if (depth <= params::captureFutilityMaxDepth && m.kind() != Move::PROMOTION &&
                    ss.staticEval + params::captureFutilityBase + params::captureFutilityMargin * depth +
                            PIECE_VALUE[victim] + history / params::captureFutilityHistoryDiv <=
                        alpha)
                    continue;
                // SEE pruning, less eager for captures with a good history.
                if (depth <= params::seeNoisyMaxDepth &&
                    !see_ge(b, m, -params::seeNoisyMargin * depth - history / params::seeNoisyHistoryDiv))
                    continue;
            }
        }

        // Singular extension: when the hash move is much better than every other move (a search
        // without it fails low), it is searched deeper. If even without it the node fails high,
        // cut (multi-cut); if the hash move's score alone was above beta, search it shallower.
        int extension = 0;
        if (m == ttMove && !excluded && depth >= params::singularMinDepth && ply > 0 &&
            tte.depth >= depth - params::singularTTDepthMargin && (tte.bound & BOUND_LOWER) &&
            !is_mate_score(ttScore) && ply < 2 * depth + 8) {
            const int singularBeta = ttScore - params::singularBetaMargin * depth;
            ss.excluded = m;
            const int v = negamax<false>(singularBeta - 1, singularBeta, (depth - 1) / 2, ply, cutNode);
            ss.excluded = Move::none();
            if (stopped()) return 0;
            if (v < singularBeta) {
                extension = 1;
                if (!PV && v < singularBeta - params::doubleExtensionMargin &&
                    ss.doubleExtensions < params::maxDoubleExtensions)
                    extension = 2;
            } else if (singularBeta >= beta) {
                return singularBeta;
            } else if (ttScore >= beta) {
                extension = -1;
            }
        }
        if (!extension && givesCheck && ply < 2 * depth + 8) extension = 1;  // check extension
        stack[ply + 1].doubleExtensions = ss.doubleExtensions + (extension >= 2);

        const bool losingCapture = noisy && depth >= 3 && !see_ge(b, m, 0);
        set_move(ply, m, b.piece_on(m.from()), !noisy);
        pos.do_move(m);
        search.tt.prefetch(pos.key());
        count_node();
        int newDepth = depth - 1 + extension;
        int score = 0;

        if (depth >= params::lmrMinDepth && moveCount > 1 + PV && (!noisy || losingCapture)) {
            int r = REDUCTIONS.r[std::min(depth, 63)][std::min(moveCount, 63)];
            // Less on a principal variation (now or by the table), more where the replies keep cutting.
            r += !ss.ttPv + cutNode - improving - killerOrCounter - givesCheck;
            r += stack[ply + 1].cutoffCnt > params::lmrCutoffCount;
            r -= history / (noisy ? params::lmrCaptureHistoryDiv : params::lmrHistoryDiv);
            const int d = std::clamp(newDepth - r, 1, newDepth);
            score = -negamax<false>(-alpha - 1, -alpha, d, ply + 1, true);
            if (score > alpha && d < newDepth) {
                // The reduced search beat alpha: re-search deeper if it beat the best by far, shallower
                // if only just.
                newDepth += (score > bestScore + params::lmrDeeperBase + 2 * newDepth) -
                            (score < bestScore + params::lmrShallowerMargin);
                if (newDepth > d) score = -negamax<false>(-alpha - 1, -alpha, newDepth, ply + 1, !cutNode);
            }
        } else if (!PV || moveCount > 1) {
            score = -negamax<false>(-alpha - 1, -alpha, newDepth, ply + 1, !cutNode);
        }
        if (PV && (moveCount == 1 || (score > alpha && score < beta)))
            score = -negamax<true>(-beta, -alpha, newDepth, ply + 1, false);
        pos.undo_move();
        if (stopped()) return 0;

        if (score > bestScore) {
            bestScore = score;
            if (score > alpha) {
                bestMove = m;
                if (PV) update_pv(ply, m);
                if (score >= beta) {
                    ss.cutoffCnt += 1 + !ttMove;
                    break;
                }
                alpha = score;
            }
        }
        if (m != bestMove) {
            if (!noisy && quietCount < 64) quietsTried[quietCount++] = m;
            else if (noisy && captureCount < 32) capturesTried[captureCount++] = m;
        }
    }

    if (moveCount == 0) return excluded ? alpha : inCheck ? mated_in(ply) : VALUE_DRAW;

    if (bestScore >= beta) {
        if (!MovePicker::is_noisy(b, bestMove)) update_quiet_stats(ply, bestMove, depth, quietsTried, quietCount);
        else punish_quiets(ply, depth, quietsTried, quietCount);  // the quiet moves tried before the capture
        update_capture_stats(MovePicker::is_noisy(b, bestMove) ? bestMove : Move::none(), depth, capturesTried,
                             captureCount);
    }

    const Bound bound = bestScore >= beta ? BOUND_LOWER : PV && bestMove ? BOUND_EXACT : BOUND_UPPER;
    if (!excluded) {
        // Correction history learns from quiet results that the static evaluation misjudged.
        if (!inCheck && !is_mate_score(bestScore) && !(bestMove && MovePicker::is_noisy(b, bestMove)) &&
            !(bound == BOUND_LOWER && bestScore <= ss.staticEval) &&
            !(bound == BOUND_UPPER && bestScore >= ss.staticEval))
            update_correction(b, ss.corr, depth, bestScore - ss.staticEval);
        search.tt.store(key, score_to_tt(bestScore, ply), rawEval, bound, depth, bestMove, ss.ttPv);
    }
    return bestScore;
}

template <bool PV>
int Worker::qsearch(int alpha, int beta, int ply) {
    Stack& ss = stack[ply];
    ss.pvLength = 0;
    if (stopped()) return 0;
    if (PV) selDepth = std::max(selDepth, ply + 1);

    const Board& b = pos.board();
    if (pos.is_draw(ply) || pos.insufficient_material()) return VALUE_DRAW;
    const bool inCheck = b.checkers() != 0;
    if (ply >= MAX_PLY - 2) return inCheck ? VALUE_DRAW : evaluate(b, &pawnTable);

    const Key key = b.key;
    TTData tte;
    const bool ttHit = search.tt.probe(key, tte);
    const int ttScore = ttHit ? score_from_tt(tte.score, ply) : VALUE_NONE;
    if (!PV && ttHit && ttScore != VALUE_NONE && (tte.bound & (ttScore >= beta ? BOUND_LOWER : BOUND_UPPER)))
        return ttScore;

    int bestScore = -VALUE_INFINITE, standPat = VALUE_NONE, rawEval = VALUE_NONE;
    if (!inCheck) {
        // Stand pat: the side to move may decline every capture.
        rawEval = ttHit && tte.eval != VALUE_NONE ? tte.eval : evaluate(b, &pawnTable);
        standPat = corrected_eval(b, correction_slots(b), rawEval);
        bestScore = standPat;
        if (ttScore != VALUE_NONE && (tte.bound & (ttScore > standPat ? BOUND_LOWER : BOUND_UPPER)))
            bestScore = ttScore;
        if (bestScore >= beta) return bestScore;
        alpha = std::max(alpha, bestScore);
    }

    MovePicker picker(pos, ttHit ? tte.move : Move::none(), hist, nullptr, Move::none(), true);
    Move bestMove = Move::none();
    int moveCount = 0;
    for (Move m; (m = picker.next());) {
        ++moveCount;
        if (!inCheck) {
            if (m.kind() == Move::PROMOTION && m.promotion() != QUEEN) continue;
            if (!see_ge(b, m, 0)) continue;  // losing captures
            // Delta pruning: even winning this piece cannot lift the score to alpha.
            const PieceType victim = m.kind() == Move::EN_PASSANT ? PAWN : type_of(b.piece_on(m.to()));
            if (m.kind() != Move::PROMOTION && standPat + PIECE_VALUE[victim] + params::deltaMargin <= alpha) continue;
        }
        set_move(ply, m, b.piece_on(m.from()));
        pos.do_move(m);
        count_node();
        const int score = -qsearch<PV>(-beta, -alpha, ply + 1);
        pos.undo_move();
        if (stopped()) return 0;
        if (score > bestScore) {
            bestScore = score;
            if (score > alpha) {
                bestMove = m;
                if (PV) update_pv(ply, m);
                if (score >= beta) break;
                alpha = score;
            }
        }
    }
    if (inCheck && moveCount == 0) return mated_in(ply);

    search.tt.store(key, score_to_tt(bestScore, ply), rawEval, bestScore >= beta ? BOUND_LOWER : BOUND_UPPER, 0,
                    bestMove, ttHit && tte.pv);
    return bestScore;
}

void Worker::update_quiet_stats(int ply, Move best, int depth, const Move* tried, int triedCount) {
    Stack& ss = stack[ply];
    if (ss.killers[0] != best) {
        ss.killers[1] = ss.killers[0];
        ss.killers[0] = best;
    }
    const int bonus = Histories::bonus(depth);
    update_quiet_history(ply, best, bonus);
    for (int i = 0; i < triedCount; ++i) update_quiet_history(ply, tried[i], -bonus);
    const Move prev = stack[ply - 1].move;
    if (prev && prev != Move::null() && stack[ply - 1].moved != NO_PIECE)
        hist.counter[stack[ply - 1].moved][prev.to()] = best;
}

void Worker::punish_quiets(int ply, int depth, const Move* tried, int triedCount) {
    const int malus = -Histories::bonus(depth);
    for (int i = 0; i < triedCount; ++i) update_quiet_history(ply, tried[i], malus);
}

void Worker::update_quiet_history(int ply, Move m, int value) {
    const Board& b = pos.board();
    const Piece pc = b.piece_on(m.from());
    Histories::update(hist.butterfly[b.side][m.from()][m.to()], value);
    for (int back : {1, 2})
        if (stack[ply - back].moved != NO_PIECE) Histories::update((*stack[ply - back].contHist)[pc][m.to()], value);
}

void Worker::update_capture_stats(Move best, int depth, const Move* tried, int triedCount) {
    const Board& b = pos.board();
    const int bonus = Histories::bonus(depth);
    auto reward = [&](Move m, int v) {
        const PieceType victim = m.kind() == Move::EN_PASSANT ? PAWN : type_of(b.piece_on(m.to()));
        Histories::update(hist.capture[b.piece_on(m.from())][m.to()][victim], v);
    };
    if (best) reward(best, bonus);
    for (int i = 0; i < triedCount; ++i) reward(tried[i], -bonus);
}

void Worker::report(int depth) {
    if (!search.callbacks.info) return;
    const int lines = std::min<int>(search.settings.multiPV, int(rootMoves.size()));
    const std::int64_t ms = search.elapsed();
    for (int i = 0; i < lines; ++i) {
        const RootMove& rm = rootMoves[i];
        const bool searched = rm.score != -VALUE_INFINITE;
        if (!searched && rm.previousScore == -VALUE_INFINITE) continue;  // never searched: nothing honest to say
        SearchReport r = search.make_report(rm, depth, i + 1, searched);
        r.timeMs = ms;
        search.callbacks.info(r);
    }
}

SearchReport SearchContext::make_report(const RootMove& rm, int depth, int multiPV, bool searched) const {
    SearchReport r;
    r.depth = searched ? depth : std::max(1, depth - 1);
    r.selDepth = std::max(rm.selDepth, r.depth);
    r.multiPV = multiPV;
    r.score = searched ? rm.score : rm.previousScore;
    r.bound = searched ? rm.bound : BOUND_EXACT;
    r.nodes = nodes();
    r.timeMs = elapsed();
    r.hashfull = tt.hashfull();
    r.pv = rm.pv;
    return r;
}

// ---------------------------------------------------------------------------------------------

std::uint64_t SearchContext::nodes() const {
    std::uint64_t n = 0;
    for (const auto& w : workers) n += w->nodes.load(std::memory_order_relaxed);
    return n;
}

void SearchContext::check_limits() {
    if (limits.nodes && nodes() >= limits.nodes) request_stop();
    if (timePlan.limited && !pondering.load(std::memory_order_relaxed) && clock_elapsed() >= timePlan.hard)
        request_stop();
}

Search::Search(TranspositionTable& t) : ctx(std::make_unique<SearchContext>(t, workers)) { set_threads(1); }

Search::~Search() {
    stop();
    wait();
}

void Search::set_threads(int n) {
    wait();
    n = std::max(1, n);
    while (int(workers.size()) > n) workers.pop_back();
    while (int(workers.size()) < n) workers.push_back(std::make_unique<Worker>(*ctx, int(workers.size())));
}

void Search::clear() {
    wait();
    for (auto& w : workers) {
        w->hist.clear();
        w->pawnTable.clear();
    }
}

PawnTableStats Search::pawn_table_stats() const {
    PawnTableStats sum;
    for (const auto& w : workers) {
        sum.probes += w->pawnTable.stats().probes;
        sum.hits += w->pawnTable.stats().hits;
    }
    return sum;
}

std::uint64_t Search::nodes() const { return ctx->nodes(); }

void Search::start(const Position& pos, const SearchLimits& l, const SearchSettings& s, SearchCallbacks cb) {
    wait();
    SearchContext& c = *ctx;
    c.startTime = now_ms();
    c.clockStart = c.startTime;
    c.limits = l;
    c.settings = s;
    c.settings.multiPV = std::max(1, c.settings.multiPV);
    c.callbacks = std::move(cb);
    c.timePlan = plan_time(c.limits, pos.side_to_move(), c.settings.moveOverhead);
    c.searchedLines = c.settings.multiPV;
    c.minThinkMs = 0;
    StrengthLimit& strength = c.settings.strength;
    if (c.limits.infinite) strength = StrengthLimit{};  // analysis: full strength
    if (strength.enabled) {
        // The budget on top of any node limit of the go command; more lines searched than shown.
        if (strength.nodes) c.limits.nodes = c.limits.nodes ? std::min(c.limits.nodes, strength.nodes) : strength.nodes;
        c.searchedLines = std::max(c.searchedLines, strength.candidates);
        // With a clock, not at once: a share of the planned time, as a person would think.
        if (c.limits.use_clock(pos.side_to_move()) && c.timePlan.limited && !c.timePlan.fixed)
            c.minThinkMs = std::min(c.timePlan.soft * STRENGTH.minThinkPercent / 100, STRENGTH.minThinkCapMs);
    }
    c.stopFlag = false;
    c.stopCalled = false;
    c.pondering = c.limits.ponder;
    c.tt.new_search();

    // Root moves: all legal moves, or those of `searchmoves` that are legal.
    std::vector<Move> moves;
    const MoveList legal = pos.legal_moves();
    for (Move m : legal)
        if (l.searchMoves.empty() || std::find(l.searchMoves.begin(), l.searchMoves.end(), m) != l.searchMoves.end())
            moves.push_back(m);
    if (moves.empty()) moves.assign(legal.begin(), legal.end());
    // The hash move of the root, if any, is tried first.
    TTData tte;
    if (c.tt.probe(pos.key(), tte)) {
        auto it = std::find(moves.begin(), moves.end(), tte.move);
        if (it != moves.end()) std::rotate(moves.begin(), it, it + 1);
    }
    for (auto& w : workers) w->prepare(pos, moves);

    active = true;
    mainThread = std::thread([this] { main_thread_body(); });
}

void Search::main_thread_body() {
    SearchContext& c = *ctx;
    Worker& main = *workers[0];
    Move best = Move::none(), ponder = Move::none();
    // An infinite or ponder search gives no bestmove before stop (or ponderhit), even when it has
    // finished early (a depth or node limit) or had nothing to search. Limited strength gives none
    // before its minimum think time on the clock, unless told to stop. stop() and ponderhit() wake it.
    auto hold_bestmove = [&c] {
        std::unique_lock<std::mutex> lock(c.holdMutex);
        c.holdCv.wait(lock, [&c] { return !(c.limits.infinite || c.pondering.load()) || c.stopCalled.load(); });
        while (!c.stopCalled.load()) {
            const std::int64_t left = c.minThinkMs - c.clock_elapsed();
            if (left <= 0) break;
            c.holdCv.wait_for(lock, std::chrono::milliseconds(left));
        }
    };

    if (main.rootMoves.empty()) {
        // Checkmate or stalemate: nothing to search, but still a score line and a bestmove.
        if (c.callbacks.info) {
            SearchReport r;
            r.score = main.pos.in_check() ? -VALUE_MATE : VALUE_DRAW;
            c.callbacks.info(r);
        }
        hold_bestmove();
    } else {
        std::vector<std::thread> helpers;
        for (std::size_t i = 1; i < workers.size(); ++i) helpers.emplace_back([this, i] { workers[i]->iterate(); });
        main.iterate();

        hold_bestmove();
        c.stopFlag = true;
        for (auto& t : helpers) t.join();

        const RootMove* chosen = &main.rootMoves[0];
        if (c.settings.strength.enabled && !main.lastComplete.empty()) {
            std::vector<int> scores;
            for (const RootMove& line : main.lastComplete) scores.push_back(line.score);
            chosen = &main.lastComplete[choose_line(scores, c.settings.strength.spread, c.settings.strength.seed)];
            // The last info line shows the line played.
            if (chosen->move != main.rootMoves[0].move && c.callbacks.info)
                c.callbacks.info(c.make_report(*chosen, main.lastCompleteDepth, 1, true));
        }
        const RootMove& rm = *chosen;
        best = rm.move;
        if (rm.pv.size() > 1) {
            ponder = rm.pv[1];
        } else {
            // No reply in the pv: the table may know one.
            Position after = main.pos;
            after.do_move(best);
            TTData tte;
            if (c.tt.probe(after.key(), tte) && tte.move && is_legal(after.board(), after.rules(), tte.move))
                ponder = tte.move;
        }
    }
    if (c.callbacks.bestmove) c.callbacks.bestmove(best, ponder);
    active = false;
}

void Search::stop() { ctx->request_stop(true); }

void Search::ponderhit() {
    // The opponent played the expected move: our clock runs from now. Outside a ponder search
    // ponderhit means nothing (restarting the clock of a normal search would let it run on).
    SearchContext& c = *ctx;
    if (!c.pondering.load()) return;
    c.clockStart = now_ms();
    {
        std::lock_guard<std::mutex> lock(c.holdMutex);
        c.pondering = false;
    }
    c.holdCv.notify_all();
}

void Search::wait() {
    if (mainThread.joinable()) mainThread.join();
}

}  // namespace vireo
