// Unit tests of the search's parts: SEE, the transposition table, time planning, draw rules, SAN, the
// butterfly history's split by threats.
#include <doctest/doctest.h>

#include <algorithm>
#include <limits>
#include <memory>
#include <set>
#include <string_view>

#include "movegen/movegen.h"
#include "movegen/position.h"
#include "search/history.h"
#include "search/movepick.h"
#include "search/params.h"
#include "search/search.h"
#include "search/see.h"
#include "search/timeman.h"
#include "search/tt.h"

using namespace vireo;

namespace {
Position from(const char* fen) {
    Position p;
    auto err = p.set(fen);
    REQUIRE_MESSAGE(!err, fen);
    return p;
}
Move uci(const Position& p, const char* text) {
    Move m = p.parse_move(text);
    REQUIRE_MESSAGE(m, text);
    return m;
}
}  // namespace

TEST_CASE("butterfly history: a quiet move is scored apart by whether its squares are attacked") {
    // The black pawn on c5 attacks the knight on d4; f5 and b3 are not attacked. No captures.
    Position p = from("6k1/8/8/2p5/3N4/8/8/6K1 w - - 0 1");
    const Board& b = p.board();
    const Bitboard threats = attacked_squares(b, BLACK);
    REQUIRE((threats & bb(D4)) != 0);
    REQUIRE((threats & (bb(F5) | bb(B3))) == 0);
    const Move toF5 = uci(p, "d4f5"), toB3 = uci(p, "d4b3");
    const Piece knight = b.piece_on(D4);

    auto hist = std::make_unique<Histories>();
    Histories::update(hist->butterfly_of(WHITE, threats, toF5), 1000);
    CHECK(hist->quiet(WHITE, threats, knight, toF5, nullptr) == 1000);
    CHECK(hist->quiet(WHITE, 0, knight, toF5, nullptr) == 0);  // the knight were it safe on d4
    CHECK(hist->quiet(BLACK, threats, knight, toF5, nullptr) == 0);
    // The move picker reads the part the position's threats name: the move learnt under them first.
    MovePicker picker = MovePicker::main(p, Move::none(), *hist, nullptr, Move::none(), nullptr, threats);
    CHECK(picker.next() == toF5);

    // Learnt with d4 safe, 1000 does not count in this position; b3's 500 under the threats does.
    hist->clear();
    Histories::update(hist->butterfly_of(WHITE, 0, toF5), 1000);
    Histories::update(hist->butterfly_of(WHITE, threats, toB3), 500);
    MovePicker again = MovePicker::main(p, Move::none(), *hist, nullptr, Move::none(), nullptr, threats);
    CHECK(again.next() == toB3);
    MovePicker safe = MovePicker::main(p, Move::none(), *hist, nullptr, Move::none(), nullptr, 0);
    CHECK(safe.next() == toF5);
}

TEST_CASE(
    "quiet history: the continuation histories of the moves 1, 2, 4 and 6 plies back all count, the last by half") {
    Position p = from("6k1/8/8/2p5/3N4/8/8/6K1 w - - 0 1");
    const Board& b = p.board();
    const Move toF5 = uci(p, "d4f5"), toB3 = uci(p, "d4b3");
    const Piece knight = b.piece_on(D4);
    auto hist = std::make_unique<Histories>();
    REQUIRE(CONT_COUNT == 4);
    CHECK(CONT_PLIES[0] == 1);
    CHECK(CONT_PLIES[1] == 2);
    CHECK(CONT_PLIES[2] == 4);
    CHECK(CONT_PLIES[3] == 6);
    // Four different earlier moves' tables (a black rook to e8, a white king to g1, a black pawn to c5,
    // a white queen to d1).
    const PieceToHistory* cont[CONT_COUNT] = {&hist->continuation[0][0][make_piece(BLACK, ROOK)][E8],
                                              &hist->continuation[0][0][make_piece(WHITE, KING)][G1],
                                              &hist->continuation[0][0][make_piece(BLACK, PAWN)][C5],
                                              &hist->continuation[0][0][make_piece(WHITE, QUEEN)][D1]};
    Histories::update(hist->continuation[0][0][make_piece(BLACK, ROOK)][E8][knight][F5], 100);
    Histories::update(hist->continuation[0][0][make_piece(WHITE, KING)][G1][knight][F5], 200);
    Histories::update(hist->continuation[0][0][make_piece(BLACK, PAWN)][C5][knight][B3], 400);
    Histories::update(hist->continuation[0][0][make_piece(WHITE, QUEEN)][D1][knight][F5], 300);
    CHECK(hist->quiet(WHITE, 0, knight, toF5, cont) == 450);  // the ply-6 table by half
    CHECK(hist->quiet(WHITE, 0, knight, toB3, cont) == 400);  // the ply-4 table alone
    CHECK(hist->quiet(WHITE, 0, knight, toB3, nullptr) == 0);
    // The search's own reads (pruning, reductions) leave the ply-6 table out.
    REQUIRE(CONT_SEARCHED == 3);
    CHECK(hist->quiet(WHITE, 0, knight, toF5, cont, CONT_SEARCHED) == 300);
    // The move picker reads all four: f5 first, by the ply-6 table.
    MovePicker picker = MovePicker::main(p, Move::none(), *hist, nullptr, Move::none(), cont, 0);
    CHECK(picker.next() == toF5);
    CHECK(picker.next() == toB3);
}

TEST_CASE("static exchange evaluation") {
    // Rook takes a pawn defended by a pawn: loses the exchange.
    Position p = from("4k3/8/3p4/4p3/8/8/8/4RK2 w - - 0 1");
    Move rxe5 = uci(p, "e1e5");
    CHECK(see_ge(p.board(), rxe5, -400));
    CHECK_FALSE(see_ge(p.board(), rxe5, 0));
    // Undefended pawn: wins 100 exactly.
    p = from("4k3/8/8/4p3/8/8/8/4RK2 w - - 0 1");
    rxe5 = uci(p, "e1e5");
    CHECK(see_ge(p.board(), rxe5, 100));
    CHECK_FALSE(see_ge(p.board(), rxe5, 101));
    // Knight takes a pawn twice defended, attacked twice: N x P, P x N, R x P ... loses the knight for a pawn.
    p = from("4k3/3r4/3p4/4p3/2N5/8/8/4RK2 w - - 0 1");
    CHECK_FALSE(see_ge(p.board(), uci(p, "c4e5"), 0));
    // X-ray: the queen behind the rook supports the capture.
    p = from("3rk3/8/8/3p4/8/8/3R4/3QK3 w - - 0 1");
    CHECK(see_ge(p.board(), uci(p, "d2d5"), 0));
    // A quiet move onto a square attacked by a pawn loses the piece; onto a safe one, nothing.
    p = from("4k3/8/3p4/8/5B2/8/8/4K3 w - - 0 1");
    CHECK_FALSE(see_ge(p.board(), uci(p, "f4e5"), 0));
    CHECK(see_ge(p.board(), uci(p, "f4e5"), -300));
    CHECK(see_ge(p.board(), uci(p, "f4g5"), 0));
    CHECK_FALSE(see_ge(p.board(), uci(p, "f4g5"), 1));
}

TEST_CASE("transposition table stores, finds, and adjusts nothing itself") {
    TranspositionTable tt;
    REQUIRE(tt.resize(1).empty());
    const Key k = 0x123456789ABCDEF0ULL;
    TTData d;
    CHECK_FALSE(tt.probe(k, d));
    tt.store(k, 55, 12, BOUND_EXACT, 7, Move(E2, E4));
    REQUIRE(tt.probe(k, d));
    CHECK(d.score == 55);
    CHECK(d.eval == 12);
    CHECK(d.depth == 7);
    CHECK(d.bound == BOUND_EXACT);
    CHECK(d.move == Move(E2, E4));
    CHECK_FALSE(d.pv);
    // The pv flag is kept beside the bound, and a later store of the same position sets or clears it.
    tt.store(k, 55, 12, BOUND_LOWER, 7, Move(E2, E4), true);
    REQUIRE(tt.probe(k, d));
    CHECK(d.pv);
    CHECK(d.bound == BOUND_LOWER);
    CHECK(d.depth == 7);
    tt.store(k, 40, 12, BOUND_UPPER, 8, Move::none(), false);
    REQUIRE(tt.probe(k, d));
    CHECK_FALSE(d.pv);
    CHECK(d.bound == BOUND_UPPER);
    CHECK(d.move == Move(E2, E4));
    // A different key in the same bucket does not match.
    CHECK_FALSE(tt.probe(k ^ 8, d));
    tt.clear();
    CHECK_FALSE(tt.probe(k, d));
    // A size that cannot be had keeps the old table.
    tt.store(k, 1, 2, BOUND_LOWER, 3, Move::none());
    CHECK_FALSE(tt.resize(std::size_t(1) << 40).empty());
    CHECK(tt.size_mb() == 1);
}

TEST_CASE("time plan stays inside the clock") {
    SearchLimits l;
    l.time[WHITE] = 60000;
    l.inc[WHITE] = 1000;
    TimePlan p = plan_time(l, WHITE, 10);
    CHECK(p.limited);
    CHECK(p.soft > 1000);
    CHECK(p.hard <= 60000 - 10);
    CHECK(p.soft <= p.hard);
    l.time[WHITE] = 1;
    l.inc[WHITE] = 0;
    p = plan_time(l, WHITE, 10);
    CHECK(p.hard >= 1);
    CHECK(p.hard <= 1);
    l = SearchLimits{};
    l.moveTime = 500;
    p = plan_time(l, BLACK, 10);
    CHECK(p.fixed);
    CHECK(p.hard == 490);
    l = SearchLimits{};
    l.depth = 5;
    CHECK_FALSE(plan_time(l, WHITE, 10).limited);
    // Last move before the time control: may use most, never all, of what is left.
    l = SearchLimits{};
    l.time[BLACK] = 1000;
    l.movesToGo = 1;
    p = plan_time(l, BLACK, 50);
    CHECK(p.hard <= 950);
}

namespace {

// A clock plan for `us`: time left, increment, moves to go (0: sudden death).
TimePlan clock_plan(Color us, std::int64_t time, std::int64_t inc, int movesToGo, std::int64_t overhead) {
    SearchLimits l;
    l.time[us] = time;
    l.inc[us] = inc;
    l.time[~us] = 1;  // the other clock must not matter
    l.inc[~us] = 0;
    l.movesToGo = movesToGo;
    return plan_time(l, us, overhead);
}

// What every clock plan must mean, whatever the clock: a time limit; soft <= hard; never beyond
// the time left minus the overhead; the hard limit at most five soft limits (one iteration that runs
// long may not take the game) and at most 40% of what is left (90% on the last move before the
// time control).
void check_plan_invariants(const TimePlan& p, std::int64_t time, std::int64_t overhead, int movesToGo) {
    const std::int64_t left = std::max<std::int64_t>(1, time - overhead);
    CAPTURE(time);
    CAPTURE(overhead);
    CAPTURE(movesToGo);
    CAPTURE(p.soft);
    CAPTURE(p.hard);
    CHECK(p.limited);
    CHECK_FALSE(p.fixed);
    CHECK(p.soft >= 1);
    CHECK(p.soft <= p.hard);
    CHECK(p.hard <= left);
    CHECK(p.hard <= std::max<std::int64_t>(1, 5 * p.soft));
    // (The product kept inside 64 bits: past 2^50 ms, a fraction of 2^50, which the plan keeps too.)
    if (left >= 10) CHECK(p.hard <= std::min(left, std::int64_t(1) << 50) * (movesToGo == 1 ? 9 : 4) / 10);
}

}  // namespace

TEST_CASE("time plan: soft and hard limits are what the plan means") {
    // Sudden death, 60 s, no increment: about 1/mtg of the clock per move (tmMovesToGo, 25: 2.4 s),
    // the hard limit a few times that and far from the whole clock.
    const int mtg = SearchParams{}.tmMovesToGo;
    REQUIRE(mtg >= 15);  // the bounds below assume a share of the clock no larger than 1/15
    {
        const TimePlan p = clock_plan(WHITE, 60000, 0, 0, 10);
        check_plan_invariants(p, 60000, 10, 0);
        CHECK(p.soft >= 59990 / (mtg + 1));
        CHECK(p.soft <= 59990 / (mtg - 1));
        CHECK(p.hard >= 3 * p.soft);             // room for an iteration that runs long
        CHECK(p.hard <= 5 * 59990 / (mtg - 1));  // 5 soft limits, 12 s: not most of the clock
    }
    // Sudden death, 60 s + 1 s: the increment is spent too (about 3/4 of it), on top of 1/mtg.
    {
        const TimePlan p = clock_plan(BLACK, 60000, 1000, 0, 10);
        check_plan_invariants(p, 60000, 10, 0);
        CHECK(p.soft >= 1000 / 2 + 59990 / (mtg + 1));
        CHECK(p.soft <= 1000 + 59990 / (mtg - 1));
        CHECK(p.hard >= 3 * p.soft);
        CHECK(p.hard <= 5 * (1000 + 59990 / (mtg - 1)));
    }
    // An increment larger than the clock: the increment does not come before the move is made, so
    // the plan still stays inside what is on the clock (40% of it).
    {
        const TimePlan p = clock_plan(WHITE, 2000, 5000, 0, 10);
        check_plan_invariants(p, 2000, 10, 0);
        CHECK(p.hard <= 1990 * 4 / 10);
        CHECK(p.soft >= 1990 / 4);  // most of the 40% is used: the increment refills the clock
    }
    // An increment only (a clock that ran out): one ms, nothing more.
    {
        const TimePlan p = clock_plan(WHITE, 5, 1000, 0, 10);
        check_plan_invariants(p, 5, 10, 0);
        CHECK(p.hard == 1);
    }
    // 40 moves in 60 s (movestogo 40, as PolyGlot sends it): 1/40 of the clock.
    {
        const TimePlan p = clock_plan(WHITE, 60000, 0, 40, 10);
        check_plan_invariants(p, 60000, 10, 40);
        CHECK(p.soft >= 59990 / 41);
        CHECK(p.soft <= 59990 / 39);
        CHECK(p.hard <= 5 * 59990 / 39);
    }
    // 10 moves to go: a tenth each, the hard limit capped at 40% of the clock (not 5 tenths).
    {
        const TimePlan p = clock_plan(BLACK, 60000, 0, 10, 10);
        check_plan_invariants(p, 60000, 10, 10);
        CHECK(p.soft >= 59990 / 11);
        CHECK(p.soft <= 59990 / 9);
        CHECK(p.hard >= 2 * p.soft);
        CHECK(p.hard <= 59990 * 4 / 10);
    }
    // More moves to go than a game has left: treated as at most 40, not as hundreds of moves.
    {
        const TimePlan p = clock_plan(WHITE, 60000, 0, 500, 10);
        check_plan_invariants(p, 60000, 10, 500);
        CHECK(p.soft >= 59990 / 41);
    }
    // The last move before the time control: most of what is left (over 80%), never more than 90%
    // of the time left minus the overhead.
    for (const std::int64_t overhead : {10, 50, 500}) {
        CAPTURE(overhead);
        const TimePlan p = clock_plan(BLACK, 1000, 0, 1, overhead);
        check_plan_invariants(p, 1000, overhead, 1);
        CHECK(p.hard <= (1000 - overhead) * 9 / 10);
        CHECK(p.hard >= (1000 - overhead) * 8 / 10);
        const TimePlan withInc = clock_plan(WHITE, 1000, 2000, 1, overhead);
        check_plan_invariants(withInc, 1000, overhead, 1);
        CHECK(withInc.hard <= (1000 - overhead) * 9 / 10);
    }
    // A Move Overhead as large as the clock: one ms.
    {
        const TimePlan p = clock_plan(WHITE, 100, 0, 0, 100);
        CHECK(p.limited);
        CHECK(p.hard == 1);
        CHECK(p.soft == 1);
    }
    // Many clocks: the invariants hold everywhere.
    for (const std::int64_t time : {1, 20, 100, 999, 5000, 60000, 180000, 3600000})
        for (const std::int64_t inc : {0, 10, 100, 2000, 30000})
            for (const int mtg : {0, 1, 2, 5, 40, 41})
                for (const std::int64_t overhead : {0, 10, 100})
                    check_plan_invariants(clock_plan(mtg % 2 ? WHITE : BLACK, time, inc, mtg, overhead), time, overhead,
                                          mtg);
    // movetime together with a clock: the smaller of the two.
    {
        SearchLimits l;
        l.time[WHITE] = 60000;
        l.moveTime = 300;
        const TimePlan p = plan_time(l, WHITE, 10);
        CHECK(p.limited);
        CHECK(p.hard <= 290);
        CHECK(p.soft <= p.hard);
    }
}

TEST_CASE("time plan: a 10+0.1 clock, a 50 ms clock without increment, and huge clocks") {
    const std::int64_t overhead = SearchSettings{}.moveOverhead;  // the Move Overhead a GUI leaves alone
    const int mtg = SearchParams{}.tmMovesToGo;
    // 10+0.1 as fastchess sends it at the first move: about 1/mtg of the clock plus most of the
    // increment (0.47 s), the hard limit a few soft limits (2.4 s), far from the clock.
    {
        const TimePlan p = clock_plan(WHITE, 10000, 100, 0, overhead);
        check_plan_invariants(p, 10000, overhead, 0);
        CHECK(p.soft >= (10000 - overhead) / (mtg + 1) + 50);
        CHECK(p.soft <= (10000 - overhead) / (mtg - 1) + 100);
        CHECK(p.hard >= 3 * p.soft);
        CHECK(p.hard <= 3000);
    }
    // 50 ms and no increment: the move must come within the 20 ms Move Overhead leaves.
    {
        const TimePlan p = clock_plan(BLACK, 50, 0, 0, overhead);
        check_plan_invariants(p, 50, overhead, 0);
        CHECK(p.hard <= 50 - overhead);
    }
    // Huge clocks (an untimed game as some GUIs send it, up to the largest 64-bit number, the
    // increment too): a long think, not an instant move from arithmetic past 64 bits.
    const std::int64_t huge[] = {2147483647, std::int64_t(1) << 50, std::numeric_limits<std::int64_t>::max()};
    for (const std::int64_t time : huge)
        for (const std::int64_t inc : {std::int64_t(0), std::int64_t(1000), time})
            for (const int movesToGo : {0, 1, 40}) {
                CAPTURE(time);
                CAPTURE(inc);
                CAPTURE(movesToGo);
                const TimePlan p = clock_plan(WHITE, time, inc, movesToGo, overhead);
                check_plan_invariants(p, time, overhead, movesToGo);
                CHECK(p.soft >= 2147483647 / 50);  // over 12 hours
            }
    // A huge movetime: all of it.
    SearchLimits l;
    l.moveTime = std::numeric_limits<std::int64_t>::max();
    const TimePlan p = plan_time(l, WHITE, overhead);
    CHECK(p.fixed);
    CHECK(p.hard == l.moveTime - overhead);
}

namespace {

// What the iterations say about the best move, for soft_limit_reached.
IterationSignals signals(int stability, double bestShare, int scoreDrop, int depth = 12, bool onlyMove = false) {
    IterationSignals s;
    s.stability = stability;
    s.bestShare = bestShare;
    s.scoreDrop = scoreDrop;
    s.depth = depth;
    s.onlyMove = onlyMove;
    return s;
}

// The first whole ms at which the soft limit is reached (the test checks it is reached by 10 soft limits).
std::int64_t soft_stop_at(const TimePlan& plan, const IterationSignals& s) {
    const SearchParams p;
    std::int64_t t = 0;
    while (t <= 10 * plan.soft && !soft_limit_reached(plan, t, s, p)) ++t;
    return t;
}

}  // namespace

TEST_CASE("soft limit: sooner when the best move is settled, later when it is not, soonest with one move") {
    const SearchParams p;
    TimePlan plan;
    plan.limited = true;
    plan.soft = 1000;
    plan.hard = 5000;
    // Settled: the same best move for many iterations, most of the nodes, the score steady. The next
    // iteration would likely end past the soft limit: none is started after about half of it.
    const IterationSignals settled = signals(p.tmStabilityMax, 0.9, 0);
    CHECK_FALSE(soft_limit_reached(plan, 0, settled, p));
    CHECK_FALSE(soft_limit_reached(plan, plan.soft / 4, settled, p));
    CHECK(soft_limit_reached(plan, plan.soft * 3 / 4, settled, p));
    CHECK(soft_limit_reached(plan, plan.soft, settled, p));
    // Unsettled: a new best move, a small share of the nodes, the score falling: past the soft limit,
    // never past three of them.
    const IterationSignals unsettled = signals(0, 0.2, 60);
    CHECK_FALSE(soft_limit_reached(plan, plan.soft, unsettled, p));
    CHECK(soft_limit_reached(plan, 3 * plan.soft, unsettled, p));
    // One legal move: a fraction of the soft limit.
    const IterationSignals only = signals(0, 1.0, 0, 12, true);
    CHECK(soft_limit_reached(plan, plan.soft / 4, only, p));
    CHECK(soft_stop_at(plan, only) < soft_stop_at(plan, settled));
    CHECK(soft_stop_at(plan, settled) < soft_stop_at(plan, unsettled));
    // Each signal on its own moves the stop the right way.
    const IterationSignals middle = signals(3, 0.5, 0);
    const std::int64_t at = soft_stop_at(plan, middle);
    CHECK(soft_stop_at(plan, signals(6, 0.5, 0)) < at);       // more stable
    CHECK(soft_stop_at(plan, signals(3, 0.8, 0)) < at);       // a larger share
    CHECK(soft_stop_at(plan, signals(3, 0.5, 40)) > at);      // a falling score
    CHECK(soft_stop_at(plan, signals(3, 0.5, 40, 2)) == at);  // ... not read in the first iterations
    // Whatever the signals: never before a quarter of the soft limit (one move aside), always by three
    // soft limits, and once reached, reached later too.
    for (int stability = 0; stability <= p.tmStabilityMax; ++stability)
        for (const double share : {0.0, 0.3, 0.7, 1.0})
            for (const int drop : {-500, -50, 0, 50, 500})
                for (const int depth : {1, 5, 20}) {
                    CAPTURE(stability);
                    CAPTURE(share);
                    CAPTURE(drop);
                    CAPTURE(depth);
                    const IterationSignals s = signals(stability, share, drop, depth);
                    CHECK_FALSE(soft_limit_reached(plan, plan.soft / 4, s, p));
                    const std::int64_t stop = soft_stop_at(plan, s);
                    CHECK(stop <= 3 * plan.soft);
                    CHECK(soft_limit_reached(plan, stop + 1000, s, p));
                }
}

TEST_CASE("draw rules: repetition, fifty moves, insufficient material") {
    Position p;
    for (const char* m : {"g1f3", "g8f6", "f3g1", "f6g8"}) p.do_move(uci(p, m));
    CHECK_FALSE(p.is_draw(0));  // the start position occurred once before: not yet threefold
    CHECK(p.is_draw(5));        // a repetition inside the search counts
    for (const char* m : {"g1f3", "g8f6", "f3g1", "f6g8"}) p.do_move(uci(p, m));
    CHECK(p.is_draw(0));  // threefold
    CHECK(from("8/8/8/3k4/8/8/8/4K2R w - - 99 80").is_draw(0) == false);
    Position fifty = from("8/8/8/3k4/8/8/8/4K2R w - - 100 80");
    CHECK(fifty.is_draw(0));
    // Checkmate on the hundredth halfmove is no draw.
    CHECK_FALSE(from("7k/5KQ1/8/8/8/8/8/8 b - - 100 80").is_draw(0));
    CHECK(from("8/8/8/3k4/8/8/8/4K3 w - - 0 1").insufficient_material());
    CHECK(from("8/8/8/3k4/8/8/8/4KN2 w - - 0 1").insufficient_material());
    CHECK(from("8/8/8/3k4/8/8/8/2B1KB2 w - - 0 1").insufficient_material() == false);  // bishops on both colours
    CHECK(from("8/8/8/3k4/8/8/7P/4K3 w - - 0 1").insufficient_material() == false);
    CHECK(from("8/8/8/3k4/8/8/8/4KNN1 w - - 0 1").insufficient_material() == false);
}

TEST_CASE("SAN is read as written") {
    Position p = from("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    CHECK(p.parse_san("O-O") == uci(p, "e1g1"));
    CHECK(p.parse_san("O-O-O") == uci(p, "e1c1"));
    CHECK(p.parse_san("Nxf7") == uci(p, "e5f7"));
    CHECK(p.parse_san("dxe6") == uci(p, "d5e6"));
    CHECK(p.parse_san("Qxh3+") == uci(p, "f3h3"));
    CHECK(p.parse_san("gxh3") == uci(p, "g2h3"));
    CHECK(p.parse_san("Nb1") == uci(p, "c3b1"));
    CHECK(p.parse_san("Ng4") == uci(p, "e5g4"));
    CHECK(p.parse_san("Bd1") == uci(p, "e2d1"));
    CHECK(p.parse_san("Rb1") == uci(p, "a1b1"));
    CHECK(p.parse_san("Kd1") == uci(p, "e1d1"));
    CHECK(p.parse_san("Ke3") == Move::none());  // illegal
    CHECK(p.parse_san("Zz9") == Move::none());
    Position promo = from("3n4/4P3/8/8/8/8/k7/6K1 w - - 0 1");
    CHECK(promo.parse_san("e8=Q+") == uci(promo, "e7e8q"));
    CHECK(promo.parse_san("exd8=N") == uci(promo, "e7d8n"));
    CHECK(promo.parse_san("e8") == Move::none());  // a promotion needs its piece
    // Disambiguation by file and by rank.
    Position two = from("3k4/8/8/8/8/8/4K3/R6R w - - 0 1");
    CHECK(two.parse_san("Rd1") == Move::none());  // ambiguous
    CHECK(two.parse_san("Rhd1") == uci(two, "h1d1"));
    CHECK(two.parse_san("Rad1") == uci(two, "a1d1"));
    Position ranks = from("3k4/8/8/R7/8/8/8/R3K3 w - - 0 1");
    CHECK(ranks.parse_san("R1a3") == uci(ranks, "a1a3"));
    CHECK(ranks.parse_san("R5a3") == uci(ranks, "a5a3"));
}

TEST_CASE("search parameters: each within its tuning range, names unique") {
    std::set<std::string_view> names;
    for (const auto& p : vireo::params::SEARCH_PARAMS) {
        CHECK_MESSAGE(p.min <= p.value, p.name);
        CHECK_MESSAGE(p.value <= p.max, p.name);
        CHECK_MESSAGE(names.insert(p.name).second, "twice: " << p.name);
    }
    CHECK(names.size() == vireo::params::SEARCH_PARAMS.size());
    CHECK(names.count("singularMinDepth") == 1);
}
