// Static exchange evaluation: does a capture sequence on one square win at least a threshold?
#pragma once

#include "eval/piece_values.h"
#include "movegen/board.h"

namespace vireo {

// True when playing m and then every best recapture on its square leaves the mover at least
// `threshold` centipawns up, pieces counted by PIECE_VALUE (pins are ignored; castling and en passant
// count as even).
bool see_ge(const Board& b, Move m, int threshold);

}  // namespace vireo
