// The legal move generator: one generator for perft and search alike.
//
// It never produces a pseudo-legal move. Per node it finds:
//   checkers   - enemy pieces giving check;
//   checkmask  - squares a non-king move must land on (everything when not in check; the checker and
//                the squares between it and our king when in single check);
//   pinHV/pinD - the rays (king exclusive, pinner inclusive) of our pieces pinned on ranks/files and on
//                diagonals; a pinned piece may move only along its own ray. Rays of one kind never meet
//                a pinned piece's other lines, so one union mask per kind is exact.
//   king danger - each king target is tested with our king removed from the occupancy, so the king
//                cannot step back along the line of a slider that checks it.
// En passant is checked by replaying it on the occupancy: this catches the rank pin
//     . . . . . . . .
//     r . . p P . . K      (after ...d7d5: exd6 would leave the king on the rank to the rook)
// as well as an en passant that captures a checking pawn or blocks a check.
//
// Output goes to a sink (concept MoveSink below), so the same code fills a move list, counts moves
// with popcounts (perft's last ply) or stops at the first legal move.
#pragma once

#include <concepts>
#include <type_traits>

#include "board.h"

namespace vireo {

// What the generator sends its moves to:
//   template <PieceType Pt> void add(Square from, Bitboard targets);  normal moves of a piece (not pawns)
//   void add_pawns(Bitboard targets, int delta);       pawn moves (not promotions) from to - delta
//   void add_promotions(Bitboard targets, int delta);  four moves per target
//   void add_move(Move m);                             en passant and castling
//   static constexpr bool early_exit; bool done() const;   stop once done() is true (if early_exit)
template <class S>
concept MoveSink = requires(S& sink, const S& csink, Square from, Bitboard targets, int delta, Move m) {
    sink.template add<KNIGHT>(from, targets);
    sink.template add<BISHOP>(from, targets);
    sink.template add<ROOK>(from, targets);
    sink.template add<QUEEN>(from, targets);
    sink.template add<KING>(from, targets);
    sink.add_pawns(targets, delta);
    sink.add_promotions(targets, delta);
    sink.add_move(m);
    { csink.done() } -> std::convertible_to<bool>;
    requires std::same_as < std::remove_cv_t<decltype(S::early_exit)>,
    bool > ;
    typename std::bool_constant<S::early_exit>;  // a constant expression, for if constexpr
};

enum GenType { ALL, CAPTURES, QUIETS };  // CAPTURES includes every promotion; QUIETS includes castling

struct MoveList {
    Move moves[MAX_MOVES];
    int count = 0;

    static constexpr bool early_exit = false;
    constexpr bool done() const { return false; }

    template <PieceType>
    void add(Square from, Bitboard targets) {
        while (targets) moves[count++] = Move(from, pop_lsb(targets));
    }
    void add_pawns(Bitboard targets, int delta) {
        while (targets) {
            Square to = pop_lsb(targets);
            moves[count++] = Move(Square(to - delta), to);
        }
    }
    void add_promotions(Bitboard targets, int delta) {
        while (targets) {
            Square to = pop_lsb(targets), from = Square(to - delta);
            moves[count++] = Move::make<Move::PROMOTION>(from, to, QUEEN);
            moves[count++] = Move::make<Move::PROMOTION>(from, to, KNIGHT);
            moves[count++] = Move::make<Move::PROMOTION>(from, to, ROOK);
            moves[count++] = Move::make<Move::PROMOTION>(from, to, BISHOP);
        }
    }
    void add_move(Move m) { moves[count++] = m; }

    const Move* begin() const { return moves; }
    const Move* end() const { return moves + count; }
    Move* begin() { return moves; }
    Move* end() { return moves + count; }
    int size() const { return count; }
    bool empty() const { return count == 0; }
    bool contains(Move m) const {
        for (Move x : *this)
            if (x == m) return true;
        return false;
    }
};

// Counts moves without listing them.
struct MoveCounter {
    std::uint64_t count = 0;
    static constexpr bool early_exit = false;
    constexpr bool done() const { return false; }
    template <PieceType>
    void add(Square, Bitboard targets) {
        count += popcount(targets);
    }
    void add_pawns(Bitboard targets, int) { count += popcount(targets); }
    void add_promotions(Bitboard targets, int) { count += 4 * popcount(targets); }
    void add_move(Move) { ++count; }
};

// Stops at the first legal move.
struct AnyMove {
    bool found = false;
    static constexpr bool early_exit = true;
    bool done() const { return found; }
    template <PieceType>
    void add(Square, Bitboard targets) {
        found |= targets != 0;
    }
    void add_pawns(Bitboard targets, int) { found |= targets != 0; }
    void add_promotions(Bitboard targets, int) { found |= targets != 0; }
    void add_move(Move) { found = true; }
};

static_assert(MoveSink<MoveList> && MoveSink<MoveCounter> && MoveSink<AnyMove>);

// The pieces of both colours that move like a Like (BISHOP: bishops and queens, ROOK: rooks and
// queens).
template <PieceType Like>
VIREO_INLINE Bitboard sliders(const Placement& b) {
    return b.pieces(Like) | b.pieces(QUEEN);
}

// Check and pin information of the side to move.
struct CheckInfo {
    Bitboard checkers = 0, checkmask = 0, pinHV = 0, pinD = 0;
    Square king = NO_SQUARE;
};

template <Color Us>
VIREO_INLINE CheckInfo check_info(const Placement& b) {
    constexpr Color Them = ~Us;
    CheckInfo ci;
    const Bitboard own = b.pieces(Us), their = b.pieces(Them);
    ci.king = b.king(Us);
    ci.checkers =
        (PAWN_ATTACKS[Us][ci.king] & b.pieces(Them, PAWN)) | (KNIGHT_ATTACKS[ci.king] & b.pieces(Them, KNIGHT));
    ci.checkmask = ci.checkers;
    // Enemy sliders that see our king through our own pieces: checkers (no piece between) or pinners (one).
    // Most of the time no enemy slider is even on a line with the king: the empty-board rays say so
    // without a lookup.
    const Bitboard rooks = sliders<ROOK>(b) & their;
    const Bitboard bishops = sliders<BISHOP>(b) & their;
    Bitboard snipers = EMPTY_ROOK_RAYS[ci.king] & rooks ? attacks<ROOK>(ci.king, their) & rooks : 0;
    while (snipers) {
        Square s = pop_lsb(snipers);
        Bitboard ray = between_bb(ci.king, s) | bb(s), blockers = ray & own;
        if (!blockers) ci.checkers |= bb(s), ci.checkmask |= ray;
        else if (!more_than_one(blockers)) ci.pinHV |= ray;
    }
    snipers = EMPTY_BISHOP_RAYS[ci.king] & bishops ? attacks<BISHOP>(ci.king, their) & bishops : 0;
    while (snipers) {
        Square s = pop_lsb(snipers);
        Bitboard ray = between_bb(ci.king, s) | bb(s), blockers = ray & own;
        if (!blockers) ci.checkers |= bb(s), ci.checkmask |= ray;
        else if (!more_than_one(blockers)) ci.pinD |= ray;
    }
    if (!ci.checkers) ci.checkmask = ~Bitboard(0);
    return ci;
}

namespace detail {

// Whether Them attacks `s` with occupancy occ (without our king's square: whether our king may stand on s).
template <Color Them>
VIREO_INLINE bool is_attacked(const Placement& b, Square s, Bitboard occ) {
    const Bitboard their = b.pieces(Them);
    return ((PAWN_ATTACKS[~Them][s] & b.pieces(PAWN)) | (KNIGHT_ATTACKS[s] & b.pieces(KNIGHT)) |
            (KING_ATTACKS[s] & b.pieces(KING)) | (attacks<BISHOP>(s, occ) & sliders<BISHOP>(b)) |
            (attacks<ROOK>(s, occ) & sliders<ROOK>(b))) &
           their;
}

// Every square Them attacks, with occupancy occ.
template <Color Them>
inline Bitboard attack_map(const Placement& b, Bitboard occ) {
    const Bitboard their = b.pieces(Them);
    Bitboard map = pawn_attacks<Them>(b.pieces(Them, PAWN)) | KING_ATTACKS[b.king(Them)];
    for (Bitboard p = b.pieces(Them, KNIGHT); p;) map |= KNIGHT_ATTACKS[pop_lsb(p)];
    for (Bitboard p = sliders<BISHOP>(b) & their; p;) map |= attacks<BISHOP>(pop_lsb(p), occ);
    for (Bitboard p = sliders<ROOK>(b) & their; p;) map |= attacks<ROOK>(pop_lsb(p), occ);
    return map;
}

template <Color Us>
inline bool en_passant_legal(const Placement& b, const CheckInfo& ci, Square from) {
    constexpr Color Them = ~Us;
    const Square to = b.ep, capsq = Square(to - (Us == WHITE ? 8 : -8));
    // A knight or pawn check other than the captured pawn cannot be answered by en passant.
    if (ci.checkers & ~bb(capsq) & (b.pieces(KNIGHT) | b.pieces(PAWN))) return false;
    const Bitboard occ = (b.occupied() ^ bb(from) ^ bb(capsq)) | bb(to);
    const Bitboard their = b.pieces(Them);
    return !((attacks<ROOK>(ci.king, occ) & (b.pieces(ROOK) | b.pieces(QUEEN)) & their) |
             (attacks<BISHOP>(ci.king, occ) & (b.pieces(BISHOP) | b.pieces(QUEEN)) & their));
}

// Castling with right index i: king and rook in place is implied by the right.
template <Color Us>
inline bool castling_legal(const Placement& b, const CastlingRules& cr, int i) {
    const Square rook = cr.rookFrom[i], king = cr.kingFrom[Us];
    if (b.occupied() & cr.mustBeEmpty[i]) return false;
    // The king and the castling rook are taken off: the rook may have shielded the king's destination.
    const Bitboard occ = b.occupied() ^ bb(king) ^ bb(rook);
    for (Bitboard path = cr.kingPath[i]; path;)
        if (is_attacked<~Us>(b, pop_lsb(path), occ)) return false;
    return true;
}

// Moves of the pieces `pcs`, of type Pt, attacking like a Like (a pinned queen moves like a rook or
// a bishop along its pin), onto the squares of `mask`.
template <PieceType Pt, PieceType Like = Pt, MoveSink Sink>
VIREO_INLINE void add_piece_moves(Sink& sink, Bitboard pcs, Bitboard occ, Bitboard mask) {
    while (pcs) {
        const Square s = pop_lsb(pcs);
        sink.template add<Pt>(s, attacks<Like>(s, occ) & mask);
    }
}

// The parts of the generator, in the order generate() calls them. They are separate so that perft's
// depth-2 counter can run some of them with check and pin information it already knows.

// King moves, with our king taken off the board: it cannot hide behind itself from a slider.
// One or two destinations are tested one by one; more against the enemy's whole attack map.
template <Color Us, MoveSink Sink>
VIREO_INLINE void gen_king(const Placement& b, const CheckInfo& ci, Bitboard occ, Bitboard genMask, Sink& sink) {
    const Bitboard occNoKing = occ ^ bb(ci.king);
    Bitboard targets = KING_ATTACKS[ci.king] & genMask, legal = 0;
    if (popcount(targets) <= 2) {
        while (targets) {
            Square s = pop_lsb(targets);
            if (!is_attacked<~Us>(b, s, occNoKing)) legal |= bb(s);
        }
    } else {
        legal = targets & ~attack_map<~Us>(b, occNoKing);
    }
    sink.template add<KING>(ci.king, legal);
}

// Pawn moves (not in double check).
template <Color Us, GenType G, MoveSink Sink>
VIREO_INLINE void gen_pawns(const Placement& b, const CheckInfo& ci, Bitboard occ, Sink& sink) {
    constexpr Color Them = ~Us;
    constexpr Direction Up = Us == WHITE ? NORTH : SOUTH;
    constexpr Direction UpLeft = Us == WHITE ? NORTH_WEST : SOUTH_EAST;
    constexpr Direction UpRight = Us == WHITE ? NORTH_EAST : SOUTH_WEST;
    constexpr Bitboard Rank3 = rank_bb(relative_rank(Us, 2)), Rank8 = rank_bb(relative_rank(Us, 7));
    const Bitboard their = b.pieces(Them), empty = ~occ;
    const Bitboard pinned = ci.pinHV | ci.pinD;
    const Bitboard pawns = b.pieces(Us, PAWN);
    const Bitboard free = pawns & ~pinned;
    Bitboard one = shift<Up>(free), left = shift<UpLeft>(free), right = shift<UpRight>(free);
    // A pinned pawn moves only along its pin ray: it may push on a file pin (a rank pin leaves it
    // no move) and capture on a diagonal pin. Usually no pawn is pinned.
    if (pawns & pinned) {
        one |= shift<Up>(pawns & ci.pinHV) & ci.pinHV;
        left |= shift<UpLeft>(pawns & ci.pinD) & ci.pinD;
        right |= shift<UpRight>(pawns & ci.pinD) & ci.pinD;
    }
    one &= empty;
    left &= their & ci.checkmask;
    right &= their & ci.checkmask;
    const Bitboard two = shift<Up>(one & Rank3) & empty & ci.checkmask;
    const Bitboard push = one & ci.checkmask;

    if constexpr (G != QUIETS) {
        sink.add_pawns(left & ~Rank8, UpLeft);
        sink.add_pawns(right & ~Rank8, UpRight);
        sink.add_promotions(left & Rank8, UpLeft);
        sink.add_promotions(right & Rank8, UpRight);
        sink.add_promotions(push & Rank8, Up);
        if (b.ep != NO_SQUARE) {
            for (Bitboard from = PAWN_ATTACKS[Them][b.ep] & pawns; from;) {
                Square s = pop_lsb(from);
                if (en_passant_legal<Us>(b, ci, s)) sink.add_move(Move::make<Move::EN_PASSANT>(s, b.ep));
            }
        }
    }
    if constexpr (G != CAPTURES) {
        sink.add_pawns(push & ~Rank8, Up);
        sink.add_pawns(two, 2 * Up);
    }
}

// Knights and sliders. A pinned knight never moves; a pinned slider moves only along its pin ray,
// and not at all if that ray is of the other kind. Free pieces first, then the pinned ones
// (usually none) with the ray as an extra mask: no per-piece pin test.
template <Color Us, MoveSink Sink>
VIREO_INLINE void gen_pieces(const Placement& b, const CheckInfo& ci, Bitboard occ, Bitboard target, Sink& sink) {
    const Bitboard pinned = ci.pinHV | ci.pinD;
    add_piece_moves<KNIGHT>(sink, b.pieces(Us, KNIGHT) & ~pinned, occ, target);
    add_piece_moves<BISHOP>(sink, b.pieces(Us, BISHOP) & ~pinned, occ, target);
    add_piece_moves<ROOK>(sink, b.pieces(Us, ROOK) & ~pinned, occ, target);
    add_piece_moves<QUEEN>(sink, b.pieces(Us, QUEEN) & ~pinned, occ, target);
    if (pinned) {
        add_piece_moves<BISHOP>(sink, b.pieces(Us, BISHOP) & ci.pinD, occ, target & ci.pinD);
        add_piece_moves<ROOK>(sink, b.pieces(Us, ROOK) & ci.pinHV, occ, target & ci.pinHV);
        add_piece_moves<QUEEN, BISHOP>(sink, b.pieces(Us, QUEEN) & ci.pinD, occ, target & ci.pinD);
        add_piece_moves<QUEEN, ROOK>(sink, b.pieces(Us, QUEEN) & ci.pinHV, occ, target & ci.pinHV);
    }
}

// Castling: never out of check, through or into an attacked square.
template <Color Us, MoveSink Sink>
VIREO_INLINE void gen_castling(const Placement& b, const CastlingRules& cr, const CheckInfo& ci, Bitboard occ,
                               Sink& sink) {
    constexpr std::uint8_t ours = Us == WHITE ? WHITE_OO | WHITE_OOO : BLACK_OO | BLACK_OOO;
    if ((b.castling & ours) && !ci.checkers) {
        for (bool kingSide : {true, false}) {
            const int i = castling_index(Us, kingSide);
            // The emptiness test first, inline: the path is usually blocked, and then the
            // out-of-line attack tests are not worth a call.
            if ((b.castling & (1 << i)) && !(occ & cr.mustBeEmpty[i]) && castling_legal<Us>(b, cr, i))
                sink.add_move(Move::make<Move::CASTLING>(ci.king, cr.rookFrom[i]));
        }
    }
}

}  // namespace detail

template <Color Us, GenType G, MoveSink Sink>
inline void generate(const Placement& b, const CastlingRules& cr, Sink& sink) {
    const CheckInfo ci = check_info<Us>(b);
    const Bitboard own = b.pieces(Us), their = b.pieces(~Us), occ = own | their;
    const Bitboard genMask = G == ALL ? ~own : G == CAPTURES ? their : ~occ;

    detail::gen_king<Us>(b, ci, occ, genMask, sink);
    if constexpr (Sink::early_exit)
        if (sink.done()) return;
    if (more_than_one(ci.checkers)) return;  // double check: the king must move

    detail::gen_pawns<Us, G>(b, ci, occ, sink);
    if constexpr (Sink::early_exit)
        if (sink.done()) return;

    detail::gen_pieces<Us>(b, ci, occ, genMask & ci.checkmask, sink);
    if constexpr (Sink::early_exit)
        if (sink.done()) return;

    if constexpr (G != CAPTURES) detail::gen_castling<Us>(b, cr, ci, occ, sink);
}

template <GenType G, MoveSink Sink>
inline void generate(const Placement& b, const CastlingRules& cr, Sink& sink) {
    b.side == WHITE ? generate<WHITE, G>(b, cr, sink) : generate<BLACK, G>(b, cr, sink);
}

// The number of legal moves, counted by popcounts.
inline std::uint64_t count_legal(const Placement& b, const CastlingRules& cr) {
    MoveCounter c;
    generate<ALL>(b, cr, c);
    return c.count;
}

inline bool has_legal_move(const Placement& b, const CastlingRules& cr) {
    AnyMove any;
    generate<ALL>(b, cr, any);
    return any.found;
}

// Whether the legal move m gives check (played on a copy of the placement: exact for every kind of
// move, discovered checks, castling and en passant included).
inline bool gives_check(const Placement& b, const CastlingRules& cr, Move m, PieceType moved) {
    Placement after = b;
    if (b.side == WHITE) after.play_pieces<WHITE>(m, moved, cr);
    else after.play_pieces<BLACK>(m, moved, cr);
    return after.checkers() != 0;
}

// Every square colour c attacks (through the pieces as they stand; its king's squares included).
inline Bitboard attacked_squares(const Placement& b, Color c) {
    return c == WHITE ? detail::attack_map<WHITE>(b, b.occupied()) : detail::attack_map<BLACK>(b, b.occupied());
}

// Whether an arbitrary 16-bit move is legal here (for hash and killer moves), decided without
// generating the move list.
bool is_legal(const Board& b, const CastlingRules& cr, Move m);

}  // namespace vireo
