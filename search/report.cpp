// What the search tells the GUI: an info line per root line shown (MultiPV), from the main thread.
#include "search/worker.h"

namespace vireo {

void Worker::report(int depth) {
    if (!ctx.callbacks.info) return;
    const int lines = std::min<int>(ctx.settings.multiPV, int(rootMoves.size()));
    const std::int64_t ms = ctx.elapsed();
    for (int i = 0; i < lines; ++i) {
        const RootMove& rm = rootMoves[i];
        const bool searched = rm.score != -VALUE_INFINITE;
        if (!searched && rm.previousScore == -VALUE_INFINITE) continue;  // never searched: nothing honest to say
        SearchReport r = ctx.make_report(rm, depth, i + 1, searched);
        r.timeMs = ms;
        ctx.callbacks.info(r);
    }
}

SearchReport SearchContext::make_report(const RootMove& rm, int depth, int multiPV, bool searched) const {
    SearchReport r;
    r.depth = searched ? depth : std::max(1, depth - 1);
    r.selDepth = std::max(rm.selDepth, r.depth);
    r.multiPV = multiPV;
    r.score = searched ? rm.score : rm.previousScore;
    r.bound = searched ? rm.bound : BOUND_EXACT;
    // A root in the tables: their verdict, unless the search has found a mate.
    if (rm.tbScore != VALUE_NONE && !is_mate_score(r.score)) {
        r.score = rm.tbScore;
        r.bound = BOUND_EXACT;
    }
    r.nodes = nodes();
    r.tbHits = tb_hits();
    r.timeMs = elapsed();
    r.hashfull = tt.hashfull();
    r.pv = rm.pv;
    return r;
}

}  // namespace vireo
