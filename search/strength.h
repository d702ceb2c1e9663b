// Limited strength (UCI_LimitStrength, UCI_Elo): how weak the engine plays at a given Elo, and how it
// chooses its move. The engine still searches, within a node budget that shrinks as the Elo drops;
// it searches several root lines and plays one of them, drawn at random with a spread that widens as
// the Elo drops: a move at most `spread` centipawns worse than the best one may be played, and the
// closer it is to the best, the likelier. The calibration constants are all in STRENGTH below; how a
// search applies a limit is in search/context.cpp (SearchContext::limit_strength, played_line).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace vireo {

// The calibration: the one place to adjust when a match against the reference (scripts/calibrate-elo)
// shows a level playing too strong or too weak. Lower nodesAtMin, raise eloPerDoubling or raise
// spreadAtMin, to play weaker; the Elo scale is Stockfish 15.1's own UCI_Elo at 10+0.1.
struct StrengthCalibration {
    int eloMin = 1350;                  // UCI_Elo's lowest value (Stockfish 15.1's lowest too)
    int eloMax = 2500;                  // UCI_Elo's highest value: full strength, no limit at all
    double nodesAtMin = 1000;           // node budget per move at eloMin ...
    double eloPerDoubling = 100;        // ... doubled every this many Elo points above it
    int spreadAtMin = 120;              // cp: the spread at eloMin, falling linearly to 0 at eloMax
    int candidates = 4;                 // root lines searched (internal MultiPV) to choose among
    int minThinkPercent = 25;           // with a clock, a move takes at least this share of the planned time ...
    std::int64_t minThinkCapMs = 1000;  // ... but never more than this for that reason
};
inline constexpr StrengthCalibration STRENGTH{};

// What one limited search does; `enabled` false (the default) is full strength.
struct StrengthLimit {
    bool enabled = false;
    std::uint64_t nodes = 0;  // node budget of the whole search (all threads)
    int candidates = 1;       // root lines searched, among which the move is chosen
    int spread = 0;           // cp
    std::uint64_t seed = 0;   // the random draw of this move (the Engine's generator gives one per search)
};

// The limit for a UCI_Elo value (clamped to the range); at eloMax there is none.
StrengthLimit strength_for_elo(int elo, const StrengthCalibration& cal = STRENGTH);

// Chooses among root lines whose scores are given best first: each line gets a random bonus drawn
// uniformly from 0..spread (SplitMix64 from `seed`, movegen/random.h, so that a seed gives the same
// choice on every platform), and the highest score plus bonus is played (the better line on a tie).
// A line more than `spread` below the best is never chosen; with spread 0 the best always is.
// Mate scores take part like others: a mate found is never given away for a few centipawns.
std::size_t choose_line(const std::vector<int>& scores, int spread, std::uint64_t seed);

}  // namespace vireo
