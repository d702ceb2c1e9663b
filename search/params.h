// The search's tunable numbers in one place: margins, reductions, depth limits, history and
// correction rates, and time management. Each is one X(name, value, min, max) line of
// VIREO_SEARCH_PARAMS: its value and the range a tuner (SPSA over games, e.g. OpenBench) may explore.
// Fractions are integers over a stated denominator (hundredths: 75 is 0.75).
//
// The search reads them as params.name from a SearchParams, the one in the settings of the search
// (SearchSettings::params). In a normal build SearchParams's members are `static constexpr int`: the
// numbers are compile-time constants, as fast as literals. In a tune build (cmake -DVIREO_TUNE=ON,
// `make TUNE=1`) they are plain ints that UCI options of the same names set (engine/uci.cpp), and
// `vireo spsa` prints them in OpenBench's SPSA input form. SEARCH_PARAMS lists them all.
#pragma once

#include <array>
#include <string_view>

namespace vireo {

namespace params {

struct ParamInfo {
    std::string_view name;
    int value, min, max;
    // SPSA's final perturbation (OpenBench's c_end): a twentieth of the range, as Stockfish's tune
    // does, but at least half a unit so that an integer can move at all.
    double step() const { return (max - min) / 20.0 > 0.5 ? (max - min) / 20.0 : 0.5; }
};

}  // namespace params

#define VIREO_SEARCH_PARAMS(X)                                                                            \
    /* aspiration windows */                                                                              \
    X(aspirationDelta, 18, 5, 60)        /* first half-width around the previous score */                 \
    X(aspirationMinDepth, 4, 2, 8)       /* depth from which windows are used */                          \
    X(aspirationMaxFailHighCut, 3, 0, 6) /* at most this many plies off after fail-highs */               \
    X(aspirationGrowth, 49, 25, 100)     /* % of the half-width added after each failure */               \
    /* the first half-width grows by |previous score| / this */                                           \
    X(aspirationScoreDiv, 128, 32, 512)                                                                   \
    /* razoring: quiescence decides nodes this far below alpha */                                         \
    X(razorMaxDepth, 4, 2, 6)                                                                             \
    X(razorBase, 246, 100, 500)                                                                           \
    X(razorMargin, 139, 60, 300) /* times depth squared */                                                \
    /* reverse futility pruning */                                                                        \
    X(rfpMaxDepth, 8, 4, 12)                                                                              \
    X(rfpMargin, 81, 40, 140)   /* per ply */                                                             \
    X(rfpImproving, 61, 0, 120) /* less margin when improving */                                          \
    /* null move */                                                                                       \
    X(nmpMinDepth, 3, 2, 5)                                                                               \
    X(nmpBase, 3, 2, 5) /* R = base + depth / div + min(evalMaxCut, (eval-beta)/evalDiv) */               \
    X(nmpDepthDiv, 4, 2, 8)                                                                               \
    X(nmpEvalDiv, 201, 100, 400)                                                                          \
    X(nmpEvalMaxCut, 3, 1, 6)                                                                             \
    X(nmpVerifyDepth, 12, 8, 16)        /* verify from this depth on */                                   \
    X(nmpVerifyBanPercent, 75, 50, 100) /* null moves off for this % of the verification's depth */       \
    /* ProbCut */                                                                                         \
    X(probcutMinDepth, 5, 4, 8)                                                                           \
    X(probcutMargin, 200, 100, 300)                                                                       \
    X(probcutReduction, 4, 3, 5)                                                                          \
    X(probcutDepthMargin, 3, 2, 5) /* its result is stored (and a table entry trusted) at depth - this */ \
    /* captures tried at most: moves + movesCutNode at a cut node */                                      \
    X(probcutMoves, 2, 1, 6)                                                                              \
    X(probcutMovesCutNode, 2, 0, 4)                                                                       \
    /* internal iterative reduction */                                                                    \
    X(iirMinDepth, 4, 3, 8)                                                                               \
    /* shallow pruning of moves */                                                                        \
    X(lmpMaxDepth, 8, 4, 12) /* late-move pruning after (base + d*d) / (2 - improving) moves */           \
    X(lmpBase, 3, 1, 8)                                                                                   \
    X(contPruneDepth, 4, 2, 6)    /* quiets bad after both last moves pruned below this lmrDepth */       \
    X(futilityMaxDepth, 6, 3, 10) /* futility pruning of quiets, by lmrDepth */                           \
    X(futilityBase, 106, 40, 200)                                                                         \
    X(futilityMargin, 114, 60, 200)           /* per ply */                                               \
    X(futilityHistoryMax, 14431, 4000, 30000) /* only moves with a history below this */                  \
    X(historyPruneMaxDepth, 3, 1, 6)                                                                      \
    X(historyPruneMargin, 2865, 512, 4096) /* per ply, below zero */                                      \
    X(seeQuietMaxDepth, 6, 3, 10)          /* SEE pruning of quiets, by lmrDepth */                       \
    X(seeQuietMargin, 24, 10, 60)          /* times lmrDepth squared */                                   \
    X(seeNoisyMaxDepth, 6, 3, 10)                                                                         \
    X(seeNoisyMargin, 96, 50, 200)     /* times depth */                                                  \
    X(seeNoisyHistoryDiv, 68, 16, 256) /* capture history moves the SEE threshold */                      \
    X(captureFutilityMaxDepth, 6, 3, 10)                                                                  \
    X(captureFutilityBase, 200, 50, 400)                                                                  \
    X(captureFutilityMargin, 150, 60, 300) /* per ply */                                                  \
    X(captureFutilityHistoryDiv, 27, 8, 128)                                                              \
    /* correction history: weights of the tables, in 128ths; an update moves an entry by weight/scale */  \
    X(corrPawnWeight, 130, 32, 256)                                                                       \
    X(corrNonPawnWeight, 89, 16, 192)                                                                     \
    X(corrUpdateMaxWeight, 16, 4, 64) /* weight = min(depth + 1, this) */                                 \
    X(corrUpdateScale, 255, 128, 1024)                                                                    \
    /* history: the bonus of a move at depth d is min(quad*d*d + linear*d, max) */                        \
    X(historyBonusQuad, 18, 4, 32)                                                                        \
    X(historyBonusLinear, 35, 0, 64)                                                                      \
    X(historyBonusMax, 1650, 800, 3200)                                                                   \
    X(historyBigCutMargin, 100, 30, 300) /* a quiet cut this far above beta: the bonus of depth + 1 */    \
    X(priorFailLowMinDepth, 3, 1, 6)     /* a fail-low rewards the prior quiet move (PV: any depth) */    \
    /* extensions (singular, check) only while ply < mul * depth + base */                                \
    X(extensionPlyMul, 2, 1, 4)                                                                           \
    X(extensionPlyBase, 8, 0, 16)                                                                         \
    /* singular extensions */                                                                             \
    X(singularMinDepth, 8, 5, 12)                                                                         \
    X(singularTTDepthMargin, 3, 1, 5)                                                                     \
    X(singularBetaMargin, 2, 1, 4) /* per ply below the hash score */                                     \
    X(doubleExtensionMargin, 20, 5, 50)                                                                   \
    X(maxDoubleExtensions, 6, 2, 12)                                                                      \
    X(singularNegTTBeta, 2, 0, 3)  /* plies off one whose score beats beta (1 less on PV) */              \
    X(singularNegCutNode, 1, 0, 2) /* plies off a non-singular hash move at a cut node */                 \
    X(singularNegTie, 1, 0, 2)     /* plies off one that another move matched */                          \
    /* late-move reductions: the table's r = base + ln(depth) ln(move number) / divisor, in hundredths */ \
    X(lmrTableBase, 76, 0, 150)                                                                           \
    X(lmrTableDivisor, 222, 150, 400)                                                                     \
    X(lmrMinDepth, 3, 2, 5) /* also the depth from which losing captures are reduced */                   \
    X(lmrHistoryDiv, 10820, 4096, 16384)                                                                  \
    X(lmrCaptureHistoryDiv, 4472, 2048, 16384)                                                            \
    X(lmrCutoffCount, 3, 1, 8)     /* one more ply when the replies cut more often */                     \
    X(lmrTTHitRate, 500, 300, 900) /* one ply less above this table hit rate (1024ths) */                 \
    /* statScore, a quiet move's history less lmrStatOffset: one ply less when >= 0 and the parent's */   \
    /* was < 0, one more when < 0 and the parent's was >= 0 */                                            \
    X(lmrStatOffset, 3069, 0, 8000)                                                                       \
    X(lmrOppMoveCount, 14, 6, 30) /* one ply less when the parent had tried more moves than this */       \
    X(lmrSingular, 1, 0, 3)       /* plies less for the other moves after a singular hash move */         \
    X(lmrTTCapture, 1, 0, 3)      /* plies more for quiet moves when the hash move is a capture */        \
    X(lmrKingEvasion, 1, 0, 3)    /* plies more for a king move out of check */                           \
    /* captures that do not lose: min(max, max - (history + offset) / div) plies less, at least 0 */      \
    X(captureLmrMax, 2, 1, 3)                                                                             \
    X(captureLmrOffset, 4293, 0, 8000)                                                                    \
    X(captureLmrDiv, 1940, 1000, 4000)                                                                    \
    X(lmrDeeperBase, 41, 10, 100)   /* re-search deeper when this far above the best ... */               \
    X(lmrDeeperPerDepth, 2, 0, 4)   /* ... plus this per ply of depth */                                  \
    X(lmrShallowerMargin, 8, 0, 30) /* re-search shallower when within this of the best */                \
    X(rootLmrMinDepth, 3, 2, 6)     /* at the root: quiet moves after the first ... */                    \
    X(rootLmrMinIndex, 3, 1, 8)     /* ... this many are reduced ... */                                   \
    X(rootLmrReductionCut, 1, 0, 3) /* ... by the table's r minus this */                                 \
    /* a re-search after LMR moves a quiet move's continuation histories, this % more for killer 1 */     \
    X(lmrResearchKillerPercent, 25, 0, 100)                                                               \
    /* history of the previous quiet move from the evaluation's change */                                 \
    X(evalDiffHistoryMul, 10, 2, 30)                                                                      \
    X(evalDiffHistoryMax, 1054, 200, 2000)                                                                \
    /* quiescence */                                                                                      \
    X(deltaMargin, 209, 100, 400)                                                                         \
    X(qsFutilityMargin, 143, 50, 300) /* a capture that wins nothing is skipped this far below alpha */   \
    /* time: the plan from the clock (search/timeman.h), in % where it says so */                         \
    X(tmMovesToGoMax, 40, 20, 80)    /* movestogo counted as at most this */                              \
    X(tmMovesToGo, 25, 15, 60)       /* without movestogo: the moves the time left is shared among */     \
    X(tmIncPercent, 75, 40, 100)     /* of the increment added to the share */                            \
    X(tmHardPercent, 40, 20, 60)     /* hard limit: of the time left ... */                               \
    X(tmHardLastPercent, 90, 60, 95) /* ... on the last move before the time control */                   \
    X(tmHardSoftMul, 5, 2, 10)       /* ... and at most this many soft limits */                          \
    /* time: the soft limit scaled between iterations (search/timeman.h), in hundredths */                \
    X(tmStabilityBase, 180, 120, 250) /* factor: base - step * (iterations with the same best move) */    \
    X(tmStabilityStep, 10, 0, 20)                                                                         \
    X(tmStabilityMax, 8, 2, 12)  /* iterations counted at most */                                         \
    X(tmNodeBase, 160, 120, 200) /* factor: (base - the best move's share of the nodes) * scale */        \
    X(tmNodeScale, 110, 50, 200)                                                                          \
    X(tmScoreScale, 100, 25, 400) /* factor: 1 + (score drop) / scale, within [min, max] ... */           \
    X(tmScoreMin, 85, 50, 100)                                                                            \
    X(tmScoreMax, 150, 100, 250)                                                                          \
    X(tmScoreMinDepth, 4, 1, 10)  /* ... after this depth */                                              \
    X(tmOnlyMove, 20, 5, 60)      /* scale with only one move */                                          \
    X(tmSoftPercent, 60, 30, 100) /* no new iteration past this share of the scaled soft limit */

// The search numbers as the search reads them. Tunable false: compile-time constants (the normal
// build); true: values set at run time (the tune build). Both can be read as params.name.
template <bool Tunable>
struct BasicSearchParams;

template <>
struct BasicSearchParams<false> {
#define VIREO_DECLARE_PARAM(name, value, min, max) static constexpr int name = value;
    VIREO_SEARCH_PARAMS(VIREO_DECLARE_PARAM)
#undef VIREO_DECLARE_PARAM
};

template <>
struct BasicSearchParams<true> {
#define VIREO_DECLARE_PARAM(name, value, min, max) int name = value;
    VIREO_SEARCH_PARAMS(VIREO_DECLARE_PARAM)
#undef VIREO_DECLARE_PARAM
};

#ifdef VIREO_TUNE
inline constexpr bool TUNE_BUILD = true;
#else
inline constexpr bool TUNE_BUILD = false;
#endif
using SearchParams = BasicSearchParams<TUNE_BUILD>;
using TunableSearchParams = BasicSearchParams<true>;

namespace params {

#define VIREO_LIST_PARAM(name, value, min, max) ParamInfo{#name, value, min, max},
inline constexpr std::array SEARCH_PARAMS = {VIREO_SEARCH_PARAMS(VIREO_LIST_PARAM)};
#undef VIREO_LIST_PARAM

// Calls f(info, value) for each parameter of a tunable set, in the order of SEARCH_PARAMS, with
// a reference to its value.
template <class F>
void for_each(TunableSearchParams& p, F&& f) {
    std::size_t i = 0;
#define VIREO_VISIT_PARAM(name, value, min, max) f(SEARCH_PARAMS[i++], p.name);
    VIREO_SEARCH_PARAMS(VIREO_VISIT_PARAM)
#undef VIREO_VISIT_PARAM
}

}  // namespace params

}  // namespace vireo
