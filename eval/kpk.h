// King and pawn against king: which positions the pawn's side wins, by a bitbase.
//
// The bitbase holds one bit per position with the pawn White's on files a-d (the other files are
// their mirror), both kings and the side to move: 2 x 24 x 64 x 64 = 196,608 positions, 24 KB. It
// is made by retrograde analysis the first time it is asked (a few milliseconds) and never changes
// after. tests/test_endgames.cpp checks it against the Syzygy KPvK table on every legal position.
#pragma once

#include "movegen/types.h"

namespace vireo::kpk {

// Whether the side with the pawn wins, with best play and no fifty-move rule, the position being
// legal: the strong king on strongKing, its pawn on pawn, the bare king on weakKing, and
// `strongToMove` saying who moves. Squares are from the strong side's point of view (its pawn
// goes up the board: for Black's pawn pass relative_square(BLACK, s) of each square).
bool wins(Square strongKing, Square pawn, Square weakKing, bool strongToMove);

}  // namespace vireo::kpk
