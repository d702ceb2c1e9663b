// The static evaluation: a tapered (middlegame/endgame) sum of simple terms, all weighted in
// eval/weights.h. Symmetric by construction: every term is computed the same way for both
// colours from that colour's point of view.
#pragma once

#include <string>

#include "movegen/board.h"

namespace vireo {

// Centipawns from the side to move's point of view.
int evaluate(const Board& b);

// The evaluation broken down by term, white and black, middlegame and endgame, then the blend
// (for the UCI `eval` command). Several lines, each ending in '\n'.
std::string eval_trace(const Board& b);

}  // namespace vireo
