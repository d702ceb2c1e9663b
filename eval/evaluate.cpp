#include "evaluate.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <iterator>

#include "eval/endgame.h"
#include "eval/pawn_table.h"
#include "eval/piece_values.h"
#include "eval/weights.h"

namespace vireo {

namespace {

using namespace weights;

enum Term {
    MATERIAL,
    PLACEMENT,
    MOBILITY_TERM,
    PAWN_STRUCTURE,
    PASSED_PAWNS,
    KING_SAFETY,
    THREATS,
    PIECES,
    SPACE_TERM,
    TEMPO_TERM,
    COMPLEXITY_TERM,  // White's column only: the adjustment of the endgame total, from White's side
    TERM_NB
};
constexpr const char* TERM_NAMES[TERM_NB] = {"Material",     "Placement",   "Mobility",  "Pawn structure",
                                             "Passed pawns", "King safety", "Threats",   "Pieces",
                                             "Space",        "Tempo",       "Complexity"};

constexpr Bitboard CENTRE = (file_bb(3) | file_bb(4)) & (rank_bb(3) | rank_bb(4));
constexpr Bitboard QUEEN_SIDE = file_bb(0) | file_bb(1) | file_bb(2) | file_bb(3);
constexpr Bitboard KING_SIDE = file_bb(4) | file_bb(5) | file_bb(6) | file_bb(7);
constexpr Bitboard CENTRE_FILES = file_bb(2) | file_bb(3) | file_bb(4) | file_bb(5);
// The files of the king's wing, by the king's file (Stockfish's KingFlank).
constexpr Bitboard KING_FLANK[8] = {
    QUEEN_SIDE & ~file_bb(3), QUEEN_SIDE, QUEEN_SIDE, CENTRE_FILES, CENTRE_FILES, KING_SIDE, KING_SIDE,
    KING_SIDE & ~file_bb(4)};

constexpr Bitboard adjacent_files(int f) { return (f > 0 ? file_bb(f - 1) : 0) | (f < 7 ? file_bb(f + 1) : 0); }

// Squares strictly in front of s (from c's side) on its file, and on its file and the adjacent ones.
constexpr auto FORWARD = [] {
    std::array<std::array<Bitboard, 64>, 2> file{}, span{};
    for (int c = 0; c < 2; ++c)
        for (int sq = 0; sq < 64; ++sq) {
            Bitboard ahead = 0;
            for (int r = (sq >> 3) + (c == WHITE ? 1 : -1); r >= 0 && r < 8; r += c == WHITE ? 1 : -1)
                ahead |= rank_bb(r);
            file[c][sq] = ahead & file_bb(sq & 7);
            span[c][sq] = ahead & (file_bb(sq & 7) | adjacent_files(sq & 7));
        }
    return std::pair{file, span};
}();
constexpr Bitboard forward_file(Color c, Square s) { return FORWARD.first[c][s]; }
constexpr Bitboard forward_span(Color c, Square s) { return FORWARD.second[c][s]; }

// Every square of b and those in front of them (from c's side) on their files.
template <Color C>
constexpr Bitboard forward_fill(Bitboard b) {
    for (int k = 8; k <= 32; k *= 2) b |= C == WHITE ? b << k : b >> k;
    return b;
}
// The files that hold a square of b, each as a whole file.
constexpr Bitboard file_fill(Bitboard b) { return forward_fill<WHITE>(b) | forward_fill<BLACK>(b); }
static_assert(forward_fill<WHITE>(bb(D2)) == (file_bb(3) & ~rank_bb(0)) &&
              forward_fill<BLACK>(bb(D2)) == (bb(D1) | bb(D2)));
static_assert(file_fill(bb(A5) | bb(H2)) == (file_bb(0) | file_bb(7)));

struct Trace {
    S terms[TERM_NB][COLOR_NB];
};

// One evaluation. With Tracing, it also fills the term trace (eval_trace) and the coefficients
// (the tuner) when they are given.
template <bool Tracing>
struct Evaluator {
    const Board& b;
    const Weights& w;
    Trace* trace = nullptr;
    EvalCoefficients* coefs = nullptr;
    PawnTable* pawnTable = nullptr;  // never with Tracing: the trace and the tuner need every term
    PawnEntry* pawnEntry = nullptr;  // this position's pawn structure in pawnTable, once pawn_structure() ran

    S total[COLOR_NB]{};
    Bitboard attackedBy[COLOR_NB][PIECE_TYPE_NB]{};  // squares attacked by c's pieces of a type
    Bitboard attacked[COLOR_NB]{};                   // ... by any of c's pieces
    Bitboard attacked2[COLOR_NB]{};                  // ... by two or more of them
    Bitboard mobilityArea[COLOR_NB]{};
    Bitboard kingZone[COLOR_NB]{};      // c's king and the squares around it
    Bitboard kingBlockers[COLOR_NB]{};  // pieces of either colour alone between c's king and an enemy slider
    Bitboard passed[COLOR_NB]{};
    Bitboard pawnAttackSpan[COLOR_NB]{};  // squares c's pawns attack or could attack as they advance
    Bitboard outposts[COLOR_NB]{};        // c's outpost squares: ranks 4-6, held by c's pawn, out of the enemy's span
    int closedness = 0;                   // 0 (open) ... 8 (closed): pawns, rammed pawns, files without pawns
    int kingAttackers[COLOR_NB][PIECE_TYPE_NB]{};  // c's pieces of a type attacking the enemy king zone
    int kingZoneAttacks[COLOR_NB]{};               // c's attacks on squares of the enemy king zone

    int index(const S& weight) const {
        return int((reinterpret_cast<const char*>(&weight) - reinterpret_cast<const char*>(&w)) / sizeof(S));
    }

    // A weight counted `count` times for c.
    void add(Color c, Term t, const S& weight, int count = 1) {
        total[c] += weight * count;
        if constexpr (Tracing) {
            if (trace) trace->terms[t][c] += weight * count;
            if (coefs) coefs->count[c][index(weight)] += std::int16_t(count);
        }
    }
    // A score that is no single weight (the king-danger curve).
    void add_score(Color c, Term t, S s) {
        total[c] += s;
        if constexpr (Tracing)
            if (trace) trace->terms[t][c] += s;
    }
    // A king-danger weight counted for the attacking colour c.
    void add_danger(Color c, S& danger, const S& weight, int count = 1) {
        danger += weight * count;
        if constexpr (Tracing)
            if (coefs) coefs->count[c][index(weight)] += std::int16_t(count);
    }
    void add_attacks(Color c, PieceType pt, Bitboard att) {
        attacked2[c] |= attacked[c] & att;
        attacked[c] |= att;
        attackedBy[c][pt] |= att;
    }

    // Attack maps of pawns and kings, king zones and mobility areas.
    template <Color Us>
    void init() {
        constexpr Color Them = ~Us;
        constexpr Direction Down = Us == WHITE ? SOUTH : NORTH;
        constexpr Bitboard LowRanks = Us == WHITE ? rank_bb(1) | rank_bb(2) : rank_bb(6) | rank_bb(5);
        const Bitboard ourPawns = b.pieces(Us, PAWN);
        const Bitboard left = Us == WHITE ? shift<NORTH_WEST>(ourPawns) : shift<SOUTH_WEST>(ourPawns);
        const Bitboard right = Us == WHITE ? shift<NORTH_EAST>(ourPawns) : shift<SOUTH_EAST>(ourPawns);
        attacked2[Us] = left & right;
        attacked[Us] = attackedBy[Us][PAWN] = left | right;
        add_attacks(Us, KING, KING_ATTACKS[b.king(Us)]);
        kingZone[Us] = KING_ATTACKS[b.king(Us)] | bb(b.king(Us));
        const Bitboard blocked = ourPawns & (shift<Down>(b.occupied()) | LowRanks);
        kingBlockers[Us] = blockers(b.king(Us));
        // (Stockfish 11's area: neither the own king and queen nor a piece shielding the own king count)
        mobilityArea[Us] = ~(blocked | b.pieces(Us, KING) | b.pieces(Us, QUEEN) | kingBlockers[Us] |
                             pawn_attacks<Them>(b.pieces(Them, PAWN)));
        // (the union of forward_span(Us, s) off the pawn's own file, over our pawns)
        const Bitboard ahead = forward_fill<Us>(Us == WHITE ? shift<NORTH>(ourPawns) : shift<SOUTH>(ourPawns));
        pawnAttackSpan[Us] = shift<EAST>(ahead) | shift<WEST>(ahead);
    }

    // What needs both colours' pawns: outpost squares, how closed the position is.
    void init_shared() {
        constexpr Bitboard OutpostRanks[COLOR_NB] = {rank_bb(3) | rank_bb(4) | rank_bb(5),
                                                     rank_bb(4) | rank_bb(3) | rank_bb(2)};
        for (Color c : {WHITE, BLACK}) outposts[c] = OutpostRanks[c] & attackedBy[c][PAWN] & ~pawnAttackSpan[~c];
        // Ethereal 12.75's closedness: pawns, rammed pairs thrice, files without pawns four times less.
        const Bitboard pawns = b.pieces(PAWN);
        const int rammed = popcount(b.pieces(WHITE, PAWN) & shift<SOUTH>(b.pieces(BLACK, PAWN)));
        const int openFiles = 8 - popcount(file_fill(pawns) & rank_bb(0));
        closedness = std::clamp((popcount(pawns) + 3 * rammed - 4 * openFiles) / 3, 0, 8);
    }

    // Knights, bishops, rooks and queens: material, placement, mobility, attacks on the enemy king.
    // (One function per piece type, so that each type's terms are chosen when compiling.)
    template <Color Us>
    void pieces() {
        pieces_of<Us, KNIGHT>();
        pieces_of<Us, BISHOP>();
        pieces_of<Us, ROOK>();
        pieces_of<Us, QUEEN>();
        if (more_than_one(b.pieces(Us, BISHOP))) add(Us, PIECES, w.bishopPair);
    }
    template <Color Us, PieceType pt>
    void pieces_of() {
        constexpr Color Them = ~Us;
        const Bitboard occ = b.occupied();
        const Bitboard ourPawns = b.pieces(Us, PAWN), theirPawns = b.pieces(Them, PAWN);
        for (Bitboard pcs = b.pieces(Us, pt); pcs;) {
            const Square s = pop_lsb(pcs);
            add(Us, MATERIAL, w.pieceValue[pt]);
            add(Us, PLACEMENT, w.psqt[pt][relative_square(Us, s)]);
            // Bishops see through queens, rooks through queens and their own rooks (x-rays, as in
            // Stockfish 11); a piece pinned to its king moves along the pin alone.
            Bitboard att = pt == BISHOP ? attacks<BISHOP>(s, occ ^ b.pieces(QUEEN))
                           : pt == ROOK ? attacks<ROOK>(s, occ ^ b.pieces(QUEEN) ^ b.pieces(Us, ROOK))
                                        : attacks<pt>(s, occ);
            if (kingBlockers[Us] & bb(s)) att &= line_bb(b.king(Us), s);
            add_attacks(Us, pt, att);
            const int mob = popcount(att & mobilityArea[Us]);
            if constexpr (pt == KNIGHT) add(Us, MOBILITY_TERM, w.knightMobility[mob]);
            if constexpr (pt == BISHOP) add(Us, MOBILITY_TERM, w.bishopMobility[mob]);
            if constexpr (pt == ROOK) add(Us, MOBILITY_TERM, w.rookMobility[mob]);
            if constexpr (pt == QUEEN) add(Us, MOBILITY_TERM, w.queenMobility[mob]);
            if (att & kingZone[Them]) {
                ++kingAttackers[Us][pt];
                kingZoneAttacks[Us] += popcount(att & kingZone[Them]);
            }
            if constexpr (pt == KNIGHT || pt == BISHOP) minor<Us>(pt, s);
            if constexpr (pt == KNIGHT) {
                add(Us, PIECES, w.knightClosedness[closedness]);
                if (!(outposts[Us] & bb(s)) && (att & outposts[Us] & ~b.pieces(Us)))
                    add(Us, PIECES, w.knightReachableOutpost);
                const int near = std::min(distance(s, b.king(Us)), distance(s, b.king(Them)));
                if (near >= 4) add(Us, PIECES, w.knightFarFromKings[near - 4]);
            }
            if constexpr (pt == BISHOP) {
                add(Us, PIECES, w.bishopPawnsSameColour,
                    popcount(ourPawns & (bb(s) & DARK_SQUARES ? DARK_SQUARES : ~DARK_SQUARES)));
                add(Us, PIECES, w.bishopKingDistance, distance(s, b.king(Us)));
                if (more_than_one(attacks<BISHOP>(s, b.pieces(PAWN)) & CENTRE)) add(Us, PIECES, w.bishopLongDiagonal);
            }
            if constexpr (pt == ROOK) {
                const Bitboard file = file_bb(file_of(s));
                if (!(file & (ourPawns | theirPawns))) add(Us, PIECES, w.rookOpenFile);
                else if (!(file & ourPawns)) add(Us, PIECES, w.rookSemiOpenFile);
                const int seventh = Us == WHITE ? 6 : 1, eighth = Us == WHITE ? 7 : 0;
                if (rank_of(s) == seventh && ((theirPawns & rank_bb(seventh)) || rank_of(b.king(Them)) == eighth))
                    add(Us, PIECES, w.rookOnSeventh);
                add(Us, PIECES, w.rookClosedness[closedness]);
                // Shut in by its own king: on the king's wing, further out than the king.
                const int kf = file_of(b.king(Us));
                constexpr std::uint8_t Rights = Us == WHITE ? WHITE_OO | WHITE_OOO : BLACK_OO | BLACK_OOO;
                if (mob <= 3 && (kf < 4) == (file_of(s) < kf))
                    add(Us, PIECES, w.trappedRook, (b.castling & Rights) ? 1 : 2);
            }
            if constexpr (pt == QUEEN)
                if (sliders_blockers(s, (b.pieces(Them, ROOK) & attacks<ROOK>(s, 0)) |
                                            (b.pieces(Them, BISHOP) & attacks<BISHOP>(s, 0))))
                    add(Us, PIECES, w.weakQueen);
        }
    }

    // A knight or bishop: outposts, shelter behind a pawn.
    template <Color Us>
    void minor(PieceType pt, Square s) {
        const int rr = relative_rank(Us, rank_of(s));
        if (outposts[Us] & bb(s)) add(Us, PIECES, pt == KNIGHT ? w.knightOutpost : w.bishopOutpost);
        const Square front = Square(s + (Us == WHITE ? 8 : -8));
        if (rr < 7 && (bb(front) & b.pieces(PAWN))) add(Us, PIECES, w.minorBehindPawn);
    }

    // Pawns: material, placement, structure; finds the passed pawns.
    template <Color Us>
    void pawns() {
        constexpr Color Them = ~Us;
        const Bitboard ourPawns = b.pieces(Us, PAWN), theirPawns = b.pieces(Them, PAWN);
        for (Bitboard pcs = ourPawns; pcs;) {
            const Square s = pop_lsb(pcs);
            const int f = file_of(s), rr = relative_rank(Us, rank_of(s));
            add(Us, MATERIAL, w.pieceValue[PAWN]);
            add(Us, PLACEMENT, w.psqt[PAWN][relative_square(Us, s)]);
            const Bitboard neighbours = ourPawns & adjacent_files(f);
            const Bitboard phalanx = neighbours & rank_bb(rank_of(s));
            const Bitboard supporters = PAWN_ATTACKS[Them][s] & ourPawns;
            const Bitboard levers = PAWN_ATTACKS[Us][s] & theirPawns;  // enemy pawns it attacks, and so is attacked by
            const bool isolated = !neighbours;
            if (isolated) add(Us, PAWN_STRUCTURE, w.isolatedPawn);
            if (forward_file(Us, s) & ourPawns) add(Us, PAWN_STRUCTURE, w.doubledPawn);
            if (phalanx || supporters) add(Us, PAWN_STRUCTURE, w.connectedPawn[rr]);
            if (phalanx) add(Us, PAWN_STRUCTURE, w.pawnPhalanx[rr]);
            if (supporters) add(Us, PAWN_STRUCTURE, w.pawnSupporters, popcount(supporters));
            if (!supporters && more_than_one(levers)) add(Us, PAWN_STRUCTURE, w.weakLever);
            // Backward: every neighbour is ahead of it, and its stop square is held by an enemy pawn.
            const Square stop = Square(s + (Us == WHITE ? 8 : -8));
            const bool backward =
                neighbours && !(neighbours & ~forward_span(Us, s)) && (attackedBy[Them][PAWN] & bb(stop));
            if (backward) add(Us, PAWN_STRUCTURE, w.backwardPawn);
            // A weak pawn on a half-open file: the enemy's rooks and queen can reach it from the front.
            if ((isolated || backward) && !(forward_file(Us, s) & theirPawns)) add(Us, PAWN_STRUCTURE, w.weakUnopposed);
            if (!(forward_span(Us, s) & theirPawns)) {
                passed[Us] |= bb(s);
            } else if (!(forward_file(Us, s) & theirPawns)) {
                // Candidate: its file is free of enemy pawns and its helpers (own pawns beside or
                // behind it on the adjacent files) are at least as many as the sentries ahead.
                const Bitboard helpers = neighbours & ~forward_span(Us, s);
                const Bitboard sentries = forward_span(Us, s) & theirPawns;
                if (popcount(helpers) >= popcount(sentries)) add(Us, PASSED_PAWNS, w.candidatePasser[rr]);
            }
        }
    }

    // Both colours' pawns, from the pawn table when it holds this structure; stored in it when not.
    void pawn_structure() {
        if (!Tracing && pawnTable) {
            if (PawnEntry* e = pawnTable->find(b.pawnKey)) {
                for (Color c : {WHITE, BLACK}) {
                    total[c] += e->score[c];
                    passed[c] = e->passed[c];
                }
                pawnEntry = e;
                return;
            }
        }
        const S before[COLOR_NB] = {total[WHITE], total[BLACK]};
        pawns<WHITE>();
        pawns<BLACK>();
        if (!Tracing && pawnTable) {
            PawnEntry e;
            e.key = b.pawnKey;
            for (Color c : {WHITE, BLACK}) {
                e.score[c] = total[c] - before[c];
                e.passed[c] = passed[c];
            }
            pawnEntry = &pawnTable->store(e);
        }
    }

    // Passed pawns: by rank, a free and safe path and span, a defended stop square, the distance of both
    // kings, a rook or queen behind, an own pawn in front.
    template <Color Us>
    void passers() {
        constexpr Color Them = ~Us;
        const Bitboard occ = b.occupied();
        for (Bitboard pcs = passed[Us]; pcs;) {
            const Square s = pop_lsb(pcs);
            const int rr = relative_rank(Us, rank_of(s));
            const Square stop = Square(s + (Us == WHITE ? 8 : -8));
            // The first piece behind it on its file: an enemy rook or queen there attacks every square
            // of its path through it (Stockfish 11), an own one defends them.
            const Bitboard behind = attacks<ROOK>(s, occ) & forward_file(Them, s);
            const bool enemyBehind = behind & (b.pieces(Them, ROOK) | b.pieces(Them, QUEEN));
            const bool ownBehind = behind & (b.pieces(Us, ROOK) | b.pieces(Us, QUEEN));
            const Bitboard unsafe = enemyBehind ? ~Bitboard(0) : attacked[Them];
            add(Us, PASSED_PAWNS, w.passedPawn[rr]);
            if (!(occ & bb(stop))) {
                add(Us, PASSED_PAWNS, w.passedCanAdvance[rr]);
                if (!(forward_span(Us, s) & unsafe)) add(Us, PASSED_PAWNS, w.passedSafeSpan[rr]);
                if (ownBehind || (attacked[Us] & bb(stop))) add(Us, PASSED_PAWNS, w.passedStopDefended[rr]);
            }
            if (!(attacked[Them] & bb(stop))) add(Us, PASSED_PAWNS, w.passedSafeAdvance[rr]);
            if (!(forward_file(Us, s) & occ)) {
                add(Us, PASSED_PAWNS, w.passedFreePath[rr]);
                if (!(forward_file(Us, s) & unsafe)) add(Us, PASSED_PAWNS, w.passedSafePath[rr]);
            }
            add(Us, PASSED_PAWNS, w.passedOwnKingDistance[rr], distance(b.king(Us), stop));
            add(Us, PASSED_PAWNS, w.passedEnemyKingDistance[rr], distance(b.king(Them), stop));
            if (behind & b.pieces(Us, ROOK)) add(Us, PASSED_PAWNS, w.passedRookBehind);
            if (enemyBehind) add(Us, PASSED_PAWNS, w.passedEnemyBehind);
            if (forward_file(Us, s) & b.pieces(Us, PAWN)) add(Us, PASSED_PAWNS, w.passedOwnPawnAhead);
        }
    }

    // The own king: placement and pawn shelter. They read the pawns, this king's square and its
    // castling rights alone: the pawn entry keeps them for the square and rights they were computed for.
    template <Color Us>
    void king() {
        const Square k = b.king(Us);
        if (!Tracing && pawnEntry) {
            constexpr std::uint8_t Rights = Us == WHITE ? WHITE_OO | WHITE_OOO : BLACK_OO | BLACK_OOO;
            const std::uint8_t castling = b.castling & Rights;
            if (pawnEntry->kingSquare[Us] != k || pawnEntry->kingCastling[Us] != castling) {
                const S before = total[Us];
                king_terms<Us>(k);
                pawnEntry->kingSquare[Us] = std::uint8_t(k);
                pawnEntry->kingCastling[Us] = castling;
                pawnEntry->kingScore[Us] = total[Us] - before;
            } else {
                total[Us] += pawnEntry->kingScore[Us];
            }
            return;
        }
        king_terms<Us>(k);
    }
    // The shelter and storm of a king on k, on its file and its neighbours (moved off the edge): the
    // nearest own and enemy pawn in front of the king (or level with it) on each file, by rank distance.
    // `builtInScore` is the middlegame shelter and storm by the built-in weights (WEIGHTS, not w), so
    // that the square chosen, and with it the counts the tuner sees, do not move with the weights it tries.
    struct Shelter {
        int builtInScore = 0;
        int edge[3], own[3], storm[3];
    };
    template <Color Us>
    Shelter shelter(Square k) const {
        constexpr Color Them = ~Us;
        const Bitboard ourPawns = b.pieces(Us, PAWN), theirPawns = b.pieces(Them, PAWN);
        const int kr = relative_rank(Us, rank_of(k));
        const Bitboard front = forward_span(Us, k) | (rank_bb(rank_of(k)) & ~bb(k));
        const int centre = std::clamp(file_of(k), 1, 6);
        Shelter out;
        for (int i = 0; i < 3; ++i) {
            const int f = centre - 1 + i;
            const Bitboard ours = ourPawns & front & file_bb(f), theirs = theirPawns & front & file_bb(f);
            out.edge[i] = std::min(f, 7 - f);
            out.own[i] = ours ? relative_rank(Us, rank_of(Us == WHITE ? lsb(ours) : msb(ours))) - kr : 7;
            out.storm[i] = theirs ? relative_rank(Us, rank_of(Us == WHITE ? lsb(theirs) : msb(theirs))) - kr : 7;
            out.builtInScore +=
                WEIGHTS.kingShelter[out.edge[i]][out.own[i]].mg + WEIGHTS.kingStorm[out.edge[i]][out.storm[i]].mg;
        }
        return out;
    }
    // The king's terms, computed. Read nothing here but the pawns, k and Us's castling rights: the pawn
    // table keeps the sum for them (a term that reads another piece belongs in king_danger or threats).
    template <Color Us>
    void king_terms(Square k) {
        const Bitboard ourPawns = b.pieces(Us, PAWN);
        add(Us, PLACEMENT, w.psqt[KING][relative_square(Us, k)]);
        // Shelter and storm where the king stands, or where castling would put it when that is better
        // (Stockfish 11): a king that can still castle is not judged by the pawns of the centre.
        Shelter best = shelter<Us>(k);
        bool castled = false;
        constexpr std::uint8_t Short = Us == WHITE ? WHITE_OO : BLACK_OO, Long = Us == WHITE ? WHITE_OOO : BLACK_OOO;
        constexpr Square G1 = Us == WHITE ? Square(6) : Square(62), C1 = Us == WHITE ? Square(2) : Square(58);
        for (const auto& [right, target] : {std::pair{Short, G1}, std::pair{Long, C1}}) {
            if (!(b.castling & right)) continue;
            const Shelter there = shelter<Us>(target);
            if (there.builtInScore > best.builtInScore) {
                best = there;
                castled = true;
            }
        }
        for (int i = 0; i < 3; ++i) {
            add(Us, KING_SAFETY, w.kingShelter[best.edge[i]][best.own[i]]);
            add(Us, KING_SAFETY, w.kingStorm[best.edge[i]][best.storm[i]]);
        }
        if (castled) add(Us, KING_SAFETY, w.kingCastleShelter);
        if (!(ourPawns & file_bb(file_of(k)))) add(Us, KING_SAFETY, w.kingOpenFile);
        if (const Bitboard pawns = b.pieces(PAWN)) {
            int d = 0;
            while (!(pawns & (file_bb(std::max(file_of(k) - d, 0)) | file_bb(std::min(file_of(k) + d, 7))))) ++d;
            add(Us, KING_SAFETY, w.kingPawnFileDistance[d]);
        }
        if (!(b.pieces(PAWN) & KING_FLANK[file_of(k)])) add(Us, KING_SAFETY, w.pawnlessFlank);
    }

    // Us attacking the enemy king: the danger count, turned into a score by king_danger_score().
    template <Color Us>
    void king_danger() {
        constexpr Color Them = ~Us;
        int attackers = 0;
        for (int pt = KNIGHT; pt <= QUEEN; ++pt) attackers += kingAttackers[Us][pt];
        if (attackers < (b.pieces(Us, QUEEN) ? 1 : 2)) return;
        const Square k = b.king(Them);
        const Bitboard occ = b.occupied();
        S danger;
        for (PieceType pt : {KNIGHT, BISHOP, ROOK, QUEEN})
            add_danger(Us, danger, w.kingAttacker[pt], kingAttackers[Us][pt]);
        add_danger(Us, danger, w.kingZoneAttack, kingZoneAttacks[Us]);
        // Weak: attacked by us, and defended at most once, by the king or queen only.
        const Bitboard weak =
            attacked[Us] & ~attacked2[Them] & (~attacked[Them] | attackedBy[Them][KING] | attackedBy[Them][QUEEN]);
        add_danger(Us, danger, w.weakKingSquare, popcount(weak & kingZone[Them]));
        // Safe checks: squares from which a piece would check, not attacked by them (or weak and
        // attacked twice by us), not occupied by our own pieces.
        const Bitboard safe = ~b.pieces(Us) & (~attacked[Them] | (weak & attacked2[Us]));
        const Bitboard diagonal = attacks<BISHOP>(k, occ), straight = attacks<ROOK>(k, occ);
        add_danger(Us, danger, w.safeCheck[KNIGHT], popcount(KNIGHT_ATTACKS[k] & attackedBy[Us][KNIGHT] & safe));
        add_danger(Us, danger, w.safeCheck[BISHOP], popcount(diagonal & attackedBy[Us][BISHOP] & safe));
        add_danger(Us, danger, w.safeCheck[ROOK], popcount(straight & attackedBy[Us][ROOK] & safe));
        add_danger(Us, danger, w.safeCheck[QUEEN], popcount((diagonal | straight) & attackedBy[Us][QUEEN] & safe));
        const Bitboard checks = (KNIGHT_ATTACKS[k] & attackedBy[Us][KNIGHT]) | (diagonal & attackedBy[Us][BISHOP]) |
                                (straight & attackedBy[Us][ROOK]);
        add_danger(Us, danger, w.unsafeCheck, popcount(checks & ~safe & ~b.pieces(Us)));
        add_danger(Us, danger, w.kingBlocker, popcount(kingBlockers[Them]));
        if (attackedBy[Them][KNIGHT] & attackedBy[Them][KING]) add_danger(Us, danger, w.knightDefender);
        add_danger(Us, danger, w.kingZonePawn, popcount(b.pieces(Them, PAWN) & kingZone[Them] & ~weak));
        // The king's wing, in the defender's camp (its first five ranks).
        constexpr Bitboard Camp =
            Them == WHITE ? ~(rank_bb(5) | rank_bb(6) | rank_bb(7)) : ~(rank_bb(0) | rank_bb(1) | rank_bb(2));
        const Bitboard flank = KING_FLANK[file_of(k)] & Camp;
        add_danger(Us, danger, w.flankAttack, popcount(attacked[Us] & flank) + popcount(attacked2[Us] & flank));
        add_danger(Us, danger, w.flankDefense, popcount(attacked[Them] & flank));
        if (!b.pieces(Them, QUEEN)) add_danger(Us, danger, w.noEnemyQueen);
        add_danger(Us, danger, w.dangerOffset);
        add_score(Us, KING_SAFETY, king_danger_score(danger));
    }

    // Pieces of either side standing alone between the king on k and an enemy slider aimed at it.
    Bitboard blockers(Square k) const {
        const Color them = ~color_of(b.piece_on(k));
        return sliders_blockers(k, (attacks<ROOK>(k, 0) & (b.pieces(them, ROOK) | b.pieces(them, QUEEN))) |
                                       (attacks<BISHOP>(k, 0) & (b.pieces(them, BISHOP) | b.pieces(them, QUEEN))));
    }
    // Pieces standing alone between square s and one of the sliders `snipers` (each on a line it moves along).
    Bitboard sliders_blockers(Square s, Bitboard snipers) const {
        const Bitboard occ = b.occupied();
        Bitboard result = 0;
        while (snipers) {
            const Bitboard between = between_bb(s, pop_lsb(snipers)) & occ;
            if (between && !more_than_one(between)) result |= between;
        }
        return result;
    }

    // Space: safe squares of the centre files on our second to fourth ranks, those behind our pawns
    // twice, weighed by the square of our piece count (/ 256), while much material is on the board.
    template <Color Us>
    void space() {
        constexpr Color Them = ~Us;
        constexpr Direction Down = Us == WHITE ? SOUTH : NORTH;
        constexpr Bitboard Area =
            CENTRE_FILES & (Us == WHITE ? rank_bb(1) | rank_bb(2) | rank_bb(3) : rank_bb(6) | rank_bb(5) | rank_bb(4));
        constexpr int Start =
            2 * (2 * PIECE_VALUE[KNIGHT] + 2 * PIECE_VALUE[BISHOP] + 2 * PIECE_VALUE[ROOK] + PIECE_VALUE[QUEEN]);
        if ((non_pawn_material(b, WHITE) + non_pawn_material(b, BLACK)) * 4 < Start * 3) return;
        const Bitboard safe = Area & ~b.pieces(Us, PAWN) & ~attackedBy[Them][PAWN];
        Bitboard behind = b.pieces(Us, PAWN);
        behind |= shift<Down>(behind);
        behind |= shift<Down>(shift<Down>(behind));
        const int bonus = popcount(safe) + popcount(behind & safe & ~attacked[Them]);
        const int weight = popcount(b.pieces(Us)) - 1;
        add(Us, SPACE_TERM, w.space, bonus * weight * weight / 256);
    }

    // Us threatening enemy pieces.
    template <Color Us>
    void threats() {
        constexpr Color Them = ~Us;
        constexpr Direction Up = Us == WHITE ? NORTH : SOUTH;
        constexpr Bitboard Rank3 = Us == WHITE ? rank_bb(2) : rank_bb(5);
        // Squares the enemy holds strongly: by a pawn, or twice when we attack them at most once.
        const Bitboard strong = attackedBy[Them][PAWN] | (attacked2[Them] & ~attacked2[Us]);
        add(Us, THREATS, w.restrictedSquare, popcount(attacked[Them] & attacked[Us] & ~strong));
        if (b.pieces(Them) & ~strong & attackedBy[Us][KING]) add(Us, THREATS, w.threatByKing);
        if (popcount(b.pieces(Them, QUEEN)) == 1) {
            const Square q = lsb(b.pieces(Them, QUEEN));
            const Bitboard safe = mobilityArea[Us] & ~strong;
            add(Us, THREATS, w.knightOnQueen, popcount(attackedBy[Us][KNIGHT] & KNIGHT_ATTACKS[q] & safe));
            const Bitboard sliders = (attackedBy[Us][BISHOP] & attacks<BISHOP>(q, b.occupied())) |
                                     (attackedBy[Us][ROOK] & attacks<ROOK>(q, b.occupied()));
            add(Us, THREATS, w.sliderOnQueen, popcount(sliders & safe & attacked2[Us]));
        }
        const Bitboard minors = attackedBy[Us][KNIGHT] | attackedBy[Us][BISHOP];
        for (PieceType pt : {PAWN, KNIGHT, BISHOP, ROOK, QUEEN}) {
            const Bitboard theirs = b.pieces(Them, pt);
            if (pt != PAWN) add(Us, THREATS, w.threatByPawn[pt], popcount(attackedBy[Us][PAWN] & theirs));
            add(Us, THREATS, w.threatByMinor[pt], popcount(minors & theirs));
            // (a rook attacking a rook is attacked back: no threat, and no weight)
            if (pt != ROOK) add(Us, THREATS, w.threatByRook[pt], popcount(attackedBy[Us][ROOK] & theirs));
        }
        const Bitboard theirPieces = b.pieces(Them) & ~b.pieces(Them, PAWN) & ~b.pieces(Them, KING);
        add(Us, THREATS, w.hangingPiece, popcount(theirPieces & attacked[Us] & ~attacked[Them]));
        // Pieces attacked by a pawn that cannot simply be taken: defended, or not attacked (Stockfish 11).
        const Bitboard safePawns = b.pieces(Us, PAWN) & (~attacked[Them] | attacked[Us]);
        if (const Bitboard hit = pawn_attacks<Us>(safePawns) & theirPieces)
            add(Us, THREATS, w.threatBySafePawn, popcount(hit));
        // Pawn pushes (one or two squares) to safe squares from which the pawn attacks a piece.
        const Bitboard empty = ~b.occupied();
        Bitboard pushes = shift<Up>(b.pieces(Us, PAWN)) & empty;
        pushes |= shift<Up>(pushes & Rank3) & empty;
        pushes &= ~attackedBy[Them][PAWN] & (attacked[Us] | ~attacked[Them]);
        add(Us, THREATS, w.pawnPushThreat, popcount(pawn_attacks<Us>(pushes) & theirPieces));
    }

    // The endgame's scale out of SCALE_NORMAL for material that is hard to win with, when `strong`
    // is the side the endgame score favours.
    int scale_factor(Color strong) const {
        const Color weak = ~strong;
        if (endgame::wrong_bishop_rook_pawns(b, strong)) return SCALE_WRONG_BISHOP;
        const int strongMaterial = non_pawn_material(b, strong), weakMaterial = non_pawn_material(b, weak);
        if (!b.pieces(strong, PAWN)) {
            if (strongMaterial <= PIECE_VALUE[BISHOP]) return SCALE_NO_MATING_MATERIAL;
            if (strongMaterial - weakMaterial <= PIECE_VALUE[BISHOP]) return SCALE_MINOR_UP_NO_PAWNS;
        }
        const Bitboard bishops = b.pieces(BISHOP), knights = b.pieces(KNIGHT), rooks = b.pieces(ROOK),
                       queens = b.pieces(QUEEN);
        const auto one_each = [&](Bitboard pcs) {
            return popcount(pcs & b.pieces(WHITE)) == 1 && popcount(pcs & b.pieces(BLACK)) == 1;
        };
        if (one_each(bishops) && (bishops & DARK_SQUARES) && (bishops & ~DARK_SQUARES)) {
            if (!(knights | rooks | queens)) return SCALE_OPPOSITE_BISHOPS;
            if (!(rooks | queens) && one_each(knights)) return SCALE_OCB_KNIGHTS;
            if (!(knights | queens) && one_each(rooks)) return SCALE_OCB_ROOKS;
        }
        const Bitboard minorsAndRooks = knights | bishops | rooks;
        if (popcount(queens) == 1 && (queens & b.pieces(strong)) && !(minorsAndRooks & b.pieces(strong)) &&
            more_than_one(minorsAndRooks & b.pieces(weak)))
            return SCALE_LONE_QUEEN;
        const int strongPawns = popcount(b.pieces(strong, PAWN));
        if (!queens && !more_than_one(minorsAndRooks & b.pieces(WHITE)) &&
            !more_than_one(minorsAndRooks & b.pieces(BLACK)) && strongPawns - popcount(b.pieces(weak, PAWN)) > 2)
            return SCALE_LARGE_PAWN_EDGE;
        return std::min(SCALE_NORMAL, SCALE_PAWN_BASE + SCALE_PER_PAWN * strongPawns);
    }

    // Complexity: how the endgame score e moves, e + sign(e) * max(c, -|e|), from White's side.
    int complexity(int eg) {
        const Square wk = b.king(WHITE), bk = b.king(BLACK);
        const Bitboard pawns = b.pieces(PAWN);
        const int outflanking = std::abs(file_of(wk) - file_of(bk)) - std::abs(rank_of(wk) - rank_of(bk));
        const bool bothFlanks = (pawns & QUEEN_SIDE) && (pawns & KING_SIDE);
        const int passers = popcount(passed[WHITE] | passed[BLACK]);
        // (each weight named in turn: an array of weight pointers cost a stall on every evaluation)
        int c = 0;
        const auto term = [&](const S& weight, int count) {
            c += weight.eg * count;
            if constexpr (Tracing)
                if (coefs) coefs->count[WHITE][std::size_t(index(weight))] += std::int16_t(count);
        };
        static_assert(COMPLEXITY_END - COMPLEXITY_FIRST == 8, "one term() below for each complexity weight");
        term(w.complexityPassers, passers);
        term(w.complexityPawns, popcount(pawns));
        term(w.complexityOutflanking, outflanking);
        term(w.complexityInfiltration, rank_of(wk) > 3 || rank_of(bk) < 4);
        term(w.complexityBothFlanks, bothFlanks);
        term(w.complexityPawnEndgame, !(b.occupied() & ~pawns & ~b.pieces(KING)));
        term(w.complexityUnwinnable, !passers && outflanking < 0 && !bothFlanks);
        term(w.complexityOffset, 1);
        const int sign = (eg > 0) - (eg < 0);
        const int adjustment = sign * std::max(c, -std::abs(eg));
        if constexpr (Tracing)
            if (trace) trace->terms[COMPLEXITY_TERM][WHITE] += S(0, adjustment);
        return adjustment;
    }

    // White's score in centipawns; `phase`, `scale` get the blend's parts.
    int run(int& phase, int& scale) {
        init<WHITE>();
        init<BLACK>();
        init_shared();
        pieces<WHITE>();
        pieces<BLACK>();
        pawn_structure();
        king<WHITE>();
        king<BLACK>();
        passers<WHITE>();
        passers<BLACK>();
        threats<WHITE>();
        threats<BLACK>();
        space<WHITE>();
        space<BLACK>();
        king_danger<WHITE>();
        king_danger<BLACK>();
        add(b.side, TEMPO_TERM, w.tempo);

        phase = 0;
        for (PieceType pt : {KNIGHT, BISHOP, ROOK, QUEEN}) phase += PHASE_WEIGHT[pt] * popcount(b.pieces(pt));
        phase = std::min(phase, PHASE_MAX);
        S s = total[WHITE] - total[BLACK];
        s.eg += complexity(s.eg);
        scale = scale_factor(s.eg >= 0 ? WHITE : BLACK);
        if constexpr (Tracing)
            if (coefs) coefs->scale = {scale_factor(WHITE), scale_factor(BLACK)};
        // One division, so that the blend rounds once.
        const std::int64_t blended =
            std::int64_t(s.mg) * phase * SCALE_NORMAL + std::int64_t(s.eg) * scale * (PHASE_MAX - phase);
        const int fifty = RULE50_SPAN - std::min<int>(b.rule50, RULE50_SPAN);
        return int(blended * fifty / (PHASE_MAX * SCALE_NORMAL * RULE50_SPAN));
    }

    int for_side_to_move(int& phase, int& scale) {
        const int white = run(phase, scale);
        return b.side == WHITE ? white : -white;
    }
};

std::string format_pair(S s) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%6.2f %6.2f", s.mg / 100.0, s.eg / 100.0);
    return buf;
}

}  // namespace

int evaluate(const Board& b, PawnTable* pawnTable) {
    if (const auto known = endgame::known_ending(b)) return known->score;
    Evaluator<false> e{b, WEIGHTS, nullptr, nullptr, pawnTable};
    int phase, scale;
    return e.for_side_to_move(phase, scale);
}

int WeightedEval::operator()(const Board& b) const {
    if (const auto known = endgame::known_ending(b)) return known->score;
    Evaluator<false> e{b, w};
    int phase, scale;
    return e.for_side_to_move(phase, scale);
}

int WeightedEval::coefficients(const Board& b, EvalCoefficients& out) const {
    out = EvalCoefficients{};
    Evaluator<true> e{b, w, nullptr, &out};
    int scale;
    const int score = e.for_side_to_move(out.phase, scale);
    out.rule50 = std::min<int>(b.rule50, RULE50_SPAN);
    return score;
}

std::string eval_trace(const Board& b) {
    if (const auto known = endgame::known_ending(b)) {
        char text[160];
        std::snprintf(text, sizeof text,
                      "Specialised ending %s (eval/endgame.h): scored by rule\nFinal evaluation %+.2f (white side)\n",
                      known->name, (b.side == WHITE ? known->score : -known->score) / 100.0);
        return text;
    }
    Trace t{};
    Evaluator<true> e{b, WEIGHTS, &t};
    int phase, scale;
    const int score = e.for_side_to_move(phase, scale);
    std::string out =
        "          Term |         White |         Black |         Total\n"
        "               |     MG     EG |     MG     EG |     MG     EG\n"
        " --------------+---------------+---------------+--------------\n";
    for (int i = 0; i < TERM_NB; ++i) {
        char name[16];
        std::snprintf(name, sizeof name, "%14s", TERM_NAMES[i]);
        out += std::string(name) + " | " + format_pair(t.terms[i][WHITE]) + " | " + format_pair(t.terms[i][BLACK]) +
               " | " + format_pair(t.terms[i][WHITE] - t.terms[i][BLACK]) + "\n";
    }
    const S sum = e.total[WHITE] - e.total[BLACK] + t.terms[COMPLEXITY_TERM][WHITE];
    out += " --------------+---------------+---------------+--------------\n";
    out += "         Total |               |               | " + format_pair(sum) + "\n\n";
    const int white = b.side == WHITE ? score : -score;
    char tail[200];
    std::snprintf(tail, sizeof tail,
                  "Phase %d/%d (middlegame share), endgame scale %d/%d, fifty-move factor %d/%d\n"
                  "Final evaluation %+.2f (white side)\n",
                  phase, PHASE_MAX, scale, SCALE_NORMAL, RULE50_SPAN - std::min<int>(b.rule50, RULE50_SPAN),
                  RULE50_SPAN, white / 100.0);
    out += tail;
    return out;
}

}  // namespace vireo
