// The evaluation cache (eval/eval_cache.h): a probe gives exactly what evaluate() gives or nothing,
// never another position's evaluation; the fifty-move counter is part of the key.
#include <doctest/doctest.h>

#include <optional>
#include <random>
#include <vector>

#include "eval/eval_cache.h"
#include "eval/evaluate.h"
#include "movegen/position.h"

using namespace vireo;

namespace {

// Positions along random games: many more than the cache has slots.
std::vector<Board> game_positions(int games, int plies, unsigned seed) {
    std::vector<Board> boards;
    std::mt19937 rng(seed);
    for (int g = 0; g < games; ++g) {
        Position p;
        for (int ply = 0; ply < plies; ++ply) {
            const MoveList moves = p.legal_moves();
            if (moves.empty()) break;
            p.play(moves.moves[rng() % moves.count]);
            if (!p.in_check()) boards.push_back(p.board());
        }
    }
    return boards;
}

}  // namespace

TEST_CASE("the evaluation cache: a hit is the position's own evaluation, a replaced slot a miss") {
    EvalCache cache;
    const std::vector<Board> boards = game_positions(800, 160, 5);
    REQUIRE(boards.size() > 4 * EvalCache::ENTRIES);
    // Empty, it holds nothing.
    for (int i = 0; i < 1000; ++i) CHECK_FALSE(cache.probe(boards[i]).has_value());
    // Each position stored is found at once with its evaluation.
    for (const Board& b : boards) {
        const int v = evaluate(b);
        cache.store(b, v);
        const std::optional<int> got = cache.probe(b);
        REQUIRE(got.has_value());
        CHECK(*got == v);
    }
    // After all of them, a probe gives the exact evaluation or nothing: most early positions were
    // replaced by later ones in their slots, and never taken for them.
    std::size_t hits = 0, misses = 0;
    for (const Board& b : boards) {
        const std::optional<int> got = cache.probe(b);
        if (got) {
            ++hits;
            CHECK(*got == evaluate(b));
        } else {
            ++misses;
        }
    }
    CHECK(hits > EvalCache::ENTRIES / 2);
    CHECK(misses > boards.size() / 2);
    cache.clear();
    for (int i = 0; i < 1000; ++i) CHECK_FALSE(cache.probe(boards[i]).has_value());
}

TEST_CASE("the evaluation cache: the fifty-move counter is part of the key") {
    Position p;
    // A known win (KRK): the counter pulls the evaluation towards a draw, so it changes with it.
    REQUIRE_FALSE(p.set("8/8/8/4k3/8/8/8/R3K3 w - - 0 1"));
    Board early = p.board();
    Board late = early;
    late.rule50 = 90;
    EvalCache cache;
    cache.store(early, evaluate(early));
    CHECK(cache.probe(early).has_value());
    CHECK_FALSE(cache.probe(late).has_value());
    cache.store(late, evaluate(late));
    REQUIRE(cache.probe(late).has_value());
    CHECK(*cache.probe(late) == evaluate(late));
}
