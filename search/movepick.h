// Move ordering: the hash move first (checked for legality, without generating), then the other
// moves in stages, each generated only when reached (a node that cuts on a capture never generates
// or scores its quiet moves), scored, and handed out best first by selection; in check, every move
// at once.
//   winning and even captures, promotions   by victim value, then capture history
//   killer moves, counter-move              fixed scores just below
//   other quiet moves                       by butterfly and continuation histories
//   losing captures (SEE < 0)               last
// In quiescence (noisy moves only), its first ply adds the quiet moves that give check after the rest,
// in the order generated.
#pragma once

#include "eval/piece_values.h"
#include "movegen/checks.h"
#include "movegen/position.h"
#include "search/history.h"
#include "search/see.h"

namespace vireo {

// Move scores come in bands, from the top:
//   GOOD_CAPTURE + offset                 noisy moves (is_noisy) with SEE >= 0
//   KILLER_1 > KILLER_2 > COUNTER_MOVE    quiet moves with fixed scores: the two killers, the counter-move
//   quiet histories                       other quiet moves: butterfly plus CONT_COUNT continuation histories,
//                                         within +-QUIET_HISTORY_MAX ((1 + CONT_COUNT) * HISTORY_MAX, history.h)
//   BAD_CAPTURE + offset                  noisy moves with SEE < 0
// A noisy move's offset is noisy_offset() below. It stays within [NOISY_OFFSET_MIN, NOISY_OFFSET_MAX], far
// less than the gaps between the bands, so no move leaves its band (the static_asserts below): even an
// under-promotion with SEE >= 0 comes before the killers.
// Of equal scores, the selection in next() takes the first still in the list.
constexpr int GOOD_CAPTURE = 1'000'000;
constexpr int KILLER_1 = 900'000;
constexpr int KILLER_2 = 899'000;
constexpr int COUNTER_MOVE = 898'000;
constexpr int BAD_CAPTURE = -1'000'000;
constexpr int QUEEN_PROMOTION_BONUS = 8000;
constexpr int UNDER_PROMOTION_PENALTY = 20'000;

constexpr int QUIET_HISTORY_MAX = (1 + CONT_COUNT) * HISTORY_MAX;

enum class Promotion { None, Queen, Under };
// A noisy move's order within its band: 16 * PIECE_VALUE[victim] plus half its capture history (the
// victim worth 0 for a promotion that captures nothing), plus QUEEN_PROMOTION_BONUS or minus
// UNDER_PROMOTION_PENALTY.
constexpr int noisy_offset(PieceType victim, int captureHistory, Promotion promotion) {
    return 16 * PIECE_VALUE[victim] + captureHistory / 2 +
           (promotion == Promotion::Queen   ? QUEEN_PROMOTION_BONUS
            : promotion == Promotion::Under ? -UNDER_PROMOTION_PENALTY
                                            : 0);
}
// bxa8=Q taking a queen, with the best capture history; an under-promotion capturing nothing, with the worst.
constexpr int NOISY_OFFSET_MAX = noisy_offset(QUEEN, HISTORY_MAX, Promotion::Queen);
constexpr int NOISY_OFFSET_MIN = noisy_offset(type_of(NO_PIECE), -HISTORY_MAX, Promotion::Under);
// The band limits: a score at or above GOOD_NOISY_MIN is a noisy move with SEE >= 0, one at or below
// LOSING_NOISY_MAX a noisy move with SEE < 0.
constexpr int GOOD_NOISY_MIN = GOOD_CAPTURE + NOISY_OFFSET_MIN;
constexpr int LOSING_NOISY_MAX = BAD_CAPTURE + NOISY_OFFSET_MAX;
static_assert(GOOD_CAPTURE + NOISY_OFFSET_MIN > KILLER_1, "good captures, even under-promotions, before killers");
static_assert(KILLER_1 > KILLER_2 && KILLER_2 > COUNTER_MOVE && COUNTER_MOVE > QUIET_HISTORY_MAX);
static_assert(-QUIET_HISTORY_MAX > BAD_CAPTURE + NOISY_OFFSET_MAX, "losing captures after every quiet move");

class MovePicker {
public:
    // The pickers of the search's three kinds of node. The hash move is handed out first if it is legal
    // (and, where only noisy moves are generated, noisy). `threats` is the squares the opponent attacks:
    // which part of the butterfly history quiet moves are ordered by.

    // The main search's: every move. Quiet moves are ordered by the node's two killers (null: none), the
    // counter-move and the continuation histories of the moves CONT_PLIES back (search/history.h; null:
    // none), then the butterfly history.
    static MovePicker main(const Position& pos, Move ttMove, const Histories& hist, const Move* killers, Move counter,
                           const PieceToHistory* const* cont, Bitboard threats) {
        return MovePicker(pos, ttMove, hist, Generate::All, killers, counter, cont, threats);
    }
    // Quiescence's: captures and promotions, then with `checks` the quiet moves that give check; in
    // check, every move (the quiet ones by the butterfly history alone).
    static MovePicker quiescence(const Position& pos, Move ttMove, const Histories& hist, bool checks,
                                 Bitboard threats) {
        return MovePicker(pos, ttMove, hist, checks ? Generate::NoisyThenChecks : Generate::Noisy, nullptr,
                          Move::none(), nullptr, threats);
    }
    // ProbCut's (never in check): captures and promotions.
    static MovePicker probcut(const Position& pos, Move ttMove, const Histories& hist) {
        return MovePicker(pos, ttMove, hist, Generate::Noisy, nullptr, Move::none(), nullptr, 0);
    }

    // Quiescence out of check: noisy moves that lose material (SEE < 0) are not handed out at all.
    // They come last among the generated moves, so the selection stops at the first of them (and goes
    // on to the quiet checks when asked); the caller would have skipped each of them anyway.
    void skip_losing_noisy() { skipLosing = true; }

    // Of the move next() returned last, as its score found it: SEE_NONNEGATIVE or SEE_NEGATIVE for a
    // generated noisy move (see_ge(b, m, 0) true or false), SEE_UNKNOWN for the hash move, quiet
    // moves and quiet checks, which were not put through SEE.
    enum SeeKnown { SEE_UNKNOWN, SEE_NONNEGATIVE, SEE_NEGATIVE };
    SeeKnown last_see() const { return lastSee; }

    // Late-move pruning has begun at this node: from now on every quiet move that gives no check
    // would be pruned as soon as it was handed out (Stockfish's and Ethereal's skipQuiets). The
    // picker drops those still to come, counting them (take_skipped()); noisy moves, quiet checks
    // and `excluded` (which the caller passes over itself) stay and are still handed out best first
    // (of equal scores, not always in the order the full list would give). Quiet moves not generated
    // yet are dropped as they are generated; `checks` must outlive the picker.
    // (The search calls it after the hash move and some generated moves: late-move pruning starts at
    // the third move at the earliest.)
    void skip_quiets(const CheckSquares& checks, Move excluded) {
        if (stage == Stage::QuietChecks || stage == Stage::Done) return;  // no quiet move left but checks
        skipQuiets = true;
        skipChecks = &checks;
        skipExcluded = excluded;
        // Quiet moves already in the list: those of the quiet stage, or of the evasions (all at once).
        if (stage == Stage::Quiets || stage == Stage::Evasions) drop_skipped_quiets();
    }
    // How many moves skip_quiets() dropped since the last call.
    int take_skipped() {
        const int n = skippedCount;
        skippedCount = 0;
        return n;
    }

    // The next move, or Move::none() when there are no more.
    Move next() {
        lastSee = SEE_UNKNOWN;
        switch (stage) {
        case Stage::TTMove:
            stage = evasions ? Stage::GenEvasions : Stage::GenNoisy;
            if (ttMove) return ttMove;
            return next();

        case Stage::GenEvasions:
            generate<ALL>(pos.board(), pos.rules(), list);
            score(0, list.count);
            stage = Stage::Evasions;
            if (skipQuiets) drop_skipped_quiets();
            [[fallthrough]];
        case Stage::Evasions:
            while (index < list.count) {
                const int s = select(list.count);
                const Move m = list.moves[index++];
                if (m == ttMove) continue;
                lastSee = s >= GOOD_NOISY_MIN ? SEE_NONNEGATIVE : s <= LOSING_NOISY_MAX ? SEE_NEGATIVE : SEE_UNKNOWN;
                return m;
            }
            stage = Stage::Done;
            return Move::none();

        case Stage::GenNoisy:
            generate<CAPTURES>(pos.board(), pos.rules(), list);
            noisyEnd = list.count;
            score_noisy_unchecked(0, noisyEnd);
            stage = Stage::GoodNoisy;
            [[fallthrough]];
        case Stage::GoodNoisy:
            // Each noisy move starts in the upper band unchecked, and is put through SEE only when the
            // selection reaches it: one that loses material drops, where it stands, to the lower band
            // (its score as score() gives it) and the selection runs again. The moves come out in the
            // order, and the list ends up in the arrangement, that scoring all of them first would give;
            // a node that cuts on its first capture spares the others their SEE.
            while (index < noisyEnd) {
                const int best = best_of(noisyEnd);
                if (scores[best] <= LOSING_NOISY_MAX) break;  // the rest lose material
                if (!see_ge(pos.board(), list.moves[best], 0)) {
                    scores[best] += BAD_CAPTURE - GOOD_CAPTURE;  // (left where it stands)
                    continue;
                }
                std::swap(list.moves[index], list.moves[best]);
                std::swap(scores[index], scores[best]);
                const Move m = list.moves[index++];
                if (m == ttMove) continue;
                lastSee = SEE_NONNEGATIVE;
                return m;
            }
            badIndex = index;
            if (skipLosing) badIndex = noisyEnd;
            stage = noisyOnly ? Stage::BadNoisy : Stage::Killer1;
            return next();

        case Stage::Killer1:
        case Stage::Killer2:
        case Stage::Counter: {
            const Stage at = stage;
            stage = Stage(int(stage) + 1);
            const Move m = at == Stage::Killer1 ? killer[0] : at == Stage::Killer2 ? killer[1] : counter;
            // (the counter-move may be a killer, handed out already)
            const bool again = (at != Stage::Killer1 && m == killer[0]) || (at == Stage::Counter && m == killer[1]);
            if (!again && is_special_quiet(m)) {
                if (!skipQuiets || !dropped_by_skip(m)) return m;
                ++skippedCount;
            }
            return next();
        }

        case Stage::GenQuiets: {
            index = list.count = noisyEnd;
            generate<QUIETS>(pos.board(), pos.rules(), list);
            // The hash move, the killers and the counter-move were handed out already (or dropped).
            int kept = noisyEnd;
            for (int i = noisyEnd; i < list.count; ++i) {
                const Move m = list.moves[i];
                if (m == ttMove || m == killer[0] || m == killer[1] || m == counter) continue;
                if (skipQuiets && dropped_by_skip(m)) {
                    ++skippedCount;
                    continue;
                }
                list.moves[kept++] = m;
            }
            list.count = kept;
            score(noisyEnd, list.count);
            stage = Stage::Quiets;
            [[fallthrough]];
        }
        case Stage::Quiets:
            if (index < list.count) {
                select(list.count);
                return list.moves[index++];
            }
            index = badIndex;
            stage = Stage::BadNoisy;
            [[fallthrough]];
        case Stage::BadNoisy:
            if (index < badIndex) index = badIndex;  // (a picker of noisy moves only comes straight here)
            while (index < noisyEnd) {
                select(noisyEnd);
                const Move m = list.moves[index++];
                if (m == ttMove) continue;
                lastSee = SEE_NEGATIVE;
                return m;
            }
            if (!quietChecks) {
                stage = Stage::Done;
                return Move::none();
            }
            stage = Stage::QuietChecks;
            list.count = index = 0;
            generate_quiet_checks(pos.board(), pos.rules(), list);
            [[fallthrough]];
        case Stage::QuietChecks:
            while (index < list.count) {
                const Move m = list.moves[index++];
                if (m != ttMove) return m;
            }
            stage = Stage::Done;
            [[fallthrough]];
        case Stage::Done: break;
        }
        return Move::none();
    }

private:
    // What is generated: every move; captures and promotions (every move in check); the same, then
    // (out of check) the quiet moves that give check.
    enum class Generate { All, Noisy, NoisyThenChecks };

    MovePicker(const Position& pos, Move ttMove, const Histories& hist, Generate what, const Move* killers,
               Move counter, const PieceToHistory* const* cont, Bitboard threats)
        : pos(pos),
          ttMove(ttMove),
          hist(hist),
          counter(counter),
          threats(threats),
          noisyOnly(what != Generate::All),
          evasions(pos.in_check()),
          quietChecks(what == Generate::NoisyThenChecks && !evasions) {  // (evasions is set first)
        if (cont) std::copy(cont, cont + CONT_COUNT, this->cont);        // else all null, as declared
        killer[0] = killers ? killers[0] : Move::none();
        killer[1] = killers ? killers[1] : Move::none();
        if (ttMove && !is_legal(pos.board(), pos.rules(), ttMove)) this->ttMove = Move::none();
        if (this->ttMove && noisyOnly && !evasions && !is_noisy(pos.board(), this->ttMove)) this->ttMove = Move::none();
    }

    // A killer or the counter-move is handed out on its own, before the other quiet moves, when it is a
    // legal quiet move here other than the hash move.
    bool is_special_quiet(Move m) const {
        if (!m || m == ttMove) return false;
        const Board& b = pos.board();
        return !is_noisy(b, m) && is_legal(b, pos.rules(), m);
    }
    // skip_quiets() on the moves of the list still to come.
    void drop_skipped_quiets() {
        int kept = index;
        for (int i = index; i < list.count; ++i) {
            const Move m = list.moves[i];
            if (m != ttMove && dropped_by_skip(m)) {
                ++skippedCount;
                continue;
            }
            list.moves[kept] = m;
            scores[kept++] = scores[i];
        }
        list.count = kept;
    }
    // Whether skip_quiets() drops m: a quiet move that gives no check, other than the excluded move.
    bool dropped_by_skip(Move m) const {
        const Board& b = pos.board();
        return m != skipExcluded && !is_noisy(b, m) &&
               !skipChecks->gives_check(b, pos.rules(), m, type_of(b.piece_on(m.from())));
    }

    // The first of the best of list[index, end).
    int best_of(int end) const {
        int best = index;
        for (int i = index + 1; i < end; ++i)
            if (scores[i] > scores[best]) best = i;
        return best;
    }
    // Brings the best of list[index, end) to list[index] (the first of equal scores) and returns its score.
    int select(int end) {
        const int best = best_of(end);
        std::swap(list.moves[index], list.moves[best]);
        std::swap(scores[index], scores[best]);
        return scores[index];
    }

    // A noisy move's offset within its band (noisy_offset).
    int noisy_score(const Board& b, Move m) const {
        const PieceType victim = b.captured_type(m);
        const Promotion promotion = m.kind() != Move::PROMOTION ? Promotion::None
                                    : m.promotion() == QUEEN    ? Promotion::Queen
                                                                : Promotion::Under;
        return noisy_offset(victim, hist.capture[b.piece_on(m.from())][m.to()][victim], promotion);
    }
    // The noisy moves of list[from, to) in the upper band, unchecked: GoodNoisy puts each through SEE
    // when it reaches it.
    void score_noisy_unchecked(int from, int to) {
        const Board& b = pos.board();
        for (int i = from; i < to; ++i) scores[i] = GOOD_CAPTURE + noisy_score(b, list.moves[i]);
    }

    void score(int from, int to) {
        const Board& b = pos.board();
        for (int i = from; i < to; ++i) {
            const Move m = list.moves[i];
            int s;
            if (is_noisy(b, m)) {
                s = noisy_score(b, m) + (see_ge(b, m, 0) ? GOOD_CAPTURE : BAD_CAPTURE);
            } else if (m == killer[0]) {
                s = KILLER_1;
            } else if (m == killer[1]) {
                s = KILLER_2;
            } else if (m == counter) {
                s = COUNTER_MOVE;
            } else {
                s = hist.quiet(b.side, threats, b.piece_on(m.from()), m, cont[0] ? cont : nullptr);
            }
            scores[i] = s;
        }
    }

    const Position& pos;
    Move ttMove;
    const Histories& hist;
    Move killer[2];
    Move counter;
    Bitboard threats;
    const PieceToHistory* cont[CONT_COUNT] = {};
    bool noisyOnly;
    bool evasions;  // in check: every move generated and scored at once
    bool quietChecks;
    bool skipLosing = false;
    bool skipQuiets = false;
    const CheckSquares* skipChecks = nullptr;  // skip_quiets()'s
    Move skipExcluded;
    int skippedCount = 0;
    SeeKnown lastSee = SEE_UNKNOWN;
    // In check: the hash move, then every move by score. Otherwise: the hash move; the noisy moves
    // that do not lose material, best first; the killers and the counter-move; the other quiet moves
    // (generated only now) by history; the noisy moves that lose material. A picker of noisy moves only
    // stops after the noisy moves, or (asked for) goes on to the quiet checks.
    enum class Stage {
        TTMove,
        GenEvasions,
        Evasions,
        GenNoisy,
        GoodNoisy,
        Killer1,
        Killer2,
        Counter,
        GenQuiets,
        Quiets,
        BadNoisy,
        QuietChecks,
        Done
    };
    Stage stage = Stage::TTMove;
    int index = 0;
    int noisyEnd = 0;  // the noisy moves are list[0, noisyEnd), the quiet moves after them
    int badIndex = 0;  // the first noisy move that loses material
    MoveList list;
    int scores[MAX_MOVES];
};

}  // namespace vireo
