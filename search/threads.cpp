// The Lazy SMP thread lifecycle: Search starts the threads of a search (the main thread, which
// starts the helpers), stops them, joins them, and hands the bestmove to its callback. The threads
// share the SearchContext; each runs Worker::iterate (search.cpp) on its own copy of the position.
#include <algorithm>

#include "search/worker.h"

namespace vireo {

Search::Search(TranspositionTable& t, const Tablebases& tb) : ctx(std::make_unique<SearchContext>(t, tb, workers)) {
    set_threads(1);
}

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
        w->evalCache.clear();
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

std::vector<std::uint64_t> Search::thread_nodes() const {
    std::vector<std::uint64_t> counts;
    for (const auto& w : workers) counts.push_back(w->nodes.load(std::memory_order_relaxed));
    return counts;
}

// Written by start() alone, while no search thread runs.
TimePlan Search::time_plan() const { return ctx->timePlan; }

// The generator is read only by start(), on the caller's thread, never by the search threads.
void Search::seed_strength(std::uint64_t seed) { ctx->strengthRng = seed; }

void Search::start(const Position& pos, const SearchLimits& l, const SearchSettings& s, SearchCallbacks cb) {
    wait();
    ctx->startTime = now_ms();
    ctx->clockStart = ctx->startTime;
    ctx->limits = l;
    ctx->settings = s;
    ctx->settings.multiPV = std::max(1, ctx->settings.multiPV);
    ctx->callbacks = std::move(cb);
    ctx->timePlan = plan_time(ctx->limits, pos.side_to_move(), ctx->settings.moveOverhead, ctx->settings.params);
    ctx->reductions.update(ctx->settings.params);
    ctx->searchedLines = ctx->settings.multiPV;
    ctx->limit_strength(pos.side_to_move());
    ctx->stopFlag = false;
    ctx->stopCalled = false;
    ctx->pondering = ctx->limits.ponder;
    ctx->tt.new_search();

    // Root moves: all legal moves, or those of `searchmoves` that are legal.
    std::vector<Move> moves;
    const MoveList legal = pos.legal_moves();
    for (Move m : legal)
        if (l.searchMoves.empty() || std::find(l.searchMoves.begin(), l.searchMoves.end(), m) != l.searchMoves.end())
            moves.push_back(m);
    if (moves.empty()) moves.assign(legal.begin(), legal.end());
    // Tablebases at the root: only the moves that keep the best result the tables promise are
    // searched (among those, the search chooses the most natural), and the tables' verdict is shown.
    TbRoot tbRoot =
        ctx->tb.keep_best_root_moves(pos, moves, ctx->settings.syzygyProbeLimit, ctx->settings.syzygy50MoveRule);
    ctx->tbProbeLimit = tbRoot.treeProbeLimit;
    ctx->rootTbHits = tbRoot.hits;
    std::vector<int>& tbScores = tbRoot.scores;
    // The hash move of the root, if any, is tried first.
    TTData tte;
    if (ctx->tt.probe(pos.key(), tte)) {
        auto it = std::find(moves.begin(), moves.end(), tte.move);
        if (it != moves.end()) {
            if (!tbScores.empty())
                std::rotate(tbScores.begin(), tbScores.begin() + (it - moves.begin()),
                            tbScores.begin() + (it - moves.begin()) + 1);
            std::rotate(moves.begin(), it, it + 1);
        }
    }
    for (auto& w : workers) {
        w->prepare(pos, moves);
        for (std::size_t i = 0; i < tbScores.size(); ++i) w->rootMoves[i].tbScore = tbScores[i];
    }

    decided = false;
    active = true;
    mainThread = std::thread([this] { main_thread_body(); });
}

void Search::main_thread_body() {
    Worker& main = *workers[0];
    Move best = Move::none(), ponder = Move::none();
    // An infinite or ponder search gives no bestmove before stop (or ponderhit), even when it has
    // finished early (a depth or node limit) or had nothing to search. Limited strength gives none
    // before its minimum think time on the clock, unless told to stop. stop() and ponderhit() wake it.
    auto hold_bestmove = [this] {
        std::unique_lock<std::mutex> lock(ctx->holdMutex);
        ctx->holdCv.wait(lock,
                         [this] { return !(ctx->limits.infinite || ctx->pondering.load()) || ctx->stopCalled.load(); });
        while (!ctx->stopCalled.load()) {
            const std::int64_t left = ctx->minThinkMs - ctx->clock_elapsed();
            if (left <= 0) break;
            ctx->holdCv.wait_for(lock, std::chrono::milliseconds(left));
        }
    };

    if (main.rootMoves.empty()) {
        // Checkmate or stalemate: nothing to search, but still a score line and a bestmove.
        if (ctx->callbacks.info) {
            SearchReport r;
            r.score = main.pos.in_check() ? -VALUE_MATE : VALUE_DRAW;
            ctx->callbacks.info(r);
        }
        hold_bestmove();
    } else {
        std::vector<std::thread> helpers;
        for (std::size_t i = 1; i < workers.size(); ++i) helpers.emplace_back([this, i] { workers[i]->iterate(); });
        main.iterate();

        hold_bestmove();
        ctx->stopFlag = true;
        for (auto& t : helpers) t.join();

        const RootMove& rm = ctx->played_line(main);
        best = rm.move;
        if (rm.pv.size() > 1) {
            ponder = rm.pv[1];
        } else {
            // No reply in the pv: the table may know one.
            Position after = main.pos;
            after.do_move(best);
            TTData tte;
            if (ctx->tt.probe(after.key(), tte) && tte.move && is_legal(after.board(), after.rules(), tte.move))
                ponder = tte.move;
        }
    }
    decided = true;
    if (ctx->callbacks.bestmove) ctx->callbacks.bestmove(best, ponder);
    active = false;
}

void Search::stop() { ctx->request_stop(true); }

void Search::ponderhit() {
    // The opponent played the expected move: our clock runs from now. Outside a ponder search
    // ponderhit means nothing (restarting the clock of a normal search would let it run on).
    if (!ctx->pondering.load()) return;
    ctx->clockStart = now_ms();
    {
        std::lock_guard<std::mutex> lock(ctx->holdMutex);
        ctx->pondering = false;
    }
    ctx->holdCv.notify_all();
}

void Search::wait() {
    if (mainThread.joinable()) mainThread.join();
}

}  // namespace vireo
