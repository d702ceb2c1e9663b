// Texel tuning of the evaluation weights: fit the weights so that a sigmoid of the static evaluation
// predicts the results of real games.
//
//   1. read_pgn() replays games and keeps quiet positions (not in check, the move played from them
//      neither captures nor promotes) with the game's result; read_data() reads the same from the
//      chunk files of `vireo datagen`, with each position's search score besides;
//   2. Dataset extracts, once, how many times each weight of eval/weights.h counts in each position
//      (the evaluation is linear in them), so the evaluation under any weights is a dot product;
//   3. fit_k() finds the sigmoid scale for the current weights, optimise() lowers the mean squared
//      error of the predictions by gradient descent (Adam), and the result is printed for weights.h.
//
// Only the tool `vireo-tune` (eval/tuner/main.cpp) and the tests use this; the engine does not.
#pragma once

#include <cstddef>
#include <functional>
#include <istream>
#include <string>
#include <unordered_set>
#include <vector>

#include "eval/evaluate.h"
#include "movegen/position.h"

namespace vireo::tuner {

struct Sample {
    Board board;
    float result;                           // for white: 1 win, 0.5 draw, 0 loss
    int score = NO_SCORE;                   // search score for white in centipawns (data files of `vireo datagen`)
    static constexpr int NO_SCORE = 32767;  // none (positions from PGN)
};

struct PgnFilter {
    int minPly = 16;                   // skip the opening plies (the book's)
    bool skipWinningCaptures = false;  // skip positions where the side to move can win material at once
};

// True when the side to move has a capture that wins material at once: a piece taken that no enemy
// piece defends, or one worth more than its cheapest attacker. The static evaluation of such a
// position says little about its result.
bool has_winning_capture(const Board& b);

struct PgnStats {
    int games = 0;         // games with a decisive or drawn result that replayed completely
    int skippedGames = 0;  // no result, a bad FEN or a move that is not legal SAN
    int positions = 0;     // samples kept
    int duplicates = 0;    // quiet positions already taken from an earlier game
};

// Appends the quiet positions of every game in `in` to `out`. `seen` holds the keys already taken
// (across files): a position is kept once.
PgnStats read_pgn(std::istream& in, const PgnFilter& filter, std::vector<Sample>& out, std::unordered_set<Key>& seen);

struct DataStats {
    int chunks = 0;      // chunk files read
    int badChunks = 0;   // unreadable chunk files (a message names each)
    int badRecords = 0;  // malformed records
    int positions = 0;   // samples kept
    int duplicates = 0;  // positions already taken
    std::vector<std::string> errors;
};

// Appends the positions of the data files of `vireo datagen` (eval/datafile.h) to `out`, as
// read_pgn does for games: `path` is a folder of chunk files or one chunk file. The filter applies
// to each record's game ply (every record is already quiet).
DataStats read_data(const std::string& path, const PgnFilter& filter, std::vector<Sample>& out,
                    std::unordered_set<Key>& seen);

// The tuned weights, in for_each_weight order, as a flat vector: mg, eg of the first, then the next...
struct Parameter {
    std::string name;  // e.g. "mobility[2]"
    S* weight;
};
std::vector<Parameter> parameters(Weights& w);
std::vector<double> to_vector(const Weights& w);
Weights from_vector(const std::vector<double>& theta);  // rounded to whole centipawns

class Dataset {
public:
    // Extracts the coefficients of every sample; `base` is the weights they are measured around (any
    // weights give the same coefficients, as the evaluation is linear in them).
    Dataset(const std::vector<Sample>& samples, const Weights& base);

    std::size_t size() const { return results.size(); }
    int parameter_count() const { return params; }

    // The evaluation of sample i for white under theta (from to_vector()), in centipawns, unrounded.
    double evaluate(std::size_t i, const std::vector<double>& theta) const;
    // Mean squared error of sigmoid(K * eval) against the results, over samples [begin, end).
    double error(const std::vector<double>& theta, double k, std::size_t begin, std::size_t end) const;
    // The K that minimises error() for these weights over [begin, end).
    double fit_k(const std::vector<double>& theta, std::size_t begin, std::size_t end) const;
    // Adam (full batch) on [begin, end) for `epochs` passes with step size `rate` (centipawns).
    // `l2` > 0 adds l2 * (sum of squared distances, in pawns, from the starting weights) to the error,
    // which keeps weights the data says little about near where they were. `log` gets each epoch's
    // number and training error (without the penalty) before the step.
    // Numbers d with `fixed[d]` set (when `fixed` is not empty) keep their value.
    void optimise(std::vector<double>& theta, double k, std::size_t begin, std::size_t end, int epochs, double rate,
                  double l2 = 0, const std::function<void(int, double)>& log = {},
                  const std::vector<bool>& fixed = {}) const;

private:
    int params = 0;
    std::vector<float> coef;            // size() * params
    std::vector<float> restMg, restEg;  // the part of the evaluation no tuned weight touches
    std::vector<float> phase;           // middlegame share, 0..1
    std::vector<float> results;
};

}  // namespace vireo::tuner
