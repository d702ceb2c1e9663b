// Every weight of the evaluation, in one place. A weight is a pair S(middlegame, endgame) in
// centipawns; the evaluation blends the two by the game phase. Tables are from white's point of
// view (a1 first, rank by rank) and mirrored for black.
#pragma once

#include <array>

#include "movegen/types.h"

namespace vireo {

struct S {
    int mg = 0, eg = 0;
    constexpr S() = default;
    constexpr S(int m, int e) : mg(m), eg(e) {}
    constexpr S operator+(S o) const { return {mg + o.mg, eg + o.eg}; }
    constexpr S operator-(S o) const { return {mg - o.mg, eg - o.eg}; }
    constexpr S operator-() const { return {-mg, -eg}; }
    constexpr S operator*(int k) const { return {mg * k, eg * k}; }
    constexpr S& operator+=(S o) { return *this = *this + o; }
    constexpr S& operator-=(S o) { return *this = *this - o; }
    constexpr bool operator==(const S&) const = default;
};

namespace weights {

// Material.
inline constexpr S PIECE_VALUE[PIECE_TYPE_NB] = {S(82, 94), S(337, 281), S(365, 297), S(477, 512), S(1025, 936), S(0, 0)};

// Game phase: what each piece type contributes to the middlegame weight (24 at the start).
inline constexpr int PHASE_WEIGHT[PIECE_TYPE_NB] = {0, 1, 1, 2, 4, 0};
inline constexpr int PHASE_MAX = 24;

// Piece-square tables, built from a few readable ideas per piece (see make_pst below).
//   pawns:   advance (more in the endgame), centre files in the middlegame
//   knights: centralisation (both phases), rim penalty
//   bishops: centralisation, long diagonals
//   rooks:   seventh rank, centre files in the middlegame
//   queens:  mild centralisation
//   king:    shelter on the back rank corners in the middlegame, centralisation in the endgame
inline constexpr S PAWN_ADVANCE = S(3, 9);        // per rank beyond the second
inline constexpr S PAWN_CENTRE = S(8, 0);         // on files d/e (half on c/f), ranks 3-5
inline constexpr S KNIGHT_CENTRE = S(9, 8);       // per step closer to the centre
inline constexpr S BISHOP_CENTRE = S(4, 4);
inline constexpr S BISHOP_LONG_DIAGONAL = S(8, 2);
inline constexpr S ROOK_SEVENTH = S(12, 16);
inline constexpr S ROOK_CENTRE_FILE = S(4, 0);
inline constexpr S QUEEN_CENTRE = S(2, 5);
inline constexpr S KING_CENTRE = S(-12, 12);      // per step closer to the centre
inline constexpr S KING_BACK_RANK = S(20, 0);     // on its first rank in the middlegame

// Mobility: per reachable square (not occupied by own pieces, not attacked by enemy pawns),
// counted from a typical number of squares for the piece.
inline constexpr S MOBILITY[PIECE_TYPE_NB] = {S(0, 0), S(6, 6), S(5, 6), S(3, 5), S(2, 4), S(0, 0)};
inline constexpr int MOBILITY_BASE[PIECE_TYPE_NB] = {0, 4, 6, 6, 12, 0};

// Pawn structure.
inline constexpr S PASSED_PAWN[8] = {S(0, 0), S(2, 8), S(5, 12), S(10, 24), S(24, 48), S(50, 90), S(90, 150), S(0, 0)};
inline constexpr S PASSED_FREE_PATH = S(0, 15);  // nothing in front of it
inline constexpr S ISOLATED_PAWN = S(-10, -14);
inline constexpr S DOUBLED_PAWN = S(-8, -22);
inline constexpr S BACKWARD_PAWN = S(-8, -10);
inline constexpr S CONNECTED_PAWN[8] = {S(0, 0), S(0, 0), S(6, 4), S(8, 6), S(12, 10), S(20, 20), S(35, 40), S(0, 0)};

// King safety: attacks on the squares around the king, by attacker type, squared into a bonus for
// the attacker once two or more pieces take part, and capped.
inline constexpr int KING_ATTACK_WEIGHT[PIECE_TYPE_NB] = {0, 8, 6, 10, 16, 0};
inline constexpr int KING_ATTACK_DIVISOR = 32;  // bonus (mg) = min(units * units / divisor, cap)
inline constexpr int KING_ATTACK_CAP = 500;
inline constexpr S PAWN_SHIELD = S(14, 0);       // per own pawn right in front of the king
inline constexpr S PAWN_SHIELD_FAR = S(7, 0);    // ... or one step further
inline constexpr S KING_OPEN_FILE = S(-18, 0);   // no own pawn on the king's file

// Pieces.
inline constexpr S BISHOP_PAIR = S(30, 50);
inline constexpr S ROOK_OPEN_FILE = S(25, 10);
inline constexpr S ROOK_SEMI_OPEN_FILE = S(12, 8);

// Side to move.
inline constexpr S TEMPO = S(15, 5);

}  // namespace weights

}  // namespace vireo
