// Upcoming repetitions found with the cuckoo tables (movegen/cuckoo.h, Position::has_upcoming_repetition):
// the tables hold every reversible move once; a repetition one move away is found, inside the search
// and before its root (where the position reached must have occurred before, as is_draw counts), and
// one that a piece blocks, or that would repeat a position only once before the root, is not; and on
// random shuffles of pieces, every move that reaches a drawn repetition is announced.
#include <doctest/doctest.h>

#include <random>
#include <string>
#include <vector>

#include "movegen/cuckoo.h"
#include "movegen/position.h"

using namespace vireo;

namespace {

Position from(const std::string& fen) {
    Position pos;
    const auto error = pos.set(fen);
    REQUIRE_MESSAGE(!error, fen);
    return pos;
}

void do_moves(Position& pos, std::initializer_list<const char*> moves) {
    for (const char* text : moves) {
        const Move m = pos.parse_move(text);
        REQUIRE_MESSAGE(m, text);
        pos.do_move(m);
    }
}

void play_moves(Position& pos, std::initializer_list<const char*> moves) {
    for (const char* text : moves) {
        const Move m = pos.parse_move(text);
        REQUIRE_MESSAGE(m, text);
        pos.play(m);
    }
}

// Whether one legal move of the side to move reaches a position that is_draw calls a draw by repetition,
// the search being searchPly plies deep (the move made at searchPly).
bool draw_in_one(Position& pos, int searchPly) {
    for (Move m : pos.legal_moves()) {
        pos.do_move(m);
        const bool draw = pos.board().rule50 < 100 && pos.is_draw(searchPly + 1);
        pos.undo_move();
        if (draw) return true;
    }
    return false;
}

}  // namespace

TEST_CASE("upcoming repetition: the cuckoo tables hold each reversible move once, under either of its keys") {
    int found = 0;
    for (Piece pc : {W_KNIGHT, W_BISHOP, W_ROOK, W_QUEEN, W_KING, B_KNIGHT, B_BISHOP, B_ROOK, B_QUEEN, B_KING})
        for (int a = 0; a < 64; ++a)
            for (int b = 0; b < 64; ++b) {
                const Key k = ZOBRIST.piece[pc][a] ^ ZOBRIST.piece[pc][b] ^ ZOBRIST.side;
                const int slot = a == b ? -1 : CUCKOO.find(k);
                if (slot < 0) continue;
                ++found;
                const Move m = CUCKOO.move[slot];
                CHECK(m.from() == Square(std::min(a, b)));
                CHECK(m.to() == Square(std::max(a, b)));
            }
    // Each of the 3668 moves found from both ends.
    CHECK(found == 2 * 3668);
    // A pawn push is no reversible move, nor a knight's move with the side key left out.
    CHECK(CUCKOO.find(ZOBRIST.piece[W_PAWN][E2] ^ ZOBRIST.piece[W_PAWN][E3] ^ ZOBRIST.side) < 0);
    CHECK(CUCKOO.find(ZOBRIST.piece[W_KNIGHT][G1] ^ ZOBRIST.piece[W_KNIGHT][F3]) < 0);
}

TEST_CASE("upcoming repetition: one move away inside the search, and not when a piece blocks the way back") {
    // 1.e4 Nf6 2.Nf3 Ng8, searched from the start: Nf3-g1 repeats the position after 1.e4.
    Position pos;
    do_moves(pos, {"e2e4", "g8f6", "g1f3", "f6g8"});
    CHECK(pos.has_upcoming_repetition(4));
    CHECK(draw_in_one(pos, 4));
    // One ply less deep, the position after 1.e4 is the root's: reaching it again is no draw yet.
    CHECK_FALSE(pos.has_upcoming_repetition(3));

    // Ng1-f3 Ng8-f6 Nf3-g1 from the start: Nf6-g8 would reach the root's position, seen once.
    Position start;
    do_moves(start, {"g1f3", "g8f6", "f3g1"});
    CHECK_FALSE(start.has_upcoming_repetition(3));
    CHECK_FALSE(draw_in_one(start, 3));

    // The rook travels a1-b1-b5-a5 while the black king walks e8-d8-d7-e7-e8: Ra5-a1 would repeat
    // the position after Ke2 ... unless the knight on a3 is in the way.
    const auto walk = {"e1e2", "e8d8", "a1b1", "d8d7", "b1b5", "d7e7", "b5a5", "e7e8"};
    Position open = from("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    do_moves(open, walk);
    CHECK(open.has_upcoming_repetition(8));
    CHECK(draw_in_one(open, 8));
    Position blocked = from("4k3/8/8/8/8/N7/8/R3K3 w - - 0 1");
    do_moves(blocked, walk);
    CHECK_FALSE(blocked.has_upcoming_repetition(8));
    CHECK_FALSE(draw_in_one(blocked, 8));

    // After a null move nothing before it counts.
    Position nulled;
    do_moves(nulled, {"e2e4", "g8f6", "g1f3"});
    nulled.do_null_move();
    CHECK_FALSE(nulled.has_upcoming_repetition(4));
}

TEST_CASE("upcoming repetition: before the root, the position reached must have occurred twice") {
    // Game moves: Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1, black to move: Nf6-g8 reaches the start position a third
    // time.
    Position twice;
    play_moves(twice, {"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"});
    CHECK(twice.has_upcoming_repetition(1));
    CHECK(draw_in_one(twice, 1));
    // Nf3 Nf6 Ng1 only: the start position would occur a second time, no draw.
    Position once;
    play_moves(once, {"g1f3", "g8f6", "f3g1"});
    CHECK_FALSE(once.has_upcoming_repetition(1));
    CHECK_FALSE(draw_in_one(once, 1));
    // A capture in between (the fifty-move counter starts again): nothing before it counts.
    Position capture = from("4k3/8/8/8/8/8/p7/R3K2N w - - 0 1");
    play_moves(capture, {"h1g3", "e8d8", "g3h1", "d8e8", "h1g3", "e8d8", "g3h1", "d8e8", "a1a2", "e8d8", "a2a1"});
    CHECK_FALSE(capture.has_upcoming_repetition(1));
    CHECK_FALSE(draw_in_one(capture, 1));
}

TEST_CASE("upcoming repetition: on random shuffles, every move to a drawn repetition is announced") {
    // Kings, rooks and knights only, quiet moves only: long reversible sequences with many repetitions.
    std::mt19937 rng(20261126);
    int positives = 0, checked = 0;
    for (int game = 0; game < 40; ++game) {
        Position pos = from("r3k1n1/8/8/8/8/8/8/1N2K2R w - - 0 1");
        const int rootAt = int(rng() % 12);  // plies played as game moves before the search's root
        for (int ply = 0; ply < 40; ++ply) {
            std::vector<Move> quiet;
            for (Move m : pos.legal_moves())
                if (m.kind() == Move::NORMAL && pos.board().piece_on(m.to()) == NO_PIECE) quiet.push_back(m);
            if (quiet.empty() || pos.board().rule50 >= 90) break;
            const Move m = quiet[rng() % quiet.size()];
            if (ply < rootAt) {
                pos.play(m);
                continue;
            }
            pos.do_move(m);
            const int searchPly = pos.stack_depth();
            const bool drawInOne = draw_in_one(pos, searchPly);
            const bool announced = pos.has_upcoming_repetition(searchPly);
            // The search may also be told when the opponent could have moved straight here (inside the
            // search): an announcement without a drawing move is allowed only there.
            if (drawInOne) CHECK(announced);
            positives += drawInOne;
            ++checked;
        }
    }
    CHECK(checked > 1000);
    CHECK(positives > 50);  // the walk finds repetitions: the check above is not vacuous
}
