// The static evaluation: a tapered (middlegame/endgame) sum of simple terms, all weighted in
// eval/weights.h. Symmetric by construction: every term is computed the same way for both
// colours from that colour's point of view.
#pragma once

#include <array>
#include <cstdint>
#include <string>

#include "eval/weights.h"
#include "movegen/board.h"

namespace vireo {

class PawnTable;

// Centipawns from the side to move's point of view. With a pawn table (eval/pawn_table.h), the
// terms of the pawns alone are taken from it when it has them and stored in it when not; the
// score is exactly the same with or without one.
int evaluate(const Board& b, PawnTable* pawnTable = nullptr);

// The evaluation broken down by term, white and black, middlegame and endgame, then the blend
// (for the UCI `eval` command). Several lines, each ending in '\n'.
std::string eval_trace(const Board& b);

// What the tuner needs to recompute an evaluation under other weights: how many times each weight
// counts for each colour (for a king-danger weight: in the danger count of the attacking colour),
// and the parts of the blend that do not depend on the weights.
struct EvalCoefficients {
    std::array<std::array<std::int16_t, WEIGHT_COUNT>, COLOR_NB> count{};
    int phase = 0;                      // middlegame share, 0..PHASE_MAX
    std::array<int, COLOR_NB> scale{};  // endgame scale out of SCALE_NORMAL when white, black is ahead in it
    int rule50 = 0;                     // the score is multiplied by (RULE50_SPAN - rule50) / RULE50_SPAN
};

// The same evaluation with other weights, for the tuner (eval/tuner) and its tests.
class WeightedEval {
public:
    explicit WeightedEval(const Weights& weights) : w(weights) {}
    // Centipawns from the side to move's point of view, as evaluate() (which equals WeightedEval(WEIGHTS)).
    int operator()(const Board& b) const;
    // The coefficients of every weight in b (and returns the evaluation, as operator()).
    int coefficients(const Board& b, EvalCoefficients& out) const;

private:
    Weights w;
};

}  // namespace vireo
