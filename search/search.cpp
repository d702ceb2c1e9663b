#include <algorithm>
#include <cmath>
#include <optional>

#include "eval/endgame.h"
#include "eval/evaluate.h"
#include "movegen/movegen.h"
#include "search/movepick.h"
#include "search/params.h"
#include "search/worker.h"

namespace vireo {

namespace {

// The fifty-move rule's plies; from TT_CUT_MAX_RULE50 on, a table entry (stored nearer the rule, or
// before the counter grew) no longer cuts (Stockfish 11).
constexpr int FIFTY_MOVE_PLIES = 100;
constexpr int TT_CUT_MAX_RULE50 = 90;

// Mate and tablebase scores are stored relative to the node, so that they stay right wherever the
// entry is found.
int score_to_tt(int v, int ply) {
    if (v == VALUE_NONE) return v;
    return v >= VALUE_TB_WIN_IN_MAX_PLY ? v + ply : v <= -VALUE_TB_WIN_IN_MAX_PLY ? v - ply : v;
}
// A mate stored further away than the fifty-move counter allows may be no mate at all: it reads as a
// score just below the decisive ones (Stockfish 11; the value later Stockfishes use, which no ply
// shifts when stored again).
int score_from_tt(int v, int ply, int rule50) {
    if (v == VALUE_NONE) return v;
    constexpr int UNSURE_MATE = VALUE_TB_WIN_IN_MAX_PLY - 1;
    if (v >= VALUE_MATE_IN_MAX_PLY && VALUE_MATE - v > FIFTY_MOVE_PLIES - 1 - rule50) return UNSURE_MATE;
    if (v <= -VALUE_MATE_IN_MAX_PLY && VALUE_MATE + v > FIFTY_MOVE_PLIES - 1 - rule50) return -UNSURE_MATE;
    return v >= VALUE_TB_WIN_IN_MAX_PLY ? v - ply : v <= -VALUE_TB_WIN_IN_MAX_PLY ? v + ply : v;
}

bool has_non_pawn_material(const Board& b, Color c) { return b.pieces(c) & ~(b.pieces(PAWN) | b.pieces(KING)); }

// see_ge(b, m, 0), from the move picker's scoring when it already put the move through it.
bool see_nonnegative(const Board& b, Move m, MovePicker::SeeKnown known) {
    return known == MovePicker::SEE_UNKNOWN ? see_ge(b, m, 0) : known == MovePicker::SEE_NONNEGATIVE;
}

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

// The squares the opponent of the side to move attacks: which part of the butterfly history a quiet
// move reads and writes (search/history.h).
Bitboard threats_against(const Board& b) { return attacked_squares(b, ~b.side); }

CorrectionSlots correction_slots(const Board& b) {
    return {b.pawnKey % CORRECTION_SIZE, {non_pawn_index(b, WHITE), non_pawn_index(b, BLACK)}};
}

// The depths of quiescence's table entries: its first ply (which tries quiet checks) and an evasion
// count as 0, the plies after as -1.
constexpr int QS_DEPTH_CHECKS = 0;
constexpr int QS_DEPTH_NO_CHECKS = -1;

// A node this many plies from the root is evaluated, not searched (its children's stack entries,
// up to stack[ply + 2], stay inside the stack).
constexpr int PLY_LIMIT = MAX_PLY - 2;
// A repetition the side to move can reach with one move needs this many reversible plies behind it.
constexpr int UPCOMING_REPETITION_MIN_RULE50 = 3;
// A tablebase result is stored this many plies deeper than its node's depth: no search improves it.
constexpr int TB_STORE_DEPTH_BONUS = 6;
// A forced mate is settled once an iteration goes this many plies past its length.
constexpr int MATE_SETTLED_MARGIN = 6;
// The moves a node remembers having tried before its best, for the history updates.
constexpr int MAX_QUIETS_TRIED = 64;
constexpr int MAX_CAPTURES_TRIED = 32;

}  // namespace

void Worker::prepare(const Position& root, const std::vector<Move>& moves) {
    pos = root;
    rootMoves.clear();
    for (Move m : moves) rootMoves.push_back(RootMove{m, -VALUE_INFINITE, -VALUE_INFINITE, BOUND_EXACT, 0, {m}});
    nodes = 0;
    tbHits = 0;
    completedDepth = 0;
    lastComplete.clear();
    lastCompleteDepth = 0;
    selDepth = 0;
    checkCounter = 0;
    // Exact node limits are checked at every node by the main thread (search/worker.h).
    checkInterval =
        ctx.limits.nodes ? (id == 0 ? 1 : HELPER_NODE_CHECK_INTERVAL) : (id == 0 ? LIMITS_CHECK_INTERVAL : NEVER_CHECK);
    nullMoveBanPly = 0;
    ttHitAverage = TT_HIT_WINDOW * TT_HIT_GRAIN / 2;
    for (Stack& s : stackBuffer) s = Stack{};
    for (int i = -SENTINELS; i < 0; ++i) set_move(i, Move::none(), NO_PIECE, false, false);
}

void Worker::iterate() {
    const int multiPV = std::min<int>(ctx.searchedLines, int(rootMoves.size()));
    const int maxDepth = ctx.limits.depth > 0 ? std::min(ctx.limits.depth, MAX_SEARCH_DEPTH) : MAX_SEARCH_DEPTH;
    int stability = 0;  // iterations in a row that ended with the same best move
    Move lastBest = rootMoves[0].move;
    int lastScore = 0;

    for (int depth = 1; depth <= maxDepth; ++depth) {
        // The moves that never raised alpha in the last iteration (every move but the first before the
        // first iteration) are sorted last by score: they go in the move picker's order.
        std::size_t unscored = depth == 1 ? 0 : std::size_t(multiPV);
        while (depth > 1 && unscored < rootMoves.size() && rootMoves[unscored].score != -VALUE_INFINITE) ++unscored;
        order_root_moves(unscored);
        // Scores are this iteration's only: a move not reached before a stop sorts last.
        for (RootMove& rm : rootMoves) {
            if (rm.score != -VALUE_INFINITE) rm.previousScore = rm.score;
            rm.score = -VALUE_INFINITE;
        }
        selDepth = 0;
        for (int pvIndex = 0; pvIndex < multiPV; ++pvIndex) {
            int delta = params.aspirationDelta;
            const int previous = rootMoves[pvIndex].previousScore;
            int alpha = -VALUE_INFINITE, beta = VALUE_INFINITE;
            if (depth >= params.aspirationMinDepth && previous > -VALUE_INFINITE && !is_mate_score(previous)) {
                // Wider around a score far from a draw, which moves more between iterations (Stockfish 11).
                delta += std::abs(previous) / params.aspirationScoreDiv;
                alpha = std::max(previous - delta, -VALUE_INFINITE);
                beta = std::min(previous + delta, VALUE_INFINITE);
            }
            int failedHigh = 0;  // a fail-high is re-searched a little shallower: it is usually confirmed
            for (;;) {
                const int score = root_search(
                    std::max(1, depth - std::min(failedHigh, params.aspirationMaxFailHighCut)), alpha, beta, pvIndex);
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
                if (id == 0 && ctx.elapsed() > REPORT_DURING_ITERATION_MS) ctx.report(*this, depth);
                delta += delta * params.aspirationGrowth / 100;
            }
            std::stable_sort(rootMoves.begin(), rootMoves.begin() + pvIndex + 1,
                             [](const RootMove& a, const RootMove& b) { return a.score > b.score; });
            if (stopped()) break;
        }
        if (stopped()) {
            // The last info line before the bestmove gives the final nodes and time, and its pv starts
            // with the move played (one that overtook the best before the stop included), as
            // Stockfish's does.
            if (id == 0) ctx.report(*this, depth);
            break;
        }
        completedDepth = depth;
        if (id != 0) continue;
        if (ctx.strength.enabled) {
            // Limited strength chooses among the lines of the last complete iteration.
            lastComplete.assign(rootMoves.begin(), rootMoves.begin() + multiPV);
            lastCompleteDepth = depth;
        }

        ctx.report(*this, depth);

        // Limits checked between iterations.
        const int best = rootMoves[0].score;
        if (ctx.limits.mate && best >= mate_in(2 * ctx.limits.mate - 1)) break;
        // A forced mate either way is settled once the search has looked well past it.
        if (is_mate_score(best) && depth > 2 * (VALUE_MATE - std::abs(best)) + MATE_SETTLED_MARGIN) break;
        stability = rootMoves[0].move == lastBest ? std::min(stability + 1, params.tmStabilityMax) : 0;
        lastBest = rootMoves[0].move;
        if (ctx.timePlan.limited && !ctx.timePlan.fixed && !ctx.pondering.load()) {
            IterationSignals signals;
            signals.stability = stability;
            signals.bestShare = double(rootMoves[0].nodes) / double(std::max<std::uint64_t>(1, nodes.load()));
            signals.scoreDrop = lastScore - best;
            signals.depth = depth;
            signals.onlyMove = rootMoves.size() == 1;
            if (soft_limit_reached(ctx.timePlan, ctx.clock_elapsed(), signals, params)) break;
        }
        lastScore = best;
    }
}

void Worker::order_root_moves(std::size_t from) {
    if (from + 1 >= rootMoves.size()) return;
    // The picker of a node at the root: the best move so far first, then good captures, killers,
    // quiet moves by history (the root's best quiet moves earn it, see root_search), bad captures.
    stack[0].threats = threats_against(pos.board());
    const PieceToHistory* cont[CONT_COUNT];
    continuations(0, cont);
    MovePicker picker =
        MovePicker::main(pos, rootMoves[0].move, hist, stack[0].killers, Move::none(), cont, stack[0].threats);
    std::vector<Move> order;
    for (Move m; (m = picker.next());) order.push_back(m);
    auto rank = [&](const RootMove& rm) { return std::find(order.begin(), order.end(), rm.move) - order.begin(); };
    std::stable_sort(rootMoves.begin() + std::ptrdiff_t(from), rootMoves.end(),
                     [&](const RootMove& a, const RootMove& b) { return rank(a) < rank(b); });
}

int Worker::root_search(int depth, int alpha, int beta, int pvIndex) {
    int bestScore = -VALUE_INFINITE;
    Move bestMove = Move::none();  // (the root moves' order says which is best)
    stack[0].pvLength = 0;
    stack[0].ttPv = true;
    stack[0].threats = threats_against(pos.board());
    // The root's static evaluation, as any node's (improving at ply 2 and the evaluation difference at
    // ply 1 read it).
    if (pos.board().checkers()) {
        stack[0].staticEval = VALUE_NONE;
    } else {
        stack[0].corr = correction_slots(pos.board());
        stack[0].staticEval = corrected_eval(pos.board(), stack[0].corr, static_eval(pos.board()));
    }
    stack[2].cutoffCnt = 0;
    Move quietsTried[MAX_QUIETS_TRIED];
    int quietCount = 0;
    for (std::size_t i = pvIndex; i < rootMoves.size(); ++i) {
        RootMove& rm = rootMoves[i];
        const Move m = rm.move;
        const bool noisy = is_noisy(pos.board(), m);
        set_move(0, m, pos.board().piece_on(m.from()), pos.in_check(), noisy, !noisy);
        stack[0].moveCount = int(i) + 1;
        // As at any node: the children's reductions read it.
        stack[0].statScore = noisy ? 0 : quiet_history(pos.board(), 0, m) - params.lmrStatOffset;
        const std::uint64_t nodesBefore = nodes.load(std::memory_order_relaxed);
        pos.do_move(m);
        ctx.tt.prefetch(pos.key());
        count_node();
        const bool givesCheck = pos.in_check();
        const int newDepth = depth - 1 + (givesCheck ? 1 : 0);
        int score;
        if (int(i) == pvIndex) {
            score = -negamax<true>(-beta, -alpha, newDepth, 1, false);
        } else {
            int reduction = 0;
            // (stack[0].quiet: the move is made, so the board no longer tells a quiet move from a capture)
            if (depth >= params.rootLmrMinDepth && !givesCheck && stack[0].quiet && int(i) > params.rootLmrMinIndex)
                reduction = std::min(newDepth - 1, ctx.reductions.at(depth, int(i)) - params.rootLmrReductionCut);
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
        if (update_best<false>(0, m, score, beta, bestScore, alpha, bestMove)) break;
        if (m != bestMove && !noisy && quietCount < MAX_QUIETS_TRIED) quietsTried[quietCount++] = m;
    }
    // The histories learn from the root as from any node, whenever a move raised alpha: a quiet best
    // move is rewarded and the quiet moves searched before it punished (Stockfish 11). The root's
    // order (order_root_moves) reads them.
    if (bestMove && !is_noisy(pos.board(), bestMove))
        update_quiet_stats(0, bestMove, Histories::bonus(depth, params), quietsTried, quietCount);
    return bestScore;
}

template <bool PV>
int Worker::negamax(int alpha, int beta, int depth, int ply, bool cutNode) {
    // Step 1. An upcoming repetition: when the side to move can reach a drawn repetition with one
    // move, the node is worth at least a draw. At the horizon, quiescence; a stopped search, a draw or
    // the ply limit end the node.
    if (alpha < VALUE_DRAW && pos.board().rule50 >= UPCOMING_REPETITION_MIN_RULE50 &&
        pos.has_upcoming_repetition(ply)) {
        alpha = VALUE_DRAW;
        if (alpha >= beta) return alpha;
    }
    if (depth <= 0) return qsearch<PV>(alpha, beta, ply, true);
    Stack& ss = stack[ply];
    ss.pvLength = 0;
    if (stopped()) return 0;
    if (PV) selDepth = std::max(selDepth, ply + 1);

    const Board& b = pos.board();
    if (pos.is_draw(ply) || pos.insufficient_material()) return VALUE_DRAW;
    const bool inCheck = b.checkers() != 0;
    if (ply >= PLY_LIMIT) return inCheck ? VALUE_DRAW : evaluate(b, &pawnTable);

    // Step 2. Mate distance pruning: no line from here can beat a mate already found closer to the root.
    alpha = std::max(mated_in(ply), alpha);
    beta = std::min(mate_in(ply + 1), beta);
    if (alpha >= beta) return alpha;

    if (!inCheck) {
        ss.corr = correction_slots(b);
        prefetch_eval(b, ss.corr);
    }
    ss.threats = threats_against(b);

    // Step 3. Transposition table lookup: a deep enough entry whose bound settles the window cuts.
    const Key key = b.key;
    const Move excluded = ss.excluded;
    TTData tte;
    const bool ttHit = ctx.tt.probe(key, tte);
    const Move ttMove = ttHit ? tte.move : Move::none();
    const int ttScore = ttHit ? score_from_tt(tte.score, ply, b.rule50) : VALUE_NONE;
    if (!excluded) ttHitAverage = (TT_HIT_WINDOW - 1) * ttHitAverage / TT_HIT_WINDOW + TT_HIT_GRAIN * ttHit;
    if (!PV && !excluded && ttHit && tte.depth >= depth && ttScore != VALUE_NONE && b.rule50 < TT_CUT_MAX_RULE50 &&
        (tte.bound & (ttScore >= beta ? BOUND_LOWER : BOUND_UPPER))) {
        // A quiet hash move that cuts here earns the bonus of a cut found by searching (Stockfish 11).
        if (ttScore >= beta && ttMove && !is_noisy(b, ttMove) && is_legal(b, pos.rules(), ttMove))
            update_quiet_stats(ply, ttMove, Histories::bonus(depth, params), nullptr, 0);
        return ttScore;
    }

    // Step 3b. Tablebases: after a capture or pawn move (the WDL tables know nothing of the fifty-move
    // counter), with few enough pieces and no castling rights. A win or loss is a bound in the band
    // below the mates; it ends the node when it settles the window, and otherwise bounds the search.
    int tbBest = -VALUE_INFINITE, tbMax = VALUE_INFINITE;
    if (!excluded && ctx.tbProbeLimit && b.rule50 == 0 && b.castling == NO_CASTLING &&
        depth >= ctx.settings.syzygyProbeDepth && popcount(b.occupied()) <= ctx.tbProbeLimit) {
        if (const std::optional<int> wdl = ctx.tb.probe_wdl(b)) {
            tbHits.store(tbHits.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
            const int drawScore = ctx.settings.syzygy50MoveRule ? 1 : 0;  // cursed wins and blessed losses
            const int value = *wdl < -drawScore  ? -VALUE_TB + ply
                              : *wdl > drawScore ? VALUE_TB - ply
                                                 : VALUE_DRAW + 2 * *wdl * drawScore;
            const Bound bound = *wdl < -drawScore ? BOUND_UPPER : *wdl > drawScore ? BOUND_LOWER : BOUND_EXACT;
            if (bound == BOUND_EXACT || (bound == BOUND_LOWER ? value >= beta : value <= alpha)) {
                ctx.tt.store(key, score_to_tt(value, ply), VALUE_NONE, bound,
                             std::min(MAX_PLY - 1, depth + TB_STORE_DEPTH_BONUS), Move::none(), ss.ttPv || PV);
                return value;
            }
            if (PV) {
                if (bound == BOUND_LOWER) {
                    tbBest = value;
                    alpha = std::max(alpha, value);
                } else {
                    tbMax = value;
                }
            }
        }
    }

    // Step 4. Static evaluation, corrected by the correction histories (by pawn structure and by each
    // side's other pieces), then improved by the table's bound when it allows.
    int eval, rawEval = VALUE_NONE;
    if (inCheck) {
        ss.staticEval = eval = VALUE_NONE;
    } else {
        rawEval = ttHit && tte.eval != VALUE_NONE ? tte.eval : static_eval(b);
        ss.staticEval = eval = corrected_eval(b, ss.corr, rawEval);
        if (ttScore != VALUE_NONE && (tte.bound & (ttScore > eval ? BOUND_LOWER : BOUND_UPPER))) eval = ttScore;
    }
    // Improving: better than two plies back, or than four when the position two back was in check;
    // with neither known (checks all along), counted as improving (Stockfish 11).
    const int evalTwoBack = ply >= 2 ? stack[ply - 2].staticEval : VALUE_NONE;
    const int evalFourBack = ply >= 4 ? stack[ply - 4].staticEval : VALUE_NONE;
    const bool improving = !inCheck && ply >= 2 &&
                           (evalTwoBack != VALUE_NONE    ? ss.staticEval > evalTwoBack
                            : evalFourBack != VALUE_NONE ? ss.staticEval > evalFourBack
                                                         : true);
    stack[ply + 1].killers[0] = stack[ply + 1].killers[1] = Move::none();
    stack[ply + 2].cutoffCnt = 0;
    // What the children read of the move searched here: none yet (a null move or ProbCut leaves them so).
    ss.moveCount = 0;
    ss.statScore = 0;
    // A node on a principal variation now or when its entry was stored (kept through the singular search).
    if (!excluded) ss.ttPv = PV || (ttHit && tte.pv);

    // Step 5. Evaluation difference: a quiet move that left the mover better off than both static evaluations
    // expected was a good move, one that left it worse a bad one; the butterfly history learns it.
    const Stack& parent = stack[ply - 1];
    if (!inCheck && !excluded && parent.quiet && parent.staticEval != VALUE_NONE && parent.move &&
        parent.move != Move::null()) {
        const int bonus = std::clamp(-params.evalDiffHistoryMul * (ss.staticEval + parent.staticEval),
                                     -params.evalDiffHistoryMax, params.evalDiffHistoryMax);
        Histories::update(hist.butterfly_of(~b.side, parent.threats, parent.move), bonus);
    }

    if (!PV && !inCheck && !excluded) {
        // Step 6. Razoring: so far below alpha that only a capture could help; quiescence decides.
        if (depth <= params.razorMaxDepth && eval + params.razorBase + params.razorMargin * depth * depth < alpha) {
            const int v = qsearch<false>(alpha - 1, alpha, ply, true);
            if (stopped()) return 0;
            if (v < alpha) return v;
        }

        // Step 7. Reverse futility pruning: far enough above beta that a shallow search will not fall below it.
        if (depth <= params.rfpMaxDepth && !is_mate_score(eval) &&
            eval - (params.rfpMargin * depth - params.rfpImproving * improving) >= beta)
            return eval;

        // Step 8. Null move pruning: if passing still fails high, a real move will too. In late endgames
        // (zugzwang territory) and at high depth the result is verified by a reduced search.
        if (depth >= params.nmpMinDepth && eval >= beta && ss.staticEval >= beta && ply >= nullMoveBanPly &&
            stack[ply - 1].move != Move::null() && has_non_pawn_material(b, b.side)) {
            const int R = params.nmpBase + depth / params.nmpDepthDiv +
                          std::min(params.nmpEvalMaxCut, (eval - beta) / params.nmpEvalDiv);
            set_move(ply, Move::null(), NO_PIECE, false, false);
            pos.do_null_move();
            count_node();
            int v = -negamax<false>(-beta, -beta + 1, depth - R, ply + 1, !cutNode);
            pos.undo_null_move();
            if (stopped()) return 0;
            if (v >= beta) {
                if (v >= VALUE_TB_WIN_IN_MAX_PLY) v = beta;
                const bool lateEndgame = popcount(b.pieces(b.side) & ~(b.pieces(PAWN) | b.pieces(KING))) <= 1;
                if (!lateEndgame && depth < params.nmpVerifyDepth) return v;
                nullMoveBanPly = ply + params.nmpVerifyBanPercent * (depth - R) / 100;
                const int w = negamax<false>(beta - 1, beta, depth - R, ply, false);
                nullMoveBanPly = 0;
                if (w >= beta) return v;
            }
        }
    }

    // Step 9. ProbCut: a capture whose reduced search beats beta by a margin refutes this node.
    if (!PV && !inCheck && !excluded && depth >= params.probcutMinDepth && !is_mate_score(beta)) {
        const int probBeta = beta + params.probcutMargin;
        if (!(ttHit && tte.depth >= depth - params.probcutDepthMargin && ttScore != VALUE_NONE && ttScore < probBeta)) {
            MovePicker captures = MovePicker::probcut(pos, ttMove, hist);
            // Only the first few captures that pass SEE are tried, more at a cut node (Stockfish 11).
            const int maxTried = params.probcutMoves + params.probcutMovesCutNode * cutNode;
            int tried = 0;
            for (Move m; tried < maxTried && (m = captures.next());) {
                if (!see_ge(b, m, probBeta - ss.staticEval)) continue;
                ++tried;
                ctx.tt.prefetch(b.key_after(m));
                set_move(ply, m, b.piece_on(m.from()), false, true);
                pos.do_move(m);
                count_node();
                int v = -qsearch<false>(-probBeta, -probBeta + 1, ply + 1, true);
                if (v >= probBeta)
                    v = -negamax<false>(-probBeta, -probBeta + 1, depth - params.probcutReduction, ply + 1, !cutNode);
                pos.undo_move();
                if (stopped()) return 0;
                if (v >= probBeta) {
                    ctx.tt.store(key, score_to_tt(v, ply), rawEval, BOUND_LOWER, depth - params.probcutDepthMargin, m,
                                 ss.ttPv);
                    return v;
                }
            }
        }
    }

    // Step 10. Internal iterative reduction: without a hash move this node is probably not worth full depth.
    if (!ttMove && depth >= params.iirMinDepth && (PV || cutNode)) --depth;

    // Step 11. The moves, best first (search/movepick.h): the hash move, captures, killers, the
    // counter-move, then quiet moves by history.
    const Move prev = stack[ply - 1].move;
    const Move counter = prev && prev != Move::null() && stack[ply - 1].moved != NO_PIECE
                             ? hist.counter[stack[ply - 1].moved][prev.to()]
                             : Move::none();
    const PieceToHistory* cont[CONT_COUNT];  // those of the moves 1, 2, 4 and 6 plies back (CONT_PLIES)
    continuations(ply, cont);
    MovePicker picker = MovePicker::main(pos, ttMove, hist, ss.killers, counter, cont, ss.threats);
    Move quietsTried[MAX_QUIETS_TRIED], capturesTried[MAX_CAPTURES_TRIED];
    int quietCount = 0, captureCount = 0, moveCount = 0;
    bool singularTTMove = false;  // the hash move was extended as singular: the others are reduced less
    bool ttCapture = false;       // the hash move, searched first, captures or promotes: quiet moves are reduced more
    // Which moves give check, answered without playing them.
    const CheckSquares checkSquares(b);
    int bestScore = tbBest;
    Move bestMove = Move::none();

    for (Move m; (m = picker.next());) {
        moveCount += picker.take_skipped();  // quiet moves late-move pruning passed over (see below)
        if (m == excluded) continue;
        ++moveCount;
        const bool noisy = is_noisy(b, m);
        const Piece moved = b.piece_on(m.from());
        const bool killerOrCounter = m == ss.killers[0] || m == ss.killers[1] || m == counter;
        const bool givesCheck = checkSquares.gives_check(b, pos.rules(), m, type_of(moved));
        const int history = noisy ? capture_history(b, m) : quiet_history(b, ply, m);
        if (m == ttMove && noisy) ttCapture = true;

        // Step 12. Shallow-depth pruning (late-move, futility, history and SEE pruning of quiet moves;
        // futility and SEE pruning of captures; SEE pruning of checks), once a move has kept us out of
        // being mated. In check too, but for the futility parts, which need a static evaluation
        // (Stockfish 11).
        if (bestScore > -VALUE_MATE_IN_MAX_PLY && has_non_pawn_material(b, b.side)) {
            if (givesCheck) {
                // A check that loses more than the margin is pruned like a capture (Stockfish 11).
                if (depth <= params.seeNoisyMaxDepth && !see_ge(b, m, -params.seeNoisyMargin * depth)) continue;
            } else if (!noisy) {
                // Late-move pruning.
                // Every later quiet move that gives no check would be pruned here too (moveCount only
                // grows, and bestScore only rises): the picker passes them over from now on.
                if (depth <= params.lmpMaxDepth && moveCount > (params.lmpBase + depth * depth) / (2 - improving)) {
                    picker.skip_quiets(checkSquares, excluded);
                    continue;
                }
                // The depth the reduced search of this move would get (Stockfish 11's and Ethereal 12.75's
                // lmrDepth): the next prunings ask how deep the move would really be searched.
                const int lmrDepth = std::max(depth - 1 - ctx.reductions.at(depth, moveCount), 0);
                // Continuation-history pruning: a move that has done badly after both of the last two
                // moves, near the leaves (a little deeper after a parent with a good quiet history or a
                // parent that was its node's first move).
                if (lmrDepth < params.contPruneDepth + (parent.statScore > 0 || parent.moveCount == 1) &&
                    (*cont[0])[moved][m.to()] < 0 && (*cont[1])[moved][m.to()] < 0)
                    continue;
                // Futility pruning, unless the move's history says it is a good one.
                if (!inCheck && lmrDepth <= params.futilityMaxDepth &&
                    ss.staticEval + params.futilityBase + params.futilityMargin * lmrDepth <= alpha &&
                    history < params.futilityHistoryMax)
                    continue;
                // History pruning: quiet moves that kept failing here are not worth a look.
                if (depth <= params.historyPruneMaxDepth && !killerOrCounter &&
                    history < -params.historyPruneMargin * depth)
                    continue;
                if (lmrDepth <= params.seeQuietMaxDepth && !see_ge(b, m, -params.seeQuietMargin * lmrDepth * lmrDepth))
                    continue;
            } else {
                // Capture futility: even winning the victim leaves us far below alpha.
                const PieceType victim = b.captured_type(m);
                if (!inCheck && depth <= params.captureFutilityMaxDepth && m.kind() != Move::PROMOTION &&
                    ss.staticEval + params.captureFutilityBase + params.captureFutilityMargin * depth +
                            PIECE_VALUE[victim] + history / params.captureFutilityHistoryDiv <=
                        alpha)
                    continue;
                // SEE pruning, less eager for captures with a good history.
                if (depth <= params.seeNoisyMaxDepth &&
                    !see_ge(b, m, -params.seeNoisyMargin * depth - history / params.seeNoisyHistoryDiv))
                    continue;
            }
        }

        // Step 13. Extensions. Singular extension: when the hash move is much better than every other move (a search
        // without it fails low), it is searched deeper. If even without it the node fails high,
        // cut (multi-cut); if the hash move's score alone was above beta, search it shallower.
        ctx.tt.prefetch(b.key_after(m));  // the child's bucket, on its way while we decide
        int extension = 0;
        if (m == ttMove && !excluded && depth >= params.singularMinDepth && ply > 0 &&
            tte.depth >= depth - params.singularTTDepthMargin && (tte.bound & BOUND_LOWER) && !is_mate_score(ttScore) &&
            ply < params.extensionPlyMul * depth + params.extensionPlyBase) {
            const int singularBeta = ttScore - params.singularBetaMargin * depth;
            ss.excluded = m;
            const int v = negamax<false>(singularBeta - 1, singularBeta, (depth - 1) / 2, ply, cutNode);
            ss.excluded = Move::none();
            if (stopped()) return 0;
            if (v < singularBeta) {
                extension = 1;
                singularTTMove = true;
                if (!PV && v < singularBeta - params.doubleExtensionMargin &&
                    ss.doubleExtensions < params.maxDoubleExtensions)
                    extension = 2;
            } else if (singularBeta >= beta) {
                return singularBeta;
            } else if (ttScore >= beta) {
                // The hash move's score alone beats beta, and another move nearly does: it needs less depth
                // (Stockfish 15 and 16's negative extensions).
                extension = -params.singularNegTTBeta + PV;
            } else if (cutNode) {
                extension = -params.singularNegCutNode;  // expected to fail high anyway, by another move
            } else if (ttScore <= v) {
                extension = -params.singularNegTie;  // another move scored as well as the hash move
            }
        }
        // Check extension, for a check that discovers or does not hang the checking piece (Stockfish 11).
        if (!extension && givesCheck && ply < params.extensionPlyMul * depth + params.extensionPlyBase &&
            ((checkSquares.discoverers & bb(m.from())) || see_nonnegative(b, m, picker.last_see())))
            extension = 1;
        stack[ply + 1].doubleExtensions = ss.doubleExtensions + (extension >= 2);

        // Step 14. Make the move.
        const bool losingCapture = noisy && depth >= params.lmrMinDepth && !see_nonnegative(b, m, picker.last_see());
        set_move(ply, m, moved, inCheck, noisy, !noisy);
        // (set after the singular search, which runs at this ply and overwrites them)
        ss.moveCount = moveCount;
        ss.statScore = noisy ? 0 : history - params.lmrStatOffset;
        pos.do_move(m);
        count_node();
        int newDepth = depth - 1 + extension;
        int score = 0;

        // Step 15. Late-move reductions: a null-window search at reduced depth, searched again at
        // full depth when it beats alpha. Other moves after the first: a null-window search.
        // Quiet moves and losing captures are reduced by the table; other captures only by a bad
        // capture history.
        int r = 0;
        bool reduced = false;
        if (depth >= params.lmrMinDepth && moveCount > 1 + PV) {
            if (!noisy || losingCapture) {
                reduced = true;
                r = ctx.reductions.at(depth, moveCount);
                // Less on a principal variation (now or by the table), more where the replies keep cutting.
                r += !ss.ttPv + cutNode - improving - killerOrCounter - givesCheck;
                r += stack[ply + 1].cutoffCnt > params.lmrCutoffCount;
                // Less while the table answers often (Stockfish 11's ttHitAverage).
                r -= tt_hit_rate_high();
                r -= history / (noisy ? params.lmrCaptureHistoryDiv : params.lmrHistoryDiv);
                // Less after a parent that had tried many moves (its move was probably not best), and
                // after a singular hash move (the other moves are refuted anyway).
                r -= stack[ply - 1].moveCount > params.lmrOppMoveCount;
                r -= singularTTMove * params.lmrSingular;
                // More when the hash move captures (the quiet moves are likelier worse: Stockfish 11), and for a
                // king move out of check (Ethereal 12.75).
                if (!noisy) r += ttCapture * params.lmrTTCapture;
                r += (inCheck && type_of(moved) == KING) * params.lmrKingEvasion;
                // A quiet move with a good history after a parent's quiet move with a bad one, one ply
                // less; and the other way round, one more.
                if (!noisy) {
                    if (ss.statScore >= 0 && parent.statScore < 0) --r;
                    else if (parent.statScore >= 0 && ss.statScore < 0) ++r;
                }
            } else {
                r = std::clamp(params.captureLmrMax - (history + params.captureLmrOffset) / params.captureLmrDiv, 0,
                               params.captureLmrMax);
                reduced = r > 0;
            }
        }
        if (reduced) {
            const int d = std::clamp(newDepth - r, 1, newDepth);
            score = -negamax<false>(-alpha - 1, -alpha, d, ply + 1, true);
            if (score > alpha && d < newDepth) {
                // The reduced search beat alpha: re-search deeper if it beat the best by far, shallower
                // if only just.
                newDepth += (score > bestScore + params.lmrDeeperBase + params.lmrDeeperPerDepth * newDepth) -
                            (score < bestScore + params.lmrShallowerMargin);
                if (newDepth > d) {
                    score = -negamax<false>(-alpha - 1, -alpha, newDepth, ply + 1, !cutNode);
                    // The re-search's verdict on a quiet move teaches its continuation histories, a
                    // little more for the first killer (Stockfish 11).
                    if (!noisy) {
                        int bonus = Histories::bonus(newDepth, params) * (score > alpha ? 1 : -1);
                        if (m == ss.killers[0]) bonus += bonus * params.lmrResearchKillerPercent / 100;
                        update_continuation(ply, moved, m.to(), bonus);
                    }
                }
            }
        } else if (!PV || moveCount > 1) {
            score = -negamax<false>(-alpha - 1, -alpha, newDepth, ply + 1, !cutNode);
        }
        // Step 16. Principal variation search: the first move, and any that lands inside the window,
        // with the full window.
        if (PV && (moveCount == 1 || (score > alpha && score < beta)))
            score = -negamax<true>(-beta, -alpha, newDepth, ply + 1, false);
        pos.undo_move();
        if (stopped()) return 0;

        // Step 17. A new best move raises alpha, or cuts.
        if (update_best<PV>(ply, m, score, beta, bestScore, alpha, bestMove)) {
            ss.cutoffCnt += 1 + !ttMove;
            break;
        }
        if (m != bestMove) {
            if (!noisy && quietCount < MAX_QUIETS_TRIED) quietsTried[quietCount++] = m;
            else if (noisy && captureCount < MAX_CAPTURES_TRIED) capturesTried[captureCount++] = m;
        }
    }

    // Step 18. No legal move: checkmate or stalemate (or, in a singular search, only the excluded move).
    if (moveCount == 0) return excluded ? alpha : inCheck ? mated_in(ply) : VALUE_DRAW;

    // Step 19. History updates: after a cutoff the best move is rewarded and the moves tried before it
    // are punished.
    if (bestScore >= beta) {
        // A quiet cut far above beta is rewarded (and the quiet moves before it punished) as one a ply
        // deeper (Stockfish 11).
        const int bonus = Histories::bonus(depth + (bestScore > beta + params.historyBigCutMargin), params);
        if (!is_noisy(b, bestMove)) update_quiet_stats(ply, bestMove, bonus, quietsTried, quietCount);
        else punish_quiets(ply, depth, quietsTried, quietCount);  // the quiet moves tried before the capture
        update_capture_stats(is_noisy(b, bestMove) ? bestMove : Move::none(), depth, capturesTried, captureCount);
        // The previous move, quiet and its node's first move (mostly the hash move) or first killer, is
        // refuted: its continuation histories are punished as at a ply deeper (Stockfish 11).
        if (parent.quiet && (parent.moveCount == 1 || parent.move == parent.killers[0]))
            update_continuation(ply - 1, parent.moved, parent.move.to(), -Histories::bonus(depth + 1, params));
    } else if (!bestMove && parent.quiet && (PV || depth >= params.priorFailLowMinDepth)) {
        // No move beat alpha: the previous quiet move refuted them all, and its continuation histories
        // earn the bonus of a cut (Stockfish 11).
        update_continuation(ply - 1, parent.moved, parent.move.to(), Histories::bonus(depth, params));
    }

    // A tablebase loss bounds what the moves found (on a principal variation).
    if (PV) bestScore = std::min(bestScore, tbMax);

    // Step 20. Correction history and the transposition table store.
    const Bound bound = bestScore >= beta ? BOUND_LOWER : PV && bestMove ? BOUND_EXACT : BOUND_UPPER;
    if (!excluded) {
        // Correction history learns from quiet results that the static evaluation misjudged.
        if (!inCheck && !is_decisive(bestScore) && !(bestMove && is_noisy(b, bestMove)) &&
            !(bound == BOUND_LOWER && bestScore <= ss.staticEval) &&
            !(bound == BOUND_UPPER && bestScore >= ss.staticEval))
            update_correction(b, ss.corr, depth, bestScore - ss.staticEval);
        ctx.tt.store(key, score_to_tt(bestScore, ply), rawEval, bound, depth, bestMove, ss.ttPv);
    }
    return bestScore;
}

template <bool PV>
int Worker::qsearch(int alpha, int beta, int ply, bool checks) {
    const int oldAlpha = alpha;
    // Step 1. A stopped search, a draw or the ply limit end the node.
    Stack& ss = stack[ply];
    ss.pvLength = 0;
    if (stopped()) return 0;
    if (PV) selDepth = std::max(selDepth, ply + 1);

    const Board& b = pos.board();
    if (pos.is_draw(ply) || pos.insufficient_material()) return VALUE_DRAW;
    const bool inCheck = b.checkers() != 0;
    if (ply >= PLY_LIMIT) return inCheck ? VALUE_DRAW : evaluate(b, &pawnTable);

    // Step 2. Transposition table lookup: an entry of quiescence will do, unless this node tries quiet
    // checks and the entry's did not (it is stored one ply shallower).
    CorrectionSlots corr;
    if (!inCheck) {
        corr = correction_slots(b);
        prefetch_eval(b, corr);
    }
    const Key key = b.key;
    const int ttDepth = checks || inCheck ? QS_DEPTH_CHECKS : QS_DEPTH_NO_CHECKS;
    TTData tte;
    const bool ttHit = ctx.tt.probe(key, tte);
    const int ttScore = ttHit ? score_from_tt(tte.score, ply, b.rule50) : VALUE_NONE;
    if (!PV && ttHit && tte.depth >= ttDepth && ttScore != VALUE_NONE &&
        (tte.bound & (ttScore >= beta ? BOUND_LOWER : BOUND_UPPER)))
        return ttScore;

    int bestScore = -VALUE_INFINITE, standPat = VALUE_NONE, rawEval = VALUE_NONE;
    if (!inCheck) {
        // Step 3. Stand pat: the side to move may decline every capture (not when in check).
        rawEval = ttHit && tte.eval != VALUE_NONE ? tte.eval : static_eval(b);
        standPat = corrected_eval(b, corr, rawEval);
        bestScore = standPat;
        if (ttScore != VALUE_NONE && (tte.bound & (ttScore > standPat ? BOUND_LOWER : BOUND_UPPER)))
            bestScore = ttScore;
        if (bestScore >= beta) return bestScore;
        alpha = std::max(alpha, bestScore);
    }

    // Step 4. Captures and promotions (every move when in check), best first, then at the first ply the
    // quiet checks; under-promotions, losing moves and captures that cannot reach alpha are skipped.
    MovePicker picker =
        MovePicker::quiescence(pos, ttHit ? tte.move : Move::none(), hist, checks, inCheck ? threats_against(b) : 0);
    if (!inCheck) picker.skip_losing_noisy();  // the loop below would skip each of them
    Move bestMove = Move::none();
    int moveCount = 0;
    const int futilityBase = inCheck ? VALUE_NONE : standPat + params.qsFutilityMargin;
    // A bare king's known loss (eval/endgame.h) is no estimate that a victim's value adds to: taking
    // the last piece or pawn draws. Delta pruning and futility would skip that capture.
    const bool knownLoss = !inCheck && standPat <= -endgame::KNOWN_WIN / 2;
    for (Move m; (m = picker.next());) {
        ++moveCount;
        if (!inCheck) {
            if (m.kind() == Move::PROMOTION && m.promotion() != QUEEN) continue;
            if (!see_nonnegative(b, m, picker.last_see())) continue;  // losing captures and checks
            // Delta pruning: even winning this piece cannot lift the score to alpha; futility: well below
            // alpha, a capture that wins nothing (an even trade) cannot help. Neither skips a check.
            const PieceType victim = b.captured_type(m);
            if (!knownLoss && m.kind() != Move::PROMOTION && is_noisy(b, m) &&
                (standPat + PIECE_VALUE[victim] + params.deltaMargin <= alpha ||
                 (futilityBase <= alpha && !see_ge(b, m, 1))) &&
                !gives_check(b, pos.rules(), m, type_of(b.piece_on(m.from()))))
                continue;
        } else if (bestScore > -VALUE_MATE_IN_MAX_PLY && !is_noisy(b, m) && !see_ge(b, m, 0)) {
            // Evasion pruning: once a move has escaped mate, quiet evasions that lose material are skipped.
            continue;
        }
        ctx.tt.prefetch(b.key_after(m));
        set_move(ply, m, b.piece_on(m.from()), inCheck, is_noisy(b, m));
        pos.do_move(m);
        count_node();
        const int score = -qsearch<PV>(-beta, -alpha, ply + 1, false);
        pos.undo_move();
        if (stopped()) return 0;
        if (update_best<PV>(ply, m, score, beta, bestScore, alpha, bestMove)) break;
    }
    // Step 5. Checkmate; the transposition table store.
    if (inCheck && moveCount == 0) return mated_in(ply);

    const Bound bound = bestScore >= beta ? BOUND_LOWER : PV && bestScore > oldAlpha ? BOUND_EXACT : BOUND_UPPER;
    ctx.tt.store(key, score_to_tt(bestScore, ply), rawEval, bound, ttDepth, bestMove, ttHit && tte.pv);
    return bestScore;
}

void Worker::update_quiet_stats(int ply, Move best, int bonus, const Move* tried, int triedCount) {
    Stack& ss = stack[ply];
    if (ss.killers[0] != best) {
        ss.killers[1] = ss.killers[0];
        ss.killers[0] = best;
    }
    update_quiet_history(ply, best, bonus);
    for (int i = 0; i < triedCount; ++i) update_quiet_history(ply, tried[i], -bonus);
    // The move back (to -> from) of a piece other than a pawn would undo the good move: its butterfly
    // entry is punished (Stockfish 11).
    const Board& b = pos.board();
    if (type_of(b.piece_on(best.from())) != PAWN)
        Histories::update(hist.butterfly_of(b.side, ss.threats, Move(best.to(), best.from())), -bonus);
    const Move prev = stack[ply - 1].move;
    if (prev && prev != Move::null() && stack[ply - 1].moved != NO_PIECE)
        hist.counter[stack[ply - 1].moved][prev.to()] = best;
}

void Worker::punish_quiets(int ply, int depth, const Move* tried, int triedCount) {
    const int malus = -Histories::bonus(depth, params);
    for (int i = 0; i < triedCount; ++i) update_quiet_history(ply, tried[i], malus);
}

void Worker::update_quiet_history(int ply, Move m, int value) {
    const Board& b = pos.board();
    const Piece pc = b.piece_on(m.from());
    Histories::update(hist.butterfly_of(b.side, stack[ply].threats, m), value);
    update_continuation(ply, pc, m.to(), value);
}

void Worker::update_capture_stats(Move best, int depth, const Move* tried, int triedCount) {
    const Board& b = pos.board();
    const int bonus = Histories::bonus(depth, params);
    auto reward = [&](Move m, int v) {
        const PieceType victim = b.captured_type(m);
        Histories::update(hist.capture[b.piece_on(m.from())][m.to()][victim], v);
    };
    if (best) reward(best, bonus);
    for (int i = 0; i < triedCount; ++i) reward(tried[i], -bonus);
}

}  // namespace vireo
