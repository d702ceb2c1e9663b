// Bitboard helpers and the constant tables of non-sliding attacks, lines and rays.
#pragma once

#include <algorithm>
#include <array>
#include <bit>

#include "types.h"

namespace vireo {

constexpr Bitboard FILE_A = 0x0101010101010101ULL;
constexpr Bitboard FILE_H = FILE_A << 7;
constexpr Bitboard RANK_1 = 0xFFULL;
constexpr Bitboard RANK_8 = RANK_1 << 56;

constexpr Bitboard DARK_SQUARES = 0xAA55AA55AA55AA55ULL;  // a1 is dark
constexpr Bitboard bb(Square s) { return Bitboard(1) << s; }
constexpr Bitboard file_bb(int f) { return FILE_A << f; }
constexpr Bitboard rank_bb(int r) { return RANK_1 << (8 * r); }
// King steps between two squares (Chebyshev distance).
constexpr int distance(Square a, Square b) {
    const int df = file_of(a) - file_of(b), dr = rank_of(a) - rank_of(b);
    return std::max(df < 0 ? -df : df, dr < 0 ? -dr : dr);
}

constexpr int popcount(Bitboard b) { return std::popcount(b); }
constexpr Square lsb(Bitboard b) { return Square(std::countr_zero(b)); }
constexpr Square msb(Bitboard b) { return Square(63 - std::countl_zero(b)); }
constexpr bool more_than_one(Bitboard b) { return b & (b - 1); }
// Returns the lowest square of b and clears it.
constexpr Square pop_lsb(Bitboard& b) {
    Square s = lsb(b);
    b &= b - 1;
    return s;
}

// Shifts the whole board one step in a direction; bits that leave the board vanish.
enum Direction : int {
    NORTH = 8,
    SOUTH = -8,
    EAST = 1,
    WEST = -1,
    NORTH_EAST = 9,
    NORTH_WEST = 7,
    SOUTH_EAST = -7,
    SOUTH_WEST = -9
};
template <Direction D>
constexpr Bitboard shift(Bitboard b) {
    if constexpr (D == NORTH) return b << 8;
    else if constexpr (D == SOUTH) return b >> 8;
    else if constexpr (D == EAST) return (b & ~FILE_H) << 1;
    else if constexpr (D == WEST) return (b & ~FILE_A) >> 1;
    else if constexpr (D == NORTH_EAST) return (b & ~FILE_H) << 9;
    else if constexpr (D == NORTH_WEST) return (b & ~FILE_A) << 7;
    else if constexpr (D == SOUTH_EAST) return (b & ~FILE_H) >> 7;
    else return (b & ~FILE_A) >> 9;
}

// Squares attacked by pawns of colour C standing on the squares of b.
template <Color C>
constexpr Bitboard pawn_attacks(Bitboard b) {
    return C == WHITE ? shift<NORTH_WEST>(b) | shift<NORTH_EAST>(b) : shift<SOUTH_WEST>(b) | shift<SOUTH_EAST>(b);
}

namespace detail {

constexpr bool on_board(int f, int r) { return f >= 0 && f < 8 && r >= 0 && r < 8; }

constexpr Bitboard step_attacks(Square s, const int (&df)[8], const int (&dr)[8]) {
    Bitboard b = 0;
    for (int i = 0; i < 8; ++i)
        if (on_board(file_of(s) + df[i], rank_of(s) + dr[i]))
            b |= bb(make_square(file_of(s) + df[i], rank_of(s) + dr[i]));
    return b;
}

constexpr auto make_knight_table() {
    constexpr int df[8] = {1, 2, 2, 1, -1, -2, -2, -1}, dr[8] = {2, 1, -1, -2, -2, -1, 1, 2};
    std::array<Bitboard, 64> t{};
    for (int s = 0; s < 64; ++s) t[s] = step_attacks(Square(s), df, dr);
    return t;
}
constexpr auto make_king_table() {
    constexpr int df[8] = {1, 1, 1, 0, -1, -1, -1, 0}, dr[8] = {1, 0, -1, -1, -1, 0, 1, 1};
    std::array<Bitboard, 64> t{};
    for (int s = 0; s < 64; ++s) t[s] = step_attacks(Square(s), df, dr);
    return t;
}
constexpr auto make_pawn_table() {
    std::array<std::array<Bitboard, 64>, 2> t{};
    for (int s = 0; s < 64; ++s) {
        t[WHITE][s] = pawn_attacks<WHITE>(bb(Square(s)));
        t[BLACK][s] = pawn_attacks<BLACK>(bb(Square(s)));
    }
    return t;
}

// Slow slider attacks by walking rays until a blocker: the table builder and the tests' oracle.
constexpr Bitboard ray_walk(Square s, Bitboard occ, int df, int dr) {
    Bitboard b = 0;
    for (int f = file_of(s) + df, r = rank_of(s) + dr; on_board(f, r); f += df, r += dr) {
        b |= bb(make_square(f, r));
        if (occ & bb(make_square(f, r))) break;
    }
    return b;
}

}  // namespace detail

// Reference slider attacks (slow, exact); used to build the fast tables and to test them.
constexpr Bitboard slow_bishop_attacks(Square s, Bitboard occ) {
    using detail::ray_walk;
    return ray_walk(s, occ, 1, 1) | ray_walk(s, occ, 1, -1) | ray_walk(s, occ, -1, 1) | ray_walk(s, occ, -1, -1);
}
constexpr Bitboard slow_rook_attacks(Square s, Bitboard occ) {
    using detail::ray_walk;
    return ray_walk(s, occ, 1, 0) | ray_walk(s, occ, -1, 0) | ray_walk(s, occ, 0, 1) | ray_walk(s, occ, 0, -1);
}

inline constexpr auto KNIGHT_ATTACKS = detail::make_knight_table();
inline constexpr auto EMPTY_ROOK_RAYS = [] {
    std::array<Bitboard, 64> t{};
    for (int s = 0; s < 64; ++s) t[s] = slow_rook_attacks(Square(s), 0);
    return t;
}();
inline constexpr auto EMPTY_BISHOP_RAYS = [] {
    std::array<Bitboard, 64> t{};
    for (int s = 0; s < 64; ++s) t[s] = slow_bishop_attacks(Square(s), 0);
    return t;
}();
inline constexpr auto KING_ATTACKS = detail::make_king_table();
inline constexpr auto PAWN_ATTACKS = detail::make_pawn_table();

namespace detail {
// LINE[a][b]: the whole line (edge to edge) through a and b, or 0 if they share none.
// BETWEEN[a][b]: the squares strictly between a and b on their line, or 0.
struct LineTables {
    std::array<std::array<Bitboard, 64>, 64> line{}, between{};
};
// Built ray by ray (each square, each of the eight directions): some 30,000 steps of constant
// evaluation, where testing every pair of squares with the slow slider attacks took millions, which
// clang spent seconds on in every file that includes this header.
constexpr LineTables make_line_tables() {
    LineTables t{};
    constexpr int dirs[8][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {-1, -1}, {1, -1}, {-1, 1}};
    for (int a = 0; a < 64; ++a) {
        const Square sa = Square(a);
        for (const auto& [df, dr] : dirs) {
            const Bitboard ray = ray_walk(sa, 0, df, dr);
            const Bitboard line = ray | ray_walk(sa, 0, -df, -dr) | bb(sa);
            for (Bitboard squares = ray; squares;) {
                const Square sb = pop_lsb(squares);
                t.line[a][sb] = line;
                t.between[a][sb] = ray_walk(sa, bb(sb), df, dr) & ~bb(sb);
            }
        }
    }
    return t;
}
}  // namespace detail

inline constexpr detail::LineTables LINES = detail::make_line_tables();
constexpr Bitboard line_bb(Square a, Square b) { return LINES.line[a][b]; }
constexpr Bitboard between_bb(Square a, Square b) { return LINES.between[a][b]; }
constexpr bool aligned(Square a, Square b, Square c) { return line_bb(a, b) & bb(c); }

static_assert(popcount(KNIGHT_ATTACKS[A1]) == 2 && popcount(KNIGHT_ATTACKS[E4]) == 8);
static_assert(KING_ATTACKS[A1] == (bb(B1) | bb(A2) | bb(B2)));
static_assert(between_bb(A1, H8) == (bb(B2) | bb(C3) | bb(D4) | bb(E5) | bb(F6) | bb(G7)));
static_assert(between_bb(A1, B3) == 0 && line_bb(A1, B3) == 0);

}  // namespace vireo
