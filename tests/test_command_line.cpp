// The command line a user types (`vireo perft 5`, `vireo --help`, a mistyped option), run as a
// process: what it prints, where, and its exit status. scripts/test-windows runs these on vireo.exe
// under Wine.
#include <doctest/doctest.h>

#include "run_program.h"

using namespace vireo_test;

TEST_CASE("vireo perft N prints the divide and the total, and takes a FEN") {
    Run r = run({"perft", "5"});
    CHECK(r.status == 0);
    CHECK(has(r.out, "e2e4: 405385\n"));
    CHECK(has(r.out, "\nNodes searched: 4865609\n"));
    CHECK(r.out.find('\r') == std::string::npos);  // LF alone, on Windows too
    CHECK(r.err.empty());
    r = run({"perft", "4", "--fen", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"});
    CHECK(r.status == 0);
    CHECK(has(r.out, "\nNodes searched: 4085603\n"));
    r = run({"perft", "3", "--chess960", "--fen", "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"});
    CHECK(r.status == 0);
    CHECK(has(r.out, "\nNodes searched: 12189\n"));
}

TEST_CASE("--help and --version answer on standard output with status 0") {
    Run r = run({"--help"});
    CHECK(r.status == 0);
    CHECK(r.out.rfind("Usage: vireo [command]", 0) == 0);
    CHECK(has(r.out, "perft <depth>"));
    r = run({"--version"});
    CHECK(r.status == 0);
    CHECK(r.out.rfind(std::string("Vireo ") + VIREO_VERSION + " ", 0) == 0);
    CHECK(has(r.out, "(sliders: "));
    // What the CPU check asks for (scripts/cpu-check compares it with the variant's list).
    CHECK(has(r.out, ")\nCPU extensions needed: "));
    // The licence and the absence of warranty, each on a line of its own after the first (scripts read
    // the build's variant from the first line's third word).
    CHECK(has(r.out, "\nLicence GPL-3.0-or-later <https://www.gnu.org/licenses/gpl-3.0.html>"));
    CHECK(has(r.out, "\nThere is NO WARRANTY, to the extent permitted by law.\n"));
}

TEST_CASE("a bad option or argument is named on standard error with status 2") {
    Run r = run({"--bogus"});
    CHECK(r.status == 2);
    CHECK(has(r.err, "vireo: unrecognised option '--bogus'"));
    CHECK(has(r.err, "Usage: vireo"));  // the usage follows
    CHECK(r.out.empty());
    r = run({"perft", "deep"});
    CHECK(r.status == 2);
    CHECK(has(r.err, "vireo: perft needs one depth from 0 to 20"));
    for (const char* depth : {"21", "1.5"}) {
        r = run({"perft", depth});
        CHECK(r.status == 2);
        CHECK(has(r.err, "vireo: perft needs one depth from 0 to 20"));
    }
    r = run({"perft", "3", "--fen", "not a fen"});
    CHECK(r.status == 2);
    CHECK(has(r.err, "vireo: bad FEN: "));
    r = run({"bench", "0"});
    CHECK(r.status == 2);
    CHECK(has(r.err, "vireo: bench takes an optional depth from 1 to 64"));
}
