#include "evaluate.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>

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
    TEMPO_TERM,
    TERM_NB
};
constexpr const char* TERM_NAMES[TERM_NB] = {"Material",    "Placement", "Mobility", "Pawn structure", "Passed pawns",
                                             "King safety", "Threats",   "Pieces",   "Tempo"};

constexpr Bitboard DARK_SQUARES = 0xAA55AA55AA55AA55ULL;

constexpr Bitboard adjacent_files(int f) { return (f > 0 ? file_bb(f - 1) : 0) | (f < 7 ? file_bb(f + 1) : 0); }

constexpr int distance(Square a, Square b) {
    return std::max(std::abs(file_of(a) - file_of(b)), std::abs(rank_of(a) - rank_of(b)));
}

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

// Plain material without pawns (PIECE_VALUE), for the scale factor.
int non_pawn_material(const Board& b, Color c) {
    int v = 0;
    for (PieceType pt : {KNIGHT, BISHOP, ROOK, QUEEN}) v += PIECE_VALUE[pt] * popcount(b.pieces(c, pt));
    return v;
}

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

    S total[COLOR_NB]{};
    Bitboard attackedBy[COLOR_NB][PIECE_TYPE_NB]{};  // squares attacked by c's pieces of a type
    Bitboard attacked[COLOR_NB]{};                   // ... by any of c's pieces
    Bitboard attacked2[COLOR_NB]{};                  // ... by two or more of them
    Bitboard mobilityArea[COLOR_NB]{};
    Bitboard kingZone[COLOR_NB]{};  // c's king and the squares around it
    Bitboard passed[COLOR_NB]{};
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
        mobilityArea[Us] = ~(blocked | b.pieces(Us, KING) | pawn_attacks<Them>(b.pieces(Them, PAWN)));
    }

    // Knights, bishops, rooks and queens: material, placement, mobility, attacks on the enemy king.
    template <Color Us>
    void pieces() {
        constexpr Color Them = ~Us;
        const Bitboard occ = b.occupied();
        const Bitboard ourPawns = b.pieces(Us, PAWN), theirPawns = b.pieces(Them, PAWN);
        for (PieceType pt : {KNIGHT, BISHOP, ROOK, QUEEN}) {
            for (Bitboard pcs = b.pieces(Us, pt); pcs;) {
                const Square s = pop_lsb(pcs);
                add(Us, MATERIAL, w.pieceValue[pt]);
                add(Us, PLACEMENT, w.psqt[pt][relative_square(Us, s)]);
                const Bitboard att = attacks(pt, s, occ);
                add_attacks(Us, pt, att);
                const int mob = popcount(att & mobilityArea[Us]);
                add(Us, MOBILITY_TERM,
                    pt == KNIGHT   ? w.knightMobility[mob]
                    : pt == BISHOP ? w.bishopMobility[mob]
                    : pt == ROOK   ? w.rookMobility[mob]
                                   : w.queenMobility[mob]);
                if (att & kingZone[Them]) {
                    ++kingAttackers[Us][pt];
                    kingZoneAttacks[Us] += popcount(att & kingZone[Them]);
                }
                if (pt == KNIGHT || pt == BISHOP) minor<Us>(pt, s);
                if (pt == BISHOP)
                    add(Us, PIECES, w.bishopPawnsSameColour,
                        popcount(ourPawns & (bb(s) & DARK_SQUARES ? DARK_SQUARES : ~DARK_SQUARES)));
                if (pt == ROOK) {
                    const Bitboard file = file_bb(file_of(s));
                    if (!(file & (ourPawns | theirPawns))) add(Us, PIECES, w.rookOpenFile);
                    else if (!(file & ourPawns)) add(Us, PIECES, w.rookSemiOpenFile);
                }
            }
        }
        if (more_than_one(b.pieces(Us, BISHOP))) add(Us, PIECES, w.bishopPair);
    }

    // A knight or bishop: outposts, shelter behind a pawn.
    template <Color Us>
    void minor(PieceType pt, Square s) {
        constexpr Color Them = ~Us;
        const int rr = relative_rank(Us, rank_of(s));
        const Bitboard chasers = forward_span(Us, s) & ~file_bb(file_of(s)) & b.pieces(Them, PAWN);
        if (rr >= 3 && rr <= 5 && (PAWN_ATTACKS[Them][s] & b.pieces(Us, PAWN)) && !chasers)
            add(Us, PIECES, pt == KNIGHT ? w.knightOutpost : w.bishopOutpost);
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
            const bool supported = PAWN_ATTACKS[Them][s] & ourPawns;
            if (!neighbours) add(Us, PAWN_STRUCTURE, w.isolatedPawn);
            if (forward_file(Us, s) & ourPawns) add(Us, PAWN_STRUCTURE, w.doubledPawn);
            if (phalanx || supported) add(Us, PAWN_STRUCTURE, w.connectedPawn[rr]);
            // Backward: every neighbour is ahead of it, and its stop square is held by an enemy pawn.
            const Square stop = Square(s + (Us == WHITE ? 8 : -8));
            if (neighbours && !(neighbours & ~forward_span(Us, s)) && (attackedBy[Them][PAWN] & bb(stop)))
                add(Us, PAWN_STRUCTURE, w.backwardPawn);
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
            if (const PawnEntry* e = pawnTable->find(b.pawnKey)) {
                for (Color c : {WHITE, BLACK}) {
                    total[c] += e->score[c];
                    passed[c] = e->passed[c];
                }
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
            pawnTable->store(e);
        }
    }

    // Passed pawns: by rank, a free and safe path, the distance of both kings, a rook behind.
    template <Color Us>
    void passers() {
        constexpr Color Them = ~Us;
        const Bitboard occ = b.occupied();
        for (Bitboard pcs = passed[Us]; pcs;) {
            const Square s = pop_lsb(pcs);
            const int rr = relative_rank(Us, rank_of(s));
            const Square stop = Square(s + (Us == WHITE ? 8 : -8));
            add(Us, PASSED_PAWNS, w.passedPawn[rr]);
            if (!(forward_file(Us, s) & occ)) {
                add(Us, PASSED_PAWNS, w.passedFreePath);
                if (!(forward_file(Us, s) & attacked[Them])) add(Us, PASSED_PAWNS, w.passedSafePath);
            }
            add(Us, PASSED_PAWNS, w.passedOwnKingDistance[rr], distance(b.king(Us), stop));
            add(Us, PASSED_PAWNS, w.passedEnemyKingDistance[rr], distance(b.king(Them), stop));
            if (attacks<ROOK>(s, occ) & forward_file(Them, s) & b.pieces(Us, ROOK))
                add(Us, PASSED_PAWNS, w.passedRookBehind);
        }
    }

    // The own king: placement and pawn shelter.
    template <Color Us>
    void king() {
        constexpr Color Them = ~Us;
        const Square k = b.king(Us);
        const Bitboard ourPawns = b.pieces(Us, PAWN), theirPawns = b.pieces(Them, PAWN);
        add(Us, PLACEMENT, w.psqt[KING][relative_square(Us, k)]);
        // Shelter and storm on the king's file and its neighbours: the nearest own and enemy pawn in
        // front of the king (or level with it) on each file, by rank distance.
        const int kr = relative_rank(Us, rank_of(k));
        const Bitboard front = forward_span(Us, k) | (rank_bb(rank_of(k)) & ~bb(k));
        const int centre = std::clamp(file_of(k), 1, 6);
        for (int f = centre - 1; f <= centre + 1; ++f) {
            const int edge = std::min(f, 7 - f);
            const Bitboard ours = ourPawns & front & file_bb(f), theirs = theirPawns & front & file_bb(f);
            const int ownDist = ours ? relative_rank(Us, rank_of(Us == WHITE ? lsb(ours) : msb(ours))) - kr : 7;
            const int stormDist = theirs ? relative_rank(Us, rank_of(Us == WHITE ? lsb(theirs) : msb(theirs))) - kr : 7;
            add(Us, KING_SAFETY, w.kingShelter[edge][ownDist]);
            add(Us, KING_SAFETY, w.kingStorm[edge][stormDist]);
        }
        if (!(ourPawns & file_bb(file_of(k)))) add(Us, KING_SAFETY, w.kingOpenFile);
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
        if (!b.pieces(Them, QUEEN)) add_danger(Us, danger, w.noEnemyQueen);
        add_danger(Us, danger, w.dangerOffset);
        add_score(Us, KING_SAFETY, king_danger_score(danger));
    }

    // Us threatening enemy pieces.
    template <Color Us>
    void threats() {
        constexpr Color Them = ~Us;
        constexpr Direction Up = Us == WHITE ? NORTH : SOUTH;
        constexpr Bitboard Rank3 = Us == WHITE ? rank_bb(2) : rank_bb(5);
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
        const int strongMaterial = non_pawn_material(b, strong), weakMaterial = non_pawn_material(b, weak);
        if (!b.pieces(strong, PAWN)) {
            if (strongMaterial <= PIECE_VALUE[BISHOP]) return SCALE_NO_MATING_MATERIAL;
            if (strongMaterial - weakMaterial <= PIECE_VALUE[BISHOP]) return SCALE_MINOR_UP_NO_PAWNS;
        }
        const Bitboard bishops = b.pieces(BISHOP);
        if (strongMaterial == PIECE_VALUE[BISHOP] && weakMaterial == PIECE_VALUE[BISHOP] &&
            popcount(b.pieces(WHITE, BISHOP)) == 1 && popcount(b.pieces(BLACK, BISHOP)) == 1 &&
            (bishops & DARK_SQUARES) && (bishops & ~DARK_SQUARES))
            return SCALE_OPPOSITE_BISHOPS;
        return SCALE_NORMAL;
    }

    // White's score in centipawns; `phase`, `scale` get the blend's parts.
    int run(int& phase, int& scale) {
        init<WHITE>();
        init<BLACK>();
        pieces<WHITE>();
        pieces<BLACK>();
        pawn_structure();
        king<WHITE>();
        king<BLACK>();
        passers<WHITE>();
        passers<BLACK>();
        threats<WHITE>();
        threats<BLACK>();
        king_danger<WHITE>();
        king_danger<BLACK>();
        add(b.side, TEMPO_TERM, w.tempo);

        phase = 0;
        for (PieceType pt : {KNIGHT, BISHOP, ROOK, QUEEN}) phase += PHASE_WEIGHT[pt] * popcount(b.pieces(pt));
        phase = std::min(phase, PHASE_MAX);
        const S s = total[WHITE] - total[BLACK];
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
    Evaluator<false> e{b, WEIGHTS, nullptr, nullptr, pawnTable};
    int phase, scale;
    return e.for_side_to_move(phase, scale);
}

int WeightedEval::operator()(const Board& b) const {
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
    const S sum = e.total[WHITE] - e.total[BLACK];
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
