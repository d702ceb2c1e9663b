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
            S(-20, 23), S(-9, 13), S(-16, 5), S(-10, 14), S(-11, 9), S(-10, 20), S(6, 10), S(-31, 15),
            S(-21, 15), S(-23, 13), S(-16, 5), S(-20, 6), S(-13, 3), S(-18, 8), S(-12, 8), S(-41, 11),
            S(-28, 17), S(-32, 11), S(-18, -3), S(-16, -12), S(-18, -3), S(-21, 7), S(-30, 13), S(-41, 12),
            S(-21, 25), S(-21, 16), S(-24, 5), S(-13, -13), S(-16, -3), S(-19, 9), S(-19, 11), S(-20, 11),
            S(-31, 34), S(-22, 28), S(-33, 27), S(-17, 10), S(-12, 17), S(-21, 39), S(-21, 31), S(-6, 29),
            S(52, -6), S(1, 24), S(-51, 42), S(-1, 30), S(-24, 48), S(-94, 57), S(-19, 26), S(38, 1),
            S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
        },
        {  // knight
            S(-27, 24), S(-13, 24), S(-5, 21), S(19, 22), S(14, 34), S(-3, 9), S(-6, 21), S(28, -20),
            S(-16, -14), S(-8, 24), S(-9, 30), S(0, 45), S(8, 41), S(16, 29), S(15, 27), S(7, 17),
            S(-3, 10), S(-1, 28), S(0, 58), S(15, 43), S(26, 51), S(7, 48), S(20, 32), S(6, 17),
            S(18, 37), S(28, 24), S(27, 46), S(22, 64), S(39, 50), S(45, 38), S(55, 37), S(19, 30),
            S(18, 31), S(21, 40), S(17, 57), S(40, 65), S(31, 50), S(41, 48), S(25, 32), S(53, 18),
            S(-1, 28), S(8, 37), S(10, 59), S(13, 60), S(18, 59), S(55, 28), S(10, 36), S(17, 15),
            S(-35, 30), S(-24, 48), S(18, 40), S(-4, 54), S(64, -58), S(-12, 44), S(-56, 45), S(-20, 24),
            S(-125, -3), S(-156, 51), S(-34, 2), S(-65, 34), S(15, 30), S(-148, 36), S(-43, -28), S(-107, -38),
        },
        {  // bishop
            S(10, 8), S(3, 13), S(6, 20), S(9, 4), S(7, 1), S(-3, 14), S(3, -15), S(34, -51),
            S(20, -10), S(22, 1), S(14, -2), S(16, 12), S(14, 9), S(33, -20), S(29, -1), S(12, 7),
            S(22, 0), S(28, 15), S(27, 15), S(15, 13), S(21, 25), S(25, 8), S(24, 5), S(13, -7),
            S(-1, 8), S(30, 7), S(17, 22), S(27, 28), S(26, 19), S(22, 20), S(10, 15), S(3, 13),
            S(30, -2), S(5, 29), S(24, 22), S(21, 26), S(17, 28), S(21, 22), S(15, 21), S(0, 12),
            S(-5, 2), S(2, 19), S(-6, 30), S(14, 24), S(7, 24), S(7, 36), S(30, 13), S(8, 12),
            S(-33, 22), S(-21, 22), S(-7, 33), S(-58, 31), S(-20, 20), S(-37, 36), S(-50, 35), S(-45, -4),
            S(-45, 39), S(-86, 38), S(-115, 46), S(-85, 43), S(-63, 28), S(-161, 59), S(-8, -2), S(-41, 31),
        },
        {  // rook
            S(-17, 12), S(-7, 6), S(-5, 11), S(5, 0), S(13, -6), S(3, -2), S(-7, -1), S(1, -7),
            S(-24, 10), S(-6, 2), S(-13, 15), S(-4, 1), S(-9, -3), S(-5, -6), S(7, -19), S(-22, -13),
            S(-20, 14), S(-14, 14), S(-28, 25), S(-22, 15), S(1, 3), S(-7, 5), S(17, 3), S(-4, 0),
            S(-15, 16), S(-9, 21), S(-7, 22), S(-7, 20), S(-10, 11), S(9, 5), S(30, -5), S(1, 3),
            S(-6, 27), S(14, 24), S(-2, 25), S(9, 18), S(21, 1), S(24, 4), S(17, 12), S(18, 13),
            S(8, 26), S(29, 20), S(36, 15), S(34, 11), S(65, -3), S(53, -6), S(74, -4), S(34, 18),
            S(-4, 45), S(-5, 49), S(18, 38), S(59, 20), S(48, 20), S(46, 12), S(38, 18), S(50, 20),
            S(19, 45), S(7, 49), S(9, 46), S(23, 35), S(31, 26), S(23, 19), S(48, 13), S(36, 31),
        },
        {  // queen
            S(27, -79), S(41, -68), S(40, -76), S(42, -54), S(43, -43), S(44, -119), S(63, -179), S(99, -176),
            S(37, -54), S(39, -40), S(43, -41), S(40, -21), S(45, -33), S(55, -62), S(60, -86), S(66, -139),
            S(26, 4), S(35, -14), S(29, 49), S(27, 33), S(30, 41), S(29, 42), S(47, -13), S(38, -45),
            S(21, -4), S(18, 48), S(23, 65), S(25, 106), S(20, 118), S(26, 88), S(39, 42), S(38, 0),
            S(27, 3), S(21, 42), S(6, 97), S(10, 138), S(14, 153), S(41, 89), S(31, 66), S(49, 19),
            S(28, 1), S(28, 36), S(14, 107), S(14, 117), S(24, 128), S(56, 112), S(76, 46), S(46, 34),
            S(5, 49), S(7, 45), S(3, 121), S(-10, 131), S(18, 122), S(47, 88), S(51, 32), S(61, 32),
            S(13, 25), S(51, -3), S(106, -18), S(52, 50), S(86, 13), S(140, -28), S(130, -44), S(58, 10),
        },
        {  // king
            S(-43, 57), S(-29, 54), S(-26, 18), S(-37, 11), S(-13, 3), S(-41, 21), S(-12, 58), S(8, 23),
            S(-34, 62), S(-55, 73), S(-32, 26), S(-38, 30), S(-34, 34), S(-35, 38), S(-23, 65), S(-24, 53),
            S(-105, 81), S(-65, 75), S(-60, 43), S(-38, 38), S(-49, 39), S(-50, 46), S(-24, 71), S(-62, 61),
            S(-159, 83), S(-24, 73), S(-61, 52), S(-54, 41), S(-47, 46), S(-41, 44), S(-20, 67), S(-93, 68),
            S(-143, 96), S(-48, 88), S(-35, 54), S(-27, 46), S(-37, 51), S(0, 44), S(-25, 77), S(-82, 68),
            S(-6, 68), S(-4, 87), S(-51, 62), S(-31, 57), S(-24, 52), S(25, 43), S(39, 67), S(-22, 44),
            S(101, 8), S(115, 20), S(118, -7), S(-4, 42), S(15, 42), S(76, 10), S(132, -22), S(192, -55),
            S(25, -157), S(320, -243), S(203, -62), S(64, 9), S(151, -178), S(343, -147), S(349, -160), S(367, -241),
        },
    },
    .knightMobility = {
        S(-72, -47), S(-45, -15), S(-33, 7), S(-26, 19), S(-11, 20), S(-3, 27), S(6, 22), S(15, 19),
        S(24, 1),
    },
    .bishopMobility = {
        S(-54, -48), S(-33, -10), S(-19, -1), S(-14, 18), S(-6, 27), S(-3, 35), S(1, 39), S(4, 42),
        S(6, 43), S(9, 41), S(11, 36), S(17, 32), S(14, 31), S(-4, 19),
    },
    .rookMobility = {
        S(-101, -27), S(-50, 24), S(-32, 41), S(-29, 53), S(-25, 60), S(-22, 66), S(-18, 73), S(-16, 77),
        S(-12, 80), S(-6, 81), S(-3, 82), S(5, 83), S(13, 79), S(14, 81), S(139, 2),
    },
    .queenMobility = {
        S(-179, -159), S(-125, -89), S(-51, 64), S(-33, 109), S(-27, 110), S(-31, 164), S(-27, 175), S(-25, 187),
        S(-24, 218), S(-21, 224), S(-19, 225), S(-13, 224), S(-12, 237), S(-9, 231), S(-7, 234), S(-7, 234),
        S(6, 212), S(5, 212), S(9, 193), S(18, 176), S(47, 135), S(312, -162), S(155, 7), S(797, -562),
        S(327, -158), S(750, -550), S(382, -243), S(801, -775),
    },
    .isolatedPawn = S(-2, -13),
    .doubledPawn = S(-6, -15),
    .backwardPawn = S(1, -16),
    .connectedPawn = {
        S(0, 0), S(2, -4), S(8, 1), S(13, 4), S(22, 25), S(56, 64), S(125, 112), S(0, 0),
    },
    .passedPawn = {
        S(0, 0), S(45, 19), S(27, 16), S(-4, 51), S(9, 79), S(57, 81), S(180, 113), S(0, 0),
    },
    .passedFreePath = S(13, 8),
    .passedSafePath = S(-49, 49),
    .passedOwnKingDistance = {
        S(0, 0), S(-5, -1), S(-1, -2), S(8, -12), S(8, -19), S(-1, -18), S(-15, -19), S(0, 0),
    },
    .passedEnemyKingDistance = {
        S(0, 0), S(-7, -2), S(-6, 0), S(-8, 8), S(-10, 19), S(-5, 32), S(-6, 46), S(0, 0),
    },
    .passedRookBehind = S(10, 23),
    .candidatePasser = {
        S(0, 0), S(1, -3), S(6, 0), S(3, 14), S(14, 16), S(34, 43), S(0, 0), S(0, 0),
    },
    .kingShelter = {
        {  // a/h
            S(6, -13), S(17, -23), S(7, -20), S(-1, -19), S(-30, -5), S(-8, 28), S(-99, 22), S(-25, 1),
        },
        {  // b/g
            S(10, 15), S(20, -6), S(16, -9), S(-4, -19), S(-14, -10), S(-46, 19), S(-136, 24), S(-17, 12),
        },
        {  // c/f
            S(4, 12), S(8, 0), S(-16, 2), S(-19, -7), S(-22, -17), S(-33, -2), S(-11, 38), S(-28, 7),
        },
        {  // d/e
            S(8, 25), S(7, 15), S(-2, 6), S(-5, 1), S(-10, -5), S(-45, 1), S(-81, 81), S(-21, 11),
        },
    },
    .kingStorm = {
        {  // a/h
            S(5, 36), S(77, 10), S(-20, -7), S(-8, -16), S(4, -22), S(2, -22), S(6, -22), S(-10, -20),
        },
        {  // b/g
            S(-11, 46), S(48, 20), S(-24, -2), S(5, -6), S(9, -5), S(10, -7), S(10, -4), S(-10, -2),
        },
        {  // c/f
            S(-11, 40), S(8, 22), S(-29, 0), S(-9, 0), S(4, -3), S(-1, -3), S(4, -6), S(-2, -5),
        },
        {  // d/e
            S(-19, 46), S(2, 32), S(-23, -3), S(-8, 1), S(-5, 1), S(-2, -1), S(1, -2), S(-15, 5),
        },
    },
    .kingOpenFile = S(-12, -11),
    .threatByPawn = {
        S(0, 0), S(81, 31), S(72, 72), S(90, 23), S(60, -9), S(0, 0),
    },
    .threatByMinor = {
        S(-3, 21), S(26, 27), S(36, 30), S(67, 27), S(54, 40), S(0, 0),
    },
    .threatByRook = {
        S(-8, 26), S(13, 19), S(20, 17), S(0, 0), S(92, 0), S(0, 0),
    },
    .hangingPiece = S(24, 15),
    .pawnPushThreat = S(15, 18),
    .restrictedSquare = S(3, 3),
    .knightOnQueen = S(8, 6),
    .sliderOnQueen = S(25, 9),
    .bishopPair = S(15, 74),
    .bishopPawnsSameColour = S(-5, 3),
    .rookOpenFile = S(40, -5),
    .rookSemiOpenFile = S(18, 4),
    .knightOutpost = S(13, 18),
    .bishopOutpost = S(26, 9),
    .minorBehindPawn = S(3, 21),
    .knightFarFromKings = {
        S(-5, -2), S(-8, -10), S(-10, -20), S(-12, -25),
    },
    .bishopKingDistance = S(-3, -3),
    .bishopLongDiagonal = S(20, 0),
    .rookOnSeventh = S(0, 15),
    .space = S(1, 0),
    .kingAttacker = {
        S(0, 0), S(37, 429), S(29, 430), S(26, 429), S(41, 505), S(0, 0),
    },
    .kingZoneAttack = S(16, 0),
    .weakKingSquare = S(32, -76),
    .safeCheck = {
        S(0, 0), S(119, 299), S(58, 578), S(87, 593), S(77, 84), S(0, 0),
    },
    .unsafeCheck = S(40, 0),
    .kingBlocker = S(30, 0),
    .knightDefender = S(-40, 0),
    .kingZonePawn = S(-10, 0),
    .flankAttack = S(4, 0),
    .flankDefense = S(-2, 0),
    .noEnemyQueen = S(-768, -353),
    .dangerOffset = S(-24, -429),
    .complexityPassers = S(0, 6),
    .complexityPawns = S(0, 8),
    .complexityOutflanking = S(0, 6),
    .complexityInfiltration = S(0, 8),
    .complexityBothFlanks = S(0, 40),
    .complexityPawnEndgame = S(0, 40),
    .complexityUnwinnable = S(0, -30),
    .complexityOffset = S(0, -90),
    .tempo = S(25, 9),
};
// clang-format on
// END WEIGHTS

}  // namespace vireo
