// Move ordering: the hash move first (checked for legality, without generating), then all other
// moves generated at once, scored, and handed out best first by selection.
//   winning and even captures, promotions   by victim value, then attacker (MVV-LVA)
//   killer moves, counter-move              fixed scores just below
//   other quiet moves                       by history
//   losing captures (SEE < 0)               last
#pragma once

#include "eval/piece_values.h"
#include "movegen/position.h"
#include "search/history.h"
#include "search/see.h"

namespace vireo {

class MovePicker {
public:
    // noisyOnly: captures and promotions only (quiescence), unless in check.
    MovePicker(const Position& pos, Move ttMove, const Histories& hist, const Move* killers, Move counter, bool noisyOnly)
        : pos(pos), ttMove(ttMove), hist(hist), counter(counter), noisyOnly(noisyOnly) {
        killer[0] = killers ? killers[0] : Move::none();
        killer[1] = killers ? killers[1] : Move::none();
        if (ttMove && !is_legal(pos.board(), pos.rules(), ttMove)) this->ttMove = Move::none();
        if (this->ttMove && noisyOnly && !pos.in_check() && !is_noisy(pos.board(), this->ttMove)) this->ttMove = Move::none();
    }

    // The next move, or Move::none() when there are no more.
    Move next() {
        if (stage == 0) {
            stage = 1;
            if (ttMove) return ttMove;
        }
        if (stage == 1) {
            stage = 2;
            generate_and_score();
        }
        while (index < list.count) {
            int best = index;
            for (int i = index + 1; i < list.count; ++i)
                if (scores[i] > scores[best]) best = i;
            std::swap(list.moves[index], list.moves[best]);
            std::swap(scores[index], scores[best]);
            const Move m = list.moves[index++];
            if (m != ttMove) return m;
        }
        return Move::none();
    }

    // The score the last move was ordered by is below quiet moves: a losing capture.
    static bool is_noisy(const Board& b, Move m) {
        return m.kind() == Move::PROMOTION || m.kind() == Move::EN_PASSANT ||
               (m.kind() == Move::NORMAL && b.piece_on(m.to()) != NO_PIECE);
    }

private:
    void generate_and_score() {
        const Board& b = pos.board();
        if (noisyOnly && !pos.in_check()) generate<CAPTURES>(b, pos.rules(), list);
        else generate<ALL>(b, pos.rules(), list);
        for (int i = 0; i < list.count; ++i) {
            const Move m = list.moves[i];
            int s;
            if (is_noisy(b, m)) {
                const PieceType victim = m.kind() == Move::EN_PASSANT ? PAWN : type_of(b.piece_on(m.to()));
                s = 10 * PIECE_VALUE[victim] - int(type_of(b.piece_on(m.from())));
                if (m.kind() == Move::PROMOTION) s += m.promotion() == QUEEN ? 8000 : -20000;
                s += see_ge(b, m, 0) ? 1'000'000 : -1'000'000;
            } else if (m == killer[0]) {
                s = 900'000;
            } else if (m == killer[1]) {
                s = 899'000;
            } else if (m == counter) {
                s = 898'000;
            } else {
                s = hist.butterfly[b.side][m.from()][m.to()];
            }
            scores[i] = s;
        }
    }

    const Position& pos;
    Move ttMove;
    const Histories& hist;
    Move killer[2];
    Move counter;
    bool noisyOnly;
    int stage = 0;
    int index = 0;
    MoveList list;
    int scores[MAX_MOVES];
};

}  // namespace vireo
