// Basic chess types: colours, pieces, squares, moves.
#pragma once

#include <cstdint>

namespace vireo {

// For the few hot functions whose inlining was measured to matter (perft, movegen). The sanitizer
// builds (VIREO_SANITIZE: CMakeLists.txt) leave inlining to the compiler: forced, it made
// movegen/perft.cpp take 125 s to compile under ASan+UBSan, 18 s without.
#ifdef VIREO_NO_FORCED_INLINE
#define VIREO_INLINE inline
#else
#define VIREO_INLINE inline __attribute__((always_inline))
#endif

using Bitboard = std::uint64_t;
using Key = std::uint64_t;

enum Color : std::uint8_t { WHITE, BLACK, COLOR_NB = 2 };
constexpr Color operator~(Color c) { return Color(c ^ 1); }

enum PieceType : std::uint8_t { PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING, PIECE_TYPE_NB = 6 };

// A piece is colour << 3 | type; NO_PIECE has type 7 so that type_of(NO_PIECE) is no real type.
enum Piece : std::uint8_t {
    W_PAWN = 0,
    W_KNIGHT,
    W_BISHOP,
    W_ROOK,
    W_QUEEN,
    W_KING,
    B_PAWN = 8,
    B_KNIGHT,
    B_BISHOP,
    B_ROOK,
    B_QUEEN,
    B_KING,
    NO_PIECE = 7,
    PIECE_NB = 16
};
constexpr Piece make_piece(Color c, PieceType pt) { return Piece((c << 3) | pt); }
constexpr PieceType type_of(Piece p) { return PieceType(p & 7); }
constexpr Color color_of(Piece p) { return Color(p >> 3); }

// Squares a1 = 0 ... h8 = 63, rank-major.
enum Square : std::uint8_t {
    A1,
    B1,
    C1,
    D1,
    E1,
    F1,
    G1,
    H1,
    A2,
    B2,
    C2,
    D2,
    E2,
    F2,
    G2,
    H2,
    A3,
    B3,
    C3,
    D3,
    E3,
    F3,
    G3,
    H3,
    A4,
    B4,
    C4,
    D4,
    E4,
    F4,
    G4,
    H4,
    A5,
    B5,
    C5,
    D5,
    E5,
    F5,
    G5,
    H5,
    A6,
    B6,
    C6,
    D6,
    E6,
    F6,
    G6,
    H6,
    A7,
    B7,
    C7,
    D7,
    E7,
    F7,
    G7,
    H7,
    A8,
    B8,
    C8,
    D8,
    E8,
    F8,
    G8,
    H8,
    NO_SQUARE = 64,
    SQUARE_NB = 64
};
constexpr int file_of(Square s) { return s & 7; }
constexpr int rank_of(Square s) { return s >> 3; }
constexpr Square make_square(int file, int rank) { return Square(rank * 8 + file); }
// The square as seen from `c`'s side (rank mirrored for black).
constexpr Square relative_square(Color c, Square s) { return Square(s ^ (c * 56)); }
constexpr int relative_rank(Color c, int rank) { return c == WHITE ? rank : 7 - rank; }

// Castling rights: one bit per side and wing.
enum CastlingRight : std::uint8_t {
    WHITE_OO = 1,
    WHITE_OOO = 2,
    BLACK_OO = 4,
    BLACK_OOO = 8,
    NO_CASTLING = 0,
    ALL_CASTLING = 15
};
// Index 0..3 of a single right: WHITE_OO -> 0, WHITE_OOO -> 1, BLACK_OO -> 2, BLACK_OOO -> 3.
constexpr int castling_index(Color c, bool kingSide) { return c * 2 + (kingSide ? 0 : 1); }

// A move fits in 16 bits:
//   bits  0-5   origin square
//   bits  6-11  destination square (for castling: the square of the castling rook)
//   bits 12-13  promotion piece minus KNIGHT (0 = knight ... 3 = queen), zero otherwise
//   bits 14-15  kind: 0 normal, 1 promotion, 2 en passant, 3 castling
// Castling is encoded as "king takes own rook", so Chess960 needs no special case.
// Move::none() (a1a1) and Move::null() (b1b1) are never legal moves.
class Move {
public:
    enum Kind : std::uint16_t { NORMAL = 0, PROMOTION = 1 << 14, EN_PASSANT = 2 << 14, CASTLING = 3 << 14 };

    constexpr Move() = default;
    constexpr explicit Move(std::uint16_t raw) : data(raw) {}
    constexpr Move(Square from, Square to) : data(std::uint16_t(from | (to << 6))) {}
    template <Kind K>
    static constexpr Move make(Square from, Square to, PieceType promo = KNIGHT) {
        return Move(std::uint16_t(K | ((promo - KNIGHT) << 12) | (to << 6) | from));
    }
    static constexpr Move none() { return Move(0); }
    static constexpr Move null() { return Move(std::uint16_t(B1 | (B1 << 6))); }

    constexpr Square from() const { return Square(data & 63); }
    constexpr Square to() const { return Square((data >> 6) & 63); }
    constexpr Kind kind() const { return Kind(data & (3 << 14)); }
    constexpr PieceType promotion() const { return PieceType(((data >> 12) & 3) + KNIGHT); }
    constexpr std::uint16_t raw() const { return data; }
    constexpr bool is_ok() const { return from() != to(); }

    constexpr bool operator==(const Move&) const = default;
    constexpr explicit operator bool() const { return data != 0; }

private:
    std::uint16_t data = 0;
};
static_assert(sizeof(Move) == 2, "a move is 16 bits");
static_assert(Move::make<Move::PROMOTION>(A7, A8, QUEEN).promotion() == QUEEN);
static_assert(Move::make<Move::CASTLING>(E1, H1).to() == H1);
static_assert(Move::make<Move::EN_PASSANT>(E5, D6).kind() == Move::EN_PASSANT);
static_assert(Move(H8, H8).from() == H8 && Move(H8, H8).to() == H8);

constexpr int MAX_MOVES = 256;  // more than the 218 of the richest known position
constexpr int MAX_PLY = 246;

}  // namespace vireo
