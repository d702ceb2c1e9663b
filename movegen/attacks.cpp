#include "attacks.h"

namespace vireo {

namespace {

// Relevant occupancy of a slider: its empty-board rays minus the board edges the rays run into.
Bitboard relevant_mask(Square s, bool rook) {
    Bitboard edges = ((RANK_1 | RANK_8) & ~rank_bb(rank_of(s))) | ((FILE_A | FILE_H) & ~file_bb(file_of(s)));
    return (rook ? slow_rook_attacks(s, 0) : slow_bishop_attacks(s, 0)) & ~edges;
}

// A small deterministic generator (xorshift64*) for the magic search.
struct Prng {
    std::uint64_t state;
    std::uint64_t next() {
        state ^= state >> 12;
        state ^= state << 25;
        state ^= state >> 27;
        return state * 2685821657736338717ULL;
    }
    // Candidates with few set bits make good magics.
    std::uint64_t sparse() { return next() & next() & next(); }
};

// Finds a magic for one square: a multiplier that maps every subset of the mask to an index
// whose table entry is either unused or holds the same attack set.
std::uint64_t find_magic(const std::vector<Bitboard>& subsets, const std::vector<Bitboard>& refs, Bitboard mask,
                         int shift, Prng& rng) {
    std::vector<Bitboard> slot(subsets.size());
    std::vector<int> epoch(subsets.size(), 0);
    for (int attempt = 1;; ++attempt) {
        std::uint64_t magic = rng.sparse();
        if (popcount((mask * magic) >> 56) < 6) continue;  // spreads too few bits into the index
        bool ok = true;
        for (std::size_t i = 0; i < subsets.size() && ok; ++i) {
            std::size_t idx = (subsets[i] * magic) >> shift;
            if (epoch[idx] != attempt) {
                epoch[idx] = attempt;
                slot[idx] = refs[i];
            } else if (slot[idx] != refs[i]) {
                ok = false;
            }
        }
        if (ok) return magic;
    }
}

}  // namespace

template <class Index>
SliderTables<Index>::SliderTables() {
    Prng rng{0x9E3779B97F4A7C15ULL};
    std::uint32_t offset = 0;
    std::uint32_t offsets[2][64];
    for (bool rook : {false, true}) {
        SquareLookup* entries = rook ? rooks : bishops;
        for (int sq = 0; sq < 64; ++sq) {
            Square s = Square(sq);
            SquareLookup& e = entries[sq];
            e.mask = relevant_mask(s, rook);
            if constexpr (requires { e.rays; }) e.rays = rook ? slow_rook_attacks(s, 0) : slow_bishop_attacks(s, 0);
            const int bits = popcount(e.mask);

            // Every subset of the mask (carry-rippler) with its reference attack set.
            std::vector<Bitboard> subsets, refs;
            Bitboard sub = 0;
            do {
                subsets.push_back(sub);
                refs.push_back(rook ? slow_rook_attacks(s, sub) : slow_bishop_attacks(s, sub));
                sub = (sub - e.mask) & e.mask;
            } while (sub);

            if constexpr (requires { e.magic; }) {
                e.shift = std::uint32_t(64 - bits);
                e.magic = find_magic(subsets, refs, e.mask, int(e.shift), rng);
            }

            std::size_t size = std::size_t(1) << bits;
            table.resize(offset + size);
            for (std::size_t i = 0; i < subsets.size(); ++i)
                table[offset + Index::index(e, subsets[i])] = Index::encode(e, refs[i]);
            offsets[rook][sq] = offset;
            offset += std::uint32_t(size);
        }
    }
    // The table has its final size: now the per-square pointers into it stay valid.
    for (int sq = 0; sq < 64; ++sq) {
        bishops[sq].attacks = table.data() + offsets[0][sq];
        rooks[sq].attacks = table.data() + offsets[1][sq];
    }
}

template class SliderTables<PextIndex>;
template class SliderTables<PdepIndex>;
template class SliderTables<MagicIndex>;

const Sliders SLIDERS;

}  // namespace vireo
