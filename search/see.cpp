#include "see.h"

namespace vireo {

bool see_ge(const Board& b, Move m, int threshold) {
    if (m.kind() == Move::CASTLING || m.kind() == Move::EN_PASSANT) return 0 >= threshold;
    const Square from = m.from(), to = m.to();
    int gain = PIECE_VALUE[type_of(b.piece_on(to))] - threshold;
    if (m.kind() == Move::PROMOTION) gain += PIECE_VALUE[m.promotion()] - PIECE_VALUE[PAWN];
    if (gain < 0) return false;  // even a free capture does not reach the threshold
    const PieceType firstVictim = m.kind() == Move::PROMOTION ? m.promotion() : type_of(b.piece_on(from));
    gain = PIECE_VALUE[firstVictim] - gain;
    if (gain <= 0) return true;  // even losing the mover keeps the threshold

    Bitboard occ = b.occupied() ^ bb(from) ^ bb(to);
    Color side = b.side;
    Bitboard attackers = b.attackers(WHITE, to, occ) | b.attackers(BLACK, to, occ);
    const Bitboard diagonal = b.pieces(BISHOP) | b.pieces(QUEEN), straight = b.pieces(ROOK) | b.pieces(QUEEN);
    bool win = true;  // the result if the side to move now stops capturing
    for (;;) {
        side = ~side;
        attackers &= occ;
        const Bitboard mine = attackers & b.pieces(side);
        if (!mine) break;
        win = !win;
        // The least valuable attacker captures; sliders behind it join in.
        PieceType pt = PAWN;
        while (!(mine & b.pieces(pt))) pt = PieceType(pt + 1);
        if (pt == KING) return (attackers & b.pieces(~side)) ? !win : win;
        gain = PIECE_VALUE[pt] - gain;
        if (gain < int(win)) break;
        occ ^= bb(lsb(mine & b.pieces(pt)));
        if (pt == PAWN || pt == BISHOP || pt == QUEEN) attackers |= attacks<BISHOP>(to, occ) & diagonal;
        if (pt == ROOK || pt == QUEEN) attackers |= attacks<ROOK>(to, occ) & straight;
    }
    return win;
}

}  // namespace vireo
