#include "eval/endgame.h"

#include <algorithm>
#include <cstdlib>

#include "eval/kpk.h"
#include "eval/piece_values.h"
#include "eval/weights.h"
#include "movegen/movegen.h"

namespace vireo::endgame {

namespace {

constexpr Bitboard ROOK_FILES = FILE_A | FILE_H;

// 27 (centre) ... 90 (corner): how near the edge a square is.
int push_to_edge(Square s) {
    const int fd = std::min(file_of(s), 7 - file_of(s)), rd = std::min(rank_of(s), 7 - rank_of(s));
    return 90 - (7 * fd * fd + 7 * rd * rd) / 2;
}

// 100 (the kings in opposition) ... -20 (opposite corners).
int push_close(Square a, Square b) { return 140 - 20 * distance(a, b); }

// How near a dark corner (a1, h8) a square is, and how near the edge: 800 in the centre, 900 in a
// light corner, rising by 200 a step along the edge to 2,300 in a dark corner. The bare king is
// driven first to the edge, then along it to the corner where bishop and knight can mate.
int push_to_dark_corner(Square s) {
    const int toCorner = std::min(distance(s, A1), distance(s, H8));
    const int fromEdge = std::min({file_of(s), 7 - file_of(s), rank_of(s), 7 - rank_of(s)});
    return 200 * (7 - toCorner) + 300 * (3 - fromEdge);
}

bool stalemated(const Board& b) {
    if (b.checkers()) return false;
    Placement p = b;
    p.castling = NO_CASTLING;
    return !has_legal_move(p, CastlingRules{});
}

// The known win's part above KNOWN_WIN shrinks as the fifty-move counter runs (the weighted
// evaluation's RULE50_SPAN), the known win itself does not.
int pull_by_rule50(const Board& b, int strongScore) {
    if (strongScore <= KNOWN_WIN) return strongScore;
    const int fifty = weights::RULE50_SPAN - std::min<int>(b.rule50, weights::RULE50_SPAN);
    return KNOWN_WIN + (strongScore - KNOWN_WIN) * fifty / weights::RULE50_SPAN;
}

}  // namespace

std::optional<Known> known_ending(const Board& b) {
    const Bitboard kings = b.pieces(KING);
    Color weak;
    if (b.pieces(WHITE) == (kings & b.pieces(WHITE))) weak = WHITE;
    else if (b.pieces(BLACK) == (kings & b.pieces(BLACK))) weak = BLACK;
    else return std::nullopt;
    const Color strong = ~weak;
    const Bitboard own = b.pieces(strong) & ~kings;
    if (!own) return std::nullopt;  // two bare kings: the weighted evaluation's 0 will do
    const Square strongKing = b.king(strong), weakKing = b.king(weak);
    const auto for_side_to_move = [&](int strongScore, const char* name) {
        return Known{b.side == strong ? strongScore : -strongScore, name};
    };

    const Bitboard pawns = b.pieces(strong, PAWN), knights = b.pieces(strong, KNIGHT);
    const Bitboard bishops = b.pieces(strong, BISHOP);
    const Bitboard rooksQueens = b.pieces(strong, ROOK) | b.pieces(strong, QUEEN);

    // KPK.
    if (own == pawns && !more_than_one(pawns)) {
        const Square pawn = lsb(pawns);
        const bool win = kpk::wins(relative_square(strong, strongKing), relative_square(strong, pawn),
                                   relative_square(strong, weakKing), b.side == strong);
        return for_side_to_move(win ? KNOWN_WIN + PIECE_VALUE[PAWN] + 10 * relative_rank(strong, rank_of(pawn)) : 0,
                                "KPK");
    }

    // No mating material and no pawns: at most two knights, or bishops all on one colour.
    if (!pawns && !rooksQueens &&
        ((!bishops && popcount(knights) <= 2) ||
         (!knights && (!(bishops & DARK_SQUARES) || !(bishops & ~DARK_SQUARES)))))
        return for_side_to_move(0, "KNK");

    if (b.side == weak && stalemated(b)) return for_side_to_move(0, own == (bishops | knights) ? "KBNK" : "KXK");

    // KBNK: the mate is in a corner of the bishop's colour.
    if (own == (bishops | knights) && popcount(bishops) == 1 && popcount(knights) == 1) {
        const Square corner = (bishops & DARK_SQUARES) ? weakKing : Square(weakKing ^ 7);  // light: mirror the files
        const int score = KNOWN_WIN + PIECE_VALUE[BISHOP] + PIECE_VALUE[KNIGHT] + push_to_dark_corner(corner) +
                          push_close(strongKing, weakKing);
        return for_side_to_move(pull_by_rule50(b, score), "KBNK");
    }

    // KXK: material, the bare king to the edge, the kings together.
    const int material = non_pawn_material(b, strong);
    if (material < PIECE_VALUE[ROOK]) return std::nullopt;  // a minor and pawns: the weighted evaluation
    const bool mating = rooksQueens || (bishops && knights) || ((bishops & DARK_SQUARES) && (bishops & ~DARK_SQUARES));
    int score =
        material + PIECE_VALUE[PAWN] * popcount(pawns) + push_to_edge(weakKing) + push_close(strongKing, weakKing);
    if (mating) return for_side_to_move(pull_by_rule50(b, KNOWN_WIN + score), "KXK");
    const int fifty = weights::RULE50_SPAN - std::min<int>(b.rule50, weights::RULE50_SPAN);
    return for_side_to_move(score * fifty / weights::RULE50_SPAN, "KXK");
}

bool wrong_bishop_rook_pawns(const Board& b, Color strong) {
    const Bitboard pawns = b.pieces(strong, PAWN), bishops = b.pieces(strong, BISHOP);
    if (!pawns || popcount(bishops) != 1 || (b.pieces(strong) & ~b.pieces(KING)) != (pawns | bishops)) return false;
    const int file = file_of(lsb(pawns));
    if ((pawns & ~ROOK_FILES) || file_of(msb(pawns)) != file) return false;  // all on the a-file or the h-file
    const Square promotion = relative_square(strong, make_square(file, 7));
    const bool bishopDark = bishops & DARK_SQUARES, promotionDark = bb(promotion) & DARK_SQUARES;
    return bishopDark != promotionDark && distance(b.king(~strong), promotion) <= 1;
}

}  // namespace vireo::endgame
