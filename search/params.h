// The search's tunable numbers in one place: margins, reductions, depth limits and history divisors.
// Each is one X(name, value, min, max) line of VIREO_SEARCH_PARAMS; the search reads the constant
// params::name, and SEARCH_PARAMS lists them all with the range a tuner (SPSA over fastchess games) may
// explore.
#pragma once

#include <array>
#include <string_view>

namespace vireo::params {

struct ParamInfo {
    std::string_view name;
    int value, min, max;
};

#define VIREO_SEARCH_PARAMS(X)                                                              \
    /* aspiration windows */                                                                \
    X(aspirationDelta, 20, 5, 60)        /* first half-width around the previous score */   \
    X(aspirationMinDepth, 4, 2, 8)       /* depth from which windows are used */            \
    X(aspirationMaxFailHighCut, 3, 0, 6) /* at most this many plies off after fail-highs */ \
    /* razoring: quiescence decides nodes this far below alpha */                           \
    X(razorMaxDepth, 4, 2, 6)                                                               \
    X(razorBase, 250, 100, 500)                                                             \
    X(razorMargin, 150, 60, 300) /* times depth squared */                                  \
    /* reverse futility pruning */                                                          \
    X(rfpMaxDepth, 8, 4, 12)                                                                \
    X(rfpMargin, 80, 40, 140)   /* per ply */                                               \
    X(rfpImproving, 60, 0, 120) /* less margin when improving */                            \
    /* null move */                                                                         \
    X(nmpMinDepth, 3, 2, 5)                                                                 \
    X(nmpBase, 3, 2, 5) /* R = base + depth / div + min(3, (eval-beta)/evalDiv) */          \
    X(nmpDepthDiv, 4, 2, 8)                                                                 \
    X(nmpEvalDiv, 200, 100, 400)                                                            \
    X(nmpVerifyDepth, 12, 8, 16) /* verify from this depth on */                            \
    /* ProbCut */                                                                           \
    X(probcutMinDepth, 5, 4, 8)                                                             \
    X(probcutMargin, 200, 100, 300)                                                         \
    X(probcutReduction, 4, 3, 5)                                                            \
    /* internal iterative reduction */                                                      \
    X(iirMinDepth, 4, 3, 8)                                                                 \
    /* shallow pruning of moves */                                                          \
    X(lmpMaxDepth, 8, 4, 12) /* late-move pruning: (3 + d*d) / (2 - improving) */           \
    X(futilityMaxDepth, 6, 3, 10)                                                           \
    X(futilityBase, 100, 40, 200)                                                           \
    X(futilityMargin, 120, 60, 200) /* per ply */                                           \
    X(historyPruneMaxDepth, 3, 1, 6)                                                        \
    X(historyPruneMargin, 2048, 512, 4096) /* per ply, below zero */                        \
    X(seeQuietMaxDepth, 6, 3, 10)                                                           \
    X(seeQuietMargin, 25, 10, 60) /* times depth squared */                                 \
    X(seeNoisyMaxDepth, 6, 3, 10)                                                           \
    X(seeNoisyMargin, 100, 50, 200)    /* times depth */                                    \
    X(seeNoisyHistoryDiv, 64, 16, 256) /* capture history moves the SEE threshold */        \
    X(captureFutilityMaxDepth, 6, 3, 10)                                                    \
    X(captureFutilityBase, 200, 50, 400)                                                    \
    X(captureFutilityMargin, 150, 60, 300) /* per ply */                                    \
    X(captureFutilityHistoryDiv, 32, 8, 128)                                                \
    /* correction history: weights of the tables, in 128ths */                              \
    X(corrPawnWeight, 128, 32, 256)                                                         \
    X(corrNonPawnWeight, 80, 16, 192)                                                       \
    /* singular extensions */                                                               \
    X(singularMinDepth, 8, 5, 12)                                                           \
    X(singularTTDepthMargin, 3, 1, 5)                                                       \
    X(singularBetaMargin, 2, 1, 4) /* per ply below the hash score */                       \
    X(doubleExtensionMargin, 20, 5, 50)                                                     \
    X(maxDoubleExtensions, 6, 2, 12)                                                        \
    /* late-move reductions */                                                              \
    X(lmrMinDepth, 3, 2, 5)                                                                 \
    X(lmrHistoryDiv, 8192, 4096, 16384)                                                     \
    X(lmrCaptureHistoryDiv, 4096, 2048, 16384)                                              \
    X(lmrCutoffCount, 3, 1, 8)      /* one more ply when the replies cut more often */      \
    X(lmrDeeperBase, 40, 10, 100)   /* re-search deeper when this far above the best */     \
    X(lmrShallowerMargin, 8, 0, 30) /* re-search shallower when within this of the best */  \
    /* history of the previous quiet move from the evaluation's change */                   \
    X(evalDiffHistoryMul, 10, 2, 30)                                                        \
    X(evalDiffHistoryMax, 1000, 200, 2000)                                                  \
    /* quiescence */                                                                        \
    X(deltaMargin, 200, 100, 400)

#define VIREO_DECLARE_PARAM(name, value, min, max) inline constexpr int name = value;
VIREO_SEARCH_PARAMS(VIREO_DECLARE_PARAM)
#undef VIREO_DECLARE_PARAM

#define VIREO_LIST_PARAM(name, value, min, max) ParamInfo{#name, value, min, max},
inline constexpr std::array SEARCH_PARAMS = {VIREO_SEARCH_PARAMS(VIREO_LIST_PARAM)};
#undef VIREO_LIST_PARAM

}  // namespace vireo::params
