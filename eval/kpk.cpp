#include "eval/kpk.h"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <vector>

#include "movegen/bitboard.h"

namespace vireo::kpk {

namespace {

// One position: the pawn (White's, files a-d, ranks 2-7), the white king, the black king, the side to move.
constexpr int PAWN_SQUARES = 24;  // 4 files x 6 ranks
constexpr int POSITIONS = 2 * PAWN_SQUARES * 64 * 64;

int index(bool whiteToMove, Square wk, Square bk, Square pawn) {
    const int pawnIndex = file_of(pawn) + 4 * (rank_of(pawn) - 1);  // file a-d, rank 2-7
    return int(wk) | int(bk) << 6 | (whiteToMove ? 0 : 1) << 12 | pawnIndex << 13;
}

enum Result : std::uint8_t { INVALID = 0, UNKNOWN = 1, DRAW = 2, WIN = 4 };

struct Entry {
    Square wk, bk, pawn;
    bool whiteToMove;
    Result result;
};

// The entry for one index: the obvious results (illegal, promotion that cannot be stopped,
// stalemate, the pawn taken at once), UNKNOWN otherwise.
Entry classify_start(int i) {
    Entry e;
    e.wk = Square(i & 63);
    e.bk = Square((i >> 6) & 63);
    e.whiteToMove = ((i >> 12) & 1) == 0;
    const int pawnIndex = i >> 13;
    e.pawn = make_square(pawnIndex % 4, pawnIndex / 4 + 1);
    const Bitboard pawnAttacks = PAWN_ATTACKS[WHITE][e.pawn];
    const Square promotion = Square(e.pawn + 8);
    if (distance(e.wk, e.bk) <= 1 || e.wk == e.pawn || e.bk == e.pawn || (e.whiteToMove && (pawnAttacks & bb(e.bk))))
        e.result = INVALID;
    // White promotes and the queen cannot be taken (or is defended).
    else if (e.whiteToMove && rank_of(e.pawn) == 6 && e.wk != promotion && e.bk != promotion &&
             (distance(e.bk, promotion) > 1 || distance(e.wk, promotion) == 1))
        e.result = WIN;
    // Black is stalemated, or takes the undefended pawn.
    else if (!e.whiteToMove && (!(KING_ATTACKS[e.bk] & ~(KING_ATTACKS[e.wk] | pawnAttacks)) ||
                                (KING_ATTACKS[e.bk] & bb(e.pawn) & ~KING_ATTACKS[e.wk])))
        e.result = DRAW;
    else e.result = UNKNOWN;
    return e;
}

// One step of the analysis: the result of an UNKNOWN entry from its successors'. White wins if
// one of its moves wins; Black draws if one of its moves draws. Illegal successors are INVALID
// and count for nothing. Promotions are judged by classify_start alone (a pawn on the 7th moves by
// its king or promotes there).
Result classify(const Entry& e, const std::vector<Entry>& db) {
    int r = INVALID;
    Bitboard moves = KING_ATTACKS[e.whiteToMove ? e.wk : e.bk];
    while (moves) {
        const Square to = pop_lsb(moves);
        r |= e.whiteToMove ? db[std::size_t(index(false, to, e.bk, e.pawn))].result
                           : db[std::size_t(index(true, e.wk, to, e.pawn))].result;
    }
    if (e.whiteToMove && rank_of(e.pawn) < 6) {
        const Square push = Square(e.pawn + 8);
        r |= db[std::size_t(index(false, e.wk, e.bk, push))].result;
        if (rank_of(e.pawn) == 1 && push != e.wk && push != e.bk)
            r |= db[std::size_t(index(false, e.wk, e.bk, Square(push + 8)))].result;
    }
    if (e.whiteToMove) return r & WIN ? WIN : r & UNKNOWN ? UNKNOWN : DRAW;
    return r & DRAW ? DRAW : r & UNKNOWN ? UNKNOWN : WIN;
}

struct Bitbase {
    std::vector<std::uint64_t> bits = std::vector<std::uint64_t>(POSITIONS / 64);

    Bitbase() {
        std::vector<Entry> db(POSITIONS);
        for (int i = 0; i < POSITIONS; ++i) db[std::size_t(i)] = classify_start(i);
        // Until nothing changes; what is still unknown then is a draw.
        for (bool changed = true; changed;) {
            changed = false;
            for (Entry& e : db)
                if (e.result == UNKNOWN && (e.result = classify(e, db)) != UNKNOWN) changed = true;
        }
        for (int i = 0; i < POSITIONS; ++i)
            if (db[std::size_t(i)].result == WIN) bits[std::size_t(i) / 64] |= std::uint64_t(1) << (i % 64);
    }

    bool win(int i) const { return (bits[std::size_t(i) / 64] >> (i % 64)) & 1; }
};

}  // namespace

bool wins(Square strongKing, Square pawn, Square weakKing, bool strongToMove) {
    static const Bitbase bitbase;  // made once, then read only
    // Files e-h mirrored to d-a.
    if (file_of(pawn) >= 4) {
        strongKing = Square(strongKing ^ 7);
        pawn = Square(pawn ^ 7);
        weakKing = Square(weakKing ^ 7);
    }
    return bitbase.win(index(strongToMove, strongKing, weakKing, pawn));
}

}  // namespace vireo::kpk
