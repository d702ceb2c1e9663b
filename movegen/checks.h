// Quiet moves that give check, found without playing them (quiescence tries them at its first ply):
// a piece moving to a square from which it attacks the enemy king, or one of ours leaving the line
// between one of our sliders and that king (a discovered check). Exact for every quiet move but
// castling, which is left out (a rook's check from castling is rare); promotions and en passant are
// not quiet (generate<CAPTURES> has them).
#pragma once

#include "attacks.h"
#include "movegen.h"

namespace vireo {

// A sink for generate<QUIETS> (not in check) that passes the checking moves on to a MoveList.
class QuietCheckSink {
public:
    QuietCheckSink(const Placement& b, MoveList& out) : out(out) {
        const Color us = b.side;
        const Bitboard occ = b.occupied();
        ksq = b.king(~us);
        direct[PAWN] = PAWN_ATTACKS[~us][ksq];  // our pawns on these squares attack the king
        direct[KNIGHT] = KNIGHT_ATTACKS[ksq];
        direct[BISHOP] = attacks<BISHOP>(ksq, occ);
        direct[ROOK] = attacks<ROOK>(ksq, occ);
        direct[QUEEN] = direct[BISHOP] | direct[ROOK];
        // Our pieces that alone stand between one of our sliders and the king.
        const Bitboard diagonal = b.pieces(us, BISHOP) | b.pieces(us, QUEEN);
        const Bitboard straight = b.pieces(us, ROOK) | b.pieces(us, QUEEN);
        Bitboard sliders = (diagonal & attacks<BISHOP>(ksq, 0)) | (straight & attacks<ROOK>(ksq, 0));
        while (sliders) {
            const Bitboard between = between_bb(pop_lsb(sliders), ksq) & occ;
            if (between && !more_than_one(between) && (between & b.pieces(us))) discoverers |= between;
        }
    }

    static constexpr bool early_exit = false;
    constexpr bool done() const { return false; }
    template <PieceType Pt>
    void add(Square from, Bitboard targets) {
        out.add<Pt>(from, targets & checking(Pt, from));
    }
    void add_pawns(Bitboard targets, int delta) {
        while (targets) {
            const Square to = pop_lsb(targets), from = Square(to - delta);
            if (checking(PAWN, from) & bb(to)) out.add_move(Move(from, to));
        }
    }
    void add_promotions(Bitboard, int) {}  // none among quiet moves
    void add_move(Move) {}                 // castling

private:
    // The squares to which the piece on `from` moves with check.
    Bitboard checking(PieceType pt, Square from) const {
        return direct[pt] | ((discoverers & bb(from)) ? ~line_bb(from, ksq) : 0);
    }

    MoveList& out;
    Square ksq;
    Bitboard direct[PIECE_TYPE_NB] = {};  // squares from which a piece of each type attacks the king
    Bitboard discoverers = 0;
};

// Appends the quiet moves that give check to `out` (the side to move must not be in check).
inline void generate_quiet_checks(const Placement& b, const CastlingRules& cr, MoveList& out) {
    QuietCheckSink sink(b, out);
    generate<QUIETS>(b, cr, sink);
}

}  // namespace vireo
