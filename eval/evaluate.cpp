#include "evaluate.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>

#include "eval/weights.h"

namespace vireo {

namespace {

using namespace weights;

enum Term { MATERIAL, PLACEMENT, MOBILITY_TERM, PAWN_STRUCTURE, PASSED_PAWNS, KING_SAFETY, PIECES, TERM_NB };
constexpr const char* TERM_NAMES[TERM_NB] = {"Material",     "Placement",   "Mobility", "Pawn structure",
                                             "Passed pawns", "King safety", "Pieces"};

// How close a square is to the centre: 0 on the rim ... 3 on d4, e4, d5, e5.
constexpr int centrality(int sq) {
    const int f = sq & 7, r = sq >> 3;
    const int df = f < 4 ? 3 - f : f - 4, dr = r < 4 ? 3 - r : r - 4;
    return 3 - (df > dr ? df : dr);
}

// The piece-square value of a piece on a square, from white's point of view.
constexpr S pst_value(const Weights& w, PieceType pt, int sq) {
    const int f = sq & 7, r = sq >> 3, c = centrality(sq);
    switch (pt) {
    case PAWN: {
        S s = w.pawnAdvance * (r > 1 ? r - 1 : 0);
        if (r >= 2 && r <= 4) {
            if (f == 3 || f == 4) s += w.pawnCentre;
            else if (f == 2 || f == 5) s += S(w.pawnCentre.mg / 2, w.pawnCentre.eg / 2);
        }
        return s;
    }
    case KNIGHT: return w.knightCentre * c;
    case BISHOP: return w.bishopCentre * c + (f == r || f + r == 7 ? w.bishopLongDiagonal : S());
    case ROOK: return (r == 6 ? w.rookSeventh : S()) + (f == 3 || f == 4 ? w.rookCentreFile : S());
    case QUEEN: return w.queenCentre * c;
    case KING: return w.kingCentre * c + (r == 0 ? w.kingBackRank : S());
    default: return S();
    }
}

constexpr PstTable make_pst(const Weights& w) {
    PstTable t{};
    for (int pt = 0; pt < PIECE_TYPE_NB; ++pt)
        for (int sq = 0; sq < 64; ++sq) t[pt][sq] = pst_value(w, PieceType(pt), sq);
    return t;
}

constexpr PstTable ENGINE_PST = make_pst(WEIGHTS);

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

struct Trace {
    S terms[TERM_NB][COLOR_NB];
};

template <bool Tracing>
struct Evaluator {
    const Board& b;
    Trace* trace;
    const Weights& w;
    const PstTable& pst;
    S total[COLOR_NB];

    void add(Color c, Term t, S s) {
        total[c] += s;
        if constexpr (Tracing) trace->terms[t][c] += s;
    }

    template <Color Us>
    void side() {
        constexpr Color Them = ~Us;
        const Bitboard occ = b.occupied();
        const Bitboard ourPawns = b.pieces(Us, PAWN), theirPawns = b.pieces(Them, PAWN);
        const Bitboard mobilityArea = ~b.pieces(Us) & ~pawn_attacks<Them>(theirPawns);
        const Square theirKing = b.king(Them);
        const Bitboard kingZone = KING_ATTACKS[theirKing] | bb(theirKing);
        int attackers = 0, attackUnits = 0;

        // Pieces other than pawns and king: material, placement, mobility, attacks on the king.
        for (PieceType pt : {KNIGHT, BISHOP, ROOK, QUEEN}) {
            for (Bitboard pcs = b.pieces(Us, pt); pcs;) {
                const Square s = pop_lsb(pcs);
                add(Us, MATERIAL, w.pieceValue[pt]);
                add(Us, PLACEMENT, pst[pt][relative_square(Us, s)]);
                const Bitboard att = attacks(pt, s, occ);
                add(Us, MOBILITY_TERM, w.mobility[pt] * (popcount(att & mobilityArea) - MOBILITY_BASE[pt]));
                if (att & kingZone) {
                    ++attackers;
                    attackUnits += KING_ATTACK_WEIGHT[pt] * popcount(att & kingZone);
                }
                if (pt == ROOK) {
                    const Bitboard file = file_bb(file_of(s));
                    if (!(file & (ourPawns | theirPawns))) add(Us, PIECES, w.rookOpenFile);
                    else if (!(file & ourPawns)) add(Us, PIECES, w.rookSemiOpenFile);
                }
            }
        }
        if (more_than_one(b.pieces(Us, BISHOP))) add(Us, PIECES, w.bishopPair);
        if (attackers >= 2)
            add(Us, KING_SAFETY, S(std::min(attackUnits * attackUnits / KING_ATTACK_DIVISOR, KING_ATTACK_CAP), 0));

        // Pawns.
        const Bitboard theirPawnAttacks = pawn_attacks<Them>(theirPawns);
        for (Bitboard pcs = ourPawns; pcs;) {
            const Square s = pop_lsb(pcs);
            const int f = file_of(s), rr = relative_rank(Us, rank_of(s));
            add(Us, MATERIAL, w.pieceValue[PAWN]);
            add(Us, PLACEMENT, pst[PAWN][relative_square(Us, s)]);
            const Bitboard neighbours = ourPawns & adjacent_files(f);
            const Bitboard phalanx = neighbours & rank_bb(rank_of(s));
            const bool supported = PAWN_ATTACKS[Them][s] & ourPawns;
            if (!neighbours) add(Us, PAWN_STRUCTURE, w.isolatedPawn);
            if (FORWARD.first[Us][s] & ourPawns) add(Us, PAWN_STRUCTURE, w.doubledPawn);
            if (phalanx || supported) add(Us, PAWN_STRUCTURE, w.connectedPawn[rr]);
            // Backward: every neighbour is ahead of it, and its stop square is held by an enemy pawn.
            const Square stop = Square(s + (Us == WHITE ? 8 : -8));
            if (neighbours && !(neighbours & ~FORWARD.second[Us][s]) && (theirPawnAttacks & bb(stop)))
                add(Us, PAWN_STRUCTURE, w.backwardPawn);
            if (!(FORWARD.second[Us][s] & theirPawns)) {
                add(Us, PASSED_PAWNS, w.passedPawn[rr]);
                if (!(FORWARD.first[Us][s] & occ)) add(Us, PASSED_PAWNS, w.passedFreePath);
            }
        }

        // King: placement and shelter.
        const Square k = b.king(Us);
        add(Us, PLACEMENT, pst[KING][relative_square(Us, k)]);
        const Bitboard shieldFiles = file_bb(file_of(k)) | adjacent_files(file_of(k));
        const int front = rank_of(k) + (Us == WHITE ? 1 : -1), further = front + (Us == WHITE ? 1 : -1);
        if (front >= 0 && front < 8)
            add(Us, KING_SAFETY, w.pawnShield * popcount(ourPawns & shieldFiles & rank_bb(front)));
        if (further >= 0 && further < 8)
            add(Us, KING_SAFETY, w.pawnShieldFar * popcount(ourPawns & shieldFiles & rank_bb(further)));
        if (!(ourPawns & file_bb(file_of(k)))) add(Us, KING_SAFETY, w.kingOpenFile);
    }

    // White's sum minus black's, before the phase blend and the tempo.
    S unblended(int& phase) {
        side<WHITE>();
        side<BLACK>();
        phase = 0;
        for (PieceType pt : {KNIGHT, BISHOP, ROOK, QUEEN}) phase += PHASE_WEIGHT[pt] * popcount(b.pieces(pt));
        phase = std::min(phase, PHASE_MAX);
        return total[WHITE] - total[BLACK];
    }

    int run(int& phase) {
        const S s = unblended(phase);
        const int white = (s.mg * phase + s.eg * (PHASE_MAX - phase)) / PHASE_MAX;
        const int tempo = (w.tempo.mg * phase + w.tempo.eg * (PHASE_MAX - phase)) / PHASE_MAX;
        return (b.side == WHITE ? white : -white) + tempo;
    }
};

std::string format_pair(S s) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%6.2f %6.2f", s.mg / 100.0, s.eg / 100.0);
    return buf;
}

}  // namespace

int evaluate(const Board& b) {
    Evaluator<false> e{b, nullptr, WEIGHTS, ENGINE_PST, {}};
    int phase;
    return e.run(phase);
}

WeightedEval::WeightedEval(const Weights& weights) : w(weights), pst(make_pst(weights)) {}

S WeightedEval::unblended(const Board& b, int& phase) const {
    Evaluator<false> e{b, nullptr, w, pst, {}};
    return e.unblended(phase);
}

int WeightedEval::operator()(const Board& b) const {
    Evaluator<false> e{b, nullptr, w, pst, {}};
    int phase;
    return e.run(phase);
}

std::string eval_trace(const Board& b) {
    Trace t{};
    Evaluator<true> e{b, &t, WEIGHTS, ENGINE_PST, {}};
    int phase;
    const int score = e.run(phase);
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
    char tail[160];
    std::snprintf(
        tail, sizeof tail,
        "Phase %d/%d (middlegame share), tempo %+.2f for the side to move\nFinal evaluation %+.2f (white side)\n",
        phase, PHASE_MAX, (WEIGHTS.tempo.mg * phase + WEIGHTS.tempo.eg * (PHASE_MAX - phase)) / PHASE_MAX / 100.0,
        white / 100.0);
    out += tail;
    return out;
}

}  // namespace vireo
