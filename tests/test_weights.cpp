// The engine's weights (eval/weights.h) keep the shapes chess gives them, whatever the tuner fitted.
#include <doctest/doctest.h>

#include "eval/tuner/tuner.h"
#include "eval/weights.h"

using namespace vireo;

// One more square for a piece may be worth little, but not much less: the fit of a bucket the
// training data barely reaches (a queen with 25 squares) is noise, and a centralised queen must not
// lose pawns of score for its freedom. 30 cp leaves room for the rounding and sampling noise of a
// refit with the tuner's monotone projection off (--no-monotone), and is far below the falls of an
// overfitted bucket (hundreds of cp). The tables are the tuner's monotone ones: the four mobilities.
TEST_CASE("mobility tables: one more square never costs more than 30 cp in either phase") {
    constexpr int MAX_FALL = 30;
    Weights w = WEIGHTS;
    const auto params = tuner::parameters(w);
    int tables = 0;
    for (const tuner::ShapedTable& t : tuner::shaped_tables()) {
        if (!t.monotone) continue;
        ++tables;
        for (std::size_t j = t.first; j + 1 < t.first + std::size_t(t.count); ++j) {
            const S a = *params[j].weight, b = *params[j + 1].weight;
            CHECK_MESSAGE(b.mg >= a.mg - MAX_FALL, params[j].name, " -> ", params[j + 1].name, " mg ", a.mg, " -> ",
                          b.mg);
            CHECK_MESSAGE(b.eg >= a.eg - MAX_FALL, params[j].name, " -> ", params[j + 1].name, " eg ", a.eg, " -> ",
                          b.eg);
        }
    }
    CHECK(tables == 4);
}
