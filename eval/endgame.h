// Specialised endings: the positions the weighted evaluation cannot judge, scored by rule instead.
//
// - KXK: a bare king against mating material (a queen, a rook, bishop and knight, or bishops on
//   both colours; pawns and more pieces besides): a known win, more the nearer the bare king is to
//   the edge and the closer the kings; 0 when the bare king is stalemated.
// - KBNK: as KXK, but the bare king is driven to a corner of the bishop's colour, where the mate is.
// - KPK: the bitbase (eval/kpk.h) says win or draw.
// - A bare king against only knights (at most two) or bishops of one colour: a draw.
// The weighted evaluation (eval/evaluate.cpp) asks here first; the tuner leaves these positions out
// of its data, since their scores are not the weights' to fit.
#pragma once

#include <optional>

#include "movegen/board.h"

namespace vireo::endgame {

// A won ending's score is at least this (and below 2 x KNOWN_WIN, far below the mate scores).
inline constexpr int KNOWN_WIN = 10000;

struct Known {
    int score;         // from the side to move's point of view
    const char* name;  // "KXK", "KBNK", "KPK" or "KNK" (no mating material), for the trace
};

// The score of a specialised ending, or nothing when the position is not one. The fifty-move
// counter pulls the part of a known win above KNOWN_WIN towards it, not the known win itself (the
// whole score pulled towards 0 lets a long mate slip: KRK and KBNK were drawn that way).
std::optional<Known> known_ending(const Board& b);

// Stockfish 11's KBPsK rule: `strong` has a bishop, pawns all on one rook's file and nothing else,
// the bishop does not control the pawns' promotion square, and the other king stands on it or next
// to it: no win, however many pawns (the endgame part is scaled to 0).
bool wrong_bishop_rook_pawns(const Board& b, Color strong);

}  // namespace vireo::endgame
