// Threads at work: Lazy SMP searches that share one transposition table, perft shared out over
// threads with a shared hash, and a UCI conversation with an engine whose options change while it
// searches. Test suite "threads": make test-tsan runs these (with test_uci.cpp) under
// ThreadSanitizer, where a data race fails the run even when the results come out right.
#include <doctest/doctest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <sstream>
#include <thread>

#include "engine/uci.h"
#include "engine_process.h"
#include "movegen/perft.h"
#include "movegen/position.h"
#include "search/search.h"
#include "test_env.h"
#include "uci_helpers.h"

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

// An output stream target that another thread can watch: collects the text, counts lines, and
// lets a waiter block until a given number of lines has arrived.
class LineSink : public std::streambuf {
public:
    int lines() {
        std::lock_guard lock(mutex);
        return count;
    }
    std::string text() {
        std::lock_guard lock(mutex);
        return all;
    }
    bool wait_lines(int n, long long ms) {
        std::unique_lock lock(mutex);
        return arrived.wait_for(lock, std::chrono::milliseconds(ms), [&] { return count >= n; });
    }

protected:
    int overflow(int c) override {
        if (c != traits_type::eof()) {
            const char ch = char(c);
            xsputn(&ch, 1);
        }
        return c;
    }
    std::streamsize xsputn(const char* s, std::streamsize n) override {
        std::lock_guard lock(mutex);
        all.append(s, std::size_t(n));
        count += int(std::count(s, s + n, '\n'));
        arrived.notify_all();
        return n;
    }

private:
    std::mutex mutex;
    std::condition_variable arrived;
    std::string all;
    int count = 0;
};

}  // namespace

TEST_CASE("Lazy SMP: four threads on a small shared table give one legal bestmove per search, however it ends") {
    // Regression: the threads read and wrote the table's entries as plain memory, a data race
    // (ThreadSanitizer reported it here); they are relaxed atomics now.
    TranspositionTable tt;
    REQUIRE(tt.resize(1).empty());  // 1 MB: the threads keep overwriting each other's entries
    Tablebases tb;
    Search search(tt, tb);
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
        if (ending == STOP || ending == PONDERHIT) {
            // Only these cannot end on their own: a depth-5, 20,000-node or 50 ms search may already
            // be over here (it was, once, after search bundle 6 made depth 5 cheaper).
            CHECK(search.running());
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

TEST_CASE("an option set during a search changes nothing in that search and takes effect with the next") {
    // Regression: the info lines read UCI_ShowWDL from the options on the search thread while the
    // command thread could be setting it (a data race, reported by ThreadSanitizer; and the lines of
    // one search changed format halfway).
    LineSink sink;
    std::ostream stream(&sink);
    Output out(stream);
    UCIEngine uci(out);
    Engine& engine = uci.engine();
    REQUIRE(uci.options().set("Hash", "1").empty());
    SearchLimits limits;
    limits.infinite = true;
    engine.go(limits);
    REQUIRE(sink.wait_lines(1, vireo_test::scaled_ms(5000)));
    // Each change is followed by at least one more info line of the running search.
    for (int i = 0; i < 4; ++i) {
        const int seen = sink.lines();
        REQUIRE(uci.options().set("UCI_ShowWDL", i % 2 ? "false" : "true").empty());
        REQUIRE(sink.wait_lines(seen + 1, vireo_test::scaled_ms(5000)));
    }
    REQUIRE(uci.options().set("UCI_ShowWDL", "true").empty());
    engine.stop();
    engine.wait();
    const std::string first = sink.text();
    CHECK(first.find(" wdl ") == std::string::npos);
    CHECK(std::count(first.begin(), first.end(), '\n') > 4);

    limits.infinite = false;
    limits.depth = 3;
    engine.go(limits);
    engine.wait();
    const std::string second = sink.text().substr(first.size());
    CHECK(second.find("info depth 3 ") != std::string::npos);
    std::istringstream lines(second);
    for (std::string l; std::getline(lines, l);)
        if (l.rfind("info depth", 0) == 0) CHECK_MESSAGE(l.find(" wdl ") != std::string::npos, l);
}

TEST_CASE("an engine searching on 3 threads takes options, isready and stop, and answers each go once") {
    EngineProcess e(vireo_test::engine_under_test());
    e.send("setoption name Threads value 3");
    e.send("setoption name Hash value 2");
    vireo_test::require_ready(e, 5000);
    const std::string start = "position startpos moves e2e4 e7e5";
    Position pos;
    for (const char* m : {"e2e4", "e7e5"}) pos.do_move(pos.parse_move(m));

    auto bestmove_ok = [&](const std::optional<std::string>& line) {
        REQUIRE(line);
        vireo_test::check_bestmove(*line, pos);
    };

    e.send(start);
    e.send("go infinite");
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    // Options sent mid-search (GUIs should not, some do): they are taken or refused, never raced.
    e.send("setoption name UCI_ShowWDL value true");
    e.send("setoption name MultiPV value 2");
    e.send("setoption name Move Overhead value 20");
    e.send("setoption name Clear Hash");
    e.send("setoption name Threads value 2");
    e.send("setoption name Hash value 4");
    vireo_test::require_ready(e, 2000);
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    e.send("stop");
    bestmove_ok(e.wait_for("bestmove", 2000));

    // The next search has the new settings: two lines per depth, with wdl.
    e.lines.clear();
    e.send("go depth 4");
    bestmove_ok(e.wait_for("bestmove", 10000));
    bool second = false, wdl = false;
    for (const auto& l : e.lines) {
        second |= l.find(" multipv 2 ") != std::string::npos;
        wdl |= l.find(" wdl ") != std::string::npos;
    }
    CHECK(second);
    CHECK(wdl);

    // Searches cut short by the next command, a new game, ponder and ponderhit.
    e.send("go infinite");
    e.send("go nodes 3000");
    e.send("ucinewgame");
    e.send(start);
    e.send("go ponder wtime 500 btime 500");
    e.send("ponderhit");
    vireo_test::require_ready(e, 5000);
    e.send("quit");
    CHECK(e.wait_exit(5000));
    while (e.read_line(100)) {
    }
    int bestmoves = 0;
    for (const auto& l : e.lines)
        if (l.rfind("bestmove", 0) == 0) {
            ++bestmoves;
            bestmove_ok(l);
        }
    CHECK(bestmoves == 4);  // depth 4, the infinite one cut by go nodes, go nodes, the ponderhit one
}

TEST_CASE(
    "Threads N: every thread searches, the nodes shown are theirs together, and a change between searches counts") {
    // Were the helper threads never started (or started idle), Threads 4 would search on one thread,
    // legally and quietly: the node counts of the threads show it.
    std::ostringstream text;
    Output out(text);
    UCIEngine uci(out);
    Engine& engine = uci.engine();
    uci.execute("setoption name Hash value 4");
    uci.execute("position fen " + std::string(KIWIPETE));
    const std::uint64_t limit = 30000;
    for (const int threads : {1, 3, 2, 4}) {
        CAPTURE(threads);
        uci.execute("setoption name Threads value " + std::to_string(threads));
        text.str("");
        uci.execute("go nodes " + std::to_string(limit));
        engine.wait();
        const std::vector<std::uint64_t> perThread = engine.thread_nodes();
        CHECK(perThread.size() == std::size_t(threads));
        std::uint64_t sum = 0;
        for (const std::uint64_t n : perThread) {
            CHECK(n > 0);
            sum += n;
        }
        // The last info line counts every thread's nodes up to the stop: the limit reached by all of
        // them together, more than the main thread's own (a thread still finishing its first
        // iteration, which a stop does not cut short, may add some after it).
        const std::uint64_t shown = vireo_test::last_info_nodes(text.str());
        CAPTURE(shown);
        CAPTURE(sum);
        CHECK(shown >= limit);
        CHECK(shown <= sum);
        if (threads > 1) CHECK(perThread[0] < shown);
        else CHECK(perThread[0] == sum);
    }
}

TEST_SUITE_END();
