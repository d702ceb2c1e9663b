// Attack sets of every piece: one entry point, attacks<PieceType>(square, occupancy).
//
// Sliders use one of three backends, all always compiled (so all are tested):
//   PextSliders  - index = pext(occupancy, relevant mask), 64-bit entries; needs BMI2 to be fast
//                  (a software pext/pdep keeps it correct elsewhere).
//   PdepSliders  - the same index, but 16-bit entries: the attack set packed onto the square's
//                  empty-board rays, unpacked with pdep. A quarter of the memory (210 KB), so more
//                  of it stays in cache.
//   MagicSliders - index = ((occupancy & mask) * magic) >> shift, magics found at start-up
//                  by our own deterministic search.
// The backend the engine uses is chosen at build time (VIREO_USE_PEXT: the pdep variant).
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

// Parallel bit deposit: the low bits of `src` spread onto the bits set in `mask`.
inline std::uint64_t pdep(std::uint64_t src, std::uint64_t mask) {
#if defined(__BMI2__)
    return _pdep_u64(src, mask);
#else
    std::uint64_t result = 0;
    for (std::uint64_t bit = 1; mask; bit <<= 1, mask &= mask - 1)
        if (src & bit) result |= mask & -mask;
    return result;
#endif
}

// Per-square lookup data (a SquareLookup: the square's part of the table and what indexes it). Each
// backend keeps only what its lookup reads, hot fields first: for PEXT a square is {pointer, mask},
// 16 bytes, so a lookup is one pext and one load of the entry, with all 128 squares' data in 2 KB.
template <class Entry>
struct PextLookup {
    const Entry* attacks = nullptr;  // this square's part of the shared table
    Bitboard mask = 0;               // relevant occupancy: the rays without their last square
};
template <class Entry>
struct PdepLookup : PextLookup<Entry> {
    Bitboard rays = 0;  // the empty-board attacks, onto which an entry is unpacked
};
template <class Entry>
struct MagicLookup : PextLookup<Entry> {
    Bitboard magic = 0;
    std::uint32_t shift = 0;  // 64 - popcount(mask)
};

// Lookup tables for bishop and rook attacks, indexed and decoded by the policy `Index`.
template <class Index>
class SliderTables {
public:
    using Entry = typename Index::Entry;
    using SquareLookup = typename Index::SquareLookup;
    SliderTables();
    VIREO_INLINE Bitboard bishop(Square s, Bitboard occ) const { return lookup(bishops[s], occ); }
    VIREO_INLINE Bitboard rook(Square s, Bitboard occ) const { return lookup(rooks[s], occ); }

private:
    VIREO_INLINE static Bitboard lookup(const SquareLookup& e, Bitboard occ) {
        return Index::decode(e, e.attacks[Index::index(e, occ)]);
    }
    alignas(64) SquareLookup bishops[64];
    SquareLookup rooks[64];
    std::vector<Entry> table;  // sized once by the constructor, never afterwards
};

struct PextIndex {
    using Entry = Bitboard;
    using SquareLookup = PextLookup<Entry>;
    static std::uint32_t index(const SquareLookup& e, Bitboard occ) { return std::uint32_t(pext(occ, e.mask)); }
    static Entry encode(const SquareLookup&, Bitboard attacks) { return attacks; }
    static Bitboard decode(const SquareLookup&, Entry x) { return x; }
};
struct PdepIndex {
    using Entry = std::uint16_t;
    using SquareLookup = PdepLookup<Entry>;
    static std::uint32_t index(const SquareLookup& e, Bitboard occ) { return std::uint32_t(pext(occ, e.mask)); }
    static Entry encode(const SquareLookup& e, Bitboard attacks) { return Entry(pext(attacks, e.rays)); }
    static Bitboard decode(const SquareLookup& e, Entry x) { return pdep(x, e.rays); }
};
struct MagicIndex {
    using Entry = Bitboard;
    using SquareLookup = MagicLookup<Entry>;
    static std::uint32_t index(const SquareLookup& e, Bitboard occ) {
        return std::uint32_t(((occ & e.mask) * e.magic) >> e.shift);
    }
    static Entry encode(const SquareLookup&, Bitboard attacks) { return attacks; }
    static Bitboard decode(const SquareLookup&, Entry x) { return x; }
};

using PextSliders = SliderTables<PextIndex>;
using PdepSliders = SliderTables<PdepIndex>;
using MagicSliders = SliderTables<MagicIndex>;

#if VIREO_USE_PEXT == 2
using Sliders = PdepSliders;
inline constexpr const char* SLIDER_BACKEND = "pext+pdep";
#elif VIREO_USE_PEXT
using Sliders = PextSliders;
inline constexpr const char* SLIDER_BACKEND = "pext";
#else
using Sliders = MagicSliders;
inline constexpr const char* SLIDER_BACKEND = "magic";
#endif

// The engine's slider tables: built once before main() and never written afterwards.
extern const Sliders SLIDERS;

template <PieceType Pt>
VIREO_INLINE Bitboard attacks(Square s, Bitboard occ) {
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
