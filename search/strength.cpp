// Limited strength: the limit for an Elo and the random choice of the line played (how a search
// applies a limit: SearchContext::limit_strength and played_line, search/context.cpp).
#include "search/strength.h"

#include <algorithm>
#include <cmath>

#include "movegen/random.h"

namespace vireo {

StrengthLimit strength_for_elo(int elo, const StrengthCalibration& cal) {
    StrengthLimit s;
    elo = std::clamp(elo, cal.eloMin, cal.eloMax);
    if (elo >= cal.eloMax) return s;
    s.enabled = true;
    s.nodes = std::uint64_t(std::llround(cal.nodesAtMin * std::exp2(double(elo - cal.eloMin) / cal.eloPerDoubling)));
    s.candidates = cal.candidates;
    s.spread = int(std::lround(double(cal.spreadAtMin) * double(cal.eloMax - elo) / double(cal.eloMax - cal.eloMin)));
    return s;
}

std::size_t choose_line(const std::vector<int>& scores, int spread, std::uint64_t seed) {
    std::size_t chosen = 0;
    long long bestValue = 0;
    std::uint64_t state = seed;
    for (std::size_t i = 0; i < scores.size(); ++i) {
        const long long bonus = spread > 0 ? (long long)(splitmix64(state) % std::uint64_t(spread + 1)) : 0;
        const long long value = scores[i] + bonus;
        if (i == 0 || value > bestValue) chosen = i, bestValue = value;
    }
    return chosen;
}

}  // namespace vireo
