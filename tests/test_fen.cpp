// FEN in and out: every rejection reason, the position left untouched, and the round trip of
// every suite position.
#include <doctest/doctest.h>

#include <sstream>

#include "movegen/position.h"
#include "suite_data.h"

using namespace vireo;

namespace {

// Expects `fen` to be rejected with a message containing `reason`, leaving `pos` as it was.
void rejected(const std::string& fen, const std::string& reason, bool chess960 = false) {
    Position pos;
    REQUIRE_FALSE(pos.set("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 3 20"));
    const std::string before = pos.fen();
    const Key key = pos.key();
    const auto err = pos.set(fen, chess960);
    REQUIRE_MESSAGE(err.has_value(), "accepted: " << fen);
    CHECK_MESSAGE(err->find(reason) != std::string::npos, fen << " -> " << *err);
    CHECK(pos.fen() == before);
    CHECK(pos.key() == key);
}

std::vector<std::string> fields(const std::string& s) {
    std::istringstream is(s);
    std::vector<std::string> f;
    for (std::string x; is >> x;) f.push_back(x);
    return f;
}

}  // namespace

TEST_CASE("malformed or impossible FENs are rejected with the reason") {
    rejected("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq", "fields");
    rejected("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra", "fields");
    rejected("", "fields");
    rejected("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1", "bad piece letter 'X'");
    rejected("rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "bad piece letter '9'");

    rejected("rnbqkbnrr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "more than 8 squares");
    rejected("rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "7 squares");
    rejected("rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "7 ranks");
    rejected("rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "more than 8 ranks");
    rejected("rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1", "black must have exactly one king");
    rejected("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w kq - 0 1", "white must have exactly one king");
    rejected("rnbqkbnr/pppppppp/8/8/8/4k3/PPPPPPPP/RNBQKBNR w KQ - 0 1", "black must have exactly one king");
    rejected("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNP w Qkq - 0 1", "first or last rank");
    rejected("rnbqkbnP/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQq - 0 1", "first or last rank");
    rejected("4k3/8/8/8/8/8/8/4K2R x - - 0 1", "side to move");
    rejected("4k3/4R3/8/8/8/8/8/4K3 w - - 0 1", "not to move (black) is in check");
    rejected("4k3/8/8/8/8/8/8/r3K3 b - - 0 1", "not to move (white) is in check");
    rejected("4k3/8/8/8/8/8/4K3/7R w K - 0 1", "king is not on its first rank");
    rejected("4k3/8/8/8/8/8/8/4K3 w K - 0 1", "no rook in place");
    rejected("4k3/8/8/8/8/8/8/4KR2 w Q - 0 1", "no rook in place");
    rejected("r3k3/8/8/8/8/8/8/4K3 w k - 0 1", "no rook in place");
    rejected("4k3/8/8/8/8/8/8/3K3R w K - 0 1", "e-file");
    rejected("4k3/8/8/8/8/8/8/4K2R w KK - 0 1", "given twice");
    rejected("4k3/8/8/8/8/8/8/4K2R w Kx - 0 1", "bad castling letter");
    rejected("4k3/8/8/8/8/8/8/4K2R w G - 0 1", "no rook in place", true);
    rejected("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e4 0 1", "cannot follow a double pawn push");
    rejected("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq d3 0 1", "cannot follow a double pawn push");
    rejected("rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1", "cannot follow a double pawn push");
    rejected("rnbqkbnr/pppp1ppp/4p3/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1", "cannot follow a double pawn push");
    rejected("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e9 0 1", "bad en-passant square");
    rejected("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1", "halfmove clock");
    rejected("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1", "halfmove clock");
    rejected("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 one", "move number");
    rejected("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1.5", "move number");
}

TEST_CASE("valid variants are accepted") {
    Position pos;
    CHECK_FALSE(pos.set("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -"));  // EPD: no counters
    CHECK(pos.fen() == std::string(START_FEN));
    CHECK_FALSE(pos.set("  rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR   w  KQkq - 0 1  "));
    // Shredder-FEN and X-FEN name the same rights in Chess960.
    Position shredder, xfen;
    CHECK_FALSE(shredder.set("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", true));
    CHECK_FALSE(xfen.set("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9", true));
    CHECK(shredder.key() == xfen.key());
    // The f-rook is the only, so outermost, rook on the queen's side: X-FEN writes it Q.
    CHECK(xfen.fen() == "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9");
    // An en-passant square no pawn can use is valid but not kept (it changes nothing).
    CHECK_FALSE(pos.set("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"));
    CHECK(fields(pos.fen())[3] == "-");
    CHECK_FALSE(pos.set("rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3"));
    CHECK(fields(pos.fen())[3] == "e3");
}

TEST_CASE("round trip of every suite position") {
    int count = 0;
    for (const char* suite : PERFT_SUITES) {
        for (const auto& c : load_perft_suite(suite)) {
            Position pos;
            REQUIRE_FALSE(pos.set(c.fen, is_chess960_suite(suite)));
            auto in = fields(c.fen), out = fields(pos.fen());
            REQUIRE(out.size() == 6);
            // The en-passant field survives only when a pawn of the side to move could take there.
            if (in[3] != "-" && pos.board().ep == NO_SQUARE) in[3].assign(1, '-');
            CHECK_MESSAGE(in == out, c.fen << " -> " << pos.fen());
            CHECK(pos.key() == pos.board().compute_key());
            CHECK(pos.board().pawnKey == pos.board().compute_pawn_key());
            ++count;
        }
    }
    CHECK(count == 128 + 7 + 174 + 960 + 40);
}
