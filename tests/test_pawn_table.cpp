// The pawn hash table (eval/pawn_table.h): the evaluation is exactly the same with a table as
// without (the pawn terms, and each king's terms kept beside them), and a slot that holds another
// pawn structure is never taken for this one.
#include <doctest/doctest.h>

#include <vector>

#include "eval/endgame.h"
#include "eval/evaluate.h"
#include "eval/pawn_table.h"
#include "movegen/position.h"
#include "perft_suite.h"

using namespace vireo;

namespace {

// The perft suites' positions walked a few plies, and after each ply up to `children` of the
// position's children (most keep its pawns, as in a search): many structures, each seen often.
std::vector<Board> walked_positions(int plies, int children) {
    std::vector<Board> boards;
    for (const std::string& name : vireo_test::perft_suite_names()) {
        const vireo_test::PerftSuite suite = vireo_test::load_perft_suite(name);
        for (const auto& c : suite.lines) {
            Position p;
            REQUIRE_FALSE(p.set(c.fen, suite.chess960));
            for (int ply = 0; ply < plies; ++ply) {
                boards.push_back(p.board());
                const MoveList moves = p.legal_moves();
                if (moves.empty()) break;
                for (int i = 0; i < children && i < int(moves.size()); ++i) {
                    p.do_move(moves.moves[i]);
                    boards.push_back(p.board());
                    p.undo_move();
                }
                p.do_move(moves.moves[(ply * 7 + int(boards.size())) % moves.size()]);
            }
        }
    }
    return boards;
}

}  // namespace

TEST_CASE("the pawn table: evaluate() with a warm table equals evaluate() without") {
    // One small table for all positions, so that slots are replaced as well as hit.
    PawnTable table(512);
    int evaluated = 0;
    for (const Board& b : walked_positions(6, 8)) {
        if (endgame::known_ending(b)) continue;  // scored by rule: no pawn table
        const int plain = evaluate(b);
        CHECK(evaluate(b, &table) == plain);  // a hit or a miss, depending on what came before
        CHECK(evaluate(b, &table) == plain);  // a hit
        ++evaluated;
    }
    const PawnTableStats s = table.stats();
    CHECK(evaluated > 20000);
    CHECK(s.probes == std::uint64_t(2) * evaluated);
    // Every second probe hits, and so do many first ones (a child with its parent's pawns): about
    // half of them when this was written.
    CHECK(s.hits > std::uint64_t(evaluated) + std::uint64_t(evaluated) / 4);
    // More misses (each one stored) than slots: slots were replaced.
    CHECK(s.probes - s.hits > 4 * table.size());
}

TEST_CASE("the pawn table: each king's terms are kept for the square they were computed on") {
    // The same pawns, White's king on e1 and then on f1 (one pawn key, one slot).
    Position onE1, onF1;
    REQUIRE_FALSE(onE1.set("r3k2r/ppp2ppp/2n5/8/3P4/2N5/PPP2PPP/R3K2R w - - 0 1"));
    REQUIRE_FALSE(onF1.set("r3k2r/ppp2ppp/2n5/8/3P4/2N5/PPP2PPP/R4K1R w - - 0 1"));
    REQUIRE(onE1.board().pawnKey == onF1.board().pawnKey);
    PawnTable table(16);

    CHECK(evaluate(onE1.board(), &table) == evaluate(onE1.board()));
    const PawnEntry* e = table.find(onE1.board().pawnKey);
    REQUIRE(e != nullptr);
    CHECK(e->kingSquare[WHITE] == E1);
    CHECK(e->kingSquare[BLACK] == E8);
    // The king moved: its terms are computed again for f1, the other king's are taken as kept.
    CHECK(evaluate(onF1.board(), &table) == evaluate(onF1.board()));
    CHECK(e->kingSquare[WHITE] == F1);
    CHECK(e->kingSquare[BLACK] == E8);
    CHECK(evaluate(onE1.board(), &table) == evaluate(onE1.board()));
    CHECK(e->kingSquare[WHITE] == E1);

    // A kept score is used as it stands (the table trusts the square it was stored for).
    PawnEntry* kept = table.find(onE1.board().pawnKey);
    kept->kingScore[WHITE] += S(300, 300);
    CHECK(evaluate(onE1.board(), &table) > evaluate(onE1.board()));
    CHECK(evaluate(onF1.board(), &table) == evaluate(onF1.board()));  // another square: computed again
}

TEST_CASE("the pawn table: each king's terms are kept for the castling rights they were computed with") {
    // The same pawns and kings; White may castle short in the first and not in the second, and its
    // shelter is read on g1 when it may (one pawn key, one slot).
    Position rights, none;
    REQUIRE_FALSE(rights.set("4k3/pppppppp/8/8/8/8/PPP2PPP/4K2R w K - 0 1"));
    REQUIRE_FALSE(none.set("4k3/pppppppp/8/8/8/8/PPP2PPP/4K2R w - - 0 1"));
    REQUIRE(rights.board().pawnKey == none.board().pawnKey);
    REQUIRE(evaluate(rights.board()) != evaluate(none.board()));  // the rights change the king's terms
    PawnTable table(16);
    CHECK(evaluate(rights.board(), &table) == evaluate(rights.board()));
    CHECK(evaluate(none.board(), &table) == evaluate(none.board()));  // computed again, not taken as kept
    CHECK(evaluate(rights.board(), &table) == evaluate(rights.board()));
}

TEST_CASE("the pawn table: a key collision in a tiny table is a miss, and the evaluation stays exact") {
    // Two positions with different pawns; in a one-slot table they share the slot.
    Position a, b;
    REQUIRE_FALSE(a.set("4k3/pp3ppp/8/3p4/8/8/PPP2PPP/4K3 w - - 0 1"));
    REQUIRE_FALSE(b.set("4k3/p6p/8/8/1P6/8/1PP2PP1/4K3 w - - 0 1"));
    const Key ka = a.board().pawnKey, kb = b.board().pawnKey;
    REQUIRE(ka != kb);
    PawnTable table(1);
    REQUIRE(table.size() == 1);

    // An empty table holds nothing, whatever the key (zero included).
    CHECK(table.find(ka) == nullptr);
    CHECK(table.find(0) == nullptr);

    // b's structure, stored, is found for b and not for a, though a's key leads to the same slot.
    CHECK(evaluate(b.board(), &table) == evaluate(b.board()));
    CHECK(table.find(kb) != nullptr);
    CHECK(table.find(ka) == nullptr);
    CHECK(evaluate(a.board(), &table) == evaluate(a.board()));  // replaces b's entry
    CHECK(table.find(kb) == nullptr);
    REQUIRE(table.find(ka) != nullptr);

    // An entry with absurd values under b's key is never used for a; a lookup for b would take it
    // (the table trusts the key, which is what makes it fast), so the values are only seen there.
    PawnEntry forged;
    forged.key = kb;
    forged.score[WHITE] = S(5000, 5000);
    table.store(forged);
    CHECK(evaluate(a.board(), &table) == evaluate(a.board()));
    CHECK(table.find(ka) != nullptr);  // a's evaluation replaced the forged entry with its own
    CHECK(table.find(kb) == nullptr);
    table.store(forged);
    CHECK(evaluate(b.board(), &table) != evaluate(b.board()));

    // Sizes round down to a power of two; clear() empties the slots.
    CHECK(PawnTable(1000).size() == 512);
    CHECK(PawnTable(0).size() == 1);
    table.clear();
    CHECK(table.find(kb) == nullptr);
}
