// The UCI_ShowWDL model: win, draw and loss per mille from the engine's score and the material on the
// board, fitted to Vireo's own games so that `wdl` can be read as probabilities (docs/wdl.md).
//
// Stockfish's model (its win_rate_model): from the side to move's view, for a score s in centipawns,
//     win = 1 / (1 + exp((a - s) / b)),   loss = 1 / (1 + exp((a + s) / b)),   draw = the rest,
// a the score at which a win is as likely as not, b the spread (the odds of a win grow e-fold every b
// centipawns). a and b depend on the material m of the root position (pawns 1, knights and bishops 3,
// rooks 5, queens 9, both sides: 78 at the start): each is a line in x = clamp(m, 17, 78) / 58
// (Stockfish's normalisation; Stockfish fits cubics). With less material a position needs a larger
// score to be won as often (a grows), as the games show.
#pragma once

#include "movegen/board.h"

namespace vireo {

// Fitted 2026-12-05 by scripts/fit-wdl --material on issue 80's soak: 1,000 games of main f6ee6f2
// against itself (1+0.01, Threads 2, Hash 64, 8moves_v3 openings; the 978 that ended on the board),
// 50,470 positions of the odd rounds fitted, 49,001 of the even rounds held out. docs/wdl.md has the
// data, the held-out calibration and the command lines that remake it. a(x) = WDL_EVEN_CP[0] +
// WDL_EVEN_CP[1] x, b(x) likewise.
inline constexpr double WDL_EVEN_CP[2] = {251.0, -144.2};  // a: a win as likely as not
inline constexpr double WDL_SCALE_CP[2] = {86.1, 51.2};    // b: the odds of a win grow e-fold every b cp
inline constexpr int WDL_MATERIAL_MIN = 17, WDL_MATERIAL_MAX = 78;
inline constexpr double WDL_MATERIAL_NORM = 58.0;

// The material count the model reads (78 at the start).
int wdl_material(const Board& b);

// a and b of the model for the material m.
constexpr double wdl_x(int m) {
    return (m < WDL_MATERIAL_MIN ? WDL_MATERIAL_MIN : m > WDL_MATERIAL_MAX ? WDL_MATERIAL_MAX : m) / WDL_MATERIAL_NORM;
}
constexpr double wdl_even_cp(int m) { return WDL_EVEN_CP[0] + WDL_EVEN_CP[1] * wdl_x(m); }
constexpr double wdl_scale_cp(int m) { return WDL_SCALE_CP[0] + WDL_SCALE_CP[1] * wdl_x(m); }
// A draw keeps a share at every score (a > 0) and the curves rise (b > 0) over the whole range.
static_assert(wdl_even_cp(WDL_MATERIAL_MIN) > 0 && wdl_even_cp(WDL_MATERIAL_MAX) > 0);
static_assert(wdl_scale_cp(WDL_MATERIAL_MIN) > 0 && wdl_scale_cp(WDL_MATERIAL_MAX) > 0);

// Per mille, from the side to move's view; the three sum to 1000.
struct WinDrawLoss {
    int win = 0, draw = 1000, loss = 0;
};

// The model for the engine's score (a mate score: a certain win or loss) with material m on the board.
WinDrawLoss win_draw_loss(int score, int material);

}  // namespace vireo
