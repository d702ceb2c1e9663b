// SearchContext, what the threads of one search share (search/worker.h): the node and tablebase
// counts of all threads, the limits the main thread watches, the info lines, and how limited strength
// (search/strength.h) applies to a search and chooses the line played.
#include <algorithm>

#include "movegen/random.h"
#include "search/worker.h"

namespace vireo {

std::uint64_t SearchContext::nodes() const {
    std::uint64_t n = 0;
    for (const auto& w : workers) n += w->nodes.load(std::memory_order_relaxed);
    return n;
}

std::uint64_t SearchContext::tb_hits() const {
    std::uint64_t n = rootTbHits;
    for (const auto& w : workers) n += w->tbHits.load(std::memory_order_relaxed);
    return n;
}

void SearchContext::check_limits() {
    if (limits.nodes && nodes() >= limits.nodes) request_stop();
    if (timePlan.limited && !pondering.load(std::memory_order_relaxed) && clock_elapsed() >= timePlan.hard)
        request_stop();
}

// The info lines: one per root line shown (MultiPV), from the main thread.
void SearchContext::report(const Worker& main, int depth) const {
    if (!callbacks.info) return;
    const std::vector<RootMove>& rootMoves = main.rootMoves;
    const int lines = std::min<int>(settings.multiPV, int(rootMoves.size()));
    const std::int64_t ms = elapsed();
    for (int i = 0; i < lines; ++i) {
        const RootMove& rm = rootMoves[i];
        const bool searched = rm.score != -VALUE_INFINITE;
        if (!searched && rm.previousScore == -VALUE_INFINITE) continue;  // never searched: nothing honest to say
        SearchReport r = make_report(rm, depth, i + 1, searched);
        r.timeMs = ms;
        callbacks.info(r);
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

// Limited strength.
void SearchContext::limit_strength(Color us) {
    minThinkMs = 0;
    strength = StrengthLimit{};
    if (settings.limitStrength) {
        strength = strength_for_elo(settings.elo);
        strength.seed = splitmix64(strengthRng);
    }
    if (limits.infinite) strength = StrengthLimit{};  // analysis: full strength
    if (!strength.enabled) return;
    // The budget on top of any node limit of the go command; more lines searched than shown.
    if (strength.nodes) limits.nodes = limits.nodes ? std::min(limits.nodes, strength.nodes) : strength.nodes;
    searchedLines = std::max(searchedLines, strength.candidates);
    // With a clock, not at once: a share of the planned time, as a person would think.
    if (limits.use_clock(us) && timePlan.limited && !timePlan.fixed)
        minThinkMs = std::min(timePlan.soft * STRENGTH.minThinkPercent / 100, STRENGTH.minThinkCapMs);
}

const RootMove& SearchContext::played_line(const Worker& main) {
    if (!strength.enabled || main.lastComplete.empty()) return main.rootMoves[0];
    std::vector<int> scores;
    for (const RootMove& line : main.lastComplete) scores.push_back(line.score);
    const RootMove& chosen = main.lastComplete[choose_line(scores, strength.spread, strength.seed)];
    // The last info line shows the line played.
    if (chosen.move != main.rootMoves[0].move && callbacks.info)
        callbacks.info(make_report(chosen, main.lastCompleteDepth, 1, true));
    return chosen;
}

}  // namespace vireo
