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
            S(-14, 39), S(-21, 23), S(-17, -9), S(-35, 42), S(-20, -11), S(-31, 29), S(-1, 20), S(-40, 18),
            S(-22, 25), S(-35, 30), S(-34, 27), S(-44, 7), S(-26, 15), S(-35, 22), S(-22, 18), S(-63, 24),
            S(-27, 33), S(-38, 26), S(-32, 10), S(-23, -12), S(-36, 22), S(-53, 31), S(-30, 25), S(-51, 18),
            S(-35, 50), S(-22, 21), S(-31, 23), S(-8, -7), S(-20, 2), S(-45, 33), S(-18, 3), S(-31, 14),
            S(-40, 46), S(-10, 2), S(-31, 56), S(-58, 23), S(-11, 19), S(34, 42), S(-22, 22), S(-28, 47),
            S(151, -112), S(110, -21), S(-71, 8), S(-108, 82), S(-101, 120), S(-97, 98), S(168, -53), S(158, -72),
            S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
        },
        {  // knight
            S(38, 25), S(-18, 38), S(-6, 26), S(30, 36), S(7, 46), S(-25, -4), S(-7, -3), S(147, -295),
            S(-38, 65), S(-26, 77), S(-6, 35), S(2, 36), S(-1, 16), S(34, -2), S(47, 67), S(2, 30),
            S(7, 17), S(16, 10), S(2, 42), S(33, 25), S(37, 42), S(16, 35), S(4, 1), S(-21, 4),
            S(18, 21), S(4, 60), S(36, 42), S(19, 64), S(38, 53), S(58, -19), S(13, 66), S(17, 37),
            S(26, -13), S(23, 24), S(27, 35), S(25, 71), S(42, 27), S(14, 43), S(41, -1), S(-9, 49),
            S(-96, 52), S(-16, 51), S(22, 37), S(35, 53), S(32, 37), S(71, 4), S(48, -18), S(-13, 68),
            S(-41, 17), S(29, 16), S(-13, 48), S(62, -9), S(26, 109), S(-10, 25), S(5, 76), S(-27, -52),
            S(-127, -128), S(21, 37), S(-75, 110), S(-379, 81), S(93, 73), S(-200, 47), S(-498, 176), S(-151, -83),
        },
        {  // bishop
            S(-49, 45), S(32, 6), S(-9, 56), S(5, 23), S(-42, 30), S(-17, 32), S(-96, 58), S(11, -52),
            S(27, -55), S(0, 24), S(7, -1), S(-6, 34), S(2, 8), S(30, -19), S(11, -4), S(-79, 129),
            S(-6, -1), S(33, -22), S(15, 19), S(10, 5), S(10, 38), S(28, 6), S(1, 43), S(-6, 20),
            S(-14, 16), S(23, 25), S(21, -5), S(22, 26), S(33, 15), S(18, 27), S(-2, 20), S(10, 5),
            S(32, -6), S(10, 13), S(31, 37), S(17, 48), S(9, 32), S(-19, 30), S(15, 16), S(-81, 43),
            S(-4, 17), S(-54, 34), S(7, 37), S(16, 49), S(-45, 41), S(-31, 48), S(-33, 47), S(4, 43),
            S(-107, 75), S(-53, 32), S(1, 69), S(-35, 8), S(-46, 43), S(-83, 67), S(22, 40), S(-72, 5),
            S(-77, 114), S(-121, 109), S(-31, -19), S(-42, 63), S(-57, 21), S(-88, 60), S(-4, 35), S(-53, 73),
        },
        {  // rook
            S(-32, 31), S(-11, 30), S(-13, 34), S(-10, 4), S(-19, 25), S(-10, 14), S(-16, 22), S(-13, 30),
            S(-39, 21), S(-8, 30), S(-43, 49), S(-16, 7), S(-30, 38), S(-21, -9), S(-46, 26), S(-21, -5),
            S(-48, 46), S(-22, 42), S(-38, 59), S(-34, 36), S(-18, 23), S(-42, 34), S(-32, 51), S(-22, 40),
            S(-4, 21), S(-7, 39), S(8, 23), S(-1, 37), S(16, 32), S(20, 1), S(11, 35), S(-12, 25),
            S(-19, 39), S(-20, 47), S(3, 36), S(1, 33), S(-36, 40), S(35, 9), S(-38, 67), S(-8, 42),
            S(-27, 30), S(91, 9), S(-34, 56), S(49, 12), S(31, 15), S(-33, 36), S(63, 7), S(69, 36),
            S(-14, 57), S(-47, 75), S(30, 41), S(20, 56), S(43, 31), S(-14, 55), S(-40, 48), S(11, 55),
            S(104, 7), S(21, 66), S(19, 49), S(-10, 77), S(46, 29), S(-36, 69), S(60, 15), S(159, 1),
        },
        {  // queen
            S(-106, 70), S(32, -45), S(35, -137), S(37, -96), S(30, -32), S(9, -127), S(-14, -211), S(121, -356),
            S(38, -184), S(48, -221), S(25, -129), S(30, -63), S(23, -91), S(37, -184), S(98, -254), S(-31, -96),
            S(0, -50), S(32, -85), S(13, -43), S(13, -25), S(16, -52), S(29, -41), S(11, -90), S(65, -247),
            S(1, -133), S(9, -5), S(6, -35), S(-2, 103), S(22, 59), S(24, -8), S(52, -50), S(-37, 37),
            S(28, -128), S(17, -75), S(9, 4), S(-13, 101), S(36, 67), S(36, -7), S(-4, 71), S(60, -66),
            S(24, -76), S(27, -58), S(7, -28), S(-26, 83), S(1, 39), S(57, -46), S(62, 18), S(33, 43),
            S(-23, -27), S(-65, 66), S(-22, 51), S(-35, 105), S(99, -27), S(13, 163), S(49, -1), S(65, -1),
            S(-40, 95), S(110, -75), S(199, -108), S(12, 44), S(141, -72), S(235, -231), S(90, -78), S(-47, 86),
        },
        {  // king
            S(17, -94), S(24, -44), S(8, -26), S(-7, -8), S(7, -8), S(-10, -19), S(16, -11), S(36, -53),
            S(28, -61), S(-20, -3), S(-3, -16), S(-7, -11), S(-8, 7), S(-14, 9), S(4, -6), S(-17, -2),
            S(-108, 19), S(14, -28), S(10, -6), S(-18, 1), S(-42, -3), S(-34, 13), S(-21, 13), S(-84, 5),
            S(44, -26), S(17, -33), S(-26, 10), S(-85, 6), S(-63, 7), S(-97, 17), S(-48, 19), S(-41, 0),
            S(-13, -8), S(-12, -3), S(-164, 31), S(-72, 15), S(-159, 43), S(1, 4), S(22, 20), S(-164, 20),
            S(349, -29), S(158, -11), S(-75, 19), S(-291, 57), S(-54, 23), S(-68, 8), S(-93, 58), S(156, 1),
            S(40, 20), S(-56, 48), S(97, -21), S(25, -2), S(72, -10), S(149, -44), S(-147, 69), S(49, 54),
            S(-291, 81), S(21, 101), S(157, -69), S(240, -73), S(372, -4), S(-133, 1), S(272, -10), S(364, -17),
        },
    },
    .knightMobility = {
        S(-56, -2), S(-56, 17), S(-42, 39), S(-38, 45), S(-25, 41), S(-25, 60), S(-13, 55), S(-6, 48),
        S(3, 12),
    },
    .bishopMobility = {
        S(-80, -41), S(-55, -8), S(-44, 14), S(-40, 46), S(-32, 48), S(-30, 47), S(-24, 49), S(-29, 74),
        S(-19, 66), S(-6, 72), S(-18, 82), S(-47, 85), S(10, 49), S(-113, 110),
    },
    .rookMobility = {
        S(-112, 1), S(-67, 49), S(-39, 38), S(-35, 54), S(-38, 51), S(-32, 72), S(-27, 80), S(-20, 74),
        S(-26, 95), S(-20, 93), S(-19, 94), S(-4, 93), S(-5, 94), S(6, 104), S(-19, 88),
    },
    .queenMobility = {
        S(12, -108), S(-249, -79), S(-42, 124), S(-71, 337), S(-42, 243), S(-45, 231), S(-40, 232), S(-40, 253),
        S(-38, 274), S(-30, 277), S(-25, 273), S(-28, 291), S(-28, 293), S(-23, 277), S(-5, 279), S(-19, 309),
        S(-12, 233), S(-12, 245), S(-5, 255), S(36, 165), S(57, 136), S(204, -41), S(218, -32), S(720, -527),
        S(404, -300), S(709, -780), S(46, -428), S(435, -949),
    },
    .isolatedPawn = S(-1, -16),
    .doubledPawn = S(0, -15),
    .backwardPawn = S(0, -18),
    .connectedPawn = {
        S(0, 0), S(1, -1), S(9, -4), S(18, 0), S(22, 23), S(27, 70), S(195, 73), S(0, 0),
    },
    .passedPawn = {
        S(0, 0), S(-46, 26), S(46, -1), S(10, 21), S(-16, 77), S(77, 53), S(273, 62), S(0, 0),
    },
    .passedFreePath = S(12, 20),
    .passedSafePath = S(3, 30),
    .passedOwnKingDistance = {
        S(0, 0), S(-8, 1), S(-3, -6), S(12, -13), S(9, -21), S(0, -16), S(-25, -16), S(0, 0),
    },
    .passedEnemyKingDistance = {
        S(0, 0), S(16, -4), S(-7, 7), S(-17, 15), S(-10, 22), S(-10, 35), S(-21, 46), S(0, 0),
    },
    .passedRookBehind = S(-13, 39),
    .candidatePasser = {
        S(0, 0), S(8, -11), S(7, 3), S(-8, 10), S(7, 14), S(46, -6), S(0, 0), S(0, 0),
    },
    .kingShelter = {
        {  // a/h
            S(-2, -11), S(20, -23), S(1, -7), S(-16, 41), S(15, -3), S(83, 24), S(-276, 83), S(5, 3),
        },
        {  // b/g
            S(16, 6), S(18, -9), S(8, -12), S(-19, -13), S(-17, -9), S(14, -12), S(-312, 149), S(-7, 7),
        },
        {  // c/f
            S(15, 8), S(22, -12), S(-5, 6), S(5, -14), S(-4, -24), S(-67, -22), S(-346, 147), S(-20, 11),
        },
        {  // d/e
            S(33, 25), S(1, 10), S(-7, 2), S(-6, -6), S(3, -22), S(5, -17), S(-34, -24), S(-21, 10),
        },
    },
    .kingStorm = {
        {  // a/h
            S(-7, 41), S(65, 22), S(-21, 24), S(-2, -7), S(3, -4), S(-8, -4), S(17, -28), S(3, -14),
        },
        {  // b/g
            S(40, 21), S(99, -16), S(-41, 7), S(9, -7), S(13, 2), S(-8, 12), S(7, -4), S(-25, -6),
        },
        {  // c/f
            S(37, 23), S(42, -2), S(-31, 12), S(-14, 6), S(8, -4), S(-1, -2), S(-4, -18), S(-7, 3),
        },
        {  // d/e
            S(-45, 67), S(21, 8), S(-10, -20), S(-1, -9), S(-12, 2), S(-9, -4), S(10, -15), S(-10, 0),
        },
    },
    .kingOpenFile = S(-13, -10),
    .threatByPawn = {
        S(0, 0), S(67, 28), S(65, 88), S(96, 8), S(45, 6), S(0, 0),
    },
    .threatByMinor = {
        S(-1, 26), S(16, 30), S(38, 19), S(67, 7), S(35, 33), S(0, 0),
    },
    .threatByRook = {
        S(-4, 19), S(-1, 25), S(10, 17), S(0, 0), S(64, 10), S(0, 0),
    },
    .hangingPiece = S(15, 13),
    .pawnPushThreat = S(13, 17),
    .bishopPair = S(18, 99),
    .bishopPawnsSameColour = S(1, -2),
    .rookOpenFile = S(39, -3),
    .rookSemiOpenFile = S(3, 7),
    .knightOutpost = S(12, 23),
    .bishopOutpost = S(35, 2),
    .minorBehindPawn = S(2, 27),
    .kingAttacker = {
        S(0, 0), S(53, 54), S(36, 381), S(73, 310), S(91, -51), S(0, 0),
    },
    .kingZoneAttack = S(18, -5),
    .weakKingSquare = S(23, 20),
    .safeCheck = {
        S(0, 0), S(136, 110), S(71, 346), S(45, 434), S(72, 115), S(0, 0),
    },
    .noEnemyQueen = S(-586, -737),
    .dangerOffset = S(-90, 55),
    .tempo = S(16, 6),
};
// clang-format on
// END WEIGHTS

}  // namespace vireo
