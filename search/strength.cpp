// Limited strength: the limit for an Elo, how a search applies it (a node budget, more root lines
// searched than shown, a minimum think time) and the random choice of the line played.
#include "search/strength.h"

#include <algorithm>
#include <cmath>

#include "movegen/random.h"
#include "search/worker.h"

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
