// The transposition table, shared by all search threads.
//
// Layout: buckets of 32 bytes (two per cache line), each holding three 10-byte entries:
//   key16  the lower 16 bits of the position key (the upper bits chose the bucket)
//   move   best or refuting move (may be none)
//   score  search score, mate scores stored relative to this node (see score_to_tt)
//   eval   static evaluation
//   depth  draft in plies, offset so that quiescence entries (depth <= 0) fit
//   genBound  generation (upper 5 bits), a pv flag (bit 2) and bound type (lower 2 bits)
// Probing returns a copy of the entry. Threads read and write without locks, field by field as
// relaxed atomics (no data race in the C++ sense): a torn entry can at worst give a wrong move,
// which the searcher validates with is_legal before use, or a wrong score in a rare collision,
// which alpha-beta tolerates.
// Replacement: a store takes the bucket's entry of the same position, else its first empty entry,
// else its entry of least worth (depth minus AGE_PENALTY (8) per generation of age). It writes nothing
// when it would replace an entry of the same position stored in this search with data that is not
// exact and more than KEEP_DEEPER_MARGIN (3) plies shallower; an entry of the same position keeps
// its move when the new data has none.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "movegen/types.h"

namespace vireo {

// The table's size when nothing else is asked for (the Hash option's default, datagen's, epd's).
inline constexpr std::size_t DEFAULT_HASH_MB = 16;

enum Bound : std::uint8_t { BOUND_NONE = 0, BOUND_UPPER = 1, BOUND_LOWER = 2, BOUND_EXACT = 3 };

struct TTData {
    Move move;
    int score = 0;
    int eval = 0;
    int depth = 0;
    Bound bound = BOUND_NONE;
    bool pv = false;  // the storing search said the position is or was on a principal variation
};

class TranspositionTable {
public:
    TranspositionTable() = default;

    // Sets the size. On failure to allocate, a table of the old size stays (none if there was none)
    // and an error message is returned.
    std::string resize(std::size_t megabytes);
    std::size_t size_mb() const { return megabytes; }
    void clear();
    void new_search() { generation = std::uint8_t(generation + GENERATION_STEP); }

    bool probe(Key key, TTData& out) const;
    // pv: the position is on a principal variation, or was by its earlier entry (quiescence passes the
    // old flag on); the search reduces less there. The flag is replaced with the rest of the entry.
    void store(Key key, int score, int eval, Bound bound, int depth, Move move, bool pv = false);
    void prefetch(Key key) const { __builtin_prefetch(bucket(key)); }
    int hashfull() const;  // per mille of sampled entries written in this search

private:
    // genBound: the generation in the upper 5 bits (it steps by GENERATION_STEP, above the pv flag and
    // the bound), the pv flag in bit 2, the bound in the lower 2 bits.
    static constexpr std::uint8_t BOUND_MASK = 3;
    static constexpr std::uint8_t PV_FLAG = 4;
    static constexpr std::uint8_t GENERATION_STEP = 8;
    static constexpr std::uint8_t GENERATION_MASK = std::uint8_t(~(GENERATION_STEP - 1));
    static constexpr int ENTRIES_PER_BUCKET = 3;
    static constexpr int AGE_PENALTY = 8;         // plies of depth an entry's worth loses per generation of age
    static constexpr int KEEP_DEEPER_MARGIN = 3;  // see Replacement above

    struct Entry {
        std::uint16_t key16;
        std::uint16_t move;
        std::int16_t score;
        std::int16_t eval;
        std::uint8_t depth8;
        std::uint8_t genBound;
    };
    static_assert(sizeof(Entry) == 10);
    struct alignas(32) Bucket {
        Entry entries[ENTRIES_PER_BUCKET];
        char padding[2];
    };
    static_assert(sizeof(Bucket) == 32);
    static constexpr int DEPTH_OFFSET = 8;
    // An entry's fields, each read or written as a relaxed atomic (see tt.cpp).
    static Entry read(const Entry& e);
    static void write(Entry& e, const Entry& value);

    Bucket* bucket(Key key) const { return &table[(static_cast<unsigned __int128>(key) * buckets) >> 64]; }

    struct FreeDeleter {
        void operator()(Bucket* p) const;
    };
    std::unique_ptr<Bucket[], FreeDeleter> table;
    std::size_t buckets = 0;
    std::size_t megabytes = 0;
    std::uint8_t generation = 0;
};

}  // namespace vireo
