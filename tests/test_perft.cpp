// Perft: every position of every suite in tests/data/perft, at every listed depth whose count fits a
// node budget, so that all suites together stay within a few seconds of an -O3 build (the budgets
// below total about 1.3 billion leaves, plus a few deeper single-depth lines counted with two
// threads and a hash table). scripts/perft-suites runs every depth.
//
// Each suite is its own test case, so ctest lists and times them one by one.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <sstream>
#include <string>

#include "engine/engine.h"
#include "engine/uci.h"
#include "movegen/perft.h"
#include "perft_suite.h"

using namespace vireo;

namespace {

// Largest expected count run per (line, depth): the 960-line Chess960 files get the small budget.
std::uint64_t budget_for(const std::string& suite) {
    return suite == "fischer.epd" || suite == "fischer_xfen.epd" ? 2'000'000 : 20'000'000;
}

// A line none of whose depths fits the budget is still checked at its shallowest depth, with threads
// and a hash table, if that count is below this (special.epd has single-depth lines up to 868M).
constexpr std::uint64_t SHALLOWEST_CAP = 1'000'000'000;

std::uint64_t divide_total(const Position& pos, int depth, const PerftSettings& settings) {
    std::uint64_t total = 0;
    for (const auto& [move, nodes] : perft_divide(pos, depth, settings)) total += nodes;
    return total;
}

void run_suite(const std::string& name) {
    const auto suite = vireo_test::load_perft_suite(name);
    const std::uint64_t budget = budget_for(name);
    long counts = 0, skipped = 0, deep = 0;
    std::uint64_t nodes = 0;
    for (const auto& line : suite.lines) {
        INFO(name << ":" << line.lineNumber << ": " << line.fen);
        Position pos;
        const auto err = pos.set(line.fen, suite.chess960);
        REQUIRE_MESSAGE(!err, *err);
        bool any = false;
        for (const auto& d : line.depths) {
            if (d.nodes > budget) {
                ++skipped;
                continue;
            }
            INFO("depth " << d.depth);
            CHECK(perft(pos, d.depth) == d.nodes);
            nodes += d.nodes;
            ++counts;
            any = true;
        }
        if (!any) {
            const auto& d = line.depths.front();
            REQUIRE_MESSAGE(d.nodes <= SHALLOWEST_CAP, "no depth of this line fits the CI budget");
            INFO("depth " << d.depth << " (threads 2, hash 64 MB)");
            PerftSettings settings;
            settings.threads = 2;
            settings.hashMB = 64;
            CHECK(divide_total(pos, d.depth, settings) == d.nodes);
            nodes += d.nodes;
            ++counts;
            ++deep;
            --skipped;
        }
    }
    MESSAGE(name << ": " << suite.lines.size() << " positions, " << counts << " counts checked (" << deep
                 << " with threads and hash), " << skipped << " deeper counts left to scripts/perft-suites, " << nodes
                 << " leaves");
    CHECK(counts >= long(suite.lines.size()));
}

}  // namespace

TEST_CASE("perft: every line of cpw.epd, CI budget") { run_suite("cpw.epd"); }
TEST_CASE("perft: every line of standard.epd, CI budget") { run_suite("standard.epd"); }
TEST_CASE("perft: every line of special.epd, CI budget") { run_suite("special.epd"); }
TEST_CASE("perft: every line of fischer.epd (Chess960, Shredder-FEN), CI budget") { run_suite("fischer.epd"); }
TEST_CASE("perft: every line of fischer_xfen.epd (Chess960, X-FEN), CI budget") { run_suite("fischer_xfen.epd"); }

TEST_CASE("perft_divide with 2 threads and a 16 MB hash equals plain perft at depth 5") {
    struct Case {
        const char* fen;
        bool chess960;
        std::uint64_t expected;  // from the suites (0: not listed, compare with perft only)
    };
    const Case cases[] = {
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", false, 4865609},
        {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", false, 193690690},
        {"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", false, 674624},
        {"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", false, 15833292},
        {"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", false, 89941194},
        {"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", true, 8146062},
    };
    for (const Case& c : cases) {
        INFO(c.fen);
        Position pos;
        REQUIRE_FALSE(pos.set(c.fen, c.chess960));
        const std::uint64_t plain = perft(pos, 5);
        CHECK(plain == c.expected);

        const auto single = perft_divide(pos, 5);
        PerftSettings settings;
        settings.threads = 2;
        settings.hashMB = 16;
        const auto threaded = perft_divide(pos, 5, settings);

        // Same root moves in the same order as the generator, the same count for each.
        const MoveList moves = pos.legal_moves();
        REQUIRE(single.size() == std::size_t(moves.size()));
        REQUIRE(threaded.size() == single.size());
        std::uint64_t sumSingle = 0, sumThreaded = 0;
        for (std::size_t i = 0; i < single.size(); ++i) {
            CHECK(single[i].first == moves.moves[i]);
            CHECK(threaded[i].first == single[i].first);
            CHECK_MESSAGE(threaded[i].second == single[i].second, pos.to_uci(single[i].first));
            sumSingle += single[i].second;
            sumThreaded += threaded[i].second;
        }
        CHECK(sumSingle == plain);
        CHECK(sumThreaded == plain);
    }
}

// perft's depth-2 shortcut (ChildCounter in movegen/perft.cpp) counts most children incrementally;
// the self-check counts every one of them again with the full generator and compares.
TEST_CASE("perft self-check: the depth-2 shortcut agrees with the full generator on every suite line") {
    std::uint64_t shortcuts = 0, full = 0;
    for (const std::string& name : vireo_test::perft_suite_names()) {
        const auto suite = vireo_test::load_perft_suite(name);
        const std::uint64_t budget = name.rfind("fischer", 0) == 0 ? 200'000 : 3'000'000;
        for (const auto& line : suite.lines) {
            INFO(name << ":" << line.lineNumber << ": " << line.fen);
            Position pos;
            REQUIRE_FALSE(pos.set(line.fen, suite.chess960));
            // The deepest listed depth within the budget, or at least depth 2.
            int depth = 2;
            std::uint64_t expected = 0;
            for (const auto& d : line.depths)
                if (d.nodes <= budget && d.depth >= depth) depth = d.depth, expected = d.nodes;
            const PerftSelfCheck c = perft_self_check(pos, depth);
            INFO("depth " << depth);
            if (expected) CHECK(c.nodes == expected);
            CHECK(c.nodes == perft(pos, depth));
            CHECK(c.mismatches == 0);
            shortcuts += c.shortcuts;
            full += c.full;
        }
    }
    MESSAGE(shortcuts << " children counted by the shortcut and checked, " << full << " by the full generator");
    // Both ways were taken, many times: the check compared something.
    CHECK(shortcuts > 1'000'000);
    CHECK(full > 100'000);
}

TEST_CASE("perft_divide reports each root move as soon as it is counted") {
    Position pos;
    REQUIRE_FALSE(pos.set("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"));
    for (int threads : {1, 2}) {
        INFO("threads " << threads);
        std::vector<std::size_t> order;
        std::vector<std::uint64_t> reported(48, 0);
        PerftSettings settings;
        settings.threads = threads;
        settings.onRootMove = [&](std::size_t i, Move m, std::uint64_t n) {
            REQUIRE(i < reported.size());
            CHECK(m == pos.legal_moves().moves[i]);
            order.push_back(i);
            reported[i] = n;
        };
        const auto divide = perft_divide(pos, 3, settings);
        REQUIRE(divide.size() == 48);
        REQUIRE(order.size() == 48);  // each root move once
        for (std::size_t i = 0; i < divide.size(); ++i) CHECK(reported[i] == divide[i].second);
        if (threads == 1)
            for (std::size_t i = 0; i < order.size(); ++i) CHECK(order[i] == i);  // generation order
        std::sort(order.begin(), order.end());
        CHECK(std::adjacent_find(order.begin(), order.end()) == order.end());
    }
}

// The front end prints each "<move>: <count>" line when that move is counted: when the k-th root
// move is reported, the k-1 lines before it are already out and the total is not.
TEST_CASE("perft prints each root move's line as soon as it is counted") {
    struct Watcher : UCIEngine::PerftObserver {
        std::ostringstream& text;
        std::size_t calls = 0;
        bool ended = false;
        explicit Watcher(std::ostringstream& t) : text(t) {}
        void root_move(std::uint64_t, std::size_t done, const std::function<void()>& print) override {
            ++calls;
            CHECK(done == calls);
            const std::string before = text.str();
            CHECK(before.find("Nodes searched") == std::string::npos);
            CHECK(std::count(before.begin(), before.end(), '\n') == long(done - 1));
            print();
            const std::string after = text.str();
            CHECK(std::count(after.begin(), after.end(), '\n') == long(done));
        }
        void all_counted() override { ended = true; }
    };
    std::ostringstream text;
    Output out(text);
    Engine engine;
    Watcher watcher(text);
    UCIEngine::perft(engine, out, 4, 0, &watcher);
    CHECK(watcher.calls == 20);
    CHECK(watcher.ended);
    CHECK(text.str().find("Nodes searched: 197281\n") != std::string::npos);
    CHECK(text.str().rfind("a2a3: ", 0) == 0);
}

TEST_CASE("perft at depth 0 and 1, and divide at depth 1") {
    Position pos;
    CHECK(perft(pos, 0) == 1);
    CHECK(perft(pos, 1) == 20);
    const auto divide = perft_divide(pos, 1);
    CHECK(divide.size() == 20);
    for (const auto& [move, nodes] : divide) CHECK(nodes == 1);
    // A position without legal moves (stalemate): zero leaves from depth 1 on.
    REQUIRE_FALSE(pos.set("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"));
    CHECK(perft(pos, 1) == 0);
    CHECK(perft(pos, 3) == 0);
    CHECK(perft_divide(pos, 3).empty());
}

// The generator's sinks are checked by the concept MoveSink: a sink that lacks a part, or whose
// early_exit is no constant, is rejected at compile time.
namespace {
struct SinkWithoutPromotions {
    static constexpr bool early_exit = false;
    bool done() const { return false; }
    template <PieceType>
    void add(Square, Bitboard) {}
    void add_pawns(Bitboard, int) {}
    void add_move(Move) {}
};
struct SinkWithRuntimeExit : SinkWithoutPromotions {
    bool early_exit = false;
    void add_promotions(Bitboard, int) {}
};
struct SinkComplete : SinkWithoutPromotions {
    void add_promotions(Bitboard, int) {}
};
}  // namespace
static_assert(!MoveSink<SinkWithoutPromotions>);
static_assert(!MoveSink<SinkWithRuntimeExit>);
static_assert(MoveSink<SinkComplete>);
static_assert(MoveSink<MoveList> && MoveSink<MoveCounter> && MoveSink<AnyMove>);
