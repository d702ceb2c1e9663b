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
    S pawnAdvance = S(-5, 6);   // per rank beyond the second
    S pawnCentre = S(18, -22);  // on files d/e (half on c/f), ranks 3-5
    S knightCentre = S(7, 6);   // per step closer to the centre
    S bishopCentre = S(10, 6);
    S bishopLongDiagonal = S(11, -21);
    S rookSeventh = S(19, 15);
    S rookCentreFile = S(14, -6);
    S queenCentre = S(0, 21);
    S kingCentre = S(-7, 2);     // per step closer to the centre
    S kingBackRank = S(9, -21);  // on its first rank

    // Mobility: per reachable square (not occupied by own pieces, not attacked by enemy pawns) above
    // or below weights::MOBILITY_BASE.
    S mobility[PIECE_TYPE_NB] = {S(0, 0), S(4, 5), S(4, 4), S(5, 3), S(-1, 9), S(0, 0)};

    // Pawn structure, by relative rank where indexed.
    S passedPawn[8] = {S(0, 0), S(-14, 6), S(-11, 12), S(11, 33), S(22, 61), S(39, 85), S(95, 143), S(0, 0)};
    S passedFreePath = S(-9, 21);  // nothing in front of it
    S isolatedPawn = S(-10, -4);
    S doubledPawn = S(-12, -22);
    S backwardPawn = S(-6, -4);
    S connectedPawn[8] = {S(0, 0), S(-5, 7), S(-2, 3), S(5, -7), S(16, 10), S(21, 28), S(36, 41), S(0, 0)};

    // King shelter.
    S pawnShield = S(31, -13);     // per own pawn right in front of the king
    S pawnShieldFar = S(18, -13);  // ... or one step further
    S kingOpenFile = S(-10, 6);    // no own pawn on the king's file

    // Pieces.
    S bishopPair = S(17, 39);
    S rookOpenFile = S(34, 8);
    S rookSemiOpenFile = S(11, 13);

    // Side to move.
    S tempo = S(2, -4);
};

// The weights the engine plays with. Material is hand-set; every other pair was fitted by
// scripts/tune (--skip-winning-captures --freeze pieceValue --l2 0.0003) to 4,676 self-play games at
// 5,000 nodes a move (scripts/selfplay) and 600 games between two Vireo versions at 3+0.03, then kept
// because it won games against the hand-set weights (README, "Evaluation and tuning").
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
