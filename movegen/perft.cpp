#include "perft.h"

#include <atomic>
#include <memory>
#include <thread>

namespace vireo {

namespace {

// A shared cache of subtree counts. Threads may race on an entry: the key is stored xored with the
// data, so a torn entry fails validation and is treated as a miss.
class PerftHash {
public:
    explicit PerftHash(std::size_t mb) {
        std::size_t n = 1;
        while (n * 2 * sizeof(Entry) <= mb * 1024 * 1024) n *= 2;
        entries = std::make_unique<Entry[]>(n);
        mask = n - 1;
    }
    bool probe(Key key, int depth, std::uint64_t& count) const {
        const Entry& e = entries[index(key, depth)];
        const std::uint64_t data = e.data.load(std::memory_order_relaxed);
        if ((e.check.load(std::memory_order_relaxed) ^ data) != key || (data & 0xFF) != std::uint64_t(depth)) return false;
        count = data >> 8;
        return true;
    }
    void store(Key key, int depth, std::uint64_t count) {
        Entry& e = entries[index(key, depth)];
        const std::uint64_t data = (count << 8) | std::uint64_t(depth);
        e.check.store(key ^ data, std::memory_order_relaxed);
        e.data.store(data, std::memory_order_relaxed);
    }

private:
    struct Entry {
        std::atomic<std::uint64_t> check{0}, data{0};
    };
    std::size_t index(Key key, int depth) const { return (key ^ (Key(depth) * 0x9E3779B97F4A7C15ULL)) & mask; }
    std::unique_ptr<Entry[]> entries;
    std::size_t mask = 0;
};

// Calls f(move, moved piece type) for every generated move, with no list in between.
template <class F>
struct Visitor {
    F& f;
    static constexpr bool early_exit = false;
    constexpr bool done() const { return false; }
    template <PieceType Pt>
    void add(Square from, Bitboard targets) {
        while (targets) f(Move(from, pop_lsb(targets)), Pt);
    }
    void add_pawns(Bitboard targets, int delta) {
        while (targets) {
            Square to = pop_lsb(targets);
            f(Move(Square(to - delta), to), PAWN);
        }
    }
    void add_promotions(Bitboard targets, int delta) {
        while (targets) {
            Square to = pop_lsb(targets), from = Square(to - delta);
            for (PieceType pt : {QUEEN, ROOK, BISHOP, KNIGHT}) f(Move::make<Move::PROMOTION>(from, to, pt), PAWN);
        }
    }
    void add_move(Move m) { f(m, m.kind() == Move::CASTLING ? KING : PAWN); }
};

template <Color Us>
std::uint64_t count_moves(const Placement& b, const CastlingRules& cr) {
    MoveCounter c;
    generate<Us, ALL>(b, cr, c);
    return c.count;
}

// The sink of a depth-2 node: it plays each move on a copy of the Placement only (no mailbox, no
// keys) and bulk-counts the child's moves. The generator hands over the moved piece type with
// add<Pt>, so a normal move is played without asking what kind of move it is. Double pawn pushes
// set the en-passant square; en passant and castling go the general way (play_pieces).
template <Color Us>
struct ChildCounter {
    static constexpr Color Them = ~Us;
    const Placement& b;
    const CastlingRules& cr;
    std::uint64_t n = 0;

    static constexpr bool early_exit = false;
    constexpr bool done() const { return false; }

    // The child after a piece of type `moved` goes from `from` to `to` and becomes `landed`,
    // taking the enemy piece there if any (which may be a castling rook: then its right goes).
    // Each child is copied from the parent, not from a half-built child: the copy's wide loads
    // would wait on the narrow stores just made to it (a store-forwarding stall).
    VIREO_INLINE void count(PieceType moved, PieceType landed, Square from, Square to, Square ep = NO_SQUARE) {
        Placement p = b;
        const Bitboard t = bb(to);
        if (b.byColor[Them] & t) {
            for (Bitboard& x : p.byType) x &= ~t;
            p.byColor[Them] ^= t;
            p.castling &= cr.keepRights[to];
        }
        p.byColor[Us] ^= bb(from) | t;
        p.byType[moved] ^= bb(from);
        p.byType[landed] |= t;
        p.castling &= cr.keepRights[from];
        p.ep = ep;
        p.side = Them;
        n += count_moves<Them>(p, cr);
    }

    template <PieceType Pt>
    void add(Square from, Bitboard targets) {
        while (targets) count(Pt, Pt, from, pop_lsb(targets));
    }
    void add_pawns(Bitboard targets, int delta) {
        constexpr int Up = Us == WHITE ? 8 : -8;
        while (targets) {
            const Square to = pop_lsb(targets), from = Square(to - delta);
            // As in play_pieces: the en-passant square only when an enemy pawn could take there.
            const bool epSet = delta == 2 * Up && (PAWN_ATTACKS[Us][from + Up] & b.pieces(Them, PAWN));
            count(PAWN, PAWN, from, to, epSet ? Square(from + Up) : NO_SQUARE);
        }
    }
    void add_promotions(Bitboard targets, int delta) {
        while (targets) {
            const Square to = pop_lsb(targets), from = Square(to - delta);
            for (PieceType pt : {QUEEN, ROOK, BISHOP, KNIGHT}) count(PAWN, pt, from, to);
        }
    }
    void add_move(Move m) {
        Placement next = b;
        next.play_pieces<Us>(m, m.kind() == Move::CASTLING ? KING : PAWN, cr);
        n += count_moves<Them>(next, cr);
    }
};

template <Color Us, bool Hashed>
std::uint64_t count(const Board& b, const CastlingRules& cr, int depth, PerftHash* hash) {
    if (depth == 1) return count_moves<Us>(b, cr);
    std::uint64_t n = 0;
    if constexpr (Hashed)
        if (hash->probe(b.key, depth, n)) return n;
    if (depth == 2) {
        ChildCounter<Us> children{b, cr};
        generate<Us, ALL>(b, cr, children);
        n = children.n;
    } else {
        auto child = [&](Move m, PieceType) {
            Board next = b;
            next.play<Us>(m, cr);
            n += count<~Us, Hashed>(next, cr, depth - 1, hash);
        };
        Visitor<decltype(child)> visitor{child};
        generate<Us, ALL>(b, cr, visitor);
    }
    if constexpr (Hashed) hash->store(b.key, depth, n);
    return n;
}

std::uint64_t count_any(const Board& b, const CastlingRules& cr, int depth, PerftHash* hash) {
    if (depth <= 0) return 1;
    if (hash) return b.side == WHITE ? count<WHITE, true>(b, cr, depth, hash) : count<BLACK, true>(b, cr, depth, hash);
    return b.side == WHITE ? count<WHITE, false>(b, cr, depth, nullptr) : count<BLACK, false>(b, cr, depth, nullptr);
}

}  // namespace

std::uint64_t perft(const Board& b, const CastlingRules& cr, int depth) { return count_any(b, cr, depth, nullptr); }

std::vector<std::pair<Move, std::uint64_t>> perft_divide(const Position& pos, int depth, const PerftSettings& settings) {
    const MoveList moves = pos.legal_moves();
    std::vector<std::pair<Move, std::uint64_t>> result;
    for (Move m : moves) result.emplace_back(m, 0);
    if (depth <= 0) return result;

    std::unique_ptr<PerftHash> hash;
    if (settings.hashMB > 0) hash = std::make_unique<PerftHash>(settings.hashMB);

    std::atomic<std::size_t> next{0};
    auto worker = [&] {
        for (std::size_t i; (i = next.fetch_add(1)) < result.size();) {
            Board child = pos.board();
            child.play(result[i].first, pos.rules());
            result[i].second = count_any(child, pos.rules(), depth - 1, hash.get());
        }
    };
    const int threads = std::max(1, std::min<int>(settings.threads, int(result.size())));
    std::vector<std::thread> pool;
    for (int t = 1; t < threads; ++t) pool.emplace_back(worker);
    worker();
    for (auto& t : pool) t.join();
    return result;
}

}  // namespace vireo
