// Checks found without playing the moves: a piece moving to a square from which it attacks the enemy
// king, or one of ours leaving the line between one of our sliders and that king (a discovered
// check). CheckSquares answers gives_check for any move of a node (the search asks it of every move);
// generate_quiet_checks lists the quiet moves that give check (quiescence tries them at its first
// ply): exact for every quiet move but castling, which is left out (a rook's check from castling is
// rare); promotions and en passant are not quiet (generate<CAPTURES> has them).
#pragma once

#include "attacks.h"
#include "movegen.h"

namespace vireo {

// Where the side to move gives check from, for the position as it stands: the squares from which a
// piece of each type attacks the enemy king, and our pieces that alone stand between one of our
// sliders and that king (moving off the line, they discover a check). Computed once for a node, it
// answers gives_check for its moves without playing them.
struct CheckSquares {
    explicit CheckSquares(const Placement& b) {
        const Color us = b.side;
        const Bitboard occ = b.occupied();
        ksq = b.king(~us);
        direct[PAWN] = PAWN_ATTACKS[~us][ksq];  // our pawns on these squares attack the king
        direct[KNIGHT] = KNIGHT_ATTACKS[ksq];
        direct[BISHOP] = attacks<BISHOP>(ksq, occ);
        direct[ROOK] = attacks<ROOK>(ksq, occ);
        direct[QUEEN] = direct[BISHOP] | direct[ROOK];
        const Bitboard diagonal = b.pieces(us, BISHOP) | b.pieces(us, QUEEN);
        const Bitboard straight = b.pieces(us, ROOK) | b.pieces(us, QUEEN);
        Bitboard sliders = (diagonal & attacks<BISHOP>(ksq, 0)) | (straight & attacks<ROOK>(ksq, 0));
        while (sliders) {
            const Bitboard between = between_bb(pop_lsb(sliders), ksq) & occ;
            if (between && !more_than_one(between) && (between & b.pieces(us))) discoverers |= between;
        }
    }

    // The squares to which the piece of type pt on `from` moves with check (a normal move: not a
    // promotion, en passant or castling). Direct checks are read with today's occupancy: the moving
    // piece cannot have blocked its own line to the king, or the king would stand in check now.
    Bitboard checking(PieceType pt, Square from) const {
        return direct[pt] | ((discoverers & bb(from)) ? ~line_bb(from, ksq) : 0);
    }

    // Whether the legal move m, by a piece of type `moved`, gives check: exact for every move. A
    // promotion, en passant or castling (rare) is played on a copy (gives_check in movegen.h).
    bool gives_check(const Placement& b, const CastlingRules& cr, Move m, PieceType moved) const {
        if (m.kind() != Move::NORMAL) return vireo::gives_check(b, cr, m, moved);
        return checking(moved, m.from()) & bb(m.to());
    }

    Square ksq;
    Bitboard direct[PIECE_TYPE_NB] = {};  // squares from which a piece of each type attacks the king
    Bitboard discoverers = 0;
};

// A sink for generate<QUIETS> (not in check) that passes the checking moves on to a MoveList.
class QuietCheckSink {
public:
    QuietCheckSink(const Placement& b, MoveList& out) : out(out), squares(b) {}

    static constexpr bool early_exit = false;
    constexpr bool done() const { return false; }
    template <PieceType Pt>
    void add(Square from, Bitboard targets) {
        out.add<Pt>(from, targets & squares.checking(Pt, from));
    }
    void add_pawns(Bitboard targets, int delta) {
        while (targets) {
            const Square to = pop_lsb(targets), from = Square(to - delta);
            if (squares.checking(PAWN, from) & bb(to)) out.add_move(Move(from, to));
        }
    }
    void add_promotions(Bitboard, int) {}  // none among quiet moves
    void add_move(Move) {}                 // castling

private:
    MoveList& out;
    CheckSquares squares;
};

// Appends the quiet moves that give check to `out` (the side to move must not be in check).
inline void generate_quiet_checks(const Placement& b, const CastlingRules& cr, MoveList& out) {
    QuietCheckSink sink(b, out);
    generate<QUIETS>(b, cr, sink);
}

}  // namespace vireo
