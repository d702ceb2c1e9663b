// Time management: how long one move may think.
#pragma once

#include <algorithm>
#include <cstdint>

#include "search/limits.h"

namespace vireo {

struct TimePlan {
    std::int64_t soft = 0;  // ms: no new iteration is started after this (scaled by instability)
    std::int64_t hard = 0;  // ms: the search stops here, wherever it is
    bool limited = false;   // false: no time limit (depth, nodes, infinite ...)
    bool fixed = false;     // movetime alone: use all of it
};

// From the clock: keep Move Overhead in reserve, spend about 1/movesToGo of the rest plus most of
// the increment, never more than a fraction of what is left.
inline TimePlan plan_time(const SearchLimits& limits, Color us, std::int64_t overhead) {
    TimePlan plan;
    if (limits.moveTime > 0) {
        plan.limited = plan.fixed = true;
        plan.soft = plan.hard = std::max<std::int64_t>(1, limits.moveTime - overhead);
    }
    if (limits.use_clock(us)) {
        const std::int64_t left = std::max<std::int64_t>(1, limits.time[us] - overhead);
        const std::int64_t inc = std::max<std::int64_t>(0, limits.inc[us]);
        const int mtg = limits.movesToGo > 0 ? std::min(limits.movesToGo, 40) : 35;
        std::int64_t soft = left / mtg + inc * 3 / 4;
        std::int64_t hard = std::min<std::int64_t>(left * (mtg == 1 ? 9 : 4) / 10, soft * 5);
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

}  // namespace vireo
