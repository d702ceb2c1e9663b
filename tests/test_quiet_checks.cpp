// The quiet checks that quiescence tries at its first ply (movegen/checks.h): found without playing
// the moves, they are exactly the quiet moves (castling aside) that gives_check, which plays them,
// finds giving check: on every position of the perft suites not in check, and on positions along
// random games. The search's CheckSquares answers gives_check for every legal move without playing it:
// the same positions check it against gives_check.
#include <doctest/doctest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "movegen/checks.h"
#include "movegen/position.h"
#include "perft_suite.h"

using namespace vireo;

namespace {

std::vector<Move> sorted(std::vector<Move> v) {
    std::sort(v.begin(), v.end(), [](Move a, Move b) { return a.raw() < b.raw(); });
    return v;
}

// The quiet checks, both ways; returns how many there are.
int compare(const Position& pos) {
    const Board& b = pos.board();
    MoveList quiets, checks;
    generate<QUIETS>(b, pos.rules(), quiets);
    std::vector<Move> expected;
    for (Move m : quiets)
        if (m.kind() != Move::CASTLING && gives_check(b, pos.rules(), m, type_of(b.piece_on(m.from()))))
            expected.push_back(m);
    generate_quiet_checks(b, pos.rules(), checks);
    const std::vector<Move> got(checks.begin(), checks.end());
    CAPTURE(pos.fen());
    CHECK(sorted(got) == sorted(expected));
    return int(expected.size());
}

// The search's CheckSquares::gives_check against gives_check (which plays the move on a copy), on
// every legal move, captures, promotions, en passant and castling included. Counts the checks and,
// among them, the discovered ones.
void compare_all(const Position& pos, int& checks, int& discovered) {
    const Board& b = pos.board();
    const CheckSquares squares(b);
    for (Move m : pos.legal_moves()) {
        const PieceType moved = type_of(b.piece_on(m.from()));
        const bool expected = gives_check(b, pos.rules(), m, moved);
        if (squares.gives_check(b, pos.rules(), m, moved) != expected) {
            CAPTURE(pos.fen());
            CAPTURE(pos.to_uci(m));
            CHECK(false);
        }
        checks += expected;
        discovered += expected && (squares.discoverers & bb(m.from()));
    }
}

// Calls visit on every position of the perft suites, then on the positions along 200 random games
// of up to 120 plies (seeded); returns how many positions it visited.
template <typename Visit>
int for_each_position(unsigned seed, Visit visit) {
    int positions = 0;
    for (const std::string& name : vireo_test::perft_suite_names()) {
        const vireo_test::PerftSuite suite = vireo_test::load_perft_suite(name);
        for (const vireo_test::PerftLine& line : suite.lines) {
            Position pos;
            REQUIRE(!pos.set(line.fen, suite.chess960));
            visit(pos);
            ++positions;
        }
    }
    std::mt19937 rng(seed);
    for (int game = 0; game < 200; ++game) {
        Position pos;
        for (int ply = 0; ply < 120; ++ply) {
            const MoveList moves = pos.legal_moves();
            if (moves.empty()) break;
            visit(pos);
            ++positions;
            pos.play(moves.moves[rng() % moves.count]);
        }
    }
    return positions;
}

}  // namespace

TEST_CASE("quiet checks: exactly the quiet moves that give check, on the perft suites and random games") {
    int positions = 0, checks = 0;
    for_each_position(7, [&](const Position& pos) {
        if (pos.in_check()) return;
        checks += compare(pos);
        ++positions;
    });
    CHECK(positions > 10000);
    CHECK(checks > 5000);  // discovered and direct checks of every piece: not a vacuous comparison
}

TEST_CASE("CheckSquares::gives_check: the same answer as playing the move, for every legal move") {
    int checks = 0, discovered = 0;
    const int positions = for_each_position(11, [&](const Position& pos) { compare_all(pos, checks, discovered); });
    CHECK(positions > 10000);
    CHECK(checks > 10000);
    CHECK(discovered > 100);  // the discovered checks are exercised, not only the direct ones
}
