// Checks the UCI tests share, written once: the isready round trip, the bestmove check, the position
// a test expects and the one the engine shows (`d`). The word splitter is vireo_test::split_words
// (test_env.h). The raw conversation is EngineProcess (engine_process.h).
#pragma once

#include <doctest/doctest.h>

#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

#include "engine_process.h"
#include "movegen/position.h"
#include "test_env.h"

namespace vireo_test {

// isready, then readyok within ms (stretched by VIREO_TEST_SLOWDOWN), or the test stops here.
inline void require_ready(EngineProcess& e, int ms = 2000, const char* who = "the engine") {
    REQUIRE_MESSAGE(e.ready(ms), who << " gave no readyok within " << ms << " ms (x" << slowdown() << ")");
}

// uci, then uciok within 2 s; returns every line the engine sent up to it, each ending in '\n'.
inline std::string handshake(EngineProcess& e) {
    e.send("uci");
    REQUIRE(e.wait_for("uciok", 2000));
    std::string all;
    for (const auto& l : e.lines) all += l + "\n";
    return all;
}

// A bestmove line: "bestmove <move>" or "bestmove <move> ponder <move>", the move legal in pos and
// written as the engine must write it, the ponder move legal after it. Returns the move.
inline vireo::Move check_bestmove(const std::string& line, const vireo::Position& pos) {
    const auto w = split_words(line);
    REQUIRE_MESSAGE(w.size() >= 2, line);
    REQUIRE_MESSAGE(w[0] == "bestmove", line);
    const vireo::Move m = pos.parse_move(w[1]);
    REQUIRE_MESSAGE(m, "illegal bestmove '" << w[1] << "' in " << pos.fen());
    CHECK(pos.to_uci(m) == w[1]);
    CHECK_MESSAGE((w.size() == 2 || w.size() == 4), "malformed bestmove line: " << line);
    if (w.size() >= 4) {
        CHECK(w[2] == "ponder");
        vireo::Position after = pos;
        after.do_move(m);
        CHECK_MESSAGE(after.parse_move(w[3]), "illegal ponder move " << w[3] << " in " << after.fen());
    }
    return m;
}

// The position of a FEN after some moves (each required legal).
inline vireo::Position position_from(const std::string& fen, const std::vector<std::string>& moves = {}) {
    vireo::Position p;
    REQUIRE_FALSE(p.set(fen));
    for (const auto& m : moves) {
        const vireo::Move mv = p.parse_move(m);
        REQUIRE_MESSAGE(mv, "illegal move " << m << " in " << p.fen());
        p.play(mv);
    }
    return p;
}

// The FEN the engine shows for its current position (the "Fen: " line of `d`).
inline std::string fen_of(EngineProcess& e, int ms = 2000) {
    e.send("d");
    const auto line = e.wait_for("Fen: ", ms);
    REQUIRE_MESSAGE(line, "no 'Fen: ' line from d within " << ms << " ms");
    return line->substr(5);
}

// The node count of the last info line in text (lines of a UCI conversation) that has one, or 0.
inline std::uint64_t last_info_nodes(const std::string& text) {
    std::uint64_t nodes = 0;
    std::istringstream lines(text);
    for (std::string l; std::getline(lines, l);) {
        const std::vector<std::string> w = split_words(l);
        for (std::size_t i = 0; i + 1 < w.size(); ++i)
            if (w[0] == "info" && w[i] == "nodes") nodes = std::stoull(w[i + 1]);
    }
    return nodes;
}

}  // namespace vireo_test
