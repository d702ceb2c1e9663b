// What a `go` command asks for.
#pragma once

#include <cstdint>
#include <vector>

#include "movegen/types.h"

namespace vireo {

// The deepest iteration a search runs (below MAX_PLY: room for the plies searched past the depth).
inline constexpr int MAX_SEARCH_DEPTH = MAX_PLY - 4;

struct SearchLimits {
    std::int64_t time[COLOR_NB] = {-1, -1};  // ms left on each clock; -1: not given
    std::int64_t inc[COLOR_NB] = {0, 0};     // ms increment per move
    int movesToGo = 0;                       // moves to the next time control; 0: sudden death
    int depth = 0;                           // 0: no limit (MAX_SEARCH_DEPTH)
    std::uint64_t nodes = 0;                 // 0: no limit
    int mate = 0;                            // search for a mate in this many moves; 0: no
    std::int64_t moveTime = 0;               // ms; 0: no limit
    bool infinite = false;
    bool ponder = false;
    std::vector<Move> searchMoves;  // empty: all legal moves

    bool use_clock(Color us) const { return time[us] >= 0; }
};

}  // namespace vireo
