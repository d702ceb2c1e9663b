// FEN input and output.
//
// Rejections: each reason has its own test. Every bad FEN is paired with a good FEN it differs from
// by the one defect under test, so a test cannot pass because its bad FEN happens to break another
// rule. A rejected FEN must leave the position exactly as it was (FEN, key, plies played, variant).
//
// Round trip: every line of every perft suite comes back out of fen() unchanged, except that an
// en-passant square no pawn of the side to move attacks is written "-" (Board::ep is kept only when
// such a pawn exists).
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "movegen/position.h"
#include "perft_suite.h"

using namespace vireo;
using vireo_test::split_words;

namespace {

// A position with some history, so that a failed set() visibly could have clobbered something.
Position played_position() {
    Position pos;
    REQUIRE_FALSE(pos.set("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"));
    for (const char* uci : {"a2a4", "b4a3"}) {  // a double push, then en passant
        const Move m = pos.parse_move(uci);
        REQUIRE(m != Move::none());
        pos.do_move(m);
    }
    return pos;
}

// `bad` is rejected, leaving the position untouched; `good`, the same FEN without the defect, is accepted.
void check_rejected(const std::string& good, const std::string& bad, bool chess960 = false) {
    {
        Position control;
        const auto err = control.set(good, chess960);
        REQUIRE_MESSAGE(!err, "the control FEN must be valid: " << good << " -> " << err.value_or(""));
    }
    Position pos = played_position();
    const std::string fenBefore = pos.fen();
    const Key keyBefore = pos.key();
    const int pliesBefore = pos.plies_played();
    const bool variantBefore = pos.chess960();

    const auto err = pos.set(bad, chess960);
    REQUIRE_MESSAGE(err.has_value(), "accepted: \"" << bad << "\" -> " << pos.fen());
    MESSAGE("\"" << bad << "\": " << *err);
    CHECK_FALSE(err->empty());
    CHECK(pos.fen() == fenBefore);
    CHECK(pos.key() == keyBefore);
    CHECK(pos.plies_played() == pliesBefore);
    CHECK(pos.chess960() == variantBefore);
    CHECK(pos.board().key == pos.board().compute_key());
    // The history is intact too: undoing the two moves still works.
    pos.undo_move();
    pos.undo_move();
    CHECK(pos.fen() == "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
}

const std::string START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

}  // namespace

// ---- Rejections, one reason per test ----

TEST_CASE("FEN rejected: 3 fields") {
    check_rejected("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -",
                   "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq");
}

TEST_CASE("FEN rejected: 7 fields") { check_rejected(START, START + " 1"); }

TEST_CASE("FEN rejected: no fields or a single field") {
    check_rejected(START, "");
    check_rejected(START, "   ");
    check_rejected(START, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR");
}

TEST_CASE("FEN rejected: bad piece letter") {
    check_rejected(START, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1");
    check_rejected(START, "rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    check_rejected(START, "rnbqkbnr/pppppppp/8/8/8/0/PPPPPPPP/RNBQKBNR w KQkq - 0 1");  // digit 0
    check_rejected(START, "rnbqkbnr/pppppppp/8/8/9/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");  // digit 9
}

TEST_CASE("FEN rejected: rank too long") {
    check_rejected(START, "rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");   // 9 pawns
    check_rejected(START, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNRR w KQkq - 0 1");   // last rank
    check_rejected(START, "rnbqkbnr/pppppppp/8/8/8/71p/PPPPPPPP/RNBQKBNR w KQkq - 0 1");  // 7+1+1
    check_rejected("rnbqkbnr/pppppppp/8/8/8/4P3/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
                   "rnbqkbnr/pppppppp/8/8/8/4P4/PPPP1PPP/RNBQKBNR b KQkq - 0 1");  // 4+1+4
}

TEST_CASE("FEN rejected: rank too short") {
    check_rejected(START, "rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");  // 7 pawns
    check_rejected(START, "rnbqkbnr/pppppppp/8/8/7/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    check_rejected(START, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1");  // last rank
    check_rejected(START, "rnbqkbnr/pppppppp/8//8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");  // empty rank
}

TEST_CASE("FEN rejected: 7 ranks") { check_rejected(START, "rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"); }

TEST_CASE("FEN rejected: 9 ranks") {
    check_rejected(START, "rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    check_rejected(START, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/ w KQkq - 0 1");  // trailing slash
}

TEST_CASE("FEN rejected: no white king") {
    check_rejected("4k3/8/8/8/8/8/8/4K3 w - - 0 1", "4k3/8/8/8/8/8/8/4Q3 w - - 0 1");
    check_rejected("4k3/8/8/8/8/8/8/4K3 w - - 0 1", "4k3/8/8/8/8/8/8/8 w - - 0 1");
}

TEST_CASE("FEN rejected: two black kings") {
    check_rejected("4k3/8/8/8/8/8/8/4K3 w - - 0 1", "4k3/8/8/8/2k5/8/8/4K3 w - - 0 1");
    // And the mirror cases: two white kings, no black king.
    check_rejected("4k3/8/8/8/8/8/8/4K3 w - - 0 1", "4k3/8/8/8/2K5/8/8/4K3 w - - 0 1");
    check_rejected("4k3/8/8/8/8/8/8/4K3 w - - 0 1", "8/8/8/8/8/8/8/4K3 w - - 0 1");
}

TEST_CASE("FEN rejected: pawn on rank 1") {
    check_rejected("4k3/8/8/8/8/8/P7/4K3 w - - 0 1", "4k3/8/8/8/8/8/8/P3K3 w - - 0 1");
    check_rejected("4k3/8/8/8/8/8/p7/4K3 w - - 0 1", "4k3/8/8/8/8/8/8/p3K3 w - - 0 1");
}

TEST_CASE("FEN rejected: pawn on rank 8") {
    check_rejected("4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "P3k3/8/8/8/8/8/8/4K3 w - - 0 1");
    check_rejected("4k3/p7/8/8/8/8/8/4K3 w - - 0 1", "p3k3/8/8/8/8/8/8/4K3 w - - 0 1");
}

TEST_CASE("FEN rejected: the side not to move is in check") {
    // Black in check with white to move (rook), and white in check with black to move (knight, pawn).
    check_rejected("4k3/8/8/8/8/8/4R3/4K3 b - - 0 1", "4k3/8/8/8/8/8/4R3/4K3 w - - 0 1");
    check_rejected("4k3/8/8/8/8/5n2/8/4K3 w - - 0 1", "4k3/8/8/8/8/5n2/8/4K3 b - - 0 1");
    check_rejected("4k3/8/8/8/8/8/3p4/4K3 w - - 0 1", "4k3/8/8/8/8/8/3p4/4K3 b - - 0 1");
    // Two kings touching: each is in check, whoever is to move.
    Position pos;
    CHECK(pos.set("8/8/8/3kK3/8/8/8/8 w - - 0 1").has_value());
    CHECK(pos.set("8/8/8/3kK3/8/8/8/8 b - - 0 1").has_value());
}

TEST_CASE("FEN rejected: castling right without the king in place") {
    // Standard chess: the king must be on e1/e8.
    check_rejected("r3k2r/8/8/8/8/8/8/R3K2R w kq - 0 1", "r3k2r/8/8/8/8/8/8/R4K1R w KQkq - 0 1");
    check_rejected("r3k2r/8/8/8/8/8/8/R3K2R w KQ - 0 1", "r4k1r/8/8/8/8/8/8/R3K2R w KQk - 0 1");
    // Off its back rank (in Chess960 too, where any back-rank square would do).
    check_rejected("r3k2r/8/8/8/8/8/4K3/R6R w kq - 0 1", "r3k2r/8/8/8/8/8/4K3/R6R w Kkq - 0 1");
    check_rejected("r3k2r/8/8/8/8/8/4K3/R6R w kq - 0 1", "r3k2r/8/8/8/8/8/4K3/R6R w Hkq - 0 1", true);
}

TEST_CASE("FEN rejected: castling right without the rook in place") {
    check_rejected("r3k2r/8/8/8/8/8/8/R3K3 w Qkq - 0 1", "r3k2r/8/8/8/8/8/8/R3K3 w KQkq - 0 1");
    check_rejected("r3k2r/8/8/8/8/8/8/4K2R w Kkq - 0 1", "r3k2r/8/8/8/8/8/8/4K2R w KQkq - 0 1");
    check_rejected("4k2r/8/8/8/8/8/8/R3K2R w KQk - 0 1", "4k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    // A rook of the wrong colour in the corner.
    check_rejected("r3k2r/8/8/8/8/8/8/R3K2r w Qkq - 0 1", "r3k2r/8/8/8/8/8/8/R3K2r w KQkq - 0 1");
    // Standard chess: the rook must be in the corner (an inner rook is Chess960 only).
    check_rejected("r3k2r/8/8/8/8/8/8/R3K1R1 w Qkq - 0 1", "r3k2r/8/8/8/8/8/8/R3K1R1 w KQkq - 0 1");
    // Shredder-FEN naming an empty file.
    check_rejected("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
                   "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HEhf - 2 9", true);
    // X-FEN K with no rook on the king's h-side.
    check_rejected("bqnb1rk1/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQq - 2 9",
                   "bqnb1rk1/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9", true);
}

TEST_CASE("FEN rejected: bad castling field") {
    check_rejected(START, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkx - 0 1");
    check_rejected(START, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KKQkq - 0 1");  // a right twice
}

TEST_CASE("FEN rejected: en-passant square on the wrong rank") {
    // White to move after ...d7d5: the square must be on the sixth rank.
    const std::string good = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1";
    check_rejected(good, "4k3/8/8/3pP3/8/8/8/4K3 w - d3 0 1");
    check_rejected(good, "4k3/8/8/3pP3/8/8/8/4K3 w - d5 0 1");
    check_rejected(good, "4k3/8/8/3pP3/8/8/8/4K3 w - d4 0 1");
    // Black to move after d2d4: the square must be on the third rank.
    check_rejected("4k3/8/8/8/3Pp3/8/8/4K3 b - d3 0 1", "4k3/8/8/8/3Pp3/8/8/4K3 b - d6 0 1");
    // Not a square at all.
    check_rejected(good, "4k3/8/8/3pP3/8/8/8/4K3 w - d9 0 1");
    check_rejected(good, "4k3/8/8/3pP3/8/8/8/4K3 w - i6 0 1");
    check_rejected(good, "4k3/8/8/3pP3/8/8/8/4K3 w - d 0 1");
    check_rejected(good, "4k3/8/8/3pP3/8/8/8/4K3 w - d6d 0 1");
}

TEST_CASE("FEN rejected: en-passant square whose pawn square is empty") {
    // No pawn on d5 that could just have made the double push.
    check_rejected("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "4k3/8/8/4P3/8/8/8/4K3 w - d6 0 1");
    check_rejected("4k3/8/8/8/3Pp3/8/8/4K3 b - d3 0 1", "4k3/8/8/8/4p3/8/8/4K3 b - d3 0 1");
    // A pawn of the side to move there is no better, nor is another enemy piece.
    check_rejected("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "4k3/8/8/3PP3/8/8/8/4K3 w - d6 0 1");
    check_rejected("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "4k3/8/8/3nP3/8/8/8/4K3 w - d6 0 1");
}

TEST_CASE("FEN rejected: en-passant target square occupied") {
    // The skipped square d6 is occupied.
    check_rejected("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "4k3/8/3n4/3pP3/8/8/8/4K3 w - d6 0 1");
    check_rejected("4k3/8/8/8/3Pp3/8/8/4K3 b - d3 0 1", "4k3/8/8/8/3Pp3/3N4/8/4K3 b - d3 0 1");
    // The pawn's start square d7 is occupied: the pawn cannot have come from there.
    check_rejected("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "4k3/3n4/8/3pP3/8/8/8/4K3 w - d6 0 1");
}

TEST_CASE("FEN rejected: halfmove clock not a number") {
    for (const char* bad : {"x", "-1", "1.5", "1a", "+3", "--"}) {
        check_rejected(START, std::string("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - ") + bad + " 1");
    }
}

TEST_CASE("FEN rejected: fullmove number not a number") {
    for (const char* bad : {"one", "-2", "2.0", "7b", "-"}) {
        check_rejected(START, std::string("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 ") + bad);
    }
}

TEST_CASE("FEN rejected: bad side-to-move letter") {
    for (const char* bad : {"x", "W", "B", "white", "-", "wb"}) {
        check_rejected(START, std::string("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR ") + bad + " KQkq - 0 1");
    }
}

// ---- Valid edge cases ----

TEST_CASE("FEN accepted: four fields (EPD) get the counters 0 1") {
    Position pos = played_position();
    REQUIRE_FALSE(pos.set("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -"));
    CHECK(pos.fen() == START);
    CHECK(pos.plies_played() == 0);
    Position fresh;
    CHECK(pos.key() == fresh.key());
    // Black to move: ply count starts from move 1 with black.
    REQUIRE_FALSE(pos.set("4k3/8/8/8/8/8/8/4K3 b - -"));
    CHECK(pos.fen() == "4k3/8/8/8/8/8/8/4K3 b - - 0 1");
    CHECK(pos.game_ply() == 1);
    // Five fields: the halfmove clock without a move number.
    REQUIRE_FALSE(pos.set("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 7"));
    CHECK(pos.fen() == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 7 1");
}

TEST_CASE("FEN accepted: extra blanks between fields") {
    Position pos;
    REQUIRE_FALSE(pos.set("  rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR   w\tKQkq  -  0   1  "));
    CHECK(pos.fen() == START);
}

TEST_CASE("FEN accepted: X-FEN and Shredder-FEN castling in Chess960") {
    // A Chess960 array: king on g1, rooks on f1 and h1.
    const std::string board = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w ";
    Position shredder, xfen, mixed;
    REQUIRE_FALSE(shredder.set(board + "HFhf - 2 9", true));
    REQUIRE_FALSE(xfen.set(board + "KQkq - 2 9", true));
    REQUIRE_FALSE(mixed.set(board + "KFkf - 2 9", true));
    CHECK(shredder.chess960());
    CHECK(shredder.key() == xfen.key());
    CHECK(shredder.key() == mixed.key());
    // Written back in the style they came in.
    CHECK(shredder.fen() == board + "HFhf - 2 9");
    CHECK(xfen.fen() == board + "KQkq - 2 9");
    // Both name the same rooks: castling moves are king takes rook, h1 and f1.
    const MoveList moves = shredder.legal_moves();
    for (const Position* p : {&shredder, &xfen}) {
        CHECK(p->rules().rookFrom[castling_index(WHITE, true)] == H1);
        CHECK(p->rules().rookFrom[castling_index(WHITE, false)] == F1);
        CHECK(p->rules().rookFrom[castling_index(BLACK, true)] == H8);
        CHECK(p->rules().rookFrom[castling_index(BLACK, false)] == F8);
        CHECK(p->rules().kingFrom[WHITE] == G1);
        CHECK(p->rules().kingFrom[BLACK] == G8);
    }
    CHECK(moves.size() == 21);  // fischer.epd line 1, D1
}

TEST_CASE("FEN accepted: an inner castling rook in Chess960") {
    // Rooks on g1 and h1 beside a king on e1: K means h1, the g1 rook needs its file letter.
    Position pos;
    REQUIRE_FALSE(pos.set("4k3/8/8/8/8/8/8/R3K1RR w G - 0 1", true));
    CHECK(pos.rules().rookFrom[castling_index(WHITE, true)] == G1);
    CHECK(pos.fen() == "4k3/8/8/8/8/8/8/R3K1RR w G - 0 1");
    REQUIRE_FALSE(pos.set("4k3/8/8/8/8/8/8/R3K1RR w KQ - 0 1", true));
    CHECK(pos.rules().rookFrom[castling_index(WHITE, true)] == H1);
    CHECK(pos.rules().rookFrom[castling_index(WHITE, false)] == A1);
    CHECK(pos.fen() == "4k3/8/8/8/8/8/8/R3K1RR w KQ - 0 1");
    // X-FEN output: K stands for the outermost rook; once another rook lands outside it, the right
    // must be written with the castling rook's file.
    REQUIRE_FALSE(pos.set("4k3/8/8/8/8/8/7R/R3K1R1 w KQ - 0 1", true));
    CHECK(pos.rules().rookFrom[castling_index(WHITE, true)] == G1);
    pos.do_move(Move(H2, H1));
    CHECK(pos.fen() == "4k3/8/8/8/8/8/8/R3K1RR b GQ - 1 1");
}

TEST_CASE("FEN accepted: Shredder letters in standard chess name the corner rooks") {
    Position shredder, classic;
    REQUIRE_FALSE(shredder.set("r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1"));
    REQUIRE_FALSE(classic.set("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"));
    CHECK(shredder.key() == classic.key());
    CHECK(shredder.legal_moves().size() == classic.legal_moves().size());
}

TEST_CASE("FEN accepted: an en-passant square no pawn can use is dropped") {
    Position pos;
    // After 1.e4: no black pawn on d4 or f4, so nothing can take on e3.
    REQUIRE_FALSE(pos.set("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"));
    CHECK(pos.board().ep == NO_SQUARE);
    CHECK(split_words(pos.fen())[3] == "-");
    Position withoutEp;
    REQUIRE_FALSE(withoutEp.set("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"));
    CHECK(pos.key() == withoutEp.key());
    // With a black pawn on d4 the square is kept, and changes the key.
    REQUIRE_FALSE(pos.set("rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3"));
    CHECK(pos.board().ep == E3);
    CHECK(split_words(pos.fen())[3] == "e3");
    REQUIRE_FALSE(withoutEp.set("rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3"));
    CHECK(pos.key() != withoutEp.key());
    // Kept even when the capture would be illegal (the rule is "attacked by a pawn", not "legal").
    REQUIRE_FALSE(pos.set("8/8/8/K2pP2r/8/8/8/7k w - d6 0 1"));
    CHECK(pos.board().ep == D6);
    CHECK_FALSE(pos.legal_moves().contains(Move::make<Move::EN_PASSANT>(E5, D6)));
}

TEST_CASE("FEN accepted: move counters") {
    Position pos;
    REQUIRE_FALSE(pos.set("4k3/8/8/8/8/8/8/4K3 b - - 99 200"));
    CHECK(pos.fen() == "4k3/8/8/8/8/8/8/4K3 b - - 99 200");
    CHECK(pos.board().rule50 == 99);
    CHECK(pos.game_ply() == 399);
}

// ---- Round trip of every suite line ----

namespace {

// The en-passant field fen() must write for an input square: the square if a pawn of the side to
// move attacks it, else "-". Worked out from the FEN text alone, not from Board::ep.
std::string expected_ep_field(const Position& pos, const std::string& epField) {
    if (epField == "-") return epField;
    const int file = epField[0] - 'a', rank = epField[1] - '1';
    const Color us = pos.side_to_move();
    const int pawnRank = us == WHITE ? rank - 1 : rank + 1;  // where our capturing pawn would stand
    for (int df : {-1, 1}) {
        const int f = file + df;
        if (f < 0 || f > 7 || pawnRank < 0 || pawnRank > 7) continue;
        if (pos.board().piece_on(make_square(f, pawnRank)) == make_piece(us, PAWN)) return epField;
    }
    return "-";
}

void round_trip_suite(const std::string& name) {
    const auto suite = vireo_test::load_perft_suite(name);
    int lines = 0, epDropped = 0;
    for (const auto& line : suite.lines) {
        INFO(name << ":" << line.lineNumber << ": " << line.fen);
        Position pos;
        const auto err = pos.set(line.fen, suite.chess960);
        REQUIRE_MESSAGE(!err, *err);
        std::vector<std::string> expected = split_words(line.fen);
        const std::string ep = expected_ep_field(pos, expected[3]);
        if (ep != expected[3]) ++epDropped;
        expected[3] = ep;
        const std::vector<std::string> got = split_words(pos.fen());
        CHECK(got == expected);
        CHECK(pos.board().ep == (ep == "-" ? NO_SQUARE : make_square(ep[0] - 'a', ep[1] - '1')));
        CHECK(pos.key() == pos.board().compute_key());
        CHECK(pos.board().pawnKey == pos.board().compute_pawn_key());
        CHECK(pos.chess960() == suite.chess960);

        // fen() is a fixed point: reading it back gives the same FEN and key.
        Position again;
        REQUIRE_FALSE(again.set(pos.fen(), suite.chess960));
        CHECK(again.fen() == pos.fen());
        CHECK(again.key() == pos.key());
        ++lines;
    }
    MESSAGE(name << ": " << lines << " lines, " << epDropped << " en-passant fields dropped");
    CHECK(lines == int(suite.lines.size()));
}

}  // namespace

TEST_CASE("FEN round trip: cpw.epd") { round_trip_suite("cpw.epd"); }
TEST_CASE("FEN round trip: standard.epd") { round_trip_suite("standard.epd"); }
TEST_CASE("FEN round trip: special.epd") { round_trip_suite("special.epd"); }
TEST_CASE("FEN round trip: fischer.epd (Chess960)") { round_trip_suite("fischer.epd"); }
TEST_CASE("FEN round trip: fischer_xfen.epd (Chess960)") { round_trip_suite("fischer_xfen.epd"); }
