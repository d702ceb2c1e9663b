// The move picker's shortcuts (search/movepick.h), each checked against the picker without it on the
// positions along seeded random games, with histories filled at random so that the order is not the
// generation order:
//   last_see()           what the picker's scoring found of a move's SEE, which the search reads in
//                        place of calling see_ge(b, m, 0) again: always see_ge's answer;
//   skip_losing_noisy()  quiescence's picker stops before the losing noisy moves: exactly the moves
//                        of the plain picker that see_ge(b, m, 0) keeps, in the same order;
//   skip_quiets()        once late-move pruning starts, the quiet moves that give no check are dropped
//                        and counted: the same moves as the plain picker's rest less those, and the
//                        count is how many were dropped.
#include <doctest/doctest.h>

#include <algorithm>
#include <memory>
#include <random>
#include <vector>

#include "movegen/checks.h"
#include "movegen/movegen.h"
#include "movegen/position.h"
#include "search/history.h"
#include "search/movepick.h"
#include "search/see.h"

using namespace vireo;

namespace {

// Random values in every butterfly, capture and continuation entry the pickers below read.
void fill_at_random(Histories& h, std::mt19937& rng) {
    std::uniform_int_distribution<int> value(-HISTORY_MAX, HISTORY_MAX);
    for (auto& a : h.butterfly)
        for (auto& b : a)
            for (auto& c : b)
                for (auto& d : c)
                    for (auto& e : d) e = std::int16_t(value(rng));
    for (auto& a : h.capture)
        for (auto& b : a)
            for (auto& c : b) c = std::int16_t(value(rng));
    for (auto& pc : h.continuation[0][0][make_piece(WHITE, KNIGHT)][F3])
        for (auto& e : pc) e = std::int16_t(value(rng));
}

// Histories filled at random (seeded), and the continuation tables a main-search picker reads: the
// one table fill_at_random fills, for each of the CONT_PLIES.
struct RandomHistories {
    std::unique_ptr<Histories> hist = std::make_unique<Histories>();
    const PieceToHistory* cont[CONT_COUNT];
    explicit RandomHistories(unsigned seed) {
        std::mt19937 rng(seed);
        fill_at_random(*hist, rng);
        for (auto& c : cont) c = &hist->continuation[0][0][make_piece(WHITE, KNIGHT)][F3];
    }
};

std::vector<Move> drain(MovePicker& picker) {
    std::vector<Move> out;
    for (Move m; (m = picker.next());) out.push_back(m);
    return out;
}

std::vector<Move> sorted(std::vector<Move> v) {
    std::sort(v.begin(), v.end(), [](Move a, Move b) { return a.raw() < b.raw(); });
    return v;
}

// Calls visit on the positions along 150 random games of up to 100 plies (seeded).
template <typename Visit>
int for_each_position(unsigned seed, Visit visit) {
    std::mt19937 rng(seed);
    int positions = 0;
    for (int game = 0; game < 150; ++game) {
        Position pos;
        for (int ply = 0; ply < 100; ++ply) {
            const MoveList moves = pos.legal_moves();
            if (moves.empty()) break;
            visit(pos, rng);
            ++positions;
            pos.play(moves.moves[rng() % moves.count]);
        }
    }
    return positions;
}

// A legal move of the position as the hash move, or none, at random.
Move some_tt_move(const Position& pos, std::mt19937& rng) {
    const MoveList moves = pos.legal_moves();
    return rng() % 3 == 0 ? Move::none() : moves.moves[rng() % moves.count];
}

}  // namespace

TEST_CASE("move picker: last_see() is see_ge(b, m, 0) for every generated noisy move, unknown otherwise") {
    const RandomHistories histories(3);
    const Histories* hist = histories.hist.get();
    const PieceToHistory* const* cont = histories.cont;
    int known = 0, losing = 0;
    const int positions = for_each_position(21, [&](const Position& pos, std::mt19937& rng) {
        const Board& b = pos.board();
        const Move tt = some_tt_move(pos, rng);
        for (bool noisyOnly : {false, true}) {
            const Bitboard threats = attacked_squares(b, ~b.side);
            MovePicker picker = noisyOnly ? MovePicker::quiescence(pos, tt, *hist, true, threats)
                                          : MovePicker::main(pos, tt, *hist, nullptr, Move::none(), cont, threats);
            for (Move m; (m = picker.next());) {
                const MovePicker::SeeKnown s = picker.last_see();
                CAPTURE(pos.fen());
                CAPTURE(pos.to_uci(m));
                if (m == tt || !is_noisy(b, m)) {
                    CHECK(s == MovePicker::SEE_UNKNOWN);
                } else {
                    REQUIRE(s != MovePicker::SEE_UNKNOWN);
                    CHECK((s == MovePicker::SEE_NONNEGATIVE) == see_ge(b, m, 0));
                    ++known;
                    losing += s == MovePicker::SEE_NEGATIVE;
                }
            }
        }
    });
    CHECK(positions > 10000);
    CHECK(known > 20000);
    CHECK(losing > 2000);  // both answers are exercised
}

TEST_CASE("move picker: skip_losing_noisy() hands out exactly the plain picker's moves that SEE keeps") {
    const RandomHistories histories(5);
    const Histories* hist = histories.hist.get();
    int dropped = 0, kept = 0;
    for_each_position(23, [&](const Position& pos, std::mt19937& rng) {
        if (pos.in_check()) return;  // quiescence asks for it only out of check
        const Board& b = pos.board();
        const Move tt = some_tt_move(pos, rng);
        for (bool checks : {false, true}) {
            MovePicker plain = MovePicker::quiescence(pos, tt, *hist, checks, 0);
            MovePicker skipping = MovePicker::quiescence(pos, tt, *hist, checks, 0);
            skipping.skip_losing_noisy();
            std::vector<Move> expected;
            for (Move m : drain(plain)) {
                // The hash move and the quiet checks are not put through SEE by the picker: they stay.
                if (m == tt || !is_noisy(b, m) || see_ge(b, m, 0)) expected.push_back(m);
                else ++dropped;
            }
            const std::vector<Move> got = drain(skipping);
            CAPTURE(pos.fen());
            CHECK(got == expected);
            kept += int(got.size());
        }
    });
    CHECK(dropped > 2000);
    CHECK(kept > 20000);
}

TEST_CASE("move picker: skip_quiets() drops the quiet moves that give no check, and counts them") {
    const RandomHistories histories(9);
    const Histories* hist = histories.hist.get();
    const PieceToHistory* const* cont = histories.cont;
    int skipped = 0, quietChecksKept = 0, excludedKept = 0;
    for_each_position(25, [&](const Position& pos, std::mt19937& rng) {
        const Board& b = pos.board();
        const CheckSquares checkSquares(b);
        const Move tt = some_tt_move(pos, rng);
        const Move killers[2] = {Move::none(), Move::none()};
        MovePicker plain = MovePicker::main(pos, tt, *hist, killers, Move::none(), cont, 0);
        MovePicker skipping = MovePicker::main(pos, tt, *hist, killers, Move::none(), cont, 0);
        const std::vector<Move> all = drain(plain);
        if (all.size() < 3) return;
        // Hand out a few moves, then skip; the move to exclude is one of those still to come.
        const std::size_t before = 1 + rng() % (all.size() - 1);
        for (std::size_t i = 0; i < before; ++i) REQUIRE(skipping.next() == all[i]);
        const Move excluded = all[before + rng() % (all.size() - before)];
        skipping.skip_quiets(checkSquares, excluded);
        std::vector<Move> expected;
        int dropped = 0;
        for (std::size_t i = before; i < all.size(); ++i) {
            const Move m = all[i];
            const bool check = gives_check(b, pos.rules(), m, type_of(b.piece_on(m.from())));
            if (is_noisy(b, m) || check || m == excluded) {
                expected.push_back(m);
                quietChecksKept += !is_noisy(b, m) && check;
                excludedKept += m == excluded && !is_noisy(b, m) && !check;
            } else {
                ++dropped;
            }
        }
        const std::vector<Move> got = drain(skipping);
        CAPTURE(pos.fen());
        CHECK(sorted(got) == sorted(expected));
        CHECK(skipping.take_skipped() == dropped);
        CHECK(skipping.take_skipped() == 0);  // taken once
        skipped += dropped;
    });
    CHECK(skipped > 50000);
    CHECK(quietChecksKept > 500);
    CHECK(excludedKept > 500);
}

// The picker works in stages (noisy moves, killers and counter-move, the other quiet moves generated
// only when reached, losing noisy moves): every legal move still comes exactly once, and in the
// order of the bands (search/movepick.h), by score within a band; killers and counter-moves drawn at
// random from the legal moves, and from those of another position (mostly illegal here).
TEST_CASE("move picker: the stages hand out every legal move once, band after band, best first within each") {
    const RandomHistories histories(11);
    const Histories* hist = histories.hist.get();
    const PieceToHistory* const* cont = histories.cont;
    int positions = 0, specials = 0, outOfPlace = 0;
    Position other;  // the position of the previous visit: its moves are mostly not legal here
    for_each_position(27, [&](const Position& pos, std::mt19937& rng) {
        const Board& b = pos.board();
        const MoveList legal = pos.legal_moves();
        const MoveList foreign = other.legal_moves();
        auto some_move = [&]() {
            const int pick = int(rng() % 4);
            if (pick == 0 || foreign.count == 0) return Move::none();
            if (pick == 1) return foreign.moves[rng() % foreign.count];
            return legal.moves[rng() % legal.count];
        };
        const Move tt = some_tt_move(pos, rng);
        const Move killers[2] = {some_move(), some_move()};
        const Move counter = rng() % 2 ? killers[0] : some_move();
        const Bitboard threats = attacked_squares(b, ~b.side);
        MovePicker picker = MovePicker::main(pos, tt, *hist, killers, counter, cont, threats);
        const std::vector<Move> got = drain(picker);
        std::vector<Move> expected(legal.moves, legal.moves + legal.count);
        CAPTURE(pos.fen());
        REQUIRE(sorted(got) == sorted(expected));  // each legal move once, nothing else
        // Bands: hash move 0; noisy, SEE >= 0: 1; first killer 2, second 3, counter-move 4; other quiet
        // moves 5; noisy, SEE < 0: 6. Within 1 and 6 by the noisy score, within 5 by the quiet history.
        int lastBand = -1;
        long lastScore = 0;
        for (std::size_t i = 0; i < got.size(); ++i) {
            const Move m = got[i];
            const bool noisy = is_noisy(b, m);
            const int band = m == tt           ? 0
                             : noisy           ? (see_ge(b, m, 0) ? 1 : 6)
                             : m == killers[0] ? 2
                             : m == killers[1] ? 3
                             : m == counter    ? 4
                                               : 5;
            specials += band >= 2 && band <= 4;
            long score = 0;
            if (band == 1 || band == 6) {
                const PieceType victim = b.captured_type(m);
                const Promotion promotion = m.kind() != Move::PROMOTION ? Promotion::None
                                            : m.promotion() == QUEEN    ? Promotion::Queen
                                                                        : Promotion::Under;
                score = noisy_offset(victim, hist->capture[b.piece_on(m.from())][m.to()][victim], promotion);
            } else if (band == 5) {
                score = hist->quiet(b.side, threats, b.piece_on(m.from()), m, cont);
            }
            if (band < lastBand || (band == lastBand && (band == 1 || band >= 5) && score > lastScore)) {
                ++outOfPlace;
                CAPTURE(pos.to_uci(m));
                FAIL_CHECK("out of place");
            }
            lastBand = band;
            lastScore = score;
        }
        ++positions;
        other = pos;
    });
    CHECK(positions > 10000);
    CHECK(specials > 5000);  // killers and counter-moves were handed out on their own often
    CHECK(outOfPlace == 0);
}
