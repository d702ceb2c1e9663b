// The perft suites of tests/data/perft through the UCI front end, as a GUI or a perft tool asks for
// them: `position fen ...` and `go perft N` in one conversation with the engine process, every listed
// depth whose count stays within a budget. The in-process suite tests (test_perft.cpp) check the
// generator; this checks what the program built for users answers - scripts/test-windows runs it on
// vireo.exe under Wine.
#include <doctest/doctest.h>

#include <cstdlib>
#include <string>

#include "engine_process.h"
#include "perft_suite.h"

using namespace vireo_test;

TEST_SUITE_BEGIN("threads");

TEST_CASE("go perft matches every perft suite through one UCI conversation") {
    // VIREO_UCI_PERFT_MAX_NODES sets the budget of a count (scripts/test-windows raises it,
    // scripts/test-sanitized lowers it).
    const char* budgetText = std::getenv("VIREO_UCI_PERFT_MAX_NODES");
    const std::uint64_t budget = budgetText && *budgetText ? std::strtoull(budgetText, nullptr, 10) : 200000;
    EngineProcess e(engine_under_test());
    e.send("uci");
    REQUIRE(e.wait_for("uciok", 10000));
    int checked = 0;
    std::uint64_t nodes = 0;
    for (const auto& name : perft_suite_names()) {
        const PerftSuite suite = load_perft_suite(name);
        e.send(std::string("setoption name UCI_Chess960 value ") + (suite.chess960 ? "true" : "false"));
        int checkedHere = 0;
        for (const auto& line : suite.lines) {
            e.send("position fen " + line.fen);
            for (const auto& d : line.depths) {
                if (d.nodes > budget) break;
                e.send("go perft " + std::to_string(d.depth));
                const auto total = e.wait_for("Nodes searched: ", 10000);
                REQUIRE_MESSAGE(total, name << ":" << line.lineNumber << " depth " << d.depth << ": no answer");
                CHECK_MESSAGE(*total == "Nodes searched: " + std::to_string(d.nodes),
                              name << ":" << line.lineNumber << " depth " << d.depth << ": " << line.fen);
                ++checkedHere;
                nodes += d.nodes;
            }
        }
        // Each suite has shallow counts within any budget: a suite that checked nothing is a broken run.
        CHECK_MESSAGE(checkedHere > 0, name);
        checked += checkedHere;
    }
    MESSAGE("go perft: " << checked << " counts of up to " << budget << " nodes, " << nodes << " nodes in all");
    e.send("quit");
    CHECK(e.wait_exit(5000));
    CHECK(e.exited_cleanly());
}

TEST_SUITE_END();
