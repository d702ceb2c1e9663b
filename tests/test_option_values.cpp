// Values a GUI or a careless user may send that the engine cannot use as they are - a tablebase
// folder that is missing, a log file that cannot be written, a search depth or node count past any
// use - each answered with an info string, after which the engine keeps working. The UCI fuzzer
// (tests/fuzz/harness_uci.cpp) sends the same at random.
#include <doctest/doctest.h>

#include <filesystem>
#include <string>

#include "engine_process.h"
#include "run_program.h"
#include "uci_helpers.h"

using vireo_test::check_bestmove;
using vireo_test::has;
using vireo_test::position_from;

namespace {

const std::string KQK = "8/8/8/4k3/8/8/2KQ4/8 w - - 0 1";

// Sends `command`; the first info string it draws (within 5 s), or the test stops.
std::string info_string_after(EngineProcess& e, const std::string& command) {
    e.send(command);
    const auto line = e.wait_for("info string ", 5000);
    REQUIRE_MESSAGE(line, "no info string after '" << command << "'");
    return *line;
}

// A search of pos: a legal bestmove within 10 s.
void searches(EngineProcess& e, const std::string& fen, const std::string& go = "go depth 4") {
    e.send("position fen " + fen);
    e.send(go);
    const auto best = e.wait_for("bestmove", 10000);
    REQUIRE_MESSAGE(best, "no bestmove after '" << go << "'");
    check_bestmove(*best, position_from(fen));
}

}  // namespace

TEST_CASE("SyzygyPath: the tables, a missing folder and <empty> are each answered, and searches go on") {
    EngineProcess e(vireo_test::engine_under_test());
    const std::string tables = std::string(VIREO_TEST_DATA) + "/syzygy";
    std::string l = info_string_after(e, "setoption name SyzygyPath value " + tables);
    CHECK_MESSAGE(has(l, "tables (up to 4 pieces)"), l);
    searches(e, KQK);
    l = info_string_after(e, "setoption name SyzygyPath value " + tables + "/no-such-folder");
    CHECK_MESSAGE(has(l, "no folder"), l);
    searches(e, KQK);
    l = info_string_after(e, "setoption name SyzygyPath value <empty>");
    CHECK_MESSAGE(has(l, "unloaded"), l);
    searches(e, KQK);
    vireo_test::require_ready(e);
}

TEST_CASE("Debug Log File at a path that cannot be written: an info string, no file, the engine goes on") {
    EngineProcess e(vireo_test::engine_under_test());
    // Below a file, not a folder: no process, root included, can create it.
    const std::string path = "/dev/null/vireo-test.log";
    const std::string l = info_string_after(e, "setoption name Debug Log File value " + path);
    CHECK_MESSAGE(has(l, "cannot open log file"), l);
    searches(e, KQK);
    CHECK_FALSE(std::filesystem::exists(path));
    vireo_test::require_ready(e);
}

TEST_CASE("go with a depth or node count past any use: an info string where it is changed, a bestmove soon") {
    EngineProcess e(vireo_test::engine_under_test());
    e.send("position fen " + KQK);
    // Past the deepest iteration: searched to it, stopped by the node limit.
    CHECK(has(info_string_after(e, "go depth 1000000 nodes 20000"), "go: depth 1000000 is outside 1.."));
    auto best = e.wait_for("bestmove", 10000);
    REQUIRE(best);
    check_bestmove(*best, position_from(KQK));
    // Past 64 bits: the limit is ignored, the depth limit stops it.
    CHECK(has(info_string_after(e, "go nodes 99999999999999999999999 depth 3"), "'nodes' needs a number"));
    best = e.wait_for("bestmove", 10000);
    REQUIRE(best);
    check_bestmove(*best, position_from(KQK));
    // The largest of each, stopped at once: a bestmove within a second.
    e.send("go depth " + std::to_string(vireo::MAX_PLY) + " nodes 9223372036854775807");
    e.send("stop");
    best = e.wait_for("bestmove", 1000);
    REQUIRE(best);
    check_bestmove(*best, position_from(KQK));
    vireo_test::require_ready(e);
}
