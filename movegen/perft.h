// Perft: the number of leaf nodes of the legal move tree, the move generator's yardstick.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "position.h"

namespace vireo {

struct PerftSettings {
    int threads = 1;         // root moves are shared out among this many threads
    std::size_t hashMB = 0;  // 0: no hash table; otherwise subtree counts are cached by key and depth
};

// Leaf count at `depth` (bulk-counted at the last ply), single thread, no hash.
std::uint64_t perft(const Board& b, const CastlingRules& cr, int depth);
inline std::uint64_t perft(const Position& pos, int depth) { return perft(pos.board(), pos.rules(), depth); }

// Counts per root move, in generation order; with threads and/or a hash table when asked.
std::vector<std::pair<Move, std::uint64_t>> perft_divide(const Position& pos, int depth,
                                                         const PerftSettings& settings = {});

}  // namespace vireo
