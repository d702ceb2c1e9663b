// Perft: the number of leaf nodes of the legal move tree, the move generator's yardstick.
#pragma once

#include <cstdint>
#include <functional>
#include <utility>
#include <vector>

#include "position.h"

namespace vireo {

// The depths that `go perft` and `vireo perft` accept (0 counts the root alone).
inline constexpr int PERFT_MIN_DEPTH = 0, PERFT_MAX_DEPTH = 20;

struct PerftSettings {
    int threads = 1;         // root moves are shared out among this many threads
    std::size_t hashMB = 0;  // 0: no hash table; otherwise subtree counts are cached by key and depth
    // Called once per root move as soon as its count is known (index into the result, the move, its
    // count): in generation order with one thread, in order of completion with several. Calls never
    // overlap; they run on the counting threads, so they should be quick.
    std::function<void(std::size_t index, Move move, std::uint64_t count)> onRootMove;
};

// Leaf count at `depth` (bulk-counted at the last ply), single thread, no hash.
std::uint64_t perft(const Board& b, const CastlingRules& cr, int depth);
inline std::uint64_t perft(const Position& pos, int depth) { return perft(pos.board(), pos.rules(), depth); }

// Counts per root move, in generation order; with threads and/or a hash table when asked.
std::vector<std::pair<Move, std::uint64_t>> perft_divide(const Position& pos, int depth,
                                                         const PerftSettings& settings = {});

// The self-check of perft's depth-2 shortcut (see perft.cpp): the same count as perft(), and for every
// child that the shortcut counts incrementally, that count compared with the full generator's.
struct PerftSelfCheck {
    std::uint64_t nodes = 0;       // the leaf count
    std::uint64_t shortcuts = 0;   // children counted by the shortcut (each one compared)
    std::uint64_t full = 0;        // children counted by the full generator
    std::uint64_t mismatches = 0;  // shortcut counts that differed from the full generator's
};
PerftSelfCheck perft_self_check(const Position& pos, int depth);

}  // namespace vireo
