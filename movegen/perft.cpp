// Perft: the leaf count of the legal move tree, the move generator's yardstick and its speed record.
//
// What this file adds to the plain count, and what each part buys: the speed a build with that part
// switched off loses against the full build, both run alternating by `scripts/perft-bench --cpu-time`
// on the five positions of docs/perft.md, best of 3 rounds (docs/perft.md, "What each part of the
// count buys"). Noise, one build's spread between its rounds: 5 % typically, up to 15-30 %.
//
//   part                          what it does                                      gain (positions)
//   bulk count at the last ply    the replies are counted by popcounts of legal     the convention of
//                                 target sets (MoveCounter), never made             every fast perft
//   ChildCounter                  a depth-2 node counts each child's replies from   +74 to +113 %
//                                 its own counts: only what a move touches is       (startpos, Kiwipete,
//                                 recounted                                         CPW 4, CPW 5)
//     watched verdicts            a king square or castling path is retested only   +49 to +100 %
//                                 when a move may change its verdict (Watch)        (the same four)
//     kept moves                  moves outside keptFrom/keptTo keep every verdict  +7 to +9 %
//                                 and the pawn count with no test                   (startpos, CPW 4, 5)
//     plain moves first           the moves off the king's lines are counted with   +7 to +22 %
//                                 no test                                           (startpos, CPW 4, 5)
//     slider on a king line       told by the squares between (no check, no pin)    +21 % (CPW 4)*
//     new pins on the child       a move onto a king line: the child's own pins     +11 % (CPW 4)*
//                                 decide, not the full generator
//   EndingChildCounter            rook and pawn endings without castling: every     +95 % (CPW 3)
//                                 child's replies counted in full, few branches
//     count_rook_ending           that count, for kings, pawns and rooks only       +45 % (CPW 3)
//   hash table, threads           deep runs (`--hash`, `--threads`)                 +107 % (startpos 7,
//                                                                                   64 MB, one thread)
//
// * Within the noise when switched off alone; switched off in the final build (the other removals
//   made), slower on CPW 4 in nearly every round.
// Removed, each within the noise (-9 to +10 %): the generator's compile-time piece-type set `Types`
// (count_rook_ending loops over its rooks itself), ChildCounter's captures looped over apart and its
// inlined variant for few pieces, and the walk above depth 2 on bitboard-only copies through a move
// visitor (Boards and a MoveList now). The build without them is as fast as the one with them.

#include "perft.h"

#include <atomic>
#include <bit>
#include <memory>
#include <mutex>
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
        if ((e.check.load(std::memory_order_relaxed) ^ data) != key || (data & 0xFF) != std::uint64_t(depth))
            return false;
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

template <Color Us>
std::uint64_t count_moves(const Placement& b, const CastlingRules& cr) {
    MoveCounter c;
    generate<Us, ALL>(b, cr, c);
    return c.count;
}

// The pawn moves to `targets` (from to - delta: a push, a double push or a capture; the generator
// passes constants), each child counted by the depth-2 sink c (ChildCounter, EndingChildCounter). A
// double push sets the en-passant square only when an enemy pawn could take there (as play_pieces).
template <Color Us, class Counter>
VIREO_INLINE void count_pawn_moves(Counter& c, const Placement& b, Bitboard targets, int delta) {
    constexpr int Up = Us == WHITE ? 8 : -8;
    while (targets) {
        const Square to = pop_lsb(targets), from = Square(to - delta);
        if (delta == Up) c.template count<false>(PAWN, PAWN, from, to);
        else if (delta == 2 * Up) {
            const bool epSet = PAWN_ATTACKS[Us][from + Up] & b.pieces(~Us, PAWN);
            c.template count<false>(PAWN, PAWN, from, to, epSet ? Square(from + Up) : NO_SQUARE);
        } else c.template count<true>(PAWN, PAWN, from, to);
    }
}

// The sink of a depth-2 node: for each move it counts the child's replies (the last ply) without
// making the replies. Most moves leave the other side's king lines alone: no check is given and the
// other side's pins are those of this node. For such a child only what the move can change is
// recomputed: the king's moves and castling, the pawns if the move leaves or lands where they push,
// capture or stand, and the knights and sliders whose attack sets hold the move's origin or
// destination; the other pieces keep the move counts they have here.
// A move onto or off a line between the king and one of our sliders is looked at more closely: if the
// child's own check and pin information shows no check and the same pinned pieces, it is still
// counted that way. A double push that allows en passant is no exception: the pawn generator tests
// the capture on the child itself. Any other child (a check, a new or lost pin, our own en passant
// and castling) is counted by the full generator. The child's Placement is copied from the parent,
// not from a half-built child: the copy's wide loads would wait on the narrow stores just made to it
// (a store-forwarding stall).
// With Checked, every child counted by the shortcut is also counted by the full generator, and the
// two compared (perft_self_check(), run by the tests).
template <Color Us, bool Checked = false>
struct ChildCounter {
    static constexpr Color Us_ = Us, Them = ~Us;
    const Placement& b;
    const CastlingRules& cr;
    std::uint64_t n = 0;
    PerftSelfCheck* stats = nullptr;  // Checked only

    // A slider of Them seen as a bishop or as a rook (a queen is both: its diagonal and straight
    // moves never share a square, so the two counts add up).
    struct Slider {
        Bitboard mask;  // its pin ray, or everything
        Square sq;
        int moves;  // its moves here
    };
    CheckInfo ci;                    // Them's, in this node: no checker, the pins of Them's pieces
    Bitboard hot = 0;                // a move from or to here may pin, unpin or uncover a check
    Bitboard slowTo[PIECE_TYPE_NB];  // landing squares from which a piece checks Them's king or lines up with it
    Bitboard freeKnights;
    // Them's pawn moves here, and the squares whose change may alter them: the pawns, the squares
    // they push to (one and two steps) and those they capture on.
    std::uint64_t pawnMoves = 0;
    Bitboard pawnZone;
    int pieceMoves = 0;  // Them's knight and slider moves in this node
    int nDiag = 0, nLine = 0;
    Slider diag[16], line[16];
    // For each square, the sliders whose attack set holds it, or who stand on it (bit i: diag[i],
    // bit 16 + i: line[i]): a move leaving or landing there may change their counts, and only theirs.
    std::uint32_t touchedBy[64] = {};
    // Which moves may change whether Us attacks some squares (a square next to Them's king, or
    // Them's castling path): the squares a move may leave (from) and those a piece of each type may
    // land on (to); see watch(). Other moves keep the verdict found here.
    struct Watch {
        Bitboard from;
        Bitboard to[PIECE_TYPE_NB];
        bool touches(Bitboard f, Bitboard t, PieceType landed) const { return (f & from) | (t & to[landed]); }
    };
    // Them's castling (by kingSide: 0 king side, 1 queen side), as it stands here: the verdict (0 or
    // 1) and the moves that may change it, tested afresh in the child. A right whose path is blocked
    // by one piece of ours is tested only when that piece moves; a right lost or blocked otherwise
    // stays so. castleAll: the union of both.
    Watch castleWatch[2] = {}, castleAll = {};
    int castleVerdict[2] = {0, 0};
    // Them's king: the squares it may go to here (empty or ours, not attacked), and for each of them
    // the moves that could change that (see Watch). A square of Them's is not a target here; should
    // a move take the piece there, it is tested afresh.
    Bitboard kingSafe = 0;
    Watch kingWatch[64];  // only the king's targets are filled
    // The union of the neighbours' watches: a move outside it keeps every verdict, and the count of
    // safe squares is taken at once.
    Watch kingAll = {};

    static constexpr bool early_exit = false;
    constexpr bool done() const { return false; }
    // A move that leaves a square outside keptFrom and lands (as a piece of type pt) outside
    // keptTo[pt] keeps Them's pawn moves, castling verdicts and king verdicts as
    // they are here: keptCastling castling moves.
    Bitboard keptFrom = 0;
    Bitboard keptTo[PIECE_TYPE_NB];
    int keptCastling = 0;

    ChildCounter(const Placement& parent, const CastlingRules& rules, PerftSelfCheck* check = nullptr)
        : b(parent), cr(rules), stats(check) {
        ci = check_info<Them>(b);
        const Square k = ci.king;
        const Bitboard occ = b.occupied(), notTheirs = ~b.pieces(Them), pinned = ci.pinHV | ci.pinD;
        for (Bitboard s = (EMPTY_ROOK_RAYS[k] & (b.pieces(Us, ROOK) | b.pieces(Us, QUEEN))) |
                          (EMPTY_BISHOP_RAYS[k] & (b.pieces(Us, BISHOP) | b.pieces(Us, QUEEN)));
             s;) {
            const Square sq = pop_lsb(s);
            hot |= between_bb(k, sq) | bb(sq);
        }
        slowTo[PAWN] = PAWN_ATTACKS[Them][k];
        slowTo[KNIGHT] = KNIGHT_ATTACKS[k];
        slowTo[BISHOP] = EMPTY_BISHOP_RAYS[k];
        slowTo[ROOK] = EMPTY_ROOK_RAYS[k];
        slowTo[QUEEN] = EMPTY_BISHOP_RAYS[k] | EMPTY_ROOK_RAYS[k];
        slowTo[KING] = 0;
        freeKnights = b.pieces(Them, KNIGHT) & ~pinned;
        {
            constexpr Direction Up = Them == WHITE ? NORTH : SOUTH;
            constexpr Bitboard Rank2 = rank_bb(relative_rank(Them, 1));
            const Bitboard pawns = b.pieces(Them, PAWN);
            pawnZone = pawns | shift<Up>(pawns) | shift<Up>(shift<Up>(pawns & Rank2)) | pawn_attacks<Them>(pawns);
            Placement q = b;  // b's en-passant square is ours to take, not Them's
            q.ep = NO_SQUARE;
            MoveCounter pc;
            detail::gen_pawns<Them, ALL>(q, ci, occ, pc);
            pawnMoves = pc.count;
        }
        for (Bitboard s = freeKnights; s;) pieceMoves += popcount(KNIGHT_ATTACKS[pop_lsb(s)] & notTheirs);
        const Bitboard diagonals = (b.pieces(Them, BISHOP) | b.pieces(Them, QUEEN)) & ~ci.pinHV;
        for (Bitboard s = diagonals; s;) {
            const Square sq = pop_lsb(s);
            const Bitboard att = attacks<BISHOP>(sq, occ), mask = ci.pinD & bb(sq) ? ci.pinD : ~Bitboard(0);
            const int moves = popcount(att & notTheirs & mask);
            for (Bitboard t = att | bb(sq); t;) touchedBy[pop_lsb(t)] |= 1u << nDiag;
            diag[nDiag++] = {mask, sq, moves};
            pieceMoves += moves;
        }
        const Bitboard straights = (b.pieces(Them, ROOK) | b.pieces(Them, QUEEN)) & ~ci.pinD;
        for (Bitboard s = straights; s;) {
            const Square sq = pop_lsb(s);
            const Bitboard att = attacks<ROOK>(sq, occ), mask = ci.pinHV & bb(sq) ? ci.pinHV : ~Bitboard(0);
            const int moves = popcount(att & notTheirs & mask);
            for (Bitboard t = att | bb(sq); t;) touchedBy[pop_lsb(t)] |= 1u << (16 + nLine);
            line[nLine++] = {mask, sq, moves};
            pieceMoves += moves;
        }
        // The king's squares, with the king off the board (it cannot hide behind itself).
        const Bitboard occNoKing = occ ^ bb(k);
        for (Bitboard t = KING_ATTACKS[k] & notTheirs; t;) {
            const Square sq = pop_lsb(t);
            Watch& w = kingWatch[sq];
            w = {};
            if (!watch(bb(sq), occNoKing, w)) kingSafe |= bb(sq);
            kingAll.from |= w.from;
            for (int pt = PAWN; pt <= KING; ++pt) kingAll.to[pt] |= w.to[pt];
        }
        // A square of Them's next to the king becomes a target if taken (its watch is not filled).
        for (Bitboard& x : kingAll.to) x |= KING_ATTACKS[k] & b.pieces(Them);
        for (int j : {0, 1}) {
            const int i = castling_index(Them, j == 0);
            if (!(b.castling & (1 << i))) continue;
            Watch& w = castleWatch[j];
            const Bitboard blockers = occ & cr.mustBeEmpty[i];
            if (blockers) {
                if (!more_than_one(blockers) && (blockers & b.pieces(Us))) w.from = blockers;
            } else {
                const Bitboard occX = occ ^ bb(cr.kingFrom[Them]) ^ bb(cr.rookFrom[i]);
                if (!watch(cr.kingPath[i], occX, w)) {
                    castleVerdict[j] = 1;
                    // Taking the rook loses the right; landing on the path blocks it.
                    for (Bitboard& t : w.to) t |= cr.mustBeEmpty[i] | bb(cr.rookFrom[i]);
                }
            }
            castleAll.from |= w.from;
            for (int pt = PAWN; pt <= KING; ++pt) castleAll.to[pt] |= w.to[pt];
        }
        keptCastling = castleVerdict[0] + castleVerdict[1];
        keptFrom = pawnZone | castleAll.from | kingAll.from;
        for (int pt = PAWN; pt <= KING; ++pt) keptTo[pt] = pawnZone | castleAll.to[pt] | kingAll.to[pt];
    }

    // Whether Us attacks any of `squares` (occupancy occX: Them's king, and the castling rook, taken
    // off), adding to w the moves that may change that. If attacked: with one attacker, that piece
    // leaving or a piece landing between a slider and the square; with more, only a piece landing
    // so (an attacker that stays must be cut off). If not: a piece landing where it attacks a square,
    // or one of ours leaving from between a square and a slider of ours behind it (the first piece
    // on that line).
    bool watch(Bitboard squares, Bitboard occX, Watch& w) const {
        const Bitboard diagSliders = b.pieces(Us, BISHOP) | b.pieces(Us, QUEEN);
        const Bitboard lineSliders = b.pieces(Us, ROOK) | b.pieces(Us, QUEEN);
        Bitboard attackers = 0, lines = 0;
        Bitboard diags[8], straights[8];  // a castling path has at most 6 squares
        int n = 0;
        for (Bitboard q = squares; q; ++n) {
            const Square s = pop_lsb(q);
            diags[n] = attacks<BISHOP>(s, occX), straights[n] = attacks<ROOK>(s, occX);
            const Bitboard a = (diags[n] & diagSliders) | (straights[n] & lineSliders) |
                               (KNIGHT_ATTACKS[s] & b.pieces(Us, KNIGHT)) |
                               (PAWN_ATTACKS[Them][s] & b.pieces(Us, PAWN)) | (KING_ATTACKS[s] & b.pieces(Us, KING));
            attackers |= a;
            for (Bitboard x = a & (diagSliders | lineSliders); x;) lines |= between_bb(s, pop_lsb(x));
        }
        if (attackers) {
            if (!more_than_one(attackers)) w.from |= attackers;
            for (Bitboard& t : w.to) t |= lines;
            return true;
        }
        const Bitboard ours = b.pieces(Us);
        n = 0;
        for (Bitboard q = squares; q; ++n) {
            const Square s = pop_lsb(q);
            const Bitboard diag = diags[n], straight = straights[n];
            w.to[PAWN] |= PAWN_ATTACKS[Them][s];
            w.to[KNIGHT] |= KNIGHT_ATTACKS[s];
            w.to[BISHOP] |= diag;
            w.to[ROOK] |= straight;
            w.to[QUEEN] |= diag | straight;
            w.to[KING] |= KING_ATTACKS[s];
            for (Bitboard x = attacks<BISHOP>(s, occX ^ (diag & occX)) & diagSliders & ~diag; x;)
                w.from |= between_bb(s, pop_lsb(x)) & ours;
            for (Bitboard x = attacks<ROOK>(s, occX ^ (straight & occX)) & lineSliders & ~straight; x;)
                w.from |= between_bb(s, pop_lsb(x)) & ours;
        }
        return false;
    }

    // The replies of a child that gives no check and leaves Them's pinned pieces as they are (see
    // above): p is the child, cc Them's check and pin information there. With NewPins the pin rays
    // may differ from this node's (our pinner moved along its line): a recounted slider takes its
    // mask from cc. The sliders not recounted keep theirs: a pinned piece sees its pinner, so when
    // the pinner moves, the pinned slider is among the recounted ones.
    // Capture: whether the move takes a piece.
    // Kept: the move is known to leave and land outside keptFrom and keptTo.
    // landed: the type of the piece on `to`. Promo: a promotion (the promoted piece may also see
    // through the square its pawn left: its attacks are watched from both squares).
    template <bool Capture, bool NewPins = false, bool Kept = false, bool Promo = false>
    std::uint64_t quiet(const Placement& p, Square from, Square to, PieceType landed, const CheckInfo& cc) const {
        const Bitboard changed = bb(from) | bb(to);
        const Bitboard occ = p.occupied(), notTheirs = ~p.pieces(Them);
        int moves = pieceMoves;
        const std::uint32_t touched = touchedBy[from] | touchedBy[to];
        for (std::uint32_t d = touched & 0xFFFF; d; d &= d - 1) {
            const Slider& x = diag[std::countr_zero(d)];
            const Bitboard mask = !NewPins ? x.mask : cc.pinD & bb(x.sq) ? cc.pinD : ~Bitboard(0);
            moves += popcount(attacks<BISHOP>(x.sq, occ) & notTheirs & (x.sq == to ? 0 : mask)) - x.moves;
        }
        for (std::uint32_t l = touched >> 16; l; l &= l - 1) {
            const Slider& x = line[std::countr_zero(l)];
            const Bitboard mask = !NewPins ? x.mask : cc.pinHV & bb(x.sq) ? cc.pinHV : ~Bitboard(0);
            moves += popcount(attacks<ROOK>(x.sq, occ) & notTheirs & (x.sq == to ? 0 : mask)) - x.moves;
        }
        if constexpr (Capture) {
            // A capture: the knights that see the square may now take there, a knight taken there is gone.
            moves += popcount(KNIGHT_ATTACKS[to] & freeKnights);
            if (freeKnights & bb(to)) moves -= popcount(KNIGHT_ATTACKS[to] & ~b.pieces(Them));
        }
        MoveCounter c{std::uint64_t(moves)};
        if constexpr (Kept) {
            // Outside keptFrom and keptTo (see there): every verdict is this node's.
            return c.count + popcount(kingSafe) + pawnMoves + keptCastling;
        }
        const Bitboard f = bb(from), t = Promo ? changed : bb(to);
        if (!kingAll.touches(f, t, landed)) {
            c.count += popcount(kingSafe);
        } else {
            const Bitboard occX = occ ^ bb(ci.king);
            for (Bitboard x = KING_ATTACKS[ci.king] & notTheirs; x;) {
                const Square sq = pop_lsb(x);
                if ((Capture && sq == to) || kingWatch[sq].touches(f, t, landed))
                    c.count += !detail::is_attacked<Us>(p, sq, occX);
                else c.count += (kingSafe >> sq) & 1;
            }
        }
        if (NewPins || (changed & pawnZone) || p.ep != NO_SQUARE) detail::gen_pawns<Them, ALL>(p, cc, occ, c);
        else c.count += pawnMoves;
        if (castleAll.touches(f, t, landed)) {
            for (int j : {0, 1}) {
                const int i = castling_index(Them, j == 0);
                if (castleWatch[j].touches(f, t, landed))
                    c.count += (p.castling & (1 << i)) && detail::castling_legal<Them>(p, cr, i);
                else c.count += castleVerdict[j];
            }
        } else c.count += keptCastling;
        return c.count;
    }

    // The child after a piece of type `moved` goes from `from` to `to` and becomes `landed`,
    // taking the enemy piece there if Capture (which may be a castling rook: then its right goes).
    // Plain: the move is known to touch no square of `hot` and to land outside slowTo[landed] (the
    // loops that make the moves sort them so), and the child takes the short way untested.
    // Promo: a promotion (see quiet).
    template <bool Capture, bool Plain = false, bool Kept = false, bool Promo = false>
    VIREO_INLINE void count(PieceType moved, PieceType landed, Square from, Square to, Square ep = NO_SQUARE) {
        Placement p = b;
        const Bitboard t = bb(to);
        if constexpr (Capture) {
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
        const Bitboard changed = bb(from) | t;
        if constexpr (Plain) {
            shortcut(p, quiet<Capture, false, Kept>(p, from, to, landed, ci));
            return;
        }
        if (!(changed & hot)) {
            if (!(t & slowTo[landed])) {
                shortcut(p, quiet<Capture, false, false, Promo>(p, from, to, landed, ci));
                return;
            }
            // A slider landing on a line of the king, the move touching no other line of it: the
            // squares between tell. None: check. Two or more, or one of ours: neither check nor pin.
            if (landed != PAWN && landed != KNIGHT) {
                const Bitboard between = between_bb(to, ci.king) & p.occupied();
                if (between && (more_than_one(between) || (between & p.byColor[Us]))) {
                    shortcut(p, quiet<Capture, false, false, Promo>(p, from, to, landed, ci));
                    return;
                }
                if (!between) {
                    full(p);
                    return;
                }
            }
        }
        // A pawn or knight landing there checks. Otherwise the child's own check and pin information
        // decides: no check and the same pieces of Them's pinned the same way (a slider of ours that
        // lands on a king line behind two pieces, or moves along the line of its pin) is still a
        // quiet child, with the child's pin rays. Pawns may gain or lose a pin: the pawns are counted
        // afresh with the child's pins (unlike the knights and sliders, whose counts here assume this
        // node's).
        if (!(t & slowTo[landed]) || (landed != PAWN && landed != KNIGHT)) {
            const CheckInfo cc = check_info<Them>(p);
            const Bitboard pieces = p.byColor[Them] & ~p.byType[PAWN];
            if (!cc.checkers && (((cc.pinHV ^ ci.pinHV) | (cc.pinD ^ ci.pinD)) & pieces) == 0) {
                shortcut(p, quiet<Capture, true, false, Promo>(p, from, to, landed, cc));
                return;
            }
        }
        full(p);
    }

    void full(const Placement& p) {
        n += count_moves<Them>(p, cr);
        if constexpr (Checked) ++stats->full;
    }

    VIREO_INLINE void shortcut(const Placement& p, std::uint64_t c) {
        n += c;
        if constexpr (Checked) {
            ++stats->shortcuts;
            stats->mismatches += c != count_moves<Them>(p, cr);
        }
    }

    // The moves of a piece, sorted: the plain ones (see count) first, then the others.
    template <PieceType Pt>
    void add(Square from, Bitboard targets) {
        const Bitboard plain = hot & bb(from) ? 0 : targets & ~hot & ~slowTo[Pt], other = targets & ~plain;
        // The plain moves sorted again: those outside keptFrom and keptTo (see there), and the others.
        const Bitboard kept = keptFrom & bb(from) ? 0 : plain & ~keptTo[Pt], rest = plain & ~kept;
        for (Bitboard x = kept; x;) count_piece_move<Pt, true, true>(from, pop_lsb(x));
        for (Bitboard x = rest; x;) count_piece_move<Pt, true>(from, pop_lsb(x));
        for (Bitboard x = other; x;) count_piece_move<Pt>(from, pop_lsb(x));
    }
    // A piece's move (not a pawn's, whose direction tells whether it captures).
    template <PieceType Pt, bool Plain = false, bool Kept = false>
    VIREO_INLINE void count_piece_move(Square from, Square to) {
        if (b.byColor[Them] & bb(to)) count<true, Plain, Kept>(Pt, Pt, from, to);
        else count<false, Plain, Kept>(Pt, Pt, from, to);
    }
    // Pushes go straight up (delta Up or 2 Up), captures diagonally; the generator passes constants.
    void add_pawns(Bitboard targets, int delta) {
        constexpr int Up = Us == WHITE ? 8 : -8;
        if (delta != 2 * Up) {
            // Plain moves first (see count): from and to outside hot, to outside slowTo[PAWN].
            const Bitboard hotFrom = delta > 0 ? hot << delta : hot >> -delta;
            const Bitboard plain = targets & ~hot & ~hotFrom & ~slowTo[PAWN];
            const Bitboard keptFromTo = delta > 0 ? keptFrom << delta : keptFrom >> -delta;
            const Bitboard kept = plain & ~keptTo[PAWN] & ~keptFromTo;
            targets &= ~plain;
            for (Bitboard x = kept; x;) {
                const Square to = pop_lsb(x), from = Square(to - delta);
                if (delta == Up) count<false, true, true>(PAWN, PAWN, from, to);
                else count<true, true, true>(PAWN, PAWN, from, to);
            }
            for (Bitboard x = plain & ~kept; x;) {
                const Square to = pop_lsb(x), from = Square(to - delta);
                if (delta == Up) count<false, true>(PAWN, PAWN, from, to);
                else count<true, true>(PAWN, PAWN, from, to);
            }
        }
        count_pawn_moves<Us>(*this, b, targets, delta);
    }
    void add_promotions(Bitboard targets, int delta) {
        constexpr int Up = Us == WHITE ? 8 : -8;
        while (targets) {
            const Square to = pop_lsb(targets), from = Square(to - delta);
            for (PieceType pt : {QUEEN, ROOK, BISHOP, KNIGHT}) {
                if (delta == Up) count<false, false, false, true>(PAWN, pt, from, to);
                else count<true, false, false, true>(PAWN, pt, from, to);
            }
        }
    }
    void add_move(Move m) {
        Placement next = b;
        next.play_pieces<Us>(m, m.kind() == Move::CASTLING ? KING : PAWN, cr);
        n += count_moves<Them>(next, cr);
        if constexpr (Checked) ++stats->full;
    }
};

// The legal moves of side Us in a rook and pawn ending (kings, pawns and rooks only, no castling
// right), by popcounts: the generator's parts with fewer data-dependent branches. Every enemy rook
// that sees the king through our pieces is found by one lookup (the generator first tests whether
// any rook is on the king's lines at all, a branch that goes either way about one time in seven
// here), pinned pawns are masked rather than tested for, and the king's squares are taken against
// the other side's whole attack map (the generator tests one or two squares one by one, a branch
// that goes either way here).
template <Color Us>
VIREO_INLINE std::uint64_t count_rook_ending(const Placement& b) {
    constexpr Color Them = ~Us;
    constexpr Direction Up = Us == WHITE ? NORTH : SOUTH;
    constexpr Direction UpLeft = Us == WHITE ? NORTH_WEST : SOUTH_EAST;
    constexpr Direction UpRight = Us == WHITE ? NORTH_EAST : SOUTH_WEST;
    constexpr Bitboard Rank3 = rank_bb(relative_rank(Us, 2)), Rank8 = rank_bb(relative_rank(Us, 7));
    const Bitboard own = b.pieces(Us), their = b.pieces(Them), occ = own | their;
    CheckInfo ci;
    ci.king = b.king(Us);
    ci.checkers = PAWN_ATTACKS[Us][ci.king] & b.pieces(Them, PAWN);
    ci.checkmask = ci.checkers;
    for (Bitboard snipers = attacks<ROOK>(ci.king, their) & b.pieces(Them, ROOK); snipers;) {
        const Square s = pop_lsb(snipers);
        const Bitboard ray = between_bb(ci.king, s) | bb(s), blockers = ray & own;
        if (!blockers) ci.checkers |= bb(s), ci.checkmask |= ray;
        else if (!more_than_one(blockers)) ci.pinHV |= ray;
    }
    if (!ci.checkers) ci.checkmask = ~Bitboard(0);

    // The king's moves against the whole attack map of the other side (its pawns, king and rooks,
    // with our king off the board): no test of how many squares there are to test.
    const Bitboard occNoKing = occ ^ bb(ci.king);
    Bitboard attacked = pawn_attacks<Them>(b.pieces(Them, PAWN)) | KING_ATTACKS[b.king(Them)];
    for (Bitboard r = b.pieces(Them, ROOK); r;) attacked |= attacks<ROOK>(pop_lsb(r), occNoKing);
    MoveCounter c;
    c.count = popcount(KING_ATTACKS[ci.king] & ~own & ~attacked);
    if (more_than_one(ci.checkers)) return c.count;

    // Pawns: a pawn pinned on a file may push along it, one pinned on a rank not at all (no
    // diagonal pins: no bishop or queen).
    const Bitboard pawns = b.pieces(Us, PAWN), empty = ~occ;
    const Bitboard pushers = (pawns & ~ci.pinHV) | (pawns & ci.pinHV & file_bb(file_of(ci.king)));
    const Bitboard takers = pawns & ~ci.pinHV;
    const Bitboard one = shift<Up>(pushers) & empty;
    const Bitboard push = one & ci.checkmask, two = shift<Up>(one & Rank3) & empty & ci.checkmask;
    const Bitboard left = shift<UpLeft>(takers) & their & ci.checkmask;
    const Bitboard right = shift<UpRight>(takers) & their & ci.checkmask;
    c.count += popcount(push & ~Rank8) + popcount(two) + popcount(left & ~Rank8) + popcount(right & ~Rank8) +
               4 * (popcount(push & Rank8) + popcount(left & Rank8) + popcount(right & Rank8));
    if (b.ep != NO_SQUARE) {
        for (Bitboard from = PAWN_ATTACKS[Them][b.ep] & pawns; from;)
            c.count += detail::en_passant_legal<Us>(b, ci, pop_lsb(from));
    }
    // Rooks: a rook pinned on a rank or file moves along its pin (no diagonal pins here).
    const Bitboard rooks = b.pieces(Us, ROOK), target = ~own & ci.checkmask;
    detail::add_piece_moves<ROOK>(c, rooks & ~ci.pinHV, occ, target);
    detail::add_piece_moves<ROOK>(c, rooks & ci.pinHV, occ, target & ci.pinHV);
    return c.count;
}

// The sink of a depth-2 node in a rook and pawn ending (no castling right): every child's replies
// are counted by count_rook_ending() on a copy of the parent's bitboards (no Move built and
// decoded). In such endings this beats ChildCounter's shortcut: the shortcut's per-child decisions
// (which slider, pawn or king square a move may change) are data-dependent branches that go wrong
// about once per child, where the full count is nearly branch-free (see docs/perft.md, "Profile
// against Gigantua"). With Checked, each child is also counted by the full generator and the two
// compared (perft_self_check()).
template <Color Us, bool Checked = false>
struct EndingChildCounter {
    static constexpr Color Us_ = Us, Them = ~Us;
    const Placement& b;
    const CastlingRules& cr;
    std::uint64_t n = 0;
    PerftSelfCheck* stats = nullptr;  // Checked only

    static constexpr bool early_exit = false;
    constexpr bool done() const { return false; }

    EndingChildCounter(const Placement& parent, const CastlingRules& rules, PerftSelfCheck* check = nullptr)
        : b(parent), cr(rules), stats(check) {}

    // The child after a piece of type `moved` goes from `from` to `to` and becomes `landed` (a pawn
    // or a rook), taking the enemy piece there if Capture (as in ChildCounter::count).
    template <bool Capture>
    VIREO_INLINE void count(PieceType moved, PieceType landed, Square from, Square to, Square ep = NO_SQUARE) {
        Placement p = b;
        const Bitboard t = bb(to);
        if constexpr (Capture) {
            for (Bitboard& x : p.byType) x &= ~t;
            p.byColor[Them] ^= t;
        }
        p.byColor[Us] ^= bb(from) | t;
        p.byType[moved] ^= bb(from);
        p.byType[landed] |= t;
        p.ep = ep;
        p.side = Them;
        const std::uint64_t c = count_rook_ending<Them>(p);
        n += c;
        if constexpr (Checked) {
            ++stats->shortcuts;
            stats->mismatches += c != count_moves<Them>(p, cr);
        }
    }

    template <PieceType Pt>
    void add(Square from, Bitboard targets) {
        for (Bitboard x = targets & b.byColor[Them]; x;) count<true>(Pt, Pt, from, pop_lsb(x));
        for (Bitboard x = targets & ~b.byColor[Them]; x;) count<false>(Pt, Pt, from, pop_lsb(x));
    }
    void add_pawns(Bitboard targets, int delta) { count_pawn_moves<Us>(*this, b, targets, delta); }
    void add_promotions(Bitboard targets, int delta) {
        constexpr int Up = Us == WHITE ? 8 : -8;
        while (targets) {
            const Square to = pop_lsb(targets), from = Square(to - delta);
            if (delta == Up) count<false>(PAWN, ROOK, from, to);
            else count<true>(PAWN, ROOK, from, to);
            for (PieceType pt : {QUEEN, BISHOP, KNIGHT}) add_move(Move::make<Move::PROMOTION>(from, to, pt));
        }
    }
    // En passant, and the promotions to a piece other than a rook: the full generator.
    void add_move(Move m) {
        Placement next = b;
        next.play_pieces<Us>(m, PAWN, cr);
        n += count_moves<Them>(next, cr);
        if constexpr (Checked) ++stats->full;
    }
};

static_assert(MoveSink<ChildCounter<WHITE>> && MoveSink<ChildCounter<BLACK>>);
static_assert(MoveSink<ChildCounter<WHITE, true>> && MoveSink<EndingChildCounter<WHITE>>);

template <class Counter>
std::uint64_t count_children(const Placement& b, const CastlingRules& cr, PerftSelfCheck* stats) {
    Counter children(b, cr, stats);
    generate<Counter::Us_, ALL>(b, cr, children);
    return children.n;
}

// The subtree count: bulk-counted at the last ply, by the depth-2 counters one ply above (rook and
// pawn endings without castling rights by EndingChildCounter, every other board by ChildCounter);
// deeper, each move made on a copy of the Board, whose key indexes the hash table if there is one.
template <Color Us, bool Checked>
std::uint64_t count_tree(const Board& b, const CastlingRules& cr, int depth, PerftHash* hash, PerftSelfCheck* stats) {
    if (depth == 1) return count_moves<Us>(b, cr);
    std::uint64_t n = 0;
    if (hash && hash->probe(b.key, depth, n)) return n;
    if (depth == 2) {
        const bool ending = !b.castling && !(b.pieces(KNIGHT) | b.pieces(BISHOP) | b.pieces(QUEEN));
        n = ending ? count_children<EndingChildCounter<Us, Checked>>(b, cr, stats)
                   : count_children<ChildCounter<Us, Checked>>(b, cr, stats);
    } else {
        MoveList moves;
        generate<Us, ALL>(b, cr, moves);
        for (Move m : moves) {
            Board next = b;
            next.play<Us>(m, cr);
            n += count_tree<~Us, Checked>(next, cr, depth - 1, hash, stats);
        }
    }
    if (hash) hash->store(b.key, depth, n);
    return n;
}

template <bool Checked>
std::uint64_t count_any(const Board& b, const CastlingRules& cr, int depth, PerftHash* hash, PerftSelfCheck* stats) {
    if (depth <= 0) return 1;
    return b.side == WHITE ? count_tree<WHITE, Checked>(b, cr, depth, hash, stats)
                           : count_tree<BLACK, Checked>(b, cr, depth, hash, stats);
}

}  // namespace

std::uint64_t perft(const Board& b, const CastlingRules& cr, int depth) {
    return count_any<false>(b, cr, depth, nullptr, nullptr);
}

PerftSelfCheck perft_self_check(const Position& pos, int depth) {
    PerftSelfCheck stats;
    stats.nodes = count_any<true>(pos.board(), pos.rules(), depth, nullptr, &stats);
    return stats;
}

std::vector<std::pair<Move, std::uint64_t>> perft_divide(const Position& pos, int depth,
                                                         const PerftSettings& settings) {
    const MoveList moves = pos.legal_moves();
    std::vector<std::pair<Move, std::uint64_t>> result;
    for (Move m : moves) result.emplace_back(m, 0);
    if (depth <= 0) {
        if (settings.onRootMove)
            for (std::size_t i = 0; i < result.size(); ++i) settings.onRootMove(i, result[i].first, 0);
        return result;
    }

    std::unique_ptr<PerftHash> hash;
    if (settings.hashMB > 0) hash = std::make_unique<PerftHash>(settings.hashMB);

    std::atomic<std::size_t> next{0};
    std::mutex reporting;
    auto worker = [&] {
        for (std::size_t i; (i = next.fetch_add(1)) < result.size();) {
            Board child = pos.board();
            child.play(result[i].first, pos.rules());
            result[i].second = count_any<false>(child, pos.rules(), depth - 1, hash.get(), nullptr);
            if (settings.onRootMove) {
                std::lock_guard lock(reporting);
                settings.onRootMove(i, result[i].first, result[i].second);
            }
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
