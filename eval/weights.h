// Every weight of the evaluation, in one place. A weight is a pair S(middlegame, endgame) in
// centipawns; the evaluation blends the two by the game phase. Tables are from white's point of
// view (a1 first, rank by rank) and mirrored for black.
//
// The evaluation is a sum of weights times counts (how many times each weight applies in the
// position), which is what lets eval/tuner fit them to game results. One group is not summed
// straight into the score: the king-danger weights add up to a danger count per side, turned into a
// score by the curve king_danger_score() (the tuner follows the curve's gradient). The integers of
// namespace `weights` (phase, the curve's divisors, the scale factors) shape the terms and are not
// tuned.
//
// The values, between the BEGIN and END lines at the bottom, are written by the tuner
// (`vireo-tune --write eval/weights.h`); the rest of the file by hand.
#pragma once

#include <array>
#include <cstddef>

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

// King danger to score: the middlegame part grows with the square of the danger, the endgame part
// linearly; no bonus for a negative danger.
inline constexpr int DANGER_MG_DIVISOR = 720;
inline constexpr int DANGER_EG_DIVISOR = 20;
constexpr S king_danger_score(S danger) {
    return S(danger.mg > 0 ? danger.mg * danger.mg / DANGER_MG_DIVISOR : 0,
             danger.eg > 0 ? danger.eg / DANGER_EG_DIVISOR : 0);
}

// The endgame part is scaled by a factor out of SCALE_NORMAL in drawish material (evaluate.cpp,
// scale_factor()).
inline constexpr int SCALE_NORMAL = 128;
inline constexpr int SCALE_OPPOSITE_BISHOPS = 64;   // each side one bishop, on opposite colours, and pawns
inline constexpr int SCALE_NO_MATING_MATERIAL = 0;  // the stronger side has no pawns and at most a minor piece
inline constexpr int SCALE_MINOR_UP_NO_PAWNS = 32;  // the stronger side has no pawns and is at most a minor up

// The score shrinks towards a draw as the fifty-move counter runs: times (RULE50_SPAN - rule50) / RULE50_SPAN.
inline constexpr int RULE50_SPAN = 200;

}  // namespace weights

struct Weights {
    // Material (the king's entry is unused).
    S pieceValue[PIECE_TYPE_NB];
    // Piece-square tables, per piece type, from white's side (a1 first); a pawn's first and last rank are unused.
    S psqt[PIECE_TYPE_NB][64];

    // Mobility: by the number of squares a piece reaches in the mobility area (not occupied by own
    // pawns that are blocked or on their first two ranks, nor by the own king; not attacked by
    // enemy pawns).
    S knightMobility[9];
    S bishopMobility[14];
    S rookMobility[15];
    S queenMobility[28];

    // Pawn structure, by relative rank where indexed.
    S isolatedPawn;
    S doubledPawn;
    S backwardPawn;
    S connectedPawn[8];

    // Passed pawns, by relative rank where indexed.
    S passedPawn[8];
    S passedFreePath;              // nothing in front of it
    S passedSafePath;              // ... and no square in front of it attacked by the enemy
    S passedOwnKingDistance[8];    // times the distance of the own king to its stop square
    S passedEnemyKingDistance[8];  // times the distance of the enemy king to its stop square
    S passedRookBehind;            // an own rook behind it on its file
    S candidatePasser[8];          // not passed, no enemy pawn in front, helpers at least as many as sentries

    // King shelter, on the king's file and the two beside it: by the file's distance from the edge
    // (a/h 0 ... d/e 3) and the rank distance from the king to the nearest own pawn in front of it
    // (7: none), and to the nearest enemy pawn in front (the storm; 7: none).
    S kingShelter[4][8];
    S kingStorm[4][8];
    S kingOpenFile;  // no own pawn on the king's file

    // Threats: enemy pieces attacked, by the type of the piece attacked.
    S threatByPawn[PIECE_TYPE_NB];   // by a pawn
    S threatByMinor[PIECE_TYPE_NB];  // by a knight or bishop
    S threatByRook[PIECE_TYPE_NB];   // by a rook (not on a rook: that is mutual)
    S hangingPiece;                  // a piece (not a pawn) attacked and not defended
    S pawnPushThreat;                // a piece a safe pawn push would attack

    // Pieces.
    S bishopPair;
    S bishopPawnsSameColour;  // per own pawn on the bishop's square colour
    S rookOpenFile;
    S rookSemiOpenFile;
    S knightOutpost;  // on ranks 4-6, defended by a pawn, no enemy pawn can chase it away
    S bishopOutpost;
    S minorBehindPawn;  // a knight or bishop right behind a pawn

    // King danger, counted by the attacking side (see king_danger_score): the attackers and what
    // they do around the enemy king; counted only when at least two pieces attack the king zone, or
    // one with the queen off the board.
    S kingAttacker[PIECE_TYPE_NB];  // per attacking piece of this type
    S kingZoneAttack;               // per attack on a square of the king zone
    S weakKingSquare;               // per zone square we attack that only the king (or queen) defends
    S safeCheck[PIECE_TYPE_NB];     // per square from which a piece of this type checks safely
    S noEnemyQueen;                 // the defender has no queen
    S dangerOffset;                 // once per counted attack

    // Side to move.
    S tempo;
};

// The number of pairs in Weights: the evaluation and the tuner number them in declaration order.
inline constexpr int WEIGHT_COUNT = int(sizeof(Weights) / sizeof(S));
static_assert(sizeof(Weights) == WEIGHT_COUNT * sizeof(S), "Weights holds pairs only");

// The first and one-past-last number of the king-danger weights (summed through the curve).
inline constexpr int DANGER_FIRST = int(offsetof(Weights, kingAttacker) / sizeof(S));
inline constexpr int DANGER_END = int(offsetof(Weights, tempo) / sizeof(S));

// Row names of the two-dimensional tables.
inline constexpr const char* PIECE_ROWS[] = {"pawn", "knight", "bishop", "rook", "queen", "king"};
inline constexpr const char* FILE_ROWS[] = {"a/h", "b/g", "c/f", "d/e"};

// Every table of weights with its name, in declaration order: f(name, first pair, pairs, row length,
// row names) (a single weight is a table of one; the row length splits two-dimensional tables).
template <class W, class F>
constexpr void for_each_table(W& w, F&& f) {
    f("pieceValue", &w.pieceValue[0], PIECE_TYPE_NB, 0, nullptr);
    f("psqt", &w.psqt[0][0], PIECE_TYPE_NB * 64, 64, PIECE_ROWS);
    f("knightMobility", &w.knightMobility[0], 9, 0, nullptr);
    f("bishopMobility", &w.bishopMobility[0], 14, 0, nullptr);
    f("rookMobility", &w.rookMobility[0], 15, 0, nullptr);
    f("queenMobility", &w.queenMobility[0], 28, 0, nullptr);
    f("isolatedPawn", &w.isolatedPawn, 1, 0, nullptr);
    f("doubledPawn", &w.doubledPawn, 1, 0, nullptr);
    f("backwardPawn", &w.backwardPawn, 1, 0, nullptr);
    f("connectedPawn", &w.connectedPawn[0], 8, 0, nullptr);
    f("passedPawn", &w.passedPawn[0], 8, 0, nullptr);
    f("passedFreePath", &w.passedFreePath, 1, 0, nullptr);
    f("passedSafePath", &w.passedSafePath, 1, 0, nullptr);
    f("passedOwnKingDistance", &w.passedOwnKingDistance[0], 8, 0, nullptr);
    f("passedEnemyKingDistance", &w.passedEnemyKingDistance[0], 8, 0, nullptr);
    f("passedRookBehind", &w.passedRookBehind, 1, 0, nullptr);
    f("candidatePasser", &w.candidatePasser[0], 8, 0, nullptr);
    f("kingShelter", &w.kingShelter[0][0], 32, 8, FILE_ROWS);
    f("kingStorm", &w.kingStorm[0][0], 32, 8, FILE_ROWS);
    f("kingOpenFile", &w.kingOpenFile, 1, 0, nullptr);
    f("threatByPawn", &w.threatByPawn[0], PIECE_TYPE_NB, 0, nullptr);
    f("threatByMinor", &w.threatByMinor[0], PIECE_TYPE_NB, 0, nullptr);
    f("threatByRook", &w.threatByRook[0], PIECE_TYPE_NB, 0, nullptr);
    f("hangingPiece", &w.hangingPiece, 1, 0, nullptr);
    f("pawnPushThreat", &w.pawnPushThreat, 1, 0, nullptr);
    f("bishopPair", &w.bishopPair, 1, 0, nullptr);
    f("bishopPawnsSameColour", &w.bishopPawnsSameColour, 1, 0, nullptr);
    f("rookOpenFile", &w.rookOpenFile, 1, 0, nullptr);
    f("rookSemiOpenFile", &w.rookSemiOpenFile, 1, 0, nullptr);
    f("knightOutpost", &w.knightOutpost, 1, 0, nullptr);
    f("bishopOutpost", &w.bishopOutpost, 1, 0, nullptr);
    f("minorBehindPawn", &w.minorBehindPawn, 1, 0, nullptr);
    f("kingAttacker", &w.kingAttacker[0], PIECE_TYPE_NB, 0, nullptr);
    f("kingZoneAttack", &w.kingZoneAttack, 1, 0, nullptr);
    f("weakKingSquare", &w.weakKingSquare, 1, 0, nullptr);
    f("safeCheck", &w.safeCheck[0], PIECE_TYPE_NB, 0, nullptr);
    f("noEnemyQueen", &w.noEnemyQueen, 1, 0, nullptr);
    f("dangerOffset", &w.dangerOffset, 1, 0, nullptr);
    f("tempo", &w.tempo, 1, 0, nullptr);
}

// The weights the engine plays with (how they were made: README, "Evaluation and tuning").
// BEGIN WEIGHTS
// clang-format off
inline constexpr Weights WEIGHTS{
    .pieceValue = {
        S(82, 94), S(337, 281), S(365, 297), S(477, 512), S(1025, 936), S(0, 0),
    },
    .psqt = {
        {  // pawn
            S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
            S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
            S(-5, 6), S(-5, 6), S(4, -5), S(13, -16), S(13, -16), S(4, -5), S(-5, 6), S(-5, 6),
            S(-10, 12), S(-10, 12), S(-1, 1), S(8, -10), S(8, -10), S(-1, 1), S(-10, 12), S(-10, 12),
            S(-15, 18), S(-15, 18), S(-6, 7), S(3, -4), S(3, -4), S(-6, 7), S(-15, 18), S(-15, 18),
            S(-20, 24), S(-20, 24), S(-20, 24), S(-20, 24), S(-20, 24), S(-20, 24), S(-20, 24), S(-20, 24),
            S(-25, 30), S(-25, 30), S(-25, 30), S(-25, 30), S(-25, 30), S(-25, 30), S(-25, 30), S(-25, 30),
            S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
        },
        {  // knight
            S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
            S(0, 0), S(7, 6), S(7, 6), S(7, 6), S(7, 6), S(7, 6), S(7, 6), S(0, 0),
            S(0, 0), S(7, 6), S(14, 12), S(14, 12), S(14, 12), S(14, 12), S(7, 6), S(0, 0),
            S(0, 0), S(7, 6), S(14, 12), S(21, 18), S(21, 18), S(14, 12), S(7, 6), S(0, 0),
            S(0, 0), S(7, 6), S(14, 12), S(21, 18), S(21, 18), S(14, 12), S(7, 6), S(0, 0),
            S(0, 0), S(7, 6), S(14, 12), S(14, 12), S(14, 12), S(14, 12), S(7, 6), S(0, 0),
            S(0, 0), S(7, 6), S(7, 6), S(7, 6), S(7, 6), S(7, 6), S(7, 6), S(0, 0),
            S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
        },
        {  // bishop
            S(11, -21), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(11, -21),
            S(0, 0), S(21, -15), S(10, 6), S(10, 6), S(10, 6), S(10, 6), S(21, -15), S(0, 0),
            S(0, 0), S(10, 6), S(31, -9), S(20, 12), S(20, 12), S(31, -9), S(10, 6), S(0, 0),
            S(0, 0), S(10, 6), S(20, 12), S(41, -3), S(41, -3), S(20, 12), S(10, 6), S(0, 0),
            S(0, 0), S(10, 6), S(20, 12), S(41, -3), S(41, -3), S(20, 12), S(10, 6), S(0, 0),
            S(0, 0), S(10, 6), S(31, -9), S(20, 12), S(20, 12), S(31, -9), S(10, 6), S(0, 0),
            S(0, 0), S(21, -15), S(10, 6), S(10, 6), S(10, 6), S(10, 6), S(21, -15), S(0, 0),
            S(11, -21), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(11, -21),
        },
        {  // rook
            S(0, 0), S(0, 0), S(0, 0), S(14, -6), S(14, -6), S(0, 0), S(0, 0), S(0, 0),
            S(0, 0), S(0, 0), S(0, 0), S(14, -6), S(14, -6), S(0, 0), S(0, 0), S(0, 0),
            S(0, 0), S(0, 0), S(0, 0), S(14, -6), S(14, -6), S(0, 0), S(0, 0), S(0, 0),
            S(0, 0), S(0, 0), S(0, 0), S(14, -6), S(14, -6), S(0, 0), S(0, 0), S(0, 0),
            S(0, 0), S(0, 0), S(0, 0), S(14, -6), S(14, -6), S(0, 0), S(0, 0), S(0, 0),
            S(0, 0), S(0, 0), S(0, 0), S(14, -6), S(14, -6), S(0, 0), S(0, 0), S(0, 0),
            S(19, 15), S(19, 15), S(19, 15), S(33, 9), S(33, 9), S(19, 15), S(19, 15), S(19, 15),
            S(0, 0), S(0, 0), S(0, 0), S(14, -6), S(14, -6), S(0, 0), S(0, 0), S(0, 0),
        },
        {  // queen
            S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
            S(0, 0), S(0, 21), S(0, 21), S(0, 21), S(0, 21), S(0, 21), S(0, 21), S(0, 0),
            S(0, 0), S(0, 21), S(0, 42), S(0, 42), S(0, 42), S(0, 42), S(0, 21), S(0, 0),
            S(0, 0), S(0, 21), S(0, 42), S(0, 63), S(0, 63), S(0, 42), S(0, 21), S(0, 0),
            S(0, 0), S(0, 21), S(0, 42), S(0, 63), S(0, 63), S(0, 42), S(0, 21), S(0, 0),
            S(0, 0), S(0, 21), S(0, 42), S(0, 42), S(0, 42), S(0, 42), S(0, 21), S(0, 0),
            S(0, 0), S(0, 21), S(0, 21), S(0, 21), S(0, 21), S(0, 21), S(0, 21), S(0, 0),
            S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
        },
        {  // king
            S(9, -21), S(9, -21), S(9, -21), S(9, -21), S(9, -21), S(9, -21), S(9, -21), S(9, -21),
            S(0, 0), S(-7, 2), S(-7, 2), S(-7, 2), S(-7, 2), S(-7, 2), S(-7, 2), S(0, 0),
            S(0, 0), S(-7, 2), S(-14, 4), S(-14, 4), S(-14, 4), S(-14, 4), S(-7, 2), S(0, 0),
            S(0, 0), S(-7, 2), S(-14, 4), S(-21, 6), S(-21, 6), S(-14, 4), S(-7, 2), S(0, 0),
            S(0, 0), S(-7, 2), S(-14, 4), S(-21, 6), S(-21, 6), S(-14, 4), S(-7, 2), S(0, 0),
            S(0, 0), S(-7, 2), S(-14, 4), S(-14, 4), S(-14, 4), S(-14, 4), S(-7, 2), S(0, 0),
            S(0, 0), S(-7, 2), S(-7, 2), S(-7, 2), S(-7, 2), S(-7, 2), S(-7, 2), S(0, 0),
            S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
        },
    },
    .knightMobility = {
        S(-16, -20), S(-12, -15), S(-8, -10), S(-4, -5), S(0, 0), S(4, 5), S(8, 10), S(12, 15),
        S(16, 20),
    },
    .bishopMobility = {
        S(-24, -24), S(-20, -20), S(-16, -16), S(-12, -12), S(-8, -8), S(-4, -4), S(0, 0), S(4, 4),
        S(8, 8), S(12, 12), S(16, 16), S(20, 20), S(24, 24), S(28, 28),
    },
    .rookMobility = {
        S(-30, -18), S(-25, -15), S(-20, -12), S(-15, -9), S(-10, -6), S(-5, -3), S(0, 0), S(5, 3),
        S(10, 6), S(15, 9), S(20, 12), S(25, 15), S(30, 18), S(35, 21), S(40, 24),
    },
    .queenMobility = {
        S(12, -108), S(11, -99), S(10, -90), S(9, -81), S(8, -72), S(7, -63), S(6, -54), S(5, -45),
        S(4, -36), S(3, -27), S(2, -18), S(1, -9), S(0, 0), S(-1, 9), S(-2, 18), S(-3, 27),
        S(-4, 36), S(-5, 45), S(-6, 54), S(-7, 63), S(-8, 72), S(-9, 81), S(-10, 90), S(-11, 99),
        S(-12, 108), S(-13, 117), S(-14, 126), S(-15, 135),
    },
    .isolatedPawn = S(-10, -4),
    .doubledPawn = S(-12, -22),
    .backwardPawn = S(-6, -4),
    .connectedPawn = {
        S(0, 0), S(-5, 7), S(-2, 3), S(5, -7), S(16, 10), S(21, 28), S(36, 41), S(0, 0),
    },
    .passedPawn = {
        S(0, 0), S(-14, 6), S(-11, 12), S(11, 33), S(22, 61), S(39, 85), S(95, 143), S(0, 0),
    },
    .passedFreePath = S(-9, 21),
    .passedSafePath = S(0, 0),
    .passedOwnKingDistance = {
        S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    },
    .passedEnemyKingDistance = {
        S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    },
    .passedRookBehind = S(0, 0),
    .candidatePasser = {
        S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    },
    .kingShelter = {
        {  // a/h
            S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
        },
        {  // b/g
            S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
        },
        {  // c/f
            S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
        },
        {  // d/e
            S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
        },
    },
    .kingStorm = {
        {  // a/h
            S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
        },
        {  // b/g
            S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
        },
        {  // c/f
            S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
        },
        {  // d/e
            S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
        },
    },
    .kingOpenFile = S(-10, 6),
    .threatByPawn = {
        S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    },
    .threatByMinor = {
        S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    },
    .threatByRook = {
        S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    },
    .hangingPiece = S(0, 0),
    .pawnPushThreat = S(0, 0),
    .bishopPair = S(17, 39),
    .bishopPawnsSameColour = S(0, 0),
    .rookOpenFile = S(34, 8),
    .rookSemiOpenFile = S(11, 13),
    .knightOutpost = S(0, 0),
    .bishopOutpost = S(0, 0),
    .minorBehindPawn = S(0, 0),
    .kingAttacker = {
        S(0, 0), S(40, 40), S(25, 25), S(35, 35), S(30, 30), S(0, 0),
    },
    .kingZoneAttack = S(40, 30),
    .weakKingSquare = S(40, 40),
    .safeCheck = {
        S(0, 0), S(100, 100), S(60, 60), S(90, 90), S(90, 90), S(0, 0),
    },
    .noEnemyQueen = S(-200, -200),
    .dangerOffset = S(-70, -30),
    .tempo = S(2, -4),
};
// clang-format on
// END WEIGHTS

}  // namespace vireo
