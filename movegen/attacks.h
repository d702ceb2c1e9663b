// Attack sets of every piece: one entry point, attacks<PieceType>(square, occupancy).
//
// Sliders use one of two backends, both always compiled (so both are tested):
//   PextSliders  - index = pext(occupancy, relevant mask); needs BMI2 to be fast
//                  (a software pext keeps it correct elsewhere).
//   MagicSliders - index = ((occupancy & mask) * magic) >> shift, magics found at start-up
//                  by our own deterministic search.
// The backend the engine uses is chosen at build time (VIREO_USE_PEXT).
#pragma once

#include <cstdint>
#include <vector>

#include "bitboard.h"

#if defined(__BMI2__)
#include <immintrin.h>
#endif

namespace vireo {

// Parallel bit extract: the bits of `src` selected by `mask`, packed to the low end.
inline std::uint64_t pext(std::uint64_t src, std::uint64_t mask) {
#if defined(__BMI2__)
    return _pext_u64(src, mask);
#else
    std::uint64_t result = 0;
    for (std::uint64_t bit = 1; mask; bit <<= 1, mask &= mask - 1)
        if (src & mask & -mask) result |= bit;
    return result;
#endif
}

struct SliderSquare {
    const Bitboard* attacks = nullptr;  // this square's part of the shared table
    Bitboard mask = 0;                  // relevant occupancy: the rays without their last square
    Bitboard magic = 0;                 // magic backend only
    std::uint32_t shift = 0;            // magic backend only: 64 - popcount(mask)
};

// Lookup tables for bishop and rook attacks, indexed by the policy `Index`.
template <class Index>
class SliderTables {
public:
    SliderTables();
    Bitboard bishop(Square s, Bitboard occ) const { return bishops[s].attacks[Index::index(bishops[s], occ)]; }
    Bitboard rook(Square s, Bitboard occ) const { return rooks[s].attacks[Index::index(rooks[s], occ)]; }

private:
    SliderSquare bishops[64], rooks[64];
    std::vector<Bitboard> table;  // sized once by the constructor, never afterwards
};

struct PextIndex {
    static constexpr bool needs_magic = false;
    static std::uint32_t index(const SliderSquare& e, Bitboard occ) { return std::uint32_t(pext(occ, e.mask)); }
};
struct MagicIndex {
    static constexpr bool needs_magic = true;
    static std::uint32_t index(const SliderSquare& e, Bitboard occ) {
        return std::uint32_t(((occ & e.mask) * e.magic) >> e.shift);
    }
};

using PextSliders = SliderTables<PextIndex>;
using MagicSliders = SliderTables<MagicIndex>;

#if VIREO_USE_PEXT
using Sliders = PextSliders;
inline constexpr const char* SLIDER_BACKEND = "pext";
#else
using Sliders = MagicSliders;
inline constexpr const char* SLIDER_BACKEND = "magic";
#endif

// The engine's slider tables: built once before main() and never written afterwards.
extern const Sliders SLIDERS;

template <PieceType Pt>
inline Bitboard attacks(Square s, Bitboard occ) {
    if constexpr (Pt == KNIGHT) return KNIGHT_ATTACKS[s];
    else if constexpr (Pt == BISHOP) return SLIDERS.bishop(s, occ);
    else if constexpr (Pt == ROOK) return SLIDERS.rook(s, occ);
    else if constexpr (Pt == QUEEN) return SLIDERS.bishop(s, occ) | SLIDERS.rook(s, occ);
    else if constexpr (Pt == KING) return KING_ATTACKS[s];
    else static_assert(Pt == KNIGHT, "pawn attacks depend on colour: use PAWN_ATTACKS");
}

// Attacks of a non-pawn piece type chosen at run time.
inline Bitboard attacks(PieceType pt, Square s, Bitboard occ) {
    switch (pt) {
    case KNIGHT: return attacks<KNIGHT>(s, occ);
    case BISHOP: return attacks<BISHOP>(s, occ);
    case ROOK: return attacks<ROOK>(s, occ);
    case QUEEN: return attacks<QUEEN>(s, occ);
    case KING: return attacks<KING>(s, occ);
    default: return 0;
    }
}

}  // namespace vireo
