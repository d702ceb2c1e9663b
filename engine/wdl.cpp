#include "wdl.h"

#include <cmath>

#include "movegen/bitboard.h"
#include "search/search.h"

namespace vireo {

int wdl_material(const Board& b) {
    return popcount(b.pieces(PAWN)) + 3 * popcount(b.pieces(KNIGHT)) + 3 * popcount(b.pieces(BISHOP)) +
           5 * popcount(b.pieces(ROOK)) + 9 * popcount(b.pieces(QUEEN));
}

WinDrawLoss win_draw_loss(int score, int material) {
    if (is_mate_score(score)) return score > 0 ? WinDrawLoss{1000, 0, 0} : WinDrawLoss{0, 0, 1000};
    const double a = wdl_even_cp(material), b = wdl_scale_cp(material);
    auto per_mille = [&](double s) { return int(std::lround(1000.0 / (1.0 + std::exp((a - s) / b)))); };
    // a > 0 keeps win + loss below 1000 before rounding, and rounding each cannot pass 1000 either.
    const int w = per_mille(score), l = per_mille(-score);
    return {w, 1000 - w - l, l};
}

}  // namespace vireo
