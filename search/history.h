// Move-ordering statistics kept by each search thread: butterfly history, continuation histories,
// capture history and counter-moves; and the correction histories of the static evaluation. (The
// killers live in the search stack, one pair per ply: search/worker.h.)
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdlib>
#include <cstring>

#include "movegen/types.h"
#include "search/params.h"

namespace vireo {

constexpr int HISTORY_MAX = 16384;
// Correction history: entries in 1/CORRECTION_GRAIN centipawns, at most +-CORRECTION_MAX.
constexpr int CORRECTION_SIZE = 16384;
constexpr int CORRECTION_GRAIN = 256;
constexpr int CORRECTION_MAX = CORRECTION_GRAIN * 64;

// [piece][to] of a move: how good each (piece, to) reply has been after it.
using PieceToHistory = std::array<std::array<std::int16_t, 64>, PIECE_NB>;
// The continuation histories a quiet move is scored and rewarded by: those of the moves one, two, four
// and six plies back (the last two moves, and our own two moves before our last; after Stockfish 11).
inline constexpr int CONT_PLIES[] = {1, 2, 4, 6};
inline constexpr int CONT_COUNT = 4;
// In a quiet move's ordering score each counts in full but the one six plies back, which counts half
// (Stockfish 11 weighs it so against the others). The search's own reads of the history (pruning,
// reductions: Worker::quiet_history) take the first CONT_SEARCHED only, as Stockfish 11's statScore.
inline constexpr int CONT_HALVED = 3;
inline constexpr int CONT_SEARCHED = 3;

struct Histories {
    // [side][from attacked][to attacked][from][to]: how often a quiet move caused a cutoff, with decay
    // (gravity); apart for each answer to "does the opponent attack the move's from square, its to
    // square?" (a move out of an attack and a move into one are different moves). Ethereal 13's and
    // Stockfish 16's butterfly tables are split so.
    std::array<std::array<std::array<std::array<std::array<std::int16_t, 64>, 64>, 2>, 2>, 2> butterfly{};
    // [in check][noisy][piece][to] of a move some plies back (each of CONT_PLIES), then [piece][to] of the
    // quiet move now: apart by whether the earlier move was made in check and whether it captured or
    // promoted (a reply to a capture or to an evasion is a different reply; Stockfish 11's split).
    std::array<std::array<std::array<std::array<PieceToHistory, 64>, PIECE_NB>, 2>, 2> continuation{};
    // [moving piece][to][captured piece type]: how often a capture caused a cutoff.
    std::array<std::array<std::array<std::int16_t, PIECE_TYPE_NB + 2>, 64>, PIECE_NB> capture{};
    // [side][pawn key % CORRECTION_SIZE]: what searches found minus the static evaluation.
    std::array<std::array<int, CORRECTION_SIZE>, COLOR_NB> correction{};
    // [side][colour][key of that colour's pieces other than pawns]: the same, by one side's pieces.
    std::array<std::array<std::array<int, CORRECTION_SIZE>, COLOR_NB>, COLOR_NB> nonPawnCorrection{};
    // [piece][to] of the previous move: the quiet move that refuted it last time.
    std::array<std::array<Move, 64>, PIECE_NB> counter{};

    void clear() {
        std::memset(butterfly.data(), 0, sizeof butterfly);
        std::memset(continuation.data(), 0, sizeof continuation);
        std::memset(capture.data(), 0, sizeof capture);
        std::memset(correction.data(), 0, sizeof correction);
        std::memset(nonPawnCorrection.data(), 0, sizeof nonPawnCorrection);
        counter = {};
    }

    // The butterfly entry of a quiet move of side, where threats are the squares its opponent attacks.
    std::int16_t& butterfly_of(Color side, Bitboard threats, Move m) {
        return butterfly[side][(threats >> m.from()) & 1][(threats >> m.to()) & 1][m.from()][m.to()];
    }
    std::int16_t butterfly_of(Color side, Bitboard threats, Move m) const {
        return butterfly[side][(threats >> m.from()) & 1][(threats >> m.to()) & 1][m.from()][m.to()];
    }

    // A quiet move's ordering score: its butterfly entry plus, when given, the first contCount
    // continuation histories of the moves CONT_PLIES back (cont[i] for CONT_PLIES[i]; quiescence has none).
    int quiet(Color side, Bitboard threats, Piece pc, Move m, const PieceToHistory* const* cont,
              int contCount = CONT_COUNT) const {
        int s = butterfly_of(side, threats, m);
        if (cont)
            for (int i = 0; i < contCount; ++i) s += (*cont[i])[pc][m.to()] / (i == CONT_HALVED ? 2 : 1);
        return s;
    }

    static void update(std::int16_t& entry, int bonus) {
        // Gravity keeps entries within +-HISTORY_MAX: big values move less.
        entry = std::int16_t(entry + bonus - entry * std::abs(bonus) / HISTORY_MAX);
    }
    // The reward of a move that cut at this depth (the punishment of those tried before it).
    static int bonus(int depth, const SearchParams& p) {
        return std::min(p.historyBonusQuad * depth * depth + p.historyBonusLinear * depth, p.historyBonusMax);
    }
};

}  // namespace vireo
