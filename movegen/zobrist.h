// Zobrist keys, generated at compile time from a fixed seed (SplitMix64, movegen/random.h).
#pragma once

#include <array>

#include "random.h"
#include "types.h"

namespace vireo {

struct ZobristKeys {
    std::array<std::array<Key, 64>, PIECE_NB> piece{};  // indexed by Piece (NO_PIECE entries are zero)
    std::array<Key, 16> castling{};                     // by the whole 4-bit rights mask
    std::array<Key, 8> enPassant{};                     // by file
    Key side = 0;                                       // xored in when black is to move
    Key noPawns = 0;                                    // the pawn key of a board without pawns
};

namespace detail {
constexpr ZobristKeys make_zobrist() {
    ZobristKeys z{};
    Key state = 0x56495245'4F000001ULL;  // "VIREO" and a version
    for (int p = 0; p < PIECE_NB; ++p) {
        if ((p & 7) > KING) continue;
        for (int s = 0; s < 64; ++s) z.piece[p][s] = splitmix64(state);
    }
    // Castling keys are xors of one key per right, so changing one right is one xor.
    Key single[4] = {splitmix64(state), splitmix64(state), splitmix64(state), splitmix64(state)};
    for (int cr = 0; cr < 16; ++cr)
        for (int i = 0; i < 4; ++i)
            if (cr & (1 << i)) z.castling[cr] ^= single[i];
    for (auto& k : z.enPassant) k = splitmix64(state);
    z.side = splitmix64(state);
    z.noPawns = splitmix64(state);
    return z;
}
}  // namespace detail

inline constexpr ZobristKeys ZOBRIST = detail::make_zobrist();

}  // namespace vireo
