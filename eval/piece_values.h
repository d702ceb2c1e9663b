// What a piece is worth when material is counted in trades: the conventional 1/3/3/5/9 pawns, in
// centipawns. One table for every place that means this: static exchange evaluation (search/see.cpp),
// capture ordering (MVV-LVA in search/movepick.h), delta pruning in quiescence (search/search.cpp) and
// the tuner's winning-capture filter (eval/tuner). The evaluation's material is something else: tuned,
// tapered weights (pieceValue in eval/weights.h) that these fixed values deliberately do not follow.
#pragma once

#include "movegen/board.h"
#include "movegen/types.h"

namespace vireo {

// Indexed by type_of(piece), which for an empty square is type_of(NO_PIECE) == 7 (movegen/types.h):
// the last entry makes an empty target square worth 0, so "what stands on the target square" of a
// quiet move or a non-capturing promotion needs no branch (see_ge, move ordering). Index 6 is no
// piece type and only fills the gap. The king is worth 0: it is never captured, and a king that
// captures cannot be lost in return (the move is legal), which SEE relies on.
inline constexpr int PIECE_VALUE[8] = {100, 300, 300, 500, 900, 0, 0, 0};
static_assert(PIECE_TYPE_NB == 6 && type_of(NO_PIECE) == 7, "PIECE_VALUE is indexed by type_of(piece), NO_PIECE too");

// A side's pieces other than pawns and king, in these plain values (the scale factor, the endings).
inline int non_pawn_material(const Board& b, Color c) {
    int v = 0;
    for (PieceType pt : {KNIGHT, BISHOP, ROOK, QUEEN}) v += PIECE_VALUE[pt] * popcount(b.pieces(c, pt));
    return v;
}

}  // namespace vireo
