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
            S(-32, 30), S(-20, 23), S(-26, 16), S(-20, 20), S(-16, 27), S(-17, 23), S(-1, 18), S(-33, 27),
            S(-37, 27), S(-35, 11), S(-24, 10), S(-27, 16), S(-17, 6), S(-24, 5), S(-22, 15), S(-38, 16),
            S(-41, 30), S(-45, 21), S(-30, -3), S(-27, -9), S(-24, -2), S(-29, 5), S(-34, 16), S(-46, 21),
            S(-34, 26), S(-33, 24), S(-38, 6), S(-28, -12), S(-35, -5), S(-24, 13), S(-21, 17), S(-30, 15),
            S(-2, 20), S(-12, 32), S(-36, 34), S(-33, 9), S(-14, 4), S(-21, 35), S(3, 32), S(-15, 30),
            S(83, -63), S(48, -38), S(-4, -9), S(-10, -5), S(-25, 4), S(1, 3), S(-77, 37), S(27, -44),
            S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
        },
        {  // knight
            S(-34, 46), S(-30, 34), S(-45, 47), S(-9, 49), S(-5, 31), S(-22, 43), S(-35, 44), S(0, -27),
            S(-33, 5), S(-42, 53), S(-16, 33), S(-14, 54), S(-8, 49), S(-10, 48), S(11, 35), S(-14, 37),
            S(-17, 39), S(-10, 43), S(-6, 53), S(-3, 65), S(1, 72), S(-4, 50), S(7, 37), S(-10, 45),
            S(12, 38), S(1, 47), S(19, 62), S(12, 72), S(20, 70), S(30, 66), S(30, 55), S(2, 58),
            S(10, 49), S(8, 67), S(10, 69), S(23, 78), S(24, 71), S(23, 72), S(5, 53), S(45, 43),
            S(5, 20), S(-1, 49), S(-2, 71), S(7, 70), S(1, 67), S(9, 50), S(-7, 40), S(-15, 57),
            S(-37, 53), S(-33, 63), S(17, 43), S(12, 48), S(-3, 39), S(-19, 57), S(-15, 30), S(-31, 47),
            S(-135, 58), S(-160, 93), S(-106, 85), S(-106, 55), S(-13, 37), S(-176, 78), S(-24, 20), S(-103, -43),
        },
        {  // bishop
            S(20, 0), S(-9, 15), S(-2, 23), S(-10, 22), S(-8, 38), S(-16, 26), S(36, 17), S(10, 6),
            S(28, 1), S(13, 2), S(12, 17), S(-1, 28), S(-2, 35), S(-4, 32), S(17, 2), S(-8, 20),
            S(17, 31), S(3, 40), S(8, 46), S(9, 33), S(7, 42), S(4, 16), S(16, 22), S(1, 20),
            S(-14, 30), S(11, 50), S(12, 44), S(20, 54), S(24, 50), S(10, 50), S(-13, 37), S(-10, 19),
            S(-20, 36), S(6, 49), S(16, 43), S(18, 51), S(0, 61), S(20, 40), S(14, 44), S(10, 8),
            S(-7, 37), S(-11, 36), S(-17, 39), S(-4, 52), S(8, 38), S(1, 57), S(0, 36), S(1, 23),
            S(-24, 50), S(-16, 23), S(7, 38), S(-17, 31), S(-38, 53), S(-30, 30), S(-27, 34), S(-4, -6),
            S(-24, 22), S(-61, 69), S(-102, 48), S(-72, 56), S(-95, 40), S(-99, 42), S(-72, 50), S(-18, 8),
        },
        {  // rook
            S(-39, 32), S(-26, 30), S(-28, 39), S(-13, 25), S(-12, 17), S(-23, 29), S(-25, 15), S(-16, 5),
            S(-48, 39), S(-26, 22), S(-44, 42), S(-30, 40), S(-29, 31), S(-17, 25), S(-16, 21), S(-41, 5),
            S(-53, 48), S(-44, 46), S(-29, 46), S(-46, 53), S(-41, 52), S(-45, 54), S(8, 16), S(-21, 18),
            S(-46, 62), S(-16, 49), S(-42, 61), S(-30, 53), S(-23, 49), S(-20, 51), S(-20, 57), S(-28, 50),
            S(-28, 73), S(-46, 76), S(-24, 60), S(-28, 63), S(-16, 54), S(2, 61), S(-12, 65), S(-24, 53),
            S(-11, 74), S(4, 62), S(-16, 66), S(30, 42), S(43, 36), S(19, 44), S(1, 66), S(0, 67),
            S(-26, 74), S(-14, 64), S(-4, 56), S(18, 47), S(-24, 61), S(24, 44), S(3, 59), S(31, 42),
            S(-22, 82), S(-18, 69), S(-7, 74), S(25, 56), S(-15, 68), S(1, 58), S(47, 58), S(-8, 72),
        },
        {  // queen
            S(-37, 38), S(-18, -2), S(-28, 42), S(-23, 15), S(-24, 3), S(-21, -54), S(7, -45), S(0, -28),
            S(-4, -34), S(-35, 71), S(-21, 35), S(-16, 50), S(-14, 33), S(-7, 12), S(-2, -22), S(-15, -25),
            S(-9, 5), S(-26, 75), S(-35, 137), S(-24, 90), S(-18, 85), S(-18, 97), S(5, 38), S(-18, 37),
            S(-21, 70), S(-42, 145), S(-33, 137), S(-27, 167), S(-15, 139), S(-17, 145), S(-11, 87), S(-33, 106),
            S(-20, 73), S(-15, 98), S(-3, 118), S(-34, 176), S(-37, 214), S(9, 114), S(-10, 111), S(-8, 86),
            S(-8, 65), S(-14, 85), S(-28, 173), S(-14, 161), S(-10, 178), S(15, 166), S(-20, 136), S(-2, 84),
            S(-44, 113), S(-39, 124), S(-6, 123), S(-7, 153), S(-1, 159), S(28, 136), S(41, 47), S(0, 77),
            S(-69, 116), S(58, 12), S(24, 60), S(79, 45), S(29, 54), S(169, -18), S(4, 37), S(14, 58),
        },
        {  // king
            S(2, 8), S(3, 7), S(2, -24), S(-4, -27), S(5, -32), S(-11, -19), S(13, 6), S(37, -28),
            S(-23, 13), S(-35, 28), S(-36, 2), S(-41, 11), S(-32, 12), S(-36, 12), S(-16, 28), S(-7, 13),
            S(-42, 18), S(-29, 30), S(-42, 15), S(-73, 23), S(-48, 17), S(-56, 18), S(-51, 45), S(-59, 31),
            S(-30, 9), S(-78, 54), S(-82, 28), S(-36, 14), S(-100, 36), S(-48, 16), S(-60, 53), S(-157, 49),
            S(-16, 33), S(-24, 45), S(-35, 25), S(-21, 21), S(-87, 37), S(2, 24), S(-22, 64), S(-5, 29),
            S(95, 4), S(76, 46), S(9, 14), S(-56, 34), S(-83, 42), S(-18, 32), S(-17, 72), S(-96, 52),
            S(167, -6), S(76, 71), S(60, 19), S(-12, 37), S(-34, 35), S(-63, 75), S(2, 89), S(87, -18),
            S(-2, 31), S(-36, 176), S(20, 61), S(-19, 99), S(77, 75), S(-43, 86), S(-32, 129), S(121, -91),
        },
    },
    .knightMobility = {
        S(-78, -72), S(-58, -3), S(-44, 36), S(-39, 52), S(-31, 56), S(-29, 68), S(-20, 66), S(-16, 63),
        S(-12, 51),
    },
    .bishopMobility = {
        S(-66, -7), S(-51, 28), S(-39, 51), S(-32, 63), S(-25, 72), S(-20, 76), S(-18, 81), S(-18, 82),
        S(-16, 82), S(-18, 78), S(-3, 67), S(21, 55), S(5, 59), S(14, 48),
    },
    .rookMobility = {
        S(-139, 45), S(-87, 74), S(-74, 104), S(-70, 108), S(-68, 108), S(-68, 115), S(-64, 120), S(-61, 123),
        S(-56, 126), S(-54, 131), S(-55, 136), S(-50, 139), S(-48, 140), S(-57, 148), S(8, 103),
    },
    .queenMobility = {
        S(-120, -140), S(-69, -179), S(-106, 238), S(-97, 296), S(-97, 295), S(-92, 291), S(-88, 300), S(-84, 303),
        S(-81, 312), S(-80, 320), S(-80, 344), S(-77, 345), S(-78, 365), S(-76, 370), S(-72, 366), S(-69, 370),
        S(-73, 359), S(-65, 349), S(-54, 334), S(-37, 299), S(-9, 273), S(198, -16), S(66, 136), S(480, -268),
        S(410, -209), S(840, -627), S(372, -227), S(1039, -921),
    },
    .isolatedPawn = S(-2, -10),
    .doubledPawn = S(-1, -25),
    .backwardPawn = S(1, -11),
    .connectedPawn = {
        S(0, 0), S(2, -5), S(8, 5), S(12, 13), S(22, 25), S(66, 62), S(86, 113), S(0, 0),
    },
    .passedPawn = {
        S(0, 0), S(42, 22), S(-23, 52), S(-47, 68), S(24, 63), S(86, 35), S(288, 41), S(0, 0),
    },
    .passedFreePath = S(7, 4),
    .passedSafePath = S(-39, 41),
    .passedOwnKingDistance = {
        S(0, 0), S(-9, -1), S(4, -6), S(10, -16), S(6, -20), S(-8, -16), S(-36, -10), S(0, 0),
    },
    .passedEnemyKingDistance = {
        S(0, 0), S(-4, -4), S(0, -4), S(-2, 8), S(-12, 23), S(-9, 35), S(-18, 51), S(0, 0),
    },
    .passedRookBehind = S(12, 29),
    .candidatePasser = {
        S(0, 0), S(3, -6), S(1, 0), S(4, 12), S(6, 19), S(4, 64), S(0, 0), S(0, 0),
    },
    .passedCanAdvance = {
        S(0, 0), S(-9, 3), S(-2, -8), S(10, -1), S(-2, 11), S(11, 39), S(76, 80), S(0, 0),
    },
    .passedSafeAdvance = {
        S(0, 0), S(6, 2), S(9, -1), S(3, 3), S(-3, 12), S(16, 28), S(33, 39), S(0, 0),
    },
    .kingShelter = {
        {  // a/h
            S(8, -22), S(17, -21), S(7, -14), S(4, -8), S(-23, 10), S(19, -6), S(80, -21), S(-16, -3),
        },
        {  // b/g
            S(18, 10), S(20, -2), S(5, -4), S(-15, -17), S(-34, 7), S(-38, 36), S(71, -79), S(-25, 17),
        },
        {  // c/f
            S(12, 13), S(9, 3), S(-14, 0), S(-23, -9), S(-33, -27), S(-30, -3), S(-50, 44), S(-29, 9),
        },
        {  // d/e
            S(18, 24), S(11, 13), S(-6, 6), S(-9, 3), S(-12, -18), S(-28, 3), S(-34, 30), S(-17, 11),
        },
    },
    .kingStorm = {
        {  // a/h
            S(-84, 26), S(88, -21), S(-23, -9), S(-11, -5), S(8, -14), S(5, -16), S(13, -13), S(-1, -21),
        },
        {  // b/g
            S(33, 17), S(25, 9), S(-4, -4), S(5, 1), S(5, 1), S(3, 3), S(8, 0), S(-12, 1),
        },
        {  // c/f
            S(-16, 38), S(-28, 26), S(-21, 3), S(-6, -2), S(1, -4), S(5, -8), S(7, -3), S(-3, 0),
        },
        {  // d/e
            S(-49, 22), S(-37, 16), S(-33, -6), S(-9, -8), S(-3, -2), S(-3, 5), S(3, -6), S(-15, 4),
        },
    },
    .kingOpenFile = S(-8, -3),
    .kingPawnFileDistance = {
        S(18, 15), S(-13, 16), S(-33, 3), S(-36, -29), S(11, -69), S(-33, -77), S(-61, -62), S(24, -73),
    },
    .pawnlessFlank = S(59, -22),
    .threatByPawn = {
        S(0, 0), S(78, 39), S(72, 84), S(82, 44), S(58, 18), S(0, 0),
    },
    .threatByMinor = {
        S(0, 18), S(22, 28), S(37, 33), S(61, 39), S(55, 43), S(0, 0),
    },
    .threatByRook = {
        S(-6, 18), S(14, 21), S(22, 16), S(0, 0), S(59, 33), S(0, 0),
    },
    .hangingPiece = S(27, 8),
    .pawnPushThreat = S(17, 18),
    .restrictedSquare = S(5, 3),
    .knightOnQueen = S(9, 0),
    .sliderOnQueen = S(15, 6),
    .threatByKing = S(30, 19),
    .bishopPair = S(11, 75),
    .bishopPawnsSameColour = S(-4, 1),
    .rookOpenFile = S(40, -4),
    .rookSemiOpenFile = S(18, 10),
    .knightOutpost = S(19, 16),
    .bishopOutpost = S(31, 9),
    .minorBehindPawn = S(5, 17),
    .knightFarFromKings = {
        S(-10, 0), S(-8, -9), S(-8, -17), S(-14, -37),
    },
    .bishopKingDistance = S(-3, -2),
    .bishopLongDiagonal = S(9, 11),
    .rookOnSeventh = S(6, 17),
    .space = S(2, -1),
    .knightReachableOutpost = S(9, 7),
    .knightClosedness = {
        S(-10, -10), S(4, -1), S(-3, 11), S(-2, 16), S(-6, 21), S(2, 21), S(2, 36), S(14, 27),
        S(9, 36),
    },
    .rookClosedness = {
        S(-1, 11), S(7, 3), S(8, 6), S(3, 3), S(0, 25), S(-1, 4), S(21, -15), S(29, -4),
        S(30, -57),
    },
    .trappedRook = S(-9, -6),
    .weakQueen = S(-20, 16),
    .kingAttacker = {
        S(0, 0), S(16, 273), S(19, 300), S(-4, 244), S(5, 335), S(0, 0),
    },
    .kingZoneAttack = S(19, 6),
    .weakKingSquare = S(19, -91),
    .safeCheck = {
        S(0, 0), S(106, 411), S(67, 614), S(80, 676), S(68, 235), S(0, 0),
    },
    .unsafeCheck = S(20, 50),
    .kingBlocker = S(46, 533),
    .knightDefender = S(-11, -108),
    .kingZonePawn = S(-6, -120),
    .flankAttack = S(9, 56),
    .flankDefense = S(-11, 48),
    .noEnemyQueen = S(-890, -242),
    .dangerOffset = S(88, -1373),
    .complexityPassers = S(0, 6),
    .complexityPawns = S(0, 4),
    .complexityOutflanking = S(0, 2),
    .complexityInfiltration = S(0, -16),
    .complexityBothFlanks = S(0, 34),
    .complexityPawnEndgame = S(0, 67),
    .complexityUnwinnable = S(0, -14),
    .complexityOffset = S(0, -51),
    .tempo = S(25, 11),
};
// clang-format on
// END WEIGHTS

}  // namespace vireo
