// The evaluation cache: whole static evaluations by position, so that a position the search meets
// again (by a transposition, a re-search or a verification) is not evaluated again when the
// transposition table no longer holds its entry. Ethereal keeps one beside its table.
//
// Why it is safe: the evaluation reads the board and its fifty-move counter (the pull towards a draw)
// and nothing else, so an entry is keyed by the position's Zobrist key mixed with the counter. A slot
// is chosen by the mixed key's low bits and holds its high 48 bits beside the 16-bit evaluation; a
// lookup compares them, so a slot that holds another position is a miss, never a wrong answer (two
// positions would have to agree on 62 of 64 key bits). With or without a cache, the evaluation and so
// the search are the same: the bench's node count does not move.
//
// No sharing: each search thread owns its cache (search/worker.h), as it owns its pawn table.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "movegen/board.h"

namespace vireo {

class EvalCache {
public:
    // 16,384 entries of 8 bytes (128 KB): measured faster than 64 K or 256 K entries, which hit
    // more often but miss the processor's caches.
    static constexpr std::size_t ENTRIES = std::size_t(1) << 14;

    EvalCache() : table(ENTRIES) {}

    std::optional<int> probe(const Board& b) const {
        const std::uint64_t k = key(b);
        const std::uint64_t e = table[k & MASK];
        if (e == 0 || (e >> 16) != (k >> 16)) return std::nullopt;
        return int(std::int16_t(std::uint16_t(e)));
    }
    // Asks the processor to bring b's slot into its cache, ahead of probe().
    void prefetch(const Board& b) const { __builtin_prefetch(&table[key(b) & MASK]); }
    // The evaluation must fit 16 bits (every static evaluation does: they stay below the mate scores).
    void store(const Board& b, int eval) {
        const std::uint64_t k = key(b);
        table[k & MASK] = (k & ~std::uint64_t(0xFFFF)) | std::uint16_t(std::int16_t(eval));
    }
    void clear() { std::fill(table.begin(), table.end(), 0); }

private:
    static constexpr std::uint64_t MASK = ENTRIES - 1;
    // The position's key and its fifty-move counter; never 0 for a stored entry in practice, and an
    // entry that happened to be 0 would only be a miss.
    static std::uint64_t key(const Board& b) { return b.key ^ (std::uint64_t(b.rule50) * 0x9E3779B97F4A7C15ull); }

    std::vector<std::uint64_t> table;
};

}  // namespace vireo
