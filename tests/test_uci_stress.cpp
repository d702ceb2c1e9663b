// UCI stress: seeded random conversations with the real engine, as a hurried or confused GUI might
// hold them - positions with legal, illegal and garbage moves, searches of every kind started and
// stopped at random moments, options changed at any time (also during searches), stray stop and
// ponderhit, isready everywhere - and the engine ended by quit or end of input, mid-search or not.
//
// Checked throughout: every isready is answered within 2 s; exactly one bestmove per go (none for a
// stop with no search, none before stop or ponderhit for infinite and ponder searches), each in
// time; every bestmove, ponder move and pv move legal in the position of its go (the test keeps
// its own copy of the engine's position, with the engine's movegen) and a sample of bestmoves
// confirmed legal by Stockfish; `d` shows the position the test expects; the process never dies
// and exits with status 0.
//
// The run is reproducible from its seed, which is printed. Environment:
//   VIREO_STRESS_SEED    seed (default fixed)          VIREO_STRESS_ROUNDS  rounds (default 1500)
//   VIREO_STRESS_ORACLE  check every Nth bestmove with Stockfish (default 4; 0: never)
//   VIREO_STOCKFISH      the Stockfish binary (default /usr/games/stockfish)
//   VIREO_STRESS_ENGINE  the engine binary (default the one built with the tests)
//   VIREO_STRESS_READY_MS  the isready deadline (default 2000)
// The numbers must be whole numbers in range, VIREO_STRESS_ROUNDS at least 1: anything else (a typo,
// a 0 that would run nothing and pass) fails the test with a message naming the variable.
// Test suite "threads": make test-tsan runs it under ThreadSanitizer (the stress test is where a race
// was found), with fewer rounds (scripts/test-sanitized sets VIREO_STRESS_ROUNDS).
// scripts/uci-stress runs long and many-seed versions.
#include <doctest/doctest.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <deque>
#include <memory>
#include <optional>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "engine_process.h"
#include "movegen/position.h"
#include "perft_suite.h"

using namespace vireo;
using Clock = std::chrono::steady_clock;

namespace {

// A whole number from the environment, `fallback` when the variable is unset or empty; nothing, and
// why in `error`, when it is not a whole number from min to max (a typo or a 0 must not quietly run
// a test of nothing).
std::optional<std::uint64_t> env_number(const char* name, std::uint64_t fallback, std::uint64_t min, std::uint64_t max,
                                        std::string& error) {
    const char* text = std::getenv(name);
    if (!text || !*text) return fallback;
    const std::string s = text;
    std::uint64_t v = 0;
    bool ok = s.find_first_not_of("0123456789") == std::string::npos && s.size() <= 19;
    if (ok) {
        v = std::stoull(s);
        ok = v >= min && v <= max;
    }
    if (ok) return v;
    error = std::string(name) + "=" + s + ": must be a whole number from " + std::to_string(min) + " to " +
            std::to_string(max);
    return std::nullopt;
}

// The engine under test (vireo_test::engine_under_test); VIREO_STRESS_ENGINE names another build (a
// sanitizer one, an older one) run directly.
const vireo_test::EngineCommand ENGINE = [] {
    const char* path = std::getenv("VIREO_STRESS_ENGINE");
    return path && *path ? vireo_test::EngineCommand{{}, path} : vireo_test::engine_under_test();
}();
const std::string STOCKFISH_PATH =
    std::getenv("VIREO_STOCKFISH") ? std::getenv("VIREO_STOCKFISH") : "/usr/games/stockfish";
// Every deadline is stretched by VIREO_TEST_SLOWDOWN (test_env.h) in the sanitizer runs; the one of
// isready -> readyok is the run's readyMs (VIREO_STRESS_READY_MS).
const int STOPPED_MS = int(vireo_test::scaled_ms(2000));  // stop (or another releasing command) -> bestmove
const int FINITE_MS = int(vireo_test::scaled_ms(6000));   // go with limits -> bestmove, however it was limited
constexpr int EXIT_MS = 2000;  // quit or end of input -> process gone (wait_exit stretches it itself)

// Stockfish as the second opinion on legality: its `go perft 1` lists the legal moves.
class Oracle {
public:
    Oracle() : process(STOCKFISH_PATH) {
        process.send("uci");
        REQUIRE_MESSAGE(process.wait_for("uciok", 10000), "Stockfish (" << STOCKFISH_PATH << ") did not answer uci");
    }
    ~Oracle() { process.try_send("quit"); }

    std::set<std::string> legal_moves(const std::string& fen, bool chess960) {
        if (chess960 != chess960Mode) {
            process.send(std::string("setoption name UCI_Chess960 value ") + (chess960 ? "true" : "false"));
            chess960Mode = chess960;
        }
        process.send("position fen " + fen);
        process.send("go perft 1");
        std::set<std::string> moves;
        for (;;) {
            const auto line = process.read_line(10000);
            REQUIRE_MESSAGE(line, "Stockfish gave no perft answer for " << fen);
            if (line->rfind("Nodes searched", 0) == 0) break;
            const auto colon = line->find(": ");
            if (colon == 4 || colon == 5) moves.insert(line->substr(0, colon));
        }
        process.lines.clear();
        return moves;
    }

private:
    EngineProcess process;
    bool chess960Mode = false;
};

struct Go {
    std::string command;
    Position pos;                          // the position it searches
    std::vector<std::string> searchMoves;  // the legal moves its `searchmoves` named (empty: all)
    bool infinite = false, ponder = false;
    bool released = false;  // a stop or equivalent was sent since
    Clock::time_point due;  // its bestmove must have come by then
};

class StressRun {
public:
    StressRun(std::uint64_t seed, int rounds, int oracleEvery, int readyMs)
        : rng(seed), seed(seed), rounds(rounds), oracleEvery(oracleEvery), readyMs(readyMs) {
        for (const char* name : {"cpw.epd", "standard.epd", "special.epd"})
            for (const auto& l : vireo_test::load_perft_suite(name).lines) standardFens.push_back(l.fen);
        for (const char* name : {"fischer.epd", "fischer_xfen.epd"})
            for (const auto& l : vireo_test::load_perft_suite(name).lines) fischerFens.push_back(l.fen);
        if (oracleEvery > 0) oracle = std::make_unique<Oracle>();
    }

    void run() {
        const int perProcess = 150;
        for (round = 0; round < rounds;) {
            start_engine();
            const int last = std::min(rounds, round + perProcess);
            for (; round < last; ++round) one_round();
            end_engine();
        }
    }

    int rounds_done() const { return round; }
    int gos = 0, bestmoves = 0, readies = 0, oracleChecks = 0, processes = 0, commands = 0, pvMoves = 0;
    int tbHitLines = 0;  // info lines with tbhits > 0
    long long slowestReadyMs = 0;

private:
    // ---- talking ----

    std::string context() const {
        std::string s = "seed " + std::to_string(seed) + ", round " + std::to_string(round) +
                        " (reproduce with VIREO_STRESS_SEED=" + std::to_string(seed) +
                        " VIREO_STRESS_ROUNDS=" + std::to_string(round + 1) + ")\nlast commands, oldest first:\n";
        for (const auto& c : history) s += "  > " + c + "\n";
        s += "last lines from the engine:\n";
        for (const auto& l : recentOutput) s += "  < " + l + "\n";
        return s;
    }

    void send(const std::string& line) {
        history.push_back(line.size() > 200 ? line.substr(0, 200) + "..." : line);
        if (history.size() > 40) history.pop_front();
        ++commands;
        if (!engine->try_send(line)) {
            engine->wait_exit(500);
            FAIL("the engine stopped reading (" << engine->how_it_ended() << ")\n" << context());
        }
    }

    // Reads and checks output until `done` holds; fails after timeoutMs or on any violation.
    template <class Pred>
    void pump_until(Pred done, int timeoutMs, const char* what) {
        const auto deadline = Clock::now() + std::chrono::milliseconds(timeoutMs);
        for (;;) {
            if (done()) return;
            check_deadlines();
            const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
            if (left <= 0) FAIL("no " << std::string(what) << " within " << timeoutMs << " ms\n" << context());
            const auto line = engine->read_line(int(std::min<long long>(left, 50)));
            if (line) handle(*line);
            else if (engine->output_ended()) {
                engine->wait_exit(500);
                FAIL("the engine's output ended (" << engine->how_it_ended() << ")\n" << context());
            }
        }
    }
    // Reads and checks whatever arrives during ms milliseconds (0: what has arrived already).
    void pump_for(int ms) {
        const auto until = Clock::now() + std::chrono::milliseconds(ms);
        for (;;) {
            check_deadlines();
            const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(until - Clock::now()).count();
            const auto line = engine->read_line(int(std::clamp<long long>(left, 0, 50)));
            if (line) handle(*line);
            else if (engine->output_ended()) {
                engine->wait_exit(500);
                FAIL("the engine's output ended (" << engine->how_it_ended() << ")\n" << context());
            } else if (left <= 0) return;
        }
    }

    void check_deadlines() {
        if (!pending.empty() && Clock::now() > pending.front().due)
            FAIL("no bestmove in time for '" << pending.front().command << "'"
                                             << (pending.front().released ? " (stopped)" : "") << "\n"
                                             << context());
    }

    void handle(const std::string& line) {
        recentOutput.push_back(line.size() > 300 ? line.substr(0, 300) + "..." : line);
        if (recentOutput.size() > 20) recentOutput.pop_front();
        if (engine->lines.size() > 1000) engine->lines.clear();
        const auto w = vireo_test::split_words(line);
        if (w.empty()) return;
        if (w[0] == "readyok") ++readies;
        else if (w[0] == "uciok") ++uciOks;
        else if (w[0] == "Fen:") lastFen = line.substr(5);
        else if (w[0] == "Nodes" && w.size() == 3 && w[1] == "searched:") perftTotals.push_back(std::stoull(w[2]));
        else if (w[0] == "bestmove") on_bestmove(w);
        else if (w[0] == "info" && w.size() > 1 && w[1] != "string") on_info(w);
    }

    void on_bestmove(const std::vector<std::string>& w) {
        if (pending.empty()) FAIL("a bestmove without a go (after a stop with no search?)\n" << context());
        const Go go = pending.front();
        pending.pop_front();
        ++bestmoves;
        if ((go.infinite || go.ponder) && !go.released)
            FAIL("bestmove for '" << go.command << "' before stop or ponderhit\n" << context());
        if (w.size() != 2 && !(w.size() == 4 && w[2] == "ponder")) FAIL("malformed bestmove line\n" << context());
        const MoveList legal = go.pos.legal_moves();
        if (w[1] == "(none)") {
            if (legal.size() != 0) FAIL("bestmove (none) with legal moves in " << go.pos.fen() << "\n" << context());
            if (w.size() != 2) FAIL("a ponder move after bestmove (none)\n" << context());
        } else {
            const Move m = go.pos.parse_move(w[1]);
            if (!m || go.pos.to_uci(m) != w[1])
                FAIL("illegal bestmove " << w[1] << " for '" << go.command << "' in " << go.pos.fen()
                                         << (go.pos.chess960() ? " (Chess960)" : "") << "\n"
                                         << context());
            if (!go.searchMoves.empty() &&
                std::find(go.searchMoves.begin(), go.searchMoves.end(), w[1]) == go.searchMoves.end())
                FAIL("bestmove " << w[1] << " is not among the searchmoves of '" << go.command << "'\n" << context());
            if (w.size() == 4) {
                Position after = go.pos;
                after.do_move(m);
                const Move p = after.parse_move(w[3]);
                if (!p || after.to_uci(p) != w[3])
                    FAIL("illegal ponder move " << w[3] << " after " << w[1] << "\n" << context());
            }
        }
        if (oracle && bestmoves % oracleEvery == 0) {
            ++oracleChecks;
            const auto theirs = oracle->legal_moves(go.pos.fen(), go.pos.chess960());
            if (w[1] == "(none)" ? !theirs.empty() : !theirs.count(w[1]))
                FAIL("Stockfish disagrees: bestmove " << w[1] << " in " << go.pos.fen()
                                                      << (go.pos.chess960() ? " (Chess960)" : "") << ", Stockfish has "
                                                      << theirs.size() << " legal moves\n"
                                                      << context());
        }
    }

    // Search output belongs to the oldest go still without a bestmove; its pv must be playable.
    void on_info(const std::vector<std::string>& w) {
        if (pending.empty()) FAIL("search output with no search running\n" << context());
        const auto hits = std::find(w.begin(), w.end(), "tbhits");
        if (hits != w.end() && hits + 1 != w.end() && *(hits + 1) != "0") ++tbHitLines;
        const auto pv = std::find(w.begin(), w.end(), "pv");
        if (pv == w.end()) return;
        Position p = pending.front().pos;
        for (auto it = pv + 1; it != w.end(); ++it) {
            const Move m = p.parse_move(*it);
            if (!m || p.to_uci(m) != *it) FAIL("illegal pv move " << *it << " in " << p.fen() << "\n" << context());
            p.play(m);
            ++pvMoves;
        }
    }

    void release_all() {
        const auto due = Clock::now() + std::chrono::milliseconds(STOPPED_MS);
        for (Go& g : pending) {
            g.released = true;
            g.due = std::min(g.due, due);
        }
    }

    // ---- the engine process ----

    void start_engine() {
        engine = std::make_unique<EngineProcess>(ENGINE);
        ++processes;
        model = Position();
        chess960 = false;
        pending.clear();
        history.clear();
        recentOutput.clear();
        if (rng() % 2) {
            send("uci");
            const int before = uciOks;
            pump_until([&] { return uciOks > before; }, readyMs, "uciok");
        }
    }

    void end_engine() {
        // Every search answered before the end, except possibly the one running when it comes.
        bool outputClosed = false;
        switch (rng() % 5) {
        case 0:  // quit when idle
            finish_pending();
            send("quit");
            break;
        case 1:  // end of input when idle
            finish_pending();
            engine->close_input();
            break;
        case 2:  // quit mid-search
            go_command("go infinite");
            pump_for(int(rng() % 30));
            send("quit");
            release_all();
            break;
        case 3:  // end of input mid-search
            go_command(rng() % 2 ? "go infinite" : "go depth 30");
            pump_for(int(rng() % 30));
            engine->close_input();
            release_all();
            break;
        default:  // the GUI dies mid-search: its end of our output closes, then its end of our input
            go_command(rng() % 2 ? "go infinite" : "go depth 30");
            pump_for(int(rng() % 30));
            engine->close_output();
            outputClosed = true;
            if (rng() % 2) engine->try_send("isready");
            engine->close_input();
            release_all();
            break;
        }
        if (!engine->wait_exit(EXIT_MS)) FAIL("the engine did not exit within " << EXIT_MS << " ms\n" << context());
        if (!engine->exited_cleanly()) FAIL("the engine ended by " << engine->how_it_ended() << "\n" << context());
        // The search still running may have printed its bestmove: account for it (unless we no
        // longer read, and cannot know).
        if (!outputClosed) {
            while (auto line = engine->read_line(0)) handle(*line);
            if (pending.size() > 1) FAIL(pending.size() << " searches had no bestmove at the end\n" << context());
        }
        gos -= int(pending.size());
        pending.clear();
        engine.reset();
    }

    // Stops whatever runs and waits for every bestmove.
    void finish_pending() {
        // Drawn whatever the timing, so that a seed always gives the same commands.
        const bool wait = rng() % 2;
        const int delay = int(rng() % 20);
        if (pending.empty()) return;
        bool openEnded = false;
        for (const Go& g : pending) openEnded |= (g.infinite || g.ponder) && !g.released;
        if (!wait || openEnded) {
            pump_for(delay);
            send("stop");
            release_all();
        }
        pump_until([&] { return pending.empty(); }, FINITE_MS + 1000, "bestmove for every go");
    }

    // ---- random commands ----

    template <class T>
    const T& pick(const std::vector<T>& v) {
        return v[rng() % v.size()];
    }
    int between(int lo, int hi) { return lo + int(rng() % std::uint64_t(hi - lo + 1)); }
    bool chance(int percent) { return int(rng() % 100) < percent; }

    void one_round() {
        const int n = between(1, 6);
        for (int i = 0; i < n; ++i) {
            const int r = int(rng() % 100);
            if (r < 22) position_command();
            else if (r < 50) go_command(random_go());
            else if (r < 57) {
                send("stop");
                release_all();
            } else if (r < 64) isready();
            else if (r < 76) setoption_command();
            else if (r < 80) {
                send("ucinewgame");
                release_all();
            } else if (r < 86) {
                send("ponderhit");
                const auto due = Clock::now() + std::chrono::milliseconds(FINITE_MS);
                for (Go& g : pending)
                    if (g.ponder && !g.released) g.released = true, g.due = due;
            } else if (r < 95) pump_for(between(0, 25));
            else if (r < 97) show_board();
            else if (r < 98) {
                send("uci");
                const int before = uciOks;
                pump_until([&] { return uciOks > before; }, readyMs, "uciok");
            } else perft_command();
            pump_for(0);
        }
        finish_pending();
        isready();
    }

    void isready() {
        send("isready");
        const int before = readies;
        const auto t = Clock::now();
        pump_until([&] { return readies > before; }, readyMs, "readyok");
        slowestReadyMs = std::max(slowestReadyMs, ms_since(t));
    }

    void show_board() {
        lastFen.clear();
        send("d");
        pump_until([&] { return !lastFen.empty(); }, readyMs, "Fen: line of d");
        if (lastFen != model.fen())
            FAIL("the engine has position " << lastFen << ", expected " << model.fen() << "\n" << context());
    }

    void perft_command() {
        const int depth = between(1, 2);
        send("go perft " + std::to_string(depth));
        release_all();
        const std::size_t before = perftTotals.size();
        pump_until([&] { return perftTotals.size() > before; }, FINITE_MS, "perft total");
        std::uint64_t expected = 0;
        if (depth == 1) expected = model.legal_moves().size();
        else
            for (Move m : model.legal_moves()) {
                Position p = model;
                p.do_move(m);
                expected += p.legal_moves().size();
            }
        if (perftTotals.back() != expected)
            FAIL("go perft " << depth << " gave " << perftTotals.back() << ", expected " << expected << "\n"
                             << context());
    }

    void position_command() {
        const int kind = int(rng() % 100);
        if (kind < 6) {
            // Broken commands: the position stays.
            static const std::vector<std::string> broken = {
                "position",
                "position fen",
                "position moves e2e4",
                "position startpos e2e4",
                "position fen 8/8/8 w - - 0 1",
                "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKKNR w KQkq - 0 1",
                "position fen 4k3/8/8/8/8/8/8/4K3 x - - 0 1",
                "position startpos moves",
                "position fen 8/8/8/8/8/8/8/8 w - - 0 1",
                "position fen 4k3/8/8/8/8/8/8/4K3 w - - 0 1 extra",
                "position startpos moves e2e4 e7e5 e1e2 e8e7 e2e1 e7e8 e1e2 e8e7 e2e1 e7e8 e1e2 zz"};
            const std::string cmd = pick(broken);
            send(cmd);
            apply_model(cmd);
            return;
        }
        std::string base;
        std::string fen;
        if (kind < 45) {
            base = "position startpos";
            fen = std::string(START_FEN);
        } else if (kind < 52) {
            fen = pick(endgameFens);
            base = "position fen " + fen;
        } else {
            fen = kind < 82 ? pick(standardFens) : pick(fischerFens);
            base = "position fen " + fen;
        }
        Position walk;
        if (walk.set(fen, chess960)) {
            // Not a position in this mode (a Chess960 one with UCI_Chess960 off): the engine says so.
            send(base + " moves e2e4");
            apply_model(base + " moves e2e4");
            return;
        }
        std::vector<std::string> moves;
        const int plies = chance(20) ? 0 : between(1, chance(10) ? 120 : 40);
        for (int i = 0; i < plies; ++i) {
            const MoveList legal = walk.legal_moves();
            if (legal.size() == 0) break;
            const Move m = legal.moves[rng() % legal.size()];
            moves.push_back(walk.to_uci(m));
            walk.play(m);
        }
        if (chance(8)) {
            static const std::vector<std::string> junk = {"e2e5", "zz",   "a1a1",  "e7e8k", "0000",  "e2e4e",
                                                          "h9h1", "a2a4", "e1g1",  "e8c8",  "g7g8q", "(none)",
                                                          "-",    "E2E4", "e2-e4", "Nf3"};
            moves.insert(moves.begin() + std::ptrdiff_t(rng() % (moves.size() + 1)), pick(junk));
        }
        std::string cmd = base;
        if (!moves.empty() || chance(10)) cmd += " moves";
        for (const auto& m : moves) cmd += " " + m;
        send(cmd);
        apply_model(cmd);
    }

    // The test's copy of the engine's position follows a position command as the engine must:
    // all of it, or (on any error) nothing.
    void apply_model(const std::string& cmd) {
        const auto w = vireo_test::split_words(cmd);
        if (w.size() < 2) return;
        std::size_t i = 2;
        std::string fen;
        if (w[1] == "startpos") fen = std::string(START_FEN);
        else if (w[1] == "fen")
            for (; i < w.size() && w[i] != "moves"; ++i) fen += w[i] + " ";
        else return;
        Position next;
        if (next.set(fen, chess960)) return;
        if (i < w.size() && w[i] != "moves") return;
        for (++i; i < w.size(); ++i) {
            const Move m = next.parse_move(w[i]);
            if (!m) return;
            next.play(m);
        }
        model = std::move(next);
    }

    std::string random_clock(bool normal) {
        const int wt = normal ? between(500, 3000) : between(0, 60);
        const int bt = normal ? between(500, 3000) : between(0, 60);
        std::string s = " wtime " + std::to_string(wt) + " btime " + std::to_string(bt);
        if (chance(50))
            s += " winc " + std::to_string(between(0, normal ? 100 : 10)) + " binc " +
                 std::to_string(between(0, normal ? 100 : 10));
        if (normal && chance(30)) s += " movestogo " + std::to_string(between(10, 40));
        return s;
    }

    std::string random_go() {
        const int r = int(rng() % 100);
        if (r < 18) return "go depth " + std::to_string(between(1, 6));
        if (r < 30) return "go nodes " + std::to_string(between(1, 30000));
        if (r < 42) return "go movetime " + std::to_string(between(1, 60));
        if (r < 52) return "go" + random_clock(false);
        if (r < 62) return "go" + random_clock(true);
        if (r < 74) return "go infinite";
        if (r < 86) return "go ponder" + random_clock(chance(50));
        if (r < 90) return "go mate " + std::to_string(between(1, 3)) + " depth " + std::to_string(between(1, 6));
        if (r < 96) {
            std::string s = "go depth " + std::to_string(between(1, 5)) + " searchmoves";
            const MoveList legal = model.legal_moves();
            const int n = between(1, 4);
            for (int i = 0; i < n && legal.size(); ++i) s += " " + model.to_uci(legal.moves[rng() % legal.size()]);
            if (chance(30)) s += " e2e5";
            return s;
        }
        static const std::vector<std::string> odd = {"go depth abc movetime 20", "go bogus nodes 500",
                                                     "go nodes -5 depth 2",      "go wtime -100 btime -100 depth 3",
                                                     "go movetime 0 depth 2",    "go depth 0",
                                                     "go depth 999 movetime 15", "go nodes 0 movetime 10"};
        return pick(odd);
    }

    void go_command(const std::string& cmd) {
        // Starting a search ends the one running (with its bestmove).
        release_all();
        Go g;
        g.command = cmd;
        g.pos = model;
        const auto w = vireo_test::split_words(cmd);
        g.infinite = std::find(w.begin(), w.end(), "infinite") != w.end();
        g.ponder = std::find(w.begin(), w.end(), "ponder") != w.end();
        const auto sm = std::find(w.begin(), w.end(), "searchmoves");
        if (sm != w.end())
            for (auto it = sm + 1; it != w.end(); ++it)
                if (const Move m = model.parse_move(*it)) g.searchMoves.push_back(model.to_uci(m));
        g.due = g.infinite || g.ponder ? Clock::time_point::max() : Clock::now() + std::chrono::milliseconds(FINITE_MS);
        pending.push_back(g);
        ++gos;
        send(cmd);
    }

    void setoption_command() {
        const int r = int(rng() % 100);
        std::string name, value;
        if (r < 14) name = "Hash", value = chance(5) ? "1000000" : std::to_string(between(1, chance(10) ? 64 : 32));
        else if (r < 30) name = "Threads", value = std::to_string(between(1, 4));
        else if (r < 42) name = "MultiPV", value = std::to_string(between(1, 5));
        else if (r < 50) name = "Clear Hash";
        else if (r < 62) name = "UCI_Chess960", value = chance(50) ? "true" : "false";
        else if (r < 68) name = "Ponder", value = chance(50) ? "true" : "false";
        else if (r < 74) name = "Move Overhead", value = std::to_string(between(0, 50));
        else if (r < 77) name = "UCI_ShowWDL", value = chance(50) ? "TRUE" : "false";
        else if (r < 79) name = "UCI_LimitStrength", value = chance(50) ? "true" : "false";
        else if (r < 80) name = "UCI_Elo", value = std::to_string(between(1200, 2700));
        else if (r < 85) name = "SyzygyPath", value = pick(syzygyPaths);
        else {
            static const std::vector<std::string> bogus = {"setoption",
                                                           "setoption name",
                                                           "setoption name Hash",
                                                           "setoption name Hash value",
                                                           "setoption name Hash value -1",
                                                           "setoption name Hash value lots",
                                                           "setoption name Threads value 0",
                                                           "setoption name Threads value 99999999999999999999",
                                                           "setoption name MultiPV value 1000",
                                                           "setoption name UCI_Chess960 value maybe",
                                                           "setoption name No Such Option value 3",
                                                           "setoption value 3 name Hash",
                                                           "setoption name threads value 2",
                                                           "setoption name clear hash",
                                                           "setoption name Ponder"};
            send(pick(bogus));
            return;
        }
        std::string cmd = "setoption name " + name;
        if (!value.empty()) cmd += " value " + value;
        send(cmd);
        if (name == "UCI_Chess960") chess960 = value == "true";
    }

    std::mt19937_64 rng;
    const std::uint64_t seed;
    const int rounds;
    const int oracleEvery;
    const int readyMs;  // isready -> readyok
    int round = 0;
    int uciOks = 0;
    std::unique_ptr<EngineProcess> engine;
    std::unique_ptr<Oracle> oracle;
    std::vector<std::string> standardFens, fischerFens;
    // SyzygyPath values: the test tables, none, a missing folder, both; set at random moments (in a
    // search too, when the engine defers them). The endgames are in the tables (3 and 4 pieces) or
    // one capture away from them (5 pieces), so that searches probe them.
    const std::string tables = std::string(VIREO_TEST_DATA) + "/syzygy";
    const std::vector<std::string> syzygyPaths = {tables, "<empty>", "/no/such/vireo-tables",
                                                  tables + ":/no/such/vireo-tables", ""};
    const std::vector<std::string> endgameFens = {
        "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1",    "K5r1/3Q4/8/8/8/8/7k/8 w - - 0 1",   "8/8/8/8/8/r7/k7/2K4R b - - 0 1",
        "6k1/r7/8/3n4/3Q4/8/8/1K6 w - - 0 1", "6Rk/8/8/8/8/2K5/6r1/1Q6 b - - 0 1", "8/8/8/3k4/8/8/3p4/KQ5r w - - 0 1",
        "8/1rk2K2/8/8/8/5Q2/8/8 w - - 80 1"};
    Position model;
    bool chess960 = false;
    std::deque<Go> pending;
    std::deque<std::string> history, recentOutput;
    std::string lastFen;
    std::vector<std::uint64_t> perftTotals;
};

}  // namespace

TEST_CASE("uci stress: random command sequences at random moments keep the engine answering and legal" *
          doctest::test_suite("threads")) {
    auto setting = [](const char* name, std::uint64_t fallback, std::uint64_t min, std::uint64_t max) {
        std::string error;
        const auto v = env_number(name, fallback, min, max, error);
        REQUIRE_MESSAGE(v, error);
        return *v;
    };
    const std::uint64_t seed = setting("VIREO_STRESS_SEED", 20240917, 0, UINT64_MAX);
    // At least one round: with none, the test would pass having tried nothing.
    const int rounds = int(setting("VIREO_STRESS_ROUNDS", 1500, 1, 10000000));
    const int oracleEvery = int(setting("VIREO_STRESS_ORACLE", 4, 0, 1000000));
    const int readyMs = int(vireo_test::scaled_ms(std::int64_t(setting("VIREO_STRESS_READY_MS", 2000, 1, 600000))));
    if (oracleEvery > 0)
        REQUIRE_MESSAGE(access(STOCKFISH_PATH.c_str(), X_OK) == 0,
                        "Stockfish is missing at " << STOCKFISH_PATH
                                                   << " (Debian package 'stockfish', a test dependency); "
                                                      "VIREO_STRESS_ORACLE=0 runs without it");
    MESSAGE("uci stress: seed " << seed << ", " << rounds
                                << " rounds (VIREO_STRESS_SEED / VIREO_STRESS_ROUNDS to change), engine "
                                << ENGINE.path);
    const auto t0 = Clock::now();
    StressRun run(seed, rounds, oracleEvery, readyMs);
    run.run();
    MESSAGE("uci stress: " << run.commands << " commands to " << run.processes << " processes, " << run.gos
                           << " searches, " << run.bestmoves << " bestmoves (" << run.oracleChecks
                           << " checked by Stockfish), " << run.pvMoves << " pv moves, " << run.readies
                           << " readyok (slowest after " << run.slowestReadyMs << " ms), " << run.tbHitLines
                           << " info lines with tbhits, " << ms_since(t0) << " ms");
    CHECK(run.rounds_done() == rounds);
    CHECK(run.bestmoves == run.gos);
    // SyzygyPath was set and the endgames probed (a few hundred rounds are enough to be sure of it).
    if (rounds >= 300) CHECK_MESSAGE(run.tbHitLines > 0, "no search reported tbhits");
}
