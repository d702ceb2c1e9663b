// Texel tuning of the evaluation weights: fit the weights so that a sigmoid of the static evaluation
// predicts the results of real games.
//
//   1. read_pgn() replays games and keeps quiet positions (not in check, the move played from them
//      neither captures nor promotes) with the game's result; read_data() reads the same from the
//      chunk files of `vireo datagen`, with each position's search score besides;
//   2. Dataset extracts, once, how many times each weight of eval/weights.h counts in each position
//      (eval's coefficient trace), so the evaluation under any weights is a sparse dot product, plus
//      the king-danger curve of a second dot product for each side and the complexity adjustment of
//      a third;
//   3. fit_k() finds the sigmoid scale for the current weights, optimise() lowers the mean squared
//      error of the predictions by gradient descent (Adam), and the result is printed for weights.h.
//
// Only the tool `vireo-tune` (eval/tuner/main.cpp) and the tests use this; the engine does not.
#pragma once

#include <cstddef>
#include <cstdint>
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

// Which positions are kept. Those of a specialised ending (eval/endgame.h: scored by rule, not by
// the weights) are always left out.
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
    int endings = 0;     // specialised endings left out (eval/endgame.h: scored by rule)
    std::vector<std::string> errors;
};

// Appends the positions of the data files of `vireo datagen` (eval/datafile.h) to `out`, as
// read_pgn does for games: `path` is a folder of chunk files or one chunk file. The filter applies
// to each record's game ply (every record is already quiet).
DataStats read_data(const std::string& path, const PgnFilter& filter, std::vector<Sample>& out,
                    std::unordered_set<Key>& seen);

// The tuned weights as a flat vector, pair by pair in declaration order (eval/weights.h):
// mg, eg of the first, then the next...
struct Parameter {
    std::string name;  // e.g. "knightMobility[3]", "psqt[1][28]"
    S* weight;
};
std::vector<Parameter> parameters(Weights& w);
std::vector<double> to_vector(const Weights& w);
Weights from_vector(const std::vector<double>& theta);  // rounded to whole centipawns

// The block between the BEGIN WEIGHTS and END WEIGHTS lines of eval/weights.h for these weights,
// and that file rewritten with it (false and a message when the file cannot be read or written).
std::string weights_block(const Weights& w);
bool write_weights(const std::string& path, const Weights& w, std::string& error);

// A table indexed by a count or a rank, whose neighbouring entries chess says are alike: parameters
// [first, first + count) of parameters(). `monotone`: one more never worth less (mobility).
struct ShapedTable {
    std::string name;
    std::size_t first;
    int count;
    bool monotone;
};
// The tables the tuner shapes: the four mobility tables (monotone); the pawn tables by relative rank
// (connectedPawn, passedPawn, candidatePasser, passedCanAdvance, passedSafeAdvance and the phalanx,
// path, span and stop tables), ranks 2 to 7
// only (a pawn never stands on the first or last rank, so those entries stay unused).
std::vector<ShapedTable> shaped_tables();

// How the tuner keeps the shaped tables in shape (Dataset::optimise).
struct Shape {
    std::vector<ShapedTable> tables;  // shaped_tables() unless chosen otherwise
    double smooth = 0;                // adds smooth * (sum of squared differences of neighbours, in pawns)
    bool monotone = false;            // after each step, each monotone table's mg and eg made non-decreasing
};

// The smoothness penalty of theta: lambda * sum over neighbouring entries of each table of the
// squared difference in pawns, mg and eg apart; adds its gradient to `grad` when given.
double smoothness(const std::vector<double>& theta, const std::vector<ShapedTable>& tables, double lambda,
                  std::vector<double>* grad = nullptr);

// Pool adjacent violators: replaces x by the non-decreasing sequence nearest to it (least squares).
void make_nondecreasing(std::vector<double>& x);

// Makes the mg and the eg numbers of each monotone table of theta non-decreasing (make_nondecreasing);
// a table with a number in `fixed` is left as it is.
void project_monotone(std::vector<double>& theta, const std::vector<ShapedTable>& tables,
                      const std::vector<bool>& fixed = {});

class Dataset {
public:
    // Extracts the coefficients of every sample under `base` (on `threads` threads). The linear
    // weights count the same under any weights; the king-danger weights go through their curve
    // (eval/weights.h); the endgame scale and the phase are kept as `base` found them.
    Dataset(const std::vector<Sample>& samples, const Weights& base, int threads = 1);

    std::size_t size() const { return info.size(); }
    int parameter_count() const { return WEIGHT_COUNT; }

    // The evaluation of sample i for white under theta (from to_vector()), in centipawns, unrounded.
    double evaluate(std::size_t i, const std::vector<double>& theta) const;
    // Its gradient: adds scale * d(evaluate)/d(theta) to grad.
    void add_gradient(std::size_t i, const std::vector<double>& theta, double scale, std::vector<double>& grad) const;
    // What the tuner fits sample i to: the game's result by default; with set_targets(), a blend.
    double target(std::size_t i) const { return info[i].target; }
    // Targets blended from the result and the sigmoid (scale k) of the search score: lambda * score
    // + (1 - lambda) * result (samples without a score keep their result).
    void set_targets(const std::vector<Sample>& samples, double lambda, double k);
    // Mean squared error of sigmoid(K * eval) against the targets, over samples [begin, end).
    double error(const std::vector<double>& theta, double k, std::size_t begin, std::size_t end) const;
    // Its gradient: sets grad to d(error)/d(theta) over [begin, end) and returns the error.
    double gradient(const std::vector<double>& theta, double k, std::size_t begin, std::size_t end,
                    std::vector<double>& grad) const;
    // The K that minimises error() for these weights over [begin, end).
    double fit_k(const std::vector<double>& theta, std::size_t begin, std::size_t end) const;
    // Adam (full batch) on [begin, end) for `epochs` passes with step size `rate` (centipawns).
    // `l2` > 0 adds l2 * (sum of squared distances, in pawns, from the starting weights) to the error,
    // which keeps weights the data says little about near where they were. `log` gets each epoch's
    // number and training error (without the penalty) before the step.
    // Numbers d with `fixed[d]` set (when `fixed` is not empty) keep their value. `shape` adds the
    // smoothness penalty and the monotone projection (Shape).
    void optimise(std::vector<double>& theta, double k, std::size_t begin, std::size_t end, int epochs, double rate,
                  double l2 = 0, const std::function<void(int, double)>& log = {}, const std::vector<bool>& fixed = {},
                  const Shape& shape = {}) const;
    // For each weight (by its index in parameters()), in how many samples of [begin, end) its
    // coefficient is not zero: the weights the data barely touches are the ones a fit overfits.
    std::vector<std::size_t> sample_counts(std::size_t begin, std::size_t end) const;

private:
    struct Entry {
        std::uint16_t index;
        std::int16_t count;
    };
    struct Info {
        std::uint32_t begin;             // first entry in `entries`
        std::uint16_t linear;            // linear entries: white's count minus black's
        std::uint16_t danger[COLOR_NB];  // then the king-danger counts of white, then of black
        std::uint16_t complexity;        // then the complexity counts (of the position, not a side)
        float phase;                     // middlegame share, 0..1
        float scale[COLOR_NB];           // endgame scale, 0..1, when white, black is ahead in the endgame
        float rule50;                    // fifty-move factor, 0..1
        float target;
    };
    // Sample i's middlegame and endgame sums (the danger curves and the complexity included), each
    // side's danger, the complexity sum c and whether it applies (c > -|endgame before it|).
    struct Sums {
        double mg = 0, eg = 0;
        double dangerMg[COLOR_NB] = {0, 0}, dangerEg[COLOR_NB] = {0, 0};
        double complexity = 0;
        double egSign = 0;         // the sign of the endgame sum before the complexity
        bool complexityOn = true;  // false: the complexity took the endgame sum to zero
    };
    Sums sums(std::size_t i, const std::vector<double>& theta) const;

    std::vector<Entry> entries;
    std::vector<Info> info;
    int threads = 1;

    // f(begin, end, thread) over [begin, end) split across the threads.
    template <class F>
    void parallel(std::size_t begin, std::size_t end, F&& f) const;
};

}  // namespace vireo::tuner
