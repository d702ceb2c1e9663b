// The static evaluation: a tapered (middlegame/endgame) sum of simple terms, all weighted in
// eval/weights.h. Symmetric by construction: every term is computed the same way for both
// colours from that colour's point of view.
#pragma once

#include <array>
#include <string>

#include "eval/weights.h"
#include "movegen/board.h"

namespace vireo {

// Centipawns from the side to move's point of view.
int evaluate(const Board& b);

// The evaluation broken down by term, white and black, middlegame and endgame, then the blend
// (for the UCI `eval` command). Several lines, each ending in '\n'.
std::string eval_trace(const Board& b);

using PstTable = std::array<std::array<S, 64>, PIECE_TYPE_NB>;

// The same evaluation with other weights, for the tuner (eval/tuner) and its tests.
class WeightedEval {
public:
    explicit WeightedEval(const Weights& weights);
    // Centipawns from the side to move's point of view, as evaluate() (which equals WeightedEval(WEIGHTS)).
    int operator()(const Board& b) const;
    // White's terms minus black's, middlegame and endgame, before the phase blend and without the
    // tempo; `phase` gets the middlegame share (0..PHASE_MAX).
    S unblended(const Board& b, int& phase) const;

private:
    Weights w;
    PstTable pst;
};

}  // namespace vireo
