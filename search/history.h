// Move-ordering statistics kept by each search thread: butterfly history, killers and counter-moves.
#pragma once

#include <array>
#include <cstdlib>
#include <cstring>

#include "movegen/types.h"

namespace vireo {

constexpr int HISTORY_MAX = 16384;

struct Histories {
    // [side][from][to]: how often a quiet move caused a cutoff, with decay (gravity).
    std::array<std::array<std::array<std::int16_t, 64>, 64>, 2> butterfly{};
    // [piece][to] of the previous move: the quiet move that refuted it last time.
    std::array<std::array<Move, 64>, PIECE_NB> counter{};

    void clear() { *this = Histories{}; }

    static void update(std::int16_t& entry, int bonus) {
        // Gravity keeps entries within +-HISTORY_MAX: big values move less.
        entry = std::int16_t(entry + bonus - entry * std::abs(bonus) / HISTORY_MAX);
    }
    static int bonus(int depth) { return std::min(16 * depth * depth + 32 * depth, 1600); }
};

}  // namespace vireo
