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
            S(-17, 30), S(-18, 20), S(-16, 1), S(-23, 26), S(-16, 2), S(-22, 21), S(-6, 19), S(-29, 18),
            S(-22, 21), S(-29, 24), S(-24, 18), S(-24, 0), S(-16, 7), S(-23, 13), S(-21, 16), S(-42, 20),
            S(-28, 26), S(-36, 23), S(-26, 9), S(-18, -6), S(-26, 10), S(-37, 20), S(-33, 22), S(-39, 17),
            S(-31, 38), S(-25, 21), S(-26, 18), S(-10, -3), S(-17, 3), S(-32, 24), S(-24, 12), S(-27, 16),
            S(-38, 38), S(-28, 16), S(-38, 45), S(-46, 20), S(-28, 26), S(4, 37), S(-30, 35), S(-31, 42),
            S(43, -33), S(38, 14), S(-69, 33), S(-78, 67), S(-100, 104), S(-62, 83), S(56, 0), S(55, -6),
            S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
        },
        {  // knight
            S(13, 35), S(-17, 26), S(-13, 27), S(11, 39), S(-3, 40), S(-22, 17), S(-12, 6), S(53, -136),
            S(-24, 44), S(-22, 58), S(-11, 30), S(-5, 37), S(-4, 22), S(13, 15), S(21, 52), S(-4, 34),
            S(-2, 19), S(2, 20), S(-2, 39), S(15, 31), S(18, 45), S(6, 35), S(-1, 18), S(-15, 13),
            S(8, 29), S(7, 45), S(21, 43), S(13, 56), S(26, 53), S(34, 8), S(12, 55), S(6, 41),
            S(15, 9), S(17, 29), S(14, 36), S(21, 62), S(28, 36), S(12, 48), S(24, 21), S(1, 42),
            S(-66, 40), S(-11, 45), S(2, 41), S(17, 51), S(25, 33), S(46, 17), S(17, 16), S(-9, 49),
            S(-36, 22), S(0, 24), S(-8, 44), S(30, 12), S(4, 84), S(5, 19), S(-22, 56), S(-34, -1),
            S(-97, -84), S(-39, 46), S(-88, 89), S(-211, 55), S(95, 47), S(-198, 61), S(-202, 96), S(-92, -62),
        },
        {  // bishop
            S(-27, 24), S(14, 12), S(-9, 39), S(0, 25), S(-22, 24), S(-13, 25), S(-50, 39), S(6, -18),
            S(13, -18), S(5, 15), S(5, 9), S(-4, 28), S(1, 16), S(15, 2), S(10, 3), S(-43, 74),
            S(-2, 0), S(20, 0), S(15, 18), S(9, 15), S(9, 34), S(21, 10), S(5, 33), S(-5, 13),
            S(-11, 8), S(13, 25), S(13, 12), S(20, 25), S(24, 20), S(11, 30), S(-1, 24), S(2, 11),
            S(16, 5), S(5, 19), S(19, 34), S(14, 38), S(9, 29), S(-4, 30), S(9, 18), S(-45, 26),
            S(-7, 26), S(-29, 26), S(3, 33), S(7, 42), S(-13, 31), S(-22, 44), S(-4, 25), S(-1, 33),
            S(-66, 46), S(-43, 30), S(-13, 54), S(-50, 19), S(-40, 36), S(-54, 41), S(-7, 40), S(-50, 7),
            S(-53, 63), S(-76, 65), S(-58, 6), S(-55, 47), S(-79, 17), S(-122, 67), S(6, 14), S(-24, 46),
        },
        {  // rook
            S(-32, 29), S(-21, 32), S(-22, 34), S(-13, 14), S(-17, 23), S(-18, 22), S(-22, 22), S(-19, 25),
            S(-35, 26), S(-19, 33), S(-38, 45), S(-16, 17), S(-28, 36), S(-22, 13), S(-32, 23), S(-27, 8),
            S(-38, 41), S(-27, 40), S(-34, 50), S(-33, 39), S(-17, 26), S(-32, 36), S(-29, 41), S(-25, 36),
            S(-15, 31), S(-22, 45), S(-6, 33), S(-15, 40), S(-7, 36), S(-4, 21), S(-12, 37), S(-21, 32),
            S(-22, 44), S(-26, 50), S(-15, 44), S(-6, 37), S(-24, 37), S(4, 24), S(-32, 57), S(-16, 42),
            S(-22, 41), S(39, 25), S(-23, 50), S(19, 25), S(17, 22), S(-17, 36), S(30, 25), S(20, 46),
            S(-3, 53), S(-36, 68), S(20, 42), S(14, 52), S(21, 39), S(-1, 51), S(-13, 48), S(13, 53),
            S(63, 19), S(-4, 59), S(-13, 57), S(-18, 67), S(3, 40), S(-32, 63), S(51, 24), S(118, 8),
        },
        {  // queen
            S(-72, 75), S(-3, 18), S(0, -32), S(1, -9), S(-6, 35), S(-14, -33), S(-24, -67), S(32, -131),
            S(0, -48), S(7, -55), S(-3, -10), S(-4, 33), S(-5, 6), S(6, -48), S(39, -88), S(-40, 16),
            S(-17, 29), S(0, 18), S(-12, 50), S(-12, 52), S(-9, 39), S(-6, 52), S(-10, 17), S(18, -75),
            S(-17, -15), S(-20, 79), S(-21, 74), S(-19, 132), S(-3, 105), S(-7, 84), S(-2, 77), S(-37, 95),
            S(-6, -1), S(-12, 50), S(-20, 83), S(-27, 142), S(8, 101), S(-1, 93), S(-32, 147), S(8, 63),
            S(-12, 48), S(-5, 44), S(-24, 89), S(-35, 138), S(-13, 118), S(7, 85), S(21, 113), S(0, 112),
            S(-36, 63), S(-55, 119), S(-35, 127), S(-37, 159), S(18, 110), S(7, 180), S(11, 104), S(11, 113),
            S(-30, 117), S(40, 42), S(96, 19), S(-18, 115), S(89, 33), S(96, -15), S(42, 61), S(-47, 137),
        },
        {  // king
            S(47, -81), S(44, -35), S(15, -27), S(-13, -13), S(-3, -15), S(5, -24), S(39, -20), S(55, -49),
            S(37, -38), S(9, -7), S(8, -14), S(-18, -6), S(-14, 0), S(-1, -1), S(29, -11), S(20, -12),
            S(-33, 2), S(20, -14), S(10, -5), S(-26, 4), S(-35, 1), S(-15, 6), S(13, 3), S(-18, -7),
            S(-37, 4), S(17, -17), S(-15, 12), S(-16, 5), S(-24, 6), S(-22, 3), S(-5, 10), S(-27, 1),
            S(-79, 8), S(20, 8), S(-16, 14), S(38, 7), S(-17, 29), S(57, 2), S(5, 25), S(-147, 27),
            S(65, 8), S(45, 18), S(-43, 24), S(-123, 49), S(46, 22), S(-12, 17), S(-40, 49), S(15, 16),
            S(12, -1), S(-104, 64), S(-14, 21), S(-9, 20), S(8, 21), S(-64, 18), S(-137, 75), S(-83, 51),
            S(-221, 9), S(-107, 78), S(-15, 16), S(48, -28), S(150, 25), S(-138, 3), S(-86, 46), S(93, -41),
        },
    },
    .knightMobility = {
        S(-67, 5), S(-59, 17), S(-47, 38), S(-43, 45), S(-32, 46), S(-31, 62), S(-22, 60), S(-15, 56),
        S(-7, 40),
    },
    .bishopMobility = {
        S(-75, -18), S(-57, 4), S(-49, 23), S(-45, 42), S(-38, 48), S(-36, 49), S(-31, 51), S(-33, 66),
        S(-27, 65), S(-17, 66), S(-24, 73), S(-26, 70), S(17, 51), S(70, 57),
    },
    .rookMobility = {
        S(-98, 11), S(-68, 49), S(-52, 50), S(-49, 62), S(-48, 64), S(-44, 79), S(-40, 86), S(-36, 84),
        S(-38, 98), S(-32, 97), S(-30, 99), S(-22, 100), S(-23, 101), S(-19, 110), S(15, 91),
    },
    .queenMobility = {
        S(12, -108), S(-180, -67), S(-100, 131), S(-106, 198), S(-93, 162), S(-96, 183), S(-93, 194), S(-93, 208),
        S(-91, 222), S(-86, 232), S(-84, 237), S(-85, 249), S(-84, 255), S(-81, 249), S(-72, 251), S(-79, 272),
        S(-78, 235), S(-76, 243), S(-72, 249), S(-46, 206), S(-32, 187), S(24, 124), S(44, 124), S(271, -98),
        S(182, -10), S(619, -410), S(344, -318), S(872, -791),
    },
    .isolatedPawn = S(-5, -12),
    .doubledPawn = S(-2, -18),
    .backwardPawn = S(-2, -12),
    .connectedPawn = {
        S(0, 0), S(0, 0), S(5, 0), S(13, 2), S(19, 23), S(30, 60), S(159, 67), S(0, 0),
    },
    .passedPawn = {
        S(0, 0), S(-21, 22), S(22, 11), S(-2, 37), S(-22, 76), S(43, 82), S(178, 117), S(0, 0),
    },
    .passedFreePath = S(8, 19),
    .passedSafePath = S(-26, 31),
    .passedOwnKingDistance = {
        S(0, 0), S(-3, 0), S(0, -4), S(11, -10), S(10, -15), S(4, -15), S(-11, -16), S(0, 0),
    },
    .passedEnemyKingDistance = {
        S(0, 0), S(6, -3), S(-5, 2), S(-11, 8), S(-8, 16), S(-9, 27), S(-13, 34), S(0, 0),
    },
    .passedRookBehind = S(-4, 24),
    .candidatePasser = {
        S(0, 0), S(4, -7), S(4, 2), S(-4, 8), S(2, 13), S(38, 21), S(0, 0), S(0, 0),
    },
    .kingShelter = {
        {  // a/h
            S(-3, -9), S(12, -16), S(-4, -6), S(-18, 22), S(-3, -3), S(32, 28), S(-115, 10), S(-12, 2),
        },
        {  // b/g
            S(2, 8), S(13, -6), S(4, -9), S(-15, -12), S(-18, -6), S(-5, 7), S(-196, 126), S(-16, 6),
        },
        {  // c/f
            S(5, 10), S(18, -6), S(-5, 4), S(-2, -7), S(-11, -13), S(-52, -4), S(-229, 88), S(-19, 8),
        },
        {  // d/e
            S(20, 19), S(13, 4), S(3, -1), S(-1, -5), S(1, -15), S(-6, 5), S(-52, 20), S(-12, 6),
        },
    },
    .kingStorm = {
        {  // a/h
            S(7, 28), S(67, 10), S(-16, 14), S(-5, -6), S(-2, -2), S(-7, -4), S(4, -14), S(-3, -9),
        },
        {  // b/g
            S(7, 31), S(88, -11), S(-32, 3), S(0, -4), S(3, 2), S(-8, 7), S(1, -1), S(-17, -5),
        },
        {  // c/f
            S(31, 21), S(46, 4), S(-25, 7), S(-10, 3), S(3, -1), S(-2, -2), S(-3, -12), S(-5, 2),
        },
        {  // d/e
            S(-31, 49), S(16, 9), S(-5, -16), S(4, -10), S(0, -2), S(1, -6), S(9, -9), S(-4, -4),
        },
    },
    .kingOpenFile = S(-11, -6),
    .threatByPawn = {
        S(0, 0), S(65, 34), S(66, 73), S(90, 8), S(48, -9), S(0, 0),
    },
    .threatByMinor = {
        S(-1, 20), S(16, 29), S(36, 20), S(67, 10), S(42, 31), S(0, 0),
    },
    .threatByRook = {
        S(-3, 17), S(5, 21), S(11, 16), S(0, 0), S(64, 13), S(0, 0),
    },
    .hangingPiece = S(18, 12),
    .pawnPushThreat = S(12, 15),
    .bishopPair = S(14, 72),
    .bishopPawnsSameColour = S(-1, 1),
    .rookOpenFile = S(36, -4),
    .rookSemiOpenFile = S(9, 6),
    .knightOutpost = S(8, 15),
    .bishopOutpost = S(22, 5),
    .minorBehindPawn = S(1, 18),
    .kingAttacker = {
        S(0, 0), S(43, 166), S(27, 425), S(49, 328), S(68, 107), S(0, 0),
    },
    .kingZoneAttack = S(19, -14),
    .weakKingSquare = S(19, 13),
    .safeCheck = {
        S(0, 0), S(126, 208), S(78, 399), S(56, 552), S(66, 106), S(0, 0),
    },
    .noEnemyQueen = S(-584, -631),
    .dangerOffset = S(-61, -93),
    .tempo = S(27, 7),
};
// clang-format on
// END WEIGHTS

}  // namespace vireo
