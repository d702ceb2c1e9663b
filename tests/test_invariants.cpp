// Invariants checked at every node of full legal-move trees grown from suite positions:
//
//   - the incremental key and pawn key equal Board::compute_key() / compute_pawn_key();
//   - bitboards and mailbox agree;
//   - do_move then undo_move gives back the identical Board;
//   - has_legal_move, count_legal and the move list agree;
//   - generate<CAPTURES> and generate<QUIETS> split generate<ALL> exactly (no duplicates, nothing
//     missing or extra) and each move lands in the right half;
//   - every legal move survives to_uci -> parse_move, in the position's own notation and (castling) in
//     the other one;
//   - checkers() equals the attackers a slow mailbox scan finds, and no legal move leaves the mover's
//     king attacked; gives_check() (a move played on a copy) and CheckSquares::gives_check() (the
//     search's, without playing it) agree with the position after the move;
//   - key_after() (the search's prefetch) equals the key after a normal move that changes no
//     castling right and leaves no en-passant square;
//   - at a sample of nodes, is_legal() accepts exactly the listed moves among all 65,536 16-bit moves.
#include <doctest/doctest.h>

#include <algorithm>
#include <bitset>
#include <cstdlib>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "movegen/checks.h"
#include "movegen/position.h"
#include "perft_suite.h"

using namespace vireo;

namespace {

// ---- Slow, independent attack oracle (mailbox only) ----

// Whether the piece p on square from attacks square to, on the mailbox `squares`.
bool piece_attacks(const Board& b, Piece p, int from, int to) {
    const int df = to % 8 - from % 8, dr = to / 8 - from / 8;
    const int adf = std::abs(df), adr = std::abs(dr);
    if (from == to) return false;
    switch (type_of(p)) {
    case PAWN: return adf == 1 && dr == (color_of(p) == WHITE ? 1 : -1);
    case KNIGHT: return (adf == 1 && adr == 2) || (adf == 2 && adr == 1);
    case KING: return adf <= 1 && adr <= 1;
    default: break;
    }
    const bool straight = df == 0 || dr == 0, diagonal = adf == adr;
    const PieceType t = type_of(p);
    if (!((straight && (t == ROOK || t == QUEEN)) || (diagonal && (t == BISHOP || t == QUEEN)))) return false;
    const int stepF = (df > 0) - (df < 0), stepR = (dr > 0) - (dr < 0);
    for (int f = from % 8 + stepF, r = from / 8 + stepR; f + 8 * r != to; f += stepF, r += stepR)
        if (b.piece_on(make_square(f, r)) != NO_PIECE) return false;
    return true;
}

// Squares of colour c's pieces that attack s.
Bitboard slow_attackers(const Board& b, Square s, Color c) {
    Bitboard result = 0;
    for (int from = 0; from < 64; ++from) {
        const Piece p = b.piece_on(Square(from));
        if (p != NO_PIECE && color_of(p) == c && piece_attacks(b, p, from, s)) result |= bb(Square(from));
    }
    return result;
}

Square king_square_slow(const Board& b, Color c) {
    for (int s = 0; s < 64; ++s)
        if (b.piece_on(Square(s)) == make_piece(c, KING)) return Square(s);
    return NO_SQUARE;
}

// ---- Board equality and consistency ----

// The first field in which two boards differ, or "" if they are identical.
std::string board_difference(const Board& a, const Board& b) {
    if (a.byType != b.byType) return "byType";
    if (a.byColor != b.byColor) return "byColor";
    if (a.squares != b.squares) return "squares";
    if (a.key != b.key) return "key";
    if (a.pawnKey != b.pawnKey) return "pawnKey";
    if (a.side != b.side) return "side";
    if (a.castling != b.castling) return "castling";
    if (a.ep != b.ep) return "ep";
    if (a.rule50 != b.rule50) return "rule50";
    if (a.pliesFromNull != b.pliesFromNull) return "pliesFromNull";
    if (a.captured != b.captured) return "captured";
    return "";
}

// What is wrong with the board's internal consistency, or "".
std::string board_inconsistency(const Board& b) {
    if (b.byColor[WHITE] & b.byColor[BLACK]) return "colours overlap";
    Bitboard types = 0;
    for (int t = 0; t < PIECE_TYPE_NB; ++t) {
        if (types & b.byType[t]) return "piece types overlap";
        types |= b.byType[t];
    }
    if (types != b.occupied()) return "types and colours cover different squares";
    for (int s = 0; s < 64; ++s) {
        const Piece p = b.piece_on(Square(s));
        if (p == NO_PIECE) {
            if (b.occupied() & bb(Square(s))) return "a bitboard piece missing from the mailbox";
        } else if (type_of(p) > KING || !(b.pieces(color_of(p), type_of(p)) & bb(Square(s)))) {
            return "a mailbox piece missing from the bitboards";
        }
    }
    if (popcount(b.pieces(WHITE, KING)) != 1 || popcount(b.pieces(BLACK, KING)) != 1) return "not one king each";
    if (b.pieces(PAWN) & (RANK_1 | RANK_8)) return "a pawn on the first or last rank";
    if (b.ep != NO_SQUARE && !(PAWN_ATTACKS[~b.side][b.ep] & b.pieces(b.side, PAWN)))
        return "an en-passant square no pawn of the side to move attacks";
    return "";
}

std::vector<std::uint16_t> sorted_raw(const MoveList& list) {
    std::vector<std::uint16_t> v;
    for (Move m : list) v.push_back(m.raw());
    std::sort(v.begin(), v.end());
    return v;
}

bool has_duplicates(const std::vector<std::uint16_t>& sorted) {
    return std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end();
}

bool valid_uci_text(const std::string& t) {
    if (t.size() != 4 && t.size() != 5) return false;
    for (int i : {0, 2})
        if (t[i] < 'a' || t[i] > 'h' || t[i + 1] < '1' || t[i + 1] > '8') return false;
    return t.size() == 4 || std::string("nbrq").find(t[4]) != std::string::npos;
}

// ---- The walker ----

// Records a failure with the current node's FEN and move path; the message (stream syntax) is only
// built when the condition fails, which keeps the walk fast.
#define WALK_EXPECT(cond, message)           \
    do {                                     \
        if (!(cond)) {                       \
            std::ostringstream walkMessage_; \
            walkMessage_ << message;         \
            fail(walkMessage_.str());        \
        }                                    \
    } while (false)

class Walker {
public:
    Walker(Position& position, int sweepEvery) : pos(position), sweepEvery(sweepEvery) {}

    long nodes = 0, sweeps = 0, movesChecked = 0, failures = 0;

    void walk(int depth) {
        ++nodes;
        check_node();
        if (depth == 0) return;
        const Board before = pos.board();  // a copy: a reference is the board undo_move returns to
        const MoveList moves = pos.legal_moves();
        const CheckSquares checkSquares(before);
        for (Move m : moves) {
            const PieceType moved = type_of(before.piece_on(m.from()));
            const bool givesCheck = gives_check(before, pos.rules(), m, moved);
            WALK_EXPECT(checkSquares.gives_check(before, pos.rules(), m, moved) == givesCheck,
                        "CheckSquares::gives_check disagrees with gives_check for " << pos.to_uci(m));
            pos.do_move(m);
            path.push_back(m);
            const Board& after = pos.board();
            const Color mover = ~after.side;
            if (m.kind() == Move::NORMAL && after.castling == before.castling && after.ep == NO_SQUARE)
                WALK_EXPECT(before.key_after(m) == after.key, "key_after disagrees with the key after the move");
            WALK_EXPECT(!slow_attackers(after, king_square_slow(after, mover), after.side),
                        "the mover's king is attacked");
            WALK_EXPECT(givesCheck == (after.checkers() != 0),
                        "gives_check disagrees with the position after the move");
            walk(depth - 1);
            pos.undo_move();
            path.pop_back();
            const std::string diff = board_difference(pos.board(), before);
            WALK_EXPECT(diff.empty(), "undo_move did not restore the board: " << diff << " after " << pos.to_uci(m));
            if (failures > 20) FAIL("too many failures, stopping");
        }
    }

private:
    Position& pos;
    int sweepEvery;
    std::vector<Move> path;

    std::string where() const {
        std::ostringstream os;
        os << pos.fen() << " (chess960 " << pos.chess960() << ", reached by";
        for (Move m : path) os << ' ' << move_to_uci(m, pos.chess960());
        os << ")";
        return os.str();
    }

    void fail(const std::string& what) {
        ++failures;
        FAIL_CHECK(what << " at " << where());
    }

    void check_node() {
        const Board& b = pos.board();
        const CastlingRules& rules = pos.rules();
        WALK_EXPECT(b.key == b.compute_key(), "incremental key != compute_key()");
        WALK_EXPECT(b.pawnKey == b.compute_pawn_key(), "incremental pawn key != compute_pawn_key()");
        const std::string bad = board_inconsistency(b);
        WALK_EXPECT(bad.empty(), "inconsistent board: " << bad);

        // Check detection against the slow oracle.
        const Square king = king_square_slow(b, b.side);
        const Bitboard checkers = slow_attackers(b, king, ~b.side);
        WALK_EXPECT(b.checkers() == checkers, "checkers() differs from the attackers of the king");
        WALK_EXPECT(pos.in_check() == (checkers != 0), "in_check() wrong");

        // The move list and the counting / early-exit generators.
        const MoveList all = pos.legal_moves();
        WALK_EXPECT(count_legal(b, rules) == std::uint64_t(all.size()), "count_legal != legal_moves().size()");
        WALK_EXPECT(has_legal_move(b, rules) == !all.empty(), "has_legal_move != !legal_moves().empty()");

        // CAPTURES + QUIETS == ALL, as sets without duplicates; each move in its right half.
        MoveList captures, quiets;
        generate<CAPTURES>(b, rules, captures);
        generate<QUIETS>(b, rules, quiets);
        const auto allRaw = sorted_raw(all), capRaw = sorted_raw(captures), quietRaw = sorted_raw(quiets);
        WALK_EXPECT(!has_duplicates(allRaw), "duplicate move in generate<ALL>");
        WALK_EXPECT(!has_duplicates(capRaw), "duplicate move in generate<CAPTURES>");
        WALK_EXPECT(!has_duplicates(quietRaw), "duplicate move in generate<QUIETS>");
        std::vector<std::uint16_t> merged(capRaw);
        merged.insert(merged.end(), quietRaw.begin(), quietRaw.end());
        std::sort(merged.begin(), merged.end());
        WALK_EXPECT(merged == allRaw, "CAPTURES + QUIETS differ from ALL");
        for (Move m : captures) {
            const bool takes = m.kind() != Move::CASTLING && b.piece_on(m.to()) != NO_PIECE;
            WALK_EXPECT(takes || m.kind() == Move::EN_PASSANT || m.kind() == Move::PROMOTION,
                        "a CAPTURES move that neither captures nor promotes: " << pos.to_uci(m));
        }
        for (Move m : quiets) {
            const bool quiet =
                m.kind() == Move::CASTLING || (m.kind() == Move::NORMAL && b.piece_on(m.to()) == NO_PIECE);
            WALK_EXPECT(quiet, "a QUIETS move that captures or promotes: " << pos.to_uci(m));
        }
        // The one quiet-move test (movegen/board.h; the search's move ordering, datagen and the tuner
        // read it) agrees with the generator's split, castling and promotions included.
        for (Move m : captures)
            WALK_EXPECT(is_noisy(b, m) && !is_quiet(b, m), "a CAPTURES move not noisy: " << pos.to_uci(m));
        for (Move m : quiets)
            WALK_EXPECT(is_quiet(b, m) && !is_noisy(b, m), "a QUIETS move not quiet: " << pos.to_uci(m));

        // Move text round trips; every listed move passes is_legal.
        for (Move m : all) {
            ++movesChecked;
            const std::string text = pos.to_uci(m);
            WALK_EXPECT(valid_uci_text(text), "malformed UCI text " << text);
            WALK_EXPECT(pos.parse_move(text) == m, "parse_move(to_uci(m)) != m for " << text);
            WALK_EXPECT(is_legal(b, rules, m), "is_legal rejects the listed move " << text);
            if (m.kind() == Move::CASTLING) {
                // The other notation (e1g1 vs e1h1) parses to the same move, unless it is the text of
                // another legal move in this position's own notation (a Chess960 king step).
                const std::string other = move_to_uci(m, !pos.chess960());
                const Move parsed = pos.parse_move(other);
                bool shadowed = false;
                for (Move x : all) shadowed |= x != m && pos.to_uci(x) == other;
                WALK_EXPECT(shadowed ? parsed != m : parsed == m, "castling in the other notation: " << other);
            }
        }
        WALK_EXPECT(pos.parse_move("a1a1") == Move::none() && pos.parse_move("e2e4x") == Move::none(),
                    "parse_move accepted nonsense");

        // The full sweep of every 16-bit move at a sample of nodes.
        if (sweepEvery > 0 && nodes % sweepEvery == 1) {
            ++sweeps;
            auto legal = std::make_unique<std::bitset<65536>>();
            for (std::uint16_t r : allRaw) legal->set(r);
            long wrong = 0;
            std::uint16_t firstWrong = 0;
            for (int raw = 0; raw < 65536; ++raw) {
                if (is_legal(b, rules, Move(std::uint16_t(raw))) != legal->test(std::size_t(raw))) {
                    if (!wrong++) firstWrong = std::uint16_t(raw);
                }
            }
            WALK_EXPECT(wrong == 0, "is_legal disagrees with the move list on "
                                        << wrong << " of 65536 moves, e.g. raw 0x" << std::hex << firstWrong << std::dec
                                        << " (" << move_to_uci(Move(firstWrong), pos.chess960()) << ", kind "
                                        << (firstWrong >> 14) << ")");
        }
    }
};

struct WalkSpec {
    std::string fen;
    bool chess960;
    int depth;
};

void walk_all(const std::vector<WalkSpec>& specs, int sweepEvery, long minSweeps) {
    long nodes = 0, sweeps = 0, moves = 0;
    for (const WalkSpec& s : specs) {
        Position pos;
        const auto err = pos.set(s.fen, s.chess960);
        REQUIRE_MESSAGE(!err, s.fen << ": " << *err);
        const std::string fenBefore = pos.fen();
        Walker w(pos, sweepEvery);
        w.walk(s.depth);
        CHECK(pos.fen() == fenBefore);
        CHECK(pos.plies_played() == 0);
        nodes += w.nodes;
        sweeps += w.sweeps;
        moves += w.movesChecked;
    }
    MESSAGE(nodes << " nodes, " << moves << " moves round-tripped, " << sweeps << " sweeps of all 65536 moves");
    CHECK(sweeps >= minSweeps);
}

const char* const KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
const char* const CPW3 = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1";
const char* const CPW4 = "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1";
const char* const CPW4_MIRRORED = "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1";
const char* const CPW5 = "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8";

}  // namespace

TEST_CASE("invariants at every node: Kiwipete, depth 3") { walk_all({{KIWIPETE, false, 3}}, 50, 100); }

TEST_CASE("invariants at every node: CPW positions 3 (depth 4), 4, 4 mirrored, 5 (depth 3)") {
    walk_all({{CPW3, false, 4}, {CPW4, false, 3}, {CPW4_MIRRORED, false, 3}, {CPW5, false, 3}}, 50, 100);
}

TEST_CASE("invariants at every node: Chess960 positions, depth 3") {
    std::vector<WalkSpec> specs;
    const auto fischer = vireo_test::load_perft_suite("fischer.epd");
    for (std::size_t i : {0u, 137u, 480u, 959u}) specs.push_back({fischer.lines.at(i).fen, true, 3});
    const auto xfen = vireo_test::load_perft_suite("fischer_xfen.epd");
    for (std::size_t i : {0u, 39u}) specs.push_back({xfen.lines.at(i).fen, true, 3});
    walk_all(specs, 50, 100);
}

TEST_CASE("invariants at every node: every special.epd position, depth 2") {
    std::vector<WalkSpec> specs;
    for (const auto& line : vireo_test::load_perft_suite("special.epd").lines) specs.push_back({line.fen, false, 2});
    walk_all(specs, 50, 100);
}

TEST_CASE("invariants at every node: standard positions in Chess960 mode, depth 2-3") {
    // The same positions read with chess960 = true: castling is written king-takes-rook, and the
    // other notation must still parse.
    walk_all({{KIWIPETE, true, 2},
              {CPW4, true, 3},
              {CPW5, true, 2},
              {"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", true, 3},
              {"r3k2r/1b4bq/8/8/8/8/7B/R3K2R w KQkq - 0 1", true, 3}},
             50, 20);
}

namespace {

// Walks two positions in lockstep: the move lists (as raw moves) and keys must agree at every node.
long lockstep(Position& a, Position& b, int depth) {
    const MoveList ma = a.legal_moves(), mb = b.legal_moves();
    REQUIRE_MESSAGE(sorted_raw(ma) == sorted_raw(mb), "move lists differ at " << a.fen() << " / " << b.fen());
    REQUIRE(a.key() == b.key());
    long nodes = 1;
    if (depth == 0) return nodes;
    for (Move m : ma) {
        a.do_move(m);
        b.do_move(m);
        nodes += lockstep(a, b, depth - 1);
        a.undo_move();
        b.undo_move();
    }
    return nodes;
}

}  // namespace

TEST_CASE("a standard position generates the same moves with chess960 off and on") {
    long nodes = 0;
    for (const char* fen : {KIWIPETE, CPW4, CPW5, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"}) {
        Position standard, chess960;
        REQUIRE_FALSE(standard.set(fen, false));
        REQUIRE_FALSE(chess960.set(fen, true));
        nodes += lockstep(standard, chess960, 3);
    }
    MESSAGE(nodes << " nodes compared");
}

TEST_CASE("checkers() matches being in check, and no legal move leaves the mover's king attacked") {
    // Every suite position and the positions one ply later (two plies for the small files), each with
    // the positions its moves lead to.
    long nodes = 0, inCheck = 0;
    for (const std::string& name : vireo_test::perft_suite_names()) {
        const auto suite = vireo_test::load_perft_suite(name);
        const int depth = suite.chess960 ? 2 : 3;
        for (const auto& line : suite.lines) {
            Position pos;
            REQUIRE_FALSE(pos.set(line.fen, suite.chess960));
            // A small recursive walk with only the check-related tests.
            struct Check {
                Position& pos;
                long& nodes;
                long& inCheck;
                void run(int depth) {
                    const Board b = pos.board();
                    ++nodes;
                    const Bitboard slow = slow_attackers(b, king_square_slow(b, b.side), ~b.side);
                    REQUIRE_MESSAGE(b.checkers() == slow, "checkers() wrong at " << pos.fen());
                    REQUIRE(pos.in_check() == (slow != 0));
                    if (slow) ++inCheck;
                    const MoveList moves = pos.legal_moves();
                    for (Move m : moves) {
                        pos.do_move(m);
                        const Board& after = pos.board();
                        REQUIRE_MESSAGE(!slow_attackers(after, king_square_slow(after, b.side), after.side),
                                        pos.to_uci(m) << " leaves the mover's king attacked: " << pos.fen());
                        if (depth > 1) run(depth - 1);
                        pos.undo_move();
                    }
                }
            } walker{pos, nodes, inCheck};
            walker.run(depth);
        }
    }
    MESSAGE(nodes << " nodes, " << inCheck << " in check");
    CHECK(inCheck > 1000);
}

TEST_CASE("null move keeps the keys and undoes exactly") {
    Position pos;
    REQUIRE_FALSE(pos.set("rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3"));
    const Board before = pos.board();
    pos.do_null_move();
    CHECK(pos.board().key == pos.board().compute_key());
    CHECK(pos.board().pawnKey == pos.board().compute_pawn_key());
    CHECK(pos.board().ep == NO_SQUARE);
    CHECK(pos.side_to_move() == WHITE);
    pos.undo_null_move();
    CHECK(board_difference(pos.board(), before).empty());
}
