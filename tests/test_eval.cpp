// The evaluation: colour symmetry over many positions, and a few sanity checks.
#include <doctest/doctest.h>

#include <cctype>
#include <sstream>

#include "eval/evaluate.h"
#include "movegen/position.h"
#include "perft_suite.h"

using namespace vireo;

namespace {

// The same position with colours swapped and the board mirrored top to bottom.
std::string flip_fen(const std::string& fen) {
    std::istringstream is(fen);
    std::string board, side, castling, ep, half = "0", full = "1";
    is >> board >> side >> castling >> ep >> half >> full;
    std::vector<std::string> ranks;
    std::stringstream bs(board);
    for (std::string r; std::getline(bs, r, '/');) ranks.push_back(r);
    std::string flipped;
    for (auto it = ranks.rbegin(); it != ranks.rend(); ++it) {
        for (char c : *it)
            flipped += std::isalpha(static_cast<unsigned char>(c))
                           ? char(std::isupper(c) ? std::tolower(c) : std::toupper(c))
                           : c;
        if (it + 1 != ranks.rend()) flipped += '/';
    }
    std::string cr;
    for (char c : castling) cr += c == '-' ? c : char(std::isupper(c) ? std::tolower(c) : std::toupper(c));
    if (ep != "-") ep[1] = ep[1] == '3' ? '6' : '3';
    return flipped + (side == "w" ? " b " : " w ") + cr + " " + ep + " " + half + " " + full;
}

int eval_of(const std::string& fen, bool chess960 = false) {
    Position p;
    const auto err = p.set(fen, chess960);
    REQUIRE_MESSAGE(!err, fen);
    return evaluate(p.board());
}

}  // namespace

TEST_CASE("a position and its colour-flipped mirror evaluate the same for the side to move") {
    int count = 0;
    for (const std::string& name : vireo_test::perft_suite_names()) {
        const vireo_test::PerftSuite suite = vireo_test::load_perft_suite(name);
        const bool chess960 = suite.chess960;
        for (const auto& c : suite.lines) {
            // Walk a few plies into each position too, for less tidy structures.
            Position p;
            REQUIRE_FALSE(p.set(c.fen, chess960));
            for (int ply = 0; ply < 4; ++ply) {
                const std::string fen = p.fen();
                const std::string mirror = flip_fen(fen);
                CHECK_MESSAGE(eval_of(fen, chess960) == eval_of(mirror, chess960), fen << " vs " << mirror);
                ++count;
                const MoveList moves = p.legal_moves();
                if (moves.empty()) break;
                p.do_move(moves.moves[(ply * 7 + count) % moves.size()]);
            }
        }
    }
    CHECK(count > 4000);
}

TEST_CASE("evaluation sanity") {
    // The start position is nearly level (the side to move gets a tempo).
    CHECK(std::abs(eval_of(std::string(START_FEN))) < 50);
    // A queen up is a lot, from either side's point of view.
    CHECK(eval_of("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1") > 700);
    CHECK(eval_of("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1") < -700);
    // A passed pawn on the sixth is worth more than one on the third. (Not the seventh: the training
    // data leave out positions whose best move promotes, so the tuned weights see a pawn on the
    // seventh mostly where it cannot promote at once; the search sees the promotions.)
    CHECK(eval_of("4k3/8/P7/8/8/8/8/4K3 w - - 0 1") > eval_of("4k3/8/8/8/8/P7/8/4K3 w - - 0 1") + 50);
    // Doubled and isolated pawns cost something.
    CHECK(eval_of("4k3/8/8/8/8/8/PPP5/4K3 w - - 0 1") > eval_of("4k3/8/8/8/8/P7/P1P5/4K3 w - - 0 1"));
    // Material that cannot win is scaled to (nearly) nothing in the endgame: a lone knight, a rook
    // against a bishop without pawns; opposite-coloured bishops halve a pawn up.
    CHECK(std::abs(eval_of("4k3/8/8/8/8/8/8/3NK3 w - - 0 1")) < 30);
    CHECK(std::abs(eval_of("4k3/8/8/8/8/8/8/3NK3 w - - 0 1")) < std::abs(eval_of("4k3/8/8/8/8/8/P7/3NK3 w - - 0 1")));
    CHECK(eval_of("4kb2/8/8/8/8/8/8/3RK3 w - - 0 1") < eval_of("4k3/p7/8/8/8/8/8/3RK3 w - - 0 1"));
    // The fifty-move counter pulls the score towards a draw.
    CHECK(eval_of("4k3/8/8/8/8/8/8/3QK3 w - - 80 100") < eval_of("4k3/8/8/8/8/8/8/3QK3 w - - 0 100"));
    CHECK(eval_of("4k3/8/8/8/8/8/8/3QK3 w - - 80 100") > 0);
    // The trace names its terms and ends with the total.
    Position p;
    const std::string trace = eval_trace(p.board());
    for (const char* term : {"Material", "Placement", "Mobility", "Pawn structure", "Passed pawns", "King safety",
                             "Threats", "Pieces", "Tempo", "endgame scale", "fifty-move factor", "Final evaluation"})
        CHECK_MESSAGE(trace.find(term) != std::string::npos, term);
}

TEST_CASE("the evaluation's trace adds up to the evaluation") {
    int checked = 0;
    const vireo_test::PerftSuite suite = vireo_test::load_perft_suite("standard.epd");
    for (const auto& c : suite.lines) {
        Position p;
        REQUIRE_FALSE(p.set(c.fen));
        const std::string trace = eval_trace(p.board());
        // Each term's total column (white minus black, in pawns with two decimals) sums to the Total line.
        std::istringstream in(trace);
        double mg = 0, eg = 0, totalMg = 1e9, totalEg = 1e9, final = 1e9;
        for (std::string line; std::getline(in, line);) {
            std::vector<std::string> cols;
            std::stringstream ls(line);
            for (std::string col; std::getline(ls, col, '|');) cols.push_back(col);
            if (cols.size() == 4 && line.find("Term") == std::string::npos && line.find("MG") == std::string::npos) {
                std::istringstream t(cols[3]);
                double m, e;
                if (!(t >> m >> e)) continue;
                if (line.find("Total") != std::string::npos) totalMg = m, totalEg = e;
                else mg += m, eg += e;
            }
            if (line.rfind("Final evaluation", 0) == 0) final = std::stod(line.substr(17));
        }
        CHECK(std::abs(mg - totalMg) < 0.05);
        CHECK(std::abs(eg - totalEg) < 0.05);
        const int white = p.side_to_move() == WHITE ? evaluate(p.board()) : -evaluate(p.board());
        CHECK(final == doctest::Approx(white / 100.0));
        ++checked;
    }
    CHECK(checked > 100);
}
