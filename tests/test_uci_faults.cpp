// The engine when its GUI misbehaves or goes away: closed pipes, stray commands, resources it
// cannot have. Each case talks to the real binary, or (the last ones) runs the engine's input and
// output pieces in-process across threads. Test suite "threads": make test-tsan runs them all under
// ThreadSanitizer.
#include <doctest/doctest.h>
#include <signal.h>
#include <unistd.h>

#include <chrono>
#include <istream>
#include <sstream>
#include <streambuf>
#include <string>
#include <thread>
#include <vector>

#include "engine/output.h"
#include "engine_process.h"
#include "movegen/position.h"
#include "uci_helpers.h"

using namespace vireo;
using Clock = std::chrono::steady_clock;

using vireo_test::check_bestmove;
using vireo_test::require_ready;
using vireo_test::split_words;

TEST_SUITE_BEGIN("threads");

namespace {

// Waits up to timeoutMs for the engine to end. If it is still running, fails and says whether it is
// spinning (CPU time used over one more second) or idle.
void require_exit_within(EngineProcess& e, int timeoutMs, const char* what) {
    if (e.wait_exit(timeoutMs)) return;
    const long long before = e.cpu_ticks();
    std::this_thread::sleep_for(std::chrono::seconds(1));
    const long long after = e.cpu_ticks();
    const long long perSecond = sysconf(_SC_CLK_TCK);
    FAIL(what << ": the engine is still running " << timeoutMs << " ms later, using "
              << (before >= 0 && after >= 0 ? 100 * (after - before) / perSecond : -1) << "% of a core");
}

}  // namespace

TEST_CASE("a GUI that closes the engine's output mid-search: the engine stops and exits with status 0") {
    // The GUI died or dropped the engine: its end of our stdout is gone but stdin stays open and
    // silent. The engine must notice by itself, not search on forever or die of SIGPIPE.
    EngineProcess e(vireo_test::engine_under_test());
    e.send("setoption name Threads value 2");
    e.send("position startpos moves e2e4 c7c5");
    e.send("go infinite");
    REQUIRE(e.wait_for("info depth 3 ", 5000));
    const auto t = Clock::now();
    e.close_output();
    require_exit_within(e, 3000, "stdout closed, stdin open and silent");
    CHECK_MESSAGE(e.exited_cleanly(), "ended by " << e.how_it_ended());
    CHECK(ms_since(t) < vireo_test::scaled_ms(3000));
}

TEST_CASE("a GUI that closes the engine's output and keeps sending: no SIGPIPE death, a prompt clean exit") {
    for (const std::string search : {"go infinite", "go ponder wtime 60000 btime 60000", "go depth 40", ""}) {
        CAPTURE(search);
        EngineProcess e(vireo_test::engine_under_test());
        e.send("position startpos moves d2d4");
        require_ready(e);
        if (!search.empty()) e.send(search);
        std::this_thread::sleep_for(std::chrono::milliseconds(150));
        e.close_output();
        const auto t = Clock::now();
        // Commands that make the engine write (readyok, bestmove, info string, the board); sending
        // stops once the engine has gone.
        const char* commands[] = {"isready", "stop",           "d",   "go depth 3", "xyzzy",
                                  "isready", "go movetime 50", "uci", "isready"};
        for (const char* c : commands) {
            if (!e.try_send(c)) break;
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
        }
        e.close_input();
        require_exit_within(e, 3000, "stdout closed, then commands and end of input");
        CHECK_MESSAGE(e.exited_cleanly(), "ended by " << e.how_it_ended());
        CHECK(ms_since(t) < vireo_test::scaled_ms(4000));
    }
}

TEST_CASE("end of input or quit during any kind of search exits promptly with status 0") {
    for (const std::string search :
         {"go infinite", "go ponder wtime 60000 btime 60000", "go depth 60", "go wtime 600000 btime 600000"}) {
        for (const bool quit : {false, true}) {
            CAPTURE(search);
            CAPTURE(quit);
            EngineProcess e(vireo_test::engine_under_test());
            e.send("setoption name Threads value 3");
            e.send("position startpos");
            e.send(search);
            REQUIRE(e.wait_for("info depth 2 ", 5000));
            const auto t = Clock::now();
            if (quit) e.send("quit");
            else e.close_input();
            require_exit_within(e, 2000, quit ? "quit mid-search" : "end of input mid-search");
            CHECK_MESSAGE(e.exited_cleanly(), "ended by " << e.how_it_ended());
            CHECK(ms_since(t) < vireo_test::scaled_ms(2000));
        }
    }
}

TEST_CASE("a stray ponderhit does not extend a search that is not pondering") {
    // ponderhit restarts the clock of a ponder search; sent during a normal search it must change nothing.
    for (const std::string go : {"go movetime 300", "go wtime 3000 btime 3000"}) {
        CAPTURE(go);
        EngineProcess e(vireo_test::engine_under_test());
        e.send("position startpos moves e2e4");
        require_ready(e);
        const auto t = Clock::now();
        e.send(go);
        std::optional<std::string> best;
        while (!best && ms_since(t) < 3000) {
            e.send("ponderhit");
            best = e.wait_for("bestmove", 40);
        }
        REQUIRE_MESSAGE(best, "no bestmove within 3 s while ponderhit kept arriving");
        CHECK_MESSAGE(ms_since(t) < vireo_test::scaled_ms(800), "the search took " << ms_since(t) << " ms");
    }
}

TEST_CASE("with no legal move, go infinite and go ponder still wait for stop or ponderhit") {
    // Found by the stress test: bestmove (none) came at once, before the stop a GUI sends later.
    for (const std::string fen : {"7k/6Q1/6K1/8/8/8/8/8 b - - 0 1", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"}) {
        for (const std::string release : {"stop", "ponderhit"}) {
            const std::string go = release == "stop" ? "go infinite" : "go ponder wtime 1000 btime 1000";
            CAPTURE(fen);
            CAPTURE(go);
            EngineProcess e(vireo_test::engine_under_test());
            e.send("position fen " + fen);
            e.send(go);
            CHECK_FALSE(e.wait_for("bestmove", 300));
            e.send(release);
            const auto best = e.wait_for("bestmove", 2000);
            REQUIRE(best);
            CHECK(*best == "bestmove (none)");
            require_ready(e);
            int count = 0;
            for (const auto& l : e.lines) count += l.rfind("bestmove", 0) == 0;
            CHECK(count == 1);
        }
    }
}

TEST_CASE("an option changed during a search applies from the next search") {
    // The search thread formatted its info lines from the live options while setoption rewrote
    // them on the main thread (a data race ThreadSanitizer found under the stress test). The
    // options a search uses are now taken when it starts.
    EngineProcess e(vireo_test::engine_under_test());
    e.send("setoption name UCI_ShowWDL value true");
    e.send("setoption name MultiPV value 3");
    e.send("position startpos moves e2e4");
    e.send("go infinite");
    REQUIRE(e.wait_for("info depth 3 ", 5000));
    for (int i = 0; i < 20; ++i)
        e.send(std::string("setoption name UCI_ShowWDL value ") + (i % 2 ? "false" : "true"));  // ends with false
    require_ready(e);
    // The running search keeps showing WDL in the lines it writes from now on.
    int after = 0;
    while (after < 6) {
        const auto line = e.wait_for("info depth", 5000);
        REQUIRE_MESSAGE(line, "the search stopped reporting");
        ++after;
        CHECK_MESSAGE(line->find(" wdl ") != std::string::npos, *line);
    }
    e.send("stop");
    REQUIRE(e.wait_for("bestmove", 3000));
    // The next one does not.
    e.send("go depth 4");
    for (;;) {
        const auto line = e.read_line(3000);
        REQUIRE(line);
        if (line->rfind("bestmove", 0) == 0) break;
        if (line->rfind("info depth", 0) == 0) CHECK_MESSAGE(line->find(" wdl ") == std::string::npos, *line);
    }
}

TEST_CASE("more threads than cores work, and going back to one thread works") {
    const Position start;
    Position afterE4;
    afterE4.do_move(afterE4.parse_move("e2e4"));
    EngineProcess e(vireo_test::engine_under_test());
    e.send("setoption name Threads value 64");
    // 64 threads' tables (about 9 MB each, on large pages) are made before readyok: 0.6-1.8 s on an idle
    // 2-core machine, more while other tests run beside it.
    require_ready(e, 10000);
    e.send("position startpos");
    e.send("go depth 7");
    auto best = e.wait_for("bestmove", 30000);
    REQUIRE(best);
    check_bestmove(*best, start);
    e.send("go movetime 200");
    best = e.wait_for("bestmove", 5000);
    REQUIRE(best);
    check_bestmove(*best, start);
    // Stopped at once while all 64 search.
    e.send("go infinite");
    REQUIRE(e.wait_for("info depth 3 ", 10000));
    require_ready(e);
    auto t = Clock::now();
    e.send("stop");
    best = e.wait_for("bestmove", 3000);
    REQUIRE(best);
    CHECK(ms_since(t) < vireo_test::scaled_ms(1500));
    check_bestmove(*best, start);

    e.send("setoption name Threads value 1");
    e.send("position startpos moves e2e4");
    require_ready(e);
    e.send("go depth 6");
    best = e.wait_for("bestmove", 10000);
    REQUIRE(best);
    check_bestmove(*best, afterE4);

    // And up again, then quit mid-search.
    e.send("setoption name Threads value 64");
    e.send("go infinite");
    REQUIRE(e.wait_for("info depth 2 ", 10000));
    t = Clock::now();
    e.send("quit");
    require_exit_within(e, 3000, "quit with 64 threads searching");
    CHECK(e.exited_cleanly());
}

TEST_CASE("a Hash the machine cannot give is reported, the old table stays, and play goes on") {
    Position afterD4;
    afterD4.do_move(afterD4.parse_move("d2d4"));
    EngineProcess e(vireo_test::engine_under_test());
    e.send("setoption name Hash value 2");
    require_ready(e);
    e.lines.clear();
    e.send("setoption name Hash value 1000000");
    require_ready(e);
    bool reported = false;
    for (const auto& l : e.lines)
        reported |= l.rfind("info string cannot allocate 1000000 MB", 0) == 0 &&
                    l.find("the hash table has 2 MB") != std::string::npos;
    CHECK_MESSAGE(reported, "no info string saying the 2 MB table stays");
    e.send("position startpos moves d2d4");
    e.send("go depth 8");
    auto best = e.wait_for("bestmove", 20000);
    REQUIRE(best);
    check_bestmove(*best, afterD4);
    // The table is in use: the search filled part of it.
    std::string lastInfo;
    for (const auto& l : e.lines)
        if (l.rfind("info depth", 0) == 0) lastInfo = l;
    const auto w = split_words(lastInfo);
    int hashfull = -1;
    for (std::size_t i = 0; i + 1 < w.size(); ++i)
        if (w[i] == "hashfull") hashfull = std::stoi(w[i + 1]);
    CHECK_MESSAGE(hashfull > 0, lastInfo);

    // Asked again during a search: reported when the next search starts, which still plays.
    e.send("go infinite");
    e.send("setoption name Hash value 1000000");
    e.send("stop");
    REQUIRE(e.wait_for("bestmove", 3000));
    e.lines.clear();
    e.send("go depth 4");
    best = e.wait_for("bestmove", 5000);
    REQUIRE(best);
    check_bestmove(*best, afterD4);
    reported = false;
    for (const auto& l : e.lines) reported |= l.rfind("info string cannot allocate 1000000 MB", 0) == 0;
    CHECK(reported);
    // A size that fits is taken silently afterwards.
    e.lines.clear();
    e.send("setoption name Hash value 4");
    require_ready(e);
    for (const auto& l : e.lines) CHECK(l.rfind("info string", 0) != 0);
    e.send("quit");
    CHECK(e.wait_exit(2000));
}

// ---- The same pieces in-process ----

namespace {

// A stream buffer that accepts `room` characters and then fails every write, as a closed pipe does.
class FailingBuffer : public std::streambuf {
public:
    explicit FailingBuffer(std::size_t room) : room(room) {}
    std::string written;

protected:
    int_type overflow(int_type c) override {
        if (traits_type::eq_int_type(c, traits_type::eof())) return traits_type::not_eof(c);
        if (written.size() >= room) return traits_type::eof();
        written.push_back(traits_type::to_char_type(c));
        return c;
    }

private:
    std::size_t room;
};

}  // namespace

TEST_CASE("Output: a failed write disconnects once, runs the handler once and drops later lines") {
    FailingBuffer buffer(10);
    std::ostream stream(&buffer);
    Output out(stream);
    int calls = 0;
    out.on_disconnect([&] { ++calls; });
    out.line("readyok");
    CHECK(out.connected());
    CHECK(buffer.written == "readyok\n");
    out.line("bestmove e2e4");
    CHECK_FALSE(out.connected());
    CHECK(calls == 1);
    const std::string before = buffer.written;
    out.line("info string more");
    out.disconnect();
    CHECK(calls == 1);
    CHECK(buffer.written == before);
}

TEST_CASE(
    "InputBuffer: lines, then end of input when the writer closes, the watched pipe loses its reader, or the output "
    "fails") {
    signal(SIGPIPE, SIG_IGN);
    std::ostringstream sink;
    // Lines, then the writer closes: end of input.
    {
        int in[2], out[2];
        REQUIRE(pipe(in) == 0);
        REQUIRE(pipe(out) == 0);
        Output output(sink);
        InputBuffer buffer(in[0], out[1], output);
        std::istream stream(&buffer);
        REQUIRE(write(in[1], "uci\r\nisready\n", 13) == 13);
        close(in[1]);
        std::string line;
        CHECK(read_line(stream, line));
        CHECK(line == "uci");
        CHECK(read_line(stream, line));
        CHECK(line.empty());
        CHECK(read_line(stream, line));
        CHECK(line == "isready");
        CHECK_FALSE(read_line(stream, line));
        CHECK(output.connected());
        close(in[0]);
        close(out[0]);
        close(out[1]);
    }
    // The reader of the watched descriptor goes away while we wait for input: end of input at once,
    // and the output counts as disconnected.
    {
        int in[2], out[2];
        REQUIRE(pipe(in) == 0);
        REQUIRE(pipe(out) == 0);
        Output output(sink);
        InputBuffer buffer(in[0], out[1], output);
        std::istream stream(&buffer);
        std::thread closer([&] {
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
            close(out[0]);
        });
        const auto t = Clock::now();
        std::string line;
        CHECK_FALSE(read_line(stream, line));
        CHECK(ms_since(t) < vireo_test::scaled_ms(1000));
        CHECK_FALSE(output.connected());
        closer.join();
        close(in[0]);
        close(in[1]);
        close(out[1]);
    }
    // The output fails on another thread (stdout is not the watched pipe here): the wait ends soon.
    {
        int in[2];
        REQUIRE(pipe(in) == 0);
        FailingBuffer failing(0);
        std::ostream failingStream(&failing);
        Output output(failingStream);
        InputBuffer buffer(in[0], -1, output);
        std::istream stream(&buffer);
        std::thread writer([&] {
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
            output.line("info depth 20");
        });
        const auto t = Clock::now();
        std::string line;
        CHECK_FALSE(read_line(stream, line));
        CHECK(ms_since(t) < vireo_test::scaled_ms(1000));
        writer.join();
        close(in[0]);
        close(in[1]);
    }
}

TEST_SUITE_END();
