// The clock as a player sees it, on the real binary: from the clocks a GUI sends, each move takes
// between a share of the time plan's soft limit and its hard limit, and over a game the moves take
// about the soft limit, not the hard one (a soft limit that never stopped an iteration made every move
// think until the hard limit, about five times longer, and nothing else failed). The plan itself and
// the soft limit's rule are unit-tested in test_search_parts.cpp; here the engine is measured as the
// GUI measures it, from sending `go` to reading `bestmove`. Not in suite "threads" (ThreadSanitizer's
// slowdown tells nothing about time), and not named test_uci* (scripts/test-windows runs those under
// Wine, whose pipes add their own lag).
#include <doctest/doctest.h>

#include <chrono>
#include <string>
#include <vector>

#include "engine_process.h"
#include "movegen/position.h"
#include "search/search.h"
#include "uci_helpers.h"

using namespace vireo;
using Clock = std::chrono::steady_clock;

namespace {

// The Move Overhead the engine starts with (the tests leave it alone).
const std::int64_t OVERHEAD = SearchSettings{}.moveOverhead;

// Past the hard limit, what the engine may take on a loaded machine: the look at the clock every
// 1024 nodes, a thread descheduled, the pipes. Honest for two busy cores; stretched for the
// sanitizer builds.
long long late_margin() { return vireo_test::scaled_ms(150); }

// A go command and the limits it sends.
struct Go {
    std::string text;
    SearchLimits limits;
};

Go clock_go(std::int64_t wtime, std::int64_t btime, std::int64_t winc, std::int64_t binc, int movesToGo = 0) {
    Go g;
    g.text = "go wtime " + std::to_string(wtime) + " btime " + std::to_string(btime) + " winc " + std::to_string(winc) +
             " binc " + std::to_string(binc);
    if (movesToGo) g.text += " movestogo " + std::to_string(movesToGo);
    g.limits.time[WHITE] = wtime;
    g.limits.time[BLACK] = btime;
    g.limits.inc[WHITE] = winc;
    g.limits.inc[BLACK] = binc;
    g.limits.movesToGo = movesToGo;
    return g;
}

// A move the engine made, and the ms from sending go to reading its bestmove.
struct Timed {
    Move move;
    long long ms = 0;
};

// Sends go and reads its bestmove, checked legal in pos.
Timed timed_go(EngineProcess& e, const Go& go, const Position& pos, std::int64_t hard) {
    const auto start = Clock::now();
    e.send(go.text);
    const auto best = e.wait_for("bestmove", int(hard) + 3000);
    Timed t;
    t.ms = std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start).count();
    REQUIRE_MESSAGE(best, go.text << ": no bestmove within " << hard + 3000 << " ms");
    t.move = vireo_test::check_bestmove(*best, pos);
    return t;
}

// A quiet middlegame, many moves of about equal worth (Queen's Gambit Declined).
const char* const MIDDLEGAME = "r1bq1rk1/pp1nbppp/2p1pn2/3p2B1/2PP4/2NBPN2/PP3PPP/R2QK2R w KQ - 2 8";

}  // namespace

TEST_CASE("time: from the clocks GUIs send, each move takes from a quarter of the soft limit to the hard limit") {
    EngineProcess e(vireo_test::engine_under_test());
    vireo_test::require_ready(e, 5000);
    const Position pos = vireo_test::position_from(MIDDLEGAME);
    Go movetime;
    movetime.text = "go movetime 300";
    movetime.limits.moveTime = 300;
    // Sudden death with an increment, moves to go, movetime, a 50 ms clock with no increment.
    for (const Go& go :
         {clock_go(2000, 2000, 20, 20), clock_go(1500, 3000, 0, 0, 15), movetime, clock_go(50, 50, 0, 0)}) {
        CAPTURE(go.text);
        const TimePlan plan = plan_time(go.limits, WHITE, OVERHEAD);
        CAPTURE(plan.soft);
        CAPTURE(plan.hard);
        e.send("ucinewgame");
        e.send(std::string("position fen ") + MIDDLEGAME);
        vireo_test::require_ready(e, 5000);
        const long long used = timed_go(e, go, pos, plan.hard).ms;
        CAPTURE(used);
        CHECK(used <= plan.hard + late_margin());
        // Before the flag falls, on the 50 ms clock too (the sanitizer builds stretch it).
        if (go.limits.use_clock(WHITE)) CHECK(used < vireo_test::scaled_ms(go.limits.time[WHITE]));
        // movetime is used whole (less Move Overhead, and the ms the clocks round away); a clock, at
        // least a quarter of the soft limit.
        CHECK(used >= (plan.fixed ? plan.hard - 2 : plan.soft / 4));
    }
    // A huge clock: a long think (an instant move would mean the plan overflowed), which stop ends.
    e.send("position fen " + std::string(MIDDLEGAME));
    e.send("go wtime 9223372036854775807 btime 9223372036854775807 winc 9223372036854775807");
    CHECK_FALSE(e.wait_for("bestmove", 500));
    e.send("stop");
    const auto best = e.wait_for("bestmove", 1000);
    REQUIRE(best);
    vireo_test::check_bestmove(*best, pos);
}

TEST_CASE("time: over 20 moves of a game at 2+0.02 the moves take about the soft limit, far from the hard one") {
    // The engine plays both sides from the start position, each clock run down as a GUI runs it: less
    // the time the move took, plus the increment.
    EngineProcess e(vireo_test::engine_under_test());
    vireo_test::require_ready(e, 5000);
    const std::int64_t inc = 20;
    std::int64_t clock[COLOR_NB] = {2000, 2000};
    Position pos;
    std::string moves;
    double used = 0, soft = 0, hard = 0;
    for (int ply = 0; ply < 20; ++ply) {
        CAPTURE(ply);
        const Color us = pos.side_to_move();
        const Go go = clock_go(clock[WHITE], clock[BLACK], inc, inc);
        const TimePlan plan = plan_time(go.limits, us, OVERHEAD);
        CAPTURE(go.text);
        CAPTURE(plan.soft);
        CAPTURE(plan.hard);
        e.send("position startpos" + (moves.empty() ? "" : " moves" + moves));
        const Timed t = timed_go(e, go, pos, plan.hard);
        const long long ms = t.ms;
        CAPTURE(ms);
        CHECK(ms <= plan.hard + late_margin());
        if (pos.legal_moves().size() > 1) CHECK(ms >= plan.soft / 4);
        clock[us] += inc - ms;
        REQUIRE_MESSAGE(clock[us] > 0, "lost on time");
        used += double(ms);
        soft += double(plan.soft);
        hard += double(plan.hard);
        moves += ' ';
        moves += pos.to_uci(t.move);
        pos.play(t.move);
    }
    // Each move's soft limit is where the engine starts no new iteration once the best move looks
    // settled (earlier) or not (later, up to three soft limits), and the iteration under way ends: on
    // average about the soft limit (measured 1.4 to 1.8 soft limits on two loaded cores, the GUI's
    // lag in it), never half-way to the hard limit. With the soft limit ignored every move runs to
    // the hard limit, five soft limits.
    MESSAGE("20 moves took " << used << " ms against soft limits of " << soft << " ms and hard limits of " << hard
                             << " ms: " << used / soft << " soft limits");
    CHECK(used <= 3.0 * soft * vireo_test::slowdown());
    CHECK(used >= 0.5 * soft);
}
