// Static exchange evaluation: does a capture sequence on one square win at least a threshold?
#pragma once

#include "movegen/board.h"

namespace vireo {

inline constexpr int SEE_VALUE[PIECE_TYPE_NB + 2] = {100, 300, 300, 500, 900, 0, 0, 0};

// True when playing m and then every best recapture on its square leaves the mover at least
// `threshold` centipawns up (pins are ignored; castling and en passant count as even).
bool see_ge(const Board& b, Move m, int threshold);

}  // namespace vireo
