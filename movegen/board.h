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
    std::array<Bitboard, 4> mustBeEmpty{};      // every square the king or rook crosses or lands on, but theirs
    std::array<Bitboard, 4> kingPath{};         // the king's destination and the squares it crosses
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

// Where the pieces stand, whose turn it is, and the castling and en-passant state: all the move
// generator reads. Small (72 bytes), so perft's last plies copy only this.
struct Placement {
    std::array<Bitboard, PIECE_TYPE_NB> byType{};
    std::array<Bitboard, COLOR_NB> byColor{};
    Square ep = NO_SQUARE;  // set only when a pawn of the side to move attacks it
    std::uint8_t castling = NO_CASTLING;
    Color side = WHITE;

    Bitboard pieces(Color c) const { return byColor[c]; }
    Bitboard pieces(PieceType pt) const { return byType[pt]; }
    Bitboard pieces(Color c, PieceType pt) const { return byColor[c] & byType[pt]; }
    Bitboard occupied() const { return byColor[WHITE] | byColor[BLACK]; }
    Square king(Color c) const { return lsb(pieces(c, KING)); }

    // Pieces of colour c attacking square s, with the given occupancy.
    Bitboard attackers(Color c, Square s, Bitboard occ) const {
        return ((PAWN_ATTACKS[~c][s] & byType[PAWN]) | (KNIGHT_ATTACKS[s] & byType[KNIGHT]) |
                (KING_ATTACKS[s] & byType[KING]) | (attacks<BISHOP>(s, occ) & (byType[BISHOP] | byType[QUEEN])) |
                (attacks<ROOK>(s, occ) & (byType[ROOK] | byType[QUEEN]))) &
               byColor[c];
    }
    Bitboard checkers() const { return attackers(~side, king(side), occupied()); }

    // Plays a legal move of side Us, piece type `moved`, on the bitboards, castling rights and
    // en-passant square; whatever stood on the destination is taken off.
    template <Color Us>
    void play_pieces(Move m, PieceType moved, const CastlingRules& cr);
};

template <Color Us>
VIREO_INLINE void Placement::play_pieces(Move m, PieceType moved, const CastlingRules& cr) {
    constexpr Color Them = ~Us;
    constexpr int Up = Us == WHITE ? 8 : -8;
    const Square from = m.from(), to = m.to();
    ep = NO_SQUARE;
    side = Them;
    if (m.kind() == Move::CASTLING) {
        // from = king, to = own rook; both leave, then both land.
        const bool kingSide = to > from;
        const Bitboard before = bb(from) | bb(to);
        const Bitboard after = bb(CastlingRules::king_to(Us, kingSide)) | bb(CastlingRules::rook_to(Us, kingSide));
        byColor[Us] ^= before ^ after;
        byType[KING] ^= bb(from) ^ bb(CastlingRules::king_to(Us, kingSide));
        byType[ROOK] ^= bb(to) ^ bb(CastlingRules::rook_to(Us, kingSide));
    } else {
        const Square capsq = m.kind() == Move::EN_PASSANT ? Square(to - Up) : to;
        const Bitboard cap = bb(capsq);
        if (byColor[Them] & cap) {
            byColor[Them] ^= cap;
            for (Bitboard& t : byType) t &= ~cap;
        }
        byColor[Us] ^= bb(from) | bb(to);
        byType[moved] ^= bb(from);
        byType[m.kind() == Move::PROMOTION ? m.promotion() : moved] |= bb(to);
        // The en-passant square is recorded only when an enemy pawn could take there.
        if (moved == PAWN && (int(to) ^ int(from)) == 16 && (PAWN_ATTACKS[Us][from + Up] & pieces(Them, PAWN)))
            ep = Square(from + Up);
    }
    castling &= cr.keepRights[from] & cr.keepRights[to];
}

// Placement plus the mailbox, keys and counters: one ply of a game.
struct Board : Placement {
    std::array<Piece, 64> squares{};
    Key key = 0;                // Zobrist key of everything (pieces, side, castling, capturable en passant)
    Key pawnKey = 0;            // Zobrist key of the pawns alone
    Piece captured = NO_PIECE;  // what the move that led here captured
    std::uint16_t rule50 = 0;   // halfmoves since the last capture or pawn move
    std::uint16_t pliesFromNull = 0;

    Piece piece_on(Square s) const { return squares[s]; }
    // The type of the piece a capture or a promotion takes: PAWN for en passant, type_of(NO_PIECE)
    // when it takes nothing (a promotion to an empty square). Meant for captures and promotions only.
    PieceType captured_type(Move m) const { return m.kind() == Move::EN_PASSANT ? PAWN : type_of(piece_on(m.to())); }

    void put(Piece p, Square s) {
        byType[type_of(p)] |= bb(s);
        byColor[color_of(p)] |= bb(s);
        squares[s] = p;
    }

    // Keys recomputed from scratch (the incremental ones must always equal these).
    Key compute_key() const;
    Key compute_pawn_key() const;

    // The key after the move m, nearly: exact for a normal move that changes no castling right and
    // leaves no en-passant square (most moves). Good enough to prefetch the table's bucket before the
    // move is played; never for anything that must be exact.
    Key key_after(Move m) const {
        const Piece pc = squares[m.from()], cap = squares[m.to()];
        Key k = key ^ ZOBRIST.side ^ ZOBRIST.piece[pc][m.from()] ^ ZOBRIST.piece[pc][m.to()];
        if (cap != NO_PIECE && m.kind() != Move::CASTLING) k ^= ZOBRIST.piece[cap][m.to()];
        if (ep != NO_SQUARE) k ^= ZOBRIST.enPassant[file_of(ep)];
        return k;
    }

    // Plays a legal move for side Us (copy-make: copy the parent, then play on the copy).
    template <Color Us>
    void play(Move m, const CastlingRules& cr);
    void play(Move m, const CastlingRules& cr) { side == WHITE ? play<WHITE>(m, cr) : play<BLACK>(m, cr); }
    // Passes the turn (null move); only when not in check.
    void play_null();
};

// Whether the move m, legal on b, changes the material: a capture (en passant included) or a
// promotion (capturing or not). Castling, written king takes own rook, is quiet. The search orders
// noisy moves by MVV-LVA and SEE; datagen and the tuner keep only positions whose move is quiet.
inline bool is_noisy(const Board& b, Move m) {
    return m.kind() == Move::PROMOTION || m.kind() == Move::EN_PASSANT ||
           (m.kind() == Move::NORMAL && b.piece_on(m.to()) != NO_PIECE);
}
inline bool is_quiet(const Board& b, Move m) { return !is_noisy(b, m); }

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
    constexpr int Up = Us == WHITE ? 8 : -8;
    const Square from = m.from(), to = m.to();
    const Piece pc = squares[from];
    Key k = key ^ ZOBRIST.side ^ ZOBRIST.castling[castling];
    if (ep != NO_SQUARE) k ^= ZOBRIST.enPassant[file_of(ep)];
    ++rule50;
    ++pliesFromNull;
    captured = NO_PIECE;

    // Mailbox and keys first, while the parent's en-passant and castling state is still here.
    if (m.kind() == Move::CASTLING) {
        const bool kingSide = to > from;
        const Square kto = CastlingRules::king_to(Us, kingSide), rto = CastlingRules::rook_to(Us, kingSide);
        const Piece rook = make_piece(Us, ROOK);
        squares[from] = squares[to] = NO_PIECE;
        squares[kto] = pc;
        squares[rto] = rook;
        k ^= ZOBRIST.piece[pc][from] ^ ZOBRIST.piece[pc][kto] ^ ZOBRIST.piece[rook][to] ^ ZOBRIST.piece[rook][rto];
    } else {
        const Square capsq = m.kind() == Move::EN_PASSANT ? Square(to - Up) : to;
        const Piece cap = squares[capsq];
        if (cap != NO_PIECE) {
            k ^= ZOBRIST.piece[cap][capsq];
            if (type_of(cap) == PAWN) pawnKey ^= ZOBRIST.piece[cap][capsq];
            rule50 = 0;
            captured = cap;
            squares[capsq] = NO_PIECE;
        }
        const Piece landed = m.kind() == Move::PROMOTION ? make_piece(Us, m.promotion()) : pc;
        squares[from] = NO_PIECE;
        squares[to] = landed;
        k ^= ZOBRIST.piece[pc][from] ^ ZOBRIST.piece[landed][to];
        if (type_of(pc) == PAWN) {
            rule50 = 0;
            pawnKey ^= ZOBRIST.piece[pc][from] ^ (landed == pc ? ZOBRIST.piece[pc][to] : 0);
        }
    }
    play_pieces<Us>(m, type_of(pc), cr);
    k ^= ZOBRIST.castling[castling];
    if (ep != NO_SQUARE) k ^= ZOBRIST.enPassant[file_of(ep)];
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
