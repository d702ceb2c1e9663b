// Every weight of the evaluation, in one place. A weight is a pair S(middlegame, endgame) in
// centipawns; the evaluation blends the two by the game phase. Tables are from white's point of
// view (a1 first, rank by rank) and mirrored for black.
//
// The evaluation is a sum of weights times counts (how many times each weight applies in the
// position), which is what lets eval/tuner fit them to game results. One group is not summed
// straight into the score: the king-danger weights add up to a danger count per side, turned into a
// score by the curve king_danger_score() (the tuner follows the curve's gradient). The integers of
// namespace `weights` (phase, the curve's divisors, the scale factors) shape the terms and are not
// tuned. A third group, complexity, is summed apart too: it moves the endgame score towards or away
// from zero but never past it (see Weights).
//
// The values, between the BEGIN and END lines at the bottom, are written by the tuner
// (`vireo-tune --write eval/weights.h`); the rest of the file by hand.
#pragma once

#include <array>
#include <bit>

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
inline constexpr int SCALE_OCB_KNIGHTS = 106;       // opposite bishops, and a knight each
inline constexpr int SCALE_OCB_ROOKS = 96;          // opposite bishops, and a rook each
inline constexpr int SCALE_LONE_QUEEN = 88;         // a queen alone against two or more rooks and minors
inline constexpr int SCALE_LARGE_PAWN_EDGE = 144;   // no queens, a piece at most each, three pawns or more up
// Otherwise the fewer pawns the stronger side has, the harder the win: SCALE_PAWN_BASE +
// SCALE_PER_PAWN per pawn, at most SCALE_NORMAL (Ethereal 12.75's rule).
inline constexpr int SCALE_PAWN_BASE = 96;
inline constexpr int SCALE_PER_PAWN = 8;

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
    S restrictedSquare;              // a square both sides attack that the enemy does not hold strongly
    S knightOnQueen;                 // a safe square from which a knight of ours would attack the lone enemy queen
    S sliderOnQueen;                 // ... a bishop or rook of ours, the square attacked twice by us

    // Pieces.
    S bishopPair;
    S bishopPawnsSameColour;  // per own pawn on the bishop's square colour
    S rookOpenFile;
    S rookSemiOpenFile;
    S knightOutpost;  // on ranks 4-6, defended by a pawn, no enemy pawn can chase it away
    S bishopOutpost;
    S minorBehindPawn;        // a knight or bishop right behind a pawn
    S knightFarFromKings[4];  // a knight 4, 5, 6, 7 squares from the nearer king
    S bishopKingDistance;     // times a bishop's distance to its own king
    S bishopLongDiagonal;     // a bishop that sees two centre squares through the pawns
    S rookOnSeventh;          // on the 7th rank, the enemy king on the 8th or enemy pawns on the 7th
    S space;                  // safe squares behind and in the centre, times the piece count squared / 16

    // King danger, counted by the attacking side (see king_danger_score): the attackers and what
    // they do around the enemy king; counted only when at least two pieces attack the king zone, or
    // one with the queen off the board. These six are the king-danger group: they are listed by
    // for_each_danger_table below, and a weight declared among them that is not listed there does
    // not compile.
    S kingAttacker[PIECE_TYPE_NB];  // per attacking piece of this type
    S kingZoneAttack;               // per attack on a square of the king zone
    S weakKingSquare;               // per zone square we attack that only the king (or queen) defends
    S safeCheck[PIECE_TYPE_NB];     // per square from which a piece of this type checks safely
    S unsafeCheck;                  // per square from which a piece would check, attacked by the defender
    S kingBlocker;                  // per piece (either side's) alone between the king and an attacking slider
    S knightDefender;               // the defender has a knight next to its king
    S kingZonePawn;                 // per defending pawn in the king zone that is not weak
    S flankAttack;                  // per square of the king's flank and camp we attack (twice: counted twice)
    S flankDefense;                 // per square of the king's flank and camp the defender attacks
    S noEnemyQueen;                 // the defender has no queen
    S dangerOffset;                 // once per counted attack

    // Complexity (Stockfish's initiative, Ethereal's complexity), of the whole position: only the
    // endgame parts count. Their sum c moves the endgame score e towards or away from zero, never
    // past it: e + sign(e) * max(c, -|e|). Listed by for_each_complexity_table, declared together.
    S complexityPassers;       // per passed pawn (both sides)
    S complexityPawns;         // per pawn
    S complexityOutflanking;   // times the kings' file distance minus their rank distance
    S complexityInfiltration;  // a king in the enemy half
    S complexityBothFlanks;    // pawns on both wings
    S complexityPawnEndgame;   // no piece but kings and pawns
    S complexityUnwinnable;    // no passed pawn, pawns on one wing, the kings facing each other
    S complexityOffset;        // always

    // Side to move.
    S tempo;
};

// The number of pairs in Weights: the evaluation and the tuner number them in declaration order.
inline constexpr int WEIGHT_COUNT = int(sizeof(Weights) / sizeof(S));
static_assert(sizeof(Weights) == WEIGHT_COUNT * sizeof(S), "Weights holds pairs only");

// Row names of the two-dimensional tables.
inline constexpr const char* PIECE_ROWS[] = {"pawn", "knight", "bishop", "rook", "queen", "king"};
inline constexpr const char* FILE_ROWS[] = {"a/h", "b/g", "c/f", "d/e"};

// The tables of the king-danger group (summed through the curve king_danger_score, not straight
// into the score), called as for_each_table calls them; for_each_table lists them in their place.
template <class W, class F>
constexpr void for_each_danger_table(W& w, F&& f) {
    f("kingAttacker", &w.kingAttacker[0], PIECE_TYPE_NB, 0, nullptr);
    f("kingZoneAttack", &w.kingZoneAttack, 1, 0, nullptr);
    f("weakKingSquare", &w.weakKingSquare, 1, 0, nullptr);
    f("safeCheck", &w.safeCheck[0], PIECE_TYPE_NB, 0, nullptr);
    f("unsafeCheck", &w.unsafeCheck, 1, 0, nullptr);
    f("kingBlocker", &w.kingBlocker, 1, 0, nullptr);
    f("knightDefender", &w.knightDefender, 1, 0, nullptr);
    f("kingZonePawn", &w.kingZonePawn, 1, 0, nullptr);
    f("flankAttack", &w.flankAttack, 1, 0, nullptr);
    f("flankDefense", &w.flankDefense, 1, 0, nullptr);
    f("noEnemyQueen", &w.noEnemyQueen, 1, 0, nullptr);
    f("dangerOffset", &w.dangerOffset, 1, 0, nullptr);
}

// The tables of the complexity group (their endgame parts summed into c, see Weights), likewise.
template <class W, class F>
constexpr void for_each_complexity_table(W& w, F&& f) {
    f("complexityPassers", &w.complexityPassers, 1, 0, nullptr);
    f("complexityPawns", &w.complexityPawns, 1, 0, nullptr);
    f("complexityOutflanking", &w.complexityOutflanking, 1, 0, nullptr);
    f("complexityInfiltration", &w.complexityInfiltration, 1, 0, nullptr);
    f("complexityBothFlanks", &w.complexityBothFlanks, 1, 0, nullptr);
    f("complexityPawnEndgame", &w.complexityPawnEndgame, 1, 0, nullptr);
    f("complexityUnwinnable", &w.complexityUnwinnable, 1, 0, nullptr);
    f("complexityOffset", &w.complexityOffset, 1, 0, nullptr);
}

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
    f("restrictedSquare", &w.restrictedSquare, 1, 0, nullptr);
    f("knightOnQueen", &w.knightOnQueen, 1, 0, nullptr);
    f("sliderOnQueen", &w.sliderOnQueen, 1, 0, nullptr);
    f("bishopPair", &w.bishopPair, 1, 0, nullptr);
    f("bishopPawnsSameColour", &w.bishopPawnsSameColour, 1, 0, nullptr);
    f("rookOpenFile", &w.rookOpenFile, 1, 0, nullptr);
    f("rookSemiOpenFile", &w.rookSemiOpenFile, 1, 0, nullptr);
    f("knightOutpost", &w.knightOutpost, 1, 0, nullptr);
    f("bishopOutpost", &w.bishopOutpost, 1, 0, nullptr);
    f("minorBehindPawn", &w.minorBehindPawn, 1, 0, nullptr);
    f("knightFarFromKings", &w.knightFarFromKings[0], 4, 0, nullptr);
    f("bishopKingDistance", &w.bishopKingDistance, 1, 0, nullptr);
    f("bishopLongDiagonal", &w.bishopLongDiagonal, 1, 0, nullptr);
    f("rookOnSeventh", &w.rookOnSeventh, 1, 0, nullptr);
    f("space", &w.space, 1, 0, nullptr);
    for_each_danger_table(w, f);
    for_each_complexity_table(w, f);
    f("tempo", &w.tempo, 1, 0, nullptr);
}

namespace detail {

// The tables a visitor lists, marked on a zeroed Weights seen as its WEIGHT_COUNT pairs: the first
// pair of each becomes S(its place in the visit: 1, 2, ...; its number of pairs). Only first pairs
// are written: a constant expression cannot step from one row of a two-dimensional table to the next.
template <class Visit>
constexpr std::array<S, WEIGHT_COUNT> table_starts(Visit visit) {
    Weights w{};
    int n = 0;
    visit(w, [&n](const char*, S* first, int count, int, const char* const*) { first[0] = S(++n, count); });
    return std::bit_cast<std::array<S, WEIGHT_COUNT>>(w);
}
inline constexpr auto TABLES = table_starts([](Weights& w, auto&& f) { for_each_table(w, f); });
inline constexpr auto DANGER_TABLES = table_starts([](Weights& w, auto&& f) { for_each_danger_table(w, f); });
inline constexpr auto COMPLEXITY_TABLES = table_starts([](Weights& w, auto&& f) { for_each_complexity_table(w, f); });

// Where the tables of `starts`, in the order listed, lie one after the other from pair `from` on:
// the pair after the last, or -1 when they do not (a gap, an overlap, another order, a table twice).
constexpr int tiled_end(const std::array<S, WEIGHT_COUNT>& starts, int from) {
    int tables = 0;
    for (const S& s : starts) tables += s.mg != 0;
    int at = from;
    for (int t = 1; t <= tables; ++t) {
        if (at >= WEIGHT_COUNT || starts[at].mg != t || starts[at].eg < 1) return -1;
        const int end = at + starts[at].eg;
        for (int i = at + 1; i < end; ++i)
            if (i >= WEIGHT_COUNT || starts[i] != S()) return -1;
        at = end;
    }
    return at;
}
constexpr int first_table(const std::array<S, WEIGHT_COUNT>& starts) {
    int i = 0;
    while (i < WEIGHT_COUNT && starts[i].mg == 0) ++i;
    return i;
}

}  // namespace detail

// for_each_table lists every pair once, in declaration order: the tuner's numbering (tuner::parameters)
// is the evaluation's (the pair's place in Weights).
static_assert(detail::tiled_end(detail::TABLES, 0) == WEIGHT_COUNT,
              "for_each_table must list every table of Weights once, in declaration order, with its size");

// The first and one-past-last number of the king-danger weights: the tables of for_each_danger_table,
// which must be declared one after the other in its order (so a weight declared among them but not
// listed there does not compile).
inline constexpr int DANGER_FIRST = detail::first_table(detail::DANGER_TABLES);
inline constexpr int DANGER_END = detail::tiled_end(detail::DANGER_TABLES, DANGER_FIRST);
static_assert(DANGER_FIRST < DANGER_END,
              "the king-danger weights (for_each_danger_table) must be declared together, in the order listed");
// Likewise the complexity weights (for_each_complexity_table).
inline constexpr int COMPLEXITY_FIRST = detail::first_table(detail::COMPLEXITY_TABLES);
inline constexpr int COMPLEXITY_END = detail::tiled_end(detail::COMPLEXITY_TABLES, COMPLEXITY_FIRST);
static_assert(COMPLEXITY_FIRST < COMPLEXITY_END && (COMPLEXITY_FIRST >= DANGER_END || COMPLEXITY_END <= DANGER_FIRST),
              "the complexity weights (for_each_complexity_table) must be declared together, in the order listed");

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
            S(-31, 30), S(-19, 23), S(-25, 15), S(-18, 19), S(-15, 25), S(-15, 21), S(-1, 17), S(-34, 26),
            S(-36, 26), S(-33, 11), S(-23, 9), S(-26, 16), S(-16, 5), S(-22, 4), S(-22, 14), S(-41, 16),
            S(-40, 29), S(-44, 19), S(-29, -4), S(-27, -10), S(-24, -2), S(-28, 5), S(-33, 15), S(-44, 19),
            S(-32, 24), S(-32, 23), S(-37, 4), S(-27, -12), S(-35, -5), S(-23, 12), S(-19, 15), S(-27, 13),
            S(-1, 16), S(-12, 29), S(-35, 31), S(-35, 6), S(-15, 3), S(-18, 31), S(5, 26), S(-13, 28),
            S(78, -36), S(44, -8), S(-2, 17), S(-5, 24), S(-16, 35), S(5, 30), S(-73, 61), S(36, -12),
            S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
        },
        {  // knight
            S(-40, 50), S(-28, 28), S(-43, 43), S(-8, 42), S(-3, 25), S(-22, 36), S(-34, 36), S(-1, -28),
            S(-31, -2), S(-41, 48), S(-15, 31), S(-14, 53), S(-7, 46), S(-8, 42), S(12, 29), S(-14, 30),
            S(-16, 31), S(-9, 41), S(-5, 54), S(-2, 64), S(4, 71), S(-3, 51), S(8, 32), S(-9, 37),
            S(14, 31), S(2, 44), S(20, 61), S(13, 68), S(21, 70), S(32, 63), S(33, 50), S(4, 50),
            S(11, 41), S(9, 62), S(11, 67), S(23, 77), S(25, 67), S(27, 68), S(7, 47), S(47, 35),
            S(11, 10), S(2, 43), S(-1, 69), S(8, 69), S(4, 64), S(8, 45), S(-5, 35), S(-21, 50),
            S(-34, 46), S(-29, 54), S(20, 39), S(12, 45), S(-3, 34), S(-30, 54), S(-28, 25), S(-37, 41),
            S(-131, 47), S(-156, 82), S(-104, 74), S(-107, 46), S(-9, 25), S(-201, 74), S(-35, 17), S(-104, -48),
        },
        {  // bishop
            S(18, 5), S(-9, 18), S(-2, 24), S(-10, 21), S(-6, 35), S(-16, 27), S(36, 19), S(10, 7),
            S(25, 1), S(12, 1), S(11, 15), S(-1, 26), S(-2, 32), S(-3, 28), S(16, 1), S(-8, 17),
            S(17, 30), S(2, 39), S(8, 43), S(9, 29), S(8, 38), S(4, 13), S(17, 18), S(2, 18),
            S(-15, 28), S(12, 47), S(12, 41), S(21, 50), S(24, 45), S(12, 45), S(-12, 34), S(-6, 14),
            S(-18, 35), S(6, 46), S(18, 38), S(18, 46), S(1, 56), S(21, 37), S(18, 37), S(10, 8),
            S(-7, 34), S(-12, 32), S(-18, 37), S(-3, 47), S(8, 33), S(3, 51), S(0, 32), S(0, 21),
            S(-25, 51), S(-17, 24), S(8, 33), S(-20, 28), S(-41, 50), S(-35, 27), S(-30, 34), S(-20, 2),
            S(-23, 23), S(-65, 73), S(-105, 49), S(-81, 55), S(-101, 38), S(-117, 43), S(-75, 48), S(-27, 13),
        },
        {  // rook
            S(-37, 30), S(-25, 28), S(-27, 38), S(-11, 23), S(-10, 14), S(-21, 26), S(-27, 14), S(-18, 4),
            S(-47, 38), S(-26, 21), S(-44, 42), S(-28, 38), S(-28, 30), S(-15, 23), S(-18, 20), S(-46, 5),
            S(-52, 46), S(-43, 44), S(-29, 44), S(-46, 51), S(-40, 49), S(-46, 53), S(6, 16), S(-23, 16),
            S(-45, 61), S(-17, 47), S(-42, 59), S(-29, 50), S(-24, 47), S(-19, 48), S(-21, 55), S(-28, 48),
            S(-29, 72), S(-46, 74), S(-27, 58), S(-29, 61), S(-18, 52), S(0, 60), S(-14, 64), S(-24, 52),
            S(-12, 73), S(1, 62), S(-18, 65), S(28, 41), S(41, 34), S(17, 42), S(-2, 65), S(0, 65),
            S(-28, 76), S(-16, 67), S(-7, 58), S(11, 52), S(-28, 63), S(14, 49), S(-4, 62), S(27, 46),
            S(-23, 83), S(-16, 68), S(-5, 73), S(19, 58), S(-17, 67), S(-8, 63), S(52, 55), S(-9, 73),
        },
        {  // queen
            S(-37, 33), S(-14, -10), S(-25, 32), S(-21, 6), S(-21, -8), S(-20, -59), S(6, -48), S(1, -29),
            S(-4, -39), S(-35, 65), S(-19, 26), S(-14, 42), S(-13, 24), S(-5, 5), S(-1, -28), S(-14, -31),
            S(-15, 9), S(-26, 67), S(-34, 129), S(-23, 79), S(-15, 74), S(-19, 90), S(6, 31), S(-22, 39),
            S(-29, 77), S(-41, 138), S(-32, 129), S(-27, 160), S(-14, 132), S(-18, 138), S(-13, 87), S(-34, 105),
            S(-24, 72), S(-14, 89), S(-2, 110), S(-34, 169), S(-35, 206), S(8, 111), S(-8, 107), S(-12, 91),
            S(-12, 63), S(-13, 78), S(-27, 166), S(-12, 154), S(-11, 177), S(15, 167), S(-18, 135), S(-3, 88),
            S(-40, 102), S(-37, 117), S(-4, 118), S(-7, 151), S(0, 157), S(28, 137), S(48, 43), S(3, 74),
            S(-67, 106), S(57, 13), S(11, 71), S(74, 47), S(19, 61), S(157, -9), S(-1, 42), S(15, 57),
        },
        {  // king
            S(1, 12), S(2, 9), S(3, -24), S(-9, -25), S(4, -29), S(-17, -14), S(12, 8), S(36, -20),
            S(-16, 9), S(-35, 28), S(-37, 1), S(-40, 11), S(-30, 11), S(-34, 12), S(-17, 29), S(-8, 17),
            S(-33, 11), S(-29, 27), S(-41, 12), S(-72, 19), S(-45, 14), S(-54, 16), S(-51, 44), S(-55, 30),
            S(-31, 2), S(-73, 48), S(-79, 23), S(-41, 11), S(-97, 32), S(-49, 15), S(-60, 53), S(-152, 45),
            S(-16, 30), S(-33, 44), S(-21, 15), S(-27, 17), S(-93, 36), S(-4, 27), S(-30, 65), S(4, 26),
            S(98, 2), S(78, 44), S(-3, 13), S(-50, 28), S(-81, 42), S(-31, 39), S(-24, 81), S(-106, 61),
            S(171, -8), S(62, 80), S(51, 25), S(5, 28), S(-28, 35), S(-70, 86), S(2, 95), S(90, -8),
            S(4, 10), S(27, 160), S(25, 63), S(-10, 95), S(109, 83), S(-41, 88), S(-17, 129), S(174, -113),
        },
    },
    .knightMobility = {
        S(-78, -71), S(-57, -2), S(-43, 36), S(-38, 50), S(-29, 52), S(-27, 62), S(-17, 58), S(-13, 52),
        S(-9, 38),
    },
    .bishopMobility = {
        S(-68, -15), S(-52, 22), S(-40, 44), S(-32, 57), S(-25, 67), S(-21, 71), S(-19, 77), S(-19, 79),
        S(-17, 79), S(-19, 77), S(-4, 66), S(20, 54), S(9, 55), S(11, 49),
    },
    .rookMobility = {
        S(-150, 33), S(-89, 69), S(-76, 99), S(-71, 105), S(-67, 111), S(-67, 117), S(-63, 122), S(-59, 123),
        S(-55, 127), S(-53, 131), S(-53, 136), S(-49, 139), S(-45, 139), S(-52, 144), S(11, 103),
    },
    .queenMobility = {
        S(-142, -147), S(-79, -139), S(-105, 203), S(-96, 278), S(-96, 281), S(-91, 275), S(-87, 287), S(-82, 289),
        S(-80, 299), S(-78, 306), S(-78, 331), S(-76, 331), S(-76, 351), S(-74, 356), S(-70, 352), S(-66, 356),
        S(-71, 348), S(-63, 339), S(-52, 324), S(-34, 288), S(-4, 260), S(208, -31), S(73, 124), S(501, -289),
        S(442, -244), S(845, -627), S(393, -247), S(955, -871),
    },
    .isolatedPawn = S(-2, -10),
    .doubledPawn = S(-2, -24),
    .backwardPawn = S(0, -11),
    .connectedPawn = {
        S(0, 0), S(2, -5), S(8, 5), S(11, 12), S(21, 27), S(65, 66), S(90, 127), S(0, 0),
    },
    .passedPawn = {
        S(0, 0), S(41, 23), S(-18, 44), S(-41, 71), S(17, 80), S(86, 79), S(288, 82), S(0, 0),
    },
    .passedFreePath = S(13, 9),
    .passedSafePath = S(-28, 48),
    .passedOwnKingDistance = {
        S(0, 0), S(-9, -2), S(4, -8), S(11, -19), S(7, -22), S(-7, -19), S(-37, -15), S(0, 0),
    },
    .passedEnemyKingDistance = {
        S(0, 0), S(-5, -2), S(-1, -2), S(-3, 9), S(-13, 25), S(-9, 41), S(-13, 61), S(0, 0),
    },
    .passedRookBehind = S(14, 23),
    .candidatePasser = {
        S(0, 0), S(3, -6), S(2, 0), S(4, 13), S(5, 19), S(2, 65), S(0, 0), S(0, 0),
    },
    .kingShelter = {
        {  // a/h
            S(9, -21), S(19, -20), S(9, -13), S(2, -5), S(-26, 14), S(12, 1), S(71, -4), S(-15, -4),
        },
        {  // b/g
            S(18, 14), S(20, -1), S(6, -3), S(-15, -15), S(-34, 11), S(-41, 46), S(67, -57), S(-22, 15),
        },
        {  // c/f
            S(12, 13), S(9, 3), S(-14, 0), S(-22, -7), S(-33, -24), S(-33, 5), S(-33, 47), S(-29, 8),
        },
        {  // d/e
            S(16, 23), S(10, 13), S(-6, 5), S(-9, 2), S(-13, -16), S(-28, 4), S(-32, 36), S(-17, 9),
        },
    },
    .kingStorm = {
        {  // a/h
            S(-73, 48), S(123, 0), S(-24, -7), S(-12, -5), S(8, -15), S(5, -18), S(14, -16), S(-1, -26),
        },
        {  // b/g
            S(35, 38), S(56, 23), S(-6, -1), S(5, 2), S(5, 1), S(3, 3), S(9, -1), S(-14, -3),
        },
        {  // c/f
            S(-15, 50), S(7, 37), S(-23, 2), S(-8, -3), S(0, -6), S(4, -12), S(6, -9), S(-5, -6),
        },
        {  // d/e
            S(-37, 39), S(-1, 32), S(-34, -3), S(-9, -6), S(-3, -2), S(-2, 5), S(4, -7), S(-17, 1),
        },
    },
    .kingOpenFile = S(-14, -8),
    .threatByPawn = {
        S(0, 0), S(78, 33), S(72, 80), S(86, 37), S(59, 10), S(0, 0),
    },
    .threatByMinor = {
        S(0, 19), S(23, 26), S(37, 29), S(61, 34), S(55, 37), S(0, 0),
    },
    .threatByRook = {
        S(-4, 17), S(17, 19), S(23, 12), S(0, 0), S(59, 26), S(0, 0),
    },
    .hangingPiece = S(25, 15),
    .pawnPushThreat = S(16, 18),
    .restrictedSquare = S(5, 2),
    .knightOnQueen = S(9, -1),
    .sliderOnQueen = S(16, 5),
    .bishopPair = S(12, 72),
    .bishopPawnsSameColour = S(-4, 0),
    .rookOpenFile = S(41, -4),
    .rookSemiOpenFile = S(16, 11),
    .knightOutpost = S(17, 16),
    .bishopOutpost = S(30, 9),
    .minorBehindPawn = S(5, 20),
    .knightFarFromKings = {
        S(-10, 1), S(-8, -8), S(-7, -16), S(-13, -42),
    },
    .bishopKingDistance = S(-2, -2),
    .bishopLongDiagonal = S(9, 10),
    .rookOnSeventh = S(6, 14),
    .space = S(0, 0),
    .kingAttacker = {
        S(0, 0), S(11, 341), S(14, 399), S(-8, 324), S(5, 278), S(0, 0),
    },
    .kingZoneAttack = S(20, -60),
    .weakKingSquare = S(19, -130),
    .safeCheck = {
        S(0, 0), S(106, 348), S(67, 627), S(83, 732), S(71, 121), S(0, 0),
    },
    .unsafeCheck = S(20, 79),
    .kingBlocker = S(49, 508),
    .knightDefender = S(-11, -30),
    .kingZonePawn = S(-7, -128),
    .flankAttack = S(8, 62),
    .flankDefense = S(-10, 17),
    .noEnemyQueen = S(-854, -300),
    .dangerOffset = S(83, -953),
    .complexityPassers = S(0, 6),
    .complexityPawns = S(0, 4),
    .complexityOutflanking = S(0, 2),
    .complexityInfiltration = S(0, -17),
    .complexityBothFlanks = S(0, 33),
    .complexityPawnEndgame = S(0, 67),
    .complexityUnwinnable = S(0, -14),
    .complexityOffset = S(0, -50),
    .tempo = S(25, 10),
};
// clang-format on
// END WEIGHTS

}  // namespace vireo
