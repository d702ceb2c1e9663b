// A real client: PolyGlot (Debian package 'polyglot') adapts Vireo to the xboard protocol, and the
// test plays games through it as an xboard GUI would - handshake, new, sd or level with clocks,
// force, setboard, go, usermove, hard (pondering), ping - against Vireo, with random or expected
// moves of its own and stretches where Vireo plays both sides. Every move Vireo makes (as PolyGlot
// reports it) must be legal, PolyGlot must never reject a move or report an engine error, and a
// game result must match the position.
//
// PolyGlot is a test dependency (make test installs it: scripts/install-deps); missing, the test fails.
#include <doctest/doctest.h>
#include <stdlib.h>
#include <unistd.h>

#include <cctype>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <fstream>
#include <memory>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "engine_process.h"
#include "movegen/position.h"

using namespace vireo;

namespace {

// VIREO_POLYGLOT in the environment names another binary (to see the skip, say).
const std::string POLYGLOT = std::getenv("VIREO_POLYGLOT") ? std::getenv("VIREO_POLYGLOT") : "/usr/games/polyglot";
constexpr int MOVE_MS = 15000;  // generous: the searches are short, the machine may be busy

bool is_result(const std::string& line) {
    return line.rfind("1-0", 0) == 0 || line.rfind("0-1", 0) == 0 || line.rfind("1/2-1/2", 0) == 0;
}

bool game_over(const Position& p) { return p.legal_moves().size() == 0 || p.is_draw(0) || p.insufficient_material(); }

class PolyglotSession {
public:
    PolyglotSession() {
        char dirTemplate[] = "/tmp/vireo-polyglot-XXXXXX";
        REQUIRE(mkdtemp(dirTemplate));
        dir = dirTemplate;
        ini = dir + "/vireo.ini";
        log = dir + "/polyglot.log";
        std::ofstream(ini) << "[PolyGlot]\n"
                           << "EngineName = Vireo\n"
                           << "EngineCommand = " << VIREO_BINARY << "\n"
                           << "EngineDir = " << dir << "\n"
                           << "Book = false\n"
                           << "Log = true\n"
                           << "LogFile = " << log << "\n"
                           << "Resign = false\n"
                           << "[Engine]\n"
                           << "Hash = 16\n"
                           << "Threads = 2\n";
        process = std::make_unique<EngineProcess>(POLYGLOT, std::vector<std::string>{ini});
    }
    ~PolyglotSession() {
        if (process) {
            process->try_send("quit");
            process.reset();
        }
        std::remove(ini.c_str());
        std::remove(log.c_str());
        rmdir(dir.c_str());
    }

    void send(const std::string& line) {
        transcript.push_back("> " + line);
        REQUIRE_MESSAGE(process->try_send(line), "PolyGlot stopped reading\n" << context());
    }

    // The next line, checked for the adapter's complaints.
    std::string next_line(int timeoutMs, const char* waitingFor) {
        const auto line = process->read_line(timeoutMs);
        REQUIRE_MESSAGE(line, "no " << waitingFor << " from PolyGlot within " << timeoutMs << " ms\n" << context());
        transcript.push_back("< " + *line);
        if (transcript.size() > 60) transcript.pop_front();
        for (const char* bad : {"Illegal move", "Error", "tellusererror", "telluser"})
            REQUIRE_MESSAGE(line->rfind(bad, 0) != 0, "PolyGlot says: " << *line << "\n" << context());
        return *line;
    }

    std::string context() const {
        std::string s = "conversation with PolyGlot (last lines):\n";
        for (const auto& l : transcript) s += "  " + l + "\n";
        std::ifstream in(log);
        std::deque<std::string> tail;
        for (std::string l; std::getline(in, l);) {
            tail.push_back(l);
            if (tail.size() > 40) tail.pop_front();
        }
        s += "PolyGlot log (" + log + ", last lines):\n";
        for (const auto& l : tail) s += "  " + l + "\n";
        return s;
    }

    std::unique_ptr<EngineProcess> process;
    std::deque<std::string> transcript;
    std::string dir, ini, log;
};

struct Stats {
    int vireoMoves = 0, ourMoves = 0, predictedPlayed = 0, results = 0;
    std::string lastResult;  // the last result line PolyGlot announced
};

// Checks a "move" line from PolyGlot against pos and plays it there.
Move play_vireo_move(PolyglotSession& pg, Position& pos, const std::string& text, Stats& stats) {
    const Move m = pos.parse_move(text);
    REQUIRE_MESSAGE(m, "Vireo played the illegal move " << text << " in " << pos.fen() << "\n" << pg.context());
    CHECK(pos.to_uci(m) == text);
    pos.play(m);
    ++stats.vireoMoves;
    return m;
}

// Plays one game: `setup` commands after "new", then up to maxPlies plies; with vireoFirst the
// first action is "go". Returns the final position.
Position play_game(PolyglotSession& pg, std::mt19937_64& rng, const std::string& prefix, const std::string& fen,
                   const std::vector<std::string>& setup, bool clocks, int maxPlies, bool vireoFirst, Stats& stats) {
    Position pos;
    pg.send("new");
    for (const auto& c : setup) pg.send(c);
    bool force = false;
    if (!fen.empty()) {
        REQUIRE_FALSE(pos.set(fen));
        pg.send("force");
        pg.send("setboard " + fen);
        force = true;
    }
    Move expectedReply = Move::none();  // the second move of Vireo's last pv, if legal
    for (int ply = 0; ply < maxPlies && !game_over(pos);) {
        // Our action: a move of ours (Vireo answers unless in force mode) or "go" (Vireo takes the
        // side to move and moves).
        const bool ourMove = !(vireoFirst && ply == 0) && (force ? rng() % 3 == 0 : rng() % 2 == 0);
        if (ourMove) {
            const MoveList legal = pos.legal_moves();
            Move m = legal.moves[rng() % legal.size()];
            if (expectedReply && rng() % 2) m = expectedReply, ++stats.predictedPlayed;
            pg.send(prefix + pos.to_uci(m));
            pos.play(m);
            ++stats.ourMoves;
            ++ply;
            if (force) continue;
        } else {
            if (clocks) {
                pg.send("time " + std::to_string(300 + rng() % 400));
                pg.send("otim " + std::to_string(300 + rng() % 400));
            }
            pg.send("go");
            force = false;
        }
        expectedReply = Move::none();
        if (game_over(pos)) break;  // our move ended it: the result follows below

        // Vireo's move, after its thinking output.
        std::vector<std::string> lastPv;
        for (;;) {
            const std::string line = pg.next_line(MOVE_MS, "move");
            const auto w = vireo_test::split_words(line);
            if (w.size() >= 5 && w[0].find_first_not_of("0123456789") == std::string::npos) {
                lastPv.assign(w.begin() + 4, w.end());  // "depth score time nodes pv..." (pv in SAN)
                continue;
            }
            REQUIRE_MESSAGE(!is_result(line), "a result before Vireo moved in " << pos.fen() << "\n" << pg.context());
            if (w.size() == 2 && w[0] == "move") {
                const Position before = pos;
                const Move m = play_vireo_move(pg, pos, w[1], stats);
                // The pv, if it begins with this move, names the reply Vireo expects (and ponders on).
                if (lastPv.size() >= 2 && before.parse_san(lastPv[0]) == m) expectedReply = pos.parse_san(lastPv[1]);
                ++ply;
                break;
            }
        }
    }
    if (pos.legal_moves().size() == 0) {
        // Mate or stalemate: PolyGlot announces the end, which must be the true one.
        for (;;) {
            const std::string line = pg.next_line(MOVE_MS, "result");
            REQUIRE_MESSAGE(line.rfind("move ", 0) != 0, "a move after the game ended in " << pos.fen() << "\n"
                                                                                           << pg.context());
            if (!is_result(line)) continue;
            ++stats.results;
            stats.lastResult = line;
            const bool mated = pos.legal_moves().size() == 0 && pos.in_check();
            if (line.rfind("1/2-1/2", 0) == 0) CHECK_MESSAGE(!mated, line << " in " << pos.fen());
            else {
                CHECK_MESSAGE(mated, line << " in " << pos.fen());
                const bool whiteWon = line.rfind("1-0", 0) == 0;
                CHECK_MESSAGE(whiteWon == (pos.side_to_move() == BLACK), line << " in " << pos.fen());
            }
            break;
        }
    }
    // In step: whatever was in flight is behind us. A move that comes meanwhile (Vireo answering
    // our last move when a draw rule ended the game for us but not for PolyGlot) must be legal; a
    // result only if the game is over.
    static int pingId = 0;
    const std::string id = std::to_string(++pingId);
    pg.send("ping " + id);
    for (;;) {
        const std::string line = pg.next_line(MOVE_MS, "pong");
        if (line == "pong " + id) break;
        const auto w = vireo_test::split_words(line);
        if (w.size() == 2 && w[0] == "move") play_vireo_move(pg, pos, w[1], stats);
        if (is_result(line)) CHECK_MESSAGE(game_over(pos), line << " in " << pos.fen());
    }
    return pos;
}

}  // namespace

TEST_CASE("polyglot (xboard protocol) plays games with Vireo, every Vireo move legal") {
    REQUIRE_MESSAGE(
        access(POLYGLOT.c_str(), X_OK) == 0,
        POLYGLOT << " is missing, so Vireo cannot be tested through a real xboard client. Install the Debian "
                    "package 'polyglot' (a test dependency: make test-deps).");
    const auto t0 = std::chrono::steady_clock::now();
    PolyglotSession pg;
    pg.send("xboard");
    pg.send("protover 2");
    std::string prefix;
    for (;;) {
        const std::string line = pg.next_line(20000, "feature done=1");
        if (line.find("usermove=1") != std::string::npos) prefix = "usermove ";
        if (line.find("done=1") != std::string::npos) break;
    }
    pg.send("accepted usermove");
    pg.send("post");

    std::mt19937_64 rng(0x9017u);
    Stats stats;
    // Depth-limited, no pondering, from the start.
    play_game(pg, rng, prefix, "", {"easy", "sd 4"}, false, 40, false, stats);
    // Clocks (PolyGlot passes them on as wtime/btime) and pondering, from a middlegame with every
    // kind of castling still possible.
    play_game(pg, rng, prefix, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
              {"hard", "level 40 0:10 0"}, true, 40, false, stats);
    // Promotions close by.
    play_game(pg, rng, prefix, "8/PPk5/8/8/8/8/5Kpp/8 w - - 0 1", {"easy", "sd 5"}, false, 30, false, stats);
    // A mate Vireo must deliver (the result line is checked against the position): Vireo (White)
    // moves first and must mate at once, Rd8#, and PolyGlot must announce 1-0.
    {
        const int movesBefore = stats.vireoMoves, resultsBefore = stats.results;
        const Position end =
            play_game(pg, rng, prefix, "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", {"sd 3"}, false, 2, true, stats);
        CHECK_MESSAGE(end.legal_moves().size() == 0, "Vireo did not mate at once: " << end.fen() << "\n"
                                                                                    << pg.context());
        CHECK_MESSAGE(end.in_check(), "not mate: " << end.fen());
        CHECK(end.side_to_move() == BLACK);  // mated by Vireo's move, not by one of ours
        CHECK(stats.vireoMoves == movesBefore + 1);
        CHECK(end.fen().rfind("3R2k1/5ppp/8/8/8/8/5PPP/6K1 b", 0) == 0);
        CHECK(stats.results == resultsBefore + 1);
        CHECK_MESSAGE(stats.lastResult.rfind("1-0", 0) == 0, "result: '" << stats.lastResult << "'");
    }

    // What PolyGlot told Vireo, from its log: pondering must have happened in the second game.
    int ponders = 0, ponderhits = 0, clockGos = 0;
    {
        std::ifstream in(pg.log);
        for (std::string l; std::getline(in, l);) {
            const bool go = l.find("Adapter->Engine: go ") != std::string::npos;
            if (go && l.find(" ponder") != std::string::npos) ++ponders;
            if (go && l.find(" movestogo ") != std::string::npos) ++clockGos;
            if (l.find("Adapter->Engine: ponderhit") != std::string::npos) ++ponderhits;
        }
    }
    CHECK(ponders > 0);
    CHECK(clockGos > 0);
    pg.send("quit");
    CHECK_MESSAGE(pg.process->wait_exit(5000), "PolyGlot did not exit after quit\n" << pg.context());
    MESSAGE("polyglot: "
            << stats.vireoMoves << " Vireo moves, " << stats.ourMoves << " of ours (" << stats.predictedPlayed
            << " the reply Vireo expected), " << ponders << " go ponder, " << ponderhits << " ponderhit, " << clockGos
            << " searches with movestogo, " << stats.results << " results, "
            << std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t0).count()
            << " ms");
    CHECK(stats.vireoMoves >= 20);
}
