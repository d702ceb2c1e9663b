// What a GUI shows from the info lines, checked against positions whose answer is known: the order
// of `wdl W D L` (the side to move's win first), the sign and count of `score mate`, and MultiPV's
// lines (each its own move, best first). The tokens alone are checked in test_uci.cpp; these check
// their meaning, so that W and L swapped, a mate shown as a win, or every line showing the best
// move fail. They do not depend on the WDL model's numbers, only on order and sign.
#include <doctest/doctest.h>

#include <map>
#include <string>
#include <vector>

#include "engine_process.h"
#include "uci_helpers.h"

using vireo_test::split_words;

namespace {

// An info line's fields, read from its words.
struct Info {
    int multiPV = 0;
    bool mate = false;  // score mate N (else score cp N)
    int score = 0;      // centipawns, or N of mate N
    int w = -1, d = -1, l = -1;
    std::string firstMove;
    std::string line;
};

Info read_info(const std::string& line) {
    Info info;
    info.line = line;
    const auto w = split_words(line);
    for (std::size_t i = 0; i + 1 < w.size(); ++i) {
        if (w[i] == "multipv") info.multiPV = std::stoi(w[i + 1]);
        if (w[i] == "score" && i + 2 < w.size()) {
            info.mate = w[i + 1] == "mate";
            info.score = std::stoi(w[i + 2]);
        }
        if (w[i] == "wdl" && i + 3 < w.size()) {
            info.w = std::stoi(w[i + 1]);
            info.d = std::stoi(w[i + 2]);
            info.l = std::stoi(w[i + 3]);
        }
        if (w[i] == "pv") info.firstMove = w[i + 1];
    }
    return info;
}

// Searches fen (with UCI_ShowWDL and MultiPV lines) to depth; the last info line with a pv for each
// multipv index, the search's final answer per line.
std::map<int, Info> final_lines(const std::string& fen, int depth, int multiPV = 1) {
    EngineProcess e(vireo_test::engine_under_test());
    e.send("setoption name UCI_ShowWDL value true");
    e.send("setoption name MultiPV value " + std::to_string(multiPV));
    e.send("position fen " + fen);
    e.send("go depth " + std::to_string(depth));
    REQUIRE_MESSAGE(e.wait_for("bestmove", 20000), fen);
    std::map<int, Info> last;
    for (const auto& l : e.lines) {
        if (l.rfind("info depth ", 0) != 0 || l.find(" pv ") == std::string::npos) continue;
        const Info info = read_info(l);
        last[info.multiPV] = info;
    }
    REQUIRE_MESSAGE(last.size() == std::size_t(multiPV), fen);
    return last;
}

// A score comparable across cp and mate: mates beyond any centipawn score, sooner ones further out.
int comparable(const Info& i) {
    if (!i.mate) return i.score;
    return i.score > 0 ? 100000 - i.score : -100000 - i.score;
}

void check_wdl_sums(const Info& i) {
    CHECK_MESSAGE((i.w >= 0 && i.d >= 0 && i.l >= 0 && i.w + i.d + i.l == 1000), i.line);
}

}  // namespace

TEST_CASE("wdl puts the side to move's win first: a queen up wins, a queen down loses") {
    // Black's queen removed from the start: White to move is winning, Black to move is losing.
    const Info winning = final_lines("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 8).at(1);
    CHECK_MESSAGE(winning.score > 300, winning.line);
    check_wdl_sums(winning);
    CHECK_MESSAGE(winning.w > winning.l, winning.line);
    const Info losing = final_lines("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1", 8).at(1);
    CHECK_MESSAGE(losing.score < -300, losing.line);
    check_wdl_sums(losing);
    CHECK_MESSAGE(losing.l > losing.w, losing.line);
}

TEST_CASE("a forced mate against the side to move shows score mate -N and a lost wdl") {
    struct Case {
        const char* fen;
        int movesToMate;  // the side to move is mated in this many moves
    };
    // The mates in 2 and 3 of test_uci.cpp's "mates in 1 to 3" after the mating side's first move.
    const Case cases[] = {
        {"2b1n1k1/4q2p/r5BQ/3Pp1pN/npp5/2P4P/1P4P1/5RK1 w - - 0 1 moves f1f8", 1},
        {"4Q3/p2r2pk/1n5p/8/8/5N1P/q4PP1/4R1K1 w - - 0 1 moves f3g5", 2},
        {"2q1n3/1p1bppkp/p2p2p1/3P4/P2N4/1PQ3PP/4PPB1/6K1 w - - 0 1 moves d4f5", 2},
    };
    for (const Case& c : cases) {
        const Info i = final_lines(c.fen, 2 * c.movesToMate + 4).at(1);
        CHECK_MESSAGE(i.mate, i.line);
        CHECK_MESSAGE(i.score == -c.movesToMate, std::string(c.fen) << ": " << i.line);
        check_wdl_sums(i);
        CHECK_MESSAGE(i.l > i.w, i.line);
    }
}

TEST_CASE("MultiPV 3 shows three different moves, best first, scores not rising") {
    // White's queen can take the undefended queen on d8 (and the knight on b2 after it: about +11),
    // the rook on a7 (Black keeps its queen: about even), or neither (worse still): three lines
    // hundreds of centipawns apart, Qxd8 first and Qxa7 second.
    const auto lines = final_lines("3q4/r7/8/k7/3Q4/8/1n3PPP/6K1 w - - 0 1", 8, 3);
    const Info &first = lines.at(1), &second = lines.at(2), &third = lines.at(3);
    CHECK_MESSAGE(first.firstMove == "d4d8", first.line);
    CHECK_MESSAGE(second.firstMove == "d4a7", second.line);
    CHECK_MESSAGE(third.firstMove != first.firstMove, third.line);
    CHECK_MESSAGE(third.firstMove != second.firstMove, third.line);
    CHECK_MESSAGE(comparable(first) >= comparable(second), first.line << "\n" << second.line);
    CHECK_MESSAGE(comparable(second) >= comparable(third), second.line << "\n" << third.line);
    // Clearly ordered: a queen's worth between the first two.
    CHECK_MESSAGE(comparable(first) - comparable(second) > 500, first.line << "\n" << second.line);
}
