// Invariants checked at every node of perft-like walks: incremental keys, undo, the generator's
// sinks agreeing, move text round trips, and single-move legality against the generated list.
#include <doctest/doctest.h>

#include <algorithm>
#include <set>

#include "movegen/position.h"
#include "suite_data.h"

using namespace vireo;

namespace {

bool same_board(const Board& a, const Board& b) {
    return a.byType == b.byType && a.byColor == b.byColor && a.squares == b.squares && a.key == b.key &&
           a.pawnKey == b.pawnKey && a.side == b.side && a.ep == b.ep && a.castling == b.castling &&
           a.rule50 == b.rule50;
}

struct Walker {
    std::uint64_t nodes = 0, sweeps = 0;
    int sweepEvery = 97;

    void walk(Position& pos, int depth) {
        const Board& b = pos.board();
        ++nodes;
        REQUIRE(b.key == b.compute_key());
        REQUIRE(b.pawnKey == b.compute_pawn_key());
        // Bitboards and mailbox agree.
        for (int s = 0; s < 64; ++s) {
            const Piece p = b.piece_on(Square(s));
            if (p == NO_PIECE) REQUIRE(!(b.occupied() & bb(Square(s))));
            else REQUIRE((b.pieces(color_of(p), type_of(p)) & bb(Square(s))));
        }

        const MoveList all = pos.legal_moves();
        MoveList captures, quiets;
        generate<CAPTURES>(b, pos.rules(), captures);
        generate<QUIETS>(b, pos.rules(), quiets);
        REQUIRE(count_legal(b, pos.rules()) == std::uint64_t(all.size()));
        REQUIRE(has_legal_move(b, pos.rules()) == !all.empty());
        REQUIRE(captures.size() + quiets.size() == all.size());
        std::set<std::uint16_t> seen;
        for (Move m : all) REQUIRE(seen.insert(m.raw()).second);  // no duplicates
        for (Move m : captures) REQUIRE(all.contains(m));
        for (Move m : quiets) REQUIRE(all.contains(m));
        for (Move m : captures) REQUIRE_FALSE(quiets.contains(m));

        if (nodes % sweepEvery == 0) {
            ++sweeps;
            for (int raw = 0; raw < 65536; ++raw) {
                const Move m(static_cast<std::uint16_t>(raw));
                REQUIRE_MESSAGE(is_legal(b, pos.rules(), m) == all.contains(m), pos.fen() << " move " << raw);
            }
        }
        if (depth == 0) return;

        const Board before = b;
        for (Move m : all) {
            REQUIRE(pos.parse_move(pos.to_uci(m)) == m);
            const bool check = gives_check(b, pos.rules(), m, type_of(b.piece_on(m.from())));
            pos.do_move(m);
            const Board& after = pos.board();
            // The mover's king is safe, and gives_check told the truth.
            REQUIRE_FALSE(after.attackers(after.side, after.king(~after.side), after.occupied()));
            REQUIRE(check == (after.checkers() != 0));
            walk(pos, depth - 1);
            pos.undo_move();
            REQUIRE(same_board(pos.board(), before));
        }
    }
};

}  // namespace

TEST_CASE("per-node invariants on the CPW positions") {
    Walker w;
    for (const auto& c : load_perft_suite("cpw.epd")) {
        Position pos;
        REQUIRE_FALSE(pos.set(c.fen));
        w.walk(pos, 3);
    }
    MESSAGE(w.nodes << " nodes, " << w.sweeps << " sweeps of all 65536 moves");
    CHECK(w.sweeps > 100);
}

TEST_CASE("per-node invariants on special and Chess960 positions") {
    Walker w;
    w.sweepEvery = 53;
    const auto special = load_perft_suite("special.epd");
    for (std::size_t i = 0; i < special.size(); i += 6) {
        Position pos;
        REQUIRE_FALSE(pos.set(special[i].fen));
        w.walk(pos, 2);
    }
    for (const char* suite : {"fischer.epd", "fischer_xfen.epd"}) {
        const auto cases = load_perft_suite(suite);
        for (std::size_t i = 0; i < cases.size(); i += 40) {
            Position pos;
            REQUIRE_FALSE(pos.set(cases[i].fen, true));
            w.walk(pos, 2);
        }
    }
    MESSAGE(w.nodes << " nodes, " << w.sweeps << " sweeps");
    CHECK(w.sweeps > 50);
}

TEST_CASE("null move keeps keys right and undoes exactly") {
    Position pos;
    REQUIRE_FALSE(pos.set("rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3"));
    const Board before = pos.board();
    pos.do_null_move();
    CHECK(pos.board().key == pos.board().compute_key());
    CHECK(pos.board().ep == NO_SQUARE);
    CHECK(pos.side_to_move() == WHITE);
    pos.undo_null_move();
    CHECK(same_board(pos.board(), before));
}
