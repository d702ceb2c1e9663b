// Scripted UCI conversations with the real binary, as GUIs hold them. All of them belong to the test
// suite "threads", which make test-tsan runs under ThreadSanitizer: the engine searches on its own
// threads while it reads commands.
#include <doctest/doctest.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <thread>

#include "engine_process.h"
#include "movegen/position.h"
#include "uci_helpers.h"

using namespace vireo;
using Clock = std::chrono::steady_clock;

TEST_SUITE_BEGIN("threads");

using vireo_test::check_bestmove;
using vireo_test::fen_of;
using vireo_test::position_from;
using vireo_test::split_words;

namespace {

void ready(EngineProcess& e) { vireo_test::require_ready(e, 5000); }

}  // namespace

TEST_CASE("uci handshake declares the options clients rely on") {
    EngineProcess e(vireo_test::engine_under_test());
    const std::string all = vireo_test::handshake(e);
    CHECK(all.find("id name Vireo") != std::string::npos);
    CHECK(all.find("id author ") != std::string::npos);
    for (const char* opt :
         {"option name Hash type spin default 16 min 1 max ", "option name Threads type spin default 1 min 1 max ",
          "option name MultiPV type spin default 1 min 1 max 256",
          "option name Move Overhead type spin default 30 min 0 max 5000",
          "option name Ponder type check default false", "option name UCI_Chess960 type check default false",
          "option name Clear Hash type button", "option name UCI_ShowWDL type check default false",
          "option name Debug Log File type string default <empty>", "option name PerftHash type check default true"})
        CHECK_MESSAGE(all.find(opt) != std::string::npos, opt);
    // A repeated uci is answered again.
    e.send("uci");
    CHECK(e.wait_for("uciok", 2000));
    // Lines end in LF alone, on Windows too (engine/main.cpp): a CR would reach every client that
    // runs the Windows build outside Windows (fastchess under Wine took "e2e4\r" for an illegal move).
    for (const auto& line : e.lines) CHECK_MESSAGE(line.find('\r') == std::string::npos, line);
    e.send("quit");
    CHECK(e.wait_exit(2000));
}

TEST_CASE("isready and stop are answered at once during an infinite search") {
    EngineProcess e(vireo_test::engine_under_test());
    e.send("position startpos moves e2e4");
    e.send("go infinite");
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    auto t = Clock::now();
    e.send("isready");
    REQUIRE(e.wait_for("readyok", 1000));
    CHECK(ms_since(t) < vireo_test::scaled_ms(100));
    // Still no bestmove: infinite means until stop.
    for (const auto& l : e.lines) CHECK(l.rfind("bestmove", 0) != 0);
    t = Clock::now();
    e.send("stop");
    auto best = e.wait_for("bestmove", 1000);
    REQUIRE(best);
    CHECK(ms_since(t) < vireo_test::scaled_ms(200));
    check_bestmove(*best, position_from(std::string(START_FEN), {"e2e4"}));
    // At least one score line came first.
    bool score = false;
    for (const auto& l : e.lines) score |= l.find(" score ") != std::string::npos;
    CHECK(score);
}

TEST_CASE("an infinite search that finds a mate still waits for stop") {
    EngineProcess e(vireo_test::engine_under_test());
    e.send("position fen 6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1");
    e.send("go infinite");
    CHECK_FALSE(e.wait_for("bestmove", 700));
    bool mate = false;
    for (const auto& l : e.lines) mate |= l.find("score mate 1 ") != std::string::npos;
    CHECK(mate);
    e.send("stop");
    auto best = e.wait_for("bestmove", 1000);
    REQUIRE(best);
    CHECK(split_words(*best)[1] == "d1d8");
}

TEST_CASE("ponder, then ponderhit, gives one bestmove within the time") {
    EngineProcess e(vireo_test::engine_under_test());
    e.send("position startpos moves d2d4 d7d5");
    e.send("go ponder wtime 2000 btime 2000 winc 0 binc 0");
    CHECK_FALSE(e.wait_for("bestmove", 500));
    auto t = Clock::now();
    e.send("ponderhit");
    auto best = e.wait_for("bestmove", 3000);
    REQUIRE(best);
    CHECK(ms_since(t) < vireo_test::scaled_ms(1500));
    check_bestmove(*best, position_from(std::string(START_FEN), {"d2d4", "d7d5"}));
    ready(e);
    int count = 0;
    for (const auto& l : e.lines) count += l.rfind("bestmove", 0) == 0;
    CHECK(count == 1);
}

TEST_CASE("after ponderhit, info lines count time and nps from the start of the search") {
    // Regression (found in a lichess-bot game): the lines after ponderhit divided all the nodes of
    // the ponder search by the time since ponderhit ("time 4 ... nps 91254250"). The clock limits run
    // from ponderhit; the reported time, as Stockfish reports it, from the go.
    EngineProcess e(vireo_test::engine_under_test());
    ready(e);
    e.send("position startpos moves e2e4 e7e5");
    struct Seen {
        long long at;  // ms after the go was sent
        std::string line;
    };
    std::vector<Seen> seen;
    const auto go = Clock::now();
    e.send("go ponder wtime 60000 btime 60000");
    const long long ponderMs = vireo_test::scaled_ms(1000);
    // Lines are read as they come: each arrives within a few ms of being written.
    while (ms_since(go) < ponderMs)
        if (auto l = e.read_line_unscaled(ponderMs - ms_since(go))) seen.push_back({ms_since(go), *l});
    const long long hitAt = ms_since(go);
    e.send("ponderhit");
    for (;;) {
        auto l = e.read_line(10000);
        REQUIRE(l);
        seen.push_back({ms_since(go), *l});
        if (l->rfind("bestmove", 0) == 0) break;
    }
    const long long slack = vireo_test::scaled_ms(200);
    int after = 0;
    for (const Seen& s : seen) {
        const auto w = split_words(s.line);
        long long time = -1, nodes = -1, nps = -1;
        for (std::size_t i = 0; i + 1 < w.size(); ++i) {
            if (w[i] == "time") time = std::stoll(w[i + 1]);
            if (w[i] == "nodes") nodes = std::stoll(w[i + 1]);
            if (w[i] == "nps") nps = std::stoll(w[i + 1]);
        }
        if (time < 0) continue;
        INFO(s.line << " (arrived " << s.at << " ms after the go, ponderhit at " << hitAt << ")");
        CHECK(time <= s.at + 5);
        CHECK(time >= s.at - slack);
        CHECK(nps == nodes * 1000 / std::max(time, 1LL));
        CHECK(nps < 100'000'000);
        if (s.at > hitAt + 5) {
            ++after;
            CHECK(time >= hitAt - slack);
        }
    }
    CHECK(after >= 1);
}

TEST_CASE("tiny clocks still give a legal move at once") {
    EngineProcess e(vireo_test::engine_under_test());
    for (const char* go :
         {"go wtime 1 btime 1", "go wtime 0 btime 0", "go wtime -5 btime 100", "go movetime 1", "go nodes 1",
          "go depth 1", "go wtime 40 btime 40 movestogo 1", "go wtime 5 btime 5 winc 0 binc 0 movestogo 1"}) {
        e.send("position startpos moves g1f3");
        e.send("ucinewgame");
        e.send("position startpos moves g1f3 g8f6");
        const auto t = Clock::now();
        e.send(go);
        auto best = e.wait_for("bestmove", 2000);
        REQUIRE_MESSAGE(best, go);
        CHECK_MESSAGE(ms_since(t) < vireo_test::scaled_ms(500), go);
        check_bestmove(*best, position_from(std::string(START_FEN), {"g1f3", "g8f6"}));
    }
}

TEST_CASE("movetime is honoured") {
    EngineProcess e(vireo_test::engine_under_test());
    ready(e);
    e.send("position startpos");
    const auto t = Clock::now();
    e.send("go movetime 300");
    auto best = e.wait_for("bestmove", 2000);
    REQUIRE(best);
    const auto ms = ms_since(t);
    CHECK(ms >= 250);
    CHECK(ms <= 300 + vireo_test::scaled_ms(100));
}

TEST_CASE("CRLF, CR-only and blank lines are accepted") {
    EngineProcess e(vireo_test::engine_under_test());
    e.send_raw("uci\r\n\r\nisready\r\n");
    CHECK(e.wait_for("readyok", 2000));
    e.send_raw("position startpos moves e2e4\risready\r");
    CHECK(e.wait_for("readyok", 2000));
    e.send_raw("  \t go   depth 2  \r\n");
    auto best = e.wait_for("bestmove", 2000);
    REQUIRE(best);
    check_bestmove(*best, position_from(std::string(START_FEN), {"e2e4"}));
}

TEST_CASE("an Arena-style start: CRLF, every option sent with its value, empty strings, clocks in any order") {
    // Arena sends each option of its engine dialog after uci, buttons only when clicked, an empty
    // string as `<empty>` or as nothing after `value`, every line ending in CRLF.
    std::remove("<empty>");
    EngineProcess e(vireo_test::engine_under_test());
    e.send_raw("uci\r\n");
    REQUIRE(e.wait_for("uciok", 2000));
    const std::size_t before = e.lines.size();
    e.send_raw(
        "setoption name Hash value 16\r\nsetoption name Threads value 1\r\nsetoption name MultiPV value 1\r\n"
        "setoption name Move Overhead value 10\r\nsetoption name Ponder value false\r\n"
        "setoption name UCI_Chess960 value false\r\nsetoption name UCI_ShowWDL value false\r\n"
        "setoption name Debug Log File value <empty>\r\nsetoption name Debug Log File value\r\n"
        "setoption name Clear Hash\r\nisready\r\n");
    REQUIRE(e.wait_for("readyok", 5000));
    for (std::size_t i = before; i < e.lines.size(); ++i)
        CHECK_MESSAGE(e.lines[i].rfind("info string", 0) != 0, e.lines[i]);  // every option was taken as it is
    CHECK_FALSE(std::ifstream("<empty>").good());                            // no log file named "<empty>"
    e.send_raw("ucinewgame\r\nisready\r\n");
    REQUIRE(e.wait_for("readyok", 2000));
    e.send_raw("position startpos moves e2e4 e7e5\r\ngo btime 3000 wtime 3000 binc 0 winc 0\r\n");
    auto best = e.wait_for("bestmove", 5000);
    REQUIRE(best);
    check_bestmove(*best, position_from(std::string(START_FEN), {"e2e4", "e7e5"}));
    e.send_raw("quit\r\n");
    CHECK(e.wait_exit(2000));
}

TEST_CASE("bad input is reported and leaves the engine working with its state") {
    EngineProcess e(vireo_test::engine_under_test());
    e.send("position startpos moves e2e4");
    const std::string before = fen_of(e);

    e.send("position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1");
    CHECK(e.wait_for("info string bad FEN", 2000));
    CHECK(fen_of(e) == before);

    e.send("position startpos moves e2e4 e7e5 e1e3");
    CHECK(e.wait_for("info string illegal move", 2000));
    CHECK(fen_of(e) == before);

    e.send("position fen");
    CHECK(e.wait_for("info string", 2000));
    e.send("position");
    CHECK(e.wait_for("info string", 2000));
    e.send("xyzzy plugh");
    CHECK(e.wait_for("info string Unknown command", 2000));
    e.send_raw(std::string("is\0ready\n", 9));
    CHECK(e.wait_for("info string", 2000));
    e.send("setoption");
    CHECK(e.wait_for("info string", 2000));
    e.send("setoption name");
    CHECK(e.wait_for("info string", 2000));
    e.send("setoption name NoSuchOption value 3");
    CHECK(e.wait_for("info string unknown option", 2000));
    e.send("setoption name hash value 99999999999999999999");
    CHECK(e.wait_for("info string option Hash", 2000));
    e.send("setoption name Threads value many");
    CHECK(e.wait_for("info string option Threads", 2000));
    e.send("setoption name MultiPV value 0");
    CHECK(e.wait_for("info string option MultiPV", 2000));
    e.send("setoption name move overhead value 100");
    e.send("setoption name Hash value 8");
    e.send("stop");
    e.send("ponderhit");
    e.send("go depth");
    CHECK(e.wait_for("info string go:", 2000));
    e.send("stop");  // the search ran without a depth limit
    auto best = e.wait_for("bestmove", 2000);
    REQUIRE(best);
    check_bestmove(*best, position_from(std::string(START_FEN), {"e2e4"}));

    // A megabyte-long line of moves that return to the start position, over and over: however the
    // engine takes it (it may refuse the move list), the engine goes on from the start position.
    // The long-line paths themselves (read whole below 64 MiB, refused above) are tested on their
    // own: "a megabyte-long position line is read whole ...".
    std::string huge = "position startpos moves";
    while (huge.size() < 1'000'000) huge += " g1f3 g8f6 f3g1 f6g8";
    e.send(huge);
    ready(e);
    e.send("go depth 3");
    best = e.wait_for("bestmove", 5000);
    REQUIRE(best);
    CHECK(fen_of(e).rfind("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - ", 0) == 0);
    ready(e);
    e.send("quit");
    CHECK(e.wait_exit(2000));
}

TEST_CASE("a megabyte-long position line is read whole, and a line over 64 MiB is refused and changes nothing") {
    // A game of a few hundred real moves (seeded random play), which does not end where it began,
    // sent as one line of over a megabyte: runs of blanks and tabs between the moves.
    std::mt19937_64 rng(20250611);
    Position expected;
    std::vector<std::string> moves;
    while (moves.size() < 300) {
        const MoveList legal = expected.legal_moves();
        if (legal.size() == 0) break;
        const Move m = legal.moves[rng() % legal.size()];
        moves.push_back(expected.to_uci(m));
        expected.play(m);
    }
    REQUIRE(moves.size() >= 200);
    const std::string expectedFen = expected.fen();
    REQUIRE(expectedFen.rfind("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR ", 0) != 0);
    const std::size_t gap = 1'000'000 / moves.size() + 1;
    std::string line = "position startpos moves";
    for (const std::string& m : moves) line += std::string(gap - 1, ' ') + '\t' + m;
    REQUIRE(line.size() > 1'000'000);

    EngineProcess e(vireo_test::engine_under_test());
    vireo_test::require_ready(e, 5000);
    e.lines.clear();
    e.send(line);
    vireo_test::require_ready(e, 10000);
    for (const auto& l : e.lines) CHECK_MESSAGE(l.rfind("info string", 0) != 0, "the long line was refused: " << l);
    CHECK(fen_of(e) == expectedFen);
    if (expected.legal_moves().size() > 0) {
        e.send("go depth 3");
        const auto best = e.wait_for("bestmove", 10000);
        REQUIRE(best);
        check_bestmove(*best, expected);
    }

    // Just over the 64 MiB limit (engine/uci.cpp MAX_LINE): a line that would change the position
    // if it were read. It is refused with an info string, and the engine answers and keeps its position.
    const std::size_t limit = std::size_t(64) * 1024 * 1024;
    std::string over = "position startpos moves e2e4 e7e5";
    over.resize(limit + 16 - std::string(" g1f3").size(), ' ');
    over += " g1f3";
    REQUIRE(over.size() == limit + 16);
    e.lines.clear();
    e.send(over);
    const auto refused = e.wait_for("info string", 60000);
    REQUIRE_MESSAGE(refused, "no info string for a line of " << over.size() << " bytes");
    CHECK_MESSAGE(refused->rfind("info string input line of " + std::to_string(over.size()) + " bytes ignored", 0) == 0,
                  *refused);
    vireo_test::require_ready(e, 10000);
    CHECK(fen_of(e) == expectedFen);
    // And the engine still plays.
    e.send("position startpos moves e2e4");
    e.send("go depth 2");
    const auto best = e.wait_for("bestmove", 10000);
    REQUIRE(best);
    check_bestmove(*best, position_from(std::string(START_FEN), {"e2e4"}));
    e.send("quit");
    CHECK(e.wait_exit(5000));
}

TEST_CASE("end of input mid-search exits promptly") {
    EngineProcess e(vireo_test::engine_under_test());
    e.send("go infinite");
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    const auto t = Clock::now();
    e.close_input();
    CHECK(e.wait_exit(2000));
    CHECK(ms_since(t) < vireo_test::scaled_ms(1000));
}

TEST_CASE("quit mid-search exits promptly") {
    EngineProcess e(vireo_test::engine_under_test());
    e.send("setoption name Threads value 2");
    e.send("go infinite");
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    const auto t = Clock::now();
    e.send("quit");
    CHECK(e.wait_exit(2000));
    CHECK(ms_since(t) < vireo_test::scaled_ms(1000));
}

TEST_CASE("no legal move: bestmove (none) with a mate or draw score") {
    EngineProcess e(vireo_test::engine_under_test());
    e.send("position fen 7k/6Q1/6K1/8/8/8/8/8 b - - 0 1");  // checkmated
    e.send("go depth 5");
    auto best = e.wait_for("bestmove", 2000);
    REQUIRE(best);
    CHECK(*best == "bestmove (none)");
    bool mated = false;
    for (const auto& l : e.lines) mated |= l.find("score mate 0") != std::string::npos;
    CHECK(mated);
    e.send("position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");  // stalemate
    e.send("go depth 5");
    best = e.wait_for("bestmove", 2000);
    REQUIRE(best);
    CHECK(*best == "bestmove (none)");
    CHECK(e.lines[e.lines.size() - 2].find("score cp 0") != std::string::npos);
}

TEST_CASE("mates in 1 to 3 are found with the right score") {
    struct Case {
        const char* fen;
        int moves;
    };
    // Mates in 2 and 3 from the mate suite (tests/data/tactics/mates_sample.epd, see tests/data/README.md).
    const Case cases[] = {
        {"r1bq2kr/pnpp3p/2pP1ppB/8/3Q4/8/PPP2PPP/RN2R1K1 w - - 0 1", 1},
        {"6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", 1},
        {"2b1n1k1/4q2p/r5BQ/3Pp1pN/npp5/2P4P/1P4P1/5RK1 w - - 0 1", 2},
        {"6rk/p3R1p1/2bq1rB1/2pp2QP/8/8/PP3Pp1/4R1K1 w - - 0 1", 2},
        {"2q1n3/1p1bppkp/p2p2p1/3P4/P2N4/1PQ3PP/4PPB1/6K1 w - - 0 1", 3},
        {"4Q3/p2r2pk/1n5p/8/8/5N1P/q4PP1/4R1K1 w - - 0 1", 3},
        {"r2q1rk1/pp2bppp/2n1pn2/3p4/3P4/2NBPN2/PP3PPP/R2QK2R w KQ - 0 1", 0},  // no mate: score stays cp
    };
    EngineProcess e(vireo_test::engine_under_test());
    for (const Case& c : cases) {
        e.lines.clear();
        e.send("ucinewgame");
        e.send(std::string("position fen ") + c.fen);
        e.send("go depth " + std::to_string(c.moves ? 2 * c.moves + 3 : 6));
        auto best = e.wait_for("bestmove", 20000);
        REQUIRE(best);
        std::string last;
        for (const auto& l : e.lines)
            if (l.find(" score ") != std::string::npos) last = l;
        if (c.moves)
            CHECK_MESSAGE(last.find("score mate " + std::to_string(c.moves) + " ") != std::string::npos,
                          c.fen << ": " << last);
        else CHECK_MESSAGE(last.find("score cp ") != std::string::npos, last);
    }
}

TEST_CASE("a drawn position by repetition scores 0") {
    // White is a rook down but has a perpetual check; the rook-down side cannot escape it.
    EngineProcess e(vireo_test::engine_under_test());
    // Qh6+ Kg8 Qg6+ Kh8 Qh6+ ...: every other line loses.
    e.send("position fen 5r1k/8/8/8/8/q3Q3/r5PP/7K w - - 0 1");
    e.send("go depth 12");
    auto best = e.wait_for("bestmove", 30000);
    REQUIRE(best);
    std::string last;
    for (const auto& l : e.lines)
        if (l.find(" score ") != std::string::npos) last = l;
    CHECK_MESSAGE(last.find("score cp 0 ") != std::string::npos, last);
    CHECK(split_words(*best)[1] == "e3h6");
}

TEST_CASE("bench is deterministic and ends with the OpenBench line") {
    std::string first;
    for (int run = 0; run < 2; ++run) {
        EngineProcess e(vireo_test::engine_under_test(), {"bench", "5"});
        e.close_input();
        REQUIRE(e.wait_exit(60000));
        CHECK(e.status() == 0);
        while (e.read_line(100)) {
        }
        REQUIRE_FALSE(e.lines.empty());
        const std::string last = e.lines.back();
        const auto w = split_words(last);
        REQUIRE(w.size() == 4);
        CHECK(w[1] == "nodes");
        CHECK(w[3] == "nps");
        CHECK(std::stoull(w[0]) > 1000);
        if (run == 0) first = w[0];
        else CHECK(w[0] == first);
    }
}

TEST_CASE("Chess960 castling is read and written as king takes rook") {
    EngineProcess e(vireo_test::engine_under_test());
    e.send("setoption name UCI_Chess960 value true");
    // King b1 takes rook a1: the king lands on c1, the rook on d1.
    e.send("position fen rk2r3/8/8/8/8/8/8/RK2R3 w EAea - 0 1 moves b1a1");
    CHECK(fen_of(e).rfind("rk2r3/8/8/8/8/8/8/2KRR3 b ea - 1 1", 0) == 0);
    e.send("position fen rk2r3/8/8/8/8/8/8/RK2R3 w EAea - 0 1");
    e.send("go depth 1 searchmoves b1a1");
    auto best = e.wait_for("bestmove", 2000);
    REQUIRE(best);
    CHECK(split_words(*best)[1] == "b1a1");
    e.send("go perft 1");
    CHECK(e.wait_for("Nodes searched: ", 2000));
}

TEST_CASE("go perft: nohash, the PerftHash option, and an unknown parameter") {
    EngineProcess e(vireo_test::engine_under_test());
    // At depth 6 `go perft` would use the 16 MB hash by default; each way gives the same counts.
    e.send("position fen 8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1");
    std::vector<std::vector<std::string>> runs;
    for (const char* go : {"go perft 6", "go perft 6 nohash", "setoption name PerftHash value false", "go perft 6"}) {
        e.lines.clear();
        e.send(go);
        if (std::string(go).rfind("go", 0) != 0) continue;
        REQUIRE(e.wait_for("Nodes searched: ", 10000));
        CHECK(e.lines.back() == "Nodes searched: 11030083");
        REQUIRE(e.wait_for("info string perft time", 2000));
        runs.push_back(e.lines);
    }
    REQUIRE(runs.size() == 3);
    // The same move lines and total each time (the info string with the time aside).
    auto counts = [](const std::vector<std::string>& lines) {
        std::vector<std::string> kept;
        for (const auto& l : lines)
            if (l.rfind("info string perft time", 0) != 0) kept.push_back(l);
        return kept;
    };
    CHECK(counts(runs[0]).size() == 14 + 3);  // 14 root moves, then "", "Nodes searched: N", ""
    CHECK(counts(runs[1]) == counts(runs[0]));
    CHECK(counts(runs[2]) == counts(runs[0]));
    e.lines.clear();
    e.send("go perft 1 sideways");
    REQUIRE(e.wait_for("Nodes searched: ", 2000));
    bool reported = false;
    for (const auto& l : e.lines) reported |= l.find("unknown parameter 'sideways'") != std::string::npos;
    CHECK(reported);
}

TEST_CASE("go perft refuses a depth outside 0..20 with its usage, and counts at the bounds' inside") {
    EngineProcess e(vireo_test::engine_under_test());
    for (const char* go : {"go perft 21", "go perft -1", "go perft", "go perft x"}) {
        e.send(go);
        CHECK_MESSAGE(e.wait_for("info string usage: go perft <depth 0..20> [nohash]", 2000), go);
    }
    e.send("go perft 0");
    const auto total = e.wait_for("Nodes searched: ", 2000);
    REQUIRE(total);
    CHECK(*total == "Nodes searched: 1");
}

TEST_CASE("bench refuses a depth outside 1..64 with its usage, and searches at depth 1") {
    EngineProcess e(vireo_test::engine_under_test());
    for (const char* bench : {"bench 0", "bench 65", "bench x", "bench -3"}) {
        e.send(bench);
        CHECK_MESSAGE(e.wait_for("info string usage: bench [depth 1..64]", 2000), bench);
    }
    e.send("bench 1");
    const auto total = e.wait_for("Nodes searched  : ", 10000);
    REQUIRE(total);
    CHECK(std::stoull(total->substr(total->find(':') + 1)) > 0);
    e.send("isready");
    CHECK(e.wait_for("readyok", 2000));
}

TEST_CASE("MultiPV, UCI_ShowWDL, searchmoves, go mate and go nodes") {
    EngineProcess e(vireo_test::engine_under_test());
    e.send("setoption name MultiPV value 3");
    e.send("setoption name UCI_ShowWDL value true");
    e.send("position startpos");
    e.send("go depth 6");
    REQUIRE(e.wait_for("bestmove", 10000));
    bool lines[4] = {false, false, false, false};
    for (const auto& l : e.lines) {
        if (l.find("info depth 6 ") != 0) continue;
        for (int k = 1; k <= 3; ++k) lines[k] |= l.find(" multipv " + std::to_string(k) + " ") != std::string::npos;
        CHECK(l.find(" wdl ") != std::string::npos);
    }
    CHECK((lines[1] && lines[2] && lines[3]));
    e.send("setoption name MultiPV value 1");
    e.send("setoption name UCI_ShowWDL value false");

    e.lines.clear();
    e.send("position startpos");
    e.send("go depth 5 searchmoves a2a3 h2h4");
    auto best = e.wait_for("bestmove", 10000);
    REQUIRE(best);
    const std::string m = split_words(*best)[1];
    CHECK((m == "a2a3" || m == "h2h4"));
    for (const auto& l : e.lines) CHECK(l.find(" wdl ") == std::string::npos);

    e.lines.clear();
    e.send("position fen 2b1n1k1/4q2p/r5BQ/3Pp1pN/npp5/2P4P/1P4P1/5RK1 w - - 0 1");
    e.send("go mate 2");
    best = e.wait_for("bestmove", 10000);
    REQUIRE(best);
    CHECK(split_words(*best)[1] == "f1f8");
    CHECK(e.lines[e.lines.size() - 2].find("score mate 2 ") != std::string::npos);

    e.lines.clear();
    e.send("position startpos");
    e.send("go nodes 20000");
    best = e.wait_for("bestmove", 10000);
    REQUIRE(best);
    check_bestmove(*best, position_from(std::string(START_FEN)));
    for (const auto& l : e.lines) {
        const auto w = split_words(l);
        for (std::size_t i = 0; i + 1 < w.size(); ++i)
            if (w[i] == "nodes") CHECK(std::stoull(w[i + 1]) <= 20000);
    }
}

TEST_CASE("Debug Log File records the conversation, and a Hash too big keeps the engine working") {
    // A name with spaces, as in "Program Files"; a Windows build writes it at a C:\ path.
    const auto path = vireo_test::engine_temp_path("vireo test " + std::to_string(getpid()) + ".log");
    const std::string log = path.host;
    std::filesystem::create_directories(std::filesystem::path(log).parent_path());
    {
        EngineProcess e(vireo_test::engine_under_test());
        e.send("setoption name Debug Log File value " + path.engine);
        e.send("isready");
        REQUIRE(e.wait_for("readyok", 2000));
        e.send("setoption name Hash value 1048576");  // a terabyte: not to be had here
        ready(e);
        bool reported = false;
        for (const auto& l : e.lines) reported |= l.find("info string cannot allocate") == 0;
        CHECK(reported);
        e.send("position startpos moves e2e4");
        e.send("go depth 4");
        auto best = e.wait_for("bestmove", 5000);
        REQUIRE(best);
        check_bestmove(*best, position_from(std::string(START_FEN), {"e2e4"}));
        e.send("quit");
        CHECK(e.wait_exit(2000));
    }
    std::ifstream in(log);
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    CHECK(text.find("<< isready") != std::string::npos);
    CHECK(text.find(">> readyok") != std::string::npos);
    CHECK(text.find(">> bestmove") != std::string::npos);
    std::remove(log.c_str());
}

TEST_SUITE_END();
