// Attack tables against the slow ray-walking oracle, for both slider backends.
#include <doctest/doctest.h>

#include <random>

#include "movegen/attacks.h"

using namespace vireo;

namespace {

template <class Tables>
void check_against_oracle(const Tables& t) {
    std::mt19937_64 rng(20261122);
    for (int sq = 0; sq < 64; ++sq) {
        const Square s = Square(sq);
        std::vector<Bitboard> occupancies = {0, ~Bitboard(0), bb(s)};
        for (int i = 0; i < 3000; ++i) {
            // Sparse, medium and dense boards.
            const Bitboard r = rng();
            occupancies.push_back(i % 3 == 0 ? r & rng() & rng() : i % 3 == 1 ? r & rng() : r);
        }
        for (Bitboard occ : occupancies) {
            REQUIRE(t.bishop(s, occ) == slow_bishop_attacks(s, occ));
            REQUIRE(t.rook(s, occ) == slow_rook_attacks(s, occ));
        }
    }
}

}  // namespace

TEST_CASE("PEXT slider tables equal the ray walker on every square") { check_against_oracle(PextSliders()); }

TEST_CASE("PEXT/PDEP (16-bit) slider tables equal the ray walker on every square") { check_against_oracle(PdepSliders()); }

TEST_CASE("magic slider tables equal the ray walker on every square") { check_against_oracle(MagicSliders()); }

TEST_CASE("the engine's attacks<> entry point") {
    CHECK(attacks<ROOK>(A1, 0) == ((FILE_A | RANK_1) & ~bb(A1)));
    CHECK(attacks<BISHOP>(D4, bb(F6)) == slow_bishop_attacks(D4, bb(F6)));
    CHECK(attacks<QUEEN>(E4, bb(E6) | bb(C2)) == (slow_rook_attacks(E4, bb(E6)) | slow_bishop_attacks(E4, bb(C2))));
    CHECK(attacks(KNIGHT, G1, 0) == (bb(E2) | bb(F3) | bb(H3)));
    CHECK(attacks(KING, H8, 0) == (bb(G8) | bb(G7) | bb(H7)));
}

TEST_CASE("step attacks and pawn attacks") {
    for (int sq = 0; sq < 64; ++sq) {
        const Square s = Square(sq);
        // Knight moves are symmetric, and two files or ranks apart in one direction, one in the other.
        for (Bitboard t = KNIGHT_ATTACKS[s]; t;) {
            const Square u = pop_lsb(t);
            CHECK((KNIGHT_ATTACKS[u] & bb(s)) != 0);
            const int df = std::abs(file_of(s) - file_of(u)), dr = std::abs(rank_of(s) - rank_of(u));
            CHECK(((df == 1 && dr == 2) || (df == 2 && dr == 1)));
        }
        CHECK(popcount(KING_ATTACKS[s]) == ((file_of(s) % 7 ? 3 : 2) * (rank_of(s) % 7 ? 3 : 2) - 1));
        CHECK(PAWN_ATTACKS[WHITE][s] == pawn_attacks<WHITE>(bb(s)));
        CHECK(PAWN_ATTACKS[BLACK][s] == pawn_attacks<BLACK>(bb(s)));
    }
    CHECK(PAWN_ATTACKS[WHITE][E4] == (bb(D5) | bb(F5)));
    CHECK(PAWN_ATTACKS[BLACK][A5] == bb(B4));
}

TEST_CASE("between and line tables") {
    for (int a = 0; a < 64; ++a)
        for (int b = 0; b < 64; ++b) {
            const Square sa = Square(a), sb = Square(b);
            CHECK(between_bb(sa, sb) == between_bb(sb, sa));
            CHECK(line_bb(sa, sb) == line_bb(sb, sa));
            if (line_bb(sa, sb)) {
                CHECK((line_bb(sa, sb) & bb(sa)) != 0);
                CHECK((between_bb(sa, sb) & ~line_bb(sa, sb)) == 0);
                // Between is exactly the part of the line the two squares' rays share.
                CHECK(popcount(between_bb(sa, sb)) ==
                      std::max(std::abs(file_of(sa) - file_of(sb)), std::abs(rank_of(sa) - rank_of(sb))) - 1);
            } else {
                CHECK(between_bb(sa, sb) == 0);
            }
        }
}
