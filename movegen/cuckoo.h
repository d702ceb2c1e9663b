// Cuckoo tables of reversible moves, for finding an upcoming repetition (Marcel van Kervinck's
// method, as Stockfish uses it since version 10): the key of a position differs from the key of the
// position after a reversible move by piece[pc][from] ^ piece[pc][to] ^ side. The tables hold that
// difference for every move of a knight, bishop, rook, queen or king between two squares on an
// empty board (one entry for both directions), so that one or two lookups tell whether two keys are
// one such move apart (Position::has_upcoming_repetition). Built at compile time from the Zobrist
// keys.
#pragma once

#include <array>

#include "zobrist.h"

namespace vireo {

struct CuckooTables {
    static constexpr int SIZE = 8192;
    std::array<Key, SIZE> key{};    // 0: an empty slot
    std::array<Move, SIZE> move{};  // the move (from < to) of the key in the same slot
    int count = 0;                  // moves stored

    static constexpr int h1(Key k) { return int(k & (SIZE - 1)); }
    static constexpr int h2(Key k) { return int((k >> 16) & (SIZE - 1)); }

    // The slot holding k, or -1.
    constexpr int find(Key k) const {
        if (key[h1(k)] == k) return h1(k);
        if (key[h2(k)] == k) return h2(k);
        return -1;
    }
};

namespace detail {

// Whether a piece of this type moves between squares a and b on an empty board.
constexpr bool reaches(PieceType pt, Square a, Square b) {
    const int df = file_of(a) > file_of(b) ? file_of(a) - file_of(b) : file_of(b) - file_of(a);
    const int dr = rank_of(a) > rank_of(b) ? rank_of(a) - rank_of(b) : rank_of(b) - rank_of(a);
    if (df == 0 && dr == 0) return false;
    switch (pt) {
    case KNIGHT: return (df == 1 && dr == 2) || (df == 2 && dr == 1);
    case BISHOP: return df == dr;
    case ROOK: return df == 0 || dr == 0;
    case QUEEN: return df == dr || df == 0 || dr == 0;
    case KING: return df <= 1 && dr <= 1;
    default: return false;
    }
}

constexpr CuckooTables make_cuckoo() {
    CuckooTables t{};
    for (Color c : {WHITE, BLACK})
        for (PieceType pt : {KNIGHT, BISHOP, ROOK, QUEEN, KING}) {
            const Piece pc = make_piece(c, pt);
            for (int a = 0; a < 64; ++a)
                for (int b = a + 1; b < 64; ++b) {
                    if (!reaches(pt, Square(a), Square(b))) continue;
                    Key k = ZOBRIST.piece[pc][a] ^ ZOBRIST.piece[pc][b] ^ ZOBRIST.side;
                    Move m{Square(a), Square(b)};
                    // Cuckoo insertion: take the slot, move its former entry to that entry's other slot.
                    int i = CuckooTables::h1(k);
                    for (;;) {
                        const Key oldKey = t.key[i];
                        const Move oldMove = t.move[i];
                        t.key[i] = k;
                        t.move[i] = m;
                        if (oldKey == 0) break;
                        k = oldKey;
                        m = oldMove;
                        i = i == CuckooTables::h1(k) ? CuckooTables::h2(k) : CuckooTables::h1(k);
                    }
                    ++t.count;
                }
        }
    return t;
}

}  // namespace detail

inline constexpr CuckooTables CUCKOO = detail::make_cuckoo();
// 2 colours x (knight 168 + bishop 280 + rook 448 + queen 728 + king 210) square pairs.
static_assert(CUCKOO.count == 3668);

}  // namespace vireo
