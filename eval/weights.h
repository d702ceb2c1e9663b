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
inline constexpr int SCALE_WRONG_BISHOP = 0;        // a bishop and rook's pawns that it cannot promote (eval/endgame.h)
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
    S passedCanAdvance[8];         // its stop square is empty
    S passedSafeAdvance[8];        // its stop square is not attacked by the enemy

    // King shelter, on the king's file and the two beside it: by the file's distance from the edge
    // (a/h 0 ... d/e 3) and the rank distance from the king to the nearest own pawn in front of it
    // (7: none), and to the nearest enemy pawn in front (the storm; 7: none).
    S kingShelter[4][8];
    S kingStorm[4][8];
    S kingOpenFile;             // no own pawn on the king's file
    S kingPawnFileDistance[8];  // by the file distance from the king to the nearest pawn of either side (none: not
                                // counted)
    S pawnlessFlank;            // no pawn of either side on the king's wing

    // Threats: enemy pieces attacked, by the type of the piece attacked.
    S threatByPawn[PIECE_TYPE_NB];   // by a pawn
    S threatByMinor[PIECE_TYPE_NB];  // by a knight or bishop
    S threatByRook[PIECE_TYPE_NB];   // by a rook (not on a rook: that is mutual)
    S hangingPiece;                  // a piece (not a pawn) attacked and not defended
    S pawnPushThreat;                // a piece a safe pawn push would attack
    S restrictedSquare;              // a square both sides attack that the enemy does not hold strongly
    S knightOnQueen;                 // a safe square from which a knight of ours would attack the lone enemy queen
    S sliderOnQueen;                 // ... a bishop or rook of ours, the square attacked twice by us
    S threatByKing;                  // our king attacks an enemy piece or pawn the enemy does not hold strongly

    // Pieces.
    S bishopPair;
    S bishopPawnsSameColour;  // per own pawn on the bishop's square colour
    S rookOpenFile;
    S rookSemiOpenFile;
    S knightOutpost;  // on ranks 4-6, defended by a pawn, no enemy pawn can chase it away
    S bishopOutpost;
    S minorBehindPawn;         // a knight or bishop right behind a pawn
    S knightFarFromKings[4];   // a knight 4, 5, 6, 7 squares from the nearer king
    S bishopKingDistance;      // times a bishop's distance to its own king
    S bishopLongDiagonal;      // a bishop that sees two centre squares through the pawns
    S rookOnSeventh;           // on the 7th rank, the enemy king on the 8th or enemy pawns on the 7th
    S space;                   // safe squares behind and in the centre, times the piece count squared / 256
    S knightReachableOutpost;  // a knight not on an outpost that can move to one
    S knightClosedness[9];     // per knight, by how closed the pawns are (0 open ... 8 closed)
    S rookClosedness[9];       // per rook, likewise
    S trappedRook;  // mobility 3 or less, shut in by its own king on its wing (twice without castling rights)
    S weakQueen;    // a single piece between our queen and an enemy rook or bishop aimed at it

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
    f("passedCanAdvance", &w.passedCanAdvance[0], 8, 0, nullptr);
    f("passedSafeAdvance", &w.passedSafeAdvance[0], 8, 0, nullptr);
    f("kingShelter", &w.kingShelter[0][0], 32, 8, FILE_ROWS);
    f("kingStorm", &w.kingStorm[0][0], 32, 8, FILE_ROWS);
    f("kingOpenFile", &w.kingOpenFile, 1, 0, nullptr);
    f("kingPawnFileDistance", &w.kingPawnFileDistance[0], 8, 0, nullptr);
    f("pawnlessFlank", &w.pawnlessFlank, 1, 0, nullptr);
    f("threatByPawn", &w.threatByPawn[0], PIECE_TYPE_NB, 0, nullptr);
    f("threatByMinor", &w.threatByMinor[0], PIECE_TYPE_NB, 0, nullptr);
    f("threatByRook", &w.threatByRook[0], PIECE_TYPE_NB, 0, nullptr);
    f("hangingPiece", &w.hangingPiece, 1, 0, nullptr);
    f("pawnPushThreat", &w.pawnPushThreat, 1, 0, nullptr);
    f("restrictedSquare", &w.restrictedSquare, 1, 0, nullptr);
    f("knightOnQueen", &w.knightOnQueen, 1, 0, nullptr);
    f("sliderOnQueen", &w.sliderOnQueen, 1, 0, nullptr);
    f("threatByKing", &w.threatByKing, 1, 0, nullptr);
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
    f("knightReachableOutpost", &w.knightReachableOutpost, 1, 0, nullptr);
    f("knightClosedness", &w.knightClosedness[0], 9, 0, nullptr);
    f("rookClosedness", &w.rookClosedness[0], 9, 0, nullptr);
    f("trappedRook", &w.trappedRook, 1, 0, nullptr);
    f("weakQueen", &w.weakQueen, 1, 0, nullptr);
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

// The weights the engine plays with (how they were made: docs/evaluation.md).
// BEGIN WEIGHTS
// clang-format off
inline constexpr Weights WEIGHTS{
    .pieceValue = {
        S(82, 94), S(337, 281), S(365, 297), S(477, 512), S(1025, 936), S(0, 0),
    },
    .psqt = {
        {  // pawn
            S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
            S(-42, 44), S(-28, 36), S(-29, 30), S(-26, 49), S(-20, 39), S(-22, 40), S(-8, 34), S(-37, 33),
            S(-45, 40), S(-41, 29), S(-33, 18), S(-32, 19), S(-25, 22), S(-31, 20), S(-27, 23), S(-43, 23),
            S(-48, 39), S(-52, 33), S(-40, 17), S(-32, 8), S(-32, 12), S(-35, 18), S(-40, 27), S(-53, 27),
            S(-41, 43), S(-40, 31), S(-48, 22), S(-35, 5), S(-42, 18), S(-33, 27), S(-32, 37), S(-41, 31),
            S(-20, 40), S(-33, 42), S(-37, 43), S(-32, 34), S(-38, 37), S(-28, 53), S(-15, 60), S(-25, 44),
            S(52, -52), S(15, -39), S(8, -1), S(34, -16), S(5, -7), S(13, -13), S(-63, 12), S(11, -41),
            S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
        },
        {  // knight
            S(-46, 41), S(-25, 39), S(-34, 56), S(-9, 48), S(-14, 52), S(-19, 49), S(-27, 48), S(-49, 28),
            S(-27, 27), S(-23, 62), S(-21, 50), S(-14, 57), S(-11, 53), S(-15, 50), S(3, 43), S(-13, 44),
            S(-21, 54), S(-13, 54), S(-10, 59), S(-11, 77), S(-7, 76), S(-7, 58), S(-1, 54), S(-13, 53),
            S(6, 56), S(12, 63), S(12, 67), S(5, 83), S(9, 88), S(22, 72), S(17, 58), S(2, 55),
            S(-1, 67), S(2, 70), S(8, 72), S(10, 90), S(7, 81), S(20, 78), S(-1, 63), S(26, 51),
            S(-20, 52), S(-13, 62), S(3, 72), S(-1, 77), S(-3, 74), S(8, 66), S(-20, 58), S(10, 43),
            S(-39, 47), S(-39, 69), S(-7, 62), S(-23, 78), S(-2, 62), S(-4, 57), S(-54, 85), S(-40, 36),
            S(-121, 35), S(-141, 85), S(-111, 91), S(-79, 71), S(-68, 75), S(-136, 69), S(-28, 38), S(-88, -67),
        },
        {  // bishop
            S(3, 22), S(-12, 49), S(-16, 55), S(-22, 54), S(-28, 63), S(-26, 46), S(-1, 41), S(-13, 26),
            S(8, 18), S(0, 31), S(-2, 40), S(-15, 64), S(-13, 48), S(-4, 40), S(-1, 23), S(-11, 51),
            S(0, 52), S(6, 58), S(-7, 52), S(-4, 58), S(-7, 75), S(-16, 44), S(-8, 73), S(-9, 48),
            S(-8, 47), S(-5, 67), S(4, 70), S(8, 79), S(9, 69), S(-3, 73), S(-8, 59), S(-13, 32),
            S(-15, 65), S(1, 65), S(0, 70), S(6, 78), S(4, 90), S(13, 58), S(-5, 68), S(-12, 38),
            S(-11, 53), S(-7, 67), S(-24, 64), S(-6, 83), S(-1, 66), S(-20, 75), S(-22, 69), S(-8, 59),
            S(-39, 68), S(-34, 54), S(-15, 80), S(-46, 76), S(-26, 88), S(-21, 55), S(-60, 77), S(-19, 38),
            S(-45, 61), S(-84, 102), S(-101, 97), S(-81, 86), S(-109, 70), S(-135, 97), S(-40, 67), S(-49, 35),
        },
        {  // rook
            S(-41, 43), S(-32, 44), S(-29, 50), S(-18, 39), S(-15, 31), S(-21, 35), S(-26, 28), S(-18, 13),
            S(-50, 57), S(-27, 42), S(-38, 54), S(-24, 50), S(-22, 36), S(-20, 35), S(-10, 32), S(-36, 25),
            S(-58, 70), S(-38, 59), S(-50, 74), S(-41, 64), S(-35, 58), S(-27, 48), S(-3, 40), S(-23, 33),
            S(-48, 80), S(-36, 81), S(-50, 85), S(-41, 78), S(-34, 75), S(-30, 79), S(-17, 67), S(-36, 66),
            S(-55, 101), S(-43, 101), S(-23, 83), S(-15, 69), S(-19, 76), S(0, 70), S(-18, 86), S(-27, 81),
            S(-34, 97), S(-8, 79), S(-20, 85), S(-22, 83), S(-3, 77), S(19, 65), S(-10, 82), S(-4, 78),
            S(-22, 84), S(-3, 75), S(-2, 68), S(15, 66), S(-8, 67), S(21, 63), S(-6, 79), S(6, 66),
            S(-18, 96), S(-22, 99), S(-6, 89), S(-16, 97), S(-8, 80), S(-22, 89), S(-41, 101), S(5, 84),
        },
        {  // queen
            S(-89, 138), S(-100, 150), S(-97, 146), S(-94, 132), S(-90, 130), S(-90, 88), S(-78, 31), S(-49, 37),
            S(-98, 180), S(-101, 169), S(-88, 163), S(-89, 176), S(-83, 155), S(-81, 149), S(-79, 126), S(-94, 128),
            S(-93, 174), S(-92, 193), S(-97, 230), S(-96, 228), S(-93, 227), S(-85, 226), S(-82, 192), S(-84, 174),
            S(-86, 187), S(-92, 205), S(-94, 241), S(-87, 267), S(-89, 263), S(-88, 263), S(-84, 207), S(-93, 235),
            S(-86, 173), S(-91, 244), S(-86, 254), S(-84, 265), S(-93, 304), S(-68, 231), S(-80, 257), S(-81, 221),
            S(-84, 195), S(-81, 220), S(-94, 284), S(-85, 279), S(-81, 312), S(-76, 302), S(-87, 274), S(-92, 254),
            S(-104, 227), S(-91, 219), S(-93, 264), S(-80, 264), S(-99, 265), S(-75, 276), S(-81, 232), S(-73, 240),
            S(-109, 251), S(-100, 243), S(-76, 223), S(-61, 232), S(-55, 220), S(-40, 205), S(-53, 192), S(-56, 181),
        },
        {  // king
            S(0, -19), S(0, 8), S(-4, -13), S(-10, -11), S(6, -27), S(-6, -23), S(14, 9), S(38, -30),
            S(9, -2), S(-42, 39), S(-30, 9), S(-37, 15), S(-33, 11), S(-28, 9), S(-7, 28), S(4, 6),
            S(-14, 15), S(-28, 42), S(-52, 25), S(-59, 25), S(-51, 26), S(-67, 29), S(-42, 51), S(-49, 36),
            S(-99, 51), S(-9, 51), S(-65, 34), S(-74, 38), S(-93, 42), S(-70, 36), S(-49, 60), S(-63, 45),
            S(0, 43), S(-38, 78), S(-35, 39), S(-31, 37), S(-60, 49), S(-43, 49), S(-51, 79), S(-52, 51),
            S(-8, 55), S(-33, 90), S(-32, 46), S(-16, 35), S(-18, 48), S(-47, 64), S(-7, 98), S(-18, 60),
            S(31, 29), S(27, 70), S(-14, 45), S(-12, 40), S(-16, 24), S(-16, 51), S(-24, 106), S(-28, 51),
            S(56, -36), S(61, 32), S(-20, 34), S(-12, 18), S(16, 11), S(58, 14), S(-50, 110), S(-77, 24),
        },
    },
    .knightMobility = {
        S(-88, -48), S(-65, 23), S(-54, 59), S(-45, 69), S(-39, 80), S(-34, 90), S(-30, 94), S(-24, 91),
        S(-24, 81),
    },
    .bishopMobility = {
        S(-85, 44), S(-71, 86), S(-58, 101), S(-55, 126), S(-50, 132), S(-46, 139), S(-45, 146), S(-45, 147),
        S(-43, 146), S(-43, 144), S(-41, 139), S(-47, 140), S(-30, 128), S(-60, 140),
    },
    .rookMobility = {
        S(-127, 26), S(-88, 85), S(-75, 115), S(-72, 122), S(-70, 125), S(-71, 135), S(-68, 144), S(-67, 148),
        S(-64, 154), S(-62, 158), S(-63, 164), S(-63, 168), S(-61, 172), S(-58, 170), S(-51, 163),
    },
    .queenMobility = {
        S(-210, -152), S(-210, -152), S(-210, 274), S(-210, 362), S(-200, 416), S(-198, 428), S(-194, 420), S(-194, 452),
        S(-192, 461), S(-189, 478), S(-186, 484), S(-185, 498), S(-181, 494), S(-179, 502), S(-179, 507), S(-180, 512),
        S(-177, 507), S(-172, 493), S(-164, 479), S(-162, 474), S(-155, 449), S(-141, 425), S(-127, 400), S(-115, 373),
        S(-104, 346), S(-95, 322), S(-89, 303), S(-86, 291),
    },
    .isolatedPawn = S(-2, -11),
    .doubledPawn = S(1, -26),
    .backwardPawn = S(3, -11),
    .connectedPawn = {
        S(0, 0), S(1, -6), S(8, 7), S(10, 14), S(19, 29), S(47, 65), S(126, 121), S(0, 0),
    },
    .passedPawn = {
        S(0, 0), S(27, 48), S(-3, 50), S(-35, 64), S(8, 62), S(80, 26), S(294, 37), S(0, 0),
    },
    .passedFreePath = S(3, 4),
    .passedSafePath = S(-34, 38),
    .passedOwnKingDistance = {
        S(0, 0), S(-3, -2), S(3, -5), S(10, -16), S(4, -20), S(-6, -18), S(-41, -12), S(0, 0),
    },
    .passedEnemyKingDistance = {
        S(0, 0), S(-5, -8), S(-5, -4), S(-4, 9), S(-8, 24), S(-10, 41), S(-12, 57), S(0, 0),
    },
    .passedRookBehind = S(9, 24),
    .candidatePasser = {
        S(0, 0), S(1, -7), S(0, 7), S(5, 15), S(7, 27), S(9, 80), S(0, 0), S(0, 0),
    },
    .passedCanAdvance = {
        S(0, 0), S(4, -4), S(5, -3), S(0, 7), S(6, 20), S(-2, 55), S(58, 112), S(0, 0),
    },
    .passedSafeAdvance = {
        S(0, 0), S(6, -2), S(3, -2), S(2, 6), S(-2, 21), S(1, 44), S(8, 62), S(0, 0),
    },
    .kingShelter = {
        {  // a/h
            S(0, -16), S(14, -21), S(11, -18), S(9, -16), S(-16, -7), S(7, 11), S(70, 53), S(-22, -5),
        },
        {  // b/g
            S(17, 11), S(18, -4), S(5, -5), S(-14, -10), S(-35, -6), S(-23, 11), S(-47, 56), S(-21, 12),
        },
        {  // c/f
            S(8, 16), S(6, 5), S(-13, 3), S(-21, -14), S(-16, -30), S(-24, -7), S(-43, 48), S(-25, 6),
        },
        {  // d/e
            S(10, 24), S(6, 14), S(-4, 5), S(-6, 0), S(-13, -8), S(-28, 3), S(-86, 43), S(-14, 10),
        },
    },
    .kingStorm = {
        {  // a/h
            S(-30, 2), S(68, -29), S(-21, -11), S(-5, -11), S(7, -14), S(8, -15), S(9, -12), S(-5, -18),
        },
        {  // b/g
            S(31, 22), S(4, 14), S(-12, 0), S(5, -3), S(6, 0), S(6, -1), S(6, 4), S(-7, 2),
        },
        {  // c/f
            S(-12, 39), S(-16, 19), S(-12, 0), S(-7, -2), S(2, -5), S(2, -6), S(4, -2), S(-2, -1),
        },
        {  // d/e
            S(-40, 37), S(-30, 11), S(-21, -12), S(-9, -9), S(-2, -7), S(1, -7), S(-2, -5), S(-14, 4),
        },
    },
    .kingOpenFile = S(-7, 0),
    .kingPawnFileDistance = {
        S(11, 28), S(-21, 23), S(-44, 13), S(-34, -25), S(-8, -87), S(-39, -113), S(29, -139), S(111, -167),
    },
    .pawnlessFlank = S(30, -28),
    .threatByPawn = {
        S(0, 0), S(70, 47), S(66, 74), S(75, 46), S(56, 36), S(0, 0),
    },
    .threatByMinor = {
        S(0, 18), S(20, 33), S(32, 41), S(56, 42), S(53, 51), S(0, 0),
    },
    .threatByRook = {
        S(-5, 18), S(10, 27), S(21, 20), S(0, 0), S(61, 43), S(0, 0),
    },
    .hangingPiece = S(21, 12),
    .pawnPushThreat = S(15, 19),
    .restrictedSquare = S(4, 4),
    .knightOnQueen = S(7, 1),
    .sliderOnQueen = S(13, 6),
    .threatByKing = S(35, 17),
    .bishopPair = S(12, 73),
    .bishopPawnsSameColour = S(-2, -3),
    .rookOpenFile = S(32, -6),
    .rookSemiOpenFile = S(16, 4),
    .knightOutpost = S(23, 18),
    .bishopOutpost = S(24, 20),
    .minorBehindPawn = S(3, 14),
    .knightFarFromKings = {
        S(-9, 4), S(-9, -7), S(-14, -14), S(-22, -62),
    },
    .bishopKingDistance = S(-4, -2),
    .bishopLongDiagonal = S(15, 17),
    .rookOnSeventh = S(-15, 28),
    .space = S(4, -8),
    .knightReachableOutpost = S(14, 14),
    .knightClosedness = {
        S(-37, 29), S(-29, 45), S(-27, 51), S(-21, 52), S(-22, 60), S(-18, 62), S(-17, 68), S(-11, 57),
        S(-5, 67),
    },
    .rookClosedness = {
        S(-59, 105), S(-50, 88), S(-30, 70), S(-33, 61), S(-37, 63), S(-32, 58), S(-23, 43), S(-19, 38),
        S(26, -10),
    },
    .trappedRook = S(-11, -5),
    .weakQueen = S(-17, -3),
    .kingAttacker = {
        S(0, 0), S(14, 236), S(9, 202), S(-7, 61), S(3, 191), S(0, 0),
    },
    .kingZoneAttack = S(23, 7),
    .weakKingSquare = S(13, -69),
    .safeCheck = {
        S(0, 0), S(97, 532), S(52, 644), S(82, 663), S(55, 445), S(0, 0),
    },
    .unsafeCheck = S(20, 94),
    .kingBlocker = S(47, 685),
    .knightDefender = S(-14, -73),
    .kingZonePawn = S(-15, -70),
    .flankAttack = S(8, 71),
    .flankDefense = S(-12, 50),
    .noEnemyQueen = S(-888, -130),
    .dangerOffset = S(124, -1614),
    .complexityPassers = S(0, 2),
    .complexityPawns = S(0, 4),
    .complexityOutflanking = S(0, 1),
    .complexityInfiltration = S(0, -11),
    .complexityBothFlanks = S(0, 49),
    .complexityPawnEndgame = S(0, 82),
    .complexityUnwinnable = S(0, -13),
    .complexityOffset = S(0, -76),
    .tempo = S(21, 13),
};
// clang-format on
// END WEIGHTS

}  // namespace vireo
