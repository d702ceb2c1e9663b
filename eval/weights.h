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
    // pawns that are blocked or on their first two ranks, nor by the own king or queen, nor by a piece
    // shielding the own king from a slider; not attacked by enemy pawns). Bishops count through
    // queens, rooks through queens and own rooks; a pinned piece only along its pin.
    S knightMobility[9];
    S bishopMobility[14];
    S rookMobility[15];
    S queenMobility[28];

    // Pawn structure, by relative rank where indexed.
    S isolatedPawn;
    S doubledPawn;
    S backwardPawn;
    S connectedPawn[8];
    S pawnPhalanx[8];  // besides connectedPawn: an own pawn beside it on its rank
    S pawnSupporters;  // per own pawn defending it
    S weakLever;       // attacked by two enemy pawns and defended by none of ours
    S weakUnopposed;   // isolated or backward, with no enemy pawn in front of it on its file

    // Passed pawns, by relative rank where indexed.
    S passedPawn[8];
    S passedFreePath[8];           // nothing in front of it
    S passedSafePath[8];           // ... and no square in front of it attacked by the enemy
    S passedOwnKingDistance[8];    // times the distance of the own king to its stop square
    S passedEnemyKingDistance[8];  // times the distance of the enemy king to its stop square
    S passedRookBehind;            // an own rook behind it on its file
    S candidatePasser[8];          // not passed, no enemy pawn in front, helpers at least as many as sentries
    S passedCanAdvance[8];         // its stop square is empty
    S passedSafeAdvance[8];        // its stop square is not attacked by the enemy
    S passedSafeSpan[8];           // its stop square empty, and no square of its file or the two beside it ahead
                                   // attacked by the enemy (Stockfish 11's biggest path bonus)
    S passedStopDefended[8];       // its stop square empty and attacked by us, or an own rook or queen behind it
    S passedEnemyBehind;           // an enemy rook or queen behind it on its file (its path then counts as attacked)
    S passedOwnPawnAhead;          // an own pawn in front of it on its file (the rear one of doubled passers)

    // King shelter, on the king's file and the two beside it: by the file's distance from the edge
    // (a/h 0 ... d/e 3) and the rank distance from the king to the nearest own pawn in front of it
    // (7: none), and to the nearest enemy pawn in front (the storm; 7: none).
    S kingShelter[4][8];
    S kingStorm[4][8];
    S kingOpenFile;             // no own pawn on the king's file
    S kingCastleShelter;        // the shelter and storm read where castling would put the king, being better there
    S kingPawnFileDistance[8];  // by the file distance from the king to the nearest pawn of either side (none: not
                                // counted)
    S pawnlessFlank;            // no pawn of either side on the king's wing

    // Threats: enemy pieces attacked, by the type of the piece attacked.
    S threatByPawn[PIECE_TYPE_NB];   // by a pawn
    S threatByMinor[PIECE_TYPE_NB];  // by a knight or bishop
    S threatByRook[PIECE_TYPE_NB];   // by a rook (not on a rook: that is mutual)
    S hangingPiece;                  // a piece (not a pawn) attacked and not defended
    S pawnPushThreat;                // a piece a safe pawn push would attack
    S threatBySafePawn;  // besides threatByPawn: a piece attacked by a pawn that is defended or not attacked
    S restrictedSquare;  // a square both sides attack that the enemy does not hold strongly
    S knightOnQueen;     // a safe square from which a knight of ours would attack the lone enemy queen
    S sliderOnQueen;     // ... a bishop or rook of ours, the square attacked twice by us
    S threatByKing;      // our king attacks an enemy piece or pawn the enemy does not hold strongly

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
    f("pawnPhalanx", &w.pawnPhalanx[0], 8, 0, nullptr);
    f("pawnSupporters", &w.pawnSupporters, 1, 0, nullptr);
    f("weakLever", &w.weakLever, 1, 0, nullptr);
    f("weakUnopposed", &w.weakUnopposed, 1, 0, nullptr);
    f("passedPawn", &w.passedPawn[0], 8, 0, nullptr);
    f("passedFreePath", &w.passedFreePath[0], 8, 0, nullptr);
    f("passedSafePath", &w.passedSafePath[0], 8, 0, nullptr);
    f("passedOwnKingDistance", &w.passedOwnKingDistance[0], 8, 0, nullptr);
    f("passedEnemyKingDistance", &w.passedEnemyKingDistance[0], 8, 0, nullptr);
    f("passedRookBehind", &w.passedRookBehind, 1, 0, nullptr);
    f("candidatePasser", &w.candidatePasser[0], 8, 0, nullptr);
    f("passedCanAdvance", &w.passedCanAdvance[0], 8, 0, nullptr);
    f("passedSafeAdvance", &w.passedSafeAdvance[0], 8, 0, nullptr);
    f("passedSafeSpan", &w.passedSafeSpan[0], 8, 0, nullptr);
    f("passedStopDefended", &w.passedStopDefended[0], 8, 0, nullptr);
    f("passedEnemyBehind", &w.passedEnemyBehind, 1, 0, nullptr);
    f("passedOwnPawnAhead", &w.passedOwnPawnAhead, 1, 0, nullptr);
    f("kingShelter", &w.kingShelter[0][0], 32, 8, FILE_ROWS);
    f("kingStorm", &w.kingStorm[0][0], 32, 8, FILE_ROWS);
    f("kingOpenFile", &w.kingOpenFile, 1, 0, nullptr);
    f("kingCastleShelter", &w.kingCastleShelter, 1, 0, nullptr);
    f("kingPawnFileDistance", &w.kingPawnFileDistance[0], 8, 0, nullptr);
    f("pawnlessFlank", &w.pawnlessFlank, 1, 0, nullptr);
    f("threatByPawn", &w.threatByPawn[0], PIECE_TYPE_NB, 0, nullptr);
    f("threatByMinor", &w.threatByMinor[0], PIECE_TYPE_NB, 0, nullptr);
    f("threatByRook", &w.threatByRook[0], PIECE_TYPE_NB, 0, nullptr);
    f("hangingPiece", &w.hangingPiece, 1, 0, nullptr);
    f("pawnPushThreat", &w.pawnPushThreat, 1, 0, nullptr);
    f("threatBySafePawn", &w.threatBySafePawn, 1, 0, nullptr);
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
            S(-44, 44), S(-31, 35), S(-35, 30), S(-37, 43), S(-23, 42), S(-24, 43), S(-21, 39), S(-46, 34),
            S(-47, 36), S(-48, 30), S(-43, 22), S(-41, 19), S(-34, 26), S(-36, 26), S(-39, 24), S(-53, 26),
            S(-48, 37), S(-54, 38), S(-45, 20), S(-38, 13), S(-34, 12), S(-33, 20), S(-44, 36), S(-51, 28),
            S(-38, 51), S(-41, 29), S(-46, 25), S(-41, 10), S(-41, 20), S(-37, 30), S(-39, 43), S(-33, 30),
            S(-22, 51), S(-38, 43), S(-35, 41), S(-28, 31), S(-21, 38), S(-33, 32), S(-21, 63), S(-25, 44),
            S(221, -4), S(193, 13), S(216, 21), S(219, 18), S(209, 13), S(228, 4), S(170, 28), S(242, -1),
            S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
        },
        {  // knight
            S(3, 28), S(39, 32), S(32, 56), S(53, 58), S(50, 73), S(56, 42), S(33, 48), S(8, -59),
            S(40, 59), S(43, 57), S(47, 62), S(55, 65), S(52, 70), S(54, 60), S(66, 50), S(55, 53),
            S(45, 57), S(54, 66), S(60, 67), S(57, 87), S(66, 89), S(61, 70), S(71, 58), S(48, 69),
            S(64, 67), S(60, 76), S(80, 83), S(74, 93), S(79, 97), S(85, 79), S(82, 85), S(64, 53),
            S(64, 79), S(72, 76), S(72, 86), S(87, 98), S(79, 92), S(85, 86), S(68, 78), S(93, 55),
            S(29, 77), S(39, 85), S(59, 95), S(75, 88), S(74, 84), S(85, 76), S(50, 75), S(63, 48),
            S(34, 66), S(4, 94), S(73, 70), S(61, 87), S(52, 90), S(61, 77), S(11, 81), S(21, 68),
            S(-99, 30), S(-61, 102), S(-72, 101), S(-9, 88), S(-15, 90), S(-107, 72), S(-28, 61), S(-32, -72),
        },
        {  // bishop
            S(96, 417), S(99, 445), S(84, 447), S(79, 459), S(66, 452), S(69, 448), S(73, 460), S(83, 402),
            S(100, 434), S(98, 419), S(95, 454), S(81, 457), S(86, 450), S(80, 454), S(94, 422), S(85, 429),
            S(100, 442), S(98, 472), S(85, 455), S(96, 466), S(92, 476), S(85, 441), S(87, 463), S(92, 433),
            S(78, 473), S(99, 460), S(99, 467), S(98, 478), S(112, 464), S(103, 470), S(86, 458), S(90, 427),
            S(90, 454), S(95, 475), S(98, 470), S(103, 475), S(105, 477), S(107, 455), S(99, 464), S(88, 453),
            S(80, 459), S(85, 481), S(61, 461), S(105, 466), S(101, 476), S(93, 467), S(107, 455), S(96, 455),
            S(61, 470), S(60, 455), S(81, 478), S(55, 488), S(74, 486), S(63, 473), S(38, 477), S(67, 467),
            S(70, 448), S(59, 478), S(-3, 485), S(23, 498), S(-26, 490), S(-43, 492), S(51, 482), S(27, 459),
        },
        {  // rook
            S(6, 67), S(11, 62), S(14, 67), S(21, 58), S(27, 51), S(20, 54), S(23, 45), S(15, 43),
            S(2, 75), S(2, 77), S(9, 72), S(19, 62), S(26, 58), S(21, 65), S(27, 49), S(3, 57),
            S(-2, 78), S(5, 84), S(-14, 95), S(20, 79), S(16, 69), S(11, 81), S(44, 58), S(24, 55),
            S(-4, 101), S(-6, 108), S(1, 101), S(2, 98), S(10, 90), S(14, 93), S(5, 98), S(13, 84),
            S(5, 111), S(16, 107), S(24, 106), S(23, 96), S(15, 100), S(19, 119), S(29, 104), S(12, 109),
            S(6, 115), S(26, 99), S(29, 103), S(35, 94), S(54, 79), S(40, 95), S(70, 85), S(43, 100),
            S(14, 90), S(11, 97), S(37, 86), S(56, 71), S(22, 84), S(31, 86), S(38, 85), S(59, 72),
            S(16, 110), S(36, 101), S(20, 103), S(25, 100), S(0, 105), S(48, 93), S(39, 94), S(37, 99),
        },
        {  // queen
            S(207, 623), S(205, 619), S(208, 604), S(210, 616), S(212, 600), S(208, 586), S(207, 560), S(229, 561),
            S(204, 632), S(216, 618), S(216, 624), S(215, 633), S(217, 639), S(231, 608), S(233, 601), S(236, 578),
            S(216, 628), S(216, 657), S(216, 679), S(210, 694), S(213, 687), S(219, 683), S(230, 646), S(220, 669),
            S(216, 646), S(206, 678), S(215, 690), S(215, 715), S(216, 707), S(218, 707), S(230, 686), S(219, 674),
            S(228, 653), S(218, 687), S(207, 713), S(208, 735), S(214, 741), S(241, 685), S(209, 735), S(223, 683),
            S(215, 663), S(212, 709), S(216, 714), S(226, 714), S(206, 727), S(236, 710), S(207, 720), S(225, 688),
            S(205, 662), S(201, 713), S(228, 718), S(216, 723), S(209, 736), S(202, 752), S(247, 683), S(224, 706),
            S(155, 761), S(217, 687), S(191, 737), S(217, 705), S(204, 709), S(265, 692), S(230, 723), S(199, 751),
        },
        {  // king
            S(11, -29), S(10, 3), S(3, -1), S(-9, -4), S(-9, -15), S(-11, 0), S(21, 1), S(40, -34),
            S(13, 5), S(-30, 34), S(-21, 18), S(-32, 18), S(-25, 15), S(-23, 21), S(-4, 26), S(0, 9),
            S(-12, 3), S(-18, 29), S(-52, 41), S(-53, 36), S(-41, 36), S(-38, 32), S(-19, 38), S(-43, 23),
            S(-51, 27), S(-20, 37), S(-48, 47), S(-83, 51), S(-58, 45), S(-60, 51), S(-18, 48), S(-125, 56),
            S(22, 22), S(26, 51), S(-4, 49), S(-43, 50), S(-58, 60), S(-14, 58), S(-56, 78), S(-33, 41),
            S(62, 21), S(-4, 59), S(7, 62), S(-49, 69), S(-19, 53), S(-16, 78), S(-53, 84), S(-7, 45),
            S(133, -33), S(33, 47), S(57, 40), S(21, 41), S(27, 35), S(-5, 61), S(56, 52), S(36, -14),
            S(90, -81), S(91, 34), S(71, 7), S(-83, 33), S(-86, 79), S(19, 87), S(22, 66), S(-37, -66),
        },
    },
    .knightMobility = {
        S(-359, 29), S(-359, 29), S(-353, 43), S(-349, 48), S(-344, 54), S(-340, 61), S(-334, 62), S(-331, 62),
        S(-331, 62),
    },
    .bishopMobility = {
        S(-180, -291), S(-174, -291), S(-162, -288), S(-158, -270), S(-155, -260), S(-153, -254), S(-151, -248), S(-151, -247),
        S(-151, -247), S(-151, -247), S(-151, -247), S(-151, -247), S(-151, -247), S(-151, -247),
    },
    .rookMobility = {
        S(-515, -54), S(-509, -34), S(-498, -11), S(-497, -3), S(-497, 1), S(-496, 8), S(-496, 19), S(-495, 21),
        S(-493, 28), S(-490, 33), S(-490, 38), S(-489, 42), S(-485, 42), S(-483, 42), S(-479, 47),
    },
    .queenMobility = {
        S(-559, -41), S(-559, -41), S(-559, -41), S(-557, -41), S(-551, -41), S(-550, -41), S(-544, -35), S(-544, -23),
        S(-543, -6), S(-541, 5), S(-538, 14), S(-536, 18), S(-535, 21), S(-532, 21), S(-530, 21), S(-530, 21),
        S(-530, 21), S(-530, 21), S(-530, 21), S(-530, 21), S(-530, 21), S(-530, 21), S(-530, 21), S(-530, 21),
        S(-530, 21), S(-530, 21), S(-530, 21), S(-530, 21),
    },
    .isolatedPawn = S(-1, -4),
    .doubledPawn = S(2, -24),
    .backwardPawn = S(-1, -5),
    .connectedPawn = {
        S(0, 0), S(-4, 4), S(0, 7), S(4, 6), S(6, 19), S(37, 53), S(57, 84), S(0, 0),
    },
    .pawnPhalanx = {
        S(0, 0), S(5, -5), S(8, -2), S(4, 4), S(13, 10), S(20, 17), S(19, 19), S(0, 0),
    },
    .pawnSupporters = S(11, 9),
    .weakLever = S(-15, 20),
    .weakUnopposed = S(-3, -8),
    .passedPawn = {
        S(0, 0), S(-1, 42), S(-4, 39), S(-8, 49), S(18, 59), S(34, 55), S(34, 55), S(0, 0),
    },
    .passedFreePath = {
        S(0, 0), S(1, 3), S(-1, 4), S(-4, 7), S(0, 13), S(16, 36), S(28, 58), S(0, 0),
    },
    .passedSafePath = {
        S(0, 0), S(-33, 18), S(-28, 19), S(-24, 22), S(-16, 32), S(2, 53), S(16, 82), S(0, 0),
    },
    .passedOwnKingDistance = {
        S(0, 0), S(-2, -2), S(2, -5), S(6, -13), S(1, -17), S(-2, -18), S(-39, -11), S(0, 0),
    },
    .passedEnemyKingDistance = {
        S(0, 0), S(-1, -7), S(-3, -2), S(-6, 11), S(-6, 22), S(-6, 39), S(6, 49), S(0, 0),
    },
    .passedRookBehind = S(7, 7),
    .candidatePasser = {
        S(0, 0), S(0, -10), S(1, -1), S(1, 20), S(5, 29), S(8, 46), S(8, 46), S(0, 0),
    },
    .passedCanAdvance = {
        S(0, 0), S(3, 1), S(2, -6), S(-4, 2), S(4, 0), S(0, -4), S(12, 18), S(0, 0),
    },
    .passedSafeAdvance = {
        S(0, 0), S(9, 0), S(-1, 6), S(-1, 10), S(0, 19), S(8, 24), S(13, 26), S(0, 0),
    },
    .passedSafeSpan = {
        S(0, 0), S(-45, 3), S(-46, 11), S(-48, 22), S(-50, 45), S(-49, 65), S(-41, 81), S(0, 0),
    },
    .passedStopDefended = {
        S(0, 0), S(1, 5), S(7, 6), S(6, 10), S(9, 20), S(17, 43), S(33, 85), S(0, 0),
    },
    .passedEnemyBehind = S(-34, -15),
    .passedOwnPawnAhead = S(-2, -9),
    .kingShelter = {
        {  // a/h
            S(-4, -11), S(11, -12), S(5, -10), S(2, -10), S(-15, 3), S(-10, 34), S(-28, 109), S(-23, 6),
        },
        {  // b/g
            S(20, 0), S(22, -10), S(9, -15), S(-13, -19), S(-25, -10), S(-42, 43), S(6, 34), S(-28, 9),
        },
        {  // c/f
            S(10, 11), S(4, 8), S(-17, 2), S(-19, -8), S(-17, -22), S(1, -5), S(-2, 66), S(-25, 6),
        },
        {  // d/e
            S(5, 24), S(10, 13), S(-2, 7), S(-5, -4), S(-14, -6), S(-22, -17), S(-48, 21), S(-12, 10),
        },
    },
    .kingStorm = {
        {  // a/h
            S(-55, 21), S(46, -12), S(-13, -7), S(1, -7), S(-1, -1), S(2, -9), S(2, -1), S(-9, -5),
        },
        {  // b/g
            S(-24, 20), S(9, 8), S(-20, -2), S(-1, -6), S(9, -5), S(14, -7), S(11, -2), S(-2, -3),
        },
        {  // c/f
            S(-49, 30), S(-46, 19), S(-24, -2), S(-3, -3), S(6, -2), S(4, 2), S(3, 3), S(4, -4),
        },
        {  // d/e
            S(-48, 24), S(-59, 11), S(-33, -9), S(-19, -7), S(-6, -5), S(3, -10), S(1, -13), S(-11, 0),
        },
    },
    .kingOpenFile = S(-8, 0),
    .kingCastleShelter = S(-13, 14),
    .kingPawnFileDistance = {
        S(13, 29), S(-15, 25), S(-17, 6), S(-35, -37), S(1, -96), S(13, -125), S(-19, -138), S(-8, -153),
    },
    .pawnlessFlank = S(-3, -10),
    .threatByPawn = {
        S(0, 0), S(39, 30), S(38, 59), S(32, 44), S(28, 9), S(0, 0),
    },
    .threatByMinor = {
        S(-1, 15), S(17, 26), S(28, 36), S(51, 31), S(44, 25), S(0, 0),
    },
    .threatByRook = {
        S(-2, 15), S(13, 15), S(20, 14), S(0, 0), S(30, 32), S(0, 0),
    },
    .hangingPiece = S(19, 13),
    .pawnPushThreat = S(12, 16),
    .threatBySafePawn = S(24, 4),
    .restrictedSquare = S(4, 3),
    .knightOnQueen = S(7, 1),
    .sliderOnQueen = S(12, 4),
    .threatByKing = S(28, 17),
    .bishopPair = S(19, 63),
    .bishopPawnsSameColour = S(-2, -3),
    .rookOpenFile = S(27, -5),
    .rookSemiOpenFile = S(17, -6),
    .knightOutpost = S(18, 18),
    .bishopOutpost = S(22, 18),
    .minorBehindPawn = S(2, 14),
    .knightFarFromKings = {
        S(-5, -4), S(-5, -8), S(-10, -2), S(-26, -44),
    },
    .bishopKingDistance = S(-4, -3),
    .bishopLongDiagonal = S(16, 20),
    .rookOnSeventh = S(-1, 27),
    .space = S(5, -1),
    .knightReachableOutpost = S(13, 14),
    .knightClosedness = {
        S(199, 47), S(203, 62), S(207, 67), S(213, 66), S(216, 66), S(220, 69), S(220, 69), S(217, 83),
        S(217, 167),
    },
    .rookClosedness = {
        S(304, 215), S(324, 184), S(345, 159), S(338, 164), S(348, 151), S(349, 137), S(365, 121), S(367, 120),
        S(320, 182),
    },
    .trappedRook = S(-8, -12),
    .weakQueen = S(-19, 11),
    .kingAttacker = {
        S(0, 0), S(17, 298), S(11, 307), S(-3, 185), S(-7, 350), S(0, 0),
    },
    .kingZoneAttack = S(22, 29),
    .weakKingSquare = S(16, -36),
    .safeCheck = {
        S(0, 0), S(109, 471), S(52, 789), S(71, 742), S(55, 383), S(0, 0),
    },
    .unsafeCheck = S(23, 112),
    .kingBlocker = S(7, 323),
    .knightDefender = S(-17, -190),
    .kingZonePawn = S(-12, -27),
    .flankAttack = S(7, 69),
    .flankDefense = S(-12, 53),
    .noEnemyQueen = S(-892, -268),
    .dangerOffset = S(145, -1911),
    .complexityPassers = S(0, 0),
    .complexityPawns = S(0, 4),
    .complexityOutflanking = S(0, 1),
    .complexityInfiltration = S(0, -10),
    .complexityBothFlanks = S(0, 56),
    .complexityPawnEndgame = S(0, 78),
    .complexityUnwinnable = S(0, -18),
    .complexityOffset = S(0, -84),
    .tempo = S(20, 13),
};
// clang-format on
// END WEIGHTS

}  // namespace vireo
