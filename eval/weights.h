// Every weight of the evaluation, in one place. A weight is a pair S(middlegame, endgame) in
// centipawns; the evaluation blends the two by the game phase. Tables are from white's point of
// view (a1 first, rank by rank) and mirrored for black.
//
// The evaluation is linear in the pairs of `Weights` (each term is a weight times a count), which is
// what lets eval/tuner fit them to game results; the integers below them (phase, mobility bases,
// the king-attack curve) shape the terms and are not tuned.
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

// Game phase: what each piece type contributes to the middlegame weight (24 at the start).
inline constexpr int PHASE_WEIGHT[PIECE_TYPE_NB] = {0, 1, 1, 2, 4, 0};
inline constexpr int PHASE_MAX = 24;

// Mobility is counted from a typical number of squares for the piece.
inline constexpr int MOBILITY_BASE[PIECE_TYPE_NB] = {0, 4, 6, 6, 12, 0};

// King attack: attacks on the squares around the king, by attacker type, squared into a bonus for
// the attacker once two or more pieces take part, and capped: bonus (mg) = min(units^2 / divisor, cap).
inline constexpr int KING_ATTACK_WEIGHT[PIECE_TYPE_NB] = {0, 8, 6, 10, 16, 0};
inline constexpr int KING_ATTACK_DIVISOR = 32;
inline constexpr int KING_ATTACK_CAP = 500;

}  // namespace weights

struct Weights {
    // Material (the king's entry is unused).
    S pieceValue[PIECE_TYPE_NB] = {S(82, 94), S(337, 281), S(365, 297), S(477, 512), S(1025, 936), S(0, 0)};

    // Piece-square tables, built from a few readable ideas per piece (see pst_value in evaluate.cpp).
    S pawnAdvance = S(3, 9);          // per rank beyond the second
    S pawnCentre = S(8, 0);           // on files d/e (half on c/f), ranks 3-5
    S knightCentre = S(9, 8);         // per step closer to the centre
    S bishopCentre = S(4, 4);
    S bishopLongDiagonal = S(8, 2);
    S rookSeventh = S(12, 16);
    S rookCentreFile = S(4, 0);
    S queenCentre = S(2, 5);
    S kingCentre = S(-12, 12);        // per step closer to the centre
    S kingBackRank = S(20, 0);        // on its first rank

    // Mobility: per reachable square (not occupied by own pieces, not attacked by enemy pawns) above
    // or below weights::MOBILITY_BASE.
    S mobility[PIECE_TYPE_NB] = {S(0, 0), S(6, 6), S(5, 6), S(3, 5), S(2, 4), S(0, 0)};

    // Pawn structure, by relative rank where indexed.
    S passedPawn[8] = {S(0, 0), S(2, 8), S(5, 12), S(10, 24), S(24, 48), S(50, 90), S(90, 150), S(0, 0)};
    S passedFreePath = S(0, 15);      // nothing in front of it
    S isolatedPawn = S(-10, -14);
    S doubledPawn = S(-8, -22);
    S backwardPawn = S(-8, -10);
    S connectedPawn[8] = {S(0, 0), S(0, 0), S(6, 4), S(8, 6), S(12, 10), S(20, 20), S(35, 40), S(0, 0)};

    // King shelter.
    S pawnShield = S(14, 0);          // per own pawn right in front of the king
    S pawnShieldFar = S(7, 0);        // ... or one step further
    S kingOpenFile = S(-18, 0);       // no own pawn on the king's file

    // Pieces.
    S bishopPair = S(30, 50);
    S rookOpenFile = S(25, 10);
    S rookSemiOpenFile = S(12, 8);

    // Side to move.
    S tempo = S(15, 5);
};

// The weights the engine plays with.
inline constexpr Weights WEIGHTS{};

// Every tunable weight with its name, in declaration order (entries that can never count, such as
// the king's material or a passed pawn on the first rank, are left out).
template <class W, class F>
constexpr void for_each_weight(W& w, F&& f) {
    for (int pt = PAWN; pt <= QUEEN; ++pt) f("pieceValue", pt, w.pieceValue[pt]);
    f("pawnAdvance", -1, w.pawnAdvance);
    f("pawnCentre", -1, w.pawnCentre);
    f("knightCentre", -1, w.knightCentre);
    f("bishopCentre", -1, w.bishopCentre);
    f("bishopLongDiagonal", -1, w.bishopLongDiagonal);
    f("rookSeventh", -1, w.rookSeventh);
    f("rookCentreFile", -1, w.rookCentreFile);
    f("queenCentre", -1, w.queenCentre);
    f("kingCentre", -1, w.kingCentre);
    f("kingBackRank", -1, w.kingBackRank);
    for (int pt = KNIGHT; pt <= QUEEN; ++pt) f("mobility", pt, w.mobility[pt]);
    for (int r = 1; r <= 6; ++r) f("passedPawn", r, w.passedPawn[r]);
    f("passedFreePath", -1, w.passedFreePath);
    f("isolatedPawn", -1, w.isolatedPawn);
    f("doubledPawn", -1, w.doubledPawn);
    f("backwardPawn", -1, w.backwardPawn);
    for (int r = 1; r <= 6; ++r) f("connectedPawn", r, w.connectedPawn[r]);
    f("pawnShield", -1, w.pawnShield);
    f("pawnShieldFar", -1, w.pawnShieldFar);
    f("kingOpenFile", -1, w.kingOpenFile);
    f("bishopPair", -1, w.bishopPair);
    f("rookOpenFile", -1, w.rookOpenFile);
    f("rookSemiOpenFile", -1, w.rookSemiOpenFile);
    f("tempo", -1, w.tempo);
}

}  // namespace vireo
