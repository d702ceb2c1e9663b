// Syzygy tablebases (search/tablebase.h, the SyzygyPath options): probes against known results,
// the root ranking, bad paths and files, and UCI conversations. The expected results were read with
// Debian's `fathom` tool on the same files (tests/data/README.md): /usr/games/fathom
// --path=tests/data/syzygy "FEN".
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <set>
#include <string>
#include <vector>

#include "engine/engine.h"
#include "engine_process.h"
#include "movegen/position.h"
#include "search/search.h"
#include "search/tablebase.h"
#include "uci_helpers.h"

using namespace vireo;

namespace {

const std::string TABLES = std::string(VIREO_TEST_DATA) + "/syzygy";
constexpr const char* TABLES_LOADED = "Syzygy: 8 tables (up to 4 pieces) in ";

Position at(const std::string& fen) {
    Position p;
    REQUIRE_FALSE(p.set(fen));
    return p;
}

bool has_line(const std::vector<std::string>& lines, const std::string& part) {
    return std::any_of(lines.begin(), lines.end(),
                       [&](const std::string& l) { return l.find(part) != std::string::npos; });
}

// An engine in this process, its messages and info lines kept, its bestmove returned by search().
struct TestEngine {
    Engine engine;
    std::mutex m;
    std::vector<std::string> messages;
    std::vector<SearchReport> reports;
    Move best;

    TestEngine() {
        SearchCallbacks cb;
        cb.message = [this](const std::string& s) {
            std::lock_guard<std::mutex> lock(m);
            messages.push_back(s);
        };
        cb.info = [this](const SearchReport& r) {
            std::lock_guard<std::mutex> lock(m);
            reports.push_back(r);
        };
        cb.bestmove = [this](Move b, Move) { best = b; };
        engine.set_callbacks(std::move(cb));
        engine.set_hash(4);
    }
    std::vector<std::string> take_messages() {
        std::lock_guard<std::mutex> lock(m);
        return std::exchange(messages, {});
    }
    std::string search(const std::string& fen, SearchLimits limits) {
        reports.clear();
        const Position p = at(fen);
        engine.set_position(p);
        engine.go(limits);
        engine.wait();
        return p.to_uci(best);
    }
    std::string search_depth(const std::string& fen, int depth) {
        SearchLimits l;
        l.depth = depth;
        return search(fen, l);
    }
};

// A fresh folder under the temporary folder.
std::filesystem::path temp_folder(const std::string& name) {
    const auto dir = std::filesystem::temp_directory_path() / ("vireo-syzygy-" + name);
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    return dir;
}

}  // namespace

TEST_CASE("Syzygy: probes agree with fathom on the test tables") {
    Tablebases tb;
    CHECK(tb.largest() == 0);
    CHECK_FALSE(tb.probe_wdl(at("4k3/8/4K3/4P3/8/8/8/8 w - - 0 1").board()));  // nothing loaded: no answer
    const auto notes = tb.load(TABLES);
    const std::string last = notes.empty() ? std::string() : notes.back();
    REQUIRE_MESSAGE(has_line(notes, TABLES_LOADED + TABLES), last);
    CHECK(tb.count() == 8);
    CHECK(tb.largest() == 4);

    struct Case {
        const char* fen;
        int wdl, dtz;
    };
    // fathom: WDL and DTZ of each.
    for (const Case& c : {
             Case{"K5r1/3Q4/8/8/8/8/7k/8 w - - 0 1", 2, 45},   // KQvKR: a win, DTZ 45 (Ka7 and Kb7 only)
             Case{"8/1rk2K2/8/8/8/5Q2/8/8 w - - 0 1", 2, 31},  // KQvKR: a win, DTZ 31
             Case{"8/8/8/8/8/r7/k7/2K4R w - - 0 1", 0, 0},     // KRvKR: a draw
             Case{"4k3/8/4K3/4P3/8/8/8/8 w - - 0 1", 2, 3},    // KPvK: white wins
             Case{"4k3/8/4K3/4P3/8/8/8/8 b - - 0 1", -2, 4},   // KPvK: black to move loses
             Case{"8/8/8/4k3/8/4K3/4P3/8 w - - 0 1", 0, 0},    // KPvK: a draw
             Case{"8/8/8/8/8/2k5/8/KQ6 b - - 0 1", -2, 14},    // KQvK: black loses
         }) {
        CAPTURE(c.fen);
        const Position p = at(c.fen);
        const auto wdl = tb.probe_wdl(p.board());
        REQUIRE(wdl);
        CHECK(*wdl == c.wdl);
        const auto dtz = tb.probe_dtz(p.board());
        REQUIRE(dtz);
        CHECK(dtz->wdl == c.wdl);
        CHECK(dtz->dtz == c.dtz);
    }
    // Not in the loaded tables (KQvKQ), and five pieces: no answer.
    CHECK_FALSE(tb.probe_wdl(at("8/8/8/3q4/8/2k5/8/KQ6 w - - 0 1").board()));
    CHECK_FALSE(tb.probe_wdl(at("8/8/8/3r4/8/2k5/7P/KQ6 w - - 0 1").board()));
    // The WDL probe answers only at a zero fifty-move counter and without castling rights.
    CHECK_FALSE(tb.probe_wdl(at("4k3/8/4K3/4P3/8/8/8/8 w - - 3 9").board()));
}

TEST_CASE("Syzygy: a win the fifty-move counter spoils (DTZ 31 at halfmove clock 80)") {
    Tablebases tb;
    REQUIRE(has_line(tb.load(TABLES), TABLES_LOADED));
    const Position p = at("8/1rk2K2/8/8/8/5Q2/8/8 w - - 80 1");
    // fathom: CursedWin, DTZ 31; Qxb7 draws, Qb3 and Qc6 lose.
    const auto dtz = tb.probe_dtz(p.board());
    REQUIRE(dtz);
    CHECK(dtz->wdl == 1);
    CHECK(dtz->dtz == 31);
    for (bool rule50 : {true, false}) {
        CAPTURE(rule50);
        bool usedDtz = false;
        const auto ranked = tb.rank_root(p, rule50, usedDtz);
        CHECK(usedDtz);
        REQUIRE(ranked.size() == p.legal_moves().size());
        int best = -100000;
        for (const auto& r : ranked) best = std::max(best, r.score);
        if (rule50) {
            CHECK(best > 0);  // a cursed win: a little above a draw
            CHECK(best < 100);
        } else {
            CHECK(best == VALUE_TB - 1);  // a win
        }
        for (const auto& r : ranked) {
            const std::string m = p.to_uci(r.move);
            if (m == "f3b3" || m == "f3c6") CHECK(r.score < 0);
            if (m == "f3b7") CHECK(r.score == 0);
        }
    }

    // The search: with the rule, a small plus (never a tablebase win); without it, a win.
    TestEngine t;
    t.engine.set_syzygy_path(TABLES);
    for (bool rule50 : {true, false}) {
        CAPTURE(rule50);
        t.engine.settings().syzygy50MoveRule = rule50;
        const std::string best = t.search_depth(p.fen(), 6);
        CHECK(best != "f3b3");
        CHECK(best != "f3c6");
        CHECK(best != "f3b7");
        REQUIRE_FALSE(t.reports.empty());
        const int score = t.reports.back().score;
        if (rule50) CHECK((score > 0 && score < 100));
        else CHECK(score >= VALUE_TB_WIN_IN_MAX_PLY);
        CHECK(t.reports.back().tbHits > 0);
    }
}

TEST_CASE("Syzygy: once the game has gone round in a circle, only the fastest wins are kept") {
    // As Stockfish ranks them: every win within the fifty-move rule ranks the same, unless a position
    // has repeated since the last capture; then the fewer plies to the capture, the better. fathom:
    // in this KQvKR position (DTZ 31) at halfmove clock 4, 27 of the 30 moves win, and Ke6, Ke7 and
    // Qd5 win fastest (at halfmove clock 68 they alone still win).
    const std::string fen = "8/1rk2K2/8/8/8/5Q2/8/8 w - - 0 1";
    const std::set<std::string> fastest = {"f7e6", "f7e7", "f3d5"};
    // The same position at the same halfmove clock, with and without a circle behind it.
    const Position fresh = at("8/1rk2K2/8/8/8/5Q2/8/8 w - - 4 3");
    const Position circled = vireo_test::position_from(fen, {"f3e3", "b7b8", "e3f3", "b8b7"});
    REQUIRE(circled.fen() == fresh.fen());
    CHECK_FALSE(fresh.has_repeated());
    CHECK(circled.has_repeated());

    Tablebases tb;
    REQUIRE(has_line(tb.load(TABLES), TABLES_LOADED));
    auto best_ranked = [&](const Position& p) {
        bool dtz = false;
        const auto ranked = tb.rank_root(p, true, dtz);
        CHECK(dtz);
        int best = -100000;
        for (const auto& r : ranked) best = std::max(best, r.rank);
        std::set<std::string> moves;
        for (const auto& r : ranked)
            if (r.rank == best) moves.insert(p.to_uci(r.move));
        return moves;
    };
    const std::set<std::string> freshBest = best_ranked(fresh);
    CHECK(freshBest.size() == 27);
    for (const std::string& m : fastest) CHECK(freshBest.count(m));
    CHECK(best_ranked(circled) == fastest);

    // The search plays one of them.
    TestEngine t;
    t.engine.set_syzygy_path(TABLES);
    t.engine.set_position(circled);
    SearchLimits l;
    l.depth = 8;
    t.engine.go(l);
    t.engine.wait();
    CHECK(fastest.count(circled.to_uci(t.best)));
}

TEST_CASE("Syzygy: at the root only the moves that keep the result are played") {
    TestEngine t;
    const std::string kpk = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1";  // fathom: Kd2 and Kf2 win; e3, e4, Kd1, Kf1 draw
    const std::set<std::string> kpkWins = {"e1d2", "e1f2"};
    const std::string kqkr = "K5r1/3Q4/8/8/8/8/7k/8 w - - 0 1";  // fathom: Ka7 and Kb7 win; Qc8, Qd8, Qe8 lose
    const std::set<std::string> kqkrWins = {"a8a7", "a8b7"};

    t.engine.set_syzygy_path(TABLES);
    CHECK(has_line(t.take_messages(), TABLES_LOADED + TABLES));
    for (int depth : {1, 2, 3, 6, 10}) {
        CAPTURE(depth);
        CHECK(kpkWins.count(t.search_depth(kpk, depth)));
        CHECK(kqkrWins.count(t.search_depth(kqkr, depth)));
        REQUIRE_FALSE(t.reports.empty());
        CHECK(t.reports.back().score >= VALUE_TB_WIN_IN_MAX_PLY);  // the tables' verdict, or a mate found
        CHECK(t.reports.back().tbHits > 0);
    }

    // MultiPV shows the keepers only (2 of the 6 legal moves).
    t.engine.settings().multiPV = 4;
    t.search_depth(kpk, 5);
    int lines = 0;
    for (const auto& r : t.reports) lines = std::max(lines, r.multiPV);
    CHECK(lines == 2);
    t.engine.settings().multiPV = 1;

    // searchmoves among drawing moves: one of them, scored a draw.
    SearchLimits l;
    l.depth = 6;
    const Position p = at(kpk);
    l.searchMoves = {p.parse_move("e2e3"), p.parse_move("e2e4")};
    const std::string best = t.search(kpk, l);
    CHECK((best == "e2e3" || best == "e2e4"));
    REQUIRE_FALSE(t.reports.empty());
    CHECK(t.reports.back().score == 0);

    // A drawn root: a draw is shown, and a drawing move is played (KRvKR, every king move holds).
    t.search_depth("8/8/8/8/8/r7/k7/2K4R w - - 0 1", 6);
    CHECK(t.reports.back().score == 0);

    // Only the WDL table of KBNvK is here: the root falls back to WDL ranking and still wins.
    t.search_depth("8/8/8/8/8/2k5/8/KBN5 w - - 0 1", 6);
    REQUIRE_FALSE(t.reports.empty());
    CHECK(t.reports.back().score >= VALUE_TB_WIN_IN_MAX_PLY);
}

TEST_CASE("Syzygy: the tree probes where the root is not in the tables") {
    TestEngine t;
    t.engine.set_syzygy_path(TABLES);
    // Five pieces (no table): capturing the pawn leads to KQvKR, which the tree probes.
    t.search_depth("8/8/8/3k4/8/8/3p4/KQ5r w - - 0 1", 8);
    REQUIRE_FALSE(t.reports.empty());
    CHECK(t.reports.back().tbHits > 0);
    // SyzygyProbeLimit 0: no probes at all.
    t.engine.settings().syzygyProbeLimit = 0;
    t.search_depth("8/8/8/3k4/8/8/3p4/KQ5r w - - 0 1", 8);
    CHECK(t.reports.back().tbHits == 0);
    t.search_depth("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", 4);
    CHECK(t.reports.back().tbHits == 0);
}

TEST_CASE("Syzygy: the tree's probes score a capture into a won or a lost ending, with the right sign") {
    // Five pieces at the root (no table holds it: the tree probes), and a capture that leads into a
    // 4-piece ending the tables know. fathom on the position after the capture: KQvKR, a loss for the
    // side that keeps the rook (DTZ 42, 33 and 31). The search must show the tablebase band (below
    // the mates: VALUE_TB - ply) with the winner's sign and play the capture.
    struct Case {
        const char* fen;
        std::set<std::string> moves;  // the captures into the ending
        bool won;                     // for the side to move
    };
    TestEngine t;
    t.engine.set_syzygy_path(TABLES);
    for (const Case& c : {
             Case{"6k1/r7/8/3n4/3Q4/8/8/1K6 w - - 0 1", {"d4d5"}, true},  // Qxd5+: KQvKR, won
             Case{"1k6/8/8/3q4/3N4/8/R7/6K1 b - - 0 1", {"d5d4"}, true},  // the same, colours swapped
             // In check from the rook, h7 covered by the queen: Black can only capture into KQvKR,
             // lost either way (Kxg8 DTZ 33, Rxg8 DTZ 31).
             Case{"6Rk/8/8/8/8/2K5/6r1/1Q6 b - - 0 1", {"h8g8", "g2g8"}, false},
         }) {
        const std::string fen = c.fen;
        CAPTURE(fen);
        const std::string best = t.search_depth(fen, 8);
        CHECK(c.moves.count(best));
        REQUIRE_FALSE(t.reports.empty());
        const SearchReport& r = t.reports.back();
        CHECK(r.tbHits > 0);
        const int score = c.won ? r.score : -r.score;
        CHECK(score >= VALUE_TB_WIN_IN_MAX_PLY);  // the band of tablebase wins, the winner's sign
        CHECK(score < VALUE_MATE_IN_MAX_PLY);     // not a mate the search found
    }
}

TEST_CASE("Syzygy: bad paths and bad files are reported and the engine keeps working") {
    TestEngine t;
    const std::string kpk = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1";

    t.engine.set_syzygy_path("/no/such/folder");
    auto notes = t.take_messages();
    CHECK(has_line(notes, "Syzygy: no folder /no/such/folder"));
    CHECK(has_line(notes, "none loaded"));
    CHECK(t.engine.tablebases().largest() == 0);
    CHECK_FALSE(t.search_depth(kpk, 3).empty());

    const auto empty = temp_folder("empty");
    t.engine.set_syzygy_path(empty.string());
    CHECK(has_line(t.take_messages(), "Syzygy: no tables in " + empty.string()));

    // A truncated table and a file that is not a table, beside a good one.
    const auto bad = temp_folder("bad");
    std::filesystem::copy_file(TABLES + "/KPvK.rtbw", bad / "KPvK.rtbw");
    std::filesystem::copy_file(TABLES + "/KPvK.rtbz", bad / "KPvK.rtbz");
    {
        std::ifstream in(TABLES + "/KQvKR.rtbw", std::ios::binary);
        std::string data((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        std::ofstream(bad / "KQvKR.rtbw", std::ios::binary) << data.substr(0, data.size() / 2);
        std::ofstream(bad / "KRvKR.rtbw", std::ios::binary) << std::string(64 * 3 + 16, 'x');
    }
    t.engine.set_syzygy_path(bad.string());
    notes = t.take_messages();
    CHECK(has_line(notes, "KQvKR.rtbw is incomplete"));
    CHECK(has_line(notes, "KRvKR.rtbw is not a Syzygy table"));
    CHECK(has_line(notes, "Syzygy: 1 tables (up to 3 pieces) in " + bad.string()));
    CHECK(t.engine.tablebases().largest() == 3);
    // The bad tables are never probed into a result; the good one is.
    CHECK_FALSE(t.engine.tablebases().probe_wdl(at("8/8/8/8/8/r7/k7/2K4R w - - 0 1").board()));
    CHECK(t.engine.tablebases().probe_wdl(at("4k3/8/4K3/4P3/8/8/8/8 w - - 0 1").board()) == 2);
    const std::set<std::string> wins = {"e1d2", "e1f2"};
    CHECK(wins.count(t.search_depth(kpk, 4)));
    CHECK_FALSE(t.search_depth("8/8/8/8/8/r7/k7/2K4R w - - 0 1", 4).empty());

    // A path with no tables keeps what was loaded; an empty one unloads.
    t.engine.set_syzygy_path("/no/such/folder");
    CHECK(has_line(t.take_messages(), "keeping the 1 tables of " + bad.string()));
    CHECK(t.engine.tablebases().largest() == 3);
    t.engine.set_syzygy_path("");
    CHECK(has_line(t.take_messages(), "Syzygy: tables unloaded"));
    CHECK(t.engine.tablebases().largest() == 0);
    std::filesystem::remove_all(bad);
    std::filesystem::remove_all(empty);
}

TEST_CASE("Syzygy: a table file with a corrupted header is named, and no probe reads it") {
    // Right magic number and size, a corrupted header: Fathom trusts it and, at the first probe, reads
    // and writes past its buffers (seen under ASan with its sources: heap-buffer-overflow in
    // setup_pairs and calc_symLen, unbounded recursion on a cyclic symbol tree) and past the file.
    // KQvK.rtbw here, which the probes of KQvKR reach by a capture: its encoding at bytes 5-8, the
    // pairs header of White to move (one value) at 10, that of Black to move at 12.
    std::ifstream in(TABLES + "/KQvK.rtbw", std::ios::binary);
    const std::string good((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    REQUIRE(good.size() > 64);
    REQUIRE((good[10] & 0x80) != 0);
    REQUIRE((good[12] & 0x80) == 0);
    const std::size_t h = std::size_t(std::uint8_t(good[20]) - std::uint8_t(good[21]) + 1);
    struct Case {
        const char* name;
        std::size_t at;
        std::string bytes;
        const char* said;
    };
    TestEngine t;
    for (const Case& c : {Case{"piece", 6, std::string(1, '\x0f'), "bad piece code"},
                          Case{"lengths", 20, std::string(1, '\0'), "bad code lengths"},
                          Case{"symbols", 12 + 12 + 2 * h, std::string(3, '\0'), "bad symbol tree"},
                          Case{"blocks", 16, "\xf0\xff\xff\xff", "blocks past the end of the file"}}) {
        const std::string name = c.name;
        CAPTURE(name);
        const auto dir = temp_folder("corrupt-" + name);
        for (const char* f : {"KQvKR.rtbw", "KQvKR.rtbz", "KQvK.rtbz", "KRvK.rtbw", "KRvK.rtbz"})
            std::filesystem::copy_file(TABLES + "/" + f, dir / f);
        std::string bad = good;
        bad.replace(c.at, c.bytes.size(), c.bytes);
        std::ofstream(dir / "KQvK.rtbw", std::ios::binary) << bad;

        t.engine.set_syzygy_path(dir.string());
        const auto notes = t.take_messages();
        CHECK(has_line(notes, "KQvK.rtbw is corrupted (" + std::string(c.said) +
                                  "); positions that reach its table are not probed"));
        CHECK(has_line(notes, "Syzygy: 2 tables (up to 4 pieces)"));
        const Tablebases& tb = t.engine.tablebases();
        CHECK_FALSE(tb.probe_wdl(at("8/8/8/8/8/2k5/8/KQ6 b - - 0 1").board()));
        // KQvKR: a capture of the rook leads into KQvK.
        CHECK_FALSE(tb.probe_wdl(at("K5r1/3Q4/8/8/8/8/7k/8 w - - 0 1").board()));
        CHECK_FALSE(tb.probe_dtz(at("8/1rk2K2/8/8/8/5Q2/8/8 w - - 0 1").board()));
        CHECK(tb.probe_wdl(at("8/8/8/8/8/2k5/8/KR6 b - - 0 1").board()) == -2);  // KRvK does not reach it
        // Searches into the tables (the root, and a capture into them) play on without their scores.
        for (const char* fen : {"K5r1/3Q4/8/8/8/8/7k/8 w - - 0 1", "6k1/r7/8/3n4/3Q4/8/8/1K6 w - - 0 1",
                                "8/8/8/8/8/2k5/8/KQ6 w - - 0 1"}) {
            const std::string position = fen;
            CAPTURE(position);
            CHECK_FALSE(t.search_depth(position, 6).empty());
            REQUIRE_FALSE(t.reports.empty());
            CHECK(t.reports.back().score < VALUE_TB_WIN_IN_MAX_PLY);
        }
        t.engine.set_syzygy_path("");
        std::filesystem::remove_all(dir);
    }
}

TEST_SUITE_BEGIN("threads");

TEST_CASE("Syzygy over UCI: SyzygyPath in the middle of a game and during a search, Threads 2") {
    EngineProcess e(vireo_test::engine_under_test());
    const std::string all = vireo_test::handshake(e);
    for (const char* opt : {"option name SyzygyPath type string default <empty>",
                            "option name SyzygyProbeDepth type spin default 1 min 1 max 100",
                            "option name Syzygy50MoveRule type check default true",
                            "option name SyzygyProbeLimit type spin default 7 min 0 max 7"})
        CHECK_MESSAGE(all.find(opt) != std::string::npos, opt);
    e.send("setoption name Threads value 2");
    e.send("ucinewgame");
    e.send("position startpos moves e2e4 e7e5");
    e.send("go depth 4");
    REQUIRE(e.wait_for("bestmove", 10000));

    // In the middle of the game: loaded at once, and said so.
    e.send("setoption name SyzygyPath value " + TABLES);
    REQUIRE(e.wait_for("info string " + std::string(TABLES_LOADED) + TABLES, 5000));
    e.send("position fen 4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
    e.send("go depth 8");
    const auto best = e.wait_for("bestmove", 10000);
    REQUIRE(best);
    CHECK((best->rfind("bestmove e1d2", 0) == 0 || best->rfind("bestmove e1f2", 0) == 0));
    bool sawTbHits = false;
    for (const auto& l : e.lines)
        if (l.rfind("info depth", 0) == 0) {
            CHECK_MESSAGE(l.find(" tbhits ") != std::string::npos, l);
            sawTbHits |= l.find(" tbhits 0 ") == std::string::npos && l.find(" tbhits ") != std::string::npos;
        }
    CHECK(sawTbHits);

    // During a search: refused until it ends, then applied at the next go.
    e.lines.clear();
    e.send("position fen 8/8/8/3k4/8/8/3p4/KQ5r w - - 0 1");
    e.send("go infinite");
    e.send("setoption name SyzygyPath value <empty>");
    REQUIRE(e.wait_for("info string SyzygyPath takes effect after the current search", 5000));
    e.send("stop");
    REQUIRE(e.wait_for("bestmove", 5000));
    e.send("go depth 4");
    REQUIRE(e.wait_for("info string Syzygy: tables unloaded", 5000));
    REQUIRE(e.wait_for("bestmove", 10000));
    vireo_test::require_ready(e, 5000);
}

TEST_SUITE_END();
