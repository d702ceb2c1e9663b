// Attack tables: every slider backend against the ray-walking reference, the step tables against
// hand-picked squares and geometric rules, and the line/between tables against a geometric oracle.
// The sliders are also checked against a 10x12 mailbox walk written apart from the engine.
#include <doctest/doctest.h>

#include <cstdlib>
#include <memory>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "movegen/attacks.h"

using namespace vireo;

namespace {

Bitboard squares_bb(std::initializer_list<Square> list) {
    Bitboard b = 0;
    for (Square s : list) b |= bb(s);
    return b;
}

std::string sq_name(int s) { return std::string{char('a' + s % 8), char('1' + s / 8)}; }

// Occupancies for one square: empty and full board, the square alone, and random boards of several
// densities; half of the random ones are restricted to the square's own rays, where every blocker matters.
std::vector<Bitboard> occupancies_for(Square s, std::mt19937_64& rng, int randomCount) {
    std::vector<Bitboard> occ = {0, ~Bitboard(0), bb(s), ~bb(s)};
    const Bitboard rays = slow_rook_attacks(s, 0) | slow_bishop_attacks(s, 0);
    for (int i = 0; i < randomCount; ++i) {
        Bitboard r = rng();
        switch (i % 4) {
        case 0: r &= rng() & rng(); break;  // about 8 pieces
        case 1: r &= rng(); break;          // about 16
        case 2: break;                      // about 32
        case 3: r |= rng(); break;          // about 48
        }
        if (i % 2) r &= rays;
        occ.push_back(r);
    }
    return occ;
}

// Compares a backend with the slow reference; returns the number of lookups compared.
template <class Tables>
long compare_backend(const Tables& tables, const char* name) {
    std::mt19937_64 rng(0x5EED0A77AC4ULL);  // fixed seed: the same boards on every run
    long compared = 0;
    for (int sq = 0; sq < 64; ++sq) {
        const Square s = Square(sq);
        for (Bitboard occ : occupancies_for(s, rng, 4000)) {
            const Bitboard bishop = tables.bishop(s, occ), rook = tables.rook(s, occ);
            if (bishop != slow_bishop_attacks(s, occ) || rook != slow_rook_attacks(s, occ)) {
                // One failure names the square and board; stop there rather than flood the log.
                FAIL(name << ": wrong attacks on " << sq_name(sq) << " with occupancy 0x" << std::hex << occ);
            }
            compared += 2;
        }
    }
    return compared;
}

}  // namespace

TEST_CASE("slider attacks: PEXT backend equals the ray walker on every square") {
    const auto tables = std::make_unique<PextSliders>();  // a local instance, not the engine's SLIDERS
    const long n = compare_backend(*tables, "PextSliders");
    CHECK(n == 64L * 4004 * 2);
}

TEST_CASE("slider attacks: magic backend equals the ray walker on every square") {
    const auto tables = std::make_unique<MagicSliders>();
    const long n = compare_backend(*tables, "MagicSliders");
    CHECK(n == 64L * 4004 * 2);
}

TEST_CASE("slider attacks: PEXT+PDEP backend equals the ray walker on every square") {
    const auto tables = std::make_unique<PdepSliders>();
    const long n = compare_backend(*tables, "PdepSliders");
    CHECK(n == 64L * 4004 * 2);
}

TEST_CASE("slider attacks: known boards") {
    const auto pext = std::make_unique<PextSliders>();
    const auto magic = std::make_unique<MagicSliders>();
    const auto pdep = std::make_unique<PdepSliders>();
    // Rook on a1, empty board: the a-file and the first rank.
    const Bitboard a1Rook = (FILE_A | RANK_1) & ~bb(A1);
    CHECK(pext->rook(A1, 0) == a1Rook);
    CHECK(magic->rook(A1, 0) == a1Rook);
    CHECK(pdep->rook(A1, 0) == a1Rook);
    // Rook on d4 blocked by d6, b4 and g4 (blockers included, nothing beyond them); d1 and d2 open.
    const Bitboard occ = squares_bb({D6, B4, G4, D4});
    const Bitboard d4Rook = squares_bb({D5, D6, D3, D2, D1, C4, B4, E4, F4, G4});
    CHECK(pext->rook(D4, occ) == d4Rook);
    CHECK(magic->rook(D4, occ) == d4Rook);
    CHECK(pdep->rook(D4, occ) == d4Rook);
    // Bishop on c1 with a pawn on d2: only b2 and a3 remain besides d2.
    const Bitboard c1Bishop = squares_bb({D2, B2, A3});
    CHECK(pext->bishop(C1, bb(D2)) == c1Bishop);
    CHECK(magic->bishop(C1, bb(D2)) == c1Bishop);
    CHECK(pdep->bishop(C1, bb(D2)) == c1Bishop);
    // Full board: every slider sees just its neighbours.
    CHECK(pext->bishop(E4, ~Bitboard(0)) == squares_bb({D3, F3, D5, F5}));
    CHECK(magic->rook(H8, ~Bitboard(0)) == squares_bb({G8, H7}));
    CHECK(pdep->rook(A8, ~Bitboard(0)) == squares_bb({B8, A7}));
    // The engine's own tables through the attacks<> entry point, whichever backend the build chose.
    MESSAGE("engine slider backend: " << std::string(SLIDER_BACKEND));
    CHECK(attacks<ROOK>(D4, occ) == d4Rook);
    CHECK(attacks<BISHOP>(C1, bb(D2)) == c1Bishop);
    CHECK(attacks<QUEEN>(D4, occ) == (d4Rook | slow_bishop_attacks(D4, occ)));
    CHECK(attacks(QUEEN, A8, 0) == (slow_rook_attacks(A8, 0) | slow_bishop_attacks(A8, 0)));
}

TEST_CASE("the engine's SLIDERS table equals the reference on random boards") {
    std::mt19937_64 rng(77);
    for (int sq = 0; sq < 64; ++sq) {
        const Square s = Square(sq);
        for (Bitboard occ : occupancies_for(s, rng, 500)) {
            REQUIRE(SLIDERS.bishop(s, occ) == slow_bishop_attacks(s, occ));
            REQUIRE(SLIDERS.rook(s, occ) == slow_rook_attacks(s, occ));
        }
    }
}

TEST_CASE("knight and king tables: spot checks") {
    CHECK(KNIGHT_ATTACKS[B1] == squares_bb({A3, C3, D2}));
    CHECK(KNIGHT_ATTACKS[G8] == squares_bb({E7, F6, H6}));
    CHECK(KNIGHT_ATTACKS[H8] == squares_bb({F7, G6}));
    CHECK(KNIGHT_ATTACKS[A1] == squares_bb({B3, C2}));
    CHECK(KNIGHT_ATTACKS[D4] == squares_bb({C2, E2, B3, F3, B5, F5, C6, E6}));
    CHECK(KNIGHT_ATTACKS[H5] == squares_bb({G3, F4, F6, G7}));
    CHECK(KING_ATTACKS[E1] == squares_bb({D1, F1, D2, E2, F2}));
    CHECK(KING_ATTACKS[A8] == squares_bb({B8, A7, B7}));
    CHECK(KING_ATTACKS[H4] == squares_bb({H3, G3, G4, G5, H5}));
    CHECK(KING_ATTACKS[D5] == squares_bb({C4, D4, E4, C5, E5, C6, D6, E6}));
}

TEST_CASE("knight and king tables: geometry on every square") {
    int knightMoves = 0, kingMoves = 0;
    for (int a = 0; a < 64; ++a) {
        for (int b = 0; b < 64; ++b) {
            const int df = std::abs(a % 8 - b % 8), dr = std::abs(a / 8 - b / 8);
            const bool knight = (df == 1 && dr == 2) || (df == 2 && dr == 1);
            const bool king = a != b && df <= 1 && dr <= 1;
            INFO(sq_name(a) << " -> " << sq_name(b));
            CHECK(bool(KNIGHT_ATTACKS[a] & bb(Square(b))) == knight);
            CHECK(bool(KING_ATTACKS[a] & bb(Square(b))) == king);
            knightMoves += knight;
            kingMoves += king;
        }
    }
    // The well-known totals of knight and king moves on an empty board.
    CHECK(knightMoves == 336);
    CHECK(kingMoves == 420);
}

TEST_CASE("pawn attack tables") {
    CHECK(PAWN_ATTACKS[WHITE][E4] == squares_bb({D5, F5}));
    CHECK(PAWN_ATTACKS[WHITE][A2] == bb(B3));
    CHECK(PAWN_ATTACKS[WHITE][H7] == bb(G8));
    CHECK(PAWN_ATTACKS[BLACK][E7] == squares_bb({D6, F6}));
    CHECK(PAWN_ATTACKS[BLACK][A5] == bb(B4));
    CHECK(PAWN_ATTACKS[BLACK][H2] == bb(G1));
    for (int s = 0; s < 64; ++s) {
        INFO(sq_name(s));
        const int f = s % 8, r = s / 8;
        Bitboard white = 0, black = 0;
        for (int df : {-1, 1}) {
            if (f + df < 0 || f + df > 7) continue;
            if (r < 7) white |= bb(Square(s + 8 + df));
            if (r > 0) black |= bb(Square(s - 8 + df));
        }
        CHECK(PAWN_ATTACKS[WHITE][s] == white);
        CHECK(PAWN_ATTACKS[BLACK][s] == black);
        CHECK(pawn_attacks<WHITE>(bb(Square(s))) == white);
        CHECK(pawn_attacks<BLACK>(bb(Square(s))) == black);
    }
    // Set-wise: all white pawns of the start position attack the whole third rank.
    CHECK(pawn_attacks<WHITE>(rank_bb(1)) == rank_bb(2));
    CHECK(pawn_attacks<BLACK>(bb(A7) | bb(H7)) == (bb(B6) | bb(G6)));
}

namespace {

// Geometric oracle for lines: a and b share a rank, file or diagonal.
bool on_queen_line(int a, int b) {
    const int df = b % 8 - a % 8, dr = b / 8 - a / 8;
    return a != b && (df == 0 || dr == 0 || std::abs(df) == std::abs(dr));
}

// c lies on the infinite line through a and b (cross product zero).
bool collinear(int a, int b, int c) {
    const int x1 = b % 8 - a % 8, y1 = b / 8 - a / 8, x2 = c % 8 - a % 8, y2 = c / 8 - a / 8;
    return x1 * y2 - x2 * y1 == 0;
}

// c lies strictly between a and b on their segment (a and b on a queen line).
bool strictly_between(int a, int b, int c) {
    if (!collinear(a, b, c) || c == a || c == b) return false;
    const int x1 = b % 8 - a % 8, y1 = b / 8 - a / 8, x2 = c % 8 - a % 8, y2 = c / 8 - a / 8;
    const int dot = x1 * x2 + y1 * y2;
    return dot > 0 && dot < x1 * x1 + y1 * y1;
}

}  // namespace

TEST_CASE("line_bb and between_bb against geometry") {
    int alignedPairs = 0;
    for (int a = 0; a < 64; ++a) {
        for (int b = 0; b < 64; ++b) {
            const Square sa = Square(a), sb = Square(b);
            INFO(sq_name(a) << " " << sq_name(b));
            if (!on_queen_line(a, b)) {
                CHECK(line_bb(sa, sb) == 0);
                CHECK(between_bb(sa, sb) == 0);
                continue;
            }
            ++alignedPairs;
            Bitboard line = 0, between = 0;
            for (int c = 0; c < 64; ++c) {
                if (collinear(a, b, c)) line |= bb(Square(c));
                if (strictly_between(a, b, c)) between |= bb(Square(c));
            }
            CHECK(line_bb(sa, sb) == line);
            CHECK(between_bb(sa, sb) == between);
        }
    }
    // Each square sees 14 squares along ranks and files; the diagonal counts add up to 560.
    CHECK(alignedPairs == 64 * 14 + 560);
}

TEST_CASE("line_bb and between_bb properties") {
    for (int a = 0; a < 64; ++a) {
        const Square sa = Square(a);
        CHECK(line_bb(sa, sa) == 0);
        CHECK(between_bb(sa, sa) == 0);
        for (int b = 0; b < 64; ++b) {
            const Square sb = Square(b);
            INFO(sq_name(a) << " " << sq_name(b));
            const Bitboard line = line_bb(sa, sb), between = between_bb(sa, sb);
            CHECK(line == line_bb(sb, sa));
            CHECK(between == between_bb(sb, sa));
            if (!line) continue;
            // The line runs edge to edge through both squares and is the same from any of its squares.
            CHECK((line & bb(sa)));
            CHECK((line & bb(sb)));
            CHECK(popcount(line) >= 2);
            for (Bitboard rest = line & ~bb(sa); rest;) CHECK(line_bb(sa, pop_lsb(rest)) == line);
            // Between: inside the line, without the two ends, as long as the distance minus one, and
            // exactly what a slider on one end sees of the other with only the other occupied.
            CHECK((between & ~line) == 0);
            CHECK((between & (bb(sa) | bb(sb))) == 0);
            const int distance = std::max(std::abs(a % 8 - b % 8), std::abs(a / 8 - b / 8));
            CHECK(popcount(between) == distance - 1);
            const Bitboard seen = (slow_rook_attacks(sa, bb(sb)) & slow_rook_attacks(sb, bb(sa))) |
                                  (slow_bishop_attacks(sa, bb(sb)) & slow_bishop_attacks(sb, bb(sa)));
            CHECK(between == (seen & line & ~(bb(sa) | bb(sb))));
            // Splitting at a middle square: between(a,c) + c + between(c,b) = between(a,b).
            for (Bitboard mid = between; mid;) {
                const Square c = pop_lsb(mid);
                CHECK((between_bb(sa, c) | bb(c) | between_bb(c, sb)) == between);
                CHECK(aligned(sa, sb, c));
            }
        }
    }
}

// An oracle apart from the engine's ray walker: a 10x12 mailbox (the 8x8 board inside a border of
// off-board cells), stepping by direction offsets until the border or a blocker (included).
namespace mailbox {

constexpr int OFF = -1;
constexpr int ROOK_STEPS[4] = {1, -1, 10, -10};
constexpr int BISHOP_STEPS[4] = {9, 11, -9, -11};

constexpr int cell_of(int sq) { return 21 + sq % 8 + 10 * (sq / 8); }

struct Board120 {
    int square[120];  // the 0..63 square of a cell, or OFF
    Board120() {
        for (int& c : square) c = OFF;
        for (int sq = 0; sq < 64; ++sq) square[cell_of(sq)] = sq;
    }
};

Bitboard walk(int sq, Bitboard occ, const int (&steps)[4]) {
    static const Board120 board;
    Bitboard out = 0;
    for (int step : steps) {
        for (int c = cell_of(sq) + step; board.square[c] != OFF; c += step) {
            out |= Bitboard(1) << board.square[c];
            if (occ & (Bitboard(1) << board.square[c])) break;
        }
    }
    return out;
}

Bitboard rook(int sq, Bitboard occ) { return walk(sq, occ, ROOK_STEPS); }
Bitboard bishop(int sq, Bitboard occ) { return walk(sq, occ, BISHOP_STEPS); }

}  // namespace mailbox

namespace {

// Occupancies for the mailbox comparison: edge cases (empty, full, everything but the square, each
// single blocker, the board's rim) and seeded random boards of several densities.
std::vector<Bitboard> oracle_occupancies(int sq, std::mt19937_64& rng, int randomCount) {
    constexpr Bitboard RIM = 0xFF818181818181FFULL;
    std::vector<Bitboard> occ = {0, ~Bitboard(0), ~(Bitboard(1) << sq), RIM, ~RIM};
    for (int b = 0; b < 64; ++b) occ.push_back(Bitboard(1) << b);
    for (int i = 0; i < randomCount; ++i) {
        Bitboard r = rng();
        if (i % 3 == 0) r &= rng() & rng();
        else if (i % 3 == 1) r &= rng();
        occ.push_back(r);
    }
    return occ;
}

// The first board where f differs from the mailbox walk for that piece, as text; empty if none.
template <class F>
std::string first_difference(F f, PieceType pt, int randomCount) {
    std::mt19937_64 rng(0xB0A12D5EEDULL);  // fixed seed: the same boards on every run
    for (int sq = 0; sq < 64; ++sq) {
        for (Bitboard occ : oracle_occupancies(sq, rng, randomCount)) {
            const Bitboard expected = pt == BISHOP ? mailbox::bishop(sq, occ)
                                      : pt == ROOK ? mailbox::rook(sq, occ)
                                                   : mailbox::bishop(sq, occ) | mailbox::rook(sq, occ);
            const Bitboard got = f(Square(sq), occ);
            if (got != expected) {
                std::ostringstream os;
                os << "on " << sq_name(sq) << " with occupancy 0x" << std::hex << occ << ": 0x" << got
                   << " instead of 0x" << expected;
                return os.str();
            }
        }
    }
    return "";
}

}  // namespace

TEST_CASE("the mailbox oracle: known attack sets") {
    CHECK(mailbox::rook(A1, 0) == ((FILE_A | RANK_1) & ~bb(A1)));
    CHECK(popcount(mailbox::bishop(D4, 0)) == 13);
    CHECK(popcount(mailbox::rook(D4, 0) | mailbox::bishop(D4, 0)) == 27);
    CHECK(mailbox::bishop(H1, 0) == squares_bb({G2, F3, E4, D5, C6, B7, A8}));
    CHECK(mailbox::rook(E4, squares_bb({E6, C4, E2, G4})) == squares_bb({E5, E6, D4, C4, E3, E2, F4, G4}));
    CHECK(mailbox::bishop(C1, ~Bitboard(0)) == squares_bb({B2, D2}));
}

TEST_CASE("slider attacks: attacks<BISHOP/ROOK/QUEEN> equal the mailbox walk on every square") {
    for (PieceType pt : {BISHOP, ROOK, QUEEN}) {
        CAPTURE(pt);
        const std::string diff = first_difference(
            [pt](Square s, Bitboard occ) {
                return pt == BISHOP ? attacks<BISHOP>(s, occ)
                       : pt == ROOK ? attacks<ROOK>(s, occ)
                                    : attacks<QUEEN>(s, occ);
            },
            pt, 3000);
        CHECK_MESSAGE(diff.empty(), diff);
    }
}

TEST_CASE("the mailbox oracle catches ray bugs") {
    // Rays that run on past a blocker, and rays that wrap around the board's edge: both must fail.
    const auto past_blocker = [](Square s, Bitboard occ) {
        Bitboard a = attacks<ROOK>(s, occ);
        for (Bitboard blockers = a & occ; blockers;) {
            const Square b = pop_lsb(blockers);
            if (rank_of(b) == rank_of(s) && file_of(b) + 1 < 8 && b > s) a |= bb(Square(b + 1));
        }
        return a;
    };
    CHECK_FALSE(first_difference(past_blocker, ROOK, 50).empty());
    const auto wrapping = [](Square s, Bitboard occ) {
        Bitboard a = attacks<BISHOP>(s, occ);
        if (file_of(s) == 7 && s + 9 < 64 && !(occ & bb(s))) a |= bb(Square(s + 9));  // h-file to the a-file
        return a;
    };
    CHECK_FALSE(first_difference(wrapping, BISHOP, 50).empty());
    const auto exact = [](Square s, Bitboard occ) { return attacks<QUEEN>(s, occ); };
    CHECK(first_difference(exact, QUEEN, 50).empty());
}
