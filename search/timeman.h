// Time management: how long one move may think (the plan, from the clock), and whether the search,
// between two iterations, should start another (the soft limit scaled by how settled the best move is).
#pragma once

#include <algorithm>
#include <cstdint>

#include "search/limits.h"
#include "search/params.h"

namespace vireo {

struct TimePlan {
    std::int64_t soft = 0;  // ms: no new iteration is started after this (scaled by instability)
    std::int64_t hard = 0;  // ms: the search stops here, wherever it is
    bool limited = false;   // false: no time limit (depth, nodes, infinite ...)
    bool fixed = false;     // movetime alone: use all of it
};

// A clock or increment past this (about 35 years, in ms) counts as this: the plan's products (a
// percentage of the time left, a multiple of the soft limit) then stay far inside 64 bits, whatever
// number a GUI sends.
inline constexpr std::int64_t CLOCK_MAX_MS = std::int64_t(1) << 40;

// From the clock: keep Move Overhead in reserve, spend about 1/movesToGo of the rest plus most of
// the increment, never more than a fraction of what is left.
inline TimePlan plan_time(const SearchLimits& limits, Color us, std::int64_t overhead,
                          const SearchParams& p = SearchParams{}) {
    TimePlan plan;
    if (limits.moveTime > 0) {
        plan.limited = plan.fixed = true;
        plan.soft = plan.hard = std::max<std::int64_t>(1, limits.moveTime - overhead);
    }
    if (limits.use_clock(us)) {
        const std::int64_t left = std::max<std::int64_t>(1, std::min(limits.time[us], CLOCK_MAX_MS) - overhead);
        const std::int64_t inc = std::clamp<std::int64_t>(limits.inc[us], 0, CLOCK_MAX_MS);
        const int movesToGo = limits.movesToGo > 0 ? std::min(limits.movesToGo, p.tmMovesToGoMax) : p.tmMovesToGo;
        std::int64_t soft = left / movesToGo + inc * p.tmIncPercent / 100;
        std::int64_t hard = std::min<std::int64_t>(
            left * (movesToGo == 1 ? p.tmHardLastPercent : p.tmHardPercent) / 100, soft * p.tmHardSoftMul);
        soft = std::min(soft, hard);
        if (plan.limited) {
            soft = std::min(soft, plan.soft);
            hard = std::min(hard, plan.hard);
        }
        plan.limited = true;
        plan.fixed = false;
        plan.soft = std::max<std::int64_t>(1, soft);
        plan.hard = std::max<std::int64_t>(1, hard);
    }
    return plan;
}

// What the iterations so far say about the best move, for the soft limit.
struct IterationSignals {
    int stability = 0;      // iterations in a row that ended with the same best move (at most tmStabilityMax)
    double bestShare = 0;   // the best move's share of the nodes searched
    int scoreDrop = 0;      // the previous iteration's score minus this one's (positive: falling)
    int depth = 0;          // of the iteration just completed
    bool onlyMove = false;  // one legal move (or one searched)
};

// Whether a search with a clock, `elapsed` ms into it, should start no new iteration. It spends more
// while the best move keeps changing, takes a small share of the nodes (its rivals needed a close
// look), or the score falls; less when all agree, and little with only one move.
// The factors are the tm* parameters in hundredths (1.8 is 180 / 100.0, the same double).
inline bool soft_limit_reached(const TimePlan& plan, std::int64_t elapsed, const IterationSignals& s,
                               const SearchParams& p) {
    const double stabilityFactor = p.tmStabilityBase / 100.0 - p.tmStabilityStep / 100.0 * s.stability;
    const double nodeFactor = (p.tmNodeBase / 100.0 - s.bestShare) * (p.tmNodeScale / 100.0);
    const double scoreFactor = s.depth > p.tmScoreMinDepth ? std::clamp(1.0 + s.scoreDrop / double(p.tmScoreScale),
                                                                        p.tmScoreMin / 100.0, p.tmScoreMax / 100.0)
                                                           : 1.0;
    double scale = stabilityFactor * nodeFactor * scoreFactor;
    if (s.onlyMove) scale = p.tmOnlyMove / 100.0;
    return double(elapsed) > double(plan.soft) * scale * (p.tmSoftPercent / 100.0);
}

}  // namespace vireo
