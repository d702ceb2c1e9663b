// The pawn hash table: the part of the evaluation that depends on the pawns alone, kept by the
// pawn key so that it is computed once per pawn structure rather than once per position.
//
// What is cached, for each colour: the sum of its pawns' material, piece-square values and
// structure terms (everything Evaluator::pawns() in evaluate.cpp adds: isolated, doubled,
// connected, backward, candidate passers and the like), and the bitboard of its passed pawns. All
// of these read nothing but the two colours' pawns (the backward-pawn test reads the enemy pawns'
// attacks, which are pawns too), so two positions with the same pawns give the same entry. The
// king's terms (its placement, shelter, storm, open file, distance to the pawns, pawnless flank)
// read nothing but the pawns, that king's square and its castling rights: each colour's are kept
// beside the pawn terms for the square its king stood on and the rights it held when they were last
// computed, and computed again when the king stands elsewhere or has lost a right. Everything that
// also reads the pieces (the passers' king distances, free path and rook behind) is computed again
// at every evaluation.
//
// Why it is safe: an entry is keyed by the full 64-bit Board::pawnKey and a lookup compares that
// whole key, so a slot that holds another structure (the slot is chosen by the key's low bits) is a
// miss, never a wrong answer; only two pawn structures with the same 64-bit Zobrist key could meet,
// as in the transposition table. The sums are of integers, so adding the cached sum gives exactly
// what adding the terms one by one gives: the evaluation is the same with or without a table. The
// entries hold the values of the built-in weights (WEIGHTS): only evaluate() uses a table; the
// tuner's WeightedEval and the trace always compute the terms (they need the counts).
//
// No sharing: each search thread owns its table (search/search.cpp, Worker).
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "eval/weights.h"
#include "movegen/types.h"

namespace vireo {

// What one pawn structure contributes, for white and black, in one cache line.
struct alignas(64) PawnEntry {
    static constexpr std::uint8_t NO_KING = 64;  // kingSquare of a colour whose king terms are not kept

    Key key = 0;
    bool filled = false;  // false: an empty slot (a key alone cannot say so: any value can be a key)
    std::uint8_t kingSquare[COLOR_NB] = {NO_KING, NO_KING};  // where kingScore's king stood
    std::uint8_t kingCastling[COLOR_NB]{};                   // ... and its colour's castling rights then
    S score[COLOR_NB]{};                                     // the pawns' material, placement and structure terms
    Bitboard passed[COLOR_NB]{};
    S kingScore[COLOR_NB]{};  // the king's terms with the king on kingSquare (Evaluator::king)
};
static_assert(sizeof(PawnEntry) == 64);

// Probes and hits since the table was made.
struct PawnTableStats {
    std::uint64_t probes = 0, hits = 0;
};

class PawnTable {
public:
    static constexpr std::size_t DEFAULT_ENTRIES = std::size_t(1) << 14;  // 16,384 entries of 64 bytes: 1 MB

    // `entries` is rounded down to a power of two (at least 1).
    explicit PawnTable(std::size_t entries = DEFAULT_ENTRIES) : table(floor_pow2(entries)), mask(table.size() - 1) {}

    // The entry of `key`, or nullptr when its slot is empty or holds another structure.
    // The evaluation may fill in its king terms (kingSquare, kingScore).
    PawnEntry* find(Key key) {
        ++counts.probes;
        PawnEntry& e = table[key & mask];
        if (!e.filled || e.key != key) return nullptr;
        ++counts.hits;
        return &e;
    }
    // Asks the processor to bring key's slot into its cache, ahead of find().
    void prefetch(Key key) const { __builtin_prefetch(&table[key & mask]); }
    // Writes e into its key's slot, replacing whatever was there; returns the slot.
    PawnEntry& store(const PawnEntry& e) {
        PawnEntry& slot = table[e.key & mask];
        slot = e;
        slot.filled = true;
        return slot;
    }
    // Empties every slot (the counts stay).
    void clear() { std::fill(table.begin(), table.end(), PawnEntry{}); }

    std::size_t size() const { return table.size(); }
    PawnTableStats stats() const { return counts; }

private:
    static std::size_t floor_pow2(std::size_t n) {
        std::size_t p = 1;
        while (p * 2 <= n) p *= 2;
        return p;
    }

    std::vector<PawnEntry> table;
    std::size_t mask;
    PawnTableStats counts;
};

}  // namespace vireo
