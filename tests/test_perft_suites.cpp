// Every position of every perft suite, at every listed depth up to a node budget that keeps CI
// short (scripts/perft-suites runs them all at full depth).
#include <doctest/doctest.h>

#include "movegen/perft.h"
#include "suite_data.h"

using namespace vireo;

namespace {

constexpr std::uint64_t CI_BUDGET = 5'000'000;  // largest leaf count checked per position and depth

void check_suite(const std::string& name) {
    const auto cases = load_perft_suite(name);
    REQUIRE_MESSAGE(!cases.empty(), "missing suite " << name);
    int checked = 0;
    for (const auto& c : cases) {
        Position pos;
        const auto err = pos.set(c.fen, is_chess960_suite(name));
        REQUIRE_MESSAGE(!err, c.fen << ": " << err.value_or(""));
        for (const auto& [depth, expected] : c.counts) {
            if (expected > CI_BUDGET) continue;
            CHECK_MESSAGE(perft(pos, depth) == expected, c.fen << " depth " << depth);
            ++checked;
        }
    }
    MESSAGE(name << ": " << checked << " counts checked");
    CHECK(checked >= int(cases.size()));  // at least one depth of every position
}

}  // namespace

TEST_CASE("perft suite standard.epd") { check_suite("standard.epd"); }
TEST_CASE("perft suite cpw.epd") { check_suite("cpw.epd"); }
TEST_CASE("perft suite special.epd") { check_suite("special.epd"); }
TEST_CASE("perft suite fischer.epd (Chess960, Shredder-FEN)") { check_suite("fischer.epd"); }
TEST_CASE("perft suite fischer_xfen.epd (Chess960, X-FEN)") { check_suite("fischer_xfen.epd"); }

TEST_CASE("threads and hash give the same counts as the plain perft") {
    for (const char* fen : {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
                            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8"}) {
        Position pos;
        REQUIRE_FALSE(pos.set(fen));
        const int depth = 4;
        std::uint64_t plain = 0, threaded = 0;
        for (const auto& [m, n] : perft_divide(pos, depth)) plain += n;
        PerftSettings settings;
        settings.threads = 2;
        settings.hashMB = 16;
        const auto divide = perft_divide(pos, depth, settings);
        for (const auto& [m, n] : divide) threaded += n;
        CHECK(plain == perft(pos, depth));
        CHECK(threaded == plain);
        CHECK(int(divide.size()) == pos.legal_moves().size());
    }
}
