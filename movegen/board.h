// Board: everything that changes from one ply to the next, small enough to copy (copy-make).
// CastlingRules: what a game fixes about castling (rook files, paths), shared by all its plies.
#pragma once

#include <array>

#include "attacks.h"
#include "zobrist.h"

namespace vireo {

// Castling in standard chess and Chess960 alike. A right is indexed by castling_index():
// the king goes from kingFrom to kingTo (g- or c-file), the rook from rookFrom to rookTo (f- or d-file).
struct CastlingRules {
    std::array<Square, 2> kingFrom{NO_SQUARE, NO_SQUARE};
    std::array<Square, 4> rookFrom{NO_SQUARE, NO_SQUARE, NO_SQUARE, NO_SQUARE};
    std::array<Bitboard, 4> mustBeEmpty{};  // every square the king or rook crosses or lands on, but theirs
    std::array<Bitboard, 4> kingPath{};     // the king's destination and the squares it crosses
    std::array<std::uint8_t, 64> keepRights{};  // rights kept when a move leaves or lands on the square
    bool chess960 = false;

    CastlingRules() { keepRights.fill(ALL_CASTLING); }
    static constexpr Square king_to(Color c, bool kingSide) { return relative_square(c, kingSide ? G1 : C1); }
    static constexpr Square rook_to(Color c, bool kingSide) { return relative_square(c, kingSide ? F1 : D1); }

    // Registers a right for the king and rook on these squares (both on colour c's back rank).
    void add(Color c, Square king, Square rook) {
        bool kingSide = rook > king;
        int i = castling_index(c, kingSide);
        Square kto = king_to(c, kingSide), rto = rook_to(c, kingSide);
        kingFrom[c] = king;
        rookFrom[i] = rook;
        mustBeEmpty[i] = (between_bb(king, kto) | bb(kto) | between_bb(rook, rto) | bb(rto)) & ~(bb(king) | bb(rook));
        kingPath[i] = between_bb(king, kto) | bb(kto);
        keepRights[king] &= std::uint8_t(~(c == WHITE ? WHITE_OO | WHITE_OOO : BLACK_OO | BLACK_OOO));
        keepRights[rook] &= std::uint8_t(~(1 << i));
    }
};

struct Board {
    std::array<Bitboard, PIECE_TYPE_NB> byType{};
    std::array<Bitboard, COLOR_NB> byColor{};
    std::array<Piece, 64> squares{};
    Key key = 0;      // Zobrist key of everything (pieces, side, castling, capturable en passant)
    Key pawnKey = 0;  // Zobrist key of the pawns alone
    Color side = WHITE;
    Square ep = NO_SQUARE;  // set only when a pawn of the side to move attacks it
    std::uint8_t castling = NO_CASTLING;
    Piece captured = NO_PIECE;  // what the move that led here captured
    std::uint16_t rule50 = 0;   // halfmoves since the last capture or pawn move
    std::uint16_t pliesFromNull = 0;

    Bitboard pieces(Color c) const { return byColor[c]; }
    Bitboard pieces(PieceType pt) const { return byType[pt]; }
    Bitboard pieces(Color c, PieceType pt) const { return byColor[c] & byType[pt]; }
    Bitboard occupied() const { return byColor[WHITE] | byColor[BLACK]; }
    Piece piece_on(Square s) const { return squares[s]; }
    Square king(Color c) const { return lsb(pieces(c, KING)); }

    // Pieces of colour c attacking square s, with the given occupancy.
    Bitboard attackers(Color c, Square s, Bitboard occ) const {
        return ((PAWN_ATTACKS[~c][s] & byType[PAWN]) | (KNIGHT_ATTACKS[s] & byType[KNIGHT]) |
                (KING_ATTACKS[s] & byType[KING]) | (attacks<BISHOP>(s, occ) & (byType[BISHOP] | byType[QUEEN])) |
                (attacks<ROOK>(s, occ) & (byType[ROOK] | byType[QUEEN]))) &
               byColor[c];
    }
    Bitboard checkers() const { return attackers(~side, king(side), occupied()); }

    void put(Piece p, Square s) {
        byType[type_of(p)] |= bb(s);
        byColor[color_of(p)] |= bb(s);
        squares[s] = p;
    }
    void remove(Square s) {
        Piece p = squares[s];
        byType[type_of(p)] ^= bb(s);
        byColor[color_of(p)] ^= bb(s);
        squares[s] = NO_PIECE;
    }

    // Keys recomputed from scratch (the incremental ones must always equal these).
    Key compute_key() const;
    Key compute_pawn_key() const;

    // Plays a legal move for side Us (copy-make: copy the parent, then play on the copy).
    template <Color Us>
    void play(Move m, const CastlingRules& cr);
    void play(Move m, const CastlingRules& cr) { side == WHITE ? play<WHITE>(m, cr) : play<BLACK>(m, cr); }
    // Passes the turn (null move); only when not in check.
    void play_null();
};

inline Key Board::compute_key() const {
    Key k = side == BLACK ? ZOBRIST.side : 0;
    for (int s = 0; s < 64; ++s) k ^= ZOBRIST.piece[squares[s]][s];
    k ^= ZOBRIST.castling[castling];
    if (ep != NO_SQUARE) k ^= ZOBRIST.enPassant[file_of(ep)];
    return k;
}

inline Key Board::compute_pawn_key() const {
    Key k = ZOBRIST.noPawns;
    for (Bitboard b = byType[PAWN]; b;) {
        Square s = pop_lsb(b);
        k ^= ZOBRIST.piece[squares[s]][s];
    }
    return k;
}

template <Color Us>
inline void Board::play(Move m, const CastlingRules& cr) {
    constexpr Color Them = ~Us;
    constexpr int Up = Us == WHITE ? 8 : -8;
    const Square from = m.from(), to = m.to();
    const Piece pc = squares[from];
    Key k = key ^ ZOBRIST.side;
    if (ep != NO_SQUARE) {
        k ^= ZOBRIST.enPassant[file_of(ep)];
        ep = NO_SQUARE;
    }
    ++rule50;
    ++pliesFromNull;
    captured = NO_PIECE;

    if (m.kind() == Move::CASTLING) {
        // from = king, to = own rook; both leave, then both land.
        const bool kingSide = to > from;
        const Square kto = CastlingRules::king_to(Us, kingSide), rto = CastlingRules::rook_to(Us, kingSide);
        const Piece rook = make_piece(Us, ROOK);
        remove(from);
        remove(to);
        put(pc, kto);
        put(rook, rto);
        k ^= ZOBRIST.piece[pc][from] ^ ZOBRIST.piece[pc][kto] ^ ZOBRIST.piece[rook][to] ^ ZOBRIST.piece[rook][rto];
    } else {
        const Square capsq = m.kind() == Move::EN_PASSANT ? Square(to - Up) : to;
        const Piece cap = squares[capsq];
        if (cap != NO_PIECE) {
            remove(capsq);
            k ^= ZOBRIST.piece[cap][capsq];
            if (type_of(cap) == PAWN) pawnKey ^= ZOBRIST.piece[cap][capsq];
            rule50 = 0;
            captured = cap;
        }
        const Bitboard fromTo = bb(from) | bb(to);
        byType[type_of(pc)] ^= fromTo;
        byColor[Us] ^= fromTo;
        squares[from] = NO_PIECE;
        squares[to] = pc;
        k ^= ZOBRIST.piece[pc][from] ^ ZOBRIST.piece[pc][to];

        if (type_of(pc) == PAWN) {
            rule50 = 0;
            pawnKey ^= ZOBRIST.piece[pc][from];
            if (m.kind() == Move::PROMOTION) {
                const Piece promo = make_piece(Us, m.promotion());
                byType[PAWN] ^= bb(to);
                byType[m.promotion()] ^= bb(to);
                squares[to] = promo;
                k ^= ZOBRIST.piece[pc][to] ^ ZOBRIST.piece[promo][to];
            } else {
                pawnKey ^= ZOBRIST.piece[pc][to];
                // The en-passant square is recorded only when an enemy pawn could take there.
                if ((int(to) ^ int(from)) == 16 && (PAWN_ATTACKS[Us][from + Up] & pieces(Them, PAWN))) {
                    ep = Square(from + Up);
                    k ^= ZOBRIST.enPassant[file_of(ep)];
                }
            }
        }
    }

    if (castling) {
        const std::uint8_t kept = castling & cr.keepRights[from] & cr.keepRights[to];
        k ^= ZOBRIST.castling[castling] ^ ZOBRIST.castling[kept];
        castling = kept;
    }
    side = Them;
    key = k;
}

inline void Board::play_null() {
    key ^= ZOBRIST.side;
    if (ep != NO_SQUARE) {
        key ^= ZOBRIST.enPassant[file_of(ep)];
        ep = NO_SQUARE;
    }
    ++rule50;
    pliesFromNull = 0;
    captured = NO_PIECE;
    side = ~side;
}

}  // namespace vireo
