// Threads at work: Lazy SMP searches that share one transposition table, and perft shared out over
// threads with a shared hash. Test suite "threads": make test-tsan runs these (with test_uci.cpp)
// under ThreadSanitizer, where a data race fails the run even when the results come out right.
#include <doctest/doctest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <mutex>
#include <thread>

#include "movegen/perft.h"
#include "movegen/position.h"
#include "search/search.h"
#include "test_env.h"

using namespace vireo;

TEST_SUITE_BEGIN("threads");

namespace {

const char* const KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

bool listed(const Position& pos, Move m) {
    const MoveList moves = pos.legal_moves();
    return std::find(moves.begin(), moves.end(), m) != moves.end();
}

// What the callbacks of one search saw; they run on the search's threads, the checks on this one.
struct Seen {
    std::mutex mutex;
    int infos = 0, bestmoves = 0;
    Move best = Move::none(), ponder = Move::none();
    std::uint64_t lastNodes = 0;

    SearchCallbacks callbacks() {
        SearchCallbacks cb;
        cb.info = [this](const SearchReport& r) {
            std::lock_guard lock(mutex);
            ++infos;
            lastNodes = r.nodes;
        };
        cb.bestmove = [this](Move b, Move p) {
            std::lock_guard lock(mutex);
            ++bestmoves;
            best = b;
            ponder = p;
        };
        return cb;
    }
};

}  // namespace

TEST_CASE("Lazy SMP: four threads on a small shared table give one legal bestmove per search, however it ends") {
    // Regression: the threads read and wrote the table's entries as plain memory, a data race
    // (ThreadSanitizer reported it here); they are relaxed atomics now.
    TranspositionTable tt;
    REQUIRE(tt.resize(1).empty());  // 1 MB: the threads keep overwriting each other's entries
    Search search(tt);
    search.set_threads(4);
    REQUIRE(search.threads() == 4);

    Position pos;
    REQUIRE_FALSE(pos.set(KIWIPETE));
    enum Ending { DEPTH, NODES, STOP, MOVETIME, PONDERHIT };
    for (Ending ending : {DEPTH, NODES, STOP, MOVETIME, PONDERHIT, DEPTH, STOP}) {
        CAPTURE(int(ending));
        SearchLimits limits;
        if (ending == DEPTH) limits.depth = 5;
        if (ending == NODES) limits.nodes = 20000;
        if (ending == STOP) limits.infinite = true;
        if (ending == MOVETIME) limits.moveTime = 50;
        if (ending == PONDERHIT) {
            limits.ponder = true;
            limits.time[WHITE] = limits.time[BLACK] = 1000;
        }
        Seen seen;
        SearchSettings settings;
        settings.multiPV = ending == DEPTH ? 2 : 1;
        search.start(pos, limits, settings, seen.callbacks());
        CHECK(search.running());
        if (ending == STOP || ending == PONDERHIT) {
            // Read the node count while the threads run, as a GUI's info request would.
            std::uint64_t before = search.nodes();
            std::this_thread::sleep_for(std::chrono::milliseconds(30));
            CHECK(search.nodes() >= before);
            if (ending == STOP) search.stop();
            else search.ponderhit();
        }
        search.wait();
        CHECK_FALSE(search.running());
        std::lock_guard lock(seen.mutex);
        CHECK(seen.bestmoves == 1);
        CHECK(seen.infos >= 1);
        CHECK_MESSAGE(listed(pos, seen.best), move_to_uci(seen.best, false));
        if (seen.ponder) {
            Position after = pos;
            after.do_move(seen.best);
            CHECK_MESSAGE(listed(after, seen.ponder), move_to_uci(seen.ponder, false));
        }
        if (ending == NODES) CHECK(seen.lastNodes <= 20000 + 4 * 1024);
    }
    // The statistics and thread count change between searches only; then search again.
    search.clear();
    search.set_threads(2);
    Seen seen;
    SearchLimits limits;
    limits.depth = 4;
    search.start(pos, limits, SearchSettings{}, seen.callbacks());
    search.wait();
    CHECK(seen.bestmoves == 1);
    CHECK(listed(pos, seen.best));
}

TEST_CASE("perft split over 4 threads with a shared 1 MB hash equals plain perft") {
    struct Case {
        const char* fen;
        bool chess960;
        int depth;
    };
    const Case cases[] = {
        {KIWIPETE, false, 4},
        {"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", false, 5},
        {"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", true, 4},
    };
    for (const Case& c : cases) {
        INFO(c.fen);
        Position pos;
        REQUIRE_FALSE(pos.set(c.fen, c.chess960));
        const std::uint64_t plain = perft(pos, c.depth);
        PerftSettings settings;
        settings.threads = 4;
        settings.hashMB = 1;  // small: the threads race for the same entries
        std::uint64_t total = 0;
        for (const auto& [move, nodes] : perft_divide(pos, c.depth, settings)) total += nodes;
        CHECK(total == plain);
    }
}

TEST_SUITE_END();
