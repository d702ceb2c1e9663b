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

// Move scores come in bands, from the top:
//   GOOD_CAPTURE + offset                 noisy moves (is_noisy) with SEE >= 0
//   KILLER_1 > KILLER_2 > COUNTER_MOVE    quiet moves with fixed scores: the two killers, the counter-move
//   butterfly history                     other quiet moves, within +-HISTORY_MAX (search/history.h)
//   BAD_CAPTURE + offset                  noisy moves with SEE < 0
// A noisy move's offset is MVV-LVA, 10 * PIECE_VALUE[victim] - attacker type (the victim worth 0 for a
// promotion that captures nothing), plus QUEEN_PROMOTION_BONUS or minus UNDER_PROMOTION_PENALTY. It stays
// within [NOISY_OFFSET_MIN, NOISY_OFFSET_MAX], far less than the gaps between the bands, so no move leaves
// its band (the static_asserts below): even an under-promotion with SEE >= 0 comes before the killers.
// Of equal scores, the selection in next() takes the first still in the list.
constexpr int GOOD_CAPTURE = 1'000'000;
constexpr int KILLER_1 = 900'000;
constexpr int KILLER_2 = 899'000;
constexpr int COUNTER_MOVE = 898'000;
constexpr int BAD_CAPTURE = -1'000'000;
constexpr int QUEEN_PROMOTION_BONUS = 8000;
constexpr int UNDER_PROMOTION_PENALTY = 20'000;

constexpr int NOISY_OFFSET_MAX = 10 * PIECE_VALUE[QUEEN] + QUEEN_PROMOTION_BONUS;  // bxa8=Q taking a queen
constexpr int NOISY_OFFSET_MIN = -int(KING) - UNDER_PROMOTION_PENALTY;
static_assert(GOOD_CAPTURE + NOISY_OFFSET_MIN > KILLER_1, "good captures, even under-promotions, before killers");
static_assert(KILLER_1 > KILLER_2 && KILLER_2 > COUNTER_MOVE && COUNTER_MOVE > HISTORY_MAX);
static_assert(-HISTORY_MAX > BAD_CAPTURE + NOISY_OFFSET_MAX, "losing captures after every quiet move");

class MovePicker {
public:
    // noisyOnly: captures and promotions only (quiescence), unless in check.
    MovePicker(const Position& pos, Move ttMove, const Histories& hist, const Move* killers, Move counter,
               bool noisyOnly)
        : pos(pos), ttMove(ttMove), hist(hist), counter(counter), noisyOnly(noisyOnly) {
        killer[0] = killers ? killers[0] : Move::none();
        killer[1] = killers ? killers[1] : Move::none();
        if (ttMove && !is_legal(pos.board(), pos.rules(), ttMove)) this->ttMove = Move::none();
        if (this->ttMove && noisyOnly && !pos.in_check() && !is_noisy(pos.board(), this->ttMove))
            this->ttMove = Move::none();
    }

    // The next move, or Move::none() when there are no more.
    Move next() {
        if (stage == Stage::TTMove) {
            stage = Stage::Generate;
            if (ttMove) return ttMove;
        }
        if (stage == Stage::Generate) {
            stage = Stage::Remaining;
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

    // Captures, en passant and promotions (of any piece, capturing or not): the moves ordered by
    // MVV-LVA and SEE rather than by killers and history. Castling is quiet.
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
                if (m.kind() == Move::PROMOTION)
                    s += m.promotion() == QUEEN ? QUEEN_PROMOTION_BONUS : -UNDER_PROMOTION_PENALTY;
                s += see_ge(b, m, 0) ? GOOD_CAPTURE : BAD_CAPTURE;
            } else if (m == killer[0]) {
                s = KILLER_1;
            } else if (m == killer[1]) {
                s = KILLER_2;
            } else if (m == counter) {
                s = COUNTER_MOVE;
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
    // The hash move, then (once) generating and scoring all moves, then handing them out by score.
    enum class Stage { TTMove, Generate, Remaining };
    Stage stage = Stage::TTMove;
    int index = 0;
    MoveList list;
    int scores[MAX_MOVES];
};

}  // namespace vireo
